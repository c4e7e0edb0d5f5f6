"""Fuzz every route: random methods, odd paths, random headers and random bodies; count the 5xx.

By default the app runs in this process (Starlette's test client, a fresh database in a temporary
folder, no background solving); with ``--serve`` the requests go over loopback to a real
``spider serve`` (uvicorn and its HTTP parser included) started on a free port with a temporary
database and ``SPIDER_POOL_TARGET=0``. A share of the requests aim at real games of the fuzzing
player, so that the handlers past the checks are reached too. Prints the requests tried, the answers
by status, and the first few requests answered with a 5xx (or with no answer at all).

    .venv/bin/python bench/fuzz.py [--requests 20000] [--seed 1] [--serve | --database URL]

Every loop is bounded by the request count.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import string
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from web import spider_serve

from spider.server.api import API
from spider.server.app import create_app
from spider.server.settings import Settings

METHODS = ["GET", "GET", "POST", "POST", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO"]
ODD_SEGMENTS = [
    "",
    "%00",
    "%ff%fe",
    "%ED%A0%80",  # a surrogate's UTF-8 form, not a character
    "..",
    "%2e%2e",
    "..%2F..%2Fetc%2Fpasswd",
    "a" * 300,
    "A" * 16,
    "é✓🂡",
    "%",
    "%zz",
    "x;y=z",
    "~",
    "current",
    "index.html",
    "css/spider.css",
    "js/main.js",
    "rules/en.html",
    "i18n/en.json",
    "a" * 5000,
    "A" * 15 + "%00",  # a game id's length with a NUL, which PostgreSQL's text cannot hold
    "A" * 15 + "%C2%B2",
]
ACTIONS = ["d", "u", "r", "f1", "1>2", "3>7:2", "10>1", "0>1", "11>2", "1>1", "d" * 17, "", " ", "\x00", "3>7:0"]
CONTENT_TYPES = [
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "",
    "application/json; charset=latin-1",
]


class Fuzzer:
    def __init__(self, rng: random.Random, game_ids: list[str], templates: dict[str, list[str]]) -> None:
        self.rng = rng
        self.game_ids = game_ids
        self.templates = templates  # path template: its methods

    def text(self, size: int = 12) -> str:
        rng = self.rng
        alphabet = string.printable + "é✓🂡\u200b\ufeff\x00\x7f\ud800\udfff\U0010ffff"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, size)))

    def value(self, depth: int = 0) -> Any:
        rng = self.rng
        kind = rng.randrange(12 if depth < 4 else 8)
        if kind == 0:
            return None
        if kind == 1:
            return rng.choice([True, False])
        if kind == 2:
            return rng.choice([0, 1, 2, 4, -1, 100, 400, 2**63, -(2**64), 10**30, 7])
        if kind == 3:
            return rng.choice([0.0, 100.0, 1.5, -0.0, 1e308, 2.0, 4.0])
        if kind in (4, 5):
            return self.text()
        if kind == 6:
            return rng.choice(ACTIONS + ["SP1-S1C-AAAAAAD", "SP1-S4R-ZZZZZZZ-MAND", "classic", "duel", "verified"])
        if kind == 7:
            return rng.choice(["random", "verified", "classic", "casual", "relaxed", "manual", "any", "no-reveal"])
        if kind in (8, 9):
            return [self.value(depth + 1) for _ in range(rng.randint(0, 4))]
        keys = ["suits", "deal", "rules", "preset", "code", "replay", "share", "action", "version", "undo", "flip"]
        return {
            rng.choice(keys) if rng.random() < 0.8 else self.text(6): self.value(depth + 1)
            for _ in range(rng.randint(0, 5))
        }

    def body(self) -> bytes | None:
        """A request body: usually JSON (often near-valid), sometimes raw odd bytes."""
        rng = self.rng
        kind = rng.randrange(16)
        if kind == 0:
            return None
        if kind == 1:
            return b""
        if kind == 2:
            return bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        if kind == 3:
            depth = rng.choice([10, 500, 5000, 8000])
            return b"[" * depth + b"]" * depth
        if kind == 4:
            return rng.choice([b'{"action": NaN}', b'{"suits": Infinity}', b'{"suits": 1e400}', b"{", b"nul", b'"d"'])
        if kind == 5:
            big = rng.choice([16 * 1024, 17 * 1024, 100 * 1024])
            return b'{"action": "d", "pad": "' + b"x" * big + b'"}'
        if kind == 6:
            return b'{"action": "' + rng.choice([b"\\ud800", b"\\udfff", b"\\ud83d\\udc1b", b"\\u0000"]) + b'"}'
        if kind == 7:
            return b'{"suits": 1' + b"0" * rng.choice([20, 400, 5000]) + b"}"  # past int()'s 4300 digits too
        if kind == 8:
            return b'{"action": "d"}'
        if kind == 9:
            return json.dumps({"action": rng.choice(ACTIONS)}).encode()
        if kind == 11:  # a new game that may well be accepted
            choices: dict[str, list[Any]] = {"suits": [1, 2, 4], "preset": ["classic", "duel"], "deal": ["random"]}
            return json.dumps(
                {key: rng.choice(values) for key, values in choices.items() if rng.random() < 0.5}
            ).encode()
        if kind == 10:
            return b'{"rules": {"undo": ' + rng.choice([b"100.0", b"true", b"1e2", b"-0", b"400"]) + b"}}"
        text = json.dumps(self.value(), ensure_ascii=rng.random() < 0.5)
        return text.encode("utf-8", errors="surrogatepass")

    def method_and_path(self) -> tuple[str, str]:
        """Mostly a route's own method (so that the handlers run), sometimes any."""
        rng = self.rng
        template = rng.choice(list(self.templates))
        method = rng.choice(self.templates[template]) if rng.random() < 0.75 else rng.choice(METHODS)
        return method, self.path(template)

    def path(self, template: str) -> str:
        rng = self.rng
        if "{game_id}" in template:
            use_real = self.game_ids and rng.random() < 0.6
            game = rng.choice(self.game_ids) if use_real else rng.choice(ODD_SEGMENTS)
            template = template.replace("{game_id}", game)
        if "{path:path}" in template:
            template = template.replace("{path:path}", rng.choice(ODD_SEGMENTS))
        # any other path parameter (a duel's id, a player's name, an exercise): odd text too
        template = re.sub(r"\{\w+\}", lambda _: rng.choice(ODD_SEGMENTS), template)
        if rng.random() < 0.1:
            template += rng.choice(["/", "//", "/x", "%00", "?", "#x", "/.."])
        if rng.random() < 0.3:
            name = rng.choice(["no_more_moves", "x", "no_more_moves", "%00", "a[]"])
            value = rng.choice(["0", "1", "true", "false", "2", "", "%ff", "%00", "é", "1&no_more_moves=0"])
            template += f"?{name}={value}"
        return template

    def headers(self, body: bytes | None) -> dict[str, str | bytes]:
        rng = self.rng
        headers: dict[str, str | bytes] = {}
        if body is not None and rng.random() < 0.9:
            headers["content-type"] = rng.choice(CONTENT_TYPES)
        choices: list[tuple[str, list[str | bytes]]] = [
            ("accept-encoding", ["gzip", "br, gzip;q=0", "*", "identity"]),
            ("if-none-match", ['"abc"', "*", 'W/"x"', ""]),
            ("cookie", ["spider_player=" + "A" * 43, "spider_player=", "a=b; spider_player=x", "%%%", '"; ;']),
            ("origin", ["null", "http://testserver", "https://evil.example", "http://127.0.0.1", "::", "http://["]),
            ("sec-fetch-site", ["same-origin", "cross-site", "same-site", "none", "weird"]),
            ("x-forwarded-proto", ["https", "http", "gopher"]),
            ("x-forwarded-for", ["1.2.3.4", "not an address", "::1, 10.0.0.1"]),
            ("range", ["bytes=0-10", "bytes=x"]),
            ("expect", ["100-continue"]),
            ("x-odd", ["é".encode(), b"\xff\xfe", "a\tb", "a" * 1000]),
            ("cookie", ["spider_player=é".encode(), b"spider_player=\xff" * 10]),
        ]
        for name, values in choices:
            if rng.random() < 0.06:
                headers[name] = rng.choice(values)
        return headers


