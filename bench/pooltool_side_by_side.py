"""rotation61 and pooltool side by side: the anchors' scenarios, identical layouts and strokes.

pooltool (``shared/bench/pooltool``, a peer simulator) lives in its own virtual environment,
never in the project's: this script builds every case with ``bench/physics.py`` (the
scenarios of ``shared/physics/anchors.md``, by name), hands them to that environment's
Python as JSON (this same file, run with ``--worker``, imports only pooltool there), and
times the same cases in rotation61 before and after it. It prints, per scenario, the median
CPU time per shot of each engine (pooltool's ``simulate``, which copies the system as in the
anchors; rotation61's ``simulate()`` and its kernel alone: CPU time, because on a loaded
machine a 0.2 ms call is preempted far less often than a 100 ms one, which inflates
wall-clock ratios), events per shot and the speed ratios (and the wall-clock ratio); then
the break statistics of both engines on the same racks (object balls pocketed, breaks with
at least one, object balls reaching a cushion, cue-ball scratches, object balls resting in
the kitchen).

    bash shared/bench/pooltool/setup.sh .venv-pooltool       # once, a few minutes
    python bench/pooltool_side_by_side.py --pooltool .venv-pooltool/bin/python \\
        [--reps 40] [--breaks 200] [--seed 61] [--only break15]

Frames: rotation61 has x along the table (from the head cushion) and y across it (y = 0 on
the breaker's right); pooltool has x across (from the breaker's left) and y along. A point
maps by the rotation (x, y) -> (W - y, x), an aim by phi -> phi + 90 degrees, so side spin
keeps its sense. pooltool's stick speed is rotation61's centre-hit ball speed times
(1 + m/M) / 2; its pockets are its own defaults (the anchors' convention), rotation61's the
WPA pockets of ``DEFAULT_TABLE``. The first pooltool simulation in a new environment
compiles for about 20 s (the worker warms up first); pooltool writes its settings under
``$HOME``, so the worker runs with ``HOME`` set to a scratch folder.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

INCH = 0.0254
"""Metres per inch (the worker does not import rotation61)."""


# --------------------------------------------------------------------------- the worker
# Runs under pooltool's interpreter: stdlib, numpy and pooltool only.


def _worker(cases_path: str, out_path: str) -> int:
    import numpy as np
    import pooltool as pt
    from pooltool.events import EventType
    from pooltool.objects.table.specs import PocketTableSpecs

    spec = json.loads(Path(cases_path).read_text())
    table_specs = PocketTableSpecs(l=spec["length_m"], w=spec["width_m"])
    cushion_kinds = (EventType.BALL_LINEAR_CUSHION, EventType.BALL_CIRCULAR_CUSHION)

    def system_of(case: dict[str, Any]) -> Any:
        table = pt.Table.from_table_specs(table_specs)
        balls = {bid: pt.Ball.create(bid, xy=(x, y)) for bid, x, y in case["balls"]}
        system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=table, balls=balls)
        s = case["stroke"]
        system.strike(V0=s["V0"], phi=s["phi"], theta=s["theta"], a=s["a"], b=s["b"])
        return system

    def summary(shot: Any) -> dict[str, Any]:
        events = [e for e in shot.events if e.event_type != EventType.NONE]
        pocketed = [e.ids[0] for e in events if e.event_type == EventType.BALL_POCKET]
        cushion = sorted({e.ids[0] for e in events if e.event_type in cushion_kinds})
        rest = {
            bid: [float(v) for v in ball.state.rvw[0][:2]]
            for bid, ball in shot.balls.items()
            if bid not in pocketed
        }
        return {"events": len(events), "pocketed": pocketed, "cushion": cushion, "rest": rest}

    out: dict[str, Any] = {"pooltool": pt.__version__, "scenarios": {}}
    for name, cases in spec["scenarios"].items():
        t0 = time.perf_counter()
        pt.simulate(system_of(cases[0]), inplace=True)  # JIT compile or cache load
        warm = time.perf_counter() - t0
        times, cpu, summaries = [], [], []
        for case in cases:
            system = system_of(case)
            t0, c0 = time.perf_counter(), time.process_time()
            shot = pt.simulate(system, inplace=False)
            cpu.append(time.process_time() - c0)
            times.append(time.perf_counter() - t0)
            summaries.append(summary(shot))
        out["scenarios"][name] = {"times": times, "cpu": cpu, "warmup": warm, "shots": summaries}
        print(
            f"  pooltool {name:<11} {1e3 * float(np.median(cpu)):8.2f} ms/shot CPU "
            f"(warm-up {warm:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
    Path(out_path).write_text(json.dumps(out))
    return 0


# --------------------------------------------------------------------------- rotation61


def _project() -> Any:
    """``bench/physics.py``, imported as a module (the scenarios)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import physics

    return physics


