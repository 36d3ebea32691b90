"""Computer players: think time per decision and self-play throughput, side by side.

1. Think time per shot on one core (engine threads = 1), per level: positions from
   self-play of that level against itself (the first ``--positions`` decisions of a
   few racks), each decision timed once; median and p95, ms.
2. Self-play throughput: racks per minute, level ``--level`` against itself, on 1 and on
   2 worker processes (``process_executor``), the same jobs.

    python bench/ai.py [--levels 1,4,7,10,olympiad] [--positions 60] [--racks 6] [--level 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

from rotation61.ai import GameConfig, PhaseKind, initial, phase_of, transition
from rotation61.ai.decide import choose
from rotation61.ai.levels import get_level
from rotation61.ai.selfplay import jobs_for, process_executor, run_jobs


def think_times(level_name: str, positions: int, seed: int) -> list[float]:
    level = get_level(level_name)
    times: list[float] = []
    rack = 0
    while len(times) < positions:
        state = initial(GameConfig(noise=level.noise), seed * 1000 + rack)
        rack += 1
        while phase_of(state) is not PhaseKind.OVER and len(times) < positions:
            start = time.perf_counter()
            choice = choose(state, level, workers=1)
            times.append((time.perf_counter() - start) * 1000.0)
            state = transition(state, choice.action)
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="1,4,7,10,olympiad")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--racks", type=int, default=6)
    parser.add_argument("--level", default="7")
    parser.add_argument("--seed", type=int, default=61)
    args = parser.parse_args()
    think_times("1", 2, args.seed)  # warm the engine (compiled kernels loaded)
    print(f"think time per decision, one core ({args.positions} decisions per level)")
    print(f"  {'level':<10} {'median ms':>10} {'p95 ms':>10}")
    for name in args.levels.split(","):
        times = think_times(name, args.positions, args.seed)
        print(f"  {name:<10} {statistics.median(times):10.1f} {p95(times):10.1f}")
    jobs = jobs_for(args.level, args.level, args.racks, seed=args.seed)
    print(f"self-play, level {args.level} vs itself, {args.racks} racks")
    results = {}
    for workers in (1, 2):
        start = time.perf_counter()
        outcomes = run_jobs(jobs, process_executor(workers))
        minutes = (time.perf_counter() - start) / 60.0
        results[workers] = [o.without_times() for o in outcomes]
        print(f"  {workers} worker(s): {args.racks / minutes:8.1f} racks/min")
    print(f"  identical results on 1 and 2 workers: {results[1] == results[2]}")


if __name__ == "__main__":
    main()
