"""``tournament simulate`` plays in queue order, as a scan of every ready match would."""

from __future__ import annotations

import random

import pytest

from rotation61.cli.tournament import _random_result, simulate
from rotation61.ratings import rack_probability
from rotation61.tournament import EventState, Format, Status, to_json
from rotation61.tournament.queue import priority
from tests.tournament.helpers import drawn


def _scanning(state: EventState, rng: random.Random) -> EventState:
    """The plain loop: every match scanned before each play (M² steps)."""
    ratings = {e.id: e.rating for e in state.event.entries}
    while not state.finished:
        ready = sorted((m for m in state.matches if m.status is Status.READY), key=priority)
        if not ready:
            break
        match = ready[0]
        a, b = (p or "" for p in match.players)
        p = rack_probability(ratings.get(a) or 500, ratings.get(b) or 500)
        state = _play(state, _random_result(match, p, rng))
    return state


def _play(state: EventState, result: object) -> EventState:
    from rotation61.tournament import play

    return play(state, result)  # type: ignore[arg-type]


CASES = [
    (Format.SINGLE, 13, {}),
    (Format.DOUBLE, 13, {}),
    (Format.DOUBLE, 24, {"single_from": 8}),
    (Format.ROUND_ROBIN, 9, {}),
    (Format.ROUND_ROBIN, 12, {"group_count": 3}),
    (Format.SWISS, 11, {"swiss_rounds": 6}),
    (Format.GROUPS, 14, {"group_count": 3, "knockout": Format.DOUBLE}),
]


@pytest.mark.parametrize(("fmt", "n", "settings"), CASES, ids=lambda c: str(c))
def test_simulate_plays_the_matches_a_full_scan_would(
    fmt: Format, n: int, settings: dict[str, object]
) -> None:
    state = drawn(n, fmt, **settings)
    for seed in range(3):
        fast = simulate(state, random.Random(seed))
        assert fast.finished
        assert to_json(fast) == to_json(_scanning(state, random.Random(seed)))


def test_fed_by_names_the_matches_a_result_moves() -> None:
    state = drawn(8, Format.DOUBLE)
    assert state.fed_by("W1-1") == ("W2-1", "L1-1")
    assert state.fed_by("GF") == ("GF2",)
    assert state.fed_by("GF2") == ()
