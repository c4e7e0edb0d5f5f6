"""The user's data folder: where Spider keeps what it stores on this machine, the server's SQLite file
(``spider.databases``) and the game ``spider play`` keeps (``spider.terminal.kept``). A module of its own,
light enough for the terminal, which never loads SQLAlchemy."""

from __future__ import annotations

from pathlib import Path

import platformdirs


def data_folder() -> Path:
    """The folder (on Linux ``~/.local/share/spider/``)."""
    return platformdirs.user_data_path("spider")