def _to_pooltool(layout: dict[int, Any], stroke: Any, width_in: float, mass_ratio: float) -> Any:
    """One case in pooltool's frame (m, degrees) and its stick speed."""
    balls = [
        ["cue" if ball == 0 else str(ball), (width_in - p.y) * INCH, p.x * INCH]
        for ball, p in sorted(layout.items())
    ]
    return {
        "balls": balls,
        "stroke": {
            "V0": stroke.speed * (1.0 + mass_ratio) / 2.0,
            "phi": (stroke.phi + 90.0) % 360.0,
            "theta": stroke.theta,
            "a": stroke.a,
            "b": stroke.b,
        },
    }


Timings = dict[str, list[float]]


def _time_rotation61(physics: Any, cases: list[Any]) -> tuple[Timings, list[int]]:
    """CPU and wall times of the kernel alone and of ``simulate()``, per case; events."""
    from rotation61.sim import simulate

    run = physics.kernel_runner(cases)
    for i in range(min(5, len(cases))):
        run(i)
        simulate(*cases[i])
    out: Timings = {"kernel": [], "api": [], "api_wall": []}
    events = []
    for i in range(len(cases)):
        c0 = time.process_time()
        events.append(run(i))
        out["kernel"].append(time.process_time() - c0)
        t0, c0 = time.perf_counter(), time.process_time()
        simulate(*cases[i])
        out["api"].append(time.process_time() - c0)
        out["api_wall"].append(time.perf_counter() - t0)
    return out, events


def _rotation61_break_stats(cases: list[Any]) -> dict[str, float]:
    import numpy as np

    from rotation61.geometry import TABLE_9FT
    from rotation61.sim import simulate_batch

    batch = simulate_batch([c[0] for c in cases], [c[1] for c in cases])
    pocketed = batch.pocketed_counts()
    rails = ((batch.rail_mask[:, 1:] & 1) > 0).sum(axis=1)
    kitchen_x = TABLE_9FT.head_string_x * INCH
    in_kitchen = (batch.final_positions[:, 1:, 0] < kitchen_x) & ~batch.pocketed_mask[:, 1:]
    return {
        "pocketed": float(pocketed.mean()),
        "any": float((pocketed > 0).mean()),
        "cushion": float(rails.mean()),
        "scratch": float(batch.pocketed_mask[:, 0].mean()),
        "kitchen": float(in_kitchen.sum(axis=1).mean()),
        "n": float(len(cases)),
        "p_hist": float(np.mean(pocketed >= 2)),
    }


