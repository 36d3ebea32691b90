"""Benchmark of the ratings fit: the pure reference and the numeric path, side by side.

Simulates a federation: ``--players`` players with true ratings drawn around 500
(standard deviation 100), meeting in random pairs for ``--meeting`` racks at a time,
each rack won with the model's probability, until every player has played
``--racks`` racks on average. Each size is fitted ``--repeat`` times by each path
(``FitMethod.PURE``, ``FitMethod.NUMERIC``), and the medians are printed side by side
with their ratio and the largest difference between the two paths' ratings. The
federation case (``--federation-players`` players and ``--federation-racks`` racks)
is fitted by the numeric path only (and by ``FitMethod.AUTO``, which picks it).

    .venv/bin/python bench/ratings.py                          # 1,000 and 10,000 players
    .venv/bin/python bench/ratings.py --players 1000 --repeat 5 --no-federation
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from rotation61.ratings import FitMethod, RackTally, Rating, fit, rack_probability


def simulate(
    players: int, racks: int, *, meeting: int, seed: int, spread: float = 100.0
) -> tuple[list[float], list[RackTally]]:
    """True ratings and the tallies of ``racks`` racks in meetings of ``meeting`` racks."""
    rng = random.Random(seed)
    truth = [rng.gauss(500.0, spread) for _ in range(players)]
    names = [f"player {i:05d}" for i in range(players)]
    tallies = []
    for _ in range(max(1, racks // meeting)):
        a, b = rng.sample(range(players), 2)
        p = rack_probability(truth[a], truth[b])
        won = sum(rng.random() < p for _ in range(meeting))
        tallies.append(RackTally(player=names[a], opponent=names[b], won=won, lost=meeting - won))
    return truth, tallies


def _timed(call: Callable[[], tuple[Rating, ...]], repeat: int) -> tuple[float, tuple[Rating, ...]]:
    times = []
    rated: tuple[Rating, ...] = ()
    for _ in range(repeat):
        start = time.perf_counter()
        rated = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), rated


def _pairs(tallies: list[RackTally]) -> int:
    return len({(min(t.player, t.opponent), max(t.player, t.opponent)) for t in tallies})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--racks", type=int, default=100, help="racks per player (100)")
    parser.add_argument("--meeting", type=int, default=5, help="racks per meeting (5)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per path; the median (3)")
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--federation-players", type=int, default=10_000)
    parser.add_argument("--federation-racks", type=int, default=1_000_000)
    parser.add_argument("--no-federation", action="store_true")
    args = parser.parse_args()

    print(
        f"meetings of {args.meeting} racks, {args.racks} racks per player, "
        f"median of {args.repeat} runs"
    )
    print(
        "| players | racks | pairs | pure (s) | numeric (s) | pure / numeric | max diff (points) |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for players in args.players:
        racks = players * args.racks // 2
        _, tallies = simulate(players, racks, meeting=args.meeting, seed=args.seed)
        pure_s, pure = _timed(lambda t=tallies: fit(t, method=FitMethod.PURE), args.repeat)
        numeric_s, numeric = _timed(lambda t=tallies: fit(t, method=FitMethod.NUMERIC), args.repeat)
        by_player = {r.player: r.rating for r in numeric}
        diff = max(abs(r.rating - by_player[r.player]) for r in pure)
        print(
            f"| {players:,} | {racks:,} | {_pairs(tallies):,} | {pure_s:.2f} | {numeric_s:.2f} "
            f"| {pure_s / numeric_s:.1f} | {diff:.1e} |",
            flush=True,
        )
    if args.no_federation:
        return
    players, racks = args.federation_players, args.federation_racks
    start = time.perf_counter()
    _, tallies = simulate(players, racks, meeting=args.meeting, seed=args.seed)
    built = time.perf_counter() - start
    numeric_s, numeric = _timed(lambda: fit(tallies, method=FitMethod.NUMERIC), args.repeat)
    auto_s, auto = _timed(lambda: fit(tallies), args.repeat)
    assert auto == numeric
    print()
    print(
        f"federation: {players:,} players, {racks:,} racks, {_pairs(tallies):,} pairs "
        f"(tallies built in {built:.1f} s): numeric fit {numeric_s:.2f} s, "
        f"auto {auto_s:.2f} s (median of {args.repeat})"
    )


if __name__ == "__main__":
    main()
