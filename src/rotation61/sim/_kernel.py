"""The event-based physics kernel: motion laws, event times, collisions and the event loop.

Private. Every function is written in the subset of Python that numba compiles (scalars
and numpy arrays only); :mod:`rotation61.sim._jit` compiles them, or leaves them as the
plain-Python reference when ``NUMBA_DISABLE_JIT=1``. Units are SI (m, s, kg, rad).

Each ball has a motion state (stationary, spinning, sliding, rolling, pocketed) whose
position is a quadratic in time, so every event time is a root of a polynomial of
degree at most four, found by :func:`_first_descent` (critical points, then a
safeguarded Newton iteration): the loop jumps from event to event, never by a time step.
The one exception is a multi-ball impact (:func:`_compliant`), an instantaneous event
whose outcome is integrated through compliant contacts.

Hot kernels are compiled without numba's reference counting (``jit_light``); only
:func:`shoot`, :func:`workspace`, :func:`facts` and :func:`shoot_batch` allocate.

Array layouts (built by :mod:`rotation61.sim.table`, :mod:`rotation61.sim.params`):

- ``pos[n, 2]``, ``vel[n, 2]``, ``w[n, 3]``, ``st[n]``: ball states, index 0 the cue ball;
- ``lines[k, 8]``: cushion segments ``p1x, p1y, dx, dy, length, nx, ny, id`` (``d`` the
  unit direction, ``n`` the unit normal into the table);
- ``points[q, 3]``: cushion points (jaw corners) ``x, y, id``;
- ``pockets[6, 3]``: capture circles ``x, y, radius``;
- ``ev[cap, EV_WIDTH]``: the event log, one row an event (see ``EV_*`` columns).
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit, jit_light, jit_parallel, prange

# Motion states.
STATIONARY = 0
SPINNING = 1
SLIDING = 2
ROLLING = 3
POCKETED = 4

# Event kinds.
EV_STRIKE = 0
EV_BALL = 1
EV_CUSHION = 2
EV_POINT = 3
EV_POCKET = 4
EV_SLIDE_ROLL = 5
EV_ROLL_SPIN = 6
EV_ROLL_STOP = 7
EV_SPIN_STOP = 8
EV_HEAD_STRING = 9

# Event log columns: time, kind, ball i, other j, approach speed, then the states after
# the event of i (x, y, vx, vy, wx, wy, wz, state) and of j (same, or zeros).
EV_WIDTH = 21

# Parameter vector indices.
P_G = 0
P_M = 1
P_R = 2
P_MU_S = 3
P_MU_R = 4
P_MU_SP = 5
P_E_BB = 6
P_MUBB_A = 7
P_MUBB_B = 8
P_MUBB_C = 9
P_E_C = 10
P_MU_C = 11
P_CUSH_SIN = 12
P_CUSH_COS = 13
P_M_CUE = 14
P_E_TIP = 15
P_V_CHATTER = 16
P_EPS_TOUCH = 17
P_OVERLAP = 18
P_V_REST = 19
P_V_EPS = 20
P_K_HERTZ = 21
P_CLUSTER = 22
P_STEPS = 23
P_DAMP = 24
N_PARAMS = 25

# Status codes of a run.
OK = 0
EVENT_LIMIT = 1

# Facts vector (ints) of a shot: see _facts.
F_FIRST = 0
F_CUE_FIRST_KIND = 1
F_CROSSED_BEFORE = 2
F_CROSSED = 3
F_N_POCKETED = 4
F_HEAD = 5

JAW_ID = 6
"""``lines[k, 7]`` of a pocket jaw (the other ids are the six rails)."""

CUE_FIRST_NONE = 0
CUE_FIRST_BALL = 1
CUE_FIRST_RAIL = 2

INF = math.inf


# --------------------------------------------------------------------------- roots


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
    return INF


@jit_light
def _quad_roots_in(q2: float, q1: float, q0: float, horizon: float) -> tuple[float, float]:
    """The roots of q2 t^2 + q1 t + q0 inside (0, horizon), ascending; inf for none."""
    r1 = INF
    r2 = INF
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
        r1 = INF
    if not (0.0 < r2 < horizon):
        r2 = INF
    if r2 < r1:
        r1, r2 = r2, r1
    return r1, r2


@jit_light
def _first_descent(c4: float, c3: float, c2: float, c1: float, c0: float, horizon: float) -> float:
    """The first time in (0, horizon] where the quartic goes from > 0 to <= 0, else inf.

    The quartic is cut into monotone pieces at its critical points (roots of the cubic
    derivative, themselves isolated at the roots of the quadratic second derivative), and
    the first piece whose sign goes from positive to non-positive is refined. A piece
    that starts at or below zero (a contact that is separating) is skipped.
    """
    if not horizon > 0.0:
        return INF
    s1, s2 = _quad_roots_in(12.0 * c4, 6.0 * c3, 2.0 * c2, horizon)
    k1 = _crit(c4, c3, c2, c1, 0.0, min(s1, horizon))
    k2 = INF
    k3 = INF
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
    return INF


@jit_light
def _descent_root2(q2: float, q1: float, q0: float, horizon: float) -> float:
    """The root of q2 t^2 + q1 t + q0 in [0, horizon] where it is decreasing, else inf."""
    if q2 == 0.0:
        if q1 < 0.0:
            t = -q0 / q1
            return t if 0.0 <= t <= horizon else INF
        return INF
    disc = q1 * q1 - 4.0 * q2 * q0
    if disc < 0.0:
        return INF
    sq = math.sqrt(disc)
    qq = -0.5 * (q1 + (sq if q1 >= 0.0 else -sq))
    if qq == 0.0:
        return INF
    r1 = qq / q2
    r2 = q0 / qq
    if r2 < r1:
        r1, r2 = r2, r1
    t = r1 if q2 > 0.0 else r2
    return t if 0.0 <= t <= horizon else INF


# --------------------------------------------------------------------------- motion


@jit_light
def _accel_half(
    s: int, vx: float, vy: float, wx: float, wy: float, p: np.ndarray
) -> tuple[float, float]:
    """Half the acceleration (hx, hy): r(t) = r + v t + h t^2 within the current state."""
    if s == SLIDING:
        rad = p[P_R]
        ux = vx - rad * wy
        uy = vy + rad * wx
        un = math.sqrt(ux * ux + uy * uy)
        if un == 0.0:
            return 0.0, 0.0
        k = -0.5 * p[P_MU_S] * p[P_G] / un
        return k * ux, k * uy
    if s == ROLLING:
        vn = math.sqrt(vx * vx + vy * vy)
        if vn == 0.0:
            return 0.0, 0.0
        k = -0.5 * p[P_MU_R] * p[P_G] / vn
        return k * vx, k * vy
    return 0.0, 0.0


@jit_light
def _duration(i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, p: np.ndarray) -> float:
    """Time until ball i leaves its current motion state (inf if it never does)."""
    s = st[i]
    if s == SLIDING:
        rad = p[P_R]
        ux = vel[i, 0] - rad * w[i, 1]
        uy = vel[i, 1] + rad * w[i, 0]
        return float(2.0 * math.sqrt(ux * ux + uy * uy) / (7.0 * p[P_MU_S] * p[P_G]))
    if s == ROLLING:
        return float(math.sqrt(vel[i, 0] ** 2 + vel[i, 1] ** 2) / (p[P_MU_R] * p[P_G]))
    if s == SPINNING:
        return float(abs(w[i, 2]) * p[P_R] / (2.5 * p[P_MU_SP] * p[P_G]))
    return INF


@jit_light
def _advance(
    i: int, dt: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    p: np.ndarray,
) -> None:  # fmt: skip
    """Move ball i forward by dt within its current motion state (analytic)."""
    s = st[i]
    if s in (STATIONARY, POCKETED) or dt == 0.0:
        return
    rad = p[P_R]
    g = p[P_G]
    alpha = 2.5 * p[P_MU_SP] * g / rad
    wz = w[i, 2]
    if wz > 0.0:
        wz = max(wz - alpha * dt, 0.0)
    elif wz < 0.0:
        wz = min(wz + alpha * dt, 0.0)
    w[i, 2] = wz
    if s == SPINNING:
        return
    vx = vel[i, 0]
    vy = vel[i, 1]
    if s == SLIDING:
        ux = vx - rad * w[i, 1]
        uy = vy + rad * w[i, 0]
        un = math.sqrt(ux * ux + uy * uy)
        if un > 0.0:
            a = p[P_MU_S] * g
            ex = ux / un
            ey = uy / un
            pos[i, 0] += vx * dt - 0.5 * a * ex * dt * dt
            pos[i, 1] += vy * dt - 0.5 * a * ey * dt * dt
            vel[i, 0] = vx - a * ex * dt
            vel[i, 1] = vy - a * ey * dt
            k = 2.5 * a / rad * dt
            w[i, 0] -= k * ey
            w[i, 1] += k * ex
        else:
            pos[i, 0] += vx * dt
            pos[i, 1] += vy * dt
    else:
        vn = math.sqrt(vx * vx + vy * vy)
        if vn > 0.0:
            a = p[P_MU_R] * g
            ex = vx / vn
            ey = vy / vn
            pos[i, 0] += vx * dt - 0.5 * a * ex * dt * dt
            pos[i, 1] += vy * dt - 0.5 * a * ey * dt * dt
            vx = vx - a * ex * dt
            vy = vy - a * ey * dt
            vel[i, 0] = vx
            vel[i, 1] = vy
            w[i, 0] = -vy / rad
            w[i, 1] = vx / rad


@jit_light
def _sync(
    b: int, now: float, tref: np.ndarray, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, p: np.ndarray,
) -> None:  # fmt: skip
    """Bring ball b's stored state (valid at ``tref[b]``) to the time ``now``."""
    if tref[b] < now:
        _advance(b, now - tref[b], pos, vel, w, st, p)
        tref[b] = now


