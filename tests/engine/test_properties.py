"""Properties that hold in every game: random deals, random actions, every preset and suit count."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from spider import PRESETS, Game, GameCode, TableRules
from spider.cards import Card, deck
from spider.codes import SHUFFLES
from spider.notation import rules_text

RANKS = "A23456789TJQK"

games = st.builds(
    lambda suits, shuffle, preset, relaxed: GameCode(
        suits, shuffle, PRESETS[preset].with_(group="relaxed" if relaxed else "classic")
    ),
    st.sampled_from([1, 2, 4]),
    st.integers(0, SHUFFLES - 1),
    st.sampled_from(sorted(PRESETS)),
    st.booleans(),
)
choices = st.lists(st.integers(0, 10_000), min_size=1, max_size=120)


def play_out(code: GameCode, picks: list[int]) -> tuple[Game, list[str]]:
    """Plays the legal action each pick chooses (picks past the list mean undo or redo)."""
    game = Game.from_code(code)
    played: list[str] = []
    for pick in picks:
        legal = [str(action) for action in game.legal_actions()]
        if pick % 17 == 0 and game.can_undo:
            text = "u"
        elif pick % 19 == 0 and game.can_redo:
            text = "r"
        elif legal:
            text = legal[pick % len(legal)]
        else:
            break
        game.apply_text(text)
        played.append(text)
    return game, played


def cards_in(game: Game) -> Counter[Card]:
    counted: Counter[Card] = Counter(game.stock)
    for column in game.columns:
        counted.update(column)
    for suit in game.runs:
        counted.update(Card.parse(rank + suit) for rank in RANKS)
    return counted


@settings(max_examples=60, deadline=None)
@given(games, choices)
def test_all_104_cards_are_always_accounted_for(code: GameCode, picks: list[int]) -> None:
    game, _ = play_out(code, picks)
    assert cards_in(game) == Counter(deck(code.suits))
    assert all(0 <= down <= len(column) for column, down in zip(game.columns, game.face_down, strict=True))


@settings(max_examples=60, deadline=None)
@given(games, choices)
def test_undo_after_any_action_gives_back_the_identical_state(code: GameCode, picks: list[int]) -> None:
    game, _ = play_out(code, picks[:-1])
    # The same table under rules whose undo reaches back across anything.
    fields = game.position().split(" ", 1)
    fields[0] = rules_text(game.suits, game.rules.with_(undo=None, undo_past="all"))
    unlimited = Game.from_position(" ".join(fields))
    before = unlimited.position()
    for action in unlimited.legal_actions():
        unlimited.play(action)
        unlimited.undo()
        assert unlimited.position() == before, str(action)


@settings(max_examples=40, deadline=None)
@given(games, choices)
def test_a_game_replayed_from_its_code_and_actions_is_identical(code: GameCode, picks: list[int]) -> None:
    game, played = play_out(code, picks)
    again = Game.from_code(game.code or "")
    for text in played:
        again.apply_text(text)
    assert again.position() == game.position()
    assert (again.can_undo, again.can_redo) == (game.can_undo, game.can_redo)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, SHUFFLES - 1), st.sampled_from([1, 2, 4]), choices)
def test_the_standard_score_never_falls_below_zero(shuffle: int, suits: int, picks: list[int]) -> None:
    game = Game.from_code(GameCode(suits, shuffle, TableRules()))
    game.score = 3  # start low, so that the floor is reached
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
        assert game.score >= 0


@settings(max_examples=30, deadline=None)
@given(games, choices)
def test_the_public_position_reads_back_and_matches_what_is_face_up(code: GameCode, picks: list[int]) -> None:

    game, _ = play_out(code, picks)
    position = game.public_position()
    assert position.columns == tuple(c[d:] for c, d in zip(game.columns, game.face_down, strict=True))
    assert position.stock_count == len(game.stock) and position.runs == game.runs