def _pooltool_break_stats(shots: list[dict[str, Any]], kitchen_y: float) -> dict[str, float]:
    pocketed = [sum(1 for b in s["pocketed"] if b != "cue") for s in shots]
    n = len(shots)
    return {
        "pocketed": sum(pocketed) / n,
        "any": sum(1 for p in pocketed if p > 0) / n,
        "cushion": sum(sum(1 for b in s["cushion"] if b != "cue") for s in shots) / n,
        "scratch": sum(1 for s in shots if "cue" in s["pocketed"]) / n,
        "kitchen": sum(
            sum(1 for b, (_x, y) in s["rest"].items() if b != "cue" and y < kitchen_y)
            for s in shots
        )
        / n,
        "n": float(n),
        "p_hist": sum(1 for p in pocketed if p >= 2) / n,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pooltool", default=".venv-pooltool/bin/python", help="its Python")
    parser.add_argument("--reps", type=int, default=40, help="shots per scenario (not breaks)")
    parser.add_argument("--breaks", type=int, default=200, help="breaks per break scenario")
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--only", default=None, help="scenarios whose name contains this")
    parser.add_argument("--worker", nargs=2, metavar=("CASES", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return _worker(*args.worker)
    if args.reps < 5 or args.breaks < 5:
        parser.error(f"--reps ({args.reps}) and --breaks ({args.breaks}) must be at least 5")
    if not Path(args.pooltool).is_file():
        parser.error(
            f"no pooltool Python at {args.pooltool!r}: run "
            "`bash /work/shared/bench/pooltool/setup.sh .venv-pooltool` or pass --pooltool"
        )

    import numpy as np

    from rotation61.geometry import TABLE_9FT
    from rotation61.sim import DEFAULT_PARAMS

    physics = _project()
    names = [n for n in physics.SCENARIOS if args.only is None or args.only in n]
    if not names:
        parser.error(f"--only {args.only!r} matches none of {', '.join(physics.SCENARIOS)}")
    rng = np.random.default_rng(args.seed)
    cases = {
        n: physics.scenario_cases(n, rng, args.breaks if n in physics.STICK_BREAK else args.reps)
        for n in names
    }
    ratio = DEFAULT_PARAMS.ball_mass / DEFAULT_PARAMS.cue_mass
    payload = {
        "length_m": TABLE_9FT.length * INCH,
        "width_m": TABLE_9FT.width * INCH,
        "scenarios": {
            n: [_to_pooltool(lay, st, TABLE_9FT.width, ratio) for lay, st in cs]
            for n, cs in cases.items()
        },
    }

    print("rotation61 (1st pass) ...", file=sys.stderr, flush=True)
    first = {n: _time_rotation61(physics, cs) for n, cs in cases.items()}
    with tempfile.TemporaryDirectory() as tmp:
        cases_path, out_path = Path(tmp, "cases.json"), Path(tmp, "out.json")
        cases_path.write_text(json.dumps(payload))
        print("pooltool ...", file=sys.stderr, flush=True)
        env = {**os.environ, "HOME": tmp}
        env.pop("PYTHONPATH", None)
        cmd = [args.pooltool, str(Path(__file__).resolve()), "--worker", str(cases_path)]
        subprocess.run([*cmd, str(out_path)], check=True, env=env)
        peer = json.loads(out_path.read_text())
    print("rotation61 (2nd pass) ...", file=sys.stderr, flush=True)
    second = {n: _time_rotation61(physics, cs) for n, cs in cases.items()}

    print(
        f"pooltool {peer['pooltool']} vs rotation61, identical cases, one core; medians of "
        "CPU time per shot (rotation61: both passes pooled); wall: the ratio of wall-clock "
        "medians"
    )
    print(
        f"{'scenario':<12} {'shots':>5} {'pooltool ms':>11} {'r61 simulate ms':>15} "
        f"{'r61 kernel ms':>13} {'events pt/r61':>13} {'ratio simulate':>14} "
        f"{'ratio kernel':>12} {'wall':>6}"
    )
    for n in names:
        peer_n = peer["scenarios"][n]
        mine = {k: first[n][0][k] + second[n][0][k] for k in first[n][0]}
        pt_med = statistics.median(peer_n["cpu"])
        api_med, k_med = statistics.median(mine["api"]), statistics.median(mine["kernel"])
        wall = statistics.median(peer_n["times"]) / statistics.median(mine["api_wall"])
        pt_events = statistics.median(s["events"] for s in peer_n["shots"])
        r_events = statistics.median(first[n][1])
        print(
            f"{n:<12} {len(peer_n['cpu']):>5} {pt_med * 1e3:>11.2f} {api_med * 1e3:>15.3f} "
            f"{k_med * 1e3:>13.3f} {pt_events:>6.0f}/{r_events:<6.0f} "
            f"{pt_med / api_med:>13.0f}x {pt_med / k_med:>11.0f}x {wall:>5.0f}x"
        )

    kitchen_y = TABLE_9FT.head_string_x * INCH
    breaks = [n for n in names if n in physics.STICK_BREAK]
    if breaks:
        print("\nbreak statistics on the same racks (means per break)")
        print(
            f"{'scenario':<11} {'engine':<11} {'breaks':>6} {'pocketed':>8} {'>=1':>5} "
            f"{'>=2':>5} {'cushion':>7} {'scratch':>7} {'kitchen':>7}"
        )
        for n in breaks:
            rows = {
                "rotation61": _rotation61_break_stats(cases[n]),
                "pooltool": _pooltool_break_stats(peer["scenarios"][n]["shots"], kitchen_y),
            }
            for engine, s in rows.items():
                print(
                    f"{n:<11} {engine:<11} {s['n']:>6.0f} {s['pocketed']:>8.2f} "
                    f"{s['any']:>5.0%} {s['p_hist']:>5.0%} {s['cushion']:>7.2f} "
                    f"{s['scratch']:>7.1%} {s['kitchen']:>7.2f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