@jit_light
def _settle(i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, p: np.ndarray) -> None:
    """Set ball i's motion state from its velocities (after an impulse)."""
    rad = p[P_R]
    veps = p[P_V_EPS]
    vx = vel[i, 0]
    vy = vel[i, 1]
    ux = vx - rad * w[i, 1]
    uy = vy + rad * w[i, 0]
    v = math.sqrt(vx * vx + vy * vy)
    u = math.sqrt(ux * ux + uy * uy)
    if u <= veps:
        if v <= veps:
            vel[i, 0] = 0.0
            vel[i, 1] = 0.0
            w[i, 0] = 0.0
            w[i, 1] = 0.0
            if abs(w[i, 2]) * rad > veps:
                st[i] = SPINNING
            else:
                w[i, 2] = 0.0
                st[i] = STATIONARY
        else:
            w[i, 0] = -vy / rad
            w[i, 1] = vx / rad
            st[i] = ROLLING
    else:
        st[i] = SLIDING


@jit_light
def _bbox(
    i: int, horizon: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    p: np.ndarray, box: np.ndarray,
) -> None:  # fmt: skip
    """The box [xmin, xmax, ymin, ymax] that ball i's centre stays in until its next transition."""
    s = st[i]
    x = pos[i, 0]
    y = pos[i, 1]
    if s != SLIDING and s != ROLLING:
        box[i, 0] = x
        box[i, 1] = x
        box[i, 2] = y
        box[i, 3] = y
        return
    vx = vel[i, 0]
    vy = vel[i, 1]
    hx, hy = _accel_half(s, vx, vy, w[i, 0], w[i, 1], p)
    t = horizon
    x1 = x + (vx + hx * t) * t
    y1 = y + (vy + hy * t) * t
    box[i, 0] = min(x, x1)
    box[i, 1] = max(x, x1)
    box[i, 2] = min(y, y1)
    box[i, 3] = max(y, y1)
    if hx != 0.0:
        tx = -vx / (2.0 * hx)
        if 0.0 < tx < t:
            xe = x + (vx + hx * tx) * tx
            box[i, 0] = min(box[i, 0], xe)
            box[i, 1] = max(box[i, 1], xe)
    if hy != 0.0:
        ty = -vy / (2.0 * hy)
        if 0.0 < ty < t:
            ye = y + (vy + hy * ty) * ty
            box[i, 2] = min(box[i, 2], ye)
            box[i, 3] = max(box[i, 3], ye)


# --------------------------------------------------------------------------- collisions


@jit_light
def _collide_balls(
    i: int, j: int, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, p: np.ndarray
) -> float:
    """Ball-ball impulse with restitution and contact friction (throw); returns the approach speed.

    Normal impulse with restitution ``e`` (0 below the chatter speed); tangential impulse
    opposing the contact points' relative slip, limited by Coulomb friction
    ``mu(slip) * normal`` and by the impulse that stops the slip (``slip / 7`` per unit
    mass for two solid balls). Overlap is removed along the line of centres.
    """
    rad = p[P_R]
    dx = pos[j, 0] - pos[i, 0]
    dy = pos[j, 1] - pos[i, 1]
    dist = math.sqrt(dx * dx + dy * dy)
    nx = dx / dist
    ny = dy / dist
    vn = (vel[i, 0] - vel[j, 0]) * nx + (vel[i, 1] - vel[j, 1]) * ny
    if vn > 0.0:
        e = p[P_E_BB] if vn >= p[P_V_CHATTER] else 0.0
        jn = 0.5 * (1.0 + e) * vn
        vel[i, 0] -= jn * nx
        vel[i, 1] -= jn * ny
        vel[j, 0] += jn * nx
        vel[j, 1] += jn * ny
        # Slip of the contact points: c_i = v_i + w_i x (R n), c_j = v_j + w_j x (-R n).
        cix = vel[i, 0] - rad * w[i, 2] * ny
        ciy = vel[i, 1] + rad * w[i, 2] * nx
        ciz = rad * (w[i, 0] * ny - w[i, 1] * nx)
        cjx = vel[j, 0] + rad * w[j, 2] * ny
        cjy = vel[j, 1] - rad * w[j, 2] * nx
        cjz = -rad * (w[j, 0] * ny - w[j, 1] * nx)
        sx = cix - cjx
        sy = ciy - cjy
        sz = ciz - cjz
        sn = sx * nx + sy * ny
        sx -= sn * nx
        sy -= sn * ny
        smag = math.sqrt(sx * sx + sy * sy + sz * sz)
        if smag > 0.0:
            mu = p[P_MUBB_A] + p[P_MUBB_B] * math.exp(-p[P_MUBB_C] * smag)
            jt = min(mu * jn, smag / 7.0)
            tx = -jt * sx / smag
            ty = -jt * sy / smag
            tz = -jt * sz / smag
            vel[i, 0] += tx
            vel[i, 1] += ty
            vel[j, 0] -= tx
            vel[j, 1] -= ty
            k = 2.5 / rad
            dwx = k * (ny * tz)
            dwy = k * (-nx * tz)
            dwz = k * (nx * ty - ny * tx)
            w[i, 0] += dwx
            w[i, 1] += dwy
            w[i, 2] += dwz
            w[j, 0] += dwx
            w[j, 1] += dwy
            w[j, 2] += dwz
    overlap = 2.0 * rad - dist
    if overlap > 0.0:
        h = 0.5 * overlap
        pos[i, 0] -= h * nx
        pos[i, 1] -= h * ny
        pos[j, 0] += h * nx
        pos[j, 1] += h * ny
    return float(vn)


