"""The daily deal: each UTC day, one verified deal per suit count, the same for everyone, that nobody can know
before its day.

**Drawn from a secret.** A day's candidates are shuffle numbers made by HMAC-SHA-256 of the day, the suit count
and a counter under the server's secret (``SPIDER_DAILY_SECRET``, else one made at random once and kept in the
database); the first candidate the solver wins is the day's deal. Without the secret nobody can tell which
deals tomorrow brings; the secret is in no answer. The choice is kept in the database (the first process to
choose wins), so every process deals the same.

**Played as a verified deal under the classic rules**, whatever the player's preset, so every score on a day's
board is counted the same way; the preset brings its helps (hints, "no more moves"). Its code stays hidden
until the player's game is over, as every game's the server deals. A game of a daily deal counts in no
ordinary results (its code is shown to each player as their game ends, so the deal is as good as known): it
counts on the day's board and in the daily streaks instead.

**The board.** A player's first game of a day's deal on that day is their entry (a restart, a second deal of it,
a past day's deal: unranked). The boards (a day's, and the streaks') hold the entries of accounts in good standing
(``results.standing``) only: a guest's entry is kept, and shows once they are; meanwhile the answer tells them
why. Finished entries rank won before lost, then score, then time. A game on today's board is named (so it can
be replayed) only to a player whose own entry is over: a replay shows the deal.

**Streaks**, per suit count: days in a row with an entry (played) and with a won entry (won), counted back from
today, or from yesterday while today's deal is still to play.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import re
from collections.abc import Iterator
from typing import Any

from anyio import to_thread
from sqlalchemy import Connection

from spider import Game, TableRules
from spider.cards import SUIT_COUNTS
from spider.codes import SHUFFLES, GameCode
from spider.server.daily.store import DailyStore, Entry
from spider.server.games.kinds import DAILY_DEALS, Kind
from spider.server.games.records import GameRecord
from spider.server.games.service import Games, LiveGame
from spider.server.people.service import friend_ids, made_up, names
from spider.server.refusals import Invalid
from spider.solver import replays_to_win, solve
from spider.text import Phrase

BOARD_SIZE = 100
CANDIDATES = 64  # candidates tried before giving up on a day (a verified deal is found within a few)
RULES = TableRules()  # everyone's daily deal is played under the classic rules
PRESETS = ("classic", "casual", "patience", "tabletop")  # a preset brings its helps; not the duel's
DAY_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}")


def today(at: float) -> dt.date:
    """The UTC day of a time (seconds since the epoch)."""
    return dt.datetime.fromtimestamp(at, dt.UTC).date()


def parse_day(text: Any, at: float, field: str) -> dt.date:
    """A day named in a request (YYYY-MM-DD), today or before: 422 naming ``field`` for anything else."""
    day = None
    if isinstance(text, str) and DAY_SHAPE.fullmatch(text):
        try:
            day = dt.date.fromisoformat(text)
        except ValueError:
            day = None
    if day is None:
        raise Invalid("server.bad_field", field=field, expected=Phrase("expected.daily_day"))
    if day > today(at):
        raise Invalid("server.daily_future", field=field, day=text)
    return day


def candidates(secret: bytes, day: dt.date, suits: int) -> Iterator[GameCode]:
    """The day's candidate deals at a suit count, in order: unguessable without the secret."""
    for n in range(CANDIDATES):
        digest = hmac.new(secret, f"{day.isoformat()}/{suits}/{n}".encode(), hashlib.sha256).digest()
        yield GameCode(suits, int.from_bytes(digest[:8], "big") % SHUFFLES, RULES)


def first_won(secret: bytes, day: dt.date, suits: int, seconds: float) -> tuple[str, list[str]]:
    """The first of the day's candidates the solver wins (its line played through the engine), with its line."""
    for code in candidates(secret, day, suits):
        game = Game.from_code(code)
        found = solve(game, seconds=seconds)
        if found.verdict == "win" and replays_to_win(Game.from_code(code), found.line):
            return str(code), list(found.line)
    raise RuntimeError(f"no candidate for {day} at {suits} suits was won in {seconds} s each")


