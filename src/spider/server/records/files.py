"""A stored game as a game record (``spider.record``): ``GET /api/games/{id}/record`` and ``spider record``.

Anyone holding a finished game's id may read its record: a game's id is shown to others only once that game
is over. The record tells every card (its code and actions), so it follows the one rule of what may be
learnt of a deal (``Games.reveals``): 409 while the game goes on, and while another game of its deal could
still count; and, whoever asks, while its deal is held secret until a time (``Store.hold``: a daily deal on
its day). A duel's game gives the duel's record, both players' games, once the whole duel is over.
A practice game has no code to write: 404, as for an unknown game.
"""

from __future__ import annotations

from datetime import UTC, datetime

from spider.codes import parse_code
from spider.record import Record, record_of
from spider.rules import TableRules
from spider.server.duels.model import OVER
from spider.server.duels.store import DuelStore
from spider.server.games.records import GameRecord
from spider.server.games.service import utc_time
from spider.server.games.store import Store
from spider.server.http.ids import token_shaped
from spider.server.people.service import names, shown_name
from spider.server.refusals import Conflict, NoSuchGame
from spider.view import whole_seconds

NOT_OVER = "server.actions_not_over"
DEAL_IN_PLAY = "server.actions_deal_in_play"
DEAL_SECRET = "server.actions_deal_secret"


def stored_records(store: Store, game_id: str, at: float, *, reveal: bool = True) -> list[Record]:
    """The record of a finished game (two for a duel's game: its players' games, seat by seat).

    :class:`NoSuchGame` for an unknown id and a practice game; :class:`Conflict` while the game (or
    its duel) goes on, and, when ``reveal``, while its deal may not be made known yet (``Store.reveal``; held
    secret until a time: ``Store.hold``).
    """
    found = store.game(game_id) if token_shaped(game_id) else None
    if found is None or found.exercise is not None:
        raise NoSuchGame()
    if found.duel is not None:
        return _duel_records(store, found.duel)
    if not found.over:
        raise Conflict(NOT_OVER)
    until = store.held_until(found.code, at) if reveal else None
    if until is not None:  # a daily deal on its day: nobody's record, the leader's nor the reader's own
        raise Conflict(DEAL_SECRET, time=utc_time(until))
    if reveal and not found.typed and not store.reveal(found.code, at):
        raise Conflict(DEAL_IN_PLAY)
    return [_record(store, found, names(store.engine, [found.player]).get(found.player))]


def _duel_records(store: Store, duel_id: str) -> list[Record]:
    duel = DuelStore(store.engine).read(duel_id)
    if duel is None or duel.state != OVER:
        raise Conflict(NOT_OVER)
    named = names(store.engine, [seat.player for seat in duel.seats])
    records = []
    for seat in duel.seats:
        game = store.game(seat.game) if seat.game else None
        if game is None:
            continue
        other = next((named.get(s.player) for s in duel.seats if s.seat != seat.seat), None)
        records.append(_record(store, game, named.get(seat.player), other, result=seat.outcome, score=seat.score))
    return records


def _record(
    store: Store, game: GameRecord, player: str | None, opponent: str | None = None, *,
    result: str | None = None, score: int | None = None,
) -> Record:  # fmt: skip
    actions = store.actions(game.id)
    code = str(parse_code(game.code))
    return record_of(
        code,
        TableRules.from_json(game.rules),
        [action.text for action in actions],
        [whole_seconds(action.at - game.created_at) for action in actions],
        date=datetime.fromtimestamp(round(game.created_at), UTC),
        player=_one_line(player),
        opponent=_one_line(opponent),
        result=result or game.result,
        score=score if score is not None else game.score,
        moves=game.moves,
        seconds=None if game.seconds is None else whole_seconds(game.seconds),
    )


def _one_line(name: str | None) -> str | None:
    """A name as a record's header holds it: one line, no spaces around it, a made-up one in the reader's
    language (``people.shown_name``: the replay viewer's title names the players)."""
    if name is None:
        return None
    name = " ".join(shown_name(name).split())
    return name or None