@jit_light
def _collide_cushion(
    i: int, nx: float, ny: float, depth: float, vel: np.ndarray, w: np.ndarray,
    pos: np.ndarray, p: np.ndarray,
) -> float:  # fmt: skip
    """Ball-cushion impulse (normal n into the table); returns the approach speed.

    The cushion nose touches the ball at height h above the cloth, at the angle
    ``sin(theta) = (h - R) / R`` above the ball's equator. The normal speed is reversed
    with restitution ``e_c`` (the cloth takes the vertical part of the nose's push), then
    the contact's slip is opposed by friction limited by ``mu_c`` times the nose's normal
    impulse and by the impulse that stops the slip. ``depth`` is the penetration, removed
    along n.
    """
    rad = p[P_R]
    vn = -(vel[i, 0] * nx + vel[i, 1] * ny)
    if vn > 0.0:
        e = p[P_E_C] if vn >= p[P_V_CHATTER] else 0.0
        sth = p[P_CUSH_SIN]
        cth = p[P_CUSH_COS]
        vel[i, 0] += (1.0 + e) * vn * nx
        vel[i, 1] += (1.0 + e) * vn * ny
        # Contact point relative to the centre, and its unit vector.
        rcx = -rad * cth * nx
        rcy = -rad * cth * ny
        rcz = rad * sth
        wx = w[i, 0]
        wy = w[i, 1]
        wz = w[i, 2]
        cx = vel[i, 0] + (wy * rcz - wz * rcy)
        cy = vel[i, 1] + (wz * rcx - wx * rcz)
        cz = wx * rcy - wy * rcx
        ux = rcx / rad
        uy = rcy / rad
        uz = rcz / rad
        cn = cx * ux + cy * uy + cz * uz
        sx = cx - cn * ux
        sy = cy - cn * uy
        sz = cz - cn * uz
        smag = math.sqrt(sx * sx + sy * sy + sz * sz)
        if smag > 0.0:
            normal = (1.0 + e) * vn / cth
            jt = min(p[P_MU_C] * normal, 2.0 * smag / 7.0)
            tx = -jt * sx / smag
            ty = -jt * sy / smag
            tz = -jt * sz / smag
            vel[i, 0] += tx
            vel[i, 1] += ty
            k = 2.5 / (rad * rad)
            w[i, 0] += k * (rcy * tz - rcz * ty)
            w[i, 1] += k * (rcz * tx - rcx * tz)
            w[i, 2] += k * (rcx * ty - rcy * tx)
    if depth > 0.0:
        pos[i, 0] += depth * nx
        pos[i, 1] += depth * ny
    return float(vn)


@jit_light
def _strike(
    vel: np.ndarray, w: np.ndarray, st: np.ndarray, stroke: np.ndarray, p: np.ndarray
) -> None:
    """The cue's impulse on ball 0: stroke = (speed, phi deg, theta deg, a, b).

    ``speed`` is the cue ball's speed for a centre hit, the stick speed being
    ``speed (1 + m/M) / (1 + e_tip)``. The tip hits at offsets ``a R`` (right) and ``b R``
    (up), measured in the plane perpendicular to the cue axis, which points along ``phi``
    and down at ``theta``. Impulse J = (1 + e_tip) V0 / (1/M + (1 + 5/2 (a^2 + b^2)) / m).
    The cloth takes the vertical part of the impulse (no jumps).
    """
    rad = p[P_R]
    m = p[P_M]
    big_m = p[P_M_CUE]
    e_tip = p[P_E_TIP]
    speed = stroke[0]
    phi = math.radians(stroke[1])
    theta = math.radians(stroke[2])
    a = stroke[3]
    b = stroke[4]
    dx = math.cos(phi)
    dy = math.sin(phi)
    cth = math.cos(theta)
    sth = math.sin(theta)
    ex = cth * dx
    ey = cth * dy
    ez = -sth
    # side (right of the aim) and up (perpendicular to the cue axis) unit vectors
    sx = dy
    sy = -dx
    upx = dx * sth
    upy = dy * sth
    upz = cth
    c = math.sqrt(max(1.0 - a * a - b * b, 0.0))
    rcx = rad * (a * sx + b * upx - c * ex)
    rcy = rad * (a * sy + b * upy - c * ey)
    rcz = rad * (b * upz - c * ez)
    v0 = speed * (1.0 + m / big_m) / (1.0 + e_tip)
    jm = (1.0 + e_tip) * v0 / (m / big_m + 1.0 + 2.5 * (a * a + b * b))
    vel[0, 0] = jm * ex
    vel[0, 1] = jm * ey
    k = jm * 2.5 / (rad * rad)
    w[0, 0] = k * (rcy * ez - rcz * ey)
    w[0, 1] = k * (rcz * ex - rcx * ez)
    w[0, 2] = k * (rcx * ey - rcy * ex)
    _settle(0, vel, w, st, p)


# --------------------------------------------------------------------------- compliant impacts


@jit_light
def _contact_duration(vn: float, p: np.ndarray) -> float:
    """Hertz contact duration (s) of two balls meeting head-on at ``vn`` m/s."""
    m_eff = 0.5 * p[P_M]
    k = p[P_K_HERTZ]
    return float(2.9432 * (m_eff * m_eff / (k * k * max(vn, 1e-3))) ** 0.2)


@jit_light
def _has_neighbour(
    i: int, j: int, reach: float, now: float, tref: np.ndarray, pos: np.ndarray,
    vel: np.ndarray, w: np.ndarray, st: np.ndarray, p: np.ndarray, box: np.ndarray,
) -> bool:  # fmt: skip
    """Whether a third ball is within ``reach`` of touching ball i or j (at ``now``)."""
    d = 2.0 * p[P_R] + reach
    d2 = d * d
    for k in range(pos.shape[0]):
        if k in (i, j) or st[k] == POCKETED:
            continue
        for b in (i, j):
            x = pos[b, 0]
            y = pos[b, 1]
            if box[k, 0] - d <= x <= box[k, 1] + d and box[k, 2] - d <= y <= box[k, 3] + d:
                _sync(k, now, tref, pos, vel, w, st, p)
                dx = pos[k, 0] - x
                dy = pos[k, 1] - y
                if dx * dx + dy * dy < d2:
                    return True
    return False


