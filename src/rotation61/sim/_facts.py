"""The referee's facts of a simulated shot, from the kernel's facts.

The kernel reads a shot's facts from its event log (``_kernel.facts``); :func:`referee_facts`
turns them into the referee's :class:`~rotation61.rules.Shot` and the pocketed balls, for
:func:`~rotation61.sim.simulate` and for the batch's shots alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, Point, TableSpec, zone
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.shot import ContactType, KitchenFacts, Shot, simulated_shot
from rotation61.rules.table import Zone
from rotation61.sim._kernel import protocol
from rotation61.sim.table import POCKETS, PocketId

__all__ = ["CONTACT_TYPES", "GONE", "positions", "referee_facts", "zone_of_centre"]

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]

CONTACT_TYPES: Final[Mapping[int, ContactType]] = {
    protocol.CUE_FIRST_NONE: ContactType.NONE,
    protocol.CUE_FIRST_BALL: ContactType.BALL,
    protocol.CUE_FIRST_RAIL: ContactType.RAIL,
}
"""What the cue ball touched first, for each kernel ``CUE_FIRST_`` code."""


GONE: Final = (protocol.MOTION_POCKETED, protocol.MOTION_OFF_TABLE)
"""The motion states of a ball no longer on the table."""


def positions(ids: tuple[Ball, ...], final: _F64, states: _I64) -> tuple[tuple[Ball, Point], ...]:
    """The resting centres of the balls still on the table, inches, in ball order."""
    inches = final / METERS_PER_INCH
    return tuple(
        (ball, Point(float(inches[i, 0]), float(inches[i, 1])))
        for i, ball in enumerate(ids)
        if states[i] not in GONE
    )


def zone_of_centre(spec: TableSpec, x: float, y: float) -> Zone:
    """The head-string zone (:func:`~rotation61.geometry.zone`) of a ball centred at (x, y), m."""
    return zone(spec, Point(x / METERS_PER_INCH, y / METERS_PER_INCH))


def referee_facts(
    ids: tuple[Ball, ...],
    start: _F64,
    in_kitchen: bool,
    final: _F64,
    rows: Sequence[int],
    states: list[int],
    facts: list[int],
    rails: list[int],
    spec: TableSpec,
) -> tuple[Shot, tuple[tuple[Ball, PocketId], ...]]:
    """The referee's facts and the pocketed balls of a shot.

    Ball i of ``ids`` starts at ``start[rows[i]]`` and rests at ``final[rows[i]]`` (m);
    ``states``, ``facts`` and ``rails`` are the kernel's, as lists, indexed by i.
    """
    n = len(ids)
    first_idx = facts[protocol.F_FIRST]
    first = ids[first_idx] if first_idx != protocol.NONE else None
    count = facts[protocol.F_N_POCKETED]
    pocketed: tuple[tuple[Ball, PocketId], ...] = ()
    objects_pocketed: tuple[Ball, ...] = ()
    cue_pocketed = False
    if count:
        balls_at = protocol.F_POCKETED
        pockets_at = protocol.F_POCKETED + n
        pocketed = tuple(
            (ids[facts[balls_at + i]], POCKETS[facts[pockets_at + i]]) for i in range(count)
        )
        objects_pocketed = tuple(b for b, _ in pocketed if b != CUE_BALL)
        cue_pocketed = len(objects_pocketed) != count
    # one pass over the object balls: cushions (after the first contact, at any time) and
    # flying off the table
    rail_after: list[Ball] = (
        [CUE_BALL] if rails[0] & protocol.RAIL_AFTER_FIRST_CONTACT else []
    )  # ids[0] is the cue ball
    rail_any: list[Ball] = []
    off: list[Ball] = []
    for b in range(1, n):
        flags = rails[b]
        if flags:
            if flags & protocol.RAIL_AFTER_FIRST_CONTACT:
                rail_after.append(ids[b])
            if flags & protocol.RAIL_TOUCHED:
                rail_any.append(ids[b])
        if states[b] == protocol.MOTION_OFF_TABLE:
            off.append(ids[b])
    kitchen: KitchenFacts | None = None
    if in_kitchen:
        contact = CONTACT_TYPES[facts[protocol.F_CUE_FIRST_KIND]]
        first_zone = None
        if first is not None:
            fx, fy = start[rows[first_idx]]
            first_zone = zone_of_centre(spec, float(fx), float(fy))
        kitchen = KitchenFacts(
            crossed_before_first_contact=bool(facts[protocol.F_CROSSED_BEFORE]),
            first_contact_type=contact,
            first_ball_zone=first_zone,
            crossed=bool(facts[protocol.F_CROSSED]),
        )
    rest_zone = Zone.OUTSIDE
    if n > 1 and states[1] not in GONE:
        rx, ry = final[rows[1]].tolist()
        rest_zone = zone_of_centre(spec, rx, ry)
    # the facts are valid by construction (ball numbers of a checked layout, the cue
    # ball never an object-ball fact): built without re-running Shot's checks
    shot = simulated_shot(
        first,
        objects_pocketed,
        tuple(off),
        frozenset(rail_after),
        frozenset(rail_any),
        cue_pocketed,
        states[0] == protocol.MOTION_OFF_TABLE,
        kitchen,
        rest_zone,
    )
    return shot, pocketed
