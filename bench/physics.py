"""Physics engine benchmark: shots per second, events per shot, cost per event, cold start.

Scenarios are those of ``shared/physics/anchors.md``, by the same names (9-ft table):
``break15_V5`` / ``break15_V8`` (the rotation rack on a lattice spaced (1 + 1e-3) D and
wiggled by 1e-3 R; the cue ball behind the head string at the 1 with 0.05 degree Gaussian
jitter and b = -0.1; stick 5 / 8 m/s, cue ball 7.7 / 12.3 m/s), ``cut8_V2.5`` (the anchors'
8-ball layout; the cue ball cuts the 1 about 22 degrees into a corner pocket by ghost-ball
aim, 0.05 degree jitter, stick 2.5 m/s, b = +0.1) and ``random_N1/N5/N10/N16`` (N balls
uniform, at least 2 R from the cushions and 2.2 R apart; the cue ball, stick 3 m/s, at a
random object ball with a random cut within +-40 degrees; a, b uniform in +-0.3). Timings
are medians after the JIT warm-up, on one core (``simulate`` for the full API, and the
kernel alone); then the batch throughput on all cores, the cold start of a new process
(JIT cache on disk), and the break distributions of ``bench/break_stats.py``.
``bench/pooltool_side_by_side.py`` runs the same scenarios in pooltool in the same run.

    python bench/physics.py [--reps 400] [--breaks 1000] [--seed 61]   (--breaks 0: skip)

The machine is shared and noisy: quote medians and rerun before comparing. To compare two
source trees side by side, alternate runs of this script with ``PYTHONPATH=OTHER/src`` (it
then imports ``rotation61`` from that tree, and so does the cold-start process) and without.
"""

from __future__ import annotations

import argparse
import os
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

try:
    from rotation61.sim._layouts import prepare
except ImportError:  # a tree from before the engine's split, compared side by side
    from rotation61.sim.engine import _prepare as prepare

Case = tuple[dict[int, Point], Stroke]

STICK_BREAK = {"break15_V5": 5.0, "break15_V8": 8.0}
"""The anchors' break scenarios and their stick speeds, m/s."""

STICK_CUT = 2.5
STICK_RANDOM = 3.0
RANDOM_SIZES = (1, 5, 10, 16)
JITTER_DEG = 0.05
"""Gaussian aim jitter of the break and the cut shot, degrees (anchors.md)."""

CUT8_LAYOUT = {
    0: (0.15, 0.55),
    1: (0.70, 0.75),
    4: (0.20, 0.85),
    7: (0.80, 0.30),
    9: (0.50, 0.30),
    11: (0.15, 0.20),
    13: (0.85, 0.55),
    15: (0.40, 0.92),
}
"""cut8: the anchors' mid-game layout, as (fraction of the width from the side cushion on the
breaker's left, fraction of the length from the head cushion) of each ball; the 1 is cut
about 22 degrees into the foot corner pocket on the breaker's right."""

SCENARIOS = (
    "break15_V5",
    "break15_V8",
    "cut8_V2.5",
    *(f"random_N{n}" for n in RANDOM_SIZES),
)
"""The anchors' scenario names (``shared/physics/anchors.md``), in the order they run."""


def ball_speed(stick: float) -> float:
    """The cue ball's speed (m/s) from a centre hit at a stick speed (the anchors quote the
    stick: 5 and 8 m/s give about 7.7 and 12.3 m/s)."""
    return 2.0 * stick / (1.0 + DEFAULT_PARAMS.ball_mass / DEFAULT_PARAMS.cue_mass)


def anchor_rack(rng: np.random.Generator) -> dict[int, Point]:
    """The anchors' rack: the rotation rack (1 at the apex on the foot spot, 2 and 3 on the
    back corners, 15 in the centre, the rest shuffled) on a lattice spaced (1 + 1e-3) D, each
    ball moved by a uniform distance up to 1e-3 R in a uniform direction; the cue ball one
    diameter behind the head string on the long string. Inches."""
    layout = break_layout(TABLE_9FT, rng, gap=1e-3, wiggle=0.0)
    rad = TABLE_9FT.ball_radius
    for ball in range(1, 16):
        angle = float(rng.uniform(0.0, 2.0 * np.pi))
        shift = float(rng.uniform(0.0, 1e-3 * rad))
        p = layout[ball]
        layout[ball] = Point(p.x + shift * np.cos(angle), p.y + shift * np.sin(angle))
    return layout


def break_cases(rng: np.random.Generator, n: int, stick: float = 8.0) -> list[Case]:
    """break15: :func:`anchor_rack`, the cue ball aimed at the 1 with 0.05 degree Gaussian
    jitter, b = -0.1, at a stick speed (m/s)."""
    out = []
    for _ in range(n):
        layout = anchor_rack(rng)
        stroke = break_stroke(layout, ball_speed(stick), rng, jitter=JITTER_DEG, b=-0.1)
        out.append((layout, stroke))
    return out