@jit_light
def _impact_forces(
    loc: np.ndarray, frc: np.ndarray, pairs: np.ndarray, npairs: int, act: np.ndarray,
    onset: np.ndarray, touched: np.ndarray, count: int, p: np.ndarray, tau: float, dt: float,
) -> tuple[bool, int]:  # fmt: skip
    """Contact forces and torques of a compliant impact at the local states ``loc``.

    Returns whether a contact is closed or about to close (within a contact duration),
    and the number of pairs touched so far (new contacts are appended to ``touched``,
    their balls made active).
    """
    rad = p[P_R]
    diam = 2.0 * rad
    diam2 = diam * diam
    m = p[P_M]
    k_h = p[P_K_HERTZ]
    damp = p[P_DAMP]
    for b in range(frc.shape[0]):
        for c in range(5):
            frc[b, c] = 0.0
    busy = False
    for q in range(npairs):
        a = pairs[q, 0]
        b = pairs[q, 1]
        dx = loc[b, 0] - loc[a, 0]
        dy = loc[b, 1] - loc[a, 1]
        d2 = dx * dx + dy * dy
        closing = (loc[a, 2] - loc[b, 2]) * dx + (loc[a, 3] - loc[b, 3]) * dy
        if d2 >= diam2:
            # apart: busy only if closing within a contact duration
            if closing > 0.0 and not busy:
                gap = math.sqrt(d2) - diam
                busy = gap * math.sqrt(d2) < closing * tau
            continue
        busy = True
        dist = math.sqrt(d2)
        inv = 1.0 / dist
        nx = dx * inv
        ny = dy * inv
        u = closing * inv
        delta = diam - dist
        if onset[a, b] < 0.0:
            onset[a, b] = max(u, 0.0)
            touched[count, 0] = a
            touched[count, 1] = b
            count += 1
            act[a] = 1
            act[b] = 1
        sd = math.sqrt(delta)
        f = k_h * delta * sd + damp * math.sqrt(sd) * u
        if f <= 0.0:
            continue
        frc[a, 0] -= f * nx
        frc[a, 1] -= f * ny
        frc[b, 0] += f * nx
        frc[b, 1] += f * ny
        # friction: the contact points' slip, opposed by mu(slip) f, at most sticking
        sx = (loc[a, 2] - rad * loc[a, 6] * ny) - (loc[b, 2] + rad * loc[b, 6] * ny)
        sy = (loc[a, 3] + rad * loc[a, 6] * nx) - (loc[b, 3] - rad * loc[b, 6] * nx)
        sz = rad * ((loc[a, 4] + loc[b, 4]) * ny - (loc[a, 5] + loc[b, 5]) * nx)
        sn = sx * nx + sy * ny
        sx -= sn * nx
        sy -= sn * ny
        smag = math.sqrt(sx * sx + sy * sy + sz * sz)
        if smag > 0.0:
            mu = p[P_MUBB_A] + p[P_MUBB_B] * math.exp(-p[P_MUBB_C] * smag)
            ft = min(mu * f, m * smag / (7.0 * dt)) / smag
            tx = -ft * sx
            ty = -ft * sy
            tz = -ft * sz
            frc[a, 0] += tx
            frc[a, 1] += ty
            frc[b, 0] -= tx
            frc[b, 1] -= ty
            gx = rad * ny * tz
            gy = -rad * nx * tz
            gz = rad * (nx * ty - ny * tx)
            frc[a, 2] += gx
            frc[a, 3] += gy
            frc[a, 4] += gz
            frc[b, 2] += gx
            frc[b, 3] += gy
            frc[b, 4] += gz
    return busy, count


@jit_light
def _kick_drift(
    loc: np.ndarray, frc: np.ndarray, act: np.ndarray, h: float, dt: float, p: np.ndarray
) -> None:
    """Change the active balls' velocities and spins by the forces over h, then move them dt."""
    m = p[P_M]
    rad = p[P_R]
    hm = h / m
    hi = h * 2.5 / (m * rad * rad)
    for b in range(loc.shape[0]):
        if act[b] == 0:
            continue
        loc[b, 2] += frc[b, 0] * hm
        loc[b, 3] += frc[b, 1] * hm
        loc[b, 4] += frc[b, 2] * hi
        loc[b, 5] += frc[b, 3] * hi
        loc[b, 6] += frc[b, 4] * hi
        loc[b, 0] += loc[b, 2] * dt
        loc[b, 1] += loc[b, 3] * dt


@jit_light
def _compliant(
    i: int, j: int, vn: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, p: np.ndarray, safe: np.ndarray, act: np.ndarray, pairs: np.ndarray,
    onset: np.ndarray, touched: np.ndarray, loc: np.ndarray, frc: np.ndarray,
) -> int:  # fmt: skip
    """A multi-ball impact through compliant (Hertz) contacts; the number of contacts made.

    Starts from the touching pair (i, j) approaching at ``vn``. Balls are integrated only
    once touched ("active"); contacts are Hertz springs k delta^1.5 with Tsuji damping
    (restitution ``e_ball`` at any speed) and the ball-ball friction law; leapfrog steps
    of ``tau / P_STEPS`` (tau: the pair's contact duration). It ends when no contact is
    closed and none is about to close; the active balls then take the integrated states
    (the impact is instantaneous on the event clock, so they keep the few millimetres
    they travelled during it). Returns -1, changing nothing, if an active ball comes
    near a cushion (outside the rectangle ``safe`` = xmin, xmax, ymin, ymax of centres)
    or the impact does not end in time: the caller then resolves the pair as usual.

    ``touched[:count]`` lists the pairs in order of first contact; ``onset[a, b]`` their
    approach speed then.
    """
    n = pos.shape[0]
    rad = p[P_R]
    tau = _contact_duration(vn, p)
    dt = tau / p[P_STEPS]
    vb2 = 0.0
    for b in range(n):
        act[b] = 0
        for c in range(7):
            loc[b, c] = 0.0
        for c in range(n):
            onset[b, c] = -1.0
        if st[b] == POCKETED:
            continue
        loc[b, 0] = pos[b, 0]
        loc[b, 1] = pos[b, 1]
        loc[b, 2] = vel[b, 0]
        loc[b, 3] = vel[b, 1]
        loc[b, 4] = w[b, 0]
        loc[b, 5] = w[b, 1]
        loc[b, 6] = w[b, 2]
        vb2 += vel[b, 0] * vel[b, 0] + vel[b, 1] * vel[b, 1]
    act[i] = 1
    act[j] = 1
    # Verlet list: pairs with an active ball within 2R + skin, rebuilt every `every` steps
    every = 8
    skin = 2.0 * math.sqrt(vb2) * every * dt + 2.0 * p[P_EPS_TOUCH]
    cut2 = (2.0 * rad + skin) ** 2
    zero = n - n  # 0 as int64: a literal 0 would compile _impact_forces twice
    npairs = zero
    count = zero
    max_steps = 400 * int(p[P_STEPS])
    for step in range(max_steps + 1):
        if step == max_steps:
            return -1
        if step % every == 0:
            npairs = zero
            for a in range(n):
                if act[a] == 0:
                    continue
                if not (
                    safe[0] + skin <= loc[a, 0] <= safe[1] - skin
                    and safe[2] + skin <= loc[a, 1] <= safe[3] - skin
                ):
                    return -1
                for b in range(n):
                    if b == a or st[b] == POCKETED or (act[b] != 0 and b < a):
                        continue
                    dx = loc[b, 0] - loc[a, 0]
                    dy = loc[b, 1] - loc[a, 1]
                    if dx * dx + dy * dy < cut2:
                        pairs[npairs, 0] = min(a, b)
                        pairs[npairs, 1] = max(a, b)
                        npairs += 1
        if step == 0:
            busy, count = _impact_forces(
                loc, frc, pairs, npairs, act, onset, touched, count, p, tau, dt
            )
        # leapfrog: kick, drift, forces (the half kicks of successive steps merged)
        _kick_drift(loc, frc, act, 0.5 * dt if step == 0 else dt, dt, p)
        busy, count = _impact_forces(
            loc, frc, pairs, npairs, act, onset, touched, count, p, tau, dt
        )
        if not busy:
            _kick_drift(loc, frc, act, 0.5 * dt, 0.0, p)
            break
    for b in range(n):
        if act[b] == 0:
            continue
        pos[b, 0] = loc[b, 0]
        pos[b, 1] = loc[b, 1]
        vel[b, 0] = loc[b, 2]
        vel[b, 1] = loc[b, 3]
        w[b, 0] = loc[b, 4]
        w[b, 1] = loc[b, 5]
        w[b, 2] = loc[b, 6]
    return int(count)


