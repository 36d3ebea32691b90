"""``rotation61 simulate``: play a break or a shot in the physics engine and let the referee rule.

``simulate break`` racks the fifteen balls (random free balls and a small random gap from
``--seed``) and breaks from behind the head string; ``simulate shot`` plays one stroke on a
layout read from a JSON file (``{"0": [x, y], "3": [x, y], ...}``, inches; or a result's
``"layout"``) or on a preset. Both print the events and the referee's ruling, and
``--plot FILE.png`` draws the table, the balls' paths and the contacts (with the ``[plot]``
extra: without matplotlib it exits 2, before simulating, saying how to install it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from rotation61.geometry import TABLES, Point, get_table
from rotation61.rules import (
    CUE_BALL,
    Ball,
    RackState,
    get_ruleset,
    judge,
    new_rack,
    setup_rack,
)
from rotation61.sim import (
    EventKind,
    SimResult,
    SimTable,
    Stroke,
    aim_at,
    break_layout,
    simulate,
)
from rotation61.sim.errors import SimulationError
from rotation61.sim.plot import MissingPlotExtraError, plot_shot, require_matplotlib
from rotation61.text import Language, describe_ruling

__all__ = ["add_arguments", "run"]

_PRESETS = ("cut", "straight")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``simulate`` sub-commands (``break``, ``shot``) to a parser."""
    commands = parser.add_subparsers(dest="sim_command", required=True, metavar="KIND")
    brk = commands.add_parser("break", help="simulate a 15-ball rotation break")
    brk.add_argument("--speed", type=float, default=8.0, help="cue ball speed, m/s (8)")
    brk.add_argument("--frozen", action="store_true", help="a perfectly frozen rack")
    shot = commands.add_parser("shot", help="simulate one stroke on a layout")
    shot.add_argument("--layout", type=Path, metavar="FILE.json", help="ball centres, inches")
    shot.add_argument("--preset", choices=_PRESETS, default="cut", help="a built-in layout")
    shot.add_argument("--speed", type=float, default=2.5, help="cue ball speed, m/s (2.5)")
    shot.add_argument("--at", type=int, metavar="BALL", help="aim straight at this ball")
    for sub in (brk, shot):
        sub.add_argument("--phi", type=float, help="aim, degrees (default: at the 1 / --at)")
        sub.add_argument("--theta", type=float, default=0.0, help="cue elevation, degrees")
        sub.add_argument("-a", "--side", type=float, default=0.0, help="side offset, radii")
        sub.add_argument(
            "-b", "--height", type=float, default=None, help="tip height, radii (+ follow)"
        )
        sub.add_argument("--seed", type=int, default=61, help="random seed (61)")
        sub.add_argument("--table", choices=sorted(TABLES), default="9ft")
        sub.add_argument("--rules", default="standard", help="rule set preset (standard)")
        sub.add_argument("--lang", choices=[x.value for x in Language], default="en")
        sub.add_argument("--plot", type=Path, metavar="FILE.png", help="draw the shot")
        sub.add_argument("--check-cue", action="store_true", help="refuse an obstructed cue")
        sub.add_argument("--quiet", action="store_true", help="no event list")
    parser.set_defaults(handler=run)


def _preset(name: str) -> dict[Ball, Point]:
    if name == "straight":
        return {0: Point(80.0, 20.0), 1: Point(90.0, 10.0)}
    return {
        0: Point(40.0, 30.0), 1: Point(82.0, 12.0), 2: Point(60.0, 40.0), 3: Point(30.0, 10.0),
        4: Point(70.0, 25.0), 5: Point(90.0, 40.0), 6: Point(15.0, 35.0), 7: Point(55.0, 8.0),
    }  # fmt: skip


def _read_layout(path: Path) -> dict[Ball, Point]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "layout" in data:
            data = data["layout"]
        return {int(ball): Point(float(x), float(y)) for ball, (x, y) in data.items()}
    except (ValueError, TypeError, AttributeError) as err:
        raise SimulationError(
            f"{path}: expected a JSON object of ball number to [x, y] in inches ({err})"
        ) from err


