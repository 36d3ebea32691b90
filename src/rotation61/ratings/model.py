"""The rating model: a logistic curve in base 2, the odds doubling every 100 points.

A player rated ``d`` points above another wins a rack with odds ``2 ** (d / 100)``
(FargoRate's scale). A race is a run of independent racks; its chance is summed in log
space, so long races and big gaps neither overflow nor lose their small terms.
"""

from __future__ import annotations

from math import exp, exp2, inf, isfinite, lgamma, log, log1p
from numbers import Integral, Real
from typing import Final

from rotation61.ratings.errors import RatingsError, RatingsProblem

__all__ = [
    "DOUBLING",
    "RACE_LIMIT",
    "fair_race",
    "race_probability",
    "rack_probability",
]

DOUBLING: Final = 100
"""The rating points over which the odds of winning a rack double."""
RACE_LIMIT: Final = 10_000
"""The longest race :func:`race_probability` and :func:`fair_race` take, in racks."""


def finite_number(value: object, name: str) -> float:
    """A real number (an int, a float...), neither NaN nor infinite, as a float.

    Args:
        value: the number given.
        name: its name in the refusal (``"anchor"``, ``"rating"``...).

    Returns:
        The number as a float.

    Raises:
        RatingsError: ``not_a_number`` or ``not_finite``, naming ``name`` and ``value``.
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise RatingsError(
            RatingsProblem.NOT_A_NUMBER,
            f"{name} must be a number, got {value!r}",
            name=name,
            value=value,
        )
    number = float(value)
    if not isfinite(number):
        raise RatingsError(
            RatingsProblem.NOT_FINITE,
            f"{name} {value!r} is not a finite number",
            name=name,
            value=value,
        )
    return number


def count(value: object, name: str) -> int:
    """A count (racks, a limit) that is a whole number of 0 or more, as an int.

    Raises:
        RatingsError: ``not_a_count`` or ``negative``, naming ``name`` and ``value``.
    """
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise RatingsError(
            RatingsProblem.NOT_A_COUNT,
            f"{name} must be a whole number, got {value!r}",
            name=name,
            value=value,
        )
    if value < 0:
        raise RatingsError(
            RatingsProblem.NEGATIVE, f"{name} {value!r} is below zero", name=name, value=value
        )
    return int(value)


def _race(value: object, name: str) -> int:
    racks = count(value, name)
    if not 1 <= racks <= RACE_LIMIT:
        raise RatingsError(
            RatingsProblem.RACE_RANGE,
            f"{name} {value!r} is outside 1 to {RACE_LIMIT} racks",
            value=value,
            limit=RACE_LIMIT,
        )
    return racks


def rack_probability(rating: float, opponent: float) -> float:
    """The chance that a player rated ``rating`` wins a rack against ``opponent``.

    Raises:
        RatingsError: a rating that is not a finite number.

    >>> rack_probability(600, 500)
    0.6666666666666666
    """
    gap = (finite_number(rating, "rating") - finite_number(opponent, "rating")) / DOUBLING
    if gap >= 0:
        return 1.0 / (1.0 + exp2(-gap))
    odds = exp2(gap)
    return odds / (1.0 + odds)


def _log_sum(a: float, b: float) -> float:
    """``log(exp(a) + exp(b))`` without overflow."""
    if a < b:
        a, b = b, a
    if b == -inf:
        return a
    return a + log1p(exp(b - a))


def _log_terms(p: float, race: int, opponent_race: int) -> list[float]:
    """``log(C(race-1+k, k) p^race (1-p)^k)`` for ``k`` in ``0..opponent_race-1``."""
    log_p, log_q = log(p), log1p(-p)
    base = race * log_p - lgamma(race)
    return [base + lgamma(race + k) - lgamma(k + 1) + k * log_q for k in range(opponent_race)]


def _probability(p: float) -> float:
    number = finite_number(p, "probability")
    if not 0.0 <= number <= 1.0:
        raise RatingsError(
            RatingsProblem.PROBABILITY_RANGE,
            f"a rack probability {p!r} is outside 0 to 1",
            value=p,
        )
    return number


def race_probability(p: float, race: int, opponent_race: int) -> float:
    """The chance of reaching ``race`` racks before the opponent reaches ``opponent_race``.

    ``Σ_{k<opponent_race} C(race−1+k, k) p^race (1−p)^k``, summed in log space.

    Args:
        p: the chance of winning one rack (0 to 1).
        race: the racks this player needs (1 to :data:`RACE_LIMIT`).
        opponent_race: the racks the opponent needs (1 to :data:`RACE_LIMIT`).

    Raises:
        RatingsError: ``p`` outside 0 to 1 or not finite, or a race outside its range.

    >>> round(race_probability(0.5, 7, 7), 12)
    0.5
    >>> round(race_probability(2 / 3, 1, 1), 6)
    0.666667
    >>> race_probability(0.52, 700, 700) > 0.85
    True
    """
    chance = _probability(p)
    race = _race(race, "race")
    opponent_race = _race(opponent_race, "race")
    if chance in (0.0, 1.0):
        return chance
    total = -inf
    for term in _log_terms(chance, race, opponent_race):
        total = _log_sum(total, term)
    return min(1.0, exp(total))


def fair_race(rating: float, opponent: float, longest: int) -> tuple[int, int]:
    """The handicap race closest to an even match: the stronger player races to ``longest``.

    The weaker player's race is chosen in ``1..longest`` to bring the stronger
    player's chance of winning the match closest to one half (the longer race on a tie).

    Returns:
        The races of ``rating``'s player and of the opponent.

    Raises:
        RatingsError: a rating that is not a finite number, or ``longest`` outside
            1 to :data:`RACE_LIMIT`.

    >>> fair_race(600, 500, 7)
    (7, 4)
    >>> fair_race(500, 500, 9)
    (9, 9)
    """
    longest = _race(longest, "race")
    mine, theirs = finite_number(rating, "rating"), finite_number(opponent, "rating")
    p = rack_probability(max(mine, theirs), min(mine, theirs))
    chances = [1.0] * longest  # the stronger player's chance against a race to 1..longest
    if p < 1.0:
        total = -inf
        for short, term in enumerate(_log_terms(p, longest, longest)):
            total = _log_sum(total, term)
            chances[short] = min(1.0, exp(total))
    best = min(range(longest, 0, -1), key=lambda short: abs(chances[short - 1] - 0.5))
    return (longest, best) if mine >= theirs else (best, longest)