# --------------------------------------------------------------------------- prediction


@jit_light
def _straight_time(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dd: float, horizon: float
) -> float:
    """:func:`_contact_time`'s root when the relative path is a straight line (A parallel to B).

    With u = B/|B| the relative position is C + u s(t), s(t) = |B| t + (A.u) t^2, and the
    distance is dd where s is a root of s^2 + 2 (C.u) s + |C|^2 - dd^2; the answer is the
    first time s(t) reaches the nearer root from outside. Returns -1 if |B| = 0.
    """
    bn = math.sqrt(bx * bx + by * by)
    if bn == 0.0:
        return -1.0
    ux = bx / bn
    uy = by / bn
    ap = ax * ux + ay * uy
    cu = cx * ux + cy * uy
    c0 = cx * cx + cy * cy - dd * dd
    q = cu * cu - c0
    if q < 0.0:
        return INF
    sq = math.sqrt(q)
    if c0 > 0.0 and cu < 0.0:
        target = c0 / (-cu + sq)  # nearer root s1 > 0, reached while s increases
        disc = bn * bn + 4.0 * ap * target
        if disc < 0.0:
            return INF
        t = 2.0 * target / (bn + math.sqrt(disc))
    else:
        target = -cu + sq  # far root s2, reached only once s turns back
        if ap >= 0.0 or target <= 0.0:
            return INF
        disc = bn * bn + 4.0 * ap * target
        if disc < 0.0:
            return INF
        t = (bn + math.sqrt(disc)) / (-2.0 * ap)
    return t if t <= horizon else INF


@jit_light
def _path_time(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dd: float, horizon: float
) -> float:
    """First time |C + B t + A t^2| falls to dd from above: straight-line fast path or quartic."""
    cross = ax * by - ay * bx
    if cross * cross <= 1e-20 * (ax * ax + ay * ay) * (bx * bx + by * by):
        t = _straight_time(ax, ay, bx, by, cx, cy, dd, horizon)
        if t >= 0.0:
            return t
    return _first_descent(
        ax * ax + ay * ay,
        2.0 * (ax * bx + ay * by),
        bx * bx + by * by + 2.0 * (ax * cx + ay * cy),
        2.0 * (bx * cx + by * cy),
        cx * cx + cy * cy - dd * dd,
        horizon,
    )


@jit_light
def _contact_time(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dd: float,
    horizon: float, p: np.ndarray,
) -> float:  # fmt: skip
    """When |C + B t + A t^2| first falls to dd (relative to now); inf if not before horizon.

    Touching bodies (gap within the contact tolerance) that approach faster than the rest
    speed collide now; resting ones (|approach| below it) may sink by the overlap
    tolerance before the next contact is resolved (which stops chattering); overlapping
    beyond it resolves now.
    """
    dist = math.sqrt(cx * cx + cy * cy)
    gap = dist - dd
    bn2 = bx * bx + by * by
    bn = math.sqrt(bn2)
    an = math.sqrt(ax * ax + ay * ay)
    if gap > (bn + an * horizon) * horizon:
        return INF
    if gap > p[P_EPS_TOUCH] and bn2 > 0.0:
        # the straight relative path C + B t passes no nearer than d_lin, and the
        # acceleration bends it by at most |A| horizon^2
        ts = min(max(-(cx * bx + cy * by) / bn2, 0.0), horizon)
        lx = cx + bx * ts
        ly = cy + by * ts
        if math.sqrt(lx * lx + ly * ly) - an * horizon * horizon > dd:
            return INF
    if gap <= p[P_EPS_TOUCH]:
        if gap < -p[P_OVERLAP]:
            return 0.0
        vn = -(bx * cx + by * cy) / dist
        if vn > p[P_V_REST]:
            return 0.0
        if vn > -p[P_V_REST]:
            return _path_time(ax, ay, bx, by, cx, cy, dd - p[P_OVERLAP], horizon)
    return _path_time(ax, ay, bx, by, cx, cy, dd, horizon)


@jit_light
def _predict_pair(
    i: int, j: int, now: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, trans_t: np.ndarray, rail_t: np.ndarray, p: np.ndarray, box: np.ndarray,
) -> float:  # fmt: skip
    """Absolute time of the next collision of balls i and j under their current motions.

    Only up to the first of the two balls' own next events (motion transition, cushion,
    pocket): each of those recomputes the pair anyway. Infinite if none before.
    """
    si = st[i]
    sj = st[j]
    if si == POCKETED or sj == POCKETED:
        return INF
    mi = si in (SLIDING, ROLLING)
    mj = sj in (SLIDING, ROLLING)
    if not mi and not mj:
        return INF
    reach = 2.0 * p[P_R] + p[P_EPS_TOUCH]
    if (
        box[i, 0] - box[j, 1] > reach
        or box[j, 0] - box[i, 1] > reach
        or box[i, 2] - box[j, 3] > reach
        or box[j, 2] - box[i, 3] > reach
    ):
        return INF
    horizon = min(min(trans_t[i], trans_t[j]), min(rail_t[i], rail_t[j])) - now
    hix, hiy = _accel_half(si, vel[i, 0], vel[i, 1], w[i, 0], w[i, 1], p)
    hjx, hjy = _accel_half(sj, vel[j, 0], vel[j, 1], w[j, 0], w[j, 1], p)
    bix = vel[i, 0] if mi else 0.0
    biy = vel[i, 1] if mi else 0.0
    bjx = vel[j, 0] if mj else 0.0
    bjy = vel[j, 1] if mj else 0.0
    t = _contact_time(
        hix - hjx,
        hiy - hjy,
        bix - bjx,
        biy - bjy,
        pos[i, 0] - pos[j, 0],
        pos[i, 1] - pos[j, 1],
        2.0 * p[P_R],
        horizon,
        p,
    )
    return now + t


