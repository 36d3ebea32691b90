"""Fitting ratings to rack results over the whole history (maximum likelihood).

The fit is the Bradley–Terry model on the base-2 scale. The reference is the pure MM
iteration (Hunter 2004): each player's strength is set to racks won over the sum,
across their opponents, of racks played divided by the pair's total strength; it
climbs the likelihood at every step and is deterministic (players in sorted order).
With numpy installed (the ``ratings-fast`` extra) a large history is fitted instead by
Newton's method on the same likelihood (:mod:`rotation61.ratings._numeric`), which
reaches the same maximum.

A few virtual racks against an anchor player (half won, half lost) keep a player with
no win or no loss finite and pin the scale: a player with no real rack is rated the
anchor. Players who never met, even through others, fall into separate groups: the
fit warns (:class:`~rotation61.ratings.errors.RatingsWarning`) and anchors each group
on its own.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from math import log, log2, sqrt
from typing import Final

from rotation61.ratings._groups import groups, unbeaten
from rotation61.ratings.errors import RatingsError, RatingsProblem, RatingsWarning
from rotation61.ratings.model import DOUBLING, count, finite_number, rack_probability
from rotation61.rules.text_fields import NAME_MAX_LENGTH, clean_text

__all__ = ["NUMERIC_FROM", "FitMethod", "RackTally", "Rating", "fit", "standard_errors"]

_LN2: Final = log(2)

NUMERIC_FROM: Final = 2_000
"""The tallies from which :attr:`FitMethod.AUTO` fits with numpy (if installed)."""


class FitMethod(StrEnum):
    """How :func:`fit` solves the model; every method reaches the same ratings."""

    AUTO = "auto"
    """The numeric fit for a large history when numpy is installed, the pure one otherwise."""
    PURE = "pure"
    """The reference: the MM iteration in plain Python."""
    NUMERIC = "numeric"
    """Newton's method in numpy (the ``ratings-fast`` extra)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RackTally:
    """Racks between two players: ``won`` by ``player``, ``lost`` to ``opponent``.

    The names are held as a person-facing text field is stored (NFC, trimmed:
    :func:`~rotation61.rules.text_fields.clean_text`), so ``"Bob "`` and ``"Bob"`` are
    one player.

    Raises:
        TextFieldError: a name that is empty, too long or holds a control character.
        RatingsError: a count of racks that is not a whole number of 0 or more
            (``not_a_count``, ``negative``), or a player against themselves
            (``self_tally``).
    """

    player: str
    opponent: str
    won: int
    lost: int

    def __post_init__(self) -> None:
        player = clean_text(self.player, "player", max_length=NAME_MAX_LENGTH)
        opponent = clean_text(self.opponent, "opponent", max_length=NAME_MAX_LENGTH)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "won", count(self.won, "won"))
        object.__setattr__(self, "lost", count(self.lost, "lost"))
        if player == opponent:
            raise RatingsError(
                RatingsProblem.SELF_TALLY,
                f"a tally of {player!r} against themselves",
                player=player,
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """A player's fitted rating.

    Attributes:
        player: the player.
        rating: the rating, on the scale where 100 points double the odds.
        racks: the real racks it rests on.
        preliminary: fewer racks than the threshold of the fit.
        group: the group of players who met, even through others (1 the largest; 0
            for a player with no real rack). Ratings of two groups do not compare.
    """

    player: str
    rating: float
    racks: int
    preliminary: bool
    group: int = 1


def _numeric_available() -> bool:
    """Whether numpy can be imported (the ``ratings-fast`` extra is installed)."""
    try:
        from rotation61.ratings import _numeric  # noqa: F401
    except ImportError:
        return False
    return True


def fit(
    tallies: Iterable[RackTally],
    *,
    anchor: float = 500.0,
    prior_racks: float = 2.0,
    preliminary_below: int = 100,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
    method: FitMethod = FitMethod.AUTO,
) -> tuple[Rating, ...]:
    """Fit every player's rating to all the racks at once.

    Args:
        tallies: racks between pairs (a pair may appear many times).
        anchor: the rating of the virtual opponent (with no virtual racks, the mean
            rating of each group).
        prior_racks: virtual racks per player against the anchor, half won (0: none;
            a player who never won or never lost then has no finite rating).
        preliminary_below: a rating resting on fewer real racks is preliminary.
        tolerance: stop when no rating moves by more than this (points).
        max_iterations: stop after this many rounds of updates.
        method: how to solve (:class:`FitMethod`; ``AUTO`` uses numpy from
            :data:`NUMERIC_FROM` tallies when it is installed).

    Returns:
        The ratings, best first (ties by player).

    Raises:
        RatingsError: a setting that is not a finite number or is negative;
            ``no_finite_rating`` when ``prior_racks`` is 0 and some players never lost
            (or never won) to the rest of their group; ``numeric_unavailable`` for the
            numeric method without numpy.

    Warns:
        RatingsWarning: the players fall into groups that never met.

    >>> [(r.player, round(r.rating)) for r in fit(
    ...     [RackTally(player="a", opponent="b", won=30, lost=10)], prior_racks=0)]
    [('a', 579), ('b', 421)]
    """
    anchor = finite_number(anchor, "anchor")
    prior = _checked_settings(prior_racks, preliminary_below, tolerance, max_iterations)
    method = FitMethod(method)
    if method is FitMethod.NUMERIC and not _numeric_available():
        raise RatingsError(
            RatingsProblem.NUMERIC_UNAVAILABLE,
            "the numeric fit needs numpy: pip install 'rotation61[ratings-fast]'",
        )
    given = tuple(tallies)
    first_names = [t.player for t in given]
    second_names = [t.opponent for t in given]
    won = [t.won for t in given]
    lost = [t.lost for t in given]
    players = sorted(set(first_names).union(second_names))
    index = {p: i for i, p in enumerate(players)}
    first = [index[p] for p in first_names]
    second = [index[p] for p in second_names]
    if not prior:
        _check_finite_ratings(players, first, second, won, lost)
    use_numeric = method is FitMethod.NUMERIC or (
        method is FitMethod.AUTO and len(first) >= NUMERIC_FROM and _numeric_available()
    )
    history = (len(players), first, second, won, lost)
    if use_numeric:
        from rotation61.ratings import _numeric

        racks, group, theta = _numeric.fit_history(
            *history, prior=prior, tolerance=tolerance, max_iterations=max_iterations
        )
    else:
        racks, group, theta = _fit_history(
            *history, prior=prior, tolerance=tolerance, max_iterations=max_iterations
        )
    if max(group, default=0) > 1:
        members: dict[int, list[str]] = {}
        for player, number in zip(players, group, strict=True):
            if number:
                members.setdefault(number, []).append(player)
        found = tuple(tuple(members[number]) for number in sorted(members))
        warnings.warn(RatingsWarning(found), stacklevel=2)
    ratings = [
        Rating(
            player=p,
            rating=anchor + DOUBLING * theta[i],
            racks=racks[i],
            preliminary=racks[i] < preliminary_below,
            group=group[i],
        )
        for i, p in enumerate(players)
    ]
    return tuple(sorted(ratings, key=lambda r: (-r.rating, r.player)))


def _checked_settings(
    prior_racks: float, preliminary_below: int, tolerance: float, max_iterations: int
) -> float:
    """The settings of :func:`fit` checked; returns ``prior_racks`` as a float."""
    prior = finite_number(prior_racks, "prior_racks")
    for name, value in (
        ("prior_racks", prior),
        ("tolerance", finite_number(tolerance, "tolerance")),
    ):
        if value < 0:
            raise RatingsError(
                RatingsProblem.NEGATIVE, f"{name} {value!r} is below zero", name=name, value=value
            )
    count(preliminary_below, "preliminary_below")
    count(max_iterations, "max_iterations")
    return prior


def _check_finite_ratings(
    players: list[str], first: list[int], second: list[int], won: list[int], lost: list[int]
) -> None:
    beat: list[set[int]] = [set() for _ in players]
    for a, b, w, v in zip(first, second, won, lost, strict=True):
        if w:
            beat[a].add(b)
        if v:
            beat[b].add(a)
    found = unbeaten(len(players), [sorted(s) for s in beat])
    if found is None:
        return
    names = tuple(players[i] for i in found)
    shown = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
    raise RatingsError(
        RatingsProblem.NO_FINITE_RATING,
        f"with prior_racks 0, {shown} never lost a rack to the rest of their group: "
        "their rating is not finite (give prior_racks above 0)",
        players=names,
    )


def _fit_history(
    size: int,
    first: list[int],
    second: list[int],
    won: list[int],
    lost: list[int],
    *,
    prior: float,
    tolerance: float,
    max_iterations: int,
) -> tuple[list[int], list[int], list[float]]:
    """The pure fit: racks, group and log2 strength of each player (sorted by name)."""
    pairs: dict[tuple[int, int], int] = {}
    wins = [0.0] * size
    racks = [0] * size
    for a, b, w, v in zip(first, second, won, lost, strict=True):
        key = (a, b) if a < b else (b, a)
        n = w + v
        pairs[key] = pairs.get(key, 0) + n
        wins[a] += w
        wins[b] += v
        racks[a] += n
        racks[b] += n
    met = sorted((a, b, n) for (a, b), n in pairs.items() if n > 0)
    group = groups(size, ((a, b) for a, b, _ in met))
    theta = _mm(met, wins, group, prior=prior, tolerance=tolerance, max_iterations=max_iterations)
    return racks, group, theta


def _mm(
    met: list[tuple[int, int, int]],
    won: list[float],
    group: list[int],
    *,
    prior: float,
    tolerance: float,
    max_iterations: int,
) -> list[float]:
    """The reference fit: log2 strengths against the anchor's (0), by the MM iteration."""
    size = len(won)
    opponents: list[list[int]] = [[] for _ in range(size)]
    racks: list[list[int]] = [[] for _ in range(size)]
    for a, b, n in met:
        opponents[a].append(b)
        racks[a].append(n)
        opponents[b].append(a)
        racks[b].append(n)
    strength = [1.0] * size
    half = prior / 2
    for _ in range(max_iterations):
        moved = 0.0
        for i in range(size):
            mine = strength[i]
            denominator = sum(
                [n / (mine + strength[o]) for n, o in zip(racks[i], opponents[i], strict=True)]
            )
            denominator += prior / (mine + 1.0)
            scored = won[i] + half
            new = scored / denominator if denominator > 0 else mine
            if new <= 0:
                new = mine / 2
            moved = max(moved, abs(log2(new / mine)))
            strength[i] = new
        strength = _levelled(strength, group) if prior else _centred(strength, group)
        if moved * DOUBLING < tolerance:
            break
    return [log2(s) for s in strength]


def _centred(strength: list[float], group: list[int]) -> list[float]:
    """Strengths scaled so that each group's mean log2 strength is 0 (its anchor)."""
    sums: dict[int, float] = {}
    sizes: dict[int, int] = {}
    for s, g in zip(strength, group, strict=True):
        sums[g] = sums.get(g, 0.0) + log2(s)
        sizes[g] = sizes.get(g, 0) + 1
    return [s / 2.0 ** (sums[g] / sizes[g]) for s, g in zip(strength, group, strict=True)]


def _levelled(strength: list[float], group: list[int]) -> list[float]:
    """Strengths with each group's level set where its virtual racks want it.

    Moving a whole group by one factor changes only the likelihood of its virtual
    racks, which is highest when the group is expected to win half of them:
    ``Σ s / (s + 1) = size / 2``. The MM iteration moves that level only slowly, so
    it is set exactly (Newton's method in the log of the factor) after each round.
    """
    members: dict[int, list[int]] = {}
    for i, g in enumerate(group):
        members.setdefault(g, []).append(i)
    out = list(strength)
    for players in members.values():
        shift = 0.0
        for _ in range(50):
            factor = 2.0**shift
            wins = [out[i] * factor / (out[i] * factor + 1.0) for i in players]
            excess = sum(wins) - len(players) / 2
            slope = sum(w * (1.0 - w) for w in wins) * _LN2
            if slope <= 0 or abs(excess) < 1e-13 * len(players):
                break
            shift -= excess / slope
        factor = 2.0**shift
        for i in players:
            out[i] *= factor
    return out


def standard_errors(
    tallies: Iterable[RackTally],
    ratings: Iterable[Rating],
    *,
    anchor: float = 500.0,
    prior_racks: float = 2.0,
) -> dict[str, float]:
    """Each rating's standard error, in rating points, from the fit's information.

    The inverse square root of the likelihood's curvature in the player's own rating,
    the others held at their fitted values (the racks against each opponent, and the
    virtual racks against the anchor, each weighted by ``p (1 - p)``): a rating plus or
    minus 1.96 of it is a 95% interval. Pass the ``anchor`` and ``prior_racks`` given
    to :func:`fit`.

    >>> tallies = [RackTally(player="a", opponent="b", won=30, lost=10)]
    >>> errors = standard_errors(tallies, fit(tallies))
    >>> round(errors["a"]), round(errors["a"]) == round(errors["b"])
    (51, True)
    """
    rated = {r.player: r.rating for r in ratings}
    info = dict.fromkeys(rated, 0.0)
    for tally in tallies:
        n = tally.won + tally.lost
        p = rack_probability(rated[tally.player], rated[tally.opponent])
        info[tally.player] += n * p * (1 - p)
        info[tally.opponent] += n * p * (1 - p)
    scale = log(2) / DOUBLING  # natural log-odds per rating point
    errors = {}
    for player, value in info.items():
        p = rack_probability(rated[player], anchor)
        total = (value + prior_racks * p * (1 - p)) * scale * scale
        errors[player] = 1 / sqrt(total) if total > 0 else float("inf")
    return errors