def _state_for(
    layout: dict[Ball, Point], table: SimTable, rules_name: str, is_break: bool
) -> RackState:
    rules = get_ruleset(rules_name)
    if is_break:
        return new_rack(rules)
    on_table = {b for b in layout if b != CUE_BALL}
    cue_zone = table.spec.head_string_x > layout[CUE_BALL].x
    rest = 120 - sum(on_table)  # credited points, split so that the rack is still open
    return setup_rack(
        rules, on_table=on_table, scores=(rest // 2, rest - rest // 2), cue_in_hand=cue_zone
    )


def _describe_event(result: SimResult, index: int) -> str:
    event = result.events[index]
    what = f"{event.time:8.4f} s  {event.kind.value:<14} ball {event.ball:>2}"
    if event.kind is EventKind.BALL:
        what += f" - ball {event.other}  ({event.speed:.2f} m/s)"
    elif event.cushion is not None:
        what += f"  {event.cushion.value}  ({event.speed:.2f} m/s)"
    elif event.pocket is not None:
        what += f"  {event.pocket.value}"
    elif event.kind is EventKind.STRIKE:
        what += f"  ({event.speed:.2f} m/s)"
    elif event.kind is EventKind.LAND:
        what += f"  ({event.speed:.2f} m/s down)"
    return what


def run(args: argparse.Namespace) -> int:
    """Run ``simulate break`` or ``simulate shot``; prints events and the ruling.

    Returns 2 (a usage error), having printed why, if ``--plot`` is asked for without
    matplotlib.
    """
    if args.plot is not None:
        try:
            require_matplotlib()
        except MissingPlotExtraError as err:
            print(f"rotation61: error: --plot: {err}", file=sys.stderr)
            return 2
    rng = np.random.default_rng(args.seed)
    table = SimTable.from_spec(get_table(args.table))
    is_break = args.sim_command == "break"
    if is_break:
        gap = 0.0 if args.frozen else 1e-3
        layout = break_layout(table.spec, rng, gap=gap, wiggle=gap)
        target: Ball = 1
        b = -0.1 if args.height is None else args.height
        jitter = 0.0 if args.phi is not None else float(rng.normal(0.0, 0.05))
    else:
        layout = _read_layout(args.layout) if args.layout else _preset(args.preset)
        target = args.at if args.at is not None else min(x for x in layout if x != CUE_BALL)
        if target not in layout:
            raise SimulationError(f"--at {target}: ball {target} is not in the layout")
        b = 0.0 if args.height is None else args.height
        jitter = 0.0
    phi = args.phi if args.phi is not None else aim_at(layout[CUE_BALL], layout[target]) + jitter
    stroke = Stroke(speed=args.speed, phi=phi, theta=args.theta, a=args.side, b=b)
    result = simulate(
        layout, stroke, table=table, trajectory=args.plot is not None, check_cue=args.check_cue
    )
    state = _state_for(layout, table, args.rules, is_break)
    ruling = judge(state, result.shot)
    print(
        f"{'break' if is_break else 'shot'} on the {table.spec.name} table: speed "
        f"{stroke.speed:.2f} m/s, phi {stroke.phi:.2f} deg, theta {stroke.theta:.1f} deg, "
        f"a {stroke.a:+.2f}, b {stroke.b:+.2f} (seed {args.seed})"
    )
    if not args.quiet:
        for index in range(len(result.events)):
            print(_describe_event(result, index))
    print(f"{result.event_count} events, {result.duration:.2f} s")
    pocketed = ", ".join(f"{ball} in {pocket.value}" for ball, pocket in result.pocketed)
    print(f"pocketed: {pocketed or 'none'}")
    flown = (CUE_BALL,) * result.shot.cue_off_table + result.shot.off_table
    if flown:
        print(f"off the table: {', '.join(str(ball) for ball in flown)}")
    if not args.quiet:
        print(f"facts: {result.shot!r}")
    for line in describe_ruling(
        ruling, lowest_before=state.lowest, lang=Language(args.lang), rules=state.rules
    ):
        print(line)
    if args.plot is not None:
        title = f"{'Break' if is_break else 'Shot'}: {result.event_count} events; " + (
            "legal" if ruling.legal else ", ".join(f.kind.value for f in ruling.fouls)
        )
        plot_shot(result, layout, table, args.plot, title=title)
        print(f"plot written to {args.plot}")
    return 0
