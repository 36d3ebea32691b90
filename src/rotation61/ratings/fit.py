"""Fitting ratings to rack results over the whole history (maximum likelihood).

The fit is the Bradley–Terry model on the base-2 scale, solved by the MM iteration
(Hunter 2004): each player's strength is set to racks won over the sum, across their
opponents, of racks played divided by the pair's total strength; it climbs the
likelihood at every step and is deterministic (players in sorted order). A few
virtual racks against an anchor player (half won, half lost) keep a player with no
win or no loss finite and pin the scale: a player with no real rack is rated the
anchor.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import log, log2, sqrt

from rotation61.ratings.model import DOUBLING, rack_probability

__all__ = ["RackTally", "Rating", "fit", "standard_errors"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RackTally:
    """Racks between two players: ``won`` by ``player``, ``lost`` to ``opponent``."""

    player: str
    opponent: str
    won: int
    lost: int

    def __post_init__(self) -> None:
        if self.player == self.opponent:
            raise ValueError(f"a tally of {self.player!r} against themselves")
        if self.won < 0 or self.lost < 0:
            raise ValueError(f"negative racks {self.won!r}-{self.lost!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """A player's fitted rating.

    Attributes:
        player: the player.
        rating: the rating, on the scale where 100 points double the odds.
        racks: the real racks it rests on.
        preliminary: fewer racks than the threshold of the fit.
    """

    player: str
    rating: float
    racks: int
    preliminary: bool


def fit(
    tallies: Iterable[RackTally],
    *,
    anchor: float = 500.0,
    prior_racks: float = 2.0,
    preliminary_below: int = 100,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> tuple[Rating, ...]:
    """Fit every player's rating to all the racks at once.

    Args:
        tallies: racks between pairs (a pair may appear many times).
        anchor: the rating of the virtual opponent.
        prior_racks: virtual racks per player against the anchor, half won (0: none;
            a player who never won or never lost then has no finite rating).
        preliminary_below: a rating resting on fewer real racks is preliminary.
        tolerance: stop when no rating moves by more than this (points).
        max_iterations: stop after this many rounds of updates.

    Returns:
        The ratings, best first (ties by player).

    >>> [(r.player, round(r.rating)) for r in fit(
    ...     [RackTally(player="a", opponent="b", won=30, lost=10)], prior_racks=0)]
    [('a', 579), ('b', 421)]
    """
    pairs: dict[tuple[str, str], int] = {}
    wins: dict[str, float] = {}
    racks: dict[str, int] = {}
    for tally in tallies:
        key = (min(tally.player, tally.opponent), max(tally.player, tally.opponent))
        pairs[key] = pairs.get(key, 0) + tally.won + tally.lost
        for player, won in ((tally.player, tally.won), (tally.opponent, tally.lost)):
            wins[player] = wins.get(player, 0.0) + won
            racks[player] = racks.get(player, 0) + tally.won + tally.lost
    players = sorted(racks)
    opponents: dict[str, list[tuple[str, int]]] = {p: [] for p in players}
    for (a, b), n in sorted(pairs.items()):
        opponents[a].append((b, n))
        opponents[b].append((a, n))
    strength = dict.fromkeys(players, 1.0)
    ghost = 1.0
    half = prior_racks / 2
    for _ in range(max_iterations):
        moved = 0.0
        for player in players:
            denominator: float = sum(
                n / (strength[player] + strength[o]) for o, n in opponents[player]
            )
            denominator += prior_racks / (strength[player] + ghost)
            scored = wins[player] + half
            new = scored / denominator if denominator > 0 else strength[player]
            if new <= 0:
                new = strength[player] / 2
            moved = max(moved, abs(log2(new) - log2(strength[player])))
            strength[player] = new
        if not prior_racks:
            mean = sum(log2(s) for s in strength.values()) / len(players)
            strength = {p: 2.0 ** (log2(s) - mean) for p, s in strength.items()}
        if moved * DOUBLING < tolerance:
            break
    ratings = [
        Rating(
            player=p,
            rating=anchor + DOUBLING * log2(strength[p] / ghost),
            racks=racks[p],
            preliminary=racks[p] < preliminary_below,
        )
        for p in players
    ]
    return tuple(sorted(ratings, key=lambda r: (-r.rating, r.player)))


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
