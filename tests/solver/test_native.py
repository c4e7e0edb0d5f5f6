"""The C search core against its Python reference: the same children (actions, scores, positions), the
same scores, and the same beam passes, on positions reached by random play from random deals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider import Game, TableRules
from spider.codes import GameCode
from spider.game import Game as GameType
from spider.notation import Position
from spider.solver import core
from spider.solver.convert import table_for
from spider.solver.core import Budget, State, Table, beam_search
from spider.solver.hint import no_more_moves
from tests.solver import positions

pytestmark = pytest.mark.skipif(core.NATIVE is None, reason="the C core is not built (or SPIDER_PURE_PYTHON=1)")


def tables(game: GameType, public: bool, in_order: bool = False) -> tuple[Table, Table, State]:
    """The reference table, the native one, and the start state: with every card known (as the solver
    searches), or from what the player sees (as hints and "no more moves" search), or ``in_order`` as a
    player's guess is searched (face-down cards come up in one order, here the deck's order of the face-down
    cards reversed, whichever column they are turned up in)."""
    columns, down = list(game.columns), list(game.face_down)
    face_up = [cards[n:] for cards, n in zip(columns, down, strict=True)]
    if public:
        position = game.public_position()
        made = [
            table_for(position.columns, position.face_down, None, game.rules.group, game.rules.deal, suits=game.suits)
            for _ in range(2)
        ]
    else:
        hidden = [cards[:n] for cards, n in zip(columns, down, strict=True)]
        order = [card for cards in hidden for card in cards][::-1] if in_order else None
        made = [
            table_for(face_up, down, game.stock, game.rules.group, game.rules.deal, hidden, game.suits, order=order)
            for _ in range(2)
        ]
    (reference, start), (native, _) = made
    reference = Table(
        reference.hidden,
        reference.deals,
        reference.relaxed,
        reference.deal_any,
        reference.weights,
        native=False,
        order=reference.order,
    )
    assert reference._native is None and native._native is not None
    return reference, native, start


rules = st.sampled_from([TableRules(), TableRules(group="relaxed"), TableRules.preset("casual")])


@settings(max_examples=60, deadline=None)
@given(
    suits=st.sampled_from([1, 2, 4]),
    shuffle=st.integers(0, 10**6),
    table_rules=rules,
    walk=st.lists(st.integers(0, 10**6), max_size=80),
    exact=st.booleans(),
    public=st.booleans(),
    in_order=st.booleans(),
)
def test_children_and_scores_match_along_a_random_game(
    suits: int, shuffle: int, table_rules: TableRules, walk: list[int], exact: bool, public: bool, in_order: bool
) -> None:
    reference, native, state = tables(Game.from_code(GameCode(suits, shuffle, table_rules)), public, in_order)
    score = reference.score(state)
    for step in walk:
        expected = reference.children(state, score, exact)
        assert native.children(state, score, exact) == expected
        assert native._native is not None
        assert native._native.score(state) == score
        # Equal positions have equal keys in the beam, different ones different keys.
        keys = {native._native.key(child) for _, _, child in expected}
        assert len(keys) == len({child for _, _, child in expected})
        if not expected:
            break
        _, score, state = expected[step % len(expected)]


@settings(max_examples=25, deadline=None)
@given(
    suits=st.sampled_from([1, 2, 4]),
    shuffle=st.integers(0, 10**6),
    width=st.sampled_from([1, 5, 40]),
    nodes=st.integers(1, 3000),
    exact=st.booleans(),
    per_deal=st.booleans(),
    in_order=st.booleans(),
    before_deal=st.booleans(),
)
def test_beam_passes_find_the_same_lines(
    suits: int, shuffle: int, width: int, nodes: int, exact: bool, per_deal: bool, in_order: bool, before_deal: bool
) -> None:
    reference, native, start = tables(Game.from_code(GameCode(suits, shuffle, TableRules())), False, in_order)
    expected_budget, budget = Budget(nodes, None), Budget(nodes, None)
    expected = beam_search(reference, start, width, expected_budget, exact, per_deal=per_deal, before_deal=before_deal)
    found = beam_search(native, start, width, budget, exact, per_deal=per_deal, before_deal=before_deal)
    assert found == expected
    assert budget.nodes == expected_budget.nodes
    if expected.before_deal is not None:
        # The players' best position before a deal: its line makes no deal and reaches the score given.
        score, line = expected.before_deal
        state = start
        for action in line:
            assert action != core.DEAL
            state = reference.apply(state, action)
        assert reference.score(state) == score and state[2] == start[2]


@pytest.mark.parametrize("per_deal", [False, True])
def test_a_small_deal_is_won_by_the_same_line(per_deal: bool) -> None:
    reference, native, start = tables(Game.from_code(GameCode(1, 4, TableRules())), False)
    expected = beam_search(reference, start, 200, Budget(None, None), per_deal=per_deal)
    assert expected.line is not None
    assert beam_search(native, start, 200, Budget(None, None), per_deal=per_deal) == expected


@pytest.mark.parametrize("text", [positions.NO_MOVE, positions.SHUTTLE, positions.REVEAL])
def test_exhaustive_passes_agree(text: str) -> None:
    reference, native, start = tables(Game.from_position(text), False)
    expected = beam_search(reference, start, None, Budget(None, None), exact=True)
    assert beam_search(native, start, None, Budget(None, None), exact=True) == expected


def stuck_both_ways(position: Position, max_nodes: int) -> tuple[bool, bool]:
    """"No more moves": by the C core, then by the Python reference."""
    native = no_more_moves(position, max_nodes=max_nodes, seconds=60)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core, "NATIVE", None)
        return native, no_more_moves(position, max_nodes=max_nodes, seconds=60)


@settings(max_examples=40, deadline=None)
@given(
    suits=st.sampled_from([1, 2, 4]),
    shuffle=st.integers(0, 10**6),
    walk=st.lists(st.integers(0, 10**6), max_size=120),
    max_nodes=st.sampled_from([50, 2000]),
)
def test_no_more_moves_agrees_along_a_random_game(suits: int, shuffle: int, walk: list[int], max_nodes: int) -> None:
    game = Game.from_code(GameCode(suits, shuffle, TableRules()))
    for step in walk:
        position = game.public_position()
        native, expected = stuck_both_ways(position, max_nodes)
        assert native == expected
        # With the stock taken away no deal can help, so the search itself decides.
        native, expected = stuck_both_ways(replace(position, stock_count=0), max_nodes)
        assert native == expected
        actions = [str(action) for action in game.legal_actions()]
        if not actions or game.won:
            break
        game.play(actions[step % len(actions)])


@pytest.mark.parametrize(
    ("text", "stuck"),
    [(positions.NO_MOVE, True), (positions.SHUTTLE, True), (positions.REVEAL, False), (positions.SPLIT_TO_DEAL, False)],
)
def test_no_more_moves_agrees_on_the_crafted_positions(text: str, stuck: bool) -> None:
    position = Game.from_position(text).public_position()
    assert stuck_both_ways(position, 200_000) == (stuck, stuck)


@pytest.mark.parametrize(
    ("text", "stuck"),
    [(positions.TWO_STEPS, False), (positions.REVEAL, False), (positions.SHUTTLE, True), (positions.NO_MOVE, True)],
)
@pytest.mark.parametrize("key_bits", [1, 3])
def test_no_more_moves_is_not_fooled_by_positions_with_one_hash(text: str, stuck: bool, key_bits: int) -> None:
    # Hashes narrowed to a bit or three make nearly every position collide with another; told apart by
    # hash alone, the way out of TWO_STEPS (two moves deep) would look seen already, and "stuck" would be
    # claimed wrongly.
    position = Game.from_position(text).public_position()
    table, start = table_for(
        position.columns, position.face_down, None, position.rules.group, position.rules.deal, suits=position.suits
    )
    assert table.stuck(start, position.stock_count > 0, 10_000, 60, key_bits) is stuck
    assert no_more_moves(position) is stuck


def test_a_guess_in_order_refuses_a_position_with_more_face_down_cards_than_it_holds() -> None:
    game = Game.from_code(GameCode(2, 9, TableRules()))
    columns, down = game.columns, game.face_down
    hidden = [cards[:n] for cards, n in zip(columns, down, strict=True)]
    face_up = [cards[n:] for cards, n in zip(columns, down, strict=True)]
    order = [card for cards in hidden for card in cards][1:]
    table, start = table_for(face_up, down, game.stock, "classic", "filled", hidden, 2, order=order)
    with pytest.raises(ValueError, match="more face-down cards than the order holds"):
        table.children(start, table.score(start))
