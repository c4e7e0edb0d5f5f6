"""The game ``spider play`` keeps on disk when the player leaves it, so that the next ``spider play``
offers to go on with it (as KPatience and PySolFC keep the game on quit).

It is a small JSON file of its own in the user's data folder, beside the web server's SQLite file
(``terminal-game.json``): the terminal has no player token and no server, and a file of a few hundred
bytes needs neither SQLAlchemy nor a schema, so ``spider play`` starts as fast as before. It holds the
deal's code, its table rules, every action in notation (``u`` and ``r`` included, so that undo and
redo come back as they were) and the seconds played. It is written to a temporary file in the same
folder, flushed to disk, then renamed over the old one: a crash mid-write leaves the old file whole.

>>> import tempfile
>>> from spider import Game
>>> folder = Path(tempfile.mkdtemp())
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> game.play("d")
[...]
>>> keep(folder / "kept.json", KeptGame.of(game, ["d", "u", "r"], 12.5))
>>> kept = read(folder / "kept.json")
>>> kept.actions, kept.seconds, kept.game().deals_left, kept.game().can_undo
(('d', 'u', 'r'), 12.5, 4, True)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spider.errors import SpiderError
from spider.folders import data_folder
from spider.game import Game
from spider.rules import TableRules

FILE_NAME = "terminal-game.json"
FORMAT = "spider-terminal-game"
VERSION = 1


def default_path() -> Path:
    """Where ``spider play`` keeps its game: the user's data folder, beside the server's SQLite file."""
    return data_folder() / FILE_NAME


class UnreadableKeptGame(ValueError):
    """The kept game's file is not one ``spider play`` wrote, or it no longer plays."""


@dataclass(frozen=True, slots=True)
class KeptGame:
    """A game left unfinished: its deal, its table rules, its actions in order and its time."""

    code: str
    rules: TableRules
    actions: tuple[str, ...]
    seconds: float
    preset: str | None = None

    @classmethod
    def of(cls, game: Game, actions: Iterable[str], seconds: float, preset: str | None = None) -> KeptGame:
        if game.code is None:
            raise ValueError("only a game dealt from a code can be kept")
        return cls(game.code, game.rules, tuple(actions), seconds, preset)

    def game(self) -> Game:
        """The game as it was left, undo and redo history included."""
        return Game.replay(self.code, self.rules, self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "code": self.code, "rules": self.rules.to_json(),
            "preset": self.preset, "actions": list(self.actions), "seconds": round(self.seconds, 3),
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Any) -> KeptGame:
        """Reads a kept game, and plays it again to be sure it plays; raises :class:`UnreadableKeptGame`."""
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
                raise UnreadableKeptGame("not a kept game of this version")
            actions, seconds, preset = data["actions"], data["seconds"], data.get("preset")
            if not (isinstance(actions, list) and all(isinstance(action, str) for action in actions)):
                raise UnreadableKeptGame("actions")
            if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds < 0:
                raise UnreadableKeptGame("seconds")
            if not isinstance(data["code"], str) or not (preset is None or isinstance(preset, str)):
                raise UnreadableKeptGame("code")
            kept = cls(data["code"], TableRules.from_json(data["rules"]), tuple(actions), float(seconds), preset)
            kept.game()
        except (KeyError, TypeError, SpiderError) as error:
            raise UnreadableKeptGame(str(error)) from error
        return kept


def read(path: Path) -> KeptGame | None:
    """The kept game, or None when there is none; raises :class:`UnreadableKeptGame` for a file that is
    not one (left where it is: :func:`set_aside` moves it out of the way)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise UnreadableKeptGame(str(error)) from error
    try:
        data = json.loads(text)
    except ValueError as error:
        raise UnreadableKeptGame(str(error)) from error
    return KeptGame.from_json(data)


def keep(path: Path, kept: KeptGame) -> None:
    """Writes the kept game: to a temporary file in the same folder, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(kept.to_json(), file, ensure_ascii=False)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def forget(path: Path) -> None:
    """Removes the kept game: it was won, given up, or taken up again and then left for another."""
    path.unlink(missing_ok=True)


def set_aside(path: Path) -> Path:
    """Moves an unreadable file out of the way, to a name of its own beside it that no later file takes
    (``terminal-game.unreadable-1.json``, then ``-2``…), and returns that name."""
    number = 1
    while (aside := path.with_name(f"{path.stem}.unreadable-{number}{path.suffix}")).exists():
        number += 1
    os.replace(path, aside)
    return aside
