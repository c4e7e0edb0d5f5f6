"""Computer players: they play from what they see, and the stronger wins at least as often."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from spider import Game, TableRules
from spider.cards import deck
from spider.cli import main
from spider.codes import GameCode
from spider.notation import Position, parse_position
from spider.players import STRENGTHS, Player, Plays, play_game
from spider.players.determinize import (
    Line,
    imagined,
    judge,
    judge_deal,
    laid_out,
    sample,
    sample_table,
    search_sample,
    solve_sample,
    unseen_cards,
)
from spider.solver.convert import action_code, cards_code
from spider.solver.hint import deal_possible
from tests.solver import positions

SAMPLE = [GameCode(1, shuffle, TableRules()) for shuffle in range(1, 3)]


def test_stronger_players_win_at_least_as_often() -> None:
    # The master is left to bench/players.py: a game of its takes half a minute.
    strengths = ("beginner", "casual", "expert")
    wins = {
        strength: sum(play_game(Game.from_code(code), Player(strength, seed=n)).won for n, code in enumerate(SAMPLE))
        for strength in strengths
    }
    assert wins["beginner"] <= wins["casual"] <= wins["expert"], wins
    assert wins["expert"] >= 1, wins


@pytest.mark.parametrize("strength", STRENGTHS)
def test_players_choose_legal_actions_from_the_public_position(strength: str) -> None:
    game = Game.from_code(GameCode(2, 5, TableRules()))
    player = Player(strength, seed=1)  # type: ignore[arg-type]
    for _ in range(6 if strength == "master" else 20):
        action = player.next_action(game.public_position())
        if action is None:
            break
        assert action in {str(legal) for legal in game.legal_actions()}
        game.play(action)


def test_a_player_is_never_shown_the_face_down_cards() -> None:
    with pytest.raises(ValueError, match="public position"):
        Player("master").next_action(parse_position(Game.from_code(SAMPLE[0]).position()))


def _same_table_other_unseen_cards(game: Game, shuffle: int, kept: int) -> Game:
    """The game with the same face-up cards and the same ``kept`` face-down cards at the top of each
    column; the deeper face-down cards and the stock are laid out in another order."""
    deep = [cards[: max(0, down - kept)] for cards, down in zip(game.columns, game.face_down, strict=True)]
    unseen = [card for cards in deep for card in cards] + list(game.stock)
    random.Random(shuffle).shuffle(unseen)
    columns, taken = [], 0
    for cards, under in zip(game.columns, deep, strict=True):
        columns.append(unseen[taken : taken + len(under)] + list(cards[len(under) :]))
        taken += len(under)
    return Game(game.suits, game.rules, columns, game.face_down, unseen[taken:])


@pytest.mark.parametrize(("strength", "suits", "limit"), [("expert", 2, 40), ("master", 1, 6)])
def test_the_unseen_cards_do_not_change_a_players_decisions(strength: str, suits: int, limit: int) -> None:
    """Two games that differ only in the face-down cards and the stock order get the same actions from
    players with the same seed, until a card that differs is turned up or dealt."""
    players = [Player(strength, seed=7), Player(strength, seed=7)]  # type: ignore[arg-type]
    assert alike_until_a_different_card(players, suits, limit) >= 6


def alike_until_a_different_card(players: Sequence[Plays], suits: int, limit: int) -> int:
    """How many actions two players (of the same seed) make alike in two games that differ only in the
    face-down cards and the stock order, until a card that differs is turned up or dealt (at most ``limit``);
    asserts that their actions are the same."""
    games = [Game.from_code(GameCode(suits, 11, TableRules()))]
    games.append(_same_table_other_unseen_cards(games[0], 1, kept=3))
    assert games[0].stock != games[1].stock and games[0].columns != games[1].columns
    same = 0
    while games[0].position(public=True) == games[1].position(public=True) and same < limit:
        public = games[0].public_position()
        actions = [player.next_action(public) for player in players]
        assert actions[0] == actions[1], (same, actions)
        if actions[0] is None:
            break
        for game, action in zip(games, actions, strict=True):
            game.play(action)
        same += 1
    return same  # at least 6 for the games to have stayed alike long enough for the comparison to mean something


def test_a_sample_holds_exactly_the_cards_not_seen() -> None:
    game = Game.from_code(GameCode(4, 3, TableRules()))
    game.play("d")
    position = game.public_position()
    guess = sample(position, random.Random(5))
    assert [len(cards) for cards in guess.hidden] == list(game.face_down)
    assert len(guess.stock) == len(game.stock)
    visible = [card for cards, down in zip(game.columns, game.face_down, strict=True) for card in cards[down:]]
    assert Counter(visible) + Counter(unseen_cards(position)) == Counter(deck(4))
    assert Counter(card for cards in guess.hidden for card in cards) + Counter(guess.stock) == Counter(
        unseen_cards(position)
    )


def test_in_a_guess_the_next_card_up_is_the_same_whichever_column_is_dug() -> None:
    """Nothing a player sees tells one column's face-down cards from another's, so a guess must not either:
    the card it turns up next is its next one, whichever column is dug."""
    position = Game.from_code(GameCode(2, 4, TableRules())).public_position()
    guess = sample(position, random.Random(1))
    table, start = sample_table(position, guess)
    shown = {
        column: child[0][column]
        for _, _, child in table.children(start, table.score(start), exact=True)
        for column in range(10)
        if child[1][column] < start[1][column]
    }
    assert len(shown) >= 2
    assert set(shown.values()) == {cards_code(guess.order[:1])}


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_a_line_searched_in_a_guess_plays_the_same_through_the_rules_engine(suits: int) -> None:
    """A player in a duel scores a guess's line by playing it through the rules engine: with the guess's
    cards laid where the line turns them up, the engine turns up the cards the search did."""
    position = Game.from_code(GameCode(suits, 6, TableRules())).public_position()
    guess = sample(position, random.Random(2))
    line = search_sample(position, guess, 3000)
    game = imagined(position, laid_out(position, guess, line.actions))
    table, state = sample_table(position, guess)
    for text in line.actions:
        game.play(text)
        state = table.apply(state, action_code(state, text))
        face_up = [cards[down:] for cards, down in zip(game.columns, game.face_down, strict=True)]
        assert tuple(map(cards_code, face_up)) == state[0]
    assert sum(position.face_down) - sum(game.face_down) >= 3


def test_a_player_does_not_play_in_circles() -> None:
    game = Game.from_code(GameCode(4, 8, TableRules()))
    result = play_game(game, Player("beginner", seed=3), max_actions=5000)
    assert result.actions < 5000


def test_unknown_strength() -> None:
    with pytest.raises(ValueError, match="unknown player strength"):
        Player("grandmaster")  # type: ignore[arg-type]


def test_autoplay_prints_a_line_that_replays_to_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "SP1-S1C-AAAAAAD", "--strength", "casual", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"code", "strength", "won", "runs", "score", "actions", "line", "seconds"}
    assert result["code"] == "SP1-S1C-AAAAAAD" and result["strength"] == "casual"
    assert len(result["line"].split()) == result["actions"] > 0
    assert main(["replay", "--code", "SP1-S1C-AAAAAAD", "--moves", result["line"], "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert (state["won"], len(state["runs"]), state["score"]) == (result["won"], result["runs"], result["score"])


@pytest.mark.parametrize(("strength", "suits"), [("casual", 2), ("expert", 1)])
def test_in_a_duel_a_player_finishes_when_nothing_more_is_worth_points(strength: str, suits: int) -> None:
    game = Game.from_code(GameCode(suits, 4, TableRules.preset("duel")))
    player = Player(strength, seed=2)  # type: ignore[arg-type]
    scores = [game.score]
    while len(scores) < 1500:
        action = player.next_action(game.public_position(), seconds_left=600.0)
        if action is None:
            break
        game.play(action)
        scores.append(game.score)
    assert action is None or game.won
    assert game.score > 0
    assert not game.stock  # dealing costs a point but brings cards to place: every deal is made
    # The last actions earned points: no long wander that costs a point a move at the end.
    assert game.score >= max(scores) - 3, (game.score, max(scores))


def test_in_a_duel_a_computer_opponents_pace_counts_on_the_clock() -> None:
    # 10 s on the clock, 4 s of pace before each action and no thinking (the clock stands still):
    # the third action would begin after 8 s and need 12.
    game = Game.from_code(GameCode(1, 4, TableRules.preset("duel")))
    result = play_game(game, Player("casual", seed=2), clock=lambda: 0.0, time_limit=10.0, pace=4.0)
    assert result.actions == 2


def test_an_action_thought_past_the_time_is_not_played() -> None:
    ticks = iter(range(0, 1000, 3))  # each action's thinking takes 3 s by this clock
    game = Game.from_code(GameCode(1, 4, TableRules.preset("duel")))
    result = play_game(game, Player("casual", seed=2), clock=lambda: float(next(ticks)), time_limit=10.0, pace=1.0)
    # 4 s an action: two fit in 10 s, the third ends at 12 s, after the time is up
    assert result.actions == 2 and result.seconds == 9.0


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_a_solved_guess_is_followed_only_until_a_card_is_seen(suits: int) -> None:
    """The solver's winning line in a guess knows the guessed cards; a player may follow it only while
    nothing new is seen: up to the first card turned up (that move included), and never into a deal."""
    game = Game.from_code(GameCode(suits, 23, TableRules()))
    position = game.public_position()
    guess = sample(position, random.Random(3))
    line = solve_sample(position, guess, 300_000)
    assert line is not None and line.won and line.actions
    guessed = imagined(position, guess)
    for action in line.actions[:-1]:
        guessed.play(action)
        assert guessed.face_down == game.face_down and len(guessed.stock) == len(game.stock)
        assert action != "d"
    guessed.play(line.actions[-1])
    assert sum(guessed.face_down) < sum(game.face_down)


@pytest.mark.parametrize(("suits", "seconds"), [(1, 5.0), (2, 5.0), (4, 5.0), (2, 0.0)])
def test_the_judged_line_is_a_proposed_line_up_to_its_first_card_turned_up(suits: int, seconds: float) -> None:
    """The judge plays one of the lines the guesses propose, only as far as its moves are the same whatever
    the unseen cards are: it turns up at most one card, with its last move, and never deals. With no time
    left it still answers, from one guess."""
    game = Game.from_code(GameCode(suits, 31, TableRules()))
    position = game.public_position()
    generator = random.Random(5)
    guesses = [sample(position, generator) for _ in range(6)]
    proposed = [search_sample(position, guess, 3000).actions for guess in guesses]
    assert len(set(proposed)) > 1
    chosen = judge(position, guesses, proposed, 1000, seconds)
    assert chosen and any(actions[: len(chosen)] == chosen for actions in proposed)
    for guess in guesses:
        guessed = imagined(position, guess)
        for action in chosen[:-1]:
            guessed.play(action)
            assert guessed.face_down == game.face_down and len(guessed.stock) == len(game.stock)
        guessed.play(chosen[-1])
        assert len(guessed.stock) == len(game.stock)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_player_never_completes_a_run_that_leaves_too_few_cards_to_deal(strength: str) -> None:
    game = Game.from_position(positions.TOO_FEW_TO_DEAL)
    player = Player(strength, seed=3)  # type: ignore[arg-type]
    for _ in range(8):
        action = player.next_action(game.public_position())
        assert action is not None and action != "2>1", action
        game.play(action)
        assert sum(len(cards) for cards in game.columns) >= 10


def _opening_and_a_move(suits: int = 4) -> tuple[Position, str]:
    """An opening (4 suits unless told), with a move a guess's search would make there."""
    position = Game.from_code(GameCode(suits, 31, TableRules())).public_position()
    return position, search_sample(position, sample(position, random.Random(1)), 3000).actions[0]