@jit_light
def _predict_rail(
    i: int, now: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    trans_t: np.ndarray, lines: np.ndarray, points: np.ndarray, pockets: np.ndarray,
    p: np.ndarray, head_x: float, track_head: bool, box: np.ndarray, safe: np.ndarray,
) -> tuple[float, int, int]:  # fmt: skip
    """Ball i's next event with the table: (absolute time, kind, index).

    ``safe`` is the rectangle of centres R inside the cushion nose lines.
    """
    s = st[i]
    if s != SLIDING and s != ROLLING:
        return INF, -1, -1
    rad = p[P_R]
    horizon = trans_t[i] - now
    x = pos[i, 0]
    y = pos[i, 1]
    vx = vel[i, 0]
    vy = vel[i, 1]
    hx, hy = _accel_half(s, vx, vy, w[i, 0], w[i, 1], p)
    reach = (math.sqrt(vx * vx + vy * vy) + math.sqrt(hx * hx + hy * hy) * horizon) * horizon
    eps_touch = p[P_EPS_TOUCH]
    overlap = p[P_OVERLAP]
    v_rest = p[P_V_REST]
    best = INF
    kind = -1
    idx = -1
    # the centre's box, grown by R (cushions, points) and by the overlap budget
    grow = rad + overlap + eps_touch
    bx0 = box[i, 0] - grow
    bx1 = box[i, 1] + grow
    by0 = box[i, 2] - grow
    by1 = box[i, 3] + grow
    # a box well inside the cushion nose lines meets no cushion, jaw or pocket
    inside = (
        box[i, 0] > safe[0] + overlap + eps_touch
        and box[i, 1] < safe[1] - overlap - eps_touch
        and box[i, 2] > safe[2] + overlap + eps_touch
        and box[i, 3] < safe[3] - overlap - eps_touch
    )
    if not inside:
        for k in range(lines.shape[0]):
            ex = lines[k, 0] + lines[k, 2] * lines[k, 4]
            ey = lines[k, 1] + lines[k, 3] * lines[k, 4]
            if (
                min(lines[k, 0], ex) > bx1
                or max(lines[k, 0], ex) < bx0
                or min(lines[k, 1], ey) > by1
                or max(lines[k, 1], ey) < by0
            ):
                continue
            nx = lines[k, 5]
            ny = lines[k, 6]
            rx = x - lines[k, 0]
            ry = y - lines[k, 1]
            d0 = nx * rx + ny * ry - rad
            if d0 > reach:
                continue
            q1 = nx * vx + ny * vy
            q2 = nx * hx + ny * hy
            dx = lines[k, 2]
            dy = lines[k, 3]
            length = lines[k, 4]
            proj = dx * rx + dy * ry
            if d0 < -overlap and 0.0 <= proj <= length:
                # behind the face: cannot reach it (a ball in a mouth may reach past the end)
                continue
            t = INF
            if d0 <= eps_touch:
                if 0.0 <= proj <= length:
                    if -q1 > v_rest or d0 < -overlap:
                        t = 0.0
                    elif -q1 > -v_rest:
                        t = _descent_root2(q2, q1, d0 + overlap, horizon)
                    else:
                        t = _descent_root2(q2, q1, d0, horizon)
                else:
                    t = _descent_root2(q2, q1, d0, horizon)
            else:
                t = _descent_root2(q2, q1, d0, horizon)
            if t < best:
                proj = dx * (rx + (vx + hx * t) * t) + dy * (ry + (vy + hy * t) * t)
                if 0.0 <= proj <= length:
                    best = t
                    kind = EV_CUSHION
                    idx = k
        for k in range(points.shape[0]):
            if not (bx0 <= points[k, 0] <= bx1 and by0 <= points[k, 1] <= by1):
                continue
            cx = x - points[k, 0]
            cy = y - points[k, 1]
            if cx * cx + cy * cy > (rad + reach) ** 2:
                continue
            t = _contact_time(hx, hy, vx, vy, cx, cy, rad, horizon, p)
            if t < best:
                best = t
                kind = EV_POINT
                idx = k
        for k in range(pockets.shape[0]):
            r_p = pockets[k, 2]
            if (
                pockets[k, 0] - r_p > bx1
                or pockets[k, 0] + r_p < bx0
                or pockets[k, 1] - r_p > by1
                or pockets[k, 1] + r_p < by0
            ):
                continue
            cx = x - pockets[k, 0]
            cy = y - pockets[k, 1]
            d2 = cx * cx + cy * cy
            if d2 > (r_p + reach) ** 2:
                continue
            t = 0.0 if d2 <= r_p * r_p else _path_time(hx, hy, vx, vy, cx, cy, r_p, horizon)
            if t < best:
                best = t
                kind = EV_POCKET
                idx = k
    if track_head and i == 0:
        g0 = head_x - x
        t = 0.0 if g0 <= 0.0 else _descent_root2(-hx, -vx, g0, horizon)
        if t < best:
            best = t
            kind = EV_HEAD_STRING
            idx = -1
    return now + best, kind, idx


# --------------------------------------------------------------------------- event loop


@jit_light
def _safe_box(lines: np.ndarray, p: np.ndarray, safe: np.ndarray) -> None:
    """The rectangle of ball centres at least R inside every cushion nose line."""
    safe[0] = INF
    safe[1] = -INF
    safe[2] = INF
    safe[3] = -INF
    for k in range(lines.shape[0]):
        if lines[k, 7] == JAW_ID:
            continue
        for e in range(2):
            x = lines[k, 0] + e * lines[k, 2] * lines[k, 4]
            y = lines[k, 1] + e * lines[k, 3] * lines[k, 4]
            safe[0] = min(safe[0], x)
            safe[1] = max(safe[1], x)
            safe[2] = min(safe[2], y)
            safe[3] = max(safe[3], y)
    rad = p[P_R]
    safe[0] += rad
    safe[1] -= rad
    safe[2] += rad
    safe[3] -= rad


@jit_light
def _record(
    ev: np.ndarray, count: int, now: float, kind: int, i: int, j: int, info: float,
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
) -> None:  # fmt: skip
    if count >= ev.shape[0]:
        return
    ev[count, 0] = now
    ev[count, 1] = kind
    ev[count, 2] = i
    ev[count, 3] = j
    ev[count, 4] = info
    for side in range(2):
        b = i if side == 0 else j
        base = 5 + 8 * side
        if b < 0 or (side == 1 and kind != EV_BALL):
            for c in range(8):
                ev[count, base + c] = 0.0
        else:
            ev[count, base] = pos[b, 0]
            ev[count, base + 1] = pos[b, 1]
            ev[count, base + 2] = vel[b, 0]
            ev[count, base + 3] = vel[b, 1]
            ev[count, base + 4] = w[b, 0]
            ev[count, base + 5] = w[b, 1]
            ev[count, base + 6] = w[b, 2]
            ev[count, base + 7] = st[b]


@jit_light
def _row_min(i: int, pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray) -> None:
    """Recompute row i's earliest pair time (the first column on ties)."""
    best = INF
    arg = -1
    for j in range(i + 1, pair_t.shape[0]):
        if pair_t[i, j] < best:
            best = pair_t[i, j]
            arg = j
    rmin[i] = best
    rarg[i] = arg


@jit_light
def _set_pair(
    i: int, j: int, t: float, pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray
) -> None:
    """Set pair (i < j)'s time and keep row i's minimum."""
    pair_t[i, j] = t
    if t < rmin[i] or (t == rmin[i] and j < rarg[i]):
        rmin[i] = t
        rarg[i] = j
    elif rarg[i] == j and t > rmin[i]:
        _row_min(i, pair_t, rmin, rarg)


@jit_light
def _refresh(
    b: int, now: float, tref: np.ndarray, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, trans_t: np.ndarray, rail_t: np.ndarray, rail_kind: np.ndarray,
    rail_idx: np.ndarray, pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track_head: bool, box: np.ndarray, safe: np.ndarray,
) -> None:  # fmt: skip
    """Recompute every prediction that involves ball b."""
    dur = _duration(b, vel, w, st, p)
    trans_t[b] = now + dur
    _bbox(b, dur, pos, vel, w, st, p, box)
    t, k, idx = _predict_rail(
        b, now, pos, vel, w, st, trans_t, lines, points, pockets, p, head_x, track_head, box, safe
    )
    rail_t[b] = t
    rail_kind[b] = k
    rail_idx[b] = idx
    if t < trans_t[b]:
        _bbox(b, t - now, pos, vel, w, st, p, box)  # the pairs only look that far
    n = pos.shape[0]
    reach = 2.0 * p[P_R] + p[P_EPS_TOUCH]
    moving = st[b] in (SLIDING, ROLLING)
    for o in range(n):
        if o == b:
            continue
        so = st[o]
        t = INF
        # the pair can meet only if one of them moves and their boxes come within reach
        if (
            so != POCKETED
            and (moving or so in (SLIDING, ROLLING))
            and box[b, 0] - box[o, 1] <= reach
            and box[o, 0] - box[b, 1] <= reach
            and box[b, 2] - box[o, 3] <= reach
            and box[o, 2] - box[b, 3] <= reach
        ):
            _sync(o, now, tref, pos, vel, w, st, p)
            t = _predict_pair(min(b, o), max(b, o), now, pos, vel, w, st, trans_t, rail_t, p, box)
        if o < b:
            _set_pair(o, b, t, pair_t, rmin, rarg)
        else:
            pair_t[b, o] = t
    _row_min(b, pair_t, rmin, rarg)


