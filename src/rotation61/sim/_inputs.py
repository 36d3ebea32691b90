"""What the kernels receive for one table and one parameter set, and the calls that pass it.

:class:`KernelInputs` holds the table's arrays, the parameter vector and the layout
bounds, built once per (table, params) pair and cached (:func:`kernel_inputs`; the cache
holds at most :data:`MAX_CACHED` pairs). :func:`check`, :func:`shoot_one` and
:func:`shoot_many` are the only places that spread them into the kernels' arguments, so
the kernels' argument order is written once.
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import CONTACT_TOL_IN, METERS_PER_INCH, TableSpec
from rotation61.sim._kernel import check_layouts, shoot_batch, shoot_layout
from rotation61.sim.params import Params
from rotation61.sim.table import SimTable

__all__ = ["MAX_CACHED", "KernelInputs", "check", "kernel_inputs", "shoot_many", "shoot_one"]

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class KernelInputs:
    """What every shot on one table with one parameter set passes to the kernels.

    The kernels only read these arrays; nothing writes them once built.

    Attributes:
        lines: the table's cushion lines (``SimTable.arrays``).
        points: the table's jaw points.
        pockets: the table's pockets.
        p: the kernel's parameter vector (this holder's own copy).
        head_x: the head string's x, m.
        x_lo: the least x of a ball's centre inside the cushions, inches.
        x_hi: the greatest x.
        y_lo: the least y.
        y_hi: the greatest y.
        min_dist: the least distance between two balls' centres, m.
        spec: the geometry layer's table.
    """

    lines: _F64
    points: _F64
    pockets: _F64
    p: _F64
    head_x: float
    x_lo: float
    x_hi: float
    y_lo: float
    y_hi: float
    min_dist: float
    spec: TableSpec


def _build(table: SimTable, params: Params) -> KernelInputs:
    lines, points, pockets = table.arrays()
    spec = table.spec
    rad_in = params.ball_radius / METERS_PER_INCH
    return KernelInputs(
        lines=lines,
        points=points,
        pockets=pockets,
        p=params.vector(),  # a fresh copy
        head_x=table.head_string_x,
        x_lo=rad_in - CONTACT_TOL_IN,
        x_hi=spec.length - rad_in + CONTACT_TOL_IN,
        y_lo=rad_in - CONTACT_TOL_IN,
        y_hi=spec.width - rad_in + CONTACT_TOL_IN,
        min_dist=2.0 * params.ball_radius - CONTACT_TOL_IN * METERS_PER_INCH,
        spec=spec,
    )


MAX_CACHED: Final = 32
"""The most (table, params) pairs whose inputs are kept; the oldest goes first."""

_CACHE: Final[dict[tuple[int, int], tuple[SimTable, Params, KernelInputs]]] = {}
"""The inputs of recent (table, params) pairs, by identity, oldest first: each entry holds
its table and parameters, so neither id is reused while it is cached (both are frozen)."""


def kernel_inputs(table: SimTable, params: Params) -> KernelInputs:
    """The kernels' inputs for a table and parameter set (cached by identity)."""
    entry = _CACHE.get((id(table), id(params)))
    if entry is not None and entry[0] is table and entry[1] is params:
        return entry[2]
    inputs = _build(table, params)
    if len(_CACHE) >= MAX_CACHED:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[id(table), id(params)] = (table, params, inputs)
    return inputs


def check(
    inputs: KernelInputs, inches: _F64, starts: _I64, pos: _F64
) -> tuple[int, int, int, int, float]:
    """``check_layouts`` on these bounds: (code, layout, i, j, distance)."""
    return check_layouts(
        inches, starts, inputs.x_lo, inputs.x_hi, inputs.y_lo, inputs.y_hi, pos, inputs.min_dist
    )


def shoot_one(
    inputs: KernelInputs,
    inches: _F64,
    stroke: tuple[float, float, float, float, float],
    log: _F64,
    max_events: int,
    start: _F64,
    pos: _F64,
    st: _I64,
    facts: _I64,
    rails: _I64,
) -> tuple[int, int, int, float, bool, int, int, float]:
    """``shoot_layout`` on this table and parameter set: one checked layout, one stroke."""
    speed, phi, theta, a, b = stroke
    return shoot_layout(
        inches, inputs.x_lo, inputs.x_hi, inputs.y_lo, inputs.y_hi, inputs.min_dist,
        METERS_PER_INCH, speed, phi, theta, a, b, inputs.lines, inputs.points,
        inputs.pockets, inputs.p, inputs.head_x, log, max_events, start, pos, st, facts,
        rails,
    )  # fmt: skip


def shoot_many(
    inputs: KernelInputs,
    starts: _F64,
    states: _I64,
    layout_of: _I64,
    rows: _F64,
    track: _I64,
    max_events: int,
    chunks: int,
    out: tuple[_I64, _I64, _F64, _I64, _I64, _F64, _I64],
) -> None:
    """``shoot_batch`` on this table and parameter set, into ``out``.

    ``out`` is (counts, statuses, times, facts, cushion flags, final centres, final motion
    states), as ``shoot_batch`` fills them.
    """
    shoot_batch(
        starts, states, layout_of, rows, inputs.lines, inputs.points, inputs.pockets,
        inputs.p, inputs.head_x, track, max_events, chunks, *out,
    )  # fmt: skip
