"""The rating model: a logistic curve in base 2, the odds doubling every 100 points.

A player rated ``d`` points above another wins a rack with odds ``2 ** (d / 100)``
(FargoRate's scale). A race is a run of independent racks.
"""

from __future__ import annotations

from math import comb
from typing import Final

__all__ = ["DOUBLING", "fair_race", "race_probability", "rack_probability"]

DOUBLING: Final = 100
"""The rating points over which the odds of winning a rack double."""


def rack_probability(rating: float, opponent: float) -> float:
    """The chance that a player rated ``rating`` wins a rack against ``opponent``.

    >>> rack_probability(600, 500)
    0.6666666666666666
    """
    odds: float = 2.0 ** ((opponent - rating) / DOUBLING)
    return 1.0 / (1.0 + odds)


def race_probability(p: float, race: int, opponent_race: int) -> float:
    """The chance of reaching ``race`` racks before the opponent reaches ``opponent_race``.

    Args:
        p: the chance of winning one rack.
        race: the racks this player needs.
        opponent_race: the racks the opponent needs.

    >>> round(race_probability(0.5, 7, 7), 12)
    0.5
    >>> round(race_probability(2 / 3, 1, 1), 6)
    0.666667
    """
    if race < 1 or opponent_race < 1:
        raise ValueError(f"races {race!r} and {opponent_race!r} must be 1 or more")
    return sum(comb(race - 1 + k, k) * p**race * (1.0 - p) ** k for k in range(opponent_race))


def fair_race(rating: float, opponent: float, longest: int) -> tuple[int, int]:
    """The handicap race closest to an even match: the stronger player races to ``longest``.

    The weaker player's race is chosen in ``1..longest`` to bring the stronger
    player's chance of winning the match closest to one half (the longer race on a tie).

    Returns:
        The races of ``rating``'s player and of the opponent.

    >>> fair_race(600, 500, 7)
    (7, 4)
    >>> fair_race(500, 500, 9)
    (9, 9)
    """
    if longest < 1:
        raise ValueError(f"race {longest!r} must be 1 or more")
    stronger_first = rating >= opponent
    p = rack_probability(max(rating, opponent), min(rating, opponent))
    best = min(
        range(longest, 0, -1), key=lambda short: abs(race_probability(p, longest, short) - 0.5)
    )
    return (longest, best) if stronger_first else (best, longest)
