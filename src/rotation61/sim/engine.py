"""Simulating one shot: :func:`simulate` and its :class:`SimResult`.

Layouts are the geometry layer's: ball number to centre, in inches; the physics runs in
SI units inside. A result's :attr:`SimResult.shot` is the referee's
:class:`~rotation61.rules.Shot`, so ``judge(state, simulate(...).shot)`` needs no glue.
The simulator reports what happened; it never decides a foul. Many strokes at once:
:mod:`rotation61.sim.batch`.
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import Point
from rotation61.rules.balls import Ball
from rotation61.rules.shot import Shot
from rotation61.sim._facts import positions, referee_facts
from rotation61.sim._inputs import kernel_inputs, shoot_one
from rotation61.sim._jit import announce_compile
from rotation61.sim._kernel import protocol, shoot_layout
from rotation61.sim._layouts import Layout, centres, prepare_one, refuse_layout
from rotation61.sim.errors import CueObstructedError, MiscueError, SimulationError
from rotation61.sim.events import SimEvent, _event
from rotation61.sim.limits import STROKE_LIMITS
from rotation61.sim.params import DEFAULT_PARAMS, MAX_EVENTS, Params
from rotation61.sim.stroke import Stroke, cue_obstruction, is_miscue
from rotation61.sim.table import DEFAULT_TABLE, PocketId, SimTable
from rotation61.sim.trajectory import Trajectory, trajectory_from

__all__ = ["SimResult", "kinetic_energy", "simulate"]

_LOG_ROWS: Final[int] = 700
"""Event log rows allocated for a shot at first (small enough to stay off ``mmap``)."""
_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)
class SimResult:
    """A simulated shot: the referee's facts, where the balls stopped, and the event log.

    The kernel computes the facts with the shot; the referee's :class:`Shot` and the
    pocketed balls are built from them on first access (a caller who wants only the
    physics does not pay for them), then kept. Two results are equal when their facts,
    pocketed balls, durations and event counts are.

    Attributes:
        shot: the observed facts in the referee's event model.
        pocketed: the balls pocketed, in order, with their pockets (the cue ball too).
        duration: time from the strike to the last event, s.
        event_count: the number of events.
        trajectory: every ball's state at any time, if requested.
    """

    duration: float
    event_count: int
    trajectory: Trajectory | None = None
    _final: _F64
    _states: _I64
    _log: _F64
    _ids: tuple[Ball, ...]
    _table: SimTable
    _facts: tuple[_F64, bool, list[int], list[int], list[int]]
    _made: list[tuple[Shot, tuple[tuple[Ball, PocketId], ...]]]

    def _referee(self) -> tuple[Shot, tuple[tuple[Ball, PocketId], ...]]:
        made = self._made
        if not made:
            start, in_kitchen, states, facts, rails = self._facts
            ids = self._ids
            rows = range(len(ids))
            final, spec = self._final, self._table.spec
            made.append(
                referee_facts(ids, start, in_kitchen, final, rows, states, facts, rails, spec)
            )
        return made[0]

    @property
    def shot(self) -> Shot:
        """The observed facts in the referee's event model."""
        return self._referee()[0]

    @property
    def pocketed(self) -> tuple[tuple[Ball, PocketId], ...]:
        """The balls pocketed, in order, with their pockets (the cue ball too)."""
        return self._referee()[1]

    def _key(self) -> tuple[object, ...]:
        return (self.shot, self.pocketed, self.duration, self.event_count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"SimResult(shot={self.shot!r}, pocketed={self.pocketed!r}, "
            f"duration={self.duration!r}, event_count={self.event_count!r})"
        )

    @property
    def positions(self) -> tuple[tuple[Ball, Point], ...]:
        """Where each ball on the table came to rest, inches, in ball order."""
        return positions(self._ids, self._final, self._states)

    @property
    def layout(self) -> dict[Ball, Point]:
        """Where the balls on the table came to rest, inches (the next shot's layout)."""
        return dict(self.positions)

    @property
    def events(self) -> tuple[SimEvent, ...]:
        """The events in order (built on each access from the log)."""
        return tuple(_event(row, self._ids, self._table) for row in self._log)

    @property
    def log(self) -> _F64:
        """The raw event log, [events, 25] (columns: ``rotation61.sim._kernel.protocol``)."""
        return self._log


_new = object.__new__
_SET_RESULT: Final = tuple(
    getattr(SimResult, f.name).__set__ for f in dataclasses.fields(SimResult)
)
"""Each :class:`SimResult` field's slot setter, in field order (``__set__`` skips ``frozen``)."""