def place_key(entry: Entry) -> tuple[bool, int, float, float]:
    """How a finished entry ranks: won before lost, then the higher score, then the shorter time."""
    return (not entry.won, -(entry.score or 0), entry.seconds or 0.0, entry.finished_at or 0.0)


def streaks(days: dict[str, str | None], now: dt.date) -> dict[str, int]:
    """Days in a row played and won (current and best), from a player's entries by day (their results)."""
    played = {dt.date.fromisoformat(day) for day in days}
    won = {dt.date.fromisoformat(day) for day, result in days.items() if result == "won"}
    return {
        "played": _current(played, now),
        # today's deal lost ends the run of days won; today's still to play (or on) leaves yesterday's run
        "won": 0 if days.get(now.isoformat(), "won") not in ("won", None) else _current(won, now),
        "best_played": _best(played),
        "best_won": _best(won),
    }


def _current(days: set[dt.date], now: dt.date) -> int:
    day = now if now in days else now - dt.timedelta(days=1)
    count = 0
    while day in days:
        count, day = count + 1, day - dt.timedelta(days=1)
    return count


def _best(days: set[dt.date]) -> int:
    best = 0
    for day in days:
        if day - dt.timedelta(days=1) not in days:
            length = 1
            while day + dt.timedelta(days=length) in days:
                length += 1
            best = max(best, length)
    return best


