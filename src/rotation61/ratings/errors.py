"""The refusals of the ratings layer: one error with a code and the values it names.

Every refusal is a :class:`RatingsError` (a ``ValueError``): its :attr:`~RatingsError.code`
says why, its :attr:`~RatingsError.params` hold the values a sentence needs (the shells
word it in any language, ``refusal.ratings.<code>`` in the ``rules`` wording), and its
English message names the bad value for logs.

>>> from rotation61.ratings import race_probability
>>> try:
...     race_probability(1.5, 7, 7)
... except RatingsError as err:
...     print(err.code.value, dict(err.params))
probability_range {'value': 1.5}
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rotation61.rules.errors import Rotation61Error

__all__ = ["RatingsError", "RatingsProblem", "RatingsWarning"]


class RatingsProblem(StrEnum):
    """Why an input of the ratings layer is refused; the value is the code the shells word."""

    NOT_FINITE = "not_finite"
    """A rating, an anchor or another number that is NaN or infinite (``name``, ``value``)."""
    NOT_A_NUMBER = "not_a_number"
    """A number that is not an int or a float (``name``, ``value``)."""
    NOT_A_COUNT = "not_a_count"
    """A count of racks, a race or a limit that is not an int (``name``, ``value``)."""
    NEGATIVE = "negative"
    """A count or a number below zero (``name``, ``value``)."""
    SELF_TALLY = "self_tally"
    """Racks of a player against themselves (``player``)."""
    PROBABILITY_RANGE = "probability_range"
    """A chance of winning a rack outside 0 to 1 (``value``)."""
    RACE_RANGE = "race_range"
    """A race outside 1 to :data:`~rotation61.ratings.model.RACE_LIMIT` racks (``value``)."""
    NO_FINITE_RATING = "no_finite_rating"
    """With no virtual racks, players who never lost a rack to the rest of their group
    have no finite rating (``players``; then others never won, and have none either)."""
    NUMERIC_UNAVAILABLE = "numeric_unavailable"
    """The numeric fit was asked for but numpy is not installed (the ``ratings-fast`` extra)."""


class RatingsError(Rotation61Error, ValueError):
    """An input of the ratings layer refused, with its code and the values it names.

    Attributes:
        code: why (the code the shells word).
        params: the values named (read-only), by the placeholder names of the wording.
    """

    def __init__(self, code: RatingsProblem, detail: str, **params: object) -> None:
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(params)
        super().__init__(detail)


class RatingsWarning(UserWarning):
    """A fit that went on with something to report: the players fall into separate groups.

    Players who never met, even through others, have ratings on separate scales: each
    group is anchored on its own, and ratings of two groups are not comparable.

    Attributes:
        code: ``"disconnected_groups"``.
        groups: the players of each group, the largest first.
    """

    code = "disconnected_groups"

    def __init__(self, groups: tuple[tuple[str, ...], ...]) -> None:
        self.groups = groups
        sizes = ", ".join(str(len(g)) for g in groups[:10]) + (", ..." if len(groups) > 10 else "")
        super().__init__(
            f"the players fall into {len(groups)} groups that never met ({sizes} players): "
            "each group is anchored on its own, and ratings across groups do not compare"
        )
