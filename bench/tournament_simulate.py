"""Benchmark of ``rotation61 tournament simulate``: one round-robin group, side by side.

Times ``rotation61 tournament simulate --format round-robin --players N`` (one group of
everyone, N(N-1)/2 matches, every match scheduled, called in queue order and played
with random racks) for each ``--players`` N, in a fresh process per run, with this
checkout's source and with ``--baseline`` (another checkout's ``src``) side by side.
Each cell is the median of ``--repeat`` runs; a run over ``--limit`` seconds is stopped
and shown as ``> limit`` (the next sizes of that side are not run).

    .venv/bin/python bench/tournament_simulate.py --players 32 64 128 256 \\
        --baseline ../main/src --limit 60
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"

_RUN = """
import contextlib, io, sys, time
from rotation61.cli.main import main
args = ["tournament", "simulate", "--format", "round-robin", "--players", sys.argv[1],
        "--seed", sys.argv[2]]
start = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()):
    code = main(args)
elapsed = time.perf_counter() - start
assert code == 0, code
print(elapsed)
"""


def _one(src: Path, players: int, seed: int, limit: float) -> float | None:
    """Seconds of one run (``None``: stopped at the limit)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", _RUN, str(players), str(seed)],
            env=env,
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    return float(done.stdout.strip().splitlines()[-1])


def _median(src: Path, players: int, repeat: int, limit: float) -> float | None:
    times = []
    for seed in range(repeat):
        took = _one(src, players, seed, limit)
        if took is None:
            return None
        times.append(took)
    return statistics.median(times)


def main() -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[32, 64, 128, 256])
    parser.add_argument("--baseline", type=Path, help="another checkout's src directory")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per run at most")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (the median)")
    args = parser.parse_args()
    sides = [("this", HERE)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    stopped = {name: False for name, _ in sides}
    header = f"{'players':>7} {'matches':>8}" + "".join(f" {name + ' s':>12}" for name, _ in sides)
    print(header + ("  baseline/this" if args.baseline else ""))
    for players in args.players:
        cells: list[float | None] = []
        for name, src in sides:
            took = None if stopped[name] else _median(src, players, args.repeat, args.limit)
            stopped[name] = took is None
            cells.append(took)
        shown = "".join(
            f" {'> ' + format(args.limit, 'g') if t is None else format(t, '.2f'):>12}"
            for t in cells
        )
        ratio = ""
        if args.baseline:
            this, base = cells
            if this is not None and base is not None:
                ratio = f"  {base / this:.1f}x"
            elif this is not None:
                ratio = f"  > {args.limit / this:.1f}x"
        print(f"{players:>7} {players * (players - 1) // 2:>8}{shown}{ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