def cut_cases(rng: np.random.Generator, n: int) -> list[Case]:
    """cut8: the anchors' 8-ball layout; the cue ball cuts the 1 (ghost-ball aim at the
    corner's mouth) with 0.05 degree jitter, stick 2.5 m/s, b = +0.1."""
    spec = TABLE_9FT
    layout = {
        ball: Point(frac_l * spec.length, (1.0 - frac_w) * spec.width)
        for ball, (frac_w, frac_l) in CUT8_LAYOUT.items()
    }
    pocket = Point(spec.length, 0.0)
    aim = ghost_ball_aim(layout[0], layout[1], pocket)
    speed = ball_speed(STICK_CUT)
    return [
        (dict(layout), Stroke(speed=speed, phi=aim + float(rng.normal(0.0, JITTER_DEG)), b=0.1))
        for _ in range(n)
    ]


def anchor_layout(rng: np.random.Generator, balls: int) -> dict[int, Point]:
    """random_N: ``balls`` balls uniform on the 9-ft bed at least 2 R from the cushion
    lines, centres more than 2.2 R apart (the anchors' sampling), inches."""
    spec = TABLE_9FT
    rad = spec.ball_radius
    centres: list[Point] = []
    while len(centres) < balls:
        p = Point(
            float(rng.uniform(2 * rad, spec.length - 2 * rad)),
            float(rng.uniform(2 * rad, spec.width - 2 * rad)),
        )
        if all(np.hypot(p.x - q.x, p.y - q.y) > 2.2 * rad for q in centres):
            centres.append(p)
    return dict(enumerate(centres))


def random_cases(rng: np.random.Generator, n: int, balls: int) -> list[Case]:
    """random_N: the cue ball (stick 3 m/s) at a random object ball with a random cut within
    +-40 degrees (a random direction when alone); a, b uniform in +-0.3."""
    out = []
    for _ in range(n):
        layout = anchor_layout(rng, balls)
        if balls == 1:
            phi = float(rng.uniform(0, 360))
        else:
            target = int(rng.integers(1, balls))
            phi = _cut_aim(layout[0], layout[target], float(rng.uniform(-40, 40)))
        stroke = Stroke(
            speed=ball_speed(STICK_RANDOM),
            phi=phi,
            a=float(rng.uniform(-0.3, 0.3)),
            b=float(rng.uniform(-0.3, 0.3)),
        )
        out.append((layout, stroke))
    return out


def _cut_aim(cue: Point, ball: Point, cut: float) -> float:
    """The aim (degrees) at which the cue ball meets ``ball`` with a cut angle of ``cut``
    degrees (the object ball leaves at ``cut`` from the cue ball's line), if it can."""
    dist = float(np.hypot(ball.x - cue.x, ball.y - cue.y))
    offset = min(2 * TABLE_9FT.ball_radius * abs(np.sin(np.radians(cut))), dist)
    return aim_at(cue, ball) + float(np.copysign(np.degrees(np.arcsin(offset / dist)), cut))


def scenario_cases(name: str, rng: np.random.Generator, n: int) -> list[Case]:
    """``n`` cases of one anchors scenario."""
    if name in STICK_BREAK:
        return break_cases(rng, n, STICK_BREAK[name])
    if name == "cut8_V2.5":
        return cut_cases(rng, n)
    if name.startswith("random_N") and int(name[8:]) in RANDOM_SIZES:
        return random_cases(rng, n, int(name[8:]))
    raise ValueError(f"unknown scenario {name!r}; known: {', '.join(SCENARIOS)}")


def kernel_runner(cases: list[Case]) -> Callable[[int], int]:
    """A function timing only the kernel (no Python wrapping) of case i."""
    lines, points, pockets = DEFAULT_TABLE.arrays()
    p = DEFAULT_PARAMS.vector()
    prepared = []
    for layout, stroke in cases:
        _ids, start, kitchen = prepare(layout, DEFAULT_TABLE, DEFAULT_PARAMS)
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


def batch_throughput(cases: list[Case], what: str) -> None:
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


