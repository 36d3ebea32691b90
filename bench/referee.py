"""Referee throughput: random legal racks adjudicated per second on one core.

Plays random matches (random presets, random but valid shots and decisions, from
``tests/strategies.py``), records the inputs once, then times only the engine replaying
them: ``judge`` + ``apply`` for shots (``play``) and ``decide`` for decisions. Reports
the median of several runs, and a profile of where the time goes with ``--profile``.

    python bench/referee.py [--shots 200000] [--runs 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.strategies import random_ruleset, random_shot

from rotation61.rules import (
    Option,
    Phase,
    RackState,
    Shot,
    decide,
    new_rack,
    play,
)

Input = tuple[RackState, Shot | Option]


def record_inputs(shots: int, seed: int) -> tuple[list[Input], int]:
    """Random racks played to their end; the (start state, input) list and the shot count."""
    rng = random.Random(seed)
    inputs: list[Input] = []
    count = 0
    while count < shots:
        state = new_rack(random_ruleset(rng))
        start = state
        rack: list[Shot | Option] = []
        while state.phase is not Phase.OVER:
            if state.pending is not None:
                option = rng.choice(state.pending.options)
                rack.append(option)
                state = decide(state, option)
            else:
                shot = random_shot(state, rng)
                rack.append(shot)
                state, _ = play(state, shot)
                count += 1
        inputs.extend((start, item) for item in rack)
    return inputs, count


def replay(inputs: list[Input]) -> int:
    """Replay every recorded rack through the engine; returns the number of shots judged."""
    shots = 0
    state: RackState | None = None
    start_of_rack: RackState | None = None
    for start, item in inputs:
        if start is not start_of_rack:
            start_of_rack = start
            state = start
        assert state is not None
        if isinstance(item, Shot):
            state, _ = play(state, item)
            shots += 1
        else:
            state = decide(state, item)
    return shots


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    inputs, shots = record_inputs(args.shots, args.seed)
    racks = len({id(start) for start, _ in inputs})
    print(f"recorded {shots} shots in {racks} racks ({len(inputs)} inputs incl. decisions)")
    rates = []
    for _ in range(args.runs):
        began = time.perf_counter()
        judged = replay(inputs)
        elapsed = time.perf_counter() - began
        rates.append(judged / elapsed)
    print(
        "shots/s (judge + apply, decisions included in the time): "
        f"median {statistics.median(rates):,.0f}  min {min(rates):,.0f}  max {max(rates):,.0f}"
        f"  over {args.runs} runs"
    )
    print(f"racks/s: median {statistics.median(rates) * racks / shots:,.0f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        replay(inputs)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