def describe(method: str, path: str, headers: dict[str, str | bytes], body: bytes | None) -> str:
    shown = body if body is None or len(body) <= 120 else body[:120] + b"..."
    return f"{method} {path[:160]} headers={headers} body={shown!r}"


@contextmanager
def in_process(database: str | None) -> Iterator[tuple[Any, str]]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database=database or str(Path(folder) / "fuzz.sqlite"), pool_target=0, verify_seconds=0.2)
        with TestClient(create_app(settings), raise_server_exceptions=False) as client:
            yield client, "in process (Starlette test client)"


@contextmanager
def over_loopback() -> Iterator[tuple[Any, str]]:
    with tempfile.TemporaryDirectory() as folder:
        log, database = Path(folder) / "server.log", Path(folder) / "fuzz.sqlite"
        with spider_serve(database, log) as (url, _), httpx.Client(base_url=url, timeout=30) as client:
            yield client, f"spider serve at {url}"
        print(f"server log: {log.read_text(errors='replace').count('Traceback')} tracebacks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", action="store_true", help="fuzz a real spider serve over loopback")
    parser.add_argument("--database", help="in process: this database (an SQLAlchemy URL) instead of a new SQLite file")
    parser.add_argument("--show", type=int, default=5, help="failing requests to print")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    templates: dict[str, list[str]] = {}
    for endpoint in API:  # every path of the API, with the methods its routes answer (HEAD beside GET)
        methods = templates.setdefault(endpoint.path, [])
        methods[:] = sorted({*methods, endpoint.method, *(["HEAD"] if endpoint.method == "GET" else [])})
    statuses: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    began = time.perf_counter()
    with over_loopback() if args.serve else in_process(args.database) as (client, where):
        game_ids: list[str] = []
        for suits in (1, 2, 4):
            response = client.post("/api/games", json={"suits": suits})
            if response.status_code == 201:
                game_ids.append(response.json()["id"])
        fuzzer = Fuzzer(rng, game_ids, templates)
        for _ in range(args.requests):
            method, path = fuzzer.method_and_path()
            body = fuzzer.body() if method not in ("GET", "HEAD") or rng.random() < 0.1 else None
            headers = fuzzer.headers(body)
            try:
                response = client.request(method, path, content=body, headers=headers)
            except (httpx.TransportError, httpx.InvalidURL, UnicodeError, ValueError) as error:
                # raised before a request is sent (a URL or header httpx will not write) or no answer came
                sent = isinstance(error, httpx.TransportError) and not isinstance(error, httpx.LocalProtocolError)
                statuses["no answer" if sent else "not sendable"] += 1
                if sent:
                    failures.append(f"{describe(method, path, headers, body)} -> {error!r}")
                continue
            statuses[str(response.status_code)] += 1
            if response.status_code >= 500 and response.status_code != 503:
                failures.append(
                    f"{describe(method, path, headers, body)} -> {response.status_code} {response.text[:200]}"
                )
            elif response.status_code >= 400 and method != "HEAD":
                body_json = response.json()
                if set(body_json) != {"error", "message_id"}:
                    failures.append(f"{describe(method, path, headers, body)} -> not an error object: {body_json}")
    seconds = time.perf_counter() - began
    server_errors = sum(count for status, count in statuses.items() if status.startswith("5"))
    print(f"fuzz: {args.requests} requests over {len(templates)} routes, {where}, seed {args.seed}, {seconds:.1f} s")
    print("answers: " + ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items())))
    print(f"5xx: {server_errors} (503 busy: {statuses['503']}); failing requests: {len(failures)}")
    for failure in failures[: args.show]:
        print("  " + failure)


if __name__ == "__main__":
    main()
