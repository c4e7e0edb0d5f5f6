"""The daily deal's HTTP handlers and their entries in the API's table (``api.API`` takes ``DAILY_API``).

A game of a day's deal is made by ``POST /api/games`` with ``{"daily": "YYYY-MM-DD", "suits": N}``
(``routes.new_game`` hands it to :class:`~spider.server.daily.service.Daily`); these read the day's deals with the
player's state, a day's board and the streaks' board, each counted against the reads one client address may make a
minute (:class:`BoardReads`): the boards are shared between requests (``daily.rankings``), and a flood from one
address is refused before it reaches them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Literal, TypeVar

from anyio import CapacityLimiter, to_thread
from starlette import status
from starlette.requests import Request
from starlette.responses import Response
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.cards import SUIT_COUNTS
from spider.server.daily.service import Daily
from spider.server.http.bodies import flag
from spider.server.http.errors import RequestError
from spider.server.http.identity import client_address
from spider.server.http.limits import SharedCounts, TokenBuckets
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.refusals import Invalid
from spider.text import Phrase

MAX_PAGE = 10_000
"""The last page a board may be asked for (a million places)."""


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
    first_day: str  # the site's first day of daily deals: the days from it to today may be played
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
    game: str | None  # the finished game, for the replay viewer (/?replay=ID); None on today's board (a secret deal)
    friend: bool
    you: bool


class DailyBoard(TypedDict):
    board: Literal["daily"]
    day: str
    suits: int
    period: None
    friends: bool
    page: int  # which 100 places: 1 for the first
    pages: int  # how many pages the finished entries fill (1 for none)
    finished: int  # entries over, in all
    playing: bool  # the player's own entry is still being played
    checking: str | None  # "Your result is being checked": the player's entry is held off the board meanwhile
    entries: list[DailyEntry]  # the page's 100 places
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
    page: int  # which 100 places: 1 for the first
    entries: list[StreakEntry]  # the page's 100 places; fewer on the last
    you: StreakEntry | None
    ranked: bool
    unranked: str | None


@dataclass(frozen=True)
class BoardReads:
    """How many daily deals' answers and boards one client address may read a minute."""

    per_address: TokenBuckets

    @classmethod
    def made(cls, shared: SharedCounts | None, *, per_address_per_minute: int) -> BoardReads:
        return cls(TokenBuckets(per_address_per_minute, message_id="server.too_many_reads_here", name="boards-here",
                                shared=shared))


READ_THREADS = 2
"""Worker threads the daily deal's reads (the day's answer, its board, the streaks) take at most at once: a flood of
reads from many addresses, each within its own limit, queues for them rather than spreading over every thread and
taking the interpreter's lock from the event loop and the players' actions (bench/NOTES.md, "Capacity, again")."""
T = TypeVar("T")


async def _read(daily: Daily, work: Callable[[], T]) -> T:
    """``work()``, a read of the daily deals, in a worker thread: at most ``READ_THREADS`` of them at once."""
    if daily.readers is None:  # made in the event loop, at the first read
        daily.readers = CapacityLimiter(READ_THREADS)
    return await to_thread.run_sync(work, limiter=daily.readers)


def _daily(request: Request) -> Daily:
    """The daily deals, once the read is counted against the address's reads a minute: 429 past them."""
    part(request, BoardReads).per_address.take(client_address(request.scope))
    daily = part(request, Daily)
    return daily


def _suits(text: str | None, name: str) -> int:
    if text is not None and text.isascii() and text.isdigit() and int(text) in SUIT_COUNTS:
        return int(text)
    expected = Phrase("expected.one_of", {"choices": "1, 2", "last": "4"})
    raise RequestError(status.HTTP_422_UNPROCESSABLE_CONTENT, "server.bad_field", field=name, expected=expected)


def _page(request: Request) -> int:
    text = request.query_params.get("page", "1")
    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_PAGE:
        return int(text)
    raise Invalid("server.bad_query", name="page", expected=Phrase("expected.history_limit", {"limit": MAX_PAGE}))


async def daily_deals(request: Request) -> Response:
    daily, player = _daily(request), player_of(request)
    return answer(await _read(daily, lambda: daily.today(player)))


async def daily_board(request: Request) -> Response:
    suits = _suits(request.path_params["suits"], "suits")
    day = request.path_params["date"]
    friends, page = bool(flag(request, "friends")), _page(request)
    daily, player = _daily(request), player_of(request)
    return answer(await _read(daily, lambda: daily.board(player, day, suits, friends=friends, page=page)))


async def streaks_board(request: Request) -> Response:
    suits = _suits(request.query_params.get("suits", "1"), "suits")
    friends, page = bool(flag(request, "friends")), _page(request)
    daily, player = _daily(request), player_of(request)
    return answer(await _read(daily, lambda: daily.streaks_board(player, suits, friends=friends, page=page)))


UNPROCESSABLE, TOO_MANY = HTTPStatus.UNPROCESSABLE_ENTITY, HTTPStatus.TOO_MANY_REQUESTS
SUITS = ("suits", "The suit count: 1 (the default), 2 or 4", {"enum": ["1", "2", "4"]})
FRIENDS = ("friends", "true (or 1): only the player's friends and the player", {"enum": ["true", "false", "1", "0"]})
PAGE = ("page", f"Which 100 places: 1 (the default) for the first, up to {MAX_PAGE}",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE})
DAILY_API = (
    Endpoint("GET", "/api/daily", daily_deals, "Today's daily deals, one per suit count, with the player's state, "
             "their daily streaks and their earlier days", DailyToday, refusals=(TOO_MANY,),
             about="The deals themselves are dealt by POST /api/games with {\"daily\": \"YYYY-MM-DD\", \"suits\": N}: "
             "today's first game of a deal is the player's entry on its board (a restart or a second game is not), an "
             "earlier day's is played unranked. No deal's code is ever in this answer."),
    Endpoint("GET", "/api/daily/{date}/{suits}", daily_board, "A day's board at a suit count: won before lost, then "
             "score, then time; a page of 100 places (?page=N) and the player's place", DailyBoard,
             query=(FRIENDS, PAGE), refusals=(UNPROCESSABLE, TOO_MANY),
             about="422 naming the field for a malformed date, a day before the site's first day of daily deals or "
             "still to come (naming the range), a wrong suit count or page. No game "
             "on today's board is named (for the replay viewer), the player's own included, until the day is over: "
             "the day's deal, its line, analysis and records are secret to everyone until then. "
             "Only accounts in good standing are on it (a day old, with 10 finished games of new or daily deals, 15 "
             "minutes in all): ranked false and the sentence unranked tell a player who is not why."),
    Endpoint("GET", "/api/leaderboards/streaks", streaks_board, "Players by their days in a row won at the daily "
             "deal of a suit count, then days played; a page of 100 places (?page=N) and the player's place",
             StreaksBoard,
             refusals=(UNPROCESSABLE, TOO_MANY), query=(SUITS, FRIENDS, PAGE),
             about="Only accounts in good standing, as on a day's board. These three reads count against the reads "
             "one client address may make a minute (SPIDER_BOARD_READS_PER_ADDRESS_PER_MINUTE): 429 past them."),
)
