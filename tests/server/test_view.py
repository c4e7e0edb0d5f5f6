"""The view's groups agree with playing the moves: every movable group, the columns that take it, its
best target by SPEC 2.4 worked out here from the visible cards, and the rule that keeps a group put."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import typing
from typing import Any

import pytest

from spider import PRESETS, Game, IllegalMoveError
from spider.actions import Move
from spider.view import table

RANKS = "A23456789TJQK"


def plays(game: Game, move: Move) -> str | None:
    """None when the move is played on a copy of the game, else the sentence that refuses it."""
    try:
        game.copy().play(move)
    except IllegalMoveError as refusal:
        return str(refusal)
    return None


def follows(upper: str, lower: str) -> bool:
    return upper[1] == lower[1] and RANKS.index(upper[0]) == RANKS.index(lower[0]) + 1


def best_by_spec(view: dict[str, Any], column: int, count: int, targets: list[int]) -> int | None:
    """SPEC 2.4 from what the view shows: onto its own suit first, then any card one rank higher, then an
    empty column (or face-down pile); among equals the longest same-suit run it makes, then the leftmost."""
    first = view["columns"][column - 1]["up"][-count]
    ranked = []
    for target in targets:
        up = view["columns"][target - 1]["up"]
        if not up:
            ranked.append((2, -count, target))
            continue
        run = 1  # the same-suit run the target column ends in
        while run < len(up) and follows(up[-run - 1], up[-run]):
            run += 1
        same = up[-1][1] == first[1]
        ranked.append((0 if same else 1, -(count + (run if same else 0)), target))
    return min(ranked)[2] if ranked else None


def check(game: Game) -> int:
    view: dict[str, Any] = dict(table(game))
    listed = {(group["column"], group["count"]): group for group in view["groups"]}
    held = {(group["column"], group["count"]): group["refusal"] for group in view["unmovable"]}
    for column in range(1, 11):
        up = len(view["columns"][column - 1]["up"])
        for count in range(1, up + 1):
            others = [target for target in range(1, 11) if target != column]
            refusals = {target: plays(game, Move(column, target, count)) for target in others}
            fits = [target for target, refusal in refusals.items() if refusal is None]
            if (column, count) in held:
                assert not fits and (column, count) not in listed
                assert set(refusals.values()) == {held[(column, count)]}  # the rule, whichever the target
                continue
            group = listed[(column, count)]
            assert group["targets"] == fits
            assert group["best"] == best_by_spec(view, column, count, fits)
            if not fits:  # the same sentence as a move onto any card that is no ace would get
                onto_cards = {refusals[t] for t in others if view["columns"][t - 1]["up"][-1:] not in ([], ["As"])}
                assert group["refusal"] and onto_cards <= {group["refusal"], "Nothing goes on an ace."}
            else:
                assert group["refusal"] is None
    return len(listed) + len(held)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("suits", [1, 2, 4])
def test_groups_match_playing_them_through_random_games(preset: str, suits: int) -> None:
    rng = random.Random(f"{preset}{suits}")
    checked = 0
    for _ in range(2):
        game = Game.new(suits, PRESETS[preset], shuffle=rng.randrange(26**7))
        for step in range(rng.randrange(40, 120)):
            if step % 10 == 0:
                checked += check(game)
            actions = game.legal_actions()
            if not actions:
                break
            game.play(rng.choice(actions))
    assert checked > 50


def test_cards_that_do_not_move_together_come_with_their_rule() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAB")  # columns end 2h 8h 7h 4s Js Ts 5s 5h 2h 3s; the stock starts 8s
    game.play("4>8")  # 4s onto 5h
    suit = "In classic rules a group must be one suit."
    assert {"column": 8, "count": 2, "refusal": suit} in table(game)["unmovable"]
    game.play("d")  # 2h gets the 8s
    sequence = "Only cards in sequence, each one rank lower, move together."
    assert {"column": 1, "count": 2, "refusal": sequence} in table(game)["unmovable"]
    relaxed = Game.from_code("SP1-S2R-AAAAAAB")
    relaxed.play("4>8")
    assert not [group for group in table(relaxed)["unmovable"] if group["column"] == 8]


def test_the_table_part_of_the_view_hides_the_stock_and_face_down_cards() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAK")
    view = table(game)
    assert view["stock"] == {"cards": 50, "deals_left": 5}
    assert all(set(column) == {"down", "up"} for column in view["columns"])
    assert sum(len(column["up"]) for column in view["columns"]) == 10
    assert view["deal_refusal"] is None
    game.play("d")
    for _ in range(4):
        game.play("d")
    assert table(game)["deal_refusal"] == "The stock is empty."


def test_the_offline_engine_draws_the_servers_view_without_the_servers_libraries() -> None:
    """One view builder (``spider.view.public_view``): the offline view has the API's keys, plus ``offline``;
    and the browser's engine, which has no Pydantic, loads the view's shapes all the same."""
    from spider.offline import OfflineGame
    from spider.server.games.answers import View

    assert set(json.loads(OfflineGame.new(2).view_json())) == View.__required_keys__ | {"offline"}
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, spider.offline; print(sorted(m for m in sys.modules if m.startswith("
            "('pydantic', 'spider.server', 'starlette'))))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "[]"


def test_every_engine_event_has_the_shape_the_api_describes() -> None:
    """The events' JSON (``game.py``'s ``to_json``) and their API types (``answers.Event``) agree, key for key."""
    from pydantic import TypeAdapter

    from spider.cards import card
    from spider.game import Dealt, Flipped, Moved, Redone, RunRemoved, Undone, Won
    from spider.server.games.answers import Event

    events = [
        Moved(1, 2, 2, (card(5, "s"), card(4, "s"))),
        Flipped(3, card(13, "h")),
        RunRemoved(4, "d"),
        Dealt(tuple(card(1, "c") for _ in range(10))),
        Won(),
        Undone(Move(1, 2, None)),
        Redone(Move(1, 2, 3)),
    ]
    adapter = TypeAdapter(Event)
    for event in events:
        written = event.to_json()
        assert adapter.validate_python(written) == written, written
    shapes = typing.get_args(typing.get_args(Event)[0])
    kinds = {name for shape in shapes for name in typing.get_args(typing.get_type_hints(shape)["type"])}
    assert kinds == {event.to_json()["type"] for event in events}
