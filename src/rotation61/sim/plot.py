"""Pictures of a simulated shot: the table, every ball's path and the contacts (matplotlib).

Owns :func:`plot_shot`, :func:`plot_ratings` (the ladder's picture),
:func:`require_matplotlib`, :class:`MissingPlotExtraError`, the contact markers
(:func:`contact_points`) and where balls left the cloth, landed or left the table
(:func:`flight_points`, :class:`FlightMark`).
matplotlib comes with the ``[plot]`` extra, apart from the simulator's ``[sim]``, and is
imported only when a picture is drawn: ``import rotation61.sim`` never imports it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules.balls import Ball
from rotation61.sim._kernel.protocol import (
    LOG_BALL_STATE,
    LOG_OTHER_STATE,
    MOTION_AIRBORNE,
    STATE_MOTION,
    STATE_X,
    STATE_Y,
)
from rotation61.sim.engine import SimResult
from rotation61.sim.errors import SimulationError
from rotation61.sim.events import EventKind
from rotation61.sim.table import SimTable
from rotation61.text import Domain, Language, gettext

__all__ = [
    "FlightMark",
    "MissingPlotExtraError",
    "contact_points",
    "diamonds",
    "flight_points",
    "plot_ratings",
    "plot_shot",
    "require_matplotlib",
]

_COLOURS: Final[dict[int, str]] = {
    0: "#ffffff", 1: "#f2c700", 2: "#1f4fd1", 3: "#d62020", 4: "#6a2c9e", 5: "#f07d00",
    6: "#137a2c", 7: "#7a1f1f", 8: "#111111", 9: "#f2c700", 10: "#1f4fd1", 11: "#d62020",
    12: "#6a2c9e", 13: "#f07d00", 14: "#137a2c", 15: "#7a1f1f",
}  # fmt: skip


_STRIPES: Final = range(9, 16)
"""The striped balls (a white ball with a coloured band)."""

_DIAMOND_OFFSET_M: Final = 0.06
"""How far beyond the cushion nose the diamonds are drawn (the middle of the rail), m."""


def contact_points(result: SimResult) -> tuple[tuple[EventKind, float, float], ...]:
    """Where each contact happened, m: (kind, x, y) for every ball-ball, cushion and jaw event.

    A ball-ball contact is the point between the two centres (each log row's own states,
    so the simultaneous rows of a multi-ball impact each get theirs); a cushion or jaw
    contact is marked at the ball's centre.
    """
    out = []
    for event, row in zip(result.events, result.log, strict=True):
        if event.kind not in (EventKind.BALL, EventKind.CUSHION, EventKind.JAW_POINT):
            continue
        x = float(row[LOG_BALL_STATE + STATE_X])
        y = float(row[LOG_BALL_STATE + STATE_Y])
        if event.kind is EventKind.BALL:
            x = 0.5 * (x + float(row[LOG_OTHER_STATE + STATE_X]))
            y = 0.5 * (y + float(row[LOG_OTHER_STATE + STATE_Y]))
        out.append((event.kind, x, y))
    return tuple(out)


class FlightMark(StrEnum):
    """A point of a ball's flight."""

    TAKE_OFF = "take_off"
    LANDING = "landing"
    OFF_TABLE = "off_table"


def flight_points(result: SimResult) -> tuple[tuple[FlightMark, float, float], ...]:
    """Where balls left the cloth, landed and left the table, m: (mark, x, y) in event order.

    A take-off is an event after which a ball on the cloth is airborne (the strike, a
    collision, a cushion's nose); a landing is each ``LAND`` event (a bounce or settling);
    ``OFF_TABLE`` marks where a ball left the table.
    """
    out = []
    flying: set[int] = set()
    for event, row in zip(result.events, result.log, strict=True):
        if event.kind is EventKind.OFF_TABLE:
            out.append((FlightMark.OFF_TABLE, *_centre(row, LOG_BALL_STATE)))
        elif event.kind is EventKind.LAND:
            out.append((FlightMark.LANDING, *_centre(row, LOG_BALL_STATE)))
        pairs = [(event.ball, LOG_BALL_STATE)]
        if event.kind is EventKind.BALL and event.other is not None:
            pairs.append((event.other, LOG_OTHER_STATE))
        for ball, base in pairs:
            up = int(row[base + STATE_MOTION]) == MOTION_AIRBORNE
            if up and ball not in flying and event.kind is not EventKind.LAND:
                out.append((FlightMark.TAKE_OFF, *_centre(row, base)))
            if up:
                flying.add(ball)
            else:
                flying.discard(ball)
    return tuple(out)


