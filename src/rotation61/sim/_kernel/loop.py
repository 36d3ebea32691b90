"""The event loop: strike the cue ball, then jump from event to event until every ball rests.

Owns :func:`shoot` and :func:`run` (a shot on given scratch arrays, from
:func:`workspace`), the event queue (each ball's next transition and table event, and the
pair table whose rows keep their minima), the recomputation of every prediction involving
a ball after its event, what happens to a flying ball (:func:`_fly_event`: its landing, a
cushion's nose or flying off the table), and the event log (:mod:`.protocol`'s ``LOG_``
columns). Balls move lazily: a ball's state stays at its last event until something needs
it.
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit, jit_light
from rotation61.sim._kernel.detection import predict_pair, predict_rail, safe_box
from rotation61.sim._kernel.impact import (
    collide_balls,
    collide_balls_air,
    collide_cushion,
    collide_cushion_air,
    compliant_impact,
    contact_duration,
    has_neighbour,
    impact_workspace,
    land,
    strike,
)
from rotation61.sim._kernel.motion import bounding_box, lift, next_transition, settle, sync
from rotation61.sim._kernel.protocol import (
    AIR_VZ,
    AIR_WIDTH,
    AIR_Z,
    EV_BALL,
    EV_CUSHION,
    EV_JAW_POINT,
    EV_LAND,
    EV_OFF_TABLE,
    EV_POCKET,
    EV_ROLL_TO_SPIN,
    EV_ROLL_TO_STOP,
    EV_SLIDE_TO_ROLL,
    EV_SPIN_TO_STOP,
    EV_STRIKE,
    HOLE_RADIUS,
    HOLE_X,
    HOLE_Y,
    LINE_NX,
    LINE_NY,
    LINE_X,
    LINE_Y,
    LOG_BALL,
    LOG_BALL_STATE,
    LOG_KIND,
    LOG_OTHER,
    LOG_OTHER_STATE,
    LOG_SPEED,
    LOG_TIME,
    MOTION_AIRBORNE,
    MOTION_OFF_TABLE,
    MOTION_POCKETED,
    MOTION_ROLLING,
    MOTION_SLIDING,
    MOTION_SPINNING,
    MOTION_STATIONARY,
    NONE,
    P_CLUSTER,
    P_EPS_TOUCH,
    P_NOSE,
    P_R,
    P_V_CHATTER,
    P_V_EPS,
    POINT_X,
    POINT_Y,
    RECT_WIDTH,
    RECT_XMAX,
    RECT_XMIN,
    RECT_YMAX,
    RECT_YMIN,
    STATE_MOTION,
    STATE_VX,
    STATE_VY,
    STATE_VZ,
    STATE_WIDTH,
    STATE_WX,
    STATE_WY,
    STATE_WZ,
    STATE_X,
    STATE_Y,
    STATE_Z,
    STATUS_AT_REST,
    STATUS_EVENT_LIMIT,
    STROKE_SPEED,
)


@jit_light
def _record(
    ev: np.ndarray, count: int, now: float, kind: int, i: int, j: int, info: float,
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray,
) -> None:  # fmt: skip
    """Write event ``count`` to the log, if it has room: time, kind, balls, speed, states."""
    if count >= ev.shape[0]:
        return
    ev[count, LOG_TIME] = now
    ev[count, LOG_KIND] = kind
    ev[count, LOG_BALL] = i
    ev[count, LOG_OTHER] = j
    ev[count, LOG_SPEED] = info
    for side in range(2):
        b = i if side == 0 else j
        base = LOG_BALL_STATE if side == 0 else LOG_OTHER_STATE
        if b < 0 or (side == 1 and kind != EV_BALL):
            for c in range(STATE_WIDTH):
                ev[count, base + c] = 0.0
        else:
            ev[count, base + STATE_X] = pos[b, 0]
            ev[count, base + STATE_Y] = pos[b, 1]
            ev[count, base + STATE_VX] = vel[b, 0]
            ev[count, base + STATE_VY] = vel[b, 1]
            ev[count, base + STATE_WX] = w[b, 0]
            ev[count, base + STATE_WY] = w[b, 1]
            ev[count, base + STATE_WZ] = w[b, 2]
            ev[count, base + STATE_MOTION] = st[b]
            ev[count, base + STATE_Z] = air[b, AIR_Z]
            ev[count, base + STATE_VZ] = air[b, AIR_VZ]


@jit_light
def _row_min(i: int, pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray) -> None:
    """Recompute row i's earliest pair time (the first column on ties)."""
    best = math.inf
    arg = NONE
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
    st: np.ndarray, air: np.ndarray, trans_t: np.ndarray, rail_t: np.ndarray, rail_kind: np.ndarray,
    rail_idx: np.ndarray, pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track_head: bool, box: np.ndarray, safe: np.ndarray,
) -> None:  # fmt: skip
    """Recompute every prediction that involves ball b."""
    dur = next_transition(b, vel, w, st, air, p)
    trans_t[b] = now + dur
    bounding_box(b, dur, pos, vel, w, st, p, box)
    t, k, idx = predict_rail(
        b, now, pos, vel, w, st, trans_t, lines, points, pockets, p, head_x, track_head, box, safe
    )
    rail_t[b] = t
    rail_kind[b] = k
    rail_idx[b] = idx
    if t < trans_t[b]:
        bounding_box(b, t - now, pos, vel, w, st, p, box)  # the pairs only look that far
    n = pos.shape[0]
    reach = 2.0 * p[P_R] + p[P_EPS_TOUCH]
    moving = st[b] in (MOTION_SLIDING, MOTION_ROLLING, MOTION_AIRBORNE)
    for o in range(n):
        if o == b:
            continue
        so = st[o]
        t = math.inf
        # the pair can meet only if one of them moves and their boxes come within reach
        if (
            so != MOTION_POCKETED
            and so != MOTION_OFF_TABLE
            and (moving or so in (MOTION_SLIDING, MOTION_ROLLING, MOTION_AIRBORNE))
            and box[b, RECT_XMIN] - box[o, RECT_XMAX] <= reach
            and box[o, RECT_XMIN] - box[b, RECT_XMAX] <= reach
            and box[b, RECT_YMIN] - box[o, RECT_YMAX] <= reach
            and box[o, RECT_YMIN] - box[b, RECT_YMAX] <= reach
        ):
            sync(o, now, tref, pos, vel, w, st, air, p)
            t = predict_pair(
                min(b, o), max(b, o), now, pos, vel, w, st, air, trans_t, rail_t, p, box
            )
        if o < b:
            _set_pair(o, b, t, pair_t, rmin, rarg)
        else:
            pair_t[b, o] = t
    _row_min(b, pair_t, rmin, rarg)


