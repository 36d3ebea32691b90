"""Polynomial roots of the event times: the first descent of a quartic, quadratic roots.

Owns :func:`first_descent` (the first time a polynomial of degree at most four goes from
positive to non-positive: critical points, then a safeguarded Newton iteration) and
:func:`descent_root2` (the same for a quadratic, in closed form). Every event time of the
engine is one of these, so the event loop jumps from event to event, never by a time step.
"""

from __future__ import annotations

import math

from rotation61.sim._jit import jit_light


@jit_light
def _pval(c4: float, c3: float, c2: float, c1: float, c0: float, t: float) -> float:
    return (((c4 * t + c3) * t + c2) * t + c1) * t + c0


@jit_light
def _dval(c4: float, c3: float, c2: float, c1: float, t: float) -> float:
    return ((4.0 * c4 * t + 3.0 * c3) * t + 2.0 * c2) * t + c1


@jit_light
def _refine(
    c4: float, c3: float, c2: float, c1: float, c0: float, lo: float, hi: float, s: float
) -> float:
    """A root of the quartic in [lo, hi], where its sign is ``s`` at lo and not at hi.

    Newton's method kept inside a shrinking bracket (bisection when Newton leaves it);
    returns when the step or the bracket is below 1e-14 (1 + t) seconds.
    """
    t = 0.5 * (lo + hi)
    for _ in range(200):
        f = _pval(c4, c3, c2, c1, c0, t)
        if f == 0.0:
            return t
        if f * s > 0.0:
            lo = t
        else:
            hi = t
        tol = 1e-14 * (1.0 + abs(t))
        if hi - lo <= tol:
            return lo if s * _pval(c4, c3, c2, c1, c0, lo) > 0.0 else hi
        d = _dval(c4, c3, c2, c1, t)
        tn = 0.5 * (lo + hi)
        if d != 0.0:
            cand = t - f / d
            if lo < cand < hi:
                tn = cand
        if abs(tn - t) <= tol:
            return tn
        t = tn
    return t


@jit_light
def _crit(c4: float, c3: float, c2: float, c1: float, u: float, v: float) -> float:
    """The root of the quartic's derivative in (u, v) if it changes sign there, else inf."""
    du = _dval(c4, c3, c2, c1, u)
    dv = _dval(c4, c3, c2, c1, v)
    if du * dv < 0.0:
        return _refine(0.0, 4.0 * c4, 3.0 * c3, 2.0 * c2, c1, u, v, 1.0 if du > 0.0 else -1.0)
    return math.inf


@jit_light
def _quad_roots_in(q2: float, q1: float, q0: float, horizon: float) -> tuple[float, float]:
    """The roots of q2 t^2 + q1 t + q0 inside (0, horizon), ascending; inf for none."""
    r1 = math.inf
    r2 = math.inf
    if q2 == 0.0:
        if q1 != 0.0:
            r1 = -q0 / q1
    else:
        disc = q1 * q1 - 4.0 * q2 * q0
        if disc >= 0.0:
            sq = math.sqrt(disc)
            qq = -0.5 * (q1 + (sq if q1 >= 0.0 else -sq))
            if qq != 0.0:
                r1 = qq / q2
                r2 = q0 / qq
            else:
                r1 = 0.0
                r2 = 0.0
            if r2 < r1:
                r1, r2 = r2, r1
    if not (0.0 < r1 < horizon):
        r1 = math.inf
    if not (0.0 < r2 < horizon):
        r2 = math.inf
    if r2 < r1:
        r1, r2 = r2, r1
    return r1, r2


@jit_light
def first_descent(c4: float, c3: float, c2: float, c1: float, c0: float, horizon: float) -> float:
    """The first time in (0, horizon] where the quartic goes from > 0 to <= 0, else inf.

    The quartic is cut into monotone pieces at its critical points (roots of the cubic
    derivative, themselves isolated at the roots of the quadratic second derivative), and
    the first piece whose sign goes from positive to non-positive is refined. A piece
    that starts at or below zero (a contact that is separating) is skipped.
    """
    if not horizon > 0.0:
        return math.inf
    s1, s2 = _quad_roots_in(12.0 * c4, 6.0 * c3, 2.0 * c2, horizon)
    k1 = _crit(c4, c3, c2, c1, 0.0, min(s1, horizon))
    k2 = math.inf
    k3 = math.inf
    if s1 < horizon:
        k2 = _crit(c4, c3, c2, c1, s1, min(s2, horizon))
        if s2 < horizon:
            k3 = _crit(c4, c3, c2, c1, s2, horizon)
    t_prev = 0.0
    f_prev = c0
    for idx in range(4):
        if idx == 0:
            q = k1
        elif idx == 1:
            q = k2
        elif idx == 2:
            q = k3
        else:
            q = horizon
        if q >= horizon and idx < 3:
            continue
        fq = _pval(c4, c3, c2, c1, c0, q)
        if f_prev > 0.0 and fq <= 0.0:
            return _refine(c4, c3, c2, c1, c0, t_prev, q, 1.0)
        t_prev = q
        f_prev = fq
    return math.inf


@jit_light
def descent_root2(q2: float, q1: float, q0: float, horizon: float) -> float:
    """The root of q2 t^2 + q1 t + q0 in [0, horizon] where it is decreasing, else inf."""
    if q2 == 0.0:
        if q1 < 0.0:
            t = -q0 / q1
            return t if 0.0 <= t <= horizon else math.inf
        return math.inf
    disc = q1 * q1 - 4.0 * q2 * q0
    if disc < 0.0:
        return math.inf
    sq = math.sqrt(disc)
    qq = -0.5 * (q1 + (sq if q1 >= 0.0 else -sq))
    if qq == 0.0:
        return math.inf
    r1 = qq / q2
    r2 = q0 / qq
    if r2 < r1:
        r1, r2 = r2, r1
    t = r1 if q2 > 0.0 else r2
    return t if 0.0 <= t <= horizon else math.inf
