"""The numeric fit (numpy) against the pure reference: the same ratings, chosen by size."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation61.ratings import NUMERIC_FROM, FitMethod, RackTally, fit, rack_probability


def _history(
    players: int, meetings: int, *, racks: int = 5, seed: int = 0, spread: float = 120.0
) -> list[RackTally]:
    """Meetings of ``racks`` racks between random pairs, won with the true ratings' odds."""
    rng = random.Random(seed)
    truth = [rng.gauss(500, spread) for _ in range(players)]
    tallies = []
    for _ in range(meetings):
        a, b = rng.sample(range(players), 2)
        p = rack_probability(truth[a], truth[b])
        won = sum(rng.random() < p for _ in range(racks))
        tallies.append(
            RackTally(player=f"p{a:04d}", opponent=f"p{b:04d}", won=won, lost=racks - won)
        )
    return tallies


def _ratings(tallies: list[RackTally], **settings: object) -> dict[str, float]:
    return {r.player: r.rating for r in fit(tallies, **settings)}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "meetings", "spread", "prior"),
    [(300, 2500, 120.0, 2.0), (120, 1500, 250.0, 2.0), (80, 1200, 100.0, 0.0)],
    ids=["club", "wide-spread", "no-virtual-racks"],
)
def test_the_numeric_fit_gives_the_pure_ratings_to_a_tenth_of_a_point(
    players: int, meetings: int, spread: float, prior: float
) -> None:
    tallies = _history(players, meetings, seed=players, spread=spread)
    pure = _ratings(tallies, method=FitMethod.PURE, prior_racks=prior)
    numeric = _ratings(tallies, method=FitMethod.NUMERIC, prior_racks=prior)
    assert pure.keys() == numeric.keys()
    worst = max(abs(pure[p] - numeric[p]) for p in pure)
    assert worst < 0.1, worst


def test_both_fits_anchor_groups_that_never_met_alike() -> None:
    left = _history(40, 400, seed=1)
    right = [
        RackTally(
            player=t.player.replace("p", "q"),
            opponent=t.opponent.replace("p", "q"),
            won=t.won,
            lost=t.lost,
        )
        for t in _history(30, 300, seed=2, spread=60)
    ]
    for prior in (2.0, 0.0):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pure = fit(left + right, method=FitMethod.PURE, prior_racks=prior)
            numeric = fit(left + right, method=FitMethod.NUMERIC, prior_racks=prior)
        assert [(r.player, r.group) for r in pure] == [(r.player, r.group) for r in numeric]
        by_player = {r.player: r.rating for r in numeric}
        assert max(abs(r.rating - by_player[r.player]) for r in pure) < 0.1


def test_auto_fits_a_large_history_with_numpy_and_a_small_one_in_pure_python() -> None:
    large = _history(400, NUMERIC_FROM + 600, seed=5)
    assert len({(min(t.player, t.opponent), max(t.player, t.opponent)) for t in large}) >= (
        NUMERIC_FROM
    )
    auto = fit(large)
    assert auto == fit(large, method=FitMethod.NUMERIC)
    assert auto != fit(large, method=FitMethod.PURE)  # the same to 1e-6, not to the last bit
    small = _history(20, 200, seed=6)
    assert fit(small) == fit(small, method=FitMethod.PURE)
    assert fit(small) != fit(small, method=FitMethod.NUMERIC)


_WITHOUT_NUMPY = """
import sys
sys.modules["numpy"] = None  # as if the ratings-fast extra were not installed
from rotation61.ratings import FitMethod, RackTally, RatingsError, fit
tallies = [RackTally(player="a", opponent="b", won=3, lost=1)]
print(fit(tallies)[0].player)
try:
    fit(tallies, method=FitMethod.NUMERIC)
except RatingsError as err:
    print(err.code.value)
"""


def test_without_numpy_the_pure_fit_runs_and_the_numeric_one_is_refused() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_NUMPY],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.split() == ["a", "numeric_unavailable"]


@given(
    st.integers(min_value=1, max_value=30).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(
                st.tuples(
                    st.integers(min_value=0, max_value=size - 1),
                    st.integers(min_value=0, max_value=size - 1),
                ).filter(lambda pair: pair[0] != pair[1]),
                max_size=40,
            ),
        )
    )
)
def test_both_paths_number_the_groups_alike(drawn: tuple[int, list[tuple[int, int]]]) -> None:
    import numpy as np

    from rotation61.ratings import _groups, _numeric

    size, pairs = drawn
    pure = _groups.groups(size, pairs)
    a = np.asarray([p[0] for p in pairs], dtype=np.int64)
    b = np.asarray([p[1] for p in pairs], dtype=np.int64)
    assert [int(g) for g in _numeric.groups(size, a, b)] == pure


def test_numpy_numbers_are_numbers_to_the_ratings() -> None:
    import numpy as np

    tally = RackTally(player="a", opponent="b", won=np.int64(3), lost=np.int32(1))  # type: ignore[arg-type]
    assert (tally.won, tally.lost) == (3, 1)
    assert type(tally.won) is int
    rated = fit([tally], anchor=np.float64(600.0))  # type: ignore[arg-type]
    assert [r.player for r in rated] == ["a", "b"]
    assert rack_probability(np.float32(600.0), np.int64(500)) == pytest.approx(2 / 3)  # type: ignore[arg-type]