@pytest.mark.parametrize("won", [1, 20])
def test_the_solvers_lines_lead_only_when_it_wins_half_the_guesses(won: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On 4 suits the solver wins few guesses for most of a game. A master whose solver wins one guess of its
    twenty asks it no more once half cannot be won, and searches every guess for a line of its own; when the
    solver wins them all, its line is played and no guess is searched."""
    import spider.players.player as player_module

    position, move = _opening_and_a_move()
    asked, searched = [], []

    def solver(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        asked.append(guess)
        return Line((move,), True, 100) if len(asked) <= won else None

    def search(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        searched.append(guess)
        return search_sample(position, guess, 500, seconds)

    monkeypatch.setattr(player_module, "solve_sample", solver)
    monkeypatch.setattr(player_module, "search_sample", search)
    action = Player("master", seed=2).next_action(position)
    if won == 1:
        assert len(asked) == 12 and len(searched) == 20  # after 11 lost guesses, at most 9 more can be won
    else:
        assert len(asked) == 20 and not searched and action == move


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_master_asks_the_solver_on_1_and_4_suits_only(suits: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On 2 suits master wins more by searching each guess for its best position before a deal than by
    following a solver that knows the guessed stock: there it never asks the solver, even one that would win
    every guess."""
    import spider.players.player as player_module

    position, move = _opening_and_a_move(suits)
    asked, searched = [], []

    def solver(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        asked.append(guess)
        return Line((move,), True, 100)

    def search(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        searched.append(guess)
        return Line((move,), False, 0)

    monkeypatch.setattr(player_module, "solve_sample", solver)
    monkeypatch.setattr(player_module, "search_sample", search)
    assert Player("master", seed=2).next_action(position) == move
    if suits == 2:
        assert not asked and len(searched) == 20
    else:
        assert len(asked) == 20 and not searched


def test_a_solvers_line_that_deals_at_once_is_no_vote_for_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the searches lead, a solver's line that deals at once knows the stock: with half the searched
    guesses making a move and half seeing none, the one such line must not tip master into dealing."""
    import spider.players.player as player_module

    position, move = _opening_and_a_move()
    asked, searched = [], []

    def solver(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        asked.append(guess)
        return Line((), True, 100) if len(asked) == 1 else None

    def search(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        searched.append(guess)
        return Line((move,) if len(searched) % 2 else (), False, 0)

    monkeypatch.setattr(player_module, "solve_sample", solver)
    monkeypatch.setattr(player_module, "search_sample", search)
    assert deal_possible(position)
    assert Player("master", seed=2).next_action(position) == move
    assert len(searched) == 20


# Expert's 2-suit game of shuffle 31 (seed 1) up to its second deal, where no guess sees a move worth it.
AT_ITS_BEST_BEFORE_A_DEAL = (
    "8>1 8>5 2>8 9>7 2>9 5>2 1>10 1>5 2>4 2>4 2>10 8>2 7>8 1>10 7>5 d 2>4 2>8 9>2:1 9>6 1>2 9>4 "
    "1>2 10>3 10>1 9>10 1>3 9>8 2>9:1 1>2 8>7 10>1:4 10>4 1>4 8>1:3"
)


def _moves(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions() if str(action) != "d"]


def test_the_second_opinion_before_a_deal_keeps_a_line_only_where_it_beats_dealing_now() -> None:
    """In the opening every move turns up a card, which tidies the table in every guess, so a line of one
    such move beats dealing at once. Where no guess sees a move worth making, a move that turns up nothing
    does no better than the table as it is, and the deal is made."""
    game = Game.from_code(GameCode(2, 31, TableRules()))
    opening = game.public_position()
    guesses = [sample(opening, random.Random(seed)) for seed in range(8)]
    for move in _moves(game):
        assert judge_deal(opening, guesses, [(), (move,)], 1000, 5.0) == (move,)
    for action in AT_ITS_BEST_BEFORE_A_DEAL.split():
        game.play(action)
    position = game.public_position()
    guesses = [sample(position, random.Random(seed)) for seed in range(8)]
    assert not any(search_sample(position, guess, 3000).actions for guess in guesses)
    assert _moves(game)
    for move in _moves(game):
        assert judge_deal(position, guesses, [(move,)], 1000, 5.0) == ()


@pytest.mark.parametrize(("suits", "at_its_best"), [(2, False), (2, True), (4, False)])
def test_a_player_deals_against_a_few_guesses_only_on_the_judges_second_opinion(
    suits: int, at_its_best: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Expert's four guesses: three see no move worth making before a deal and one proposes a move. In a
    2-suit opening that move turns up a card, so the judge plays it rather than deal; where the table is at
    its best before a deal, a move that turns up nothing is not worth it, and the player deals. On 4 suits
    the deal is not judged: the vote deals."""
    import spider.players.player as player_module

    game = Game.from_code(GameCode(suits, 31, TableRules()))
    for action in AT_ITS_BEST_BEFORE_A_DEAL.split() if at_its_best else ():
        game.play(action)
    position = game.public_position()
    move = _moves(game)[0]
    searched = []

    def search(position, guess, nodes, seconds=None):  # type: ignore[no-untyped-def]
        searched.append(guess)
        return Line((move,) if len(searched) == 4 else (), False, 0)

    monkeypatch.setattr(player_module, "search_sample", search)
    assert deal_possible(position)
    assert Player("expert", seed=2).next_action(position) == ("d" if at_its_best or suits == 4 else move)
    assert len(searched) == 4
