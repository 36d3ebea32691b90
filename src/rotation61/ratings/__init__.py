"""Ratings from racks: a logistic model whose odds double every 100 points.

Pure and deterministic (floats, ``math`` only; numpy, when installed, only for a large
fit). :func:`fit` rates every player from the whole history at once;
:func:`rack_probability`, :func:`race_probability` and :func:`fair_race` use the
ratings. Bad input raises :class:`RatingsError`, whose ``code`` and ``params`` the
shells word.

>>> from rotation61.ratings import RackTally, fit, fair_race
>>> rated = fit([RackTally(player="An", opponent="Bình", won=60, lost=30)])
>>> [(r.player, round(r.rating), r.preliminary) for r in rated]
[('An', 549, True), ('Bình', 451, True)]
>>> fair_race(rated[0].rating, rated[1].rating, 7)
(7, 4)
"""

from __future__ import annotations

from rotation61.ratings.errors import RatingsError, RatingsProblem, RatingsWarning
from rotation61.ratings.fit import NUMERIC_FROM, FitMethod, RackTally, Rating, fit, standard_errors
from rotation61.ratings.model import (
    DOUBLING,
    RACE_LIMIT,
    fair_race,
    race_probability,
    rack_probability,
)

__all__ = [
    "DOUBLING",
    "NUMERIC_FROM",
    "RACE_LIMIT",
    "FitMethod",
    "RackTally",
    "Rating",
    "RatingsError",
    "RatingsProblem",
    "RatingsWarning",
    "fair_race",
    "fit",
    "race_probability",
    "rack_probability",
    "standard_errors",
]