@jit
def workspace(
    n: int,
) -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    np.ndarray, np.ndarray,
]:  # fmt: skip
    """The scratch arrays of :func:`run` for n balls (reusable from shot to shot)."""
    return (
        np.empty(n),  # trans_t
        np.empty(n),  # rail_t
        np.empty(n, np.int64),  # rail_kind
        np.empty(n, np.int64),  # rail_idx
        np.empty((n, n)),  # pair_t
        np.empty(n),  # rmin
        np.empty(n, np.int64),  # rarg
        np.empty((n, 4)),  # box
        np.empty(n, np.int64),  # act
        np.empty((n * n, 2), np.int64),  # pairs
        np.empty((n, n)),  # onset
        np.empty((n * n, 2), np.int64),  # touched
        np.empty((n, 7)),  # loc
        np.empty((n, 5)),  # frc
        np.empty(4),  # safe
        np.empty(n),  # tref
    )


@jit
def shoot(
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray, stroke: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track_head: bool, ev: np.ndarray, max_events: int,
) -> tuple[int, int, float]:  # fmt: skip
    """Strike ball 0 and run the shot to rest; the states are updated in place.

    Returns:
        (number of events, status, time of the last event). Events past ``ev``'s
        capacity are counted but not stored; ``status`` is ``EVENT_LIMIT`` if the shot
        did not come to rest within ``max_events`` events.
    """
    (
        trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act, pairs, onset,
        touched, loc, frc, safe, tref,
    ) = workspace(pos.shape[0])  # fmt: skip
    return run(
        pos, vel, w, st, stroke, lines, points, pockets, p, head_x, track_head, ev,
        max_events, trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act,
        pairs, onset, touched, loc, frc, safe, tref,
    )  # fmt: skip


@jit_light
def run(
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray, stroke: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track_head: bool, ev: np.ndarray, max_events: int,
    trans_t: np.ndarray, rail_t: np.ndarray, rail_kind: np.ndarray, rail_idx: np.ndarray,
    pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray, box: np.ndarray,
    act: np.ndarray, pairs: np.ndarray, onset: np.ndarray, touched: np.ndarray,
    loc: np.ndarray, frc: np.ndarray, safe: np.ndarray, tref: np.ndarray,
) -> tuple[int, int, float]:  # fmt: skip
    """:func:`shoot` on the scratch arrays of :func:`workspace` (sized for these balls)."""
    n = pos.shape[0]
    _strike(vel, w, st, stroke, p)
    _record(ev, 0, 0.0, EV_STRIKE, 0, -1, stroke[0], pos, vel, w, st)
    count = 1
    for i in range(n):
        tref[i] = 0.0
        for j in range(n):
            pair_t[i, j] = INF
    _safe_box(lines, p, safe)
    track = track_head
    now = 0.0
    # -1, typed int64 rather than the literal -1 (which numba would compile every callee
    # for a second time)
    none = n - n - 1
    for i in range(n):
        trans_t[i] = _duration(i, vel, w, st, p)
        _bbox(i, trans_t[i], pos, vel, w, st, p, box)
    for i in range(n):
        t, k, idx = _predict_rail(
            i, now, pos, vel, w, st, trans_t, lines, points, pockets, p, head_x, track, box, safe
        )
        rail_t[i] = t
        rail_kind[i] = k
        rail_idx[i] = idx
    for i in range(n):
        if rail_t[i] < trans_t[i]:
            _bbox(i, rail_t[i] - now, pos, vel, w, st, p, box)
    for i in range(n):
        for j in range(i + 1, n):
            pair_t[i, j] = _predict_pair(i, j, now, pos, vel, w, st, trans_t, rail_t, p, box)
        _row_min(i, pair_t, rmin, rarg)
    status = OK
    while True:
        best = INF
        what = none
        bi = none
        bj = none
        for i in range(n):
            if trans_t[i] < best:
                best = trans_t[i]
                what = 0
                bi = i
            if rail_t[i] < best:
                best = rail_t[i]
                what = 1
                bi = i
        for i in range(n):
            if rmin[i] < best:
                best = rmin[i]
                what = 2
                bi = i
                bj = rarg[i]
        if best == INF:
            break
        if count >= max_events:
            status = EVENT_LIMIT
            break
        now = max(now, best)
        _sync(bi, now, tref, pos, vel, w, st, p)
        if what == 2:
            _sync(bj, now, tref, pos, vel, w, st, p)
        info = 0.0
        other = none
        if what == 0:
            s = st[bi]
            if s == SLIDING:
                kind = EV_SLIDE_ROLL
                vx = vel[bi, 0]
                vy = vel[bi, 1]
                w[bi, 0] = -vy / p[P_R]
                w[bi, 1] = vx / p[P_R]
                st[bi] = ROLLING
                if vx * vx + vy * vy <= p[P_V_EPS] ** 2:
                    _settle(bi, vel, w, st, p)
            elif s == ROLLING:
                vel[bi, 0] = 0.0
                vel[bi, 1] = 0.0
                w[bi, 0] = 0.0
                w[bi, 1] = 0.0
                if abs(w[bi, 2]) * p[P_R] > p[P_V_EPS]:
                    kind = EV_ROLL_SPIN
                    st[bi] = SPINNING
                else:
                    kind = EV_ROLL_STOP
                    w[bi, 2] = 0.0
                    st[bi] = STATIONARY
            else:
                kind = EV_SPIN_STOP
                w[bi, 2] = 0.0
                st[bi] = STATIONARY
        elif what == 1:
            kind = rail_kind[bi]
            idx = rail_idx[bi]
            other = idx
            if kind == EV_CUSHION:
                nx = lines[idx, 5]
                ny = lines[idx, 6]
                depth = p[P_R] - (
                    nx * (pos[bi, 0] - lines[idx, 0]) + ny * (pos[bi, 1] - lines[idx, 1])
                )
                info = _collide_cushion(bi, nx, ny, depth, vel, w, pos, p)
                _settle(bi, vel, w, st, p)
            elif kind == EV_POINT:
                cx = pos[bi, 0] - points[idx, 0]
                cy = pos[bi, 1] - points[idx, 1]
                dist = math.sqrt(cx * cx + cy * cy)
                info = _collide_cushion(bi, cx / dist, cy / dist, p[P_R] - dist, vel, w, pos, p)
                _settle(bi, vel, w, st, p)
            elif kind == EV_POCKET:
                vel[bi, 0] = 0.0
                vel[bi, 1] = 0.0
                w[bi, 0] = 0.0
                w[bi, 1] = 0.0
                w[bi, 2] = 0.0
                st[bi] = POCKETED
            else:
                track = False
        else:
            kind = EV_BALL
            other = bj
            dx = pos[bj, 0] - pos[bi, 0]
            dy = pos[bj, 1] - pos[bi, 1]
            dist = math.sqrt(dx * dx + dy * dy)
            vn = ((vel[bi, 0] - vel[bj, 0]) * dx + (vel[bi, 1] - vel[bj, 1]) * dy) / dist
            ncont = none
            if (
                p[P_CLUSTER] > 0.0
                and vn >= p[P_V_CHATTER]
                and _has_neighbour(
                    bi, bj, 2.0 * vn * _contact_duration(vn, p), now, tref, pos, vel, w, st, p, box
                )
            ):
                for b in range(n):
                    _sync(b, now, tref, pos, vel, w, st, p)
                ncont = _compliant(
                    bi, bj, vn, pos, vel, w, st, p, safe, act, pairs, onset, touched, loc, frc
                )
            if ncont > 0:
                for b in range(n):
                    if act[b] != 0:
                        _settle(b, vel, w, st, p)
                for c in range(ncont):
                    a = touched[c, 0]
                    b = touched[c, 1]
                    _record(ev, count, now, EV_BALL, a, b, onset[a, b], pos, vel, w, st)
                    count += 1
                for b in range(n):
                    if act[b] != 0:
                        _refresh(
                            b, now, tref, pos, vel, w, st, trans_t, rail_t, rail_kind, rail_idx,
                            pair_t, rmin, rarg, lines, points, pockets, p, head_x, track,
                            box, safe,
                        )  # fmt: skip
                continue
            info = _collide_balls(bi, bj, pos, vel, w, p)
            _settle(bi, vel, w, st, p)
            _settle(bj, vel, w, st, p)
        _record(ev, count, now, kind, bi, other, info, pos, vel, w, st)
        count += 1
        if st[bi] == POCKETED:
            trans_t[bi] = INF
            rail_t[bi] = INF
            for o in range(bi):
                _set_pair(o, bi, INF, pair_t, rmin, rarg)
            for o in range(bi + 1, n):
                pair_t[bi, o] = INF
            rmin[bi] = INF
            rarg[bi] = -1
        else:
            _refresh(
                bi, now, tref, pos, vel, w, st, trans_t, rail_t, rail_kind, rail_idx, pair_t,
                rmin, rarg, lines, points, pockets, p, head_x, track, box, safe,
            )  # fmt: skip
        if what == 2:
            _refresh(
                bj, now, tref, pos, vel, w, st, trans_t, rail_t, rail_kind, rail_idx, pair_t,
                rmin, rarg, lines, points, pockets, p, head_x, track, box, safe,
            )  # fmt: skip
    for b in range(n):
        _sync(b, now, tref, pos, vel, w, st, p)
    return count, status, now


