"""Where the lost deals of a finished run were lost: reads a ``bench/players.py --verbose`` log (each lost
deal's code and line of actions) and asks of each lost deal what ``--losses`` asks during a run: the last
position from which the full-information solver still finds a win, and how many guesses at the unseen cards
there the solver wins. Few means the deal was lost to the cards still to come; many, to a move a player could
have seen to be worse. Then it counts the deals of each kind.

It lets a long measuring run go without the analysis's cost and have its losses looked at afterwards, all
or the first ``--count``:

    nice -n 10 .venv/bin/python bench/players.py --seed 72931 --count 200 --suits 2 --strengths master \\
        --verbose > master2.log
    nice -n 10 .venv/bin/python bench/losses.py master2.log --count 20
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from players import LOSS_GUESSES, where_lost

from spider import Game
from spider.codes import parse_code
from spider.players import PlayResult

LOST = re.compile(r"^  (?P<code>SP\S+) (?P<strength>\w+): lost,")
LINE = re.compile(r"^    line: (?P<line>.*)$")


def lost_deals(path: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Each lost deal in a verbose log: its code, the strength that lost it, and its line of actions."""
    deals: list[tuple[str, str, tuple[str, ...]]] = []
    pending: tuple[str, str] | None = None
    with open(path, encoding="utf-8") as log:
        for text in log:
            lost, line = LOST.match(text), LINE.match(text)
            if lost:
                pending = lost["code"], lost["strength"]
            elif line and pending is not None:
                deals.append((*pending, tuple(line["line"].split())))
                pending = None
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", help="the output of bench/players.py --verbose")
    parser.add_argument("--count", type=int, help="only the first COUNT lost deals")
    args = parser.parse_args()
    deals = lost_deals(args.log)[: args.count]
    if not deals:
        raise SystemExit(f"{args.log}: no lost deal with its line (was the run --verbose?)")
    kinds: Counter[str] = Counter()
    for code, strength, line in deals:
        opening = Game.from_code(code)
        result = PlayResult(won=False, actions=len(line), runs=0, line=line)
        verdict, won = where_lost(opening, result, seed=parse_code(code).shuffle)  # the guesses --losses draws
        print(f"  {code} {strength}: lost after {len(line)} actions; {verdict}", flush=True)
        if won is None:
            kinds["no win found from the opening"] += 1
        elif won <= LOSS_GUESSES // 4:
            kinds[f"lost to the cards to come (the solver wins <= {LOSS_GUESSES // 4} guesses)"] += 1
        elif won >= LOSS_GUESSES * 3 // 4:
            kinds[f"lost to a move (the solver wins >= {LOSS_GUESSES * 3 // 4} guesses)"] += 1
        else:
            kinds["between"] += 1
    print(f"\n{len(deals)} lost deals of {args.log}:")
    for kind, count in kinds.most_common():
        print(f"  {count:>3} {kind}")


if __name__ == "__main__":
    main()
