"""Event detection: when each ball next meets another ball, a cushion, a jaw or a pocket.

Owns the next-event times under the current motions: :func:`predict_pair` (ball-ball),
:func:`predict_rail` (a ball's next event with the table: cushion, jaw point, pocket, or
the cue ball crossing the head string), the contact tolerances of touching bodies
(:func:`contact_time`; :func:`contact_time3` in three dimensions, when a ball flies),
and the culling that skips what cannot happen (bounding boxes, the
safe rectangle of :func:`safe_box`). Each time is a root from :mod:`.roots`.
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit_light
from rotation61.sim._kernel.motion import accel_half
from rotation61.sim._kernel.protocol import (
    AIR_VZ,
    AIR_Z,
    CUSHION_JAW,
    EV_CUSHION,
    EV_HEAD_STRING,
    EV_JAW_POINT,
    EV_POCKET,
    HOLE_RADIUS,
    HOLE_X,
    HOLE_Y,
    LINE_CUSHION,
    LINE_DX,
    LINE_DY,
    LINE_LENGTH,
    LINE_NX,
    LINE_NY,
    LINE_X,
    LINE_Y,
    MOTION_AIRBORNE,
    MOTION_OFF_TABLE,
    MOTION_POCKETED,
    MOTION_ROLLING,
    MOTION_SLIDING,
    NONE,
    P_EPS_TOUCH,
    P_G,
    P_OVERLAP,
    P_R,
    P_V_REST,
    POINT_X,
    POINT_Y,
    RECT_XMAX,
    RECT_XMIN,
    RECT_YMAX,
    RECT_YMIN,
)
from rotation61.sim._kernel.roots import descent_root2, first_descent


@jit_light
def _straight_time(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dd: float, horizon: float
) -> float:
    """:func:`contact_time`'s root when the relative path is a straight line (A parallel to B).

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
        return math.inf
    sq = math.sqrt(q)
    if c0 > 0.0 and cu < 0.0:
        target = c0 / (-cu + sq)  # nearer root s1 > 0, reached while s increases
        disc = bn * bn + 4.0 * ap * target
        if disc < 0.0:
            return math.inf
        t = 2.0 * target / (bn + math.sqrt(disc))
    else:
        target = -cu + sq  # far root s2, reached only once s turns back
        if ap >= 0.0 or target <= 0.0:
            return math.inf
        disc = bn * bn + 4.0 * ap * target
        if disc < 0.0:
            return math.inf
        t = (bn + math.sqrt(disc)) / (-2.0 * ap)
    return t if t <= horizon else math.inf


@jit_light
def path_time(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dd: float, horizon: float
) -> float:
    """First time |C + B t + A t^2| falls to dd from above: straight-line fast path or quartic."""
    cross = ax * by - ay * bx
    if cross * cross <= 1e-20 * (ax * ax + ay * ay) * (bx * bx + by * by):
        t = _straight_time(ax, ay, bx, by, cx, cy, dd, horizon)
        if t >= 0.0:
            return t
    return first_descent(
        ax * ax + ay * ay,
        2.0 * (ax * bx + ay * by),
        bx * bx + by * by + 2.0 * (ax * cx + ay * cy),
        2.0 * (bx * cx + by * cy),
        cx * cx + cy * cy - dd * dd,
        horizon,
    )