# --------------------------------------------------------------------------- facts


@jit_light
def check_layouts(
    inches: np.ndarray, starts: np.ndarray, xlo: float, xhi: float, ylo: float, yhi: float,
    pos: np.ndarray, min_dist: float,
) -> tuple[int, int, int, int, float]:  # fmt: skip
    """Check layouts' balls against the bounds and each other.

    Layout l holds rows ``starts[l]:starts[l + 1]`` of ``inches`` (and of ``pos``, the same
    centres in m). Returns (0, -1, -1, -1, 0) if all are valid, else the first problem:
    (1, l, i, -1, 0) if ball i of layout l is outside the bounds (on ``inches``), or
    (2, l, i, j, d) if its balls i < j are closer than ``min_dist`` (d, on ``pos``).
    """
    for lay in range(starts.shape[0] - 1):
        a = starts[lay]
        b = starts[lay + 1]
        for i in range(a, b):
            if not (xlo <= inches[i, 0] <= xhi and ylo <= inches[i, 1] <= yhi):
                return 1, lay, i - a, -1, 0.0
        for i in range(a, b):
            for j in range(i + 1, b):
                d = math.hypot(pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1])
                if d < min_dist:
                    return 2, lay, i - a, j - a, d
    return 0, -1, -1, -1, 0.0


@jit
def facts(ev: np.ndarray, count: int, n: int, out: np.ndarray, rails: np.ndarray) -> None:
    """The referee's facts of a shot, from its event log.

    ``out`` (ints, length ``F_HEAD + 2 n``): first object ball touched by ball 0 (-1 for
    none); what ball 0 touched first (``CUE_FIRST_*``); whether it crossed the head string
    before that; whether it crossed at all; the number of balls pocketed; then the
    pocketed balls in order and their pockets. ``rails[b]``: bit 1 ball b touched a
    cushion, bit 2 it did so after the first contact.
    """
    for k in range(out.shape[0]):
        out[k] = -1
    out[F_CUE_FIRST_KIND] = CUE_FIRST_NONE
    out[F_CROSSED_BEFORE] = 0
    out[F_CROSSED] = 0
    out[F_N_POCKETED] = 0
    for b in range(n):
        rails[b] = 0
    first_seen = False
    cue_touched = False
    stored = min(count, ev.shape[0])
    for e in range(stored):
        kind = int(ev[e, 1])
        i = int(ev[e, 2])
        j = int(ev[e, 3])
        if kind == EV_BALL:
            if (i == 0 or j == 0) and not first_seen:
                first_seen = True
                out[F_FIRST] = j if i == 0 else i
            if (i == 0 or j == 0) and not cue_touched:
                cue_touched = True
                out[F_CUE_FIRST_KIND] = CUE_FIRST_BALL
        elif kind in (EV_CUSHION, EV_POINT):
            rails[i] |= 1
            if first_seen:
                rails[i] |= 2
            if i == 0 and not cue_touched:
                cue_touched = True
                out[F_CUE_FIRST_KIND] = CUE_FIRST_RAIL
        elif kind == EV_POCKET:
            k = out[F_N_POCKETED]
            out[F_HEAD + k] = i
            out[F_HEAD + n + k] = j
            out[F_N_POCKETED] = k + 1
        elif kind == EV_HEAD_STRING:
            out[F_CROSSED] = 1
            if not cue_touched:
                out[F_CROSSED_BEFORE] = 1


# --------------------------------------------------------------------------- batch


@jit_parallel
def shoot_batch(
    layouts: np.ndarray, states: np.ndarray, layout_of: np.ndarray, strokes: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track: np.ndarray, max_events: int, chunks: int,
    out_count: np.ndarray, out_status: np.ndarray, out_time: np.ndarray,
    out_facts: np.ndarray, out_rails: np.ndarray, out_pos: np.ndarray, out_state: np.ndarray,
) -> None:  # fmt: skip
    """Many shots in parallel: stroke s from layout ``layout_of[s]``; facts and final states.

    The shots are cut into ``chunks`` contiguous blocks run in parallel; each shot is
    independent of the others and of the thread that runs it (deterministic).
    """
    total = strokes.shape[0]
    n = layouts.shape[1]
    for c in prange(chunks):
        start = c * total // chunks
        stop = (c + 1) * total // chunks
        ev = np.empty((max_events + 1, EV_WIDTH))
        pos = np.empty((n, 2))
        vel = np.empty((n, 2))
        w = np.empty((n, 3))
        st = np.empty(n, np.int64)
        rails = np.empty(n, np.int64)
        (
            trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act, pairs, onset,
            touched, loc, frc, safe, tref,
        ) = workspace(n)  # fmt: skip
        for s in range(start, stop):
            lay = layout_of[s]
            for b in range(n):
                pos[b, 0] = layouts[lay, b, 0]
                pos[b, 1] = layouts[lay, b, 1]
                vel[b, 0] = 0.0
                vel[b, 1] = 0.0
                w[b, 0] = 0.0
                w[b, 1] = 0.0
                w[b, 2] = 0.0
                st[b] = states[lay, b]
            count, status, t_end = run(
                pos, vel, w, st, strokes[s], lines, points, pockets, p, head_x,
                track[lay] != 0, ev, max_events, trans_t, rail_t, rail_kind, rail_idx, pair_t,
                rmin, rarg, box, act, pairs, onset, touched, loc, frc, safe, tref,
            )  # fmt: skip
            out_count[s] = count
            out_status[s] = status
            out_time[s] = t_end
            facts(ev, count, n, out_facts[s], rails)
            for b in range(n):
                out_rails[s, b] = rails[b]
                out_pos[s, b, 0] = pos[b, 0]
                out_pos[s, b, 1] = pos[b, 1]
                out_state[s, b] = st[b]