@jit_light
def _fly_event(
    b: int, kind: int, idx: int, pos: np.ndarray, vel: np.ndarray, w: np.ndarray,
    st: np.ndarray, air: np.ndarray, lines: np.ndarray, points: np.ndarray,
    pockets: np.ndarray, p: np.ndarray, safe: np.ndarray,
) -> tuple[int, int, float]:  # fmt: skip
    """A flying ball's event ``kind``: landing (``EV_LAND``) or a cushion line or point.

    Returns the event as logged: (kind, other, approach speed). Landing: the ball bounces
    (:func:`.impact.land`); if its centre is then over a pocket's capture hole it is
    pocketed (``EV_POCKET``), and if it is beyond the cushion nose lines and over no hole,
    it has left the table (``EV_OFF_TABLE``). A cushion line or point: a ball whose bottom
    is at or above the nose flies over it and leaves the table; a lower one meets the nose
    (:func:`.impact.collide_cushion_air`), or rides over it if not approaching along the
    nose's normal (it leaves the table too).
    """
    rad = p[P_R]
    none = b - b - 1
    if kind == EV_LAND:
        info = land(b, vel, w, st, air, p)
        x = pos[b, 0]
        y = pos[b, 1]
        for k in range(pockets.shape[0]):
            dx = x - pockets[k, HOLE_X]
            dy = y - pockets[k, HOLE_Y]
            if dx * dx + dy * dy <= pockets[k, HOLE_RADIUS] ** 2:
                _remove(b, vel, w, st, air, MOTION_POCKETED)
                return EV_POCKET, k, info
        if not (
            safe[RECT_XMIN] - rad <= x <= safe[RECT_XMAX] + rad
            and safe[RECT_YMIN] - rad <= y <= safe[RECT_YMAX] + rad
        ):
            _remove(b, vel, w, st, air, MOTION_OFF_TABLE)
            return EV_OFF_TABLE, none, info
        return EV_LAND, none, info
    if air[b, AIR_Z] >= p[P_NOSE]:
        _remove(b, vel, w, st, air, MOTION_OFF_TABLE)
        return EV_OFF_TABLE, none, 0.0
    if kind == EV_CUSHION:
        nx = lines[idx, LINE_NX]
        ny = lines[idx, LINE_NY]
        depth = rad - (
            nx * (pos[b, 0] - lines[idx, LINE_X]) + ny * (pos[b, 1] - lines[idx, LINE_Y])
        )
    else:
        cx = pos[b, 0] - points[idx, POINT_X]
        cy = pos[b, 1] - points[idx, POINT_Y]
        dist = math.sqrt(cx * cx + cy * cy)
        nx = cx / dist
        ny = cy / dist
        depth = rad - dist
    info = collide_cushion_air(b, nx, ny, depth, vel, w, pos, air, p)
    if info < 0.0:
        _remove(b, vel, w, st, air, MOTION_OFF_TABLE)
        return EV_OFF_TABLE, none, 0.0
    lift(b, vel, w, st, air, p)
    return kind, idx, info


