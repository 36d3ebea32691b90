"""Ball motion between events: the cloth's friction laws, and the states they lead to.

Owns how a ball moves within its motion state (sliding, rolling, spinning, airborne:
positions are quadratic in time), how long it stays in it (:func:`time_to_transition`,
:func:`flight_time`, :func:`next_transition`), what state an impulse leaves it in
(:func:`settle`, :func:`lift`), lazy motion (:func:`sync` brings a ball's stored state to
the current time) and the rectangle its centre stays in (:func:`bounding_box`).
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit_light
from rotation61.sim._kernel.protocol import (
    AIR_VZ,
    AIR_Z,
    MOTION_AIRBORNE,
    MOTION_OFF_TABLE,
    MOTION_POCKETED,
    MOTION_ROLLING,
    MOTION_SLIDING,
    MOTION_SPINNING,
    MOTION_STATIONARY,
    P_E_TABLE,
    P_G,
    P_MU_R,
    P_MU_S,
    P_MU_SP,
    P_R,
    P_V_BOUNCE,
    P_V_EPS,
    RECT_XMAX,
    RECT_XMIN,
    RECT_YMAX,
    RECT_YMIN,
)


@jit_light
def accel_half(
    s: int, vx: float, vy: float, wx: float, wy: float, p: np.ndarray
) -> tuple[float, float]:
    """Half the acceleration (hx, hy): r(t) = r + v t + h t^2 within the current state."""
    if s == MOTION_SLIDING:
        rad = p[P_R]
        ux = vx - rad * wy
        uy = vy + rad * wx
        un = math.sqrt(ux * ux + uy * uy)
        if un == 0.0:
            return 0.0, 0.0
        k = -0.5 * p[P_MU_S] * p[P_G] / un
        return k * ux, k * uy
    if s == MOTION_ROLLING:
        vn = math.sqrt(vx * vx + vy * vy)
        if vn == 0.0:
            return 0.0, 0.0
        k = -0.5 * p[P_MU_R] * p[P_G] / vn
        return k * vx, k * vy
    return 0.0, 0.0


@jit_light
def time_to_transition(
    i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, p: np.ndarray
) -> float:
    """Time until ball i leaves its current motion state (inf if it never does)."""
    s = st[i]
    if s == MOTION_SLIDING:
        rad = p[P_R]
        ux = vel[i, 0] - rad * w[i, 1]
        uy = vel[i, 1] + rad * w[i, 0]
        return float(2.0 * math.sqrt(ux * ux + uy * uy) / (7.0 * p[P_MU_S] * p[P_G]))
    if s == MOTION_ROLLING:
        return float(math.sqrt(vel[i, 0] ** 2 + vel[i, 1] ** 2) / (p[P_MU_R] * p[P_G]))
    if s == MOTION_SPINNING:
        return float(abs(w[i, 2]) * p[P_R] / (2.5 * p[P_MU_SP] * p[P_G]))
    return math.inf


@jit_light
def advance(
    i: int, dt: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    p: np.ndarray,
) -> None:  # fmt: skip
    """Move ball i forward by dt within its current motion state (analytic).

    An airborne ball's centre moves in a straight line seen from above and its spins stay
    constant; :func:`rise` moves its height.
    """
    s = st[i]
    if s in (MOTION_STATIONARY, MOTION_POCKETED, MOTION_OFF_TABLE) or dt == 0.0:
        return
    if s == MOTION_AIRBORNE:
        pos[i, 0] += vel[i, 0] * dt
        pos[i, 1] += vel[i, 1] * dt
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
    if s == MOTION_SPINNING:
        return
    vx = vel[i, 0]
    vy = vel[i, 1]
    if s == MOTION_SLIDING:
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
def rise(i: int, dt: float, air: np.ndarray, p: np.ndarray) -> None:
    """Move an airborne ball's height and vertical speed forward by dt (free fall)."""
    g = p[P_G]
    vz = air[i, AIR_VZ]
    air[i, AIR_Z] += (vz - 0.5 * g * dt) * dt
    air[i, AIR_VZ] = vz - g * dt


