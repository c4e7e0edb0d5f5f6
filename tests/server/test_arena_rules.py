"""An arena's pure rules (``arenas.rules``, ``arenas.arenas.podium``): who is paired with whom, and who stands on
the podium."""

from __future__ import annotations

from spider.server.arenas.answers import Standing
from spider.server.arenas.arenas import podium
from spider.server.arenas.rules import Waiting, pairs


def waiting(player: str, points: int = 0, last: str | None = None, rating: float = 1500.0) -> Waiting:
    return Waiting(player, points, rating, last, 0.0)


def paired(players: list[Waiting]) -> tuple[set[frozenset[str]], list[str]]:
    found, left = pairs(players)
    return {frozenset((first.player, second.player)) for first, second in found}, [w.player for w in left]


def test_two_who_just_played_meet_again_when_nobody_else_is_free() -> None:
    assert paired([waiting("a", 2, "b"), waiting("b", 0, "a")]) == ({frozenset("ab")}, [])


def test_nobody_meets_the_one_they_just_played_while_another_is_free() -> None:
    # a and b just played; c is free: the best of the two meets c, and the other waits for the next duel's end
    assert paired([waiting("a", 2, "b"), waiting("b", 0, "a"), waiting("c", 1)]) == ({frozenset("ac")}, ["b"])
    # two pairs who just met each meet someone of the other pair
    found, left = paired([waiting("a", 4, "b"), waiting("b", 3, "a"), waiting("c", 2, "d"), waiting("d", 1, "c")])
    assert left == [] and len(found) == 2 and not found & {frozenset("ab"), frozenset("cd")}


def test_a_player_alone_waits() -> None:
    assert paired([waiting("a", 2, "b")]) == (set(), ["a"])
    assert paired([]) == (set(), [])


def test_players_are_paired_near_each_other_in_points() -> None:
    found, left = paired([waiting("a", 9), waiting("b", 0), waiting("c", 8), waiting("d", 1)])
    assert found == {frozenset("ac"), frozenset("bd")} and left == []


def standing(place: int, points: int, *, ranked: bool = True) -> Standing:
    return Standing(
        place=place, name=f"P{place}", rating=1500.0, points=points, duels=1, wins=points // 2, streak=0,
        playing=False, active=True, ranked=ranked,
    )


def test_the_podium_is_the_three_best_in_good_standing_who_scored_in_their_places() -> None:
    standings = [standing(1, 6), standing(2, 4), standing(3, 1), standing(4, 1), standing(5, 0)]
    assert [(s["place"], s["points"]) for s in podium(standings)] == [(1, 6), (2, 4), (3, 1)]
    # a player with no point stands on no podium, whatever their place
    assert [(s["place"], s["points"]) for s in podium([standing(1, 2), standing(2, 0), standing(3, 0)])] == [(1, 2)]
    assert podium([standing(1, 0), standing(2, 0)]) == []
    # those playing unranked, listed after the ranked, stand on none either
    assert [s["place"] for s in podium([standing(1, 2), standing(2, 5, ranked=False)])] == [1]