def python_facts_runner(layout: dict[int, Point]) -> Callable[[Stroke], object]:
    """One shot as a search did before the batch API: the kernel, then the facts in Python.

    The kernel's event loop alone (``shoot``), then the referee's facts read from its log
    by the plain-Python reference of the facts kernel (``shot_facts.py_func``, the same
    code uncompiled) and the referee's ``Shot`` built from them (``_facts.referee_facts``).
    """
    try:
        from rotation61.sim._facts import referee_facts
    except ImportError:  # a tree from before the engine's split
        from rotation61.sim.engine import _shot as referee_facts

    ids, start, kitchen = prepare(layout, DEFAULT_TABLE, DEFAULT_PARAMS)
    lines, points, pockets = DEFAULT_TABLE.arrays()
    p = DEFAULT_PARAMS.vector()
    n = len(ids)
    ev = np.empty((20_001, simulate(layout, Stroke(speed=1.0, phi=0.0)).log.shape[1]))
    python_facts = getattr(k.shot_facts, "py_func", k.shot_facts)

    def run(stroke: Stroke) -> object:
        pos, st = start.copy(), np.zeros(n, np.int64)
        count, _, _ = k.shoot(
            pos, np.zeros((n, 2)), np.zeros((n, 3)), st, np.array(stroke.as_tuple()),
            lines, points, pockets, p, DEFAULT_TABLE.head_string_x, kitchen, ev, 20_000,
        )  # fmt: skip
        facts = np.empty(k.protocol.F_POCKETED + 2 * n, np.int64)
        rails = np.empty(n, np.int64)
        python_facts(ev, count, n, facts, rails)
        return referee_facts(
            ids, start, kitchen, pos, range(n), st.tolist(), facts.tolist(), rails.tolist(),
            DEFAULT_TABLE.spec,
        )[0]  # fmt: skip

    return run


def search_throughput(rng: np.random.Generator, rounds: int = 5) -> None:
    """simulate_strokes (noise, facts in the kernel) vs simulate() + .shot per shot.

    The four are timed in alternation, ``rounds`` times (the batch on all cores, the batch
    on one thread, then 1,000 of its samples one ``simulate()`` call at a time, and 300 of
    them as a search played them before the batch API: the kernel per shot, then the
    referee's facts in Python, :func:`python_facts_runner`), so that each ratio compares
    runs made under the same machine load; the medians of the per-round ratios are printed
    with the load average.
    """
    try:
        from rotation61.sim import simulate_strokes  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        print("search batch: simulate_strokes not in this tree")
        return
    layout = random_layout(rng, 10)
    strokes = [c[1] for c in random_cases(rng, 200, 2)]
    simulate_strokes(layout, strokes[:2], samples=2, rng=np.random.default_rng(0))
    rates: dict[str, list[float]] = {"all": [], "one": [], "single": [], "python": []}
    before_batch = python_facts_runner(layout)
    for r in range(rounds):
        for key, workers in (("all", None), ("one", 1)):
            t0 = time.perf_counter()
            samples = simulate_strokes(
                layout, strokes, samples=50, rng=np.random.default_rng(r), workers=workers
            )
            rates[key].append(len(samples) / (time.perf_counter() - t0))
        played = [i for i in range(len(samples)) if samples.played[i] >= 0][:1000]
        noisy = [samples.stroke(i) for i in played]
        simulate(layout, noisy[0]).shot  # noqa: B018
        t0 = time.perf_counter()
        for stroke in noisy:
            simulate(layout, stroke).shot  # noqa: B018
        rates["single"].append(len(noisy) / (time.perf_counter() - t0))
        before_batch(noisy[0])
        t0 = time.perf_counter()
        for stroke in noisy[:300]:
            before_batch(stroke)
        rates["python"].append(len(noisy[:300]) / (time.perf_counter() - t0))
    set_threads(None)
    ratio_all = [a / s for a, s in zip(rates["all"], rates["single"], strict=True)]
    ratio_one = [a / s for a, s in zip(rates["one"], rates["single"], strict=True)]
    print(
        f"search: simulate_strokes {len(samples):,} noisy samples with facts, medians of "
        f"{rounds} alternating rounds: all cores {statistics.median(rates['all']):,.0f}/s, "
        f"one thread {statistics.median(rates['one']):,.0f}/s; simulate() + .shot "
        f"{statistics.median(rates['single']):,.0f}/s; ratio all cores "
        f"{statistics.median(ratio_all):.1f}x [{min(ratio_all):.1f}-{max(ratio_all):.1f}], "
        f"one thread {statistics.median(ratio_one):.1f}x "
        f"[{min(ratio_one):.1f}-{max(ratio_one):.1f}] (load average {_load()})"
    )
    ratio_python = [a / s for a, s in zip(rates["all"], rates["python"], strict=True)]
    print(
        f"search: against per-shot kernel calls plus the facts in Python (as before the batch "
        f"API) {statistics.median(rates['python']):,.0f}/s: ratio all cores "
        f"{statistics.median(ratio_python):.1f}x "
        f"[{min(ratio_python):.1f}-{max(ratio_python):.1f}]"
    )


def _load() -> str:
    """The 1-minute load average, or '?' where the platform has none."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:  # pragma: no cover - Windows
        return "?"


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
    for name in SCENARIOS:
        time_cases(name, scenario_cases(name, rng, args.reps))
    batch_throughput(scenario_cases("break15_V5", rng, 2000), "break15_V5 breaks")
    batch_throughput(scenario_cases("cut8_V2.5", rng, 20000), "cut8_V2.5 cut shots")
    search_throughput(rng)
    cold_start()
    if args.breaks:
        break_stats(args.breaks, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
