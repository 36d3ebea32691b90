"""The learning agent's curve: balls potted per inning against training episodes, beside others.

1. For each of ``--seeds`` seeds, :func:`rotation61.ai.learn.train` for ``--episodes``
   practice innings; every ``--every`` generations its mean weights then are played on
   the same ``--eval`` held-out practice innings (positions no training saw). Printed:
   the median over seeds of balls potted per inning, points per inning and the pot rate
   (balls potted per stroke).
2. On the same held-out innings and at the same execution noise (the agent's): random
   play over the relative action, the geometric player, and the levels of ``--levels``
   (their search, their decisions; the noise is the agent's, so the decisions are
   compared, not the hands).
3. Racks: ``--racks`` racks of each seed's agent against level 1 (self-play, each player
   with its own noise), the agent's share won.

    python bench/ai_learn.py [--seeds 3] [--episodes 4096] [--eval 100] [--every 2]
                             [--levels 1] [--racks 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from rotation61.ai.core import Action, GameConfig, GameState
from rotation61.ai.decide import choose
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.learn import (
    LearnedAgent,
    format_agent,
    play_inning,
    practice_position,
    random_player,
    train,
)
from rotation61.ai.levels import get_level
from rotation61.ai.selfplay import jobs_for, process_executor, run_jobs, summarize

Player = Callable[[GameState], Action]
_HELD_OUT = 10**9
"""Seeds of the held-out innings start here (training's are below 10**8)."""


def figures(player: Player, starts: Sequence[GameState]) -> tuple[float, float, float]:
    """(balls potted per inning, points per inning, balls potted per stroke)."""
    innings = [play_inning(s, player) for s in starts]
    shots = sum(i.shots for i in innings)
    pots = sum(i.pots for i in innings)
    n = len(innings)
    return pots / n, sum(i.points for i in innings) / n, pots / max(shots, 1)


def level_player(name: str) -> Player:
    level = get_level(name)
    return lambda state: choose(state, level).action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=4096)
    parser.add_argument("--eval", type=int, default=100)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--levels", default="1")
    parser.add_argument("--racks", type=int, default=20)
    parser.add_argument("--noise-level", default="10")
    args = parser.parse_args()

    config = GameConfig(noise=get_level(args.noise_level).noise)
    starts = [practice_position(config, _HELD_OUT + i) for i in range(args.eval)]
    curves: dict[int, list[tuple[float, float, float]]] = {}
    agents: list[LearnedAgent] = []
    for seed in range(args.seeds):
        began = time.perf_counter()
        training = train(seed, args.episodes, noise_level=args.noise_level)
        took = time.perf_counter() - began
        agents.append(training.agent)
        print(f"seed {seed}: trained {training.agent.episodes} episodes in {took:.0f} s")
        marks = training.snapshots[args.every - 1 :: args.every]
        if training.snapshots[-1] not in marks:
            marks = (*marks, training.snapshots[-1])
        for played, policy in marks:
            curves.setdefault(played, []).append(figures(LearnedAgent(policy=policy), starts))

    print()
    print(f"held-out innings: {args.eval}, noise of level {args.noise_level}; medians over "
          f"{args.seeds} seeds")  # fmt: skip
    print(f"{'player':<28} {'pots/inning':>12} {'points/inning':>14} {'pots/stroke':>12}")
    for played, rows in sorted(curves.items()):
        med = [statistics.median(r[k] for r in rows) for k in range(3)]
        print(f"{'learned, ' + str(played) + ' episodes':<28} "
              f"{med[0]:12.2f} {med[1]:14.2f} {med[2]:12.1%}")  # fmt: skip
    baselines: list[tuple[str, Player]] = [
        ("random (relative action)", random_player(0)),
        ("geometric player", geometric_player),
    ]
    baselines += [(f"level {x}", level_player(x)) for x in args.levels.split(",") if x]
    for name, player in baselines:
        pots, points, rate = figures(player, starts)
        print(f"{name:<28} {pots:12.2f} {points:14.2f} {rate:12.1%}")

    if args.racks:
        print()
        print(f"racks against level 1 ({args.racks} per seed; the agent with the noise of "
              f"level {args.noise_level}, level 1 with its own):")  # fmt: skip
        shares = []
        for seed, agent in enumerate(agents):
            name = f"agent:seed{seed}"
            jobs = jobs_for(name, "1", args.racks, seed=seed, agents={name: format_agent(agent)})
            summary = summarize(run_jobs(jobs, process_executor(2)))
            shares.append(summary.racks_won_a / summary.racks)
            print(f"  seed {seed}: {summary.racks_won_a}-{summary.racks_won_b}")
        print(f"  median share won: {statistics.median(shares):.0%}")


if __name__ == "__main__":
    main()