def _centre(row: npt.NDArray[np.float64], base: int) -> tuple[float, float]:
    """The centre in a log row's state block starting at column ``base``."""
    return float(row[base + STATE_X]), float(row[base + STATE_Y])


def diamonds(table: SimTable) -> tuple[tuple[float, float], ...]:
    """The rail diamonds, m: every eighth of the length and quarter of the width, on the rails.

    Six on each long rail (none at the side pockets), three on each short rail.
    """
    out = []
    for k in (1, 2, 3, 5, 6, 7):
        x = k * table.length / 8.0
        out += [(x, -_DIAMOND_OFFSET_M), (x, table.width + _DIAMOND_OFFSET_M)]
    for k in (1, 2, 3):
        y = k * table.width / 4.0
        out += [(-_DIAMOND_OFFSET_M, y), (table.length + _DIAMOND_OFFSET_M, y)]
    return tuple(out)


class MissingPlotExtraError(SimulationError):
    """matplotlib, of the ``[plot]`` extra, is not installed: no picture can be drawn."""


def require_matplotlib() -> None:
    """Import matplotlib, or say how to install it.

    Raises:
        MissingPlotExtraError: matplotlib cannot be imported.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError as err:
        raise MissingPlotExtraError(
            "drawing a shot needs matplotlib, which is not installed: "
            f"pip install 'rotation61[plot]' ({err})"
        ) from err


def plot_shot(
    result: SimResult,
    start: dict[Ball, Point],
    table: SimTable,
    path: Path,
    *,
    title: str = "",
    language: Language | str = Language.EN,
) -> None:
    """Draw a shot to a PNG file: cushions, jaws, pockets, paths, contacts, start and rest.

    Args:
        result: a shot simulated with ``trajectory=True``.
        start: the layout before the shot, inches.
        table: the table it was played on.
        path: the PNG file to write.
        title: a title line.
        language: the legend's language.

    Raises:
        SimulationError: the result has no trajectory.
        MissingPlotExtraError: matplotlib is not installed.
    """
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Rectangle

    if result.trajectory is None:
        raise SimulationError("plotting needs a result simulated with trajectory=True")
    rad = table.spec.ball_radius * METERS_PER_INCH
    fig, ax = plt.subplots(figsize=(12, 6.6))
    ax.set_facecolor("#1d6b3a")
    for (x1, y1), (x2, y2) in table.outline():
        ax.plot([x1, x2], [y1, y2], color="#6b3d12", lw=2.5, solid_capstyle="round")
    for pocket in table.pocket_holes():
        cx, cy, r = pocket
        ax.add_patch(Circle((cx, cy), r, color="black", alpha=0.85))
    hx = table.head_string_x
    ax.plot([hx, hx], [0, table.width], color="white", lw=0.6, ls="--", alpha=0.6)
    paths = result.trajectory.paths(step=0.01)
    for ball, xy in paths.items():
        colour = _COLOURS.get(ball, "grey")
        ax.plot(xy[:, 0], xy[:, 1], color=colour, lw=1.2 if ball else 1.8, alpha=0.9)
    for ball, point in start.items():
        ax.add_patch(
            Circle(
                (point.x * METERS_PER_INCH, point.y * METERS_PER_INCH), rad,
                fill=False, ec=_COLOURS.get(ball, "grey"), lw=0.8, ls=":",
            )
        )  # fmt: skip
    for x, y in diamonds(table):
        ax.plot(x, y, marker="D", color="#f4ecd0", ms=3.5, ls="none")
    for ball, point in result.positions:
        centre = (point.x * METERS_PER_INCH, point.y * METERS_PER_INCH)
        colour = _COLOURS.get(ball, "grey")
        striped = ball in _STRIPES
        disc = Circle(centre, rad, color="#ffffff" if striped else colour, ec="black", lw=0.6)
        ax.add_patch(disc)
        if striped:
            band = Rectangle((centre[0] - rad, centre[1] - 0.55 * rad), 2 * rad, 1.1 * rad,
                             color=colour, lw=0)  # fmt: skip
            ax.add_patch(band)
            band.set_clip_path(disc)
        if ball:
            ax.text(*centre, str(ball), ha="center", va="center", fontsize=7,
                    color="black" if ball in (1, 9) or striped else "white")  # fmt: skip
    for kind, x, y in contact_points(result):
        ax.plot(x, y, marker="x", color="yellow" if kind is EventKind.BALL else "orange",
                ms=4, mew=0.8)  # fmt: skip
    marks = flight_points(result)

    def label(key: str) -> str:
        return gettext(language, Domain.AI, f"ai.plot.{key}")

    styles = {
        FlightMark.TAKE_OFF: ("^", "#7fe3ff", label("take_off")),
        FlightMark.LANDING: ("v", "#7fe3ff", label("landing")),
        FlightMark.OFF_TABLE: ("*", "#ff4040", label("off_table")),
    }
    for mark, x, y in marks:
        symbol, colour, _ = styles[mark]
        ax.plot(x, y, marker=symbol, color=colour, ms=5, ls="none")
    legend = [
        Line2D([], [], color=_COLOURS[0], lw=1.8, label=label("cue_path")),
        Line2D([], [], color=_COLOURS[3], lw=1.2, label=label("object_path")),
        Line2D([], [], marker="o", ls="none", mfc="none", mec="white", label=label("start")),
        Line2D([], [], marker="x", ls="none", color="yellow", label=label("ball_contact")),
        Line2D([], [], marker="x", ls="none", color="orange", label=label("cushion_contact")),
        Line2D([], [], marker="D", ls="none", color="#f4ecd0", ms=4, label=label("diamond")),
    ]
    legend += [
        Line2D([], [], marker=styles[m][0], ls="none", color=styles[m][1], label=styles[m][2])
        for m in FlightMark
        if any(mark is m for mark, _, _ in marks)
    ]
    ax.legend(handles=legend, loc="upper center", bbox_to_anchor=(0.5, -0.07), ncol=6,
              fontsize=7, facecolor="#1d6b3a", edgecolor="none", framealpha=1.0,
              labelcolor="white")  # fmt: skip
    ax.set_xlim(-0.12, table.length + 0.12)
    ax.set_ylim(-0.12, table.width + 0.12)
    ax.set_aspect("equal")
    ax.set_title(
        textwrap.fill(title, 110)
        if title
        else f"{result.event_count} events, {result.duration:.2f} s"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


_Z95: Final = 1.96


def plot_ratings(
    rows: Sequence[tuple[str, float, float, int]],
    path: Path,
    *,
    language: Language | str = Language.EN,
) -> None:
    """Draw ratings as points with 95% intervals, the first row at the top, to a PNG file.

    Args:
        rows: (label, rating, standard error, racks) per player, best first.
        path: the PNG file to write.
        language: the language of the title, the axis and the rack counts (the labels
            come worded).

    Raises:
        MissingPlotExtraError: matplotlib is not installed.
    """
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def text(key: str, **fields: object) -> str:
        return gettext(language, Domain.AI, f"ai.plot.{key}", **fields)

    shown = list(reversed(rows))
    ys = list(range(len(shown)))
    fig, ax = plt.subplots(figsize=(8.0, 1.2 + 0.45 * len(shown)))
    ax.errorbar([r[1] for r in shown], ys, xerr=[_Z95 * r[2] for r in shown], fmt="o",
                color="#1d6b3a", ecolor="#1d6b3a", capsize=4)  # fmt: skip
    ax.set_yticks(ys)
    ax.set_yticklabels([r[0] for r in shown])
    for y, (_, rating, error, racks) in zip(ys, shown, strict=True):
        ax.annotate(f"{rating:.0f} ± {_Z95 * error:.0f} · {text('racks', racks=racks)}",
                    (rating, y), xytext=(0, 7), textcoords="offset points", ha="center",
                    fontsize=8)  # fmt: skip
    ax.set_xlabel(text("rating_axis"))
    ax.set_title(text("ladder_title"))
    ax.set_ylim(-0.7, len(shown) - 0.3)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
