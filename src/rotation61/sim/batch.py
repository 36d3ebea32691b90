"""Many strokes at once, on all cores: :func:`simulate_batch` and :class:`BatchResult`.

Each shot is computed alone, from its own inputs, exactly as
:func:`~rotation61.sim.simulate` computes it, whatever the number of threads.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final, cast

import numpy as np
import numpy.typing as npt

from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.shot import Shot
from rotation61.sim._facts import referee_facts
from rotation61.sim._inputs import kernel_inputs, shoot_many
from rotation61.sim._jit import announce_compile, dynamic_schedule, set_threads
from rotation61.sim._kernel import protocol, shoot_batch
from rotation61.sim._layouts import Layout, prepare_many
from rotation61.sim.engine import SimResult, simulate
from rotation61.sim.errors import MiscueError, SimulationError
from rotation61.sim.params import DEFAULT_PARAMS, MAX_EVENTS, Params
from rotation61.sim.stroke import Stroke, is_miscue
from rotation61.sim.table import DEFAULT_TABLE, SimTable

__all__ = ["BatchResult", "simulate_batch"]

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BatchResult:
    """Many simulated shots, as arrays; :meth:`shot` and :meth:`replay` give one shot.

    Attributes:
        balls: the ball numbers, in array order (the cue ball first).
        event_counts: events per shot, [shots].
        durations: time of the last event per shot, s, [shots].
        final_positions: resting centres, m, [shots, balls, 2].
        pocketed_mask: whether each ball was pocketed, [shots, balls].
        rail_mask: bit 1: the ball touched a cushion; bit 2: after the first contact,
            [shots, balls].
        off_table_mask: whether each ball left the table (flew off), [shots, balls].
    """

    balls: tuple[Ball, ...]
    event_counts: _I64
    durations: _F64
    final_positions: _F64
    pocketed_mask: npt.NDArray[np.bool_]
    rail_mask: _I64
    off_table_mask: npt.NDArray[np.bool_]
    _facts: _I64 = dataclasses.field(repr=False)
    _starts: _F64 = dataclasses.field(repr=False)
    _kitchen: npt.NDArray[np.bool_] = dataclasses.field(repr=False)
    _layout_of: _I64 = dataclasses.field(repr=False)
    _present: npt.NDArray[np.bool_] = dataclasses.field(repr=False)
    _layouts: tuple[Layout, ...] = dataclasses.field(repr=False)
    _strokes: tuple[Stroke, ...] | None = dataclasses.field(repr=False)
    _rows: _F64 = dataclasses.field(repr=False)
    _table: SimTable = dataclasses.field(repr=False)
    _params: Params = dataclasses.field(repr=False)

    def __len__(self) -> int:
        return len(self._rows)

    def shot(self, index: int) -> Shot:
        """The referee's facts of shot ``index``."""
        lay = int(self._layout_of[index])
        cols = np.flatnonzero(self._present[lay]).tolist()
        ids = tuple(self.balls[c] for c in cols)
        n_all = len(self.balls)
        n = len(cols)
        facts = self._facts[index].tolist()
        # re-index the facts to the balls present in that layout
        remap = [-1] * n_all
        for i, c in enumerate(cols):
            remap[c] = i
        head = protocol.F_POCKETED
        local = facts[:head] + [protocol.NONE] * (2 * n)
        if facts[protocol.F_FIRST] != protocol.NONE:
            local[protocol.F_FIRST] = remap[facts[protocol.F_FIRST]]
        for i in range(facts[protocol.F_N_POCKETED]):
            local[head + i] = remap[facts[head + i]]
            local[head + n + i] = facts[head + n_all + i]
        pocketed = self.pocketed_mask[index].tolist()
        off = self.off_table_mask[index].tolist()
        states = [
            protocol.MOTION_OFF_TABLE
            if off[c]
            else protocol.MOTION_POCKETED
            if pocketed[c]
            else protocol.MOTION_STATIONARY
            for c in cols
        ]
        rails = self.rail_mask[index].tolist()
        shot, _ = referee_facts(
            ids,
            self._starts[lay],
            bool(self._kitchen[lay]),
            self.final_positions[index],
            cols,
            states,
            local,
            [rails[c] for c in cols],
            self._table.spec,
        )
        return shot

    def stroke(self, index: int) -> Stroke:
        """The stroke of shot ``index``."""
        if self._strokes is not None:
            return self._strokes[index]
        speed, phi, theta, a, b = (float(x) for x in self._rows[index])
        return Stroke(speed=speed, phi=phi, theta=theta, a=a, b=b)

    def replay(self, index: int, *, trajectory: bool = False) -> SimResult:
        """Shot ``index`` again, alone, with its full event log (bit for bit the same)."""
        return simulate(
            self._layouts[int(self._layout_of[index])],
            self.stroke(index),
            table=self._table,
            params=self._params,
            trajectory=trajectory,
        )

    @property
    def on_table_mask(self) -> npt.NDArray[np.bool_]:
        """Whether each ball is on the table at the end of each shot, [shots, balls]."""
        mask: npt.NDArray[np.bool_] = (
            self._present[self._layout_of] & ~self.pocketed_mask & ~self.off_table_mask
        )
        return mask

    def pocketed_counts(self, *, objects_only: bool = True) -> _I64:
        """Balls pocketed per shot (object balls only by default)."""
        mask = self.pocketed_mask[:, 1:] if objects_only else self.pocketed_mask
        counts: _I64 = mask.sum(axis=1).astype(np.int64)
        return counts


