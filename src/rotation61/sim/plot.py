"""Pictures of a simulated shot: the table, every ball's path and the contacts (matplotlib).

Owns :func:`plot_shot`, :func:`require_matplotlib` and :class:`MissingPlotExtraError`.
matplotlib comes with the ``[plot]`` extra, apart from the simulator's ``[sim]``, and is
imported only when a picture is drawn: ``import rotation61.sim`` never imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules.balls import Ball
from rotation61.sim._kernel.protocol import LOG_BALL_STATE, LOG_TIME, STATE_X, STATE_Y
from rotation61.sim.engine import EventKind, SimResult
from rotation61.sim.errors import SimulationError
from rotation61.sim.table import SimTable

__all__ = ["MissingPlotExtraError", "plot_shot", "require_matplotlib"]

_COLOURS: Final[dict[int, str]] = {
    0: "#ffffff", 1: "#f2c700", 2: "#1f4fd1", 3: "#d62020", 4: "#6a2c9e", 5: "#f07d00",
    6: "#137a2c", 7: "#7a1f1f", 8: "#111111", 9: "#f2c700", 10: "#1f4fd1", 11: "#d62020",
    12: "#6a2c9e", 13: "#f07d00", 14: "#137a2c", 15: "#7a1f1f",
}  # fmt: skip


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
) -> None:
    """Draw a shot to a PNG file: cushions, jaws, pockets, paths, contacts, start and rest.

    Args:
        result: a shot simulated with ``trajectory=True``.
        start: the layout before the shot, inches.
        table: the table it was played on.
        path: the PNG file to write.
        title: a title line.

    Raises:
        SimulationError: the result has no trajectory.
        MissingPlotExtraError: matplotlib is not installed.
    """
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

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
    for ball, point in result.positions:
        centre = (point.x * METERS_PER_INCH, point.y * METERS_PER_INCH)
        ax.add_patch(Circle(centre, rad, color=_COLOURS.get(ball, "grey"), ec="black", lw=0.6))
        if ball:
            ax.text(*centre, str(ball), ha="center", va="center", fontsize=7,
                    color="white" if ball != 1 and ball != 9 else "black")  # fmt: skip
    log = result.log
    for event in result.events:
        if event.kind in (EventKind.BALL, EventKind.CUSHION, EventKind.JAW_POINT):
            i = result.trajectory.balls.index(event.ball)
            row = log[next(j for j in range(len(log)) if log[j, LOG_TIME] == event.time)]
            _ = i
            x, y = row[LOG_BALL_STATE + STATE_X], row[LOG_BALL_STATE + STATE_Y]
            ax.plot(x, y, marker="x", color="yellow" if event.kind is EventKind.BALL
                    else "orange", ms=4, mew=0.8)  # fmt: skip
    ax.set_xlim(-0.12, table.length + 0.12)
    ax.set_ylim(-0.12, table.width + 0.12)
    ax.set_aspect("equal")
    ax.set_title(title or f"{result.event_count} events, {result.duration:.2f} s")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
