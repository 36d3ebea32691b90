"""The referee's facts of a shot, read from its event log.

Owns :func:`shot_facts`: the first ball the cue ball touched, what it touched first,
its crossings of the head string, the pocketed balls in order with their pockets, and
which balls touched a cushion (before or after the first contact), in the ``F_`` and
``RAIL_`` layouts of :mod:`.protocol`. The Python side turns them into a
:class:`~rotation61.rules.Shot`.
"""

from __future__ import annotations

import numpy as np

from rotation61.sim._jit import jit
from rotation61.sim._kernel.protocol import (
    CUE_FIRST_BALL,
    CUE_FIRST_NONE,
    CUE_FIRST_RAIL,
    EV_BALL,
    EV_CUSHION,
    EV_HEAD_STRING,
    EV_JAW_POINT,
    EV_POCKET,
    F_CROSSED,
    F_CROSSED_BEFORE,
    F_CUE_FIRST_KIND,
    F_FIRST,
    F_N_POCKETED,
    F_POCKETED,
    LOG_BALL,
    LOG_KIND,
    LOG_OTHER,
    NONE,
    RAIL_AFTER_FIRST_CONTACT,
    RAIL_TOUCHED,
)


@jit
def shot_facts(ev: np.ndarray, count: int, n: int, out: np.ndarray, rails: np.ndarray) -> None:
    """The referee's facts of a shot, from its event log.

    ``out`` (ints, length ``F_POCKETED + 2 n``, see :mod:`.protocol`'s ``F_`` columns):
    first object ball touched by ball 0; what ball 0 touched first (``CUE_FIRST_``);
    whether it crossed the head string before that; whether it crossed at all; the number
    of balls pocketed; then the pocketed balls in order and their pockets. ``rails[b]``:
    ``RAIL_TOUCHED`` if ball b touched a cushion or jaw, ``RAIL_AFTER_FIRST_CONTACT`` if
    it did so after the first contact.
    """
    for k in range(out.shape[0]):
        out[k] = NONE
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
        kind = int(ev[e, LOG_KIND])
        i = int(ev[e, LOG_BALL])
        j = int(ev[e, LOG_OTHER])
        if kind == EV_BALL:
            if (i == 0 or j == 0) and not first_seen:
                first_seen = True
                out[F_FIRST] = j if i == 0 else i
            if (i == 0 or j == 0) and not cue_touched:
                cue_touched = True
                out[F_CUE_FIRST_KIND] = CUE_FIRST_BALL
        elif kind in (EV_CUSHION, EV_JAW_POINT):
            rails[i] |= RAIL_TOUCHED
            if first_seen:
                rails[i] |= RAIL_AFTER_FIRST_CONTACT
            if i == 0 and not cue_touched:
                cue_touched = True
                out[F_CUE_FIRST_KIND] = CUE_FIRST_RAIL
        elif kind == EV_POCKET:
            k = out[F_N_POCKETED]
            out[F_POCKETED + k] = i
            out[F_POCKETED + n + k] = j
            out[F_N_POCKETED] = k + 1
        elif kind == EV_HEAD_STRING:
            out[F_CROSSED] = 1
            if not cue_touched:
                out[F_CROSSED_BEFORE] = 1