@jit_light
def flight_time(i: int, air: np.ndarray, p: np.ndarray) -> float:
    """Time until airborne ball i's bottom comes down to the cloth: z + vz t - g t^2 / 2 = 0."""
    g = p[P_G]
    z = max(air[i, AIR_Z], 0.0)
    vz = air[i, AIR_VZ]
    disc = math.sqrt(vz * vz + 2.0 * g * z)
    if vz > 0.0:
        return float((vz + disc) / g)
    # falling: the root in the cancellation-free form 2 z / (disc - vz)
    den = disc - vz
    return float(2.0 * z / den) if den > 0.0 else 0.0


@jit_light
def next_transition(
    i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray, p: np.ndarray
) -> float:
    """Time until ball i leaves its motion state: its landing if airborne."""
    if st[i] == MOTION_AIRBORNE:
        return flight_time(i, air, p)
    return time_to_transition(i, vel, w, st, p)


@jit_light
def sync(
    b: int, now: float, tref: np.ndarray, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, air: np.ndarray, p: np.ndarray,
) -> None:  # fmt: skip
    """Bring ball b's stored state (valid at ``tref[b]``) to the time ``now``."""
    if tref[b] < now:
        if st[b] == MOTION_AIRBORNE:
            rise(b, now - tref[b], air, p)
        advance(b, now - tref[b], pos, vel, w, st, p)
        tref[b] = now


@jit_light
def settle(i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, p: np.ndarray) -> None:
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
                st[i] = MOTION_SPINNING
            else:
                w[i, 2] = 0.0
                st[i] = MOTION_STATIONARY
        else:
            w[i, 0] = -vy / rad
            w[i, 1] = vx / rad
            st[i] = MOTION_ROLLING
    else:
        st[i] = MOTION_SLIDING


@jit_light
def lift(
    i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray, p: np.ndarray
) -> None:
    """Set ball i's motion state after an impulse that may have a vertical part.

    A ball above the cloth flies. One on the cloth that the impulse drives into it
    rebounds at ``e_table`` times that speed (the slate's bounce, as in a jump shot). It
    flies if it leaves the cloth at least at the least bounce speed (``P_V_BOUNCE``);
    otherwise the cloth takes its vertical speed and :func:`settle` sets its state on it.
    """
    if air[i, AIR_Z] > 0.0:
        st[i] = MOTION_AIRBORNE
        return
    vz = air[i, AIR_VZ]
    if vz < 0.0:
        vz = -p[P_E_TABLE] * vz
    if vz >= p[P_V_BOUNCE]:
        air[i, AIR_VZ] = vz
        st[i] = MOTION_AIRBORNE
        return
    air[i, AIR_Z] = 0.0
    air[i, AIR_VZ] = 0.0
    settle(i, vel, w, st, p)


@jit_light
def bounding_box(
    i: int, horizon: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    p: np.ndarray, box: np.ndarray,
) -> None:  # fmt: skip
    """The rectangle (``RECT_``) that ball i's centre stays in until its next transition."""
    s = st[i]
    x = pos[i, 0]
    y = pos[i, 1]
    if s != MOTION_SLIDING and s != MOTION_ROLLING and s != MOTION_AIRBORNE:
        box[i, RECT_XMIN] = x
        box[i, RECT_XMAX] = x
        box[i, RECT_YMIN] = y
        box[i, RECT_YMAX] = y
        return
    vx = vel[i, 0]
    vy = vel[i, 1]
    hx, hy = accel_half(s, vx, vy, w[i, 0], w[i, 1], p)
    t = horizon
    x1 = x + (vx + hx * t) * t
    y1 = y + (vy + hy * t) * t
    box[i, RECT_XMIN] = min(x, x1)
    box[i, RECT_XMAX] = max(x, x1)
    box[i, RECT_YMIN] = min(y, y1)
    box[i, RECT_YMAX] = max(y, y1)
    if hx != 0.0:
        tx = -vx / (2.0 * hx)
        if 0.0 < tx < t:
            xe = x + (vx + hx * tx) * tx
            box[i, RECT_XMIN] = min(box[i, RECT_XMIN], xe)
            box[i, RECT_XMAX] = max(box[i, RECT_XMAX], xe)
    if hy != 0.0:
        ty = -vy / (2.0 * hy)
        if 0.0 < ty < t:
            ye = y + (vy + hy * ty) * ty
            box[i, RECT_YMIN] = min(box[i, RECT_YMIN], ye)
            box[i, RECT_YMAX] = max(box[i, RECT_YMAX], ye)