@jit_light
def contact_time(
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
        return math.inf
    if gap > p[P_EPS_TOUCH] and bn2 > 0.0:
        # the straight relative path C + B t passes no nearer than d_lin, and the
        # acceleration bends it by at most |A| horizon^2
        ts = min(max(-(cx * bx + cy * by) / bn2, 0.0), horizon)
        lx = cx + bx * ts
        ly = cy + by * ts
        if math.sqrt(lx * lx + ly * ly) - an * horizon * horizon > dd:
            return math.inf
    if gap <= p[P_EPS_TOUCH]:
        if gap < -p[P_OVERLAP]:
            return 0.0
        vn = -(bx * cx + by * cy) / dist
        if vn > p[P_V_REST]:
            return 0.0
        if vn > -p[P_V_REST]:
            return path_time(ax, ay, bx, by, cx, cy, dd - p[P_OVERLAP], horizon)
    return path_time(ax, ay, bx, by, cx, cy, dd, horizon)


@jit_light
def contact_time3(
    ax: float, ay: float, az: float, bx: float, by: float, bz: float, cx: float, cy: float,
    cz: float, dd: float, horizon: float, p: np.ndarray,
) -> float:  # fmt: skip
    """When |C + B t + A t^2| (three dimensions) first falls to dd; inf if not before horizon.

    The relative centre of two balls when one of them flies: its height is a quadratic in
    time too, so the squared distance is still a quartic and the time exact. Touching
    balls follow :func:`contact_time`'s rules (collide now if approaching faster than the
    rest speed, may sink by the overlap tolerance if resting).
    """
    dist = math.sqrt(cx * cx + cy * cy + cz * cz)
    gap = dist - dd
    bn = math.sqrt(bx * bx + by * by + bz * bz)
    an = math.sqrt(ax * ax + ay * ay + az * az)
    if gap > (bn + an * horizon) * horizon:
        return math.inf
    if gap <= p[P_EPS_TOUCH]:
        if gap < -p[P_OVERLAP]:
            return 0.0
        vn = -(bx * cx + by * cy + bz * cz) / dist
        if vn > p[P_V_REST]:
            return 0.0
        if vn > -p[P_V_REST]:
            dd = dd - p[P_OVERLAP]
    return first_descent(
        ax * ax + ay * ay + az * az,
        2.0 * (ax * bx + ay * by + az * bz),
        bx * bx + by * by + bz * bz + 2.0 * (ax * cx + ay * cy + az * cz),
        2.0 * (bx * cx + by * cy + bz * cz),
        cx * cx + cy * cy + cz * cz - dd * dd,
        horizon,
    )


@jit_light
def predict_pair(
    i: int, j: int, now: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, air: np.ndarray, trans_t: np.ndarray, rail_t: np.ndarray, p: np.ndarray,
    box: np.ndarray,
) -> float:  # fmt: skip
    """Absolute time of the next collision of balls i and j under their current motions.

    Only up to the first of the two balls' own next events (motion transition, landing,
    cushion, pocket): each of those recomputes the pair anyway. Infinite if none before.
    A flying ball meets another only when their centres are 2R apart in three
    dimensions (:func:`contact_time3`): it passes over the balls it clears.
    """
    si = st[i]
    sj = st[j]
    if si in (MOTION_POCKETED, MOTION_OFF_TABLE) or sj in (MOTION_POCKETED, MOTION_OFF_TABLE):
        return math.inf
    ai = si == MOTION_AIRBORNE
    aj = sj == MOTION_AIRBORNE
    mi = ai or si in (MOTION_SLIDING, MOTION_ROLLING)
    mj = aj or sj in (MOTION_SLIDING, MOTION_ROLLING)
    if not mi and not mj:
        return math.inf
    reach = 2.0 * p[P_R] + p[P_EPS_TOUCH]
    if (
        box[i, RECT_XMIN] - box[j, RECT_XMAX] > reach
        or box[j, RECT_XMIN] - box[i, RECT_XMAX] > reach
        or box[i, RECT_YMIN] - box[j, RECT_YMAX] > reach
        or box[j, RECT_YMIN] - box[i, RECT_YMAX] > reach
    ):
        return math.inf
    horizon = min(min(trans_t[i], trans_t[j]), min(rail_t[i], rail_t[j])) - now
    hix, hiy = accel_half(si, vel[i, 0], vel[i, 1], w[i, 0], w[i, 1], p)
    hjx, hjy = accel_half(sj, vel[j, 0], vel[j, 1], w[j, 0], w[j, 1], p)
    bix = vel[i, 0] if mi else 0.0
    biy = vel[i, 1] if mi else 0.0
    bjx = vel[j, 0] if mj else 0.0
    bjy = vel[j, 1] if mj else 0.0
    if ai or aj:
        fall = -0.5 * p[P_G]
        t = contact_time3(
            hix - hjx,
            hiy - hjy,
            (fall if ai else 0.0) - (fall if aj else 0.0),
            bix - bjx,
            biy - bjy,
            air[i, AIR_VZ] - air[j, AIR_VZ],
            pos[i, 0] - pos[j, 0],
            pos[i, 1] - pos[j, 1],
            air[i, AIR_Z] - air[j, AIR_Z],
            2.0 * p[P_R],
            horizon,
            p,
        )
        return now + t
    t = contact_time(
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
def predict_rail(
    i: int, now: float, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    trans_t: np.ndarray, lines: np.ndarray, points: np.ndarray, pockets: np.ndarray,
    p: np.ndarray, head_x: float, track_head: bool, box: np.ndarray, safe: np.ndarray,
) -> tuple[float, int, int]:  # fmt: skip
    """Ball i's next event with the table: (absolute time, kind, index).

    ``safe`` is the rectangle of centres R inside the cushion nose lines. A flying ball
    meets the cushions' lines and points as a rolling one does (the event then decides
    whether it hits the nose or flies over it) and passes over the pockets' capture holes.
    """
    s = st[i]
    if s != MOTION_SLIDING and s != MOTION_ROLLING and s != MOTION_AIRBORNE:
        return math.inf, NONE, NONE
    rad = p[P_R]
    horizon = trans_t[i] - now
    x = pos[i, 0]
    y = pos[i, 1]
    vx = vel[i, 0]
    vy = vel[i, 1]
    hx, hy = accel_half(s, vx, vy, w[i, 0], w[i, 1], p)
    reach = (math.sqrt(vx * vx + vy * vy) + math.sqrt(hx * hx + hy * hy) * horizon) * horizon
    eps_touch = p[P_EPS_TOUCH]
    overlap = p[P_OVERLAP]
    v_rest = p[P_V_REST]
    best = math.inf
    kind = NONE
    idx = NONE
    # the centre's box, grown by R (cushions, points) and by the overlap budget
    grow = rad + overlap + eps_touch
    bx0 = box[i, RECT_XMIN] - grow
    bx1 = box[i, RECT_XMAX] + grow
    by0 = box[i, RECT_YMIN] - grow
    by1 = box[i, RECT_YMAX] + grow
    # a box well inside the cushion nose lines meets no cushion, jaw or pocket
    inside = (
        box[i, RECT_XMIN] > safe[RECT_XMIN] + overlap + eps_touch
        and box[i, RECT_XMAX] < safe[RECT_XMAX] - overlap - eps_touch
        and box[i, RECT_YMIN] > safe[RECT_YMIN] + overlap + eps_touch
        and box[i, RECT_YMAX] < safe[RECT_YMAX] - overlap - eps_touch
    )
    if not inside:
        for k in range(lines.shape[0]):
            ex = lines[k, LINE_X] + lines[k, LINE_DX] * lines[k, LINE_LENGTH]
            ey = lines[k, LINE_Y] + lines[k, LINE_DY] * lines[k, LINE_LENGTH]
            if (
                min(lines[k, LINE_X], ex) > bx1
                or max(lines[k, LINE_X], ex) < bx0
                or min(lines[k, LINE_Y], ey) > by1
                or max(lines[k, LINE_Y], ey) < by0
            ):
                continue
            nx = lines[k, LINE_NX]
            ny = lines[k, LINE_NY]
            rx = x - lines[k, LINE_X]
            ry = y - lines[k, LINE_Y]
            d0 = nx * rx + ny * ry - rad
            if d0 > reach:
                continue
            q1 = nx * vx + ny * vy
            q2 = nx * hx + ny * hy
            dx = lines[k, LINE_DX]
            dy = lines[k, LINE_DY]
            length = lines[k, LINE_LENGTH]
            proj = dx * rx + dy * ry
            if d0 < -overlap and 0.0 <= proj <= length:
                # behind the face: cannot reach it (a ball in a mouth may reach past the end)
                continue
            t = math.inf
            if d0 <= eps_touch:
                if 0.0 <= proj <= length:
                    if -q1 > v_rest or d0 < -overlap:
                        t = 0.0
                    elif -q1 > -v_rest:
                        t = descent_root2(q2, q1, d0 + overlap, horizon)
                    else:
                        t = descent_root2(q2, q1, d0, horizon)
                else:
                    t = descent_root2(q2, q1, d0, horizon)
            else:
                t = descent_root2(q2, q1, d0, horizon)
            if t < best:
                proj = dx * (rx + (vx + hx * t) * t) + dy * (ry + (vy + hy * t) * t)
                if 0.0 <= proj <= length:
                    best = t
                    kind = EV_CUSHION
                    idx = k
        for k in range(points.shape[0]):
            if not (bx0 <= points[k, POINT_X] <= bx1 and by0 <= points[k, POINT_Y] <= by1):
                continue
            cx = x - points[k, POINT_X]
            cy = y - points[k, POINT_Y]
            if cx * cx + cy * cy > (rad + reach) ** 2:
                continue
            t = contact_time(hx, hy, vx, vy, cx, cy, rad, horizon, p)
            if t < best:
                best = t
                kind = EV_JAW_POINT
                idx = k
        for k in range(pockets.shape[0] if s != MOTION_AIRBORNE else 0):
            r_p = pockets[k, HOLE_RADIUS]
            if (
                pockets[k, HOLE_X] - r_p > bx1
                or pockets[k, HOLE_X] + r_p < bx0
                or pockets[k, HOLE_Y] - r_p > by1
                or pockets[k, HOLE_Y] + r_p < by0
            ):
                continue
            cx = x - pockets[k, HOLE_X]
            cy = y - pockets[k, HOLE_Y]
            d2 = cx * cx + cy * cy
            if d2 > (r_p + reach) ** 2:
                continue
            t = 0.0 if d2 <= r_p * r_p else path_time(hx, hy, vx, vy, cx, cy, r_p, horizon)
            if t < best:
                best = t
                kind = EV_POCKET
                idx = k
    if track_head and i == 0:
        g0 = head_x - x
        t = 0.0 if g0 <= 0.0 else descent_root2(-hx, -vx, g0, horizon)
        if t < best:
            best = t
            kind = EV_HEAD_STRING
            idx = NONE
    return now + best, kind, idx


@jit_light
def safe_box(lines: np.ndarray, p: np.ndarray, safe: np.ndarray) -> None:
    """The rectangle of ball centres at least R inside every cushion nose line."""
    safe[RECT_XMIN] = math.inf
    safe[RECT_XMAX] = -math.inf
    safe[RECT_YMIN] = math.inf
    safe[RECT_YMAX] = -math.inf
    for k in range(lines.shape[0]):
        if lines[k, LINE_CUSHION] == CUSHION_JAW:
            continue
        for e in range(2):
            x = lines[k, LINE_X] + e * lines[k, LINE_DX] * lines[k, LINE_LENGTH]
            y = lines[k, LINE_Y] + e * lines[k, LINE_DY] * lines[k, LINE_LENGTH]
            safe[RECT_XMIN] = min(safe[RECT_XMIN], x)
            safe[RECT_XMAX] = max(safe[RECT_XMAX], x)
            safe[RECT_YMIN] = min(safe[RECT_YMIN], y)
            safe[RECT_YMAX] = max(safe[RECT_YMAX], y)
    rad = p[P_R]
    safe[RECT_XMIN] += rad
    safe[RECT_XMAX] -= rad
    safe[RECT_YMIN] += rad
    safe[RECT_YMAX] -= rad
