"""Throughput of the learning environments and of self-play on Ray, side by side in one run.

1. Environment steps per second with a random agent (the sampled action of the spaces),
   median of ``--repeats`` runs of ``--steps`` steps each, a new match on every end:
   - ``core``: :func:`rotation61.ai.core.transition` with the same random actions
     (translated by :func:`rotation61.ai.envs.spaces.to_action`), the floor;
   - ``gymnasium``: :class:`~rotation61.ai.envs.gymnasium_env.Rotation61Env` against the
     geometric player (a step includes the opponent's replies);
   - ``pettingzoo``: the AEC environment, both agents random.
2. Self-play racks per minute for the same rack jobs (``--racks`` racks between levels
   ``--a`` and ``--b``): in one process, on 2 processes (``process_executor(2)``), and as
   Ray tasks on a local Ray instance of 2 CPUs (started and warmed up first: its workers
   compile the physics kernels unless the disk cache has them); the outcomes (think
   times aside) must be identical.

    python bench/ai_envs.py [--steps 1000] [--repeats 3] [--racks 8] [--a 1] [--b 2] [--no-ray]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rotation61.ai import GameConfig, initial, terminal, transition
from rotation61.ai.envs.gymnasium_env import Rotation61Env
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.envs.pettingzoo_env import raw_env
from rotation61.ai.envs.spaces import action_space, to_action
from rotation61.ai.selfplay import RackOutcome, jobs_for, process_executor, run_jobs
from rotation61.sim import OLYMPIAD_NOISE

CONFIG = GameConfig(noise=OLYMPIAD_NOISE)


def core_steps(steps: int, seed: int) -> None:
    space = action_space(CONFIG)
    space.seed(seed)
    state = initial(CONFIG, seed)
    for i in range(steps):
        if terminal(state):
            state = initial(CONFIG, seed + i)
        state = transition(state, to_action(state, space.sample()))


def gymnasium_steps(steps: int, seed: int) -> None:
    env = Rotation61Env(CONFIG, opponent=geometric_player)
    env.action_space.seed(seed)
    env.reset(seed=seed)
    for _ in range(steps):
        *_, terminated, _, _ = env.step(env.action_space.sample())
        if terminated:
            env.reset()


def pettingzoo_steps(steps: int, seed: int) -> None:
    game = raw_env(CONFIG)
    game.reset(seed=seed)
    for i, agent in enumerate(game.possible_agents):
        game.action_space(agent).seed(seed + i)
    done = 0
    while done < steps:
        agent = game.agent_selection
        if game.terminations[agent]:
            game.step(None)
            if not game.agents:
                game.reset()
            continue
        game.step(game.action_space(agent).sample())
        done += 1


def steps_per_second(run: Callable[[int, int], None], steps: int, repeats: int) -> float:
    rates = []
    for r in range(repeats):
        started = time.perf_counter()
        run(steps, 100 + r)
        rates.append(steps / (time.perf_counter() - started))
    return statistics.median(rates)


def timed(label: str, run: Callable[[], list[RackOutcome]]) -> tuple[str, float, list[RackOutcome]]:
    started = time.perf_counter()
    outcomes = run()
    return label, time.perf_counter() - started, outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--racks", type=int, default=8)
    parser.add_argument("--a", default="1")
    parser.add_argument("--b", default="2")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()

    core_steps(50, 0)  # compile (or load) the physics kernels first
    print(f"environment steps per second (random agent, median of {args.repeats} x {args.steps}):")
    floor = steps_per_second(core_steps, args.steps, args.repeats)
    for name, run in (
        ("core", core_steps),
        ("gymnasium", gymnasium_steps),
        ("pettingzoo", pettingzoo_steps),
    ):
        rate = floor if name == "core" else steps_per_second(run, args.steps, args.repeats)
        print(f"  {name:<11} {rate:8.0f} steps/s   x{rate / floor:.2f} of core")

    jobs = jobs_for(args.a, args.b, args.racks, seed=61)
    runs = [
        timed("1 process", lambda: run_jobs(jobs)),
        timed("2 processes", lambda: run_jobs(jobs, process_executor(2))),
    ]
    if not args.no_ray:
        import ray

        from rotation61.ai.distributed import ray_executor

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        run_jobs(jobs_for(args.a, args.b, 2, seed=1), ray_executor("auto"))  # warm the workers
        warm = time.perf_counter() - started
        runs.append(timed("Ray, 2 CPUs", lambda: run_jobs(jobs, ray_executor("auto"))))
        ray.shutdown()
        print(f"(Ray start and worker warm-up: {warm:.1f} s, not counted)")
    reference = [o.without_times() for o in runs[0][2]]
    print(f"self-play, {args.racks} racks of level {args.a} against level {args.b}:")
    for label, seconds, outcomes in runs:
        same = [o.without_times() for o in outcomes] == reference
        print(
            f"  {label:<12} {60 * args.racks / seconds:7.1f} racks/min  "
            f"x{runs[0][1] / seconds:.2f}  identical outcomes: {same}"
        )


if __name__ == "__main__":
    main()
