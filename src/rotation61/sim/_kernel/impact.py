"""Impacts: the cue's strike, ball-ball and ball-cushion collisions, multi-ball impacts.

Owns the instantaneous impulses (:func:`strike`, :func:`collide_balls` with restitution and
throw, :func:`collide_cushion` at the nose height; in three dimensions when a ball flies:
:func:`collide_balls_air`, :func:`collide_cushion_air`, and a flying ball's landing on the
cloth, :func:`land`) and the multi-ball impact
(:func:`compliant_impact`): a collision whose balls touch a third one is integrated through
compliant (Hertz) contacts until every contact has opened, instantaneous on the event
clock. :func:`has_neighbour` decides which collisions need it; :func:`impact_workspace`
allocates its scratch arrays.
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit, jit_light
from rotation61.sim._kernel.motion import lift, sync
from rotation61.sim._kernel.protocol import (
    AIR_VZ,
    AIR_Z,
    MOTION_AIRBORNE,
    MOTION_OFF_TABLE,
    MOTION_POCKETED,
    P_CUSH_COS,
    P_CUSH_SIN,
    P_DAMP,
    P_E_BB,
    P_E_C,
    P_E_TABLE,
    P_E_TIP,
    P_EPS_TOUCH,
    P_K_HERTZ,
    P_M,
    P_M_CUE,
    P_M_END,
    P_MU_C,
    P_MU_S,
    P_MUBB_A,
    P_MUBB_B,
    P_MUBB_C,
    P_NOSE,
    P_R,
    P_STEPS,
    P_V_CHATTER,
    P_V_REST,
    RECT_XMAX,
    RECT_XMIN,
    RECT_YMAX,
    RECT_YMIN,
    STROKE_A,
    STROKE_B,
    STROKE_PHI,
    STROKE_SPEED,
    STROKE_THETA,
)


@jit_light
def collide_balls(
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
def collide_cushion(
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
def squirt_angle(a: float, mass_ratio: float) -> float:
    """The squirt (rad, + to the left of the aim) of a hit ``a`` radii right of centre.

    Alciatore (TP A.31): tan(squirt) = 5/2 a sqrt(1 - a^2) / (1 + m/m_e + 5/2 (1 - a^2)),
    ``mass_ratio`` = m / m_e, the ball's mass over the shaft's effective end mass.
    """
    return float(
        math.atan2(2.5 * a * math.sqrt(1.0 - a * a), 1.0 + mass_ratio + 2.5 * (1.0 - a * a))
    )


@jit_light
def strike(
    vel: np.ndarray, w: np.ndarray, st: np.ndarray, stroke: np.ndarray, air: np.ndarray,
    p: np.ndarray,
) -> None:  # fmt: skip
    """The cue's impulse on ball 0: a stroke row (``STROKE_``: speed, phi, theta, a, b).

    ``speed`` is the cue ball's speed for a centre hit, the stick speed being
    ``speed (1 + m/M) / (1 + e_tip)``. The tip hits at offsets ``a R`` (right) and ``b R``
    (up), measured in the plane perpendicular to the cue axis, which points along ``phi``
    and down at ``theta``. Impulse J = (1 + e_tip) V0 / (1/M + (1 + 5/2 (a^2 + b^2)) / m).
    The impulse's vertical part drives the ball into the cloth at ``J sin(theta) / m``;
    it rebounds at ``e_table`` times that (the jump shot), and flies if the rebound reaches
    the least bounce height (:func:`.motion.lift`), else the cloth takes it. The cloth's
    friction during the strike is neglected. Squirt: the ball leaves turned by
    :func:`squirt_angle` from the aim (to the left for right english), its spin unchanged.
    """
    rad = p[P_R]
    m = p[P_M]
    big_m = p[P_M_CUE]
    e_tip = p[P_E_TIP]
    speed = stroke[STROKE_SPEED]
    phi = math.radians(stroke[STROKE_PHI])
    theta = math.radians(stroke[STROKE_THETA])
    a = stroke[STROKE_A]
    b = stroke[STROKE_B]
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
    if a != 0.0 and p[P_M_END] > 0.0:
        turn = squirt_angle(a, m / p[P_M_END])
        ct = math.cos(turn)
        st_ = math.sin(turn)
        vel[0, 0] = jm * (ex * ct - ey * st_)
        vel[0, 1] = jm * (ex * st_ + ey * ct)
    k = jm * 2.5 / (rad * rad)
    w[0, 0] = k * (rcy * ez - rcz * ey)
    w[0, 1] = k * (rcz * ex - rcx * ez)
    w[0, 2] = k * (rcx * ey - rcy * ex)
    air[0, AIR_Z] = 0.0
    air[0, AIR_VZ] = -jm * sth  # into the cloth: lift makes it rebound
    lift(0, vel, w, st, air, p)


@jit_light
def land(
    i: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray, p: np.ndarray
) -> float:
    """A flying ball meets the cloth: bounce with friction; returns the approach speed.

    Frictional inelastic ball-table impact (pooltool's model, after Alciatore TP A.14):
    the vertical speed is reversed with restitution ``e_table``; the contact point's slip
    ``u = v - R w x z`` is opposed by friction ``mu_slide`` times the normal impulse,
    limited by the impulse that stops it (``2 |u| / 7`` per unit mass). The ball then flies
    on if the bounce reaches the least bounce height, else it settles on the cloth.
    """
    rad = p[P_R]
    approach = -air[i, AIR_VZ]
    if approach < 0.0:
        approach = 0.0
    normal = (1.0 + p[P_E_TABLE]) * approach
    ux = vel[i, 0] - rad * w[i, 1]
    uy = vel[i, 1] + rad * w[i, 0]
    un = math.sqrt(ux * ux + uy * uy)
    if un > 0.0:
        jt = min(p[P_MU_S] * normal, 2.0 * un / 7.0)
        fx = -jt * ux / un
        fy = -jt * uy / un
        vel[i, 0] += fx
        vel[i, 1] += fy
        w[i, 0] += 2.5 / rad * fy
        w[i, 1] -= 2.5 / rad * fx
    air[i, AIR_Z] = 0.0
    air[i, AIR_VZ] = p[P_E_TABLE] * approach
    lift(i, vel, w, st, air, p)
    return float(approach)


@jit_light
def collide_balls_air(
    i: int, j: int, pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray,
    air: np.ndarray, p: np.ndarray,
) -> float:  # fmt: skip
    """:func:`collide_balls` in three dimensions (one ball or both fly); the approach speed.

    The line of centres may slope: the normal impulse (restitution ``e_ball``) and the
    friction on the contact points' slip (the same law, limits ``mu jn`` and ``slip / 7``)
    act along it, so a ball hit below its equator is launched, and one hit above it is
    driven into the cloth and rebounds from the slate (:func:`.motion.lift`): a cue ball
    landing on an object ball can make it jump. A slow contact (below the chatter speed,
    perfectly inelastic) of a flying ball resting on one on the cloth is resolved with the
    cloth holding the lower ball (its vertical motion blocked), so that the upper ball
    loses its fall in one contact and slides off. Overlap is removed across the table.
    """
    rad = p[P_R]
    dx = pos[j, 0] - pos[i, 0]
    dy = pos[j, 1] - pos[i, 1]
    dz = air[j, AIR_Z] - air[i, AIR_Z]
    dist = math.sqrt(dx * dx + dy * dy + dz * dz)
    nx = dx / dist
    ny = dy / dist
    nz = dz / dist
    vn = (
        (vel[i, 0] - vel[j, 0]) * nx
        + (vel[i, 1] - vel[j, 1]) * ny
        + (air[i, AIR_VZ] - air[j, AIR_VZ]) * nz
    )
    if vn > 0.0:
        slow = vn < p[P_V_CHATTER]
        e = 0.0 if slow else p[P_E_BB]
        # vertical mobility of each ball under the normal impulse (0: held by the cloth)
        ki = 0.0 if slow and st[i] != MOTION_AIRBORNE and nz > 0.0 else 1.0
        kj = 0.0 if slow and st[j] != MOTION_AIRBORNE and nz < 0.0 else 1.0
        jn = (1.0 + e) * vn / (2.0 * (nx * nx + ny * ny) + nz * nz * (ki + kj))
        vel[i, 0] -= jn * nx
        vel[i, 1] -= jn * ny
        air[i, AIR_VZ] -= ki * jn * nz
        vel[j, 0] += jn * nx
        vel[j, 1] += jn * ny
        air[j, AIR_VZ] += kj * jn * nz
        # slip of the contact points: c_i = v_i + w_i x (R n), c_j = v_j - w_j x (R n)
        sx = (vel[i, 0] - vel[j, 0]) + rad * ((w[i, 1] + w[j, 1]) * nz - (w[i, 2] + w[j, 2]) * ny)
        sy = (vel[i, 1] - vel[j, 1]) + rad * ((w[i, 2] + w[j, 2]) * nx - (w[i, 0] + w[j, 0]) * nz)
        sz = (air[i, AIR_VZ] - air[j, AIR_VZ]) + rad * (
            (w[i, 0] + w[j, 0]) * ny - (w[i, 1] + w[j, 1]) * nx
        )
        sn = sx * nx + sy * ny + sz * nz
        sx -= sn * nx
        sy -= sn * ny
        sz -= sn * nz
        smag = math.sqrt(sx * sx + sy * sy + sz * sz)
        if smag > 0.0:
            mu = p[P_MUBB_A] + p[P_MUBB_B] * math.exp(-p[P_MUBB_C] * smag)
            jt = min(mu * jn, smag / 7.0)
            tx = -jt * sx / smag
            ty = -jt * sy / smag
            tz = -jt * sz / smag
            vel[i, 0] += tx
            vel[i, 1] += ty
            air[i, AIR_VZ] += tz
            vel[j, 0] -= tx
            vel[j, 1] -= ty
            air[j, AIR_VZ] -= tz
            k = 2.5 / rad
            dwx = k * (ny * tz - nz * ty)
            dwy = k * (nz * tx - nx * tz)
            dwz = k * (nx * ty - ny * tx)
            w[i, 0] += dwx
            w[i, 1] += dwy
            w[i, 2] += dwz
            w[j, 0] += dwx
            w[j, 1] += dwy
            w[j, 2] += dwz
    overlap = 2.0 * rad - dist
    horiz = math.sqrt(dx * dx + dy * dy)
    if overlap > 0.0 and horiz > 0.0:
        h = 0.5 * overlap
        pos[i, 0] -= h * dx / horiz
        pos[i, 1] -= h * dy / horiz
        pos[j, 0] += h * dx / horiz
        pos[j, 1] += h * dy / horiz
    return float(vn)


@jit_light
def collide_cushion_air(
    i: int, nx: float, ny: float, depth: float, vel: np.ndarray, w: np.ndarray,
    pos: np.ndarray, air: np.ndarray, p: np.ndarray,
) -> float:  # fmt: skip
    """A flying ball meets a cushion's nose (n into the table); the approach speed, or -1.

    The nose (``P_NOSE`` above the cloth) touches the ball at the angle ``theta'`` above
    its equator, ``sin(theta') = (h_nose - R - z) / R`` for a ball whose bottom is z above
    the cloth (the caller has checked z < h_nose): a nose above the centre pushes the
    ball down, one below pushes it up. Restitution ``e_cushion`` and the cushion friction
    (limits ``mu_cushion`` times the normal impulse and ``2 slip / 7``) act along that
    slope, in three dimensions. A ball not approaching along that normal (faster than
    the rest speed) rides over a nose at or below its centre: -1 is returned, nothing
    changed, and the caller removes it; under a nose above its centre it only loses its
    speed into the cushion (returns 0).
    """
    rad = p[P_R]
    sth = (p[P_NOSE] - rad - air[i, AIR_Z]) / rad
    sth = min(max(sth, -1.0), 1.0)
    cth = math.sqrt(1.0 - sth * sth)
    gx = nx * cth
    gy = ny * cth
    gz = -sth
    vn = -(vel[i, 0] * gx + vel[i, 1] * gy + air[i, AIR_VZ] * gz)
    if vn <= p[P_V_REST]:
        if sth <= 0.0:
            return -1.0  # rides over a nose at or below its centre
        # pressed under a nose above its centre: the nose stops its motion into the cushion
        q = vel[i, 0] * nx + vel[i, 1] * ny
        if q < 0.0:
            vel[i, 0] -= q * nx
            vel[i, 1] -= q * ny
        if depth > 0.0:
            pos[i, 0] += depth * nx
            pos[i, 1] += depth * ny
        return 0.0
    e = p[P_E_C] if vn >= p[P_V_CHATTER] else 0.0
    normal = (1.0 + e) * vn
    vel[i, 0] += normal * gx
    vel[i, 1] += normal * gy
    air[i, AIR_VZ] += normal * gz
    rcx = -rad * gx
    rcy = -rad * gy
    rcz = -rad * gz
    wx = w[i, 0]
    wy = w[i, 1]
    wz = w[i, 2]
    cx = vel[i, 0] + (wy * rcz - wz * rcy)
    cy = vel[i, 1] + (wz * rcx - wx * rcz)
    cz = air[i, AIR_VZ] + (wx * rcy - wy * rcx)
    cn = -(cx * gx + cy * gy + cz * gz)
    sx = cx + cn * gx
    sy = cy + cn * gy
    sz = cz + cn * gz
    smag = math.sqrt(sx * sx + sy * sy + sz * sz)
    if smag > 0.0:
        jt = min(p[P_MU_C] * normal, 2.0 * smag / 7.0)
        tx = -jt * sx / smag
        ty = -jt * sy / smag
        tz = -jt * sz / smag
        vel[i, 0] += tx
        vel[i, 1] += ty
        air[i, AIR_VZ] += tz
        k = 2.5 / (rad * rad)
        w[i, 0] += k * (rcy * tz - rcz * ty)
        w[i, 1] += k * (rcz * tx - rcx * tz)
        w[i, 2] += k * (rcx * ty - rcy * tx)
    if depth > 0.0:
        pos[i, 0] += depth * nx
        pos[i, 1] += depth * ny
    return float(vn)


@jit_light
def contact_duration(vn: float, p: np.ndarray) -> float:
    """Hertz contact duration (s) of two balls meeting head-on at ``vn`` m/s."""
    m_eff = 0.5 * p[P_M]
    k = p[P_K_HERTZ]
    return float(2.9432 * (m_eff * m_eff / (k * k * max(vn, 1e-3))) ** 0.2)


@jit_light
def has_neighbour(
    i: int, j: int, reach: float, now: float, tref: np.ndarray, pos: np.ndarray,
    vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray, p: np.ndarray,
    box: np.ndarray,
) -> bool:  # fmt: skip
    """Whether a third ball on the cloth is within ``reach`` of touching ball i or j (now)."""
    d = 2.0 * p[P_R] + reach
    d2 = d * d
    for k in range(pos.shape[0]):
        if k in (i, j) or st[k] in (MOTION_POCKETED, MOTION_OFF_TABLE, MOTION_AIRBORNE):
            continue
        for b in (i, j):
            x = pos[b, 0]
            y = pos[b, 1]
            if (
                box[k, RECT_XMIN] - d <= x <= box[k, RECT_XMAX] + d
                and box[k, RECT_YMIN] - d <= y <= box[k, RECT_YMAX] + d
            ):
                sync(k, now, tref, pos, vel, w, st, air, p)
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
def compliant_impact(
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
    tau = contact_duration(vn, p)
    dt = tau / p[P_STEPS]
    vb2 = 0.0
    for b in range(n):
        act[b] = 0
        for c in range(7):
            loc[b, c] = 0.0
        for c in range(n):
            onset[b, c] = -1.0
        if st[b] in (MOTION_POCKETED, MOTION_OFF_TABLE, MOTION_AIRBORNE):
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
                    safe[RECT_XMIN] + skin <= loc[a, 0] <= safe[RECT_XMAX] - skin
                    and safe[RECT_YMIN] + skin <= loc[a, 1] <= safe[RECT_YMAX] - skin
                ):
                    return -1
                for b in range(n):
                    if (
                        b == a
                        or st[b] in (MOTION_POCKETED, MOTION_OFF_TABLE, MOTION_AIRBORNE)
                        or (act[b] != 0 and b < a)
                    ):
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


@jit
def impact_workspace(
    n: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The scratch arrays of :func:`compliant_impact` for n balls (reusable from shot to shot).

    ``act[n]`` (active balls), ``pairs[n * n, 2]`` (the Verlet list), ``onset[n, n]`` and
    ``touched[n * n, 2]`` (the contacts made), ``loc[n, 7]`` (each ball's x, y, vx, vy, wx,
    wy, wz during the impact) and ``frc[n, 5]`` (its force x, y and torque x, y, z).
    """
    return (
        np.empty(n, np.int64),  # act
        np.empty((n * n, 2), np.int64),  # pairs
        np.empty((n, n)),  # onset
        np.empty((n * n, 2), np.int64),  # touched
        np.empty((n, 7)),  # loc
        np.empty((n, 5)),  # frc
    )
