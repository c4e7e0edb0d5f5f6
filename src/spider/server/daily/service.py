"""The daily deal: each UTC day, one verified deal per suit count, the same for everyone, that nobody can know
before its day.

**Drawn from a secret.** A day's candidates are shuffle numbers made by HMAC-SHA-256 of the day, the suit count
and a counter under the server's secret (``SPIDER_DAILY_SECRET``, else one made at random once and kept in the
database); the first candidate the solver wins is the day's deal. Without the secret nobody can tell which
deals tomorrow brings; the secret is in no answer. The choice is kept in the database (the first process to
choose wins), so every process deals the same.

**Played as a verified deal under the classic rules**, whatever the player's preset, so every score on a day's
board is counted the same way; the preset brings its helps (hints, "no more moves"). **Secret all day:** while
the day lasts, its deal's code, winning line and analysis, and every entry's record and replay, are shown to
nobody, whose game is over included (``Store.hold``, written as a game of today's deal begins): a second
identity that resigns at once learns nothing it could play the entry with. When the day is over the deal is
public, and may be played again off the board. A game of a daily deal counts in no ordinary results (the deal is
everyone's, and public from the next day): it counts on the day's board and in the daily streaks instead.

**The board.** A player's first game of a day's deal on that day is their entry (a restart, a second deal of it,
a past day's deal: unranked). The boards (a day's, and the streaks') hold the entries of accounts in good standing
(``results.standing``) only: a guest's entry is kept, and shows once they are; meanwhile the answer tells them
why. Finished entries rank won before lost, then score, then time. A game on today's board is named (so it can
be replayed) to nobody until the day is over: a replay shows the deal.

**Streaks**, per suit count: days in a row with an entry (played) and with a won entry (won), counted back from
today, or from yesterday while today's deal is still to play.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from typing import Any

from anyio import CapacityLimiter
from sqlalchemy import Connection

from spider import Game
from spider.cards import SUIT_COUNTS
from spider.server.daily.choosing import RULES, first_won
from spider.server.daily.days import day_over
from spider.server.daily.rankings import Rankings
from spider.server.daily.runs import current, runs
from spider.server.daily.store import DailyStore, Entry
from spider.server.games.kinds import DAILY_DEALS, Kind
from spider.server.games.records import GameRecord
from spider.server.games.service import Games, LiveGame
from spider.server.people.service import friend_ids, made_up
from spider.server.refusals import Invalid, TooMany
from spider.server.work.jobs import Call, Refused, client_of
from spider.text import Phrase, message
from spider.view import whole_seconds

BOARD_SIZE = 100
PRESETS = ("classic", "casual", "patience", "tabletop")  # a preset brings its helps; not the duel's
DAY_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}")


def today(at: float) -> dt.date:
    """The UTC day of a time (seconds since the epoch)."""
    return dt.datetime.fromtimestamp(at, dt.UTC).date()


def parse_day(text: Any, at: float, field: str, first: dt.date) -> dt.date:
    """A day named in a request (YYYY-MM-DD), from the site's ``first`` day of daily deals to today: 422 naming
    ``field`` for anything else (a day out of that range with the range)."""
    day = None
    if isinstance(text, str) and DAY_SHAPE.fullmatch(text):
        try:
            day = dt.date.fromisoformat(text)
        except ValueError:
            day = None
    if day is None:
        raise Invalid("server.bad_field", field=field, expected=Phrase("expected.daily_day"))
    now = today(at)
    if not first <= day <= now:
        refusal = "server.daily_future" if day > now else "server.daily_before_first"
        raise Invalid(refusal, field=field, day=text, first=first.isoformat(), today=now.isoformat())
    return day




def streaks(days: dict[str, str | None], now: dt.date) -> dict[str, int]:
    """Days in a row played and won (current and best), from a player's entries by day (their results)."""
    if not days:
        return {"played": 0, "won": 0, "best_played": 0, "best_won": 0}
    return current(runs(days), now)