class Daily:
    """The daily deals, their games, boards and streaks, for the routes."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = DailyStore(games.store.engine)
        games.events.on_restart(self._restarted)
        games.events.on_hint(self._helped)
        self._choosing: dict[tuple[str, int], asyncio.Lock] = {}

    def _secret(self) -> bytes:
        configured = self.games.settings.daily_secret
        return configured.encode() if configured else self.store.secret()

    async def deal(self, day: dt.date, suits: int) -> tuple[str, list[str]]:
        """The day's deal at a suit count, chosen the first time it is asked for."""
        key = (day.isoformat(), suits)
        found = self.store.chosen(*key)
        if found is not None:
            return found
        lock = self._choosing.setdefault(key, asyncio.Lock())
        async with lock:  # one search per process; another process's choice, kept first, wins
            found = self.store.chosen(*key)
            if found is None:
                seconds = self.games.settings.daily_solve_seconds
                code, line = await to_thread.run_sync(first_won, self._secret(), day, suits, seconds)
                found = self.store.choose(*key, code, line, self.games.now())
        self._choosing.pop(key, None)
        return found

    async def start(self, player: str, day_text: str, suits: int | None, preset: str | None) -> LiveGame:
        """A new game of a day's deal: the player's entry on the day's board if it is today's and their first."""
        at = self.games.now()
        day = parse_day(day_text, at, "daily")
        if suits is None:
            raise Invalid("server.missing_field", field="suits")
        if preset is not None and preset not in PRESETS:
            written = [f'"{name}"' for name in PRESETS]
            expected = Phrase("expected.one_of", {"choices": ", ".join(written[:-1]), "last": written[-1]})
            raise Invalid("server.bad_field", field="preset", expected=expected)
        code, line = await self.deal(day, suits)

        def on_the_board(connection: Connection, record: GameRecord) -> Kind:
            ranked = day == today(at)
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

    def _helped(self, record: GameRecord) -> None:
        """A hint given in a player's entry on a board is marked there."""
        if record.kind == Kind.DAILY:
            self.store.helped(record.id)

    def today(self, player: str) -> dict[str, Any]:
        """``GET /api/daily``: today's deals with the player's state, their streaks and their past days."""
        at = self.games.now()
        now = today(at)
        day = now.isoformat()
        mine = self.store.player_days(player)
        deals = []
        for suits in SUIT_COUNTS:
            entry = next((found for found in mine if found[0] == day and found[1] == suits), None)
            board = self._ranked(day, suits, at)
            place = next((n for n, found in enumerate(board, 1) if found.player == player), None)
            deals.append(
                {
                    "suits": suits,
                    "state": "new" if entry is None else _state(entry[2]),
                    "game": None if entry is None else entry[3],
                    "place": place,
                    "finished": len(board),
                }
            )
        by_suits: dict[int, dict[str, str | None]] = {suits: {} for suits in SUIT_COUNTS}
        for found_day, suits, result, _ in mine:
            by_suits.setdefault(suits, {})[found_day] = result
        tomorrow = dt.datetime.combine(now + dt.timedelta(days=1), dt.time(), dt.UTC).timestamp()
        return {
            "day": day,
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

    def _ranked(self, day: str, suits: int, at: float) -> list[Entry]:
        """The day's finished entries of players in good standing at ``at``, in their places' order."""
        entries = self.store.entries(day, suits, ranked_at=at)
        return sorted((entry for entry in entries if entry.result is not None), key=place_key)

    def board(self, player: str, day_text: str, suits: int, *, friends: bool = False) -> dict[str, Any]:
        """``GET /api/daily/{date}/{suits}``: the day's board, its top 100 and the player's place."""
        at = self.games.now()
        day = parse_day(day_text, at, "date")
        mates = friend_ids(self.store.engine, player)
        ranked = self._ranked(day.isoformat(), suits, at)
        if friends:
            ranked = [entry for entry in ranked if entry.player in mates or entry.player == player]
        mine = self.store.entries(day.isoformat(), suits, [player])
        # today's games are named only to a player who has played the day's deal to its end: a replay shows it
        named = day < today(at) or any(entry.result is not None for entry in mine)

        def shown(place: int, entry: Entry) -> dict[str, Any]:
            return {
                "place": place,
                "name": None if entry.name is None or made_up(entry.name) else entry.name,  # a made-up one: "A player"
                "value": entry.score or 0,
                "won": entry.won,
                "score": entry.score or 0,
                "moves": entry.moves or 0,
                "seconds": round(entry.seconds or 0.0),
                "helped": entry.helped,
                "game": entry.game_id if named or entry.player == player else None,
                "friend": entry.player in mates,
                "you": entry.player == player,
            }

        entries = [shown(place, entry) for place, entry in enumerate(ranked, 1)]
        you = next((found for found in entries if found["you"]), None)
        return {
            "board": "daily",
            "day": day.isoformat(),
            "suits": suits,
            "period": None,
            "friends": friends,
            "finished": len(entries),
            "playing": mine[0].result is None if mine else False,
            "entries": entries[:BOARD_SIZE],
            "you": you,
            **self._standing(player, at),
        }

    def _standing(self, player: str, at: float) -> dict[str, Any]:
        why = self.store.unranked(player, at)
        return {"ranked": why is None, "unranked": why}

    def streaks_board(self, player: str, suits: int, *, friends: bool = False) -> dict[str, Any]:
        """``GET /api/leaderboards/streaks``: players by their current run of days won at a suit count (then
        days played), top 100 and the player's place."""
        at = self.games.now()
        now = today(at)
        mates = friend_ids(self.store.engine, player)
        wanted = [*mates, player] if friends else None
        # on the board: a run of days won (none is no entry), by a player with a name of their own
        running = {}
        for someone, days in self.store.days_by_player(suits, wanted, ranked_at=at).items():
            found = streaks(days, now)
            if found["won"]:
                running[someone] = found
        named = {someone: name for someone, name in names(self.store.engine, [*running]).items() if not made_up(name)}
        rows = [(someone, found) for someone, found in running.items() if someone in named]
        rows.sort(key=lambda row: (-row[1]["won"], -row[1]["played"], -row[1]["best_won"]))
        entries = [
            {
                "place": place,
                "name": named[someone],
                "value": found["won"],
                "played": found["played"],
                "best": found["best_won"],
                "friend": someone in mates,
                "you": someone == player,
            }
            for place, (someone, found) in enumerate(rows, 1)
        ]
        you = next((found for found in entries if found["you"]), None)
        return {
            "board": "streaks",
            "suits": suits,
            "period": None,
            "friends": friends,
            "entries": entries[:BOARD_SIZE],
            "you": you,
            **self._standing(player, at),
        }


def _state(result: str | None) -> str:
    if result is None:
        return "playing"
    return "won" if result == "won" else "lost"