def simulate_batch(
    layouts: Layout | Sequence[Layout],
    strokes: Sequence[Stroke],
    *,
    layout_of: Sequence[int] | None = None,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    workers: int | None = None,
    max_events: int = MAX_EVENTS,
) -> BatchResult:
    """Simulate many strokes, in parallel on ``workers`` threads (all cores by default).

    The result does not depend on the number of workers: each shot is computed alone,
    from its own inputs, exactly as :func:`simulate` computes it.

    Args:
        layouts: one layout for every stroke, or a sequence of layouts.
        strokes: the strokes.
        layout_of: with several layouts, the layout index of each stroke (default: stroke
            i on layout i).
        table: the table.
        params: the physical parameters.
        workers: threads to use (``None``: all).
        max_events: the event cap per shot.

    Returns:
        The shots' facts and final positions as arrays.

    Raises:
        SimulationError: a layout or stroke is invalid, or a shot hit the event cap.
        MiscueError: a stroke's tip offset is beyond the miscue limit.
    """
    many = not isinstance(layouts, Mapping)
    lay_list: tuple[Layout, ...] = (
        tuple(cast(Sequence[Layout], layouts)) if many else (cast(Layout, layouts),)
    )
    if not lay_list:
        raise SimulationError("no layout given")
    if layout_of is None:
        index = np.arange(len(strokes)) if many else np.zeros(len(strokes), np.int64)
    else:
        index = np.asarray(layout_of, np.int64)
    if len(index) != len(strokes) or (
        len(index) and not 0 <= index.min() <= index.max() < len(lay_list)
    ):
        raise SimulationError("layout_of must give a valid layout index for every stroke")
    for s, stroke in enumerate(strokes):
        if is_miscue(stroke):
            raise MiscueError(f"stroke {s} {stroke!r} is beyond the miscue limit")
    rows = np.array([st.as_tuple() for st in strokes], np.float64).reshape(len(strokes), 5)
    result, status = _run_batch(
        lay_list, index, rows, tuple(strokes), table=table, params=params, workers=workers,
        max_events=max_events,
    )  # fmt: skip
    bad = np.nonzero(status != protocol.STATUS_AT_REST)[0]
    if bad.size:
        raise SimulationError(
            f"shot {int(bad[0])} did not come to rest within {max_events} events "
            f"({strokes[int(bad[0])]!r})"
        )
    return result


_BLOCKS_PER_THREAD: Final = 32
"""How many blocks of shots a batch is cut into per thread (handed out dynamically)."""

_MIN_BLOCK: Final = 16
"""The fewest shots per block (each block allocates its own event log and scratch arrays)."""


def _run_batch(
    lay_list: tuple[Layout, ...],
    index: _I64,
    rows: _F64,
    strokes: tuple[Stroke, ...] | None,
    *,
    table: SimTable,
    params: Params,
    workers: int | None,
    max_events: int,
) -> tuple[BatchResult, _I64]:
    """The batch kernel on checked strokes (rows of ``Stroke.as_tuple()``); the run statuses."""
    balls = sorted({b for lay in lay_list for b in lay})
    if CUE_BALL not in balls:
        raise SimulationError("the layouts have no cue ball (0)")
    n = len(balls)
    column = {b: i for i, b in enumerate(balls)}
    starts = np.zeros((len(lay_list), n, 2))
    states = np.full((len(lay_list), n), protocol.MOTION_POCKETED, np.int64)
    kitchen = np.zeros(len(lay_list), np.bool_)
    present = np.zeros((len(lay_list), n), np.bool_)
    inputs = kernel_inputs(table, params)
    orders, pos, first = prepare_many(lay_list, inputs)
    which = np.repeat(np.arange(len(lay_list)), np.diff(first))
    cols = [column[b] for ids in orders for b in ids]
    starts[which, cols] = pos
    states[which, cols] = protocol.MOTION_STATIONARY
    present[which, cols] = True
    kitchen[:] = pos[first[:-1], 0] < inputs.head_x
    total = len(rows)
    threads = set_threads(workers)
    # many small blocks handed out one at a time (dynamic_schedule): a preempted thread
    # delays the batch by one block, not by its share of the shots
    chunks = max(1, min(total, _BLOCKS_PER_THREAD * threads, -(-total // _MIN_BLOCK)))
    out_count = np.zeros(total, np.int64)
    out_status = np.zeros(total, np.int64)
    out_time = np.zeros(total)
    out_facts = np.zeros((total, protocol.F_POCKETED + 2 * n), np.int64)
    out_rails = np.zeros((total, n), np.int64)
    out_pos = np.zeros((total, n, 2))
    out_state = np.zeros((total, n), np.int64)
    outs = (out_count, out_status, out_time, out_facts, out_rails, out_pos, out_state)
    if total:
        announce_compile(shoot_batch)
        with dynamic_schedule(1):
            shoot_many(
                inputs, starts, states, index, rows, kitchen.astype(np.int64), max_events,
                chunks, outs,
            )  # fmt: skip
    return BatchResult(
        balls=tuple(balls),
        event_counts=out_count,
        durations=out_time,
        final_positions=out_pos,
        pocketed_mask=(out_state == protocol.MOTION_POCKETED) & present[index],
        rail_mask=out_rails,
        off_table_mask=(out_state == protocol.MOTION_OFF_TABLE) & present[index],
        _facts=out_facts,
        _starts=starts,
        _kitchen=kitchen,
        _layout_of=index,
        _present=present,
        _layouts=lay_list,
        _strokes=strokes,
        _rows=rows,
        _table=table,
        _params=params,
    ), out_status
