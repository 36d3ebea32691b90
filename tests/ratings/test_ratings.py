"""Ratings: the model's probabilities, the fit against a reference and against truth."""

from __future__ import annotations

import math
import random

import pytest

from rotation61.ratings import RackTally, fair_race, fit, race_probability, rack_probability


def test_odds_double_every_100_points() -> None:
    p = rack_probability(700, 600)
    assert p / (1 - p) == pytest.approx(2.0)
    assert rack_probability(500, 500) == 0.5


def test_race_probability_sums_the_ways_to_win() -> None:
    p = 0.6
    assert race_probability(p, 2, 2) == pytest.approx(p * p + 2 * p * p * (1 - p))
    assert race_probability(p, 7, 7) + race_probability(1 - p, 7, 7) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="race 0 is outside 1 to 10000 racks"):
        race_probability(p, 0, 3)


def test_the_fair_race_is_the_closest_to_even() -> None:
    race, other = fair_race(650, 500, 9)
    p = rack_probability(650, 500)
    best = race_probability(p, race, other)
    assert all(abs(best - 0.5) <= abs(race_probability(p, 9, m) - 0.5) for m in range(1, 10))
    assert fair_race(500, 650, 9) == (other, race)


def _reference(tallies: list[RackTally], steps: int = 20000, rate: float = 2.0) -> dict[str, float]:
    """Plain gradient ascent on the log-likelihood (natural-log strengths)."""
    players = sorted({t.player for t in tallies} | {t.opponent for t in tallies})
    theta = dict.fromkeys(players, 0.0)
    for _ in range(steps):
        grad = dict.fromkeys(players, 0.0)
        for t in tallies:
            p = 1 / (1 + math.exp(theta[t.opponent] - theta[t.player]))
            n = t.won + t.lost
            grad[t.player] += t.won - n * p
            grad[t.opponent] -= t.won - n * p
        for q in players:
            theta[q] += rate * grad[q] / 100
    mean = sum(theta.values()) / len(players)
    return {q: 500 + 100 * (theta[q] - mean) / math.log(2) for q in players}


def test_the_fit_agrees_with_a_straightforward_reference() -> None:
    tallies = [
        RackTally(player="a", opponent="b", won=12, lost=8),
        RackTally(player="b", opponent="c", won=9, lost=6),
        RackTally(player="a", opponent="c", won=7, lost=3),
    ]
    fitted = {r.player: r.rating for r in fit(tallies, prior_racks=0)}
    reference = _reference(tallies)
    for player, rating in reference.items():
        assert fitted[player] == pytest.approx(rating, abs=0.01)


def test_the_fit_recovers_known_ratings_from_5000_simulated_racks() -> None:
    truth = {"An": 720, "Bình": 650, "Cường": 610, "Dũng": 560, "Em": 500, "Giang": 430}
    rng = random.Random(61)
    names = sorted(truth)
    tallies = []
    for _ in range(5000):
        a, b = rng.sample(names, 2)
        won = rng.random() < rack_probability(truth[a], truth[b])
        tallies.append(RackTally(player=a, opponent=b, won=int(won), lost=int(not won)))
    fitted = {r.player: r.rating for r in fit(tallies)}
    shift = sum(truth.values()) / len(truth) - sum(fitted.values()) / len(fitted)
    for name, rating in truth.items():
        assert fitted[name] + shift == pytest.approx(rating, abs=25), name


def test_the_fit_is_deterministic_and_marks_preliminary_ratings() -> None:
    tallies = [
        RackTally(player="a", opponent="b", won=50, lost=70),
        RackTally(player="c", opponent="a", won=3, lost=0),
    ]
    first = fit(tallies, preliminary_below=100)
    assert first == fit(list(reversed(tallies)), preliminary_below=100)
    flags = {r.player: r.preliminary for r in first}
    assert flags == {"a": False, "b": False, "c": True}
    assert all(math.isfinite(r.rating) for r in first)


def test_a_tally_against_oneself_is_refused() -> None:
    with pytest.raises(ValueError, match="'a' against themselves"):
        RackTally(player="a", opponent="a", won=1, lost=0)


@pytest.mark.parametrize("p", [0.05, 0.3, 0.5, 0.61, 0.97], ids=str)
def test_the_log_space_sum_equals_the_direct_sum_on_short_races(p: float) -> None:
    for race in range(1, 12):
        for other in range(1, 12):
            direct = sum(math.comb(race - 1 + k, k) * p**race * (1 - p) ** k for k in range(other))
            assert race_probability(p, race, other) == pytest.approx(direct, rel=1e-12, abs=1e-300)