class Daily:
    """The daily deals, their games, boards and streaks, for the routes."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = DailyStore(games.store.engine)
        games.events.on_restart(self._restarted)
        games.events.on_hint(self._helped)
        games.events.on_end(self._ended)
        self.rankings = Rankings(self.store)
        self._choosing: dict[tuple[str, int], asyncio.Lock] = {}
        self.readers: CapacityLimiter | None = None
        """The worker threads the routes' reads may take (``routes.READ_THREADS``), made at the first read."""

    @property
    def first_day(self) -> dt.date:
        """The site's first day of daily deals (``SPIDER_DAILY_FIRST_DAY``)."""
        return self.games.settings.daily_first_day

    def _secret(self) -> bytes:
        configured = self.games.settings.daily_secret
        return configured.encode() if configured else self.store.secret()

    async def deal(self, day: dt.date, suits: int, player: str) -> tuple[str, list[str]]:
        """The day's deal at a suit count, chosen (through the work queue, counted against ``player``) the first time
        it is asked for."""
        key = (day.isoformat(), suits)
        found = self.store.chosen(*key)
        if found is not None:
            return found
        lock = self._choosing.setdefault(key, asyncio.Lock())
        async with lock:  # one search per process; another process's choice, kept first, wins
            found = self.store.chosen(*key)
            if found is None:
                seconds = self.games.settings.daily_solve_seconds
                chosen = Call(first_won, (self._secret(), day, suits, seconds))
                try:
                    code, line = await self.games.searches.work.run(chosen, kind="daily", client=client_of(player))
                except Refused as refused:
                    raise TooMany("server.solver_busy", retry_after=refused.retry_after) from None
                found = self.store.choose(*key, code, line, self.games.now())
        self._choosing.pop(key, None)
        return found

    async def start(self, player: str, day_text: str, suits: int | None, preset: str | None) -> LiveGame:
        """A new game of a day's deal: the player's entry on the day's board if it is today's and their first."""
        at = self.games.now()
        day = parse_day(day_text, at, "daily", self.first_day)
        if suits is None:
            raise Invalid("server.missing_field", field="suits")
        if preset is not None and preset not in PRESETS:
            written = [f'"{name}"' for name in PRESETS]
            expected = Phrase("expected.one_of", {"choices": ", ".join(written[:-1]), "last": written[-1]})
            raise Invalid("server.bad_field", field="preset", expected=expected)
        code, line = await self.deal(day, suits, player)

        def on_the_board(connection: Connection, record: GameRecord) -> Kind:
            ranked = day == today(at)
            if ranked:  # today's deal: secret from everyone, whoever has ended their game, until the day is over
                self.games.store.hold(connection, code, day_over(day))
            entry = self.store.add_game(connection, record.id, player, day.isoformat(), suits, ranked=ranked)
            return Kind.DAILY if entry else Kind.DAILY_AGAIN

        game = Game.from_code(code, RULES)
        return self.games.start(
            player, game, True, line, kind=Kind.DAILY_AGAIN, preset=preset or "classic", also=on_the_board
        )

    def _restarted(self, connection: Connection, old: GameRecord, new: GameRecord) -> None:
        """A daily deal's game begun again: a game of the same deal, off the board."""
        if old.kind in DAILY_DEALS:
            self.store.restarted(connection, old.id, new.id, new.player)

    def _ended(self, connection: Connection, record: GameRecord) -> None:
        """A player's entry on a day's board ended: its place is kept with it, and the player's runs of days; one
        that ended after its day, when the deal was public, is marked as helped."""
        if record.kind == Kind.DAILY:
            self.store.ended(connection, record)
            self.store.ended_late(connection, record)
            self.rankings.forget()

    def _helped(self, record: GameRecord) -> None:
        """A hint given in a player's entry on a board is marked there."""
        if record.kind == Kind.DAILY:
            self.store.helped(record.id)

    def today(self, player: str) -> dict[str, Any]:
        """``GET /api/daily``: today's deals with the player's state, their streaks and their past days (the
        database's work: run it off the event loop)."""
        at = self.games.now()
        now = today(at)
        day = now.isoformat()
        mine = self.store.player_days(player)
        deals = []
        for suits in SUIT_COUNTS:
            entry = next((found for found in mine if found[0] == day and found[1] == suits), None)
            ranking = self.rankings.of(day, suits, ranked_at=at, today=True)
            finished, place = len(ranking.entries), ranking.places.get(player)
            deals.append(
                {
                    "suits": suits,
                    "state": "new" if entry is None else _state(entry[2]),
                    "game": None if entry is None else entry[3],
                    "place": place,
                    "finished": finished,
                }
            )
        by_suits: dict[int, dict[str, str | None]] = {suits: {} for suits in SUIT_COUNTS}
        for found_day, suits, result, _ in mine:
            by_suits.setdefault(suits, {})[found_day] = result
        tomorrow = day_over(now)
        return {
            "day": day,
            "first_day": self.first_day.isoformat(),
            "next_in": max(0, round(tomorrow - at)),
            "deals": deals,
            "streaks": {str(suits): streaks(days, now) for suits, days in by_suits.items()},
            "past": sorted(
                (
                    {"day": found_day, "suits": suits, "state": _state(result)}
                    for found_day, suits, result, _ in mine
                    if found_day != day
                ),
                key=lambda past: (past["day"], past["suits"]),
                reverse=True,
            ),
        }

    def board(self, player: str, day_text: str, suits: int, *, friends: bool = False, page: int = 1) -> dict[str, Any]:
        """``GET /api/daily/{date}/{suits}``: a page of the day's board (100 places) and the player's place (the
        database's work: run it off the event loop)."""
        at = self.games.now()
        day = parse_day(day_text, at, "date", self.first_day).isoformat()
        mates = friend_ids(self.store.engine, player)
        among = [*mates, player] if friends else None
        offset = (page - 1) * BOARD_SIZE
        if among is None:  # everyone's board: the one every request shares
            ranking = self.rankings.of(day, suits, ranked_at=at, today=day == today(at).isoformat())
            entries = ranking.entries[offset : offset + BOARD_SIZE]
            finished, place = len(ranking.entries), ranking.places.get(player)
        else:
            entries = self.store.page(day, suits, players=among, ranked_at=at, offset=offset, limit=BOARD_SIZE)
            finished, place = self.store.tally(day, suits, player, players=among, ranked_at=at)
        mine = self.store.entries(day, suits, [player])
        # today's games are named to nobody, their own player included: a replay shows the deal, secret all day
        named = day < today(at).isoformat()

        def shown(place: int, entry: Entry) -> dict[str, Any]:
            return {
                "place": place,
                "name": None if entry.name is None or made_up(entry.name) else entry.name,  # a made-up one: "A player"
                "value": entry.score or 0,
                "won": entry.won,
                "score": entry.score or 0,
                "moves": entry.moves or 0,
                "seconds": whole_seconds(entry.seconds or 0.0),
                "helped": entry.helped,
                "game": entry.game_id if named else None,
                "friend": entry.player in mates,
                "you": entry.player == player,
            }

        you = None if place is None or not mine else shown(place, mine[0])
        return {
            "board": "daily",
            "day": day,
            "suits": suits,
            "period": None,
            "friends": friends,
            "page": page,
            "pages": max(1, -(-finished // BOARD_SIZE)),
            "finished": finished,
            "playing": mine[0].result is None if mine else False,
            # where the player's place would be while their result is checked (``fairplay``): told, not shown
            "checking": message("moderation.checking") if mine and mine[0].held else None,
            "entries": [shown(place, entry) for place, entry in enumerate(entries, offset + 1)],
            "you": you,
            **self._standing(player, at),
        }

    def _standing(self, player: str, at: float) -> dict[str, Any]:
        why = self.store.unranked(player, at)
        return {"ranked": why is None, "unranked": why}

    def streaks_board(self, player: str, suits: int, *, friends: bool = False, page: int = 1) -> dict[str, Any]:
        """``GET /api/leaderboards/streaks``: a page of the players by their run of days won still going at a suit
        count (then days played), 100 places, and the player's place (the database's work: run it off the event
        loop)."""
        at = self.games.now()
        now = today(at)
        mates = friend_ids(self.store.engine, player)
        among = [*mates, player] if friends else None
        offset = (page - 1) * BOARD_SIZE
        # on the board: a run of days won still going (none is no entry), by a player with a name of their own
        rows = self.store.streaks(suits, now, players=among, ranked_at=at, offset=offset, limit=BOARD_SIZE)

        def shown(place: int, someone: str, name: str, found: dict[str, int]) -> dict[str, Any]:
            return {
                "place": place,
                "name": name,
                "value": found["won"],
                "played": found["played"],
                "best": found["best_won"],
                "friend": someone in mates,
                "you": someone == player,
            }

        mine = self.store.streak_place(suits, now, player, players=among, ranked_at=at)
        return {
            "board": "streaks",
            "suits": suits,
            "period": None,
            "friends": friends,
            "page": page,
            "entries": [shown(place, *row) for place, row in enumerate(rows, offset + 1)],
            "you": None if mine is None else shown(mine[0], player, mine[1], mine[2]),
            **self._standing(player, at),
        }


def _state(result: str | None) -> str:
    if result is None:
        return "playing"
    return "won" if result == "won" else "lost"
