"""The rules as the seed products' players know them: a preset keeps a code's group letter, and under manual
flip the king's refusal names the face-down pile that takes a king too."""

from __future__ import annotations

import json

import pytest

from spider import Game, IllegalMoveError
from spider.cli import main
from spider.game import open_game
from spider.rules import HELPS
from spider.text import message
from tests.engine.table import position

RELAXED = "SP1-S2R-AAAAAAB"


def test_replay_under_a_preset_plays_the_codes_group_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--code", RELAXED, "--preset", "casual", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["rules"]["group"] == "relaxed"  # the code's letter R
    assert state["rules"]["deal"] == "any" and state["rules"]["undo"] is None  # casual's own rules
    assert state["code"].startswith("SP1-S2R-AAAAAAB")


def test_every_preset_keeps_the_codes_group_letter() -> None:
    for preset in ("classic", "casual", "patience", "duel", "tabletop"):
        relaxed = open_game(RELAXED, preset)
        assert relaxed.rules.group == "relaxed" and relaxed.code is not None and "-S2R-" in relaxed.code
        assert open_game("SP1-S4C-ABCDEFG", preset).rules.group == "classic"


KING_ON_A_CARD = ["1|Ks", "1|2s", "3|", "1|As", "1|Ks", "1|As", "1|Ks", "1|As", "1|Ks", "1|As"]


def test_under_manual_flip_the_kings_refusal_names_the_face_down_pile() -> None:
    manual = Game.from_position(position(KING_ON_A_CARD, rules="1C-MAND"))
    with pytest.raises(IllegalMoveError) as refused:
        manual.play("1>2")
    assert refused.value.message_id == "refuse.king_manual"
    assert "face-down" in str(refused.value)
    manual.play("1>3")  # the pile of face-down cards takes the king, as the refusal says
    assert manual.face_up(3)[-1].rank == 13


def test_under_automatic_flip_the_king_goes_only_into_an_empty_column() -> None:
    auto = Game.from_position(position(["1|Ks", "1|2s"] + KING_ON_A_CARD[3:] + ["1|Ks"]))
    with pytest.raises(IllegalMoveError, match="A king goes only into an empty column.$"):
        auto.play("1>2")


@pytest.mark.parametrize("lang", ["en", "he", "pl", "nl", "pt"])
def test_the_manual_kings_refusal_is_its_own_sentence_in_every_language(lang: str) -> None:
    manual, plain = message("refuse.king_manual", lang), message("refuse.king", lang)
    assert manual and manual != plain and manual != message("refuse.king_manual", "en" if lang != "en" else "pl")


def test_classics_products_offer_neither_help() -> None:
    assert not HELPS["classic"].hints and not HELPS["classic"].no_more_moves
    assert HELPS["patience"].hints and HELPS["patience"].no_more_moves
