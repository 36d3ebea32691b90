"""Physics engine benchmark: shots per second, events per shot, cost per event, cold start.

Scenarios follow ``shared/physics/anchors.md`` (9-ft table): ``break15`` (15-ball rack, the
lattice spaced by (1 + 1e-3) D and wiggled, cue ball ~8 m/s at the 1 with 0.05 degree
jitter and b = -0.1), ``cut8`` (8 balls; the cue ball cuts the 1 about 22 degrees into a
corner pocket, b = +0.1) and ``random_N`` (N balls uniform; the cue ball at a random object
ball, cut within +-40 degrees, a, b in +-0.3). Timings are medians after the JIT warm-up,
on one core (``simulate`` for the full API, and the kernel alone); then the batch
throughput on all cores, the cold start of a new process (JIT cache on disk), and the
distribution of 1,000 breaks at 7-9 m/s with the share legal under §IV (and at the anchor
speeds; ``bench/break_stats.py --sensitivity`` for the model's sensitivities).

    python bench/physics.py [--reps 400] [--breaks 1000] [--seed 61]   (--breaks 0: skip)

The machine is shared and noisy: quote medians and rerun before comparing. To compare two
source trees side by side, alternate runs of this script with ``PYTHONPATH=OTHER/src`` (it
then imports ``rotation61`` from that tree, and so does the cold-start process) and without.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from rotation61.geometry import TABLE_9FT, Point
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    Stroke,
    aim_at,
    break_layout,
    break_stroke,
    ghost_ball_aim,
    random_layout,
    simulate,
    simulate_batch,
)
from rotation61.sim import _kernel as k
from rotation61.sim._jit import set_threads
from rotation61.sim.engine import _prepare

Case = tuple[dict[int, Point], Stroke]


def break_cases(rng: np.random.Generator, n: int, speed: float = 8.0) -> list[Case]:
    out = []
    for _ in range(n):
        layout = break_layout(TABLE_9FT, rng, gap=1e-3, wiggle=1e-3)
        out.append((layout, break_stroke(layout, speed, rng)))
    return out


def cut_cases(rng: np.random.Generator, n: int) -> list[Case]:
    out = []
    pocket = Point(100.0, 0.0)
    for _ in range(n):
        while True:
            layout = random_layout(rng, 8)
            ball = Point(float(rng.uniform(70, 90)), float(rng.uniform(8, 20)))
            direction = np.array([pocket.x - ball.x, pocket.y - ball.y])
            direction /= np.linalg.norm(direction)
            cut = np.radians(22.0)
            back = -direction
            rot = np.array([[np.cos(cut), -np.sin(cut)], [np.sin(cut), np.cos(cut)]]) @ back
            cue = Point(ball.x + 25 * rot[0], ball.y + 25 * rot[1])
            layout[1] = ball
            layout[0] = cue
            try:
                _prepare(layout, DEFAULT_TABLE, DEFAULT_PARAMS)
            except ValueError:
                continue
            break
        out.append((layout, Stroke(speed=2.5 * 1.54, phi=ghost_ball_aim(cue, ball, pocket), b=0.1)))
    return out


def random_cases(rng: np.random.Generator, n: int, balls: int) -> list[Case]:
    out = []
    for _ in range(n):
        layout = random_layout(rng, balls)
        if balls == 1:
            phi = float(rng.uniform(0, 360))
        else:
            target = int(rng.integers(1, balls))
            phi = aim_at(layout[0], layout[target]) + float(rng.uniform(-40, 40))
        stroke = Stroke(
            speed=3.0 * 1.54,
            phi=phi,
            a=float(rng.uniform(-0.3, 0.3)),
            b=float(rng.uniform(-0.3, 0.3)),
        )
        out.append((layout, stroke))
    return out


def kernel_runner(cases: list[Case]) -> Callable[[int], int]:
    """A function timing only the kernel (no Python wrapping) of case i."""
    lines, points, pockets = DEFAULT_TABLE.arrays()
    p = DEFAULT_PARAMS.vector()
    prepared = []
    for layout, stroke in cases:
        _ids, start, kitchen = _prepare(layout, DEFAULT_TABLE, DEFAULT_PARAMS)
        prepared.append((start, np.array(stroke.as_tuple()), kitchen))
    width = simulate(*cases[0]).log.shape[1]  # the event log's row width
    ev = np.empty((20_001, width))

    def run(i: int) -> int:
        start, stroke, kitchen = prepared[i]
        n = len(start)
        count, _, _ = k.shoot(
            start.copy(), np.zeros((n, 2)), np.zeros((n, 3)), np.zeros(n, np.int64), stroke,
            lines, points, pockets, p, DEFAULT_TABLE.head_string_x, kitchen, ev, 20_000,
        )  # fmt: skip
        return int(count)

    return run


def time_cases(name: str, cases: list[Case]) -> None:
    run = kernel_runner(cases)
    for i in range(min(5, len(cases))):
        run(i)
        simulate(*cases[i])
    kernel_t, api_t, events = [], [], []
    for i in range(len(cases)):
        t0 = time.perf_counter()
        events.append(run(i))
        kernel_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        simulate(*cases[i])
        api_t.append(time.perf_counter() - t0)
    km, am = statistics.median(kernel_t), statistics.median(api_t)
    per_event = statistics.median([t / e for t, e in zip(kernel_t, events, strict=True)])
    print(
        f"{name:<12} kernel {km * 1e3:8.3f} ms ({1 / km:9,.0f}/s)   simulate() {am * 1e3:8.3f} ms "
        f"({1 / am:9,.0f}/s)   events median {statistics.median(events):5.0f} "
        f"[{min(events)}-{max(events)}]   {per_event * 1e6:5.2f} us/event"
    )


def batch_throughput(cases: list[Case], what: str = "breaks") -> None:
    layouts = [c[0] for c in cases]
    strokes = [c[1] for c in cases]
    simulate_batch(layouts[:4], strokes[:4])
    rates = {}
    for workers in (1, 2):
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            simulate_batch(layouts, strokes, workers=workers)
            runs.append(len(cases) / (time.perf_counter() - t0))
        rates[workers] = statistics.median(runs)
    set_threads(None)
    print(
        f"batch of {len(cases)} {what}: {rates[1]:,.0f}/s on 1 thread, {rates[2]:,.0f}/s on 2 "
        f"({rates[2] / rates[1]:.2f}x)"
    )


def search_throughput(rng: np.random.Generator) -> None:
    """simulate_strokes (noise, facts in the kernel, all cores) vs simulate() + .shot per shot."""
    try:
        from rotation61.sim import simulate_strokes  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        print("search batch: simulate_strokes not in this tree")
        return
    layout = random_layout(rng, 10)
    strokes = [c[1] for c in random_cases(rng, 200, 2)]
    simulate_strokes(layout, strokes[:2], samples=2, rng=np.random.default_rng(0))
    runs = []
    for r in range(3):
        t0 = time.perf_counter()
        samples = simulate_strokes(layout, strokes, samples=50, rng=np.random.default_rng(r))
        runs.append(len(samples) / (time.perf_counter() - t0))
    batch_rate = statistics.median(runs)
    played = [i for i in range(len(samples)) if samples.played[i] >= 0][:2000]
    noisy = [samples.stroke(i) for i in played]
    simulate(layout, noisy[0]).shot  # noqa: B018
    t0 = time.perf_counter()
    for stroke in noisy:
        simulate(layout, stroke).shot  # noqa: B018
    single_rate = len(noisy) / (time.perf_counter() - t0)
    print(
        f"search: simulate_strokes {len(samples):,} noisy samples with facts {batch_rate:,.0f}/s;"
        f" simulate() + .shot {single_rate:,.0f}/s ({batch_rate / single_rate:.1f}x)"
    )


def cold_start() -> None:
    code = (
        "import time; t=time.perf_counter();"
        "from rotation61.geometry import Point; from rotation61.sim import simulate, Stroke;"
        "simulate({0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}, Stroke(speed=2.0, phi=0.0));"
        "print(time.perf_counter()-t)"
    )
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        runs.append(time.perf_counter() - t0)
    print(
        f"new process, import + first shot (JIT cache warm): median {statistics.median(runs):.2f} s"
    )


def break_stats(n: int, seed: int) -> None:
    """The break distributions (``bench/break_stats.py``): 7-9 m/s, and the anchor speeds."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import break_stats

    for scenario in break_stats.scenarios(sensitivity=False):
        break_stats.show(break_stats.run(scenario, n, seed))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=400)
    parser.add_argument("--breaks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=61)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print("one core, medians after warm-up (kernel = the numba event loop alone)")
    time_cases("break15_V8", break_cases(rng, args.reps, 8.0))
    time_cases("break15_V12", break_cases(rng, args.reps, 12.3))
    time_cases("cut8", cut_cases(rng, args.reps))
    for n in (1, 5, 10, 16):
        time_cases(f"random_N{n}", random_cases(rng, args.reps, n))
    batch_throughput(break_cases(rng, 2000, 8.0))
    batch_throughput(cut_cases(rng, 20000), "cut shots")
    search_throughput(rng)
    cold_start()
    if args.breaks:
        break_stats(args.breaks, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
