"""A simple player that uses nothing but the public view: for tests and the benchmark."""

from __future__ import annotations

import json
from typing import Any


def state_key(view: dict[str, Any]) -> str:
    return json.dumps([view["columns"], view["stock"]["cards"]], separators=(",", ":"))


def choose(view: dict[str, Any], tried: set[tuple[str, str]]) -> str | None:
    """The next action from the view alone: a move that turns a card or builds a suit, else a deal.

    ``tried`` holds (state, action) pairs already played, so the player does not go round in circles.
    Returns None when it sees nothing more to do.
    """
    key = state_key(view)
    columns = view["columns"]
    options: list[tuple[int, str]] = []
    for group in view["groups"]:
        source = columns[group["column"] - 1]
        first = source["up"][-group["count"]]
        whole = group["count"] == len(source["up"])
        for target in group["targets"]:
            up = columns[target - 1]["up"]
            if not up and not columns[target - 1]["down"]:  # an empty column
                if not whole or not source["down"]:
                    continue
                worth, action = 2, f"{group['column']}>{target}:{group['count']}"
            else:
                worth = 3 if up[-1][1] == first[1] else 1
                if whole and source["down"]:
                    worth += 4
                elif not whole and source["up"][-group["count"] - 1][1] == first[1]:
                    continue  # splits a run of one suit for nothing
                action = f"{group['column']}>{target}"
            if (key, action) not in tried:
                options.append((worth, action))
    if options:
        options.sort(key=lambda option: -option[0])
        return options[0][1]
    if view["deal_possible"] and (key, "d") not in tried:
        return "d"
    if not view["deal_possible"] and view["stock"]["cards"]:
        # fill an empty column with any single card so that the stock can be dealt
        for group in view["groups"]:
            for target in group["targets"]:
                empty = not columns[target - 1]["up"] and not columns[target - 1]["down"]
                action = f"{group['column']}>{target}:1"
                if empty and group["count"] == 1 and (key, action) not in tried:
                    return action
    return None
