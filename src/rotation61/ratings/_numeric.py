"""The numeric fit: Newton's method in numpy on the likelihood the MM iteration climbs.

Only :func:`rotation61.ratings.fit` imports this module, and only when numpy is
installed (the ``ratings-fast`` extra): the ratings layer stays stdlib-only otherwise.
The racks are summed per pair and per player with ``numpy.unique`` and ``bincount``,
the groups found by label propagation. Each Newton step solves ``(L + D) δ = g`` by
preconditioned conjugate gradients, ``L`` the graph Laplacian of the pairs weighted
by ``n p (1 − p)`` and ``D`` the virtual racks' curvature; a step is shortened while
it overshoots the maximum along its line (the slope there is checked, with the
gradient the next step needs anyway). With no virtual racks one player per group is
held at 0 and each group is centred afterwards, as in the pure fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import log
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.ratings.model import DOUBLING

__all__ = ["fit_history", "groups"]

_Floats = npt.NDArray[np.float64]
_Ints = npt.NDArray[np.int64]

_STEP_FLOOR: Final = 1e-7
"""The smallest Newton step, in points, the fit resolves (float precision)."""
_NEWTON_STEPS: Final = 200
_CG_STEPS: Final = 2_000
_HALVINGS: Final = 30


def _sigmoid(x: _Floats) -> _Floats:
    return np.asarray(0.5 * (1.0 + np.tanh(0.5 * x)), dtype=np.float64)


def groups(size: int, a: _Ints, b: _Ints) -> _Ints:
    """The group of each player joined by the pairs ``a``–``b``: 1 the largest, 0 none.

    Numbered as :func:`rotation61.ratings._groups.groups` numbers them (by size, then
    by the first player).
    """
    label = np.arange(size, dtype=np.int64)
    while True:
        la, lb = label[a], label[b]
        low = np.minimum(la, lb)
        hooked = label.copy()
        np.minimum.at(hooked, la, low)
        np.minimum.at(hooked, lb, low)
        while True:
            jumped = hooked[hooked]
            if np.array_equal(jumped, hooked):
                break
            hooked = jumped
        if np.array_equal(hooked, label):
            break
        label = hooked
    joined = np.zeros(size, dtype=bool)
    joined[a] = True
    joined[b] = True
    sizes = np.bincount(label[joined], minlength=size)
    roots = np.flatnonzero(sizes)
    order = roots[np.lexsort((roots, -sizes[roots]))]
    number = np.zeros(size, dtype=np.int64)
    number[order] = np.arange(1, len(order) + 1)
    return np.where(joined, number[label], 0)


def fit_history(
    size: int,
    first: Sequence[int],
    second: Sequence[int],
    won: Sequence[int],
    lost: Sequence[int],
    *,
    prior: float,
    tolerance: float,
    max_iterations: int,
) -> tuple[list[int], list[int], list[float]]:
    """Racks, group and log2 strength (the anchor's is 0) of each player.

    Args:
        size: the number of players.
        first: each tally's player.
        second: each tally's opponent.
        won: the racks each tally's player won.
        lost: the racks they lost.
        prior: virtual racks per player against the anchor, half won.
        tolerance: stop when no rating moves by more than this (points).
        max_iterations: stop after this many Newton steps.
    """
    f = np.asarray(first, dtype=np.int64)
    s = np.asarray(second, dtype=np.int64)
    w = np.asarray(won, dtype=np.float64)
    v = np.asarray(lost, dtype=np.float64)
    played = w + v
    racks = np.bincount(f, played, minlength=size) + np.bincount(s, played, minlength=size)
    wins = np.asarray(
        np.bincount(f, w, minlength=size) + np.bincount(s, v, minlength=size), dtype=np.float64
    )
    keys, inverse = np.unique(np.minimum(f, s) * size + np.maximum(f, s), return_inverse=True)
    per_pair = np.asarray(np.bincount(inverse, played, minlength=len(keys)), dtype=np.float64)
    kept = per_pair > 0
    a, b, n = keys[kept] // size, keys[kept] % size, per_pair[kept]
    group = groups(size, a, b)
    theta = _newton(a, b, n, wins, group, prior=prior, tolerance=tolerance, steps=max_iterations)
    return (
        [int(x) for x in racks.round()],
        [int(g) for g in group],
        [float(x) for x in theta / log(2)],
    )


def _newton(
    a: _Ints,
    b: _Ints,
    n: _Floats,
    wins: _Floats,
    group: _Ints,
    *,
    prior: float,
    tolerance: float,
    steps: int,
) -> _Floats:
    """Natural-log strengths maximising the likelihood (the anchor's is 0)."""
    size = len(wins)
    theta: _Floats = np.zeros(size, dtype=np.float64)
    if not len(a):
        return theta
    target = wins + prior / 2
    free = np.ones(size, dtype=bool)
    if not prior:
        free[group == 0] = False
        numbers, first = np.unique(group, return_index=True)
        free[first[numbers > 0]] = False

    def gradient(point: _Floats) -> tuple[_Floats, _Floats, _Floats]:
        pair = _sigmoid(point[a] - point[b])
        own = _sigmoid(point)
        grad = (
            target
            - np.bincount(a, n * pair, minlength=size)
            - np.bincount(b, n * (1.0 - pair), minlength=size)
            - prior * own
        )
        grad[~free] = 0.0
        return grad, pair, own

    scale = DOUBLING / log(2)
    stop = max(tolerance, _STEP_FLOOR)
    grad, pair, own = gradient(theta)
    first_norm = float(np.abs(grad).max()) or 1.0
    for _ in range(min(steps, _NEWTON_STEPS)):
        norm = float(np.abs(grad).max())
        if norm == 0.0:
            break
        weight = n * pair * (1.0 - pair)
        curvature = prior * own * (1.0 - own)
        diagonal = (
            np.bincount(a, weight, minlength=size)
            + np.bincount(b, weight, minlength=size)
            + curvature
        )
        diagonal[diagonal <= 0] = 1.0
        forcing = max(1e-12, min(0.1, (norm / first_norm) ** 0.5))
        delta = _solve(a, b, weight, curvature, diagonal, free, grad, forcing)
        if float(np.abs(delta).max()) * scale < stop:
            theta = theta + delta
            break
        slope = float(grad @ delta)
        step = 1.0
        for _ in range(_HALVINGS):
            trial = theta + step * delta
            grad_t, pair_t, own_t = gradient(trial)
            if float(grad_t @ delta) > -0.5 * slope:  # not past the line's maximum by much
                break
            step /= 2
        theta, grad, pair, own = trial, grad_t, pair_t, own_t
    if not prior:
        for number in np.unique(group[group > 0]):
            members = group == number
            theta[members] -= theta[members].mean()
    return theta


def _solve(
    a: _Ints,
    b: _Ints,
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
        return out

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
