"""Layouts into the kernels: ball order, centres, and the refusal of a bad layout.

A layout is the geometry layer's (ball number to centre, inches). The checks (a ball off
the table, two balls overlapping) run in the kernel, in order over the layouts; the errors
are raised here, naming the first bad ball.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.sim._inputs import KernelInputs, check, kernel_inputs
from rotation61.sim._kernel import protocol
from rotation61.sim.errors import SimulationError
from rotation61.sim.params import Params
from rotation61.sim.table import SimTable

__all__ = [
    "Layout",
    "ball_order",
    "centres",
    "prepare",
    "prepare_many",
    "prepare_one",
    "refuse_layout",
]

Layout = Mapping[Ball, Point]
_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]

_INT_ONLY: Final = {int}
"""The set of the types of a layout's ball numbers when every one is an ``int``."""


def ball_order(layout: Layout) -> tuple[Ball, ...]:
    """The layout's balls, the cue ball first then ascending; checks the ball numbers."""
    if CUE_BALL not in layout:
        raise SimulationError("the layout has no cue ball (0)")
    try:
        ids = sorted(layout)
    except TypeError as err:
        raise SimulationError(f"layout balls {list(layout)!r} are not ball numbers") from err
    # fast path: every one an int (``type`` excludes bool) and, sorted, within 0..15
    if not (set(map(type, ids)) == _INT_ONLY and ids[0] >= 0 and ids[-1] <= 15):
        for ball in ids:
            if type(ball) is not int or not 0 <= ball <= 15:
                raise SimulationError(f"layout ball {ball!r} is not a ball number 0..15")
    return tuple(ids)  # 0 first: every number is in 0..15


def centres(layout: Layout) -> tuple[tuple[Ball, ...], _F64]:
    """The layout's ball order (checked) and their centres in inches, [balls, 2]."""
    ids = ball_order(layout)
    coords: list[float] = []
    add = coords.append
    for ball in ids:
        point = layout[ball]
        add(point.x)
        add(point.y)
    return ids, np.array(coords, np.float64).reshape(-1, 2)


_ONE_LAYOUT: Final = tuple(np.array([0, n], np.int64) for n in range(17))
"""``check_layouts``' start rows for one layout of n balls (the kernel only reads them)."""


def _check_layouts(
    layouts: Sequence[Layout],
    orders: Sequence[tuple[Ball, ...]],
    inches: _F64,
    pos: _F64,
    starts: _I64,
    inputs: KernelInputs,
) -> None:
    """Refuse the first layout (in order) with a ball off the table or two balls overlapping."""
    code, lay, i, j, dist = check(inputs, inches, starts, pos)
    refuse_layout(code, lay, i, j, dist, layouts, orders)


def refuse_layout(
    code: int,
    lay: int,
    i: int,
    j: int,
    dist: float,
    layouts: Sequence[Layout],
    orders: Sequence[tuple[Ball, ...]],
) -> None:
    """Raise the error of a ``check_layouts`` code other than ``LAYOUT_OK``."""
    if code == protocol.LAYOUT_OFF_TABLE:
        ball = orders[lay][i]
        raise SimulationError(f"ball {ball!r} at {layouts[lay][ball]!r} is not inside the cushions")
    if code == protocol.LAYOUT_OVERLAP:
        raise SimulationError(
            f"balls {orders[lay][i]!r} and {orders[lay][j]!r} overlap "
            f"({dist / METERS_PER_INCH!r} in apart)"
        )


def prepare_many(
    layouts: Sequence[Layout], inputs: KernelInputs
) -> tuple[list[tuple[Ball, ...]], _F64, _I64]:
    """Every layout's ball order, all their centres in m (stacked), and where each starts.

    Raises:
        SimulationError: the first layout (in order) with a ball off the table, two balls
            overlapping, no cue ball, or a bad ball number.
    """
    orders = [ball_order(layout) for layout in layouts]
    coords: list[float] = []
    add = coords.append
    for layout, ids in zip(layouts, orders, strict=True):
        for ball in ids:
            point = layout[ball]
            add(point.x)
            add(point.y)
    inches = np.array(coords, np.float64).reshape(-1, 2)
    if len(orders) == 1:
        starts = _ONE_LAYOUT[len(orders[0])]
    else:
        starts = np.zeros(len(orders) + 1, np.int64)
        np.cumsum([len(ids) for ids in orders], out=starts[1:])
    pos = inches * METERS_PER_INCH
    _check_layouts(layouts, orders, inches, pos, starts, inputs)
    return orders, pos, starts


def prepare(layout: Layout, table: SimTable, params: Params) -> tuple[tuple[Ball, ...], _F64, bool]:
    """Ball order (cue first), centres in m, and whether the cue ball starts in the kitchen."""
    return prepare_one(layout, kernel_inputs(table, params))


def prepare_one(layout: Layout, inputs: KernelInputs) -> tuple[tuple[Ball, ...], _F64, bool]:
    """:func:`prepare` on prepared inputs."""
    ids, inches = centres(layout)
    pos = inches * METERS_PER_INCH
    _check_layouts((layout,), (ids,), inches, pos, _ONE_LAYOUT[len(ids)], inputs)
    return ids, pos, bool(pos[0, 0] < inputs.head_x)
