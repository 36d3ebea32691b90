"""The physics engine: event-based pool physics whose shots the referee judges.

An optional layer (the ``[sim]`` extra: numpy and numba). A layout (ball number to centre,
in inches, as in :mod:`rotation61.geometry`) and a :class:`Stroke` give a
:class:`SimResult` whose :attr:`~SimResult.shot` is the referee's
:class:`~rotation61.rules.Shot`: ``judge(state, simulate(layout, stroke).shot)``. The
engine reports what happened and never decides a foul.

The model (``docs/physics.md``): balls slide, roll, spin and stop under cloth friction;
ball-ball collisions with restitution and friction (cut- and spin-induced throw);
ball-cushion collisions on the rails, the pocket jaws and the jaw points with the nose
height, restitution and friction; capture by the pocket holes. Every event time is a root
of a polynomial of degree at most four, solved exactly: there is no time step.

A straight pot of the 3 into the foot-right corner, with 60 points to 57: hit at the
centre the cue ball follows the 3 in (a scratch, the 3 is spotted); with draw it stays
out and the 3 wins the rack.

>>> from rotation61.geometry import Point
>>> from rotation61.rules import judge, setup_rack
>>> rack = setup_rack(on_table={3}, scores=(60, 57))
>>> layout = {0: Point(80.0, 20.0), 3: Point(90.0, 10.0)}
>>> follow = simulate(layout, Stroke(speed=1.5, phi=aim_at(layout[0], layout[3])))
>>> follow.shot.pocketed, follow.shot.cue_pocketed
((3,), True)
>>> ruling = judge(rack, follow.shot)
>>> [foul.kind.value for foul in ruling.fouls], ruling.credited, ruling.spot_lowest
(['scratch'], (), 3)
>>> draw = simulate(layout, Stroke(speed=1.5, phi=aim_at(layout[0], layout[3]), b=-0.3))
>>> draw.pocketed
((3, <PocketId.FOOT_RIGHT: 'foot_right'>),)
>>> ruling = judge(rack, draw.shot)
>>> ruling.credited, ruling.result.type.value, ruling.result.winner.name
((3,), 'reached_61', 'A')
"""

from __future__ import annotations

from rotation61.sim.batch import BatchResult, simulate_batch
from rotation61.sim.engine import SimResult, kinetic_energy, simulate
from rotation61.sim.errors import CueObstructedError, MiscueError, SimulationError
from rotation61.sim.events import BallState, EventKind, MotionState, SimEvent
from rotation61.sim.limits import STROKE_LIMITS, StrokeLimits, StrokeOutOfRangeError, check_stroke
from rotation61.sim.noise import OLYMPIAD_NOISE, ExecutionNoise, execute, noisy_rows
from rotation61.sim.params import (
    CHATTER_SPEED,
    CONTACT_TOL_M,
    DEFAULT_PARAMS,
    MAX_EVENTS,
    OVERLAP_TOL_M,
    REST_SPEED,
    STOP_SPEED,
    Params,
)
from rotation61.sim.rack import break_layout, break_stroke, playable_layout, random_layout
from rotation61.sim.search import StrokeSamples, simulate_strokes
from rotation61.sim.stroke import (
    RAIL,
    Stroke,
    aim_at,
    clearance_elevation,
    cue_obstruction,
    ghost_ball_aim,
    is_miscue,
)
from rotation61.sim.table import DEFAULT_TABLE, CushionId, PocketId, SimTable
from rotation61.sim.trajectory import Trajectory

__all__ = [
    "CHATTER_SPEED",
    "CONTACT_TOL_M",
    "DEFAULT_PARAMS",
    "DEFAULT_TABLE",
    "MAX_EVENTS",
    "OLYMPIAD_NOISE",
    "OVERLAP_TOL_M",
    "RAIL",
    "REST_SPEED",
    "STOP_SPEED",
    "STROKE_LIMITS",
    "BallState",
    "BatchResult",
    "CueObstructedError",
    "CushionId",
    "EventKind",
    "ExecutionNoise",
    "MiscueError",
    "MotionState",
    "Params",
    "PocketId",
    "SimEvent",
    "SimResult",
    "SimTable",
    "SimulationError",
    "Stroke",
    "StrokeLimits",
    "StrokeOutOfRangeError",
    "StrokeSamples",
    "Trajectory",
    "aim_at",
    "break_layout",
    "break_stroke",
    "check_stroke",
    "clearance_elevation",
    "cue_obstruction",
    "execute",
    "ghost_ball_aim",
    "is_miscue",
    "kinetic_energy",
    "noisy_rows",
    "playable_layout",
    "random_layout",
    "simulate",
    "simulate_batch",
    "simulate_strokes",
]
