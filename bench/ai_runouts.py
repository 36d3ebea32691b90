"""Racks run out per 100: the geometric player against the planning player, side by side.

Each player plays ``--racks`` racks against itself (a race to one rack, rack ``i`` from
seed ``i``, the Computer Olympiad's execution noise for both seats). The figures are
the referee's replay of the records (:func:`rotation61.records.stats`): racks in which an
inning reached the target (a run-out, break-and-runs included), break-and-runs per 100
breaks, balls potted per stroke, points per inning, and the think time per decision.
The same seeds for both players; the racks run on ``--workers`` processes.

    python bench/ai_runouts.py [--racks 100] [--workers 2] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from rotation61.ai.core import GameConfig, initial, terminal, transition
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.planner import planning_player
from rotation61.records import stats
from rotation61.sim import OLYMPIAD_NOISE

PLAYERS = {"geometric": geometric_player, "planning": planning_player}


def rack(job: tuple[str, int]) -> tuple[int, int, int, int, int, list[float]]:
    """(run-out racks, break-and-runs, breaks, points, innings, think ms) of one rack."""
    name, seed = job
    player = PLAYERS[name]
    state = initial(GameConfig(noise=OLYMPIAD_NOISE, players=(f"{name} A", f"{name} B")), seed)
    think = []
    while not terminal(state):
        began = time.perf_counter()
        action = player(state)
        think.append((time.perf_counter() - began) * 1000.0)
        state = transition(state, action)
    seats = stats([state.record()]).matches[0].seats
    return (
        int(any(s.runouts for s in seats)),
        sum(s.racks_won_from_break for s in seats),
        sum(s.breaks for s in seats),
        sum(s.points for s in seats),
        sum(s.innings for s in seats),
        think,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.racks} racks per player, each against itself, Olympiad noise")
    print(f"{'player':<10} {'run-out racks/100':>18} {'break-and-runs/100 breaks':>26} "
          f"{'points/inning':>14} {'think median ms':>16}")  # fmt: skip
    with ProcessPoolExecutor(args.workers) as pool:
        for name in PLAYERS:
            jobs = [(name, args.seed * 1_000_003 + i) for i in range(args.racks)]
            rows = list(pool.map(rack, jobs))
            runouts = sum(r[0] for r in rows)
            bnr, breaks = sum(r[1] for r in rows), sum(r[2] for r in rows)
            points, innings = sum(r[3] for r in rows), sum(r[4] for r in rows)
            think = statistics.median(t for r in rows for t in r[5])
            p = runouts / args.racks
            se = 100 * math.sqrt(p * (1 - p) / args.racks)
            print(f"{name:<10} {100 * p:12.1f} ± {se:3.1f} {100 * bnr / max(breaks, 1):26.1f} "
                  f"{points / max(innings, 1):14.2f} {think:16.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
