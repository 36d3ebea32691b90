"""The numeric fit: Newton's method in numpy on the likelihood the MM iteration climbs.

Only :func:`rotation61.ratings.fit` imports this module, and only when numpy is
installed (the ``ratings-fast`` extra): the ratings layer stays stdlib-only otherwise.
Each step solves the Newton system ``(L + D) δ = g`` by preconditioned conjugate
gradients, ``L`` the graph Laplacian of the pairs weighted by ``n p (1 − p)`` and ``D``
the virtual racks' curvature, with a backtracking line search; with no virtual racks
one player per group is held at 0 and each group is centred afterwards, as in the
pure fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import log
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.ratings.model import DOUBLING

__all__ = ["log_strengths"]

_Floats = npt.NDArray[np.float64]

_STEP_FLOOR: Final = 1e-7
"""The smallest Newton step, in points, the fit resolves (float precision)."""
_NEWTON_STEPS: Final = 200
_CG_STEPS: Final = 2_000


def _sigmoid(x: _Floats) -> _Floats:
    return np.asarray(0.5 * (1.0 + np.tanh(0.5 * x)), dtype=np.float64)


def log_strengths(
    met: Sequence[tuple[int, int, int]],
    won: Sequence[float],
    group: Sequence[int],
    *,
    prior: float,
    tolerance: float,
    max_iterations: int,
) -> list[float]:
    """Log2 strengths against the anchor's (0) that maximise the likelihood.

    Args:
        met: ``(a, b, racks)`` for every pair of players who met.
        won: the racks each player won.
        group: each player's group (0: no real rack).
        prior: virtual racks per player against the anchor, half won.
        tolerance: stop when no rating moves by more than this (points).
        max_iterations: stop after this many Newton steps.

    Returns:
        Each player's log2 strength.
    """
    size = len(won)
    if not met:
        return [0.0] * size
    table = np.asarray(met, dtype=np.int64)
    a, b = table[:, 0], table[:, 1]
    n = table[:, 2].astype(np.float64)
    wins = np.asarray(won, dtype=np.float64)
    target = wins + prior / 2
    groups = np.asarray(group, dtype=np.int64)
    free = np.ones(size, dtype=bool)
    if not prior:
        free[groups == 0] = False
        numbers, first = np.unique(groups, return_index=True)
        free[first[numbers > 0]] = False

    def likelihood(theta: _Floats) -> float:
        value = float(wins @ theta - n @ np.logaddexp(theta[a], theta[b]))
        if prior:
            value += float(prior / 2 * theta.sum() - prior * np.logaddexp(theta, 0.0).sum())
        return value

    theta = np.zeros(size)
    scale = DOUBLING / log(2)
    stop = max(tolerance, _STEP_FLOOR)
    first_norm = 0.0
    for _ in range(min(max_iterations, _NEWTON_STEPS)):
        s = _sigmoid(theta[a] - theta[b])
        own = _sigmoid(theta)
        grad = (
            target
            - np.bincount(a, n * s, minlength=size)
            - np.bincount(b, n * (1.0 - s), minlength=size)
            - prior * own
        )
        grad[~free] = 0.0
        norm = float(np.abs(grad).max())
        first_norm = first_norm or norm
        if norm == 0.0:
            break
        weight = n * s * (1.0 - s)
        curvature = prior * own * (1.0 - own)
        diagonal = (
            np.bincount(a, weight, minlength=size)
            + np.bincount(b, weight, minlength=size)
            + curvature
        )
        diagonal[diagonal <= 0] = 1.0
        forcing = max(1e-12, min(0.1, (norm / first_norm) ** 0.5))
        delta = _solve(a, b, weight, curvature, diagonal, free, grad, forcing)
        base = likelihood(theta)
        step = 1.0
        while step > 1e-6 and likelihood(theta + step * delta) < base:
            step /= 2
        theta = theta + step * delta
        if float(np.abs(step * delta).max()) * scale < stop:
            break
    if not prior:
        for number in np.unique(groups[groups > 0]):
            members = groups == number
            theta[members] -= theta[members].mean()
    return [float(x) for x in theta / log(2)]


def _solve(
    a: npt.NDArray[np.int64],
    b: npt.NDArray[np.int64],
    weight: _Floats,
    curvature: _Floats,
    diagonal: _Floats,
    free: npt.NDArray[np.bool_],
    rhs: _Floats,
    tolerance: float,
) -> _Floats:
    """Preconditioned conjugate gradients for ``(L + D) x = rhs`` on the free players."""
    size = len(rhs)

    def product(v: _Floats) -> _Floats:
        d = weight * (v[a] - v[b])
        spread = np.bincount(a, d, minlength=size) - np.bincount(b, d, minlength=size)
        out = np.asarray(spread, dtype=np.float64) + curvature * v
        out[~free] = 0.0
        return np.asarray(out, dtype=np.float64)

    x: _Floats = np.zeros(size, dtype=np.float64)
    r = rhs.copy()
    z = r / diagonal
    p = z.copy()
    rz = float(r @ z)
    goal = tolerance * float(np.linalg.norm(rhs))
    for _ in range(_CG_STEPS):
        q = product(p)
        alpha = rz / float(p @ q)
        x += alpha * p
        r -= alpha * q
        if float(np.linalg.norm(r)) <= goal:
            break
        z = r / diagonal
        rz, previous = float(r @ z), rz
        p = z + (rz / previous) * p
    return x
