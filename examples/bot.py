"""A Spider bot: plays duels on a Spider server with one of the computer players of ``spider.players``.

Make the bot at the server first (as a player with a name of your own)::

    curl -b cookies -c cookies -X POST -H 'content-type: application/json' \\
         -d '{"name": "My Bot"}' http://127.0.0.1:8000/api/bots      # answers its token, shown once

then run it with that token::

    SPIDER_BOT_TOKEN=spb_... .venv/bin/python examples/bot.py --url http://localhost:8000 --strength expert

It reads its events from ``GET /api/bots/stream`` (newline-delimited JSON), accepts every invitation,
plays each duel it is in through the duel routes, and with ``--open`` opens a table of its own (for a
person, or against a computer player) whenever it has none. ``--duels N`` stops after N duels have ended.
Only the standard library and the ``spider`` package are used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
import zlib
from typing import Any

from spider.cards import Card
from spider.notation import Position
from spider.players import STRENGTHS, Player
from spider.rules import TableRules


class Server:
    """The server's API, spoken with the bot's bearer token."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """The answer's status and JSON; waits and asks again when the token's budget is spent (429)."""
        data = None if body is None else json.dumps(body).encode()
        for _ in range(20):
            request = urllib.request.Request(self.url + path, data=data, method=method, headers=self.headers)
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    return answer.status, json.loads(answer.read() or b"null")
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(float(error.headers.get("retry-after", "1")))
                    continue
                return error.code, json.loads(error.read() or b"null")
        return 429, None

    def stream(self) -> Any:
        """The bot's events, one JSON object a line, as they come."""
        request = urllib.request.Request(self.url + "/api/bots/stream", headers=self.headers)
        with urllib.request.urlopen(request, timeout=120) as answer:
            for line in answer:
                if line.strip():
                    yield json.loads(line)


def position(view: dict[str, Any]) -> Position:
    """The public position a duel view shows (face-down cards and the stock only counted).

    The view does not say which face-up cards have earned their same-suit bonus already; they are taken
    as not earned, which changes the player's reckoning of points a little, never what is legal."""
    columns = tuple(tuple(Card.parse(card) for card in pile["up"]) for pile in view["columns"])
    return Position(
        suits=view["suits"],
        rules=TableRules.from_json(view["rules"]),
        columns=columns,
        face_down=tuple(pile["down"] for pile in view["columns"]),
        hidden=None,
        stock_count=view["stock"]["cards"],
        stock=None,
        runs=tuple(view["runs"]),
        score=view["score"],
        moves=view["moves"],
        earned=tuple(tuple(False for _ in cards) for cards in columns),
    )


def play_duel(server: Server, duel_id: str, strength: str, log: Any) -> None:
    """Plays the bot's game of a duel to its end: the player's action, or finish when it sees nothing
    more worth points."""
    player = Player(strength, seed=zlib.crc32(duel_id.encode()))
    status, duel = server.request("GET", f"/api/duels/{duel_id}")
    while status == 200 and duel["state"] == "playing":
        view = duel["you"]
        if view is None or duel["players"][duel["seat"]]["finished"]:
            break
        seconds_left = (duel["remaining_ms"] or 0) / 1000
        action = player.next_action(position(view), seconds_left)
        if action is None:
            status, duel = server.request("POST", f"/api/duels/{duel_id}/finish")
            log(f"duel {duel_id}: finished at {view['score']} points")
            break
        status, played = server.request(
            "POST", f"/api/duels/{duel_id}/actions", {"action": action, "version": view["version"]}
        )
        if status == 200:
            duel = {**played["duel"], "you": played["view"]}
        else:  # the game moved on (time up, say): read the duel again
            status, duel = server.request("GET", f"/api/duels/{duel_id}")


