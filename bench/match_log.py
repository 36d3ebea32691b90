"""Appending inputs to a match: does the 4,000th input cost what the 500th does?

Writes the same long match (random but valid shots and decisions, one seed) through
``MatchLog`` (every client's way of writing a record) for a short and a long
match, and reports the cost per input and the ratio of the totals (8.0 when appending
costs the same at any length). With ``--src`` it runs the same measurement against
other source trees in the same run (e.g. a checkout of an earlier commit), alternating
between them, and reports medians side by side.

    python bench/match_log.py [--short 500] [--long 4000] [--runs 5] [--src OTHER/src ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"

_CHILD = r"""
import json, random, sys, time
from rotation61.match import decide, play, start_match
from rotation61.records import MatchHeader, MatchLog
from rotation61.rules import Phase, Shot

def inputs(count, seed=61):
    rng = random.Random(seed)
    match = start_match(race_to=10**6)
    out = []
    while len(out) < count:
        rack = match.rack
        if rack.phase is Phase.DECISION:
            option = rack.pending.options[0]
            out.append(option)
            match = decide(match, option, by=rack.pending.chooser)
            continue
        balls = sorted(rack.on_table)
        if rack.is_break:
            shot = Shot(first_contact=balls[0], pocketed=(balls[-1],),
                        break_rail_balls=frozenset(balls[1:5]))
        elif rng.random() < 0.15:
            shot = Shot(first_contact=balls[0])
        else:
            k = rng.choice((0, 1, 1, 2))
            shot = Shot(first_contact=balls[0], pocketed=tuple(balls[:k]),
                        rail_after_contact=frozenset({0}))
        out.append(shot)
        match, _ = play(match, shot)
    return out

def write(items):
    b = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=10**6))
    start = time.perf_counter()
    for item in items:
        if isinstance(item, Shot):
            b, _ = b.play(item)
        else:
            b = b.decide(item)
    elapsed = time.perf_counter() - start
    assert len(b.record.racks) > 1
    return elapsed

short, long_ = int(sys.argv[1]), int(sys.argv[2])
items = inputs(long_)
print(json.dumps({"short": write(items[:short]), "long": write(items)}))
"""


def _run(src: Path, short: int, long_: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(short), str(long_)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=500)
    parser.add_argument("--long", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--src", type=Path, action="append", default=[])
    args = parser.parse_args()
    trees = [HERE, *(path.resolve() for path in args.src)]
    times: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            times[tree].append(_run(tree, args.short, args.long))
    print(f"inputs: {args.short} and {args.long}; medians of {args.runs} runs")
    for tree in trees:
        short = statistics.median(t["short"] for t in times[tree])
        long_ = statistics.median(t["long"] for t in times[tree])
        print(
            f"{tree}: {short * 1e6 / args.short:8.1f} µs/input at {args.short}, "
            f"{long_ * 1e6 / args.long:8.1f} µs/input at {args.long}; "
            f"total ratio {long_ / short:5.1f} (linear: {args.long / args.short:.1f})"
        )


if __name__ == "__main__":
    main()