def _result(
    duration: float,
    event_count: int,
    trajectory: Trajectory | None,
    final: _F64,
    states: _I64,
    log: _F64,
    ids: tuple[Ball, ...],
    table: SimTable,
    facts: tuple[_F64, bool, list[int], list[int], list[int]],
) -> SimResult:
    """``SimResult(duration=..., ...)``, its fields given in order, at a third of the cost.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``;
    SimResult has no checks to skip. ``facts`` are :func:`referee_facts`' inputs (the start
    centres, whether the cue ball starts in the kitchen, and the kernel's states, facts
    and cushion flags as lists), for the referee's facts on first access.
    """
    result: SimResult = _new(SimResult)
    (
        set_duration, set_count, set_trajectory, set_final, set_states, set_log, set_ids,
        set_table, set_facts, set_made,
    ) = _SET_RESULT  # fmt: skip
    set_duration(result, duration)
    set_count(result, event_count)
    set_trajectory(result, trajectory)
    set_final(result, final)
    set_states(result, states)
    set_log(result, log)
    set_ids(result, ids)
    set_table(result, table)
    set_facts(result, facts)
    set_made(result, [])
    return result


def _check_stroke(
    layout: Layout, stroke: Stroke, table: SimTable, params: Params, check_cue: bool
) -> None:
    if is_miscue(stroke):
        raise MiscueError(
            f"tip offset ({stroke.a!r}, {stroke.b!r}) R is beyond the miscue limit "
            f"{STROKE_LIMITS.tip_offset!r} R"
        )
    if check_cue:
        hit = cue_obstruction(layout, stroke, table=table, params=params)
        if hit is not None:
            what = "the rail" if hit < 0 else f"ball {hit!r}"
            raise CueObstructedError(
                f"the cue stick would pass through {what} (phi={stroke.phi!r})"
            )


def simulate(
    layout: Layout,
    stroke: Stroke,
    *,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    trajectory: bool = False,
    check_cue: bool = False,
    max_events: int = MAX_EVENTS,
) -> SimResult:
    """Play one stroke on a layout and run the shot until every ball is at rest.

    Args:
        layout: ball number to centre, inches; the cue ball (0) must be present.
        stroke: the cue's stroke on the cue ball.
        table: the table.
        params: the physical parameters.
        trajectory: also return a :class:`Trajectory` (for plots and animation).
        check_cue: refuse a stroke whose cue stick would pass through a ball or a rail.
        max_events: the event cap.

    Returns:
        The shot's facts, final positions and events.

    Raises:
        SimulationError: a ball is off the table or overlaps another, or the shot did
            not come to rest within ``max_events`` events.
        MiscueError: the tip offset is beyond the miscue limit.
        CueObstructedError: ``check_cue`` and the stick would hit a ball or a rail.

    >>> from rotation61.geometry import Point
    >>> r = simulate({0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}, Stroke(speed=2.0, phi=0.0))
    >>> r.shot.first_contact, r.shot.pocketed
    (1, ())
    """
    inputs = kernel_inputs(table, params)
    if check_cue or is_miscue(stroke):
        # refuse a bad layout first, then the stroke
        prepare_one(layout, inputs)
        _check_stroke(layout, stroke, table, params, check_cue)
    ids, inches = centres(layout)
    n = len(ids)
    start = np.empty((n, 2))
    pos = np.empty((n, 2))
    # the motion states, facts and cushion flags share one buffer (one allocation, one
    # tolist): [st (n) | facts (F_POCKETED + 2 n) | rails (n)]
    f_end = n + protocol.F_POCKETED + 2 * n
    ints = np.empty(f_end + n, np.int64)
    st = ints[:n]
    facts = ints[n:f_end]
    rails = ints[f_end:]
    log = np.empty((min(max_events + 1, _LOG_ROWS), protocol.LOG_WIDTH))
    row = stroke.as_tuple()
    announce_compile(shoot_layout)
    code, i, j, dist, in_kitchen, count, status, t_end = shoot_one(
        inputs, inches, row, log, max_events, start, pos, st, facts, rails
    )
    if code != protocol.LAYOUT_OK:
        refuse_layout(code, 0, i, j, dist, (layout,), (ids,))
    if count > len(log) and status == protocol.STATUS_AT_REST:
        # a long shot: run it again (bit for bit the same) with room for every event
        log = np.empty((count, protocol.LOG_WIDTH))
        _, _, _, _, _, count, status, t_end = shoot_one(
            inputs, inches, row, log, max_events, start, pos, st, facts, rails
        )
    if status != protocol.STATUS_AT_REST:
        raise SimulationError(
            f"the shot did not come to rest within {max_events} events ({stroke!r})"
        )
    values = ints.tolist()
    facts_in = (start, in_kitchen, values[:n], values[n:f_end], values[f_end:])
    log = log[:count].copy()
    traj = trajectory_from(ids, start, log, params, float(t_end)) if trajectory else None
    return _result(float(t_end), int(count), traj, pos, st, log, ids, table, facts_in)


def kinetic_energy(vel: _F64, w: _F64, params: Params = DEFAULT_PARAMS) -> float:
    """Total kinetic energy (J) of balls with velocities ``vel`` [n, 2] and spins ``w`` [n, 3]."""
    m = params.ball_mass
    inertia = 0.4 * m * params.ball_radius**2
    return float(0.5 * m * np.sum(vel * vel) + 0.5 * inertia * np.sum(w * w))