@jit_light
def _remove(
    b: int, vel: np.ndarray, w: np.ndarray, st: np.ndarray, air: np.ndarray, state: int
) -> None:
    """Take ball b off the cloth: pocketed or off the table, at rest where it is."""
    vel[b, 0] = 0.0
    vel[b, 1] = 0.0
    w[b, 0] = 0.0
    w[b, 1] = 0.0
    w[b, 2] = 0.0
    air[b, AIR_Z] = 0.0
    air[b, AIR_VZ] = 0.0
    st[b] = state


@jit
def workspace(
    n: int,
) -> tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
    np.ndarray, np.ndarray, np.ndarray,
]:  # fmt: skip
    """The scratch arrays of :func:`run` for n balls (reusable from shot to shot).

    The last one, ``air[n, AIR_WIDTH]``, holds the balls' heights and vertical speeds.

    Those of the multi-ball impact come from :func:`.impact.impact_workspace`.
    """
    act, pairs, onset, touched, loc, frc = impact_workspace(n)
    return (
        np.empty(n),  # trans_t
        np.empty(n),  # rail_t
        np.empty(n, np.int64),  # rail_kind
        np.empty(n, np.int64),  # rail_idx
        np.empty((n, n)),  # pair_t
        np.empty(n),  # rmin
        np.empty(n, np.int64),  # rarg
        np.empty((n, RECT_WIDTH)),  # box
        act,
        pairs,
        onset,
        touched,
        loc,
        frc,
        np.empty(RECT_WIDTH),  # safe
        np.empty(n),  # tref
        np.zeros((n, AIR_WIDTH)),  # air
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
        capacity are counted but not stored; ``status`` is ``STATUS_EVENT_LIMIT`` if the shot
        did not come to rest within ``max_events`` events.
    """
    (
        trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act, pairs, onset,
        touched, loc, frc, safe, tref, air,
    ) = workspace(pos.shape[0])  # fmt: skip
    return run(
        pos, vel, w, st, stroke, lines, points, pockets, p, head_x, track_head, ev,
        max_events, trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act,
        pairs, onset, touched, loc, frc, safe, tref, air,
    )  # fmt: skip


@jit_light
def run(
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, st: np.ndarray, stroke: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track_head: bool, ev: np.ndarray, max_events: int,
    trans_t: np.ndarray, rail_t: np.ndarray, rail_kind: np.ndarray, rail_idx: np.ndarray,
    pair_t: np.ndarray, rmin: np.ndarray, rarg: np.ndarray, box: np.ndarray,
    act: np.ndarray, pairs: np.ndarray, onset: np.ndarray, touched: np.ndarray,
    loc: np.ndarray, frc: np.ndarray, safe: np.ndarray, tref: np.ndarray, air: np.ndarray,
) -> tuple[int, int, float]:  # fmt: skip
    """:func:`shoot` on the scratch arrays of :func:`workspace` (sized for these balls)."""
    n = pos.shape[0]
    for i in range(n):
        air[i, AIR_Z] = 0.0
        air[i, AIR_VZ] = 0.0
    strike(vel, w, st, stroke, air, p)
    _record(ev, 0, 0.0, EV_STRIKE, 0, NONE, stroke[STROKE_SPEED], pos, vel, w, st, air)
    count = 1
    for i in range(n):
        tref[i] = 0.0
        for j in range(n):
            pair_t[i, j] = math.inf
    safe_box(lines, p, safe)
    track = track_head
    now = 0.0
    # -1, typed int64 rather than the literal -1 (which numba would compile every callee
    # for a second time)
    none = n - n - 1
    for i in range(n):
        trans_t[i] = next_transition(i, vel, w, st, air, p)
        bounding_box(i, trans_t[i], pos, vel, w, st, p, box)
    for i in range(n):
        t, k, idx = predict_rail(
            i, now, pos, vel, w, st, trans_t, lines, points, pockets, p, head_x, track, box, safe
        )
        rail_t[i] = t
        rail_kind[i] = k
        rail_idx[i] = idx
    for i in range(n):
        if rail_t[i] < trans_t[i]:
            bounding_box(i, rail_t[i] - now, pos, vel, w, st, p, box)
    for i in range(n):
        for j in range(i + 1, n):
            pair_t[i, j] = predict_pair(i, j, now, pos, vel, w, st, air, trans_t, rail_t, p, box)
        _row_min(i, pair_t, rmin, rarg)
    status = STATUS_AT_REST
    while True:
        best = math.inf
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
        if best == math.inf:
            break
        if count >= max_events:
            status = STATUS_EVENT_LIMIT
            break
        now = max(now, best)
        sync(bi, now, tref, pos, vel, w, st, air, p)
        if what == 2:
            sync(bj, now, tref, pos, vel, w, st, air, p)
        info = 0.0
        other = none
        if what == 0:
            s = st[bi]
            if s == MOTION_AIRBORNE:
                kind, other, info = _fly_event(
                    bi, EV_LAND, none, pos, vel, w, st, air, lines, points, pockets, p, safe
                )
            elif s == MOTION_SLIDING:
                kind = EV_SLIDE_TO_ROLL
                vx = vel[bi, 0]
                vy = vel[bi, 1]
                w[bi, 0] = -vy / p[P_R]
                w[bi, 1] = vx / p[P_R]
                st[bi] = MOTION_ROLLING
                if vx * vx + vy * vy <= p[P_V_EPS] ** 2:
                    settle(bi, vel, w, st, p)
            elif s == MOTION_ROLLING:
                vel[bi, 0] = 0.0
                vel[bi, 1] = 0.0
                w[bi, 0] = 0.0
                w[bi, 1] = 0.0
                if abs(w[bi, 2]) * p[P_R] > p[P_V_EPS]:
                    kind = EV_ROLL_TO_SPIN
                    st[bi] = MOTION_SPINNING
                else:
                    kind = EV_ROLL_TO_STOP
                    w[bi, 2] = 0.0
                    st[bi] = MOTION_STATIONARY
            else:
                kind = EV_SPIN_TO_STOP
                w[bi, 2] = 0.0
                st[bi] = MOTION_STATIONARY
        elif what == 1:
            kind = rail_kind[bi]
            idx = rail_idx[bi]
            other = idx
            if st[bi] == MOTION_AIRBORNE and kind in (EV_CUSHION, EV_JAW_POINT):
                kind, other, info = _fly_event(
                    bi, kind, idx, pos, vel, w, st, air, lines, points, pockets, p, safe
                )
            elif kind == EV_CUSHION:
                nx = lines[idx, LINE_NX]
                ny = lines[idx, LINE_NY]
                depth = p[P_R] - (
                    nx * (pos[bi, 0] - lines[idx, LINE_X]) + ny * (pos[bi, 1] - lines[idx, LINE_Y])
                )
                info = collide_cushion(bi, nx, ny, depth, vel, w, pos, p)
                settle(bi, vel, w, st, p)
            elif kind == EV_JAW_POINT:
                cx = pos[bi, 0] - points[idx, POINT_X]
                cy = pos[bi, 1] - points[idx, POINT_Y]
                dist = math.sqrt(cx * cx + cy * cy)
                info = collide_cushion(bi, cx / dist, cy / dist, p[P_R] - dist, vel, w, pos, p)
                settle(bi, vel, w, st, p)
            elif kind == EV_POCKET:
                vel[bi, 0] = 0.0
                vel[bi, 1] = 0.0
                w[bi, 0] = 0.0
                w[bi, 1] = 0.0
                w[bi, 2] = 0.0
                st[bi] = MOTION_POCKETED
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
            flying = st[bi] == MOTION_AIRBORNE or st[bj] == MOTION_AIRBORNE
            cluster = p[P_CLUSTER] > 0.0 and not flying and vn >= p[P_V_CHATTER]
            if cluster:
                reach = 2.0 * vn * contact_duration(vn, p)
                cluster = has_neighbour(bi, bj, reach, now, tref, pos, vel, w, st, air, p, box)
            if cluster:
                for b in range(n):
                    sync(b, now, tref, pos, vel, w, st, air, p)
                ncont = compliant_impact(
                    bi, bj, vn, pos, vel, w, st, p, safe, act, pairs, onset, touched, loc, frc
                )
            if ncont > 0:
                for b in range(n):
                    if act[b] != 0:
                        settle(b, vel, w, st, p)
                for c in range(ncont):
                    a = touched[c, 0]
                    b = touched[c, 1]
                    _record(ev, count, now, EV_BALL, a, b, onset[a, b], pos, vel, w, st, air)
                    count += 1
                for b in range(n):
                    if act[b] != 0:
                        _refresh(
                            b, now, tref, pos, vel, w, st, air, trans_t, rail_t, rail_kind,
                            rail_idx, pair_t, rmin, rarg, lines, points, pockets, p, head_x,
                            track, box, safe,
                        )  # fmt: skip
                continue
            if flying:
                info = collide_balls_air(bi, bj, pos, vel, w, st, air, p)
                lift(bi, vel, w, st, air, p)
                lift(bj, vel, w, st, air, p)
            else:
                info = collide_balls(bi, bj, pos, vel, w, p)
                settle(bi, vel, w, st, p)
                settle(bj, vel, w, st, p)
        _record(ev, count, now, kind, bi, other, info, pos, vel, w, st, air)
        count += 1
        if st[bi] == MOTION_POCKETED or st[bi] == MOTION_OFF_TABLE:
            trans_t[bi] = math.inf
            rail_t[bi] = math.inf
            for o in range(bi):
                _set_pair(o, bi, math.inf, pair_t, rmin, rarg)
            for o in range(bi + 1, n):
                pair_t[bi, o] = math.inf
            rmin[bi] = math.inf
            rarg[bi] = NONE
        else:
            _refresh(
                bi, now, tref, pos, vel, w, st, air, trans_t, rail_t, rail_kind, rail_idx,
                pair_t, rmin, rarg, lines, points, pockets, p, head_x, track, box, safe,
            )  # fmt: skip
        if what == 2:
            _refresh(
                bj, now, tref, pos, vel, w, st, air, trans_t, rail_t, rail_kind, rail_idx,
                pair_t, rmin, rarg, lines, points, pockets, p, head_x, track, box, safe,
            )  # fmt: skip
    for b in range(n):
        sync(b, now, tref, pos, vel, w, st, air, p)
    return count, status, now
