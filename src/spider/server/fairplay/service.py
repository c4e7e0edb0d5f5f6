"""Which results are checked, the checks sent through the work queue, and the moderators' decisions.

**What is checked.** A result that ranks, and only that, as its game ends (a listener of ``games.events``, in the
transaction that ends the game) by an account in good standing (``results.standing``: a guest or a throwaway ranks
nowhere, so it makes the server check nothing): a daily deal's entry played past its first move (``daily``), a
won game of a new deal under the standard scoring, which may be a best score (``scores``), and each side of a duel
(``duel``: rated, or an arena's). One check per game, held from the moment it ends: its result stays off the boards
until the measure finds nothing, or a moderator clears it.

**How.** Each check is one job of kind ``fairplay`` (``work.jobs``: study priority, as reviews and analyses are:
nobody waits at the table for it) on behalf of the player at the client address the game ended from, so the fair
queue takes turns between players and addresses and bounds each. A check the queue refuses now stays in the table
and is sent again on the next round (:data:`ROUND_SECONDS`); so does one whose server stopped. A job that fails
:data:`ATTEMPTS` times flags its result for a moderator rather than leaving it held for ever.

**Moderators** (``spider mod grant NAME``) see the flagged results, each with its evidence in words, the actions
it points at, and the account's other checked results; they clear a result (back on the boards), or mark an
account (its results leave every board; the packages above hear of it, ``on_mark``, and the duels take back its
rated duels for its opponents). Every decision is logged with who made it and when.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from spider.fairplay.evidence import Evidence
from spider.server.fairplay.checking import check
from spider.server.fairplay.store import Check, FairplayStore
from spider.server.games.kinds import Kind
from spider.server.games.records import GameRecord
from spider.server.games.service import Games
from spider.server.people.service import People, names
from spider.server.refusals import Conflict, Forbidden, NotFound
from spider.server.results.standing import in_good_standing
from spider.server.work.jobs import ADDRESS, Call, Client, Refused
from spider.server.work.service import Work
from spider.view import whole_seconds

LOG = logging.getLogger(__name__)

ROUND_SECONDS = 5.0
"""How often the checks still waiting are sent again (a game's end sends its own at once)."""
SENT_A_ROUND = 32
"""Checks sent in one round at most: the queue refuses past its bounds anyway."""
ATTEMPTS = 3
"""Failed jobs after which a check flags its result for a moderator."""
LISTED = 100
"""Flagged results, decisions and an account's results the moderation view lists."""
BOARD_SCORING = "standard"

Measure = Callable[[str, dict[str, Any], list[str]], dict[str, Any]]
Marked = Callable[[str], object]
"""A listener of an account marked by a moderator (its player id)."""
Decided = Callable[[], None]
"""A listener of any decision that puts results back on the boards or takes them off."""


def ranks_on(connection: Connection, record: GameRecord) -> str | None:
    """The board a game just ended ranks on, if any (see the module): ``daily``, ``scores`` or ``duel``."""
    if record.result is None or record.finished_at is None or not record.moves:
        return None
    if record.kind is Kind.DAILY:
        board = "daily"
    elif record.kind is Kind.DUEL:
        board = "duel"
    elif record.kind is Kind.SOLO and record.counted and record.result == "won":
        if record.rules.get("scoring", BOARD_SCORING) != BOARD_SCORING:
            return None
        board = "scores"
    else:
        return None
    return board if in_good_standing(connection, record.player, record.finished_at) else None


class Fairplay:
    """The checks of ranked results, and the moderators' view and decisions."""

    def __init__(self, games: Games, people: People, work: Work, *, measure: Measure = check) -> None:
        self.games = games
        self.people = people
        self.work = work
        self.measure = measure
        """The function a check's job runs: the real measure, or a test's own."""
        self.store = FairplayStore(games.store.engine)
        games.events.on_end(self._ended)
        self._sent: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._marked: list[Marked] = []
        self._decided: list[Decided] = []

    def on_mark(self, listener: Marked) -> None:
        self._marked.append(listener)

    def on_decision(self, listener: Decided) -> None:
        self._decided.append(listener)

    # Checks.

    def _ended(self, connection: Connection, record: GameRecord) -> None:
        if not self.games.settings.fairplay_checks:
            return
        board = ranks_on(connection, record)
        if board is None:
            return
        assert record.finished_at is not None
        FairplayStore.begin(connection, record.id, record.player, ADDRESS.get(), board, record.finished_at)
        if self._loop is not None and self._wake is not None:
            self._loop.call_soon_threadsafe(self._wake.set)

    async def keep(self) -> None:
        """Sends the checks waiting through the queue, at once when a game ends and every round (the app's task)."""
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        while True:
            try:
                await self.send()
            except Exception:  # a busy database: the next round tries again
                LOG.exception("sending fair play checks failed")
            try:
                await asyncio.wait_for(self._wake.wait(), ROUND_SECONDS)
                await asyncio.sleep(0.05)  # the ending game's transaction commits meanwhile
            except TimeoutError:
                pass
            self._wake.clear()

    async def send(self) -> int:
        """Sends the checks waiting and not sent yet; how many the queue took."""
        waiting = await asyncio.to_thread(self.store.waiting, SENT_A_ROUND + len(self._sent))
        taken = 0
        for found in waiting:
            if found.game_id in self._sent:
                continue
            played = await asyncio.to_thread(self._played, found.game_id)
            if played is None:
                continue
            try:
                future = await self.work.submit(
                    Call(self.measure, played), kind="fairplay", client=Client(found.player, found.address)
                )
            except Refused:
                continue  # the player's, the address's or the queue's share is taken: the next round
            self._sent.add(found.game_id)
            future.add_done_callback(functools.partial(self._settle, found.game_id))
            taken += 1
        return taken

    def _played(self, game_id: str) -> tuple[str, dict[str, Any], list[str]] | None:
        record = self.games.store.game(game_id)
        if record is None:
            return None
        return record.code, dict(record.rules), [action.text for action in self.games.store.actions(game_id)]

    def _settle(self, game_id: str, done: asyncio.Future[Any]) -> None:
        task = asyncio.get_running_loop().create_task(asyncio.to_thread(self._keep_outcome, game_id, done))
        task.add_done_callback(lambda _: self._sent.discard(game_id))

    def _keep_outcome(self, game_id: str, done: asyncio.Future[Any]) -> None:
        at = self.games.now()
        error = done.exception() if not done.cancelled() else None
        if done.cancelled() or error is not None:
            LOG.warning("a fair play check failed: %r", error)
            if self.store.failed(game_id) >= ATTEMPTS:
                self.store.settle(game_id, True, None, [], at)
            return
        found = done.result()
        flagged = bool(found.get("flagged"))
        score = found.get("score")
        evidence = [dict(item) for item in found.get("evidence") or [] if isinstance(item, dict)]
        if self.store.settle(game_id, flagged, None if score is None else float(score), evidence, at):
            self._tell_decided()

    def _tell_decided(self) -> None:
        for listener in self._decided:
            listener()

    # What a player is told.

    def held(self, game_ids: list[str]) -> set[str]:
        """Of these games, those whose result is held off the boards."""
        return self.store.held(game_ids)

    # Moderation.

    def moderator(self, player: str) -> None:
        """Nothing for a moderator; 403 for everyone else."""
        if not self.store.is_moderator(player):
            raise Forbidden("moderation.not_moderator")

    def flagged(self, player: str) -> dict[str, Any]:
        """``GET /api/moderation``: the flagged results, oldest first, and the latest decisions."""
        self.moderator(player)
        flagged = self.store.flagged(LISTED)
        log = self.store.log(LISTED)
        who = names(self.games.store.engine, [
            *(found.player for found in flagged), *(d.player for d in log), *(d.moderator for d in log if d.moderator),
        ])
        return {
            "flagged": [self._shown(found, who) for found in flagged],
            "decisions": [
                {
                    "at": decision.at,
                    "moderator": None if decision.moderator is None else who.get(decision.moderator),
                    "decision": decision.decision,
                    "name": who.get(decision.player),
                    "game": decision.game_id,
                }
                for decision in log
            ],
        }

    def _shown(self, found: Check, who: dict[str, str]) -> dict[str, Any]:
        record = self.games.store.game(found.game_id)
        evidence = [{"at": int(item.get("at", 0)), "text": told(item)} for item in found.evidence or []]
        return {
            "game": found.game_id,
            "name": who.get(found.player),
            "board": found.board,
            "state": found.state,
            "score": found.score,
            "checked_at": found.checked_at,
            "suits": None if record is None else record.suits,
            "result": None if record is None else record.result,
            "points": None if record is None else record.score,
            "moves": None if record is None else record.moves,
            "seconds": None if record is None or record.seconds is None else whole_seconds(record.seconds),
            "evidence": evidence,
            "others": [
                {"game": other.game_id, "board": other.board, "state": other.state, "at": other.created_at}
                for other in self.store.checks_of(found.player, LISTED)
                if other.game_id != found.game_id
            ],
        }

    def game(self, player: str, game_id: str) -> dict[str, Any]:
        """``GET /api/moderation/games/{id}``: a checked game's code, table rules and actions, for the replay viewer
        at its flagged actions; to moderators only (a daily deal's too, while its day lasts: nobody else)."""
        self.moderator(player)
        found = self.store.check(game_id)
        played = None if found is None else self._played(game_id)
        if found is None or played is None:
            raise NotFound("moderation.no_such_check")
        code, rules, actions = played
        return {"game": game_id, "code": code, "rules": rules, "actions": actions}

    def clear(self, player: str, game_id: str) -> None:
        """A moderator lets a held result stand: 404 for a game never checked, 409 for one not held."""
        self.moderator(player)
        if self.store.check(game_id) is None:
            raise NotFound("moderation.no_such_check")
        if not self.store.clear(player, game_id, self.games.now()):
            raise Conflict("moderation.not_held")
        self._tell_decided()

    def mark(self, player: str, name: str) -> None:
        """A moderator marks the account of that name: its results leave every board, its rated duels are taken
        back for its opponents. 404 for no such name, 409 for one marked already or not an account's."""
        self.moderator(player)
        someone = self.people.named(name)
        if not self.store.is_account(someone.player):
            raise Conflict("moderation.not_an_account", name=someone.name)
        if not self.store.mark(player, someone.player, self.games.now()):
            raise Conflict("moderation.marked_already", name=someone.name)
        for listener in self._marked:
            listener(someone.player)
        self._tell_decided()

    def is_marked(self, player: str) -> bool:
        return self.store.is_marked(player)


def told(item: dict[str, Any]) -> str:
    """A decision of the evidence in the words of the language spoken now (the moderator's), as the check kept it
    in the server's."""
    decision = Evidence.from_json(item)
    return str(item.get("text", "")) if decision is None else decision.text()
