"""Settings come from SPIDER_* variables with types and defaults in one place."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from spider.databases import database_url, default_database
from spider.server.commands import add_commands
from spider.server.settings import Settings


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert (settings.host, settings.port, settings.max_body) == ("127.0.0.1", 8000, 16384)
    assert settings.no_more_moves is True and settings.pool_target > 0


def test_the_default_database_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database() == str(tmp_path / "spider" / "spider.sqlite")
    assert Settings.from_env({}).database == str(tmp_path / "spider" / "spider.sqlite")


def test_environment_values_are_typed() -> None:
    settings = Settings.from_env(
        {"SPIDER_PORT": "9000", "SPIDER_NO_MORE_MOVES": "off", "SPIDER_VERIFY_SECONDS": "1.5", "OTHER": "x"}
    )
    assert settings.port == 9000 and settings.no_more_moves is False and settings.verify_seconds == 1.5


def test_the_environment_is_the_processs_unless_one_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIDER_PORT", "9000")
    assert Settings.from_env().port == 9000
    assert Settings.from_env({}).port == 8000 and Settings().port == 8000  # a given one, or values alone
    monkeypatch.setenv("SPIDER_PORT", "ninety")
    with pytest.raises(ValueError, match="^SPIDER_PORT must be a whole number, not 'ninety'$"):
        Settings.from_env()


def test_arguments_win_over_the_environment() -> None:
    settings = Settings.from_env({"SPIDER_PORT": "9000", "SPIDER_HOST": "0.0.0.0"}, port=9100, host=None)
    assert settings.port == 9100 and settings.host == "0.0.0.0"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("SPIDER_PORT", "eighty", "SPIDER_PORT must be a whole number, not 'eighty'"),
        ("SPIDER_CACHE_SIZE", "-1", "SPIDER_CACHE_SIZE must not be negative"),
        ("SPIDER_ACCESS_LOG", "perhaps", "SPIDER_ACCESS_LOG must be 1 or 0"),
        ("SPIDER_HINT_NODES", "1e3", "SPIDER_HINT_NODES must be a whole number"),
        ("SPIDER_VERIFY_SECONDS", "nan", "SPIDER_VERIFY_SECONDS must not be negative"),
        ("SPIDER_DATABASE", "", "SPIDER_DATABASE must not be empty"),
        ("SPIDER_DAILY_FIRST_DAY", "2026-02-30", "SPIDER_DAILY_FIRST_DAY must be a day written YYYY-MM-DD"),
    ],
)
def test_bad_values_are_named(name: str, value: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Settings.from_env({name: value})


def test_a_database_is_a_path_or_a_url() -> None:
    assert database_url("/data/games.sqlite") == "sqlite:////data/games.sqlite"
    assert database_url("postgresql://spider@db/spider") == "postgresql+psycopg://spider@db/spider"


def test_spider_serve_takes_host_port_and_database() -> None:
    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers())
    args = parser.parse_args(["serve", "--host", "0.0.0.0", "--port", "9001", "--database", "/tmp/x.sqlite"])
    assert (args.host, args.port, args.database) == ("0.0.0.0", 9001, "/tmp/x.sqlite")
    assert callable(args.run)


def test_the_app_makes_its_database_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    from spider.server.app import create_app

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings = Settings.from_env({}, pool_target=0, solver_workers=0)
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/games", json={"suits": 1}).status_code == 201
    assert (tmp_path / "data" / "spider" / "spider.sqlite").is_file()


def test_spider_serve_names_a_database_it_cannot_open(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spider.cli import main

    assert main(["serve", "--database", str(tmp_path), "--port", "1"]) == 2  # a folder is no database
    assert f"cannot open the database {tmp_path}" in capsys.readouterr().err


def test_spider_serve_names_a_bad_setting(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from spider.cli import main

    monkeypatch.setenv("SPIDER_CACHE_SIZE", "lots")
    assert main(["serve"]) == 2
    assert "SPIDER_CACHE_SIZE must be a whole number, not 'lots'" in capsys.readouterr().err
