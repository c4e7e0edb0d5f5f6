"""The clairvoyance measure (issue 53): a game played from the solver's line is flagged, an honest computer game
is not, the same game always gives the same figure, and the guesses at the unseen cards hold exactly what the
player could not know."""

from __future__ import annotations

import json
import random
from collections import Counter

from spider import Game
from spider.cards import Card
from spider.fairplay import fairplay, measure
from spider.fairplay.evidence import Evidence
from spider.fairplay.fills import Sight, real_fill
from spider.players import Player, play_game
from spider.players.determinize import unseen_cards
from spider.solver import solve

# Fixed tuning deals (shuffles below 1000), as bench/fairplay.py plays them.
SOLVED = "SP1-S2C-AAAAAAM"  # 2 suits, shuffle 12: the solver wins it at once
HONEST = "SP1-S1C-AAAAAAM"  # 1 suit, shuffle 12


def test_a_win_played_from_the_solvers_line_is_flagged_with_evidence_in_card_words() -> None:
    line = solve(Game.from_code(SOLVED), max_nodes=300_000).line
    assert Game.replay(SOLVED, None, line).won
    verdict = fairplay(SOLVED, None, line)
    assert verdict.flagged and verdict.score >= 4.6
    assert verdict.evidence, "a flagged game tells a moderator why"
    for item in verdict.evidence:
        assert item.played == line[item.at] and item.sighted != item.played
        assert item.text().startswith(f"Action {item.at + 1}, {item.played}: a player who sees only the face-up")


def test_the_evidence_kept_as_plain_values_is_told_again_in_a_moderators_language() -> None:
    line = solve(Game.from_code(SOLVED), max_nodes=300_000).line
    for item in fairplay(SOLVED, None, line).evidence:
        kept = json.loads(json.dumps(item.to_json()))
        again = Evidence.from_json(kept)
        assert again is not None and again.text() == kept["text"]
        assert again.text("he").startswith(f"פעולה {item.at + 1}, \u2066{item.played}\u2069:")
        assert again.text("pl") == item.text("pl")
    assert Evidence.from_json({"at": 3, "played": "d", "sighted": "1>2", "text": "as the check told it"}) is None


def test_an_honest_computer_game_is_not_flagged() -> None:
    result = play_game(Game.from_code(HONEST), Player("casual", seed=3))
    verdict = fairplay(HONEST, None, result.line)
    assert verdict.decisions > 10
    assert not verdict.flagged and verdict.score < 4.6


def test_the_same_game_gives_the_same_figure_and_plain_values() -> None:
    actions = solve(Game.from_code(SOLVED), max_nodes=300_000).line[:16]
    first, again = measure(SOLVED, None, actions), measure(SOLVED, Game.from_code(SOLVED).rules.to_json(), actions)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    assert json.loads(json.dumps(first)) == first


def test_guesses_hold_the_unseen_cards_and_a_card_seen_before_an_undo_stays_where_it_was_seen() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    sight = Sight(game)
    events = game.apply_text("1>8")  # turns up the card under column 1's 8
    turned: Card = events[-1].card  # type: ignore[union-attr]
    sight.saw(game)
    game.apply_text("u")
    sight.saw(game)
    position = game.public_position()
    real = real_fill(game)
    generator = random.Random(1)
    for _ in range(5):
        guess = sight.sampled(game, position, generator)
        held = Counter([*(card for cards in guess.hidden for card in cards), *guess.stock])
        assert held == Counter([*unseen_cards(position)])
        assert guess.hidden[0][-1] == turned == real.hidden[0][-1]
        assert [len(cards) for cards in guess.hidden] == list(position.face_down)
