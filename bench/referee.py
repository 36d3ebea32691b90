"""Referee throughput: random legal racks adjudicated per second on one core.

Plays random racks (random presets, random but valid shots and decisions, drawn from
an explicit ``random.Random`` so that every version of the engine is timed on the same
inputs), records the inputs once, then times only the engine replaying
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rotation61.rules import (
    PRESETS,
    ContactType,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    Option,
    Phase,
    RackState,
    RuleSet,
    Shot,
    Zone,
    decide,
    new_rack,
    play,
)

ZONES = (Zone.KITCHEN, Zone.ON_LINE, Zone.OUTSIDE)


def random_kitchen(rng: random.Random, first_contact: int | None) -> KitchenFacts:
    """Kitchen facts for a shot with cue ball in hand, mostly a clean crossing."""
    if rng.random() < 0.8:
        zone = None if first_contact is None else rng.choice(ZONES)
        kind = (
            ContactType.NONE
            if first_contact is None
            else rng.choice((ContactType.BALL, ContactType.RAIL))
        )
        return KitchenFacts(first_contact_type=kind, first_ball_zone=zone)
    if first_contact is None:
        crossed = rng.random() < 0.5
        return KitchenFacts(
            crossed_before_first_contact=False,
            first_contact_type=rng.choice((ContactType.NONE, ContactType.RAIL)),
            first_ball_zone=None,
            crossed=crossed,
        )
    return KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=rng.choice((ContactType.BALL, ContactType.RAIL)),
        first_ball_zone=rng.choice(ZONES),
        crossed=rng.random() < 0.5,
    )


def random_shot(rack: RackState, rng: random.Random) -> Shot:
    """A random shot whose facts fit the rack (balls on the table, cue ball in hand)."""
    on_table = sorted(rack.on_table)
    lowest = on_table[0]
    roll = rng.random()
    if roll < 0.05:
        first: int | None = None
    elif roll < 0.8:
        first = lowest
    else:
        first = rng.choice(on_table)
    pocketed: tuple[int, ...] = ()
    off: tuple[int, ...] = ()
    rails: set[int] = set()
    if first is not None:
        k = rng.choice((0, 0, 1, 1, 1, 2, 3)) if not rack.is_break else rng.choice((0, 0, 1, 2))
        pocketed = tuple(rng.sample(on_table, min(k, len(on_table))))
        rest = [b for b in on_table if b not in pocketed]
        if rest and rng.random() < 0.03:
            off = (rng.choice(rest),)
        if rng.random() < 0.9:
            rails.add(0)
        rails.update(
            b for b in on_table if b not in pocketed and b not in off and rng.random() < 0.1
        )
    break_rails = None
    if rack.is_break and first is not None:
        break_rails = frozenset(b for b in on_table if b not in off and rng.random() < 0.35)
    elif rack.is_break:
        break_rails = frozenset()
    cue_roll = rng.random()
    kitchen = random_kitchen(rng, first) if rack.cue_in_hand else None
    moved = None
    if rng.random() < 0.02:
        moved = ObstacleMove(ball=rng.choice(on_table), moved_by=rng.choice(tuple(MovedBy)))
    return Shot(
        first_contact=first,
        pocketed=pocketed,
        off_table=off,
        rail_after_contact=frozenset(rails),
        break_rail_balls=break_rails,
        cue_pocketed=cue_roll < 0.06,
        cue_off_table=0.06 <= cue_roll < 0.07,
        kitchen=kitchen,
        lowest_rest_zone=rng.choice(ZONES) if rng.random() < 0.2 else Zone.OUTSIDE,
        obstacle_moved=moved,
        general_rules_foul="double_hit" if rng.random() < 0.01 else None,
    )


def random_ruleset(rng: random.Random) -> RuleSet:
    return rng.choice(tuple(PRESETS.values()))


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
