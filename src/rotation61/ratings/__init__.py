"""Ratings from racks: a logistic model whose odds double every 100 points.

Pure and deterministic (floats, ``math`` only). :func:`fit` rates every player from
the whole history at once; :func:`rack_probability`, :func:`race_probability` and
:func:`fair_race` use the ratings.

>>> from rotation61.ratings import RackTally, fit, fair_race
>>> rated = fit([RackTally(player="An", opponent="Bình", won=60, lost=30)])
>>> [(r.player, round(r.rating), r.preliminary) for r in rated]
[('An', 549, True), ('Bình', 451, True)]
>>> fair_race(rated[0].rating, rated[1].rating, 7)
(7, 4)
"""

from __future__ import annotations

from rotation61.ratings.fit import RackTally, Rating, fit, standard_errors
from rotation61.ratings.model import DOUBLING, fair_race, race_probability, rack_probability

__all__ = [
    "DOUBLING",
    "RackTally",
    "Rating",
    "fair_race",
    "fit",
    "race_probability",
    "rack_probability",
    "standard_errors",
]