class Bot:
    def __init__(self, server: Server, arguments: argparse.Namespace) -> None:
        self.server = server
        self.arguments = arguments
        self.playing: dict[str, threading.Thread] = {}
        self.ended = 0
        self.table: str | None = None

    def log(self, text: str) -> None:
        print(text, flush=True)

    def play(self, duel_id: str) -> None:
        if duel_id in self.playing:
            return
        thread = threading.Thread(
            target=play_duel, args=(self.server, duel_id, self.arguments.strength, self.log), daemon=True
        )
        self.playing[duel_id] = thread
        thread.start()

    def open_table(self) -> None:
        """Opens a table of the bot's own, unless it has one waiting or a duel in play."""
        if self.arguments.open is None or self.table is not None or any(t.is_alive() for t in self.playing.values()):
            return
        kind = self.arguments.open
        opponent = {"kind": "person"} if kind == "person" else {"kind": "computer", "strength": kind}
        body = {"suits": self.arguments.suits, "minutes": self.arguments.minutes, "opponent": opponent}
        status, duel = self.server.request("POST", "/api/duels", body)
        if status != 201:
            self.log(f"could not open a table: {duel}")
            return
        self.log(f"opened table {duel['id']} ({kind})")
        if duel["state"] == "playing":  # against a computer player: begun at once
            self.play(duel["id"])
        else:
            self.table = duel["id"]

    def handle(self, event: dict[str, Any]) -> bool:
        """Acts on one event; False once the bot is done."""
        kind = event["type"]
        if kind == "hello":
            self.log(f"connected as {event['me']['name']}")
            for duel_id in event["playing"]:
                self.play(duel_id)
            for invitation in event["invitations"]:
                self.accept(invitation)
            self.open_table()
        elif kind == "invitation":
            self.accept(event)
        elif kind == "duel_started":
            if event["duel"]["id"] == self.table:
                self.table = None
            self.play(event["duel"]["id"])
        elif kind == "duel_over":
            duel = event["duel"]
            self.ended += 1
            self.log(f"duel {duel['id']} over: scores {duel['result']['scores']}, winner {duel['result']['winner']}")
            self.playing.pop(duel["id"], None)
            if self.arguments.duels and self.ended >= self.arguments.duels:
                return False
            self.open_table()
        elif kind == "error":
            self.log(f"the server says: {event['error']}")
            return event["message_id"] == "bots.stream_time"  # connect again; any other ends the bot
        return True

    def accept(self, invitation: dict[str, Any]) -> None:
        status, answer = self.server.request("POST", f"/api/duels/{invitation['duel']}/accept")
        self.log(f"invited by {invitation['by']}: " + ("accepted" if status == 200 else str(answer)))

    def run(self) -> int:
        while True:
            try:
                for event in self.server.stream():
                    if not self.handle(event):
                        return 0
                    if event["type"] == "error":
                        break  # the stream's time is up: connect again
            except urllib.error.HTTPError as error:
                self.log(f"refused: {json.loads(error.read() or b'null')}")
                return 1
            except OSError as error:  # the server went away: try again shortly
                self.log(f"stream lost ({error}); connecting again")
                time.sleep(2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A Spider bot that plays duels with a computer player's strength.")
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server (default %(default)s)")
    parser.add_argument("--token", default=os.environ.get("SPIDER_BOT_TOKEN"), help="the bot's token "
                        "(default: $SPIDER_BOT_TOKEN)")
    parser.add_argument("--strength", choices=STRENGTHS, default="casual", help="how well it plays")
    parser.add_argument("--open", choices=["person", *STRENGTHS], help="open a table for a person, or against a "
                        "computer player of that strength, whenever the bot has none")
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=1)
    parser.add_argument("--minutes", type=int, choices=(3, 5, 10, 15), default=3)
    parser.add_argument("--duels", type=int, default=0, help="stop after this many duels have ended (0: never)")
    arguments = parser.parse_args(argv)
    if not arguments.token:
        parser.error("give the bot's token: --token or SPIDER_BOT_TOKEN")
    return Bot(Server(arguments.url, arguments.token), arguments).run()


if __name__ == "__main__":
    sys.exit(main())
