"""The daily deal's HTTP handlers and their entries in the API's table (``api.API`` takes ``DAILY_API``).

A game of a day's deal is made by ``POST /api/games`` with ``{"daily": "YYYY-MM-DD", "suits": N}``
(``routes.new_game`` hands it to :class:`~spider.server.daily.service.Daily`); these read the day's deals with the
player's state, a day's board and the streaks' board.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Literal

from starlette import status
from starlette.requests import Request
from starlette.responses import Response
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.cards import SUIT_COUNTS
from spider.server.daily.service import Daily
from spider.server.http.bodies import flag
from spider.server.http.errors import RequestError
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.text import Phrase


class DailyDeal(TypedDict):
    suits: int
    state: Literal["new", "playing", "won", "lost"]
    game: str | None  # the player's game on today's board
    place: int | None  # the player's place on today's board, once their game is over
    finished: int  # games on today's board that are over


class Streaks(TypedDict):
    played: int  # days in a row with the day's deal played, up to today (or yesterday)
    won: int  # days in a row with the day's deal won
    best_played: int
    best_won: int


class PastDay(TypedDict):
    day: str
    suits: int
    state: Literal["playing", "won", "lost"]


class DailyToday(TypedDict):
    day: str  # today, UTC
    next_in: int  # seconds until tomorrow's deals
    deals: list[DailyDeal]
    streaks: dict[str, Streaks]  # by suit count
    past: list[PastDay]  # the player's entries on earlier days, the latest first


class DailyEntry(TypedDict):
    place: int
    name: str | None  # the player's duel name; None for a player without one
    value: int  # the score
    won: bool
    score: int
    moves: int
    seconds: int
    helped: bool  # a hint, the winning line or an analysis was used in the game
    game: str | None  # the finished game, for the replay viewer (/?replay=ID); None while the day's deal hides it
    friend: bool
    you: bool


class DailyBoard(TypedDict):
    board: Literal["daily"]
    day: str
    suits: int
    period: None
    friends: bool
    finished: int  # entries over, in all
    playing: bool  # the player's own entry is still being played
    entries: list[DailyEntry]  # the first 100
    you: DailyEntry | None
    ranked: bool  # the player is in good standing (results.standing): their entry may be on the board
    unranked: str | None  # why the player's entry is on no board, and how it will be, in a sentence


class StreakEntry(TypedDict):
    place: int
    name: str | None
    value: int  # days in a row won
    played: int  # days in a row played
    best: int  # the most days in a row won
    friend: bool
    you: bool


class StreaksBoard(TypedDict):
    board: Literal["streaks"]
    suits: int
    period: None
    friends: bool
    entries: list[StreakEntry]
    you: StreakEntry | None
    ranked: bool
    unranked: str | None


def _daily(request: Request) -> Daily:
    daily = part(request, Daily)
    return daily


def _suits(text: str | None, name: str) -> int:
    if text is not None and text.isascii() and text.isdigit() and int(text) in SUIT_COUNTS:
        return int(text)
    expected = Phrase("expected.one_of", {"choices": "1, 2", "last": "4"})
    raise RequestError(status.HTTP_422_UNPROCESSABLE_CONTENT, "server.bad_field", field=name, expected=expected)


async def daily_deals(request: Request) -> Response:
    return answer(_daily(request).today(player_of(request)))


async def daily_board(request: Request) -> Response:
    suits = _suits(request.path_params["suits"], "suits")
    day = request.path_params["date"]
    found = _daily(request).board(player_of(request), day, suits, friends=bool(flag(request, "friends")))
    return answer(found)


async def streaks_board(request: Request) -> Response:
    suits = _suits(request.query_params.get("suits", "1"), "suits")
    return answer(_daily(request).streaks_board(player_of(request), suits, friends=bool(flag(request, "friends"))))


UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
SUITS = ("suits", "The suit count: 1 (the default), 2 or 4", {"enum": ["1", "2", "4"]})
FRIENDS = ("friends", "true (or 1): only the player's friends and the player", {"enum": ["true", "false", "1", "0"]})
DAILY_API = (
    Endpoint("GET", "/api/daily", daily_deals, "Today's daily deals, one per suit count, with the player's state, "
             "their daily streaks and their earlier days", DailyToday,
             about="The deals themselves are dealt by POST /api/games with {\"daily\": \"YYYY-MM-DD\", \"suits\": N}: "
             "today's first game of a deal is the player's entry on its board (a restart or a second game is not), an "
             "earlier day's is played unranked. No deal's code is ever in this answer."),
    Endpoint("GET", "/api/daily/{date}/{suits}", daily_board, "A day's board at a suit count: won before lost, then "
             "score, then time; the top 100 and the player's place", DailyBoard,
             query=(FRIENDS,), refusals=(UNPROCESSABLE,),
             about="422 naming the field for a malformed date, a day still to come or a wrong suit count. A game "
             "on today's board is named (for the replay viewer) only once the player's own game of the day is over. "
             "Only accounts in good standing are on it (a day old, with 10 finished games of new or daily deals, 15 "
             "minutes in all): ranked false and the sentence unranked tell a player who is not why."),
    Endpoint("GET", "/api/leaderboards/streaks", streaks_board, "Players by their days in a row won at the daily "
             "deal of a suit count, then days played; the top 100 and the player's place", StreaksBoard,
             refusals=(UNPROCESSABLE,), query=(SUITS, FRIENDS),
             about="Only accounts in good standing, as on a day's board."),
)
