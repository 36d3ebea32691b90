"""Accuracy of the ratings: how well the fit recovers known ratings from simulated racks.

``--players`` players with true ratings drawn around 500 (standard deviation
``--spread``) meet in random pairs for ``--meeting`` racks at a time, each rack won
with the model's probability, until each has played a given number of racks on
average. The fit (its default settings: 2 virtual racks against the anchor) is
compared with the truth after both are centred on their means (the anchor fixes only
the scale's origin; a player who never played is left out): the root-mean-square
error, the 90th percentile and the largest error, averaged over ``--seeds``
simulations, for each number of racks per player. The last column is the largest
difference between the pure and the numeric fit of the same racks.

    .venv/bin/python bench/ratings_accuracy.py
    .venv/bin/python bench/ratings_accuracy.py --racks 25 100 400 --seeds 10
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratings import simulate
from rotation61.ratings import FitMethod, RatingsWarning, fit


def _errors(truth: list[float], fitted: dict[str, float]) -> list[float]:
    """The error of each player who played (one who never did has no rating)."""
    rated = [
        (fitted[f"player {i:05d}"], t) for i, t in enumerate(truth) if f"player {i:05d}" in fitted
    ]
    fitted_mean = statistics.fmean(r for r, _ in rated)
    true_mean = statistics.fmean(t for _, t in rated)
    return [abs((r - fitted_mean) - (t - true_mean)) for r, t in rated]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--racks", type=int, nargs="+", default=[10, 25, 50, 100, 200, 400, 800])
    parser.add_argument("--meeting", type=int, default=5, help="racks per meeting (5)")
    parser.add_argument("--spread", type=float, default=100.0)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()

    print(
        f"{args.players} players, true ratings 500 ± {args.spread:g} (sd), meetings of "
        f"{args.meeting} racks, mean of {args.seeds} simulations"
    )
    print("| racks per player | RMSE (points) | 90th percentile | largest | pure − numeric |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for per_player in args.racks:
        rmse, p90, worst, agree = [], [], [], []
        for seed in range(args.seeds):
            truth, tallies = simulate(
                args.players,
                args.players * per_player // 2,
                meeting=args.meeting,
                seed=1000 * per_player + seed,
                spread=args.spread,
            )
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RatingsWarning)  # a player who met no one
                pure = {r.player: r.rating for r in fit(tallies, method=FitMethod.PURE)}
                numeric = {r.player: r.rating for r in fit(tallies, method=FitMethod.NUMERIC)}
            errors = sorted(_errors(truth, pure))
            rmse.append(math.sqrt(statistics.fmean(e * e for e in errors)))
            p90.append(errors[int(0.9 * (len(errors) - 1))])
            worst.append(errors[-1])
            agree.append(max(abs(pure[p] - numeric[p]) for p in pure))
        print(
            f"| {per_player} | {statistics.fmean(rmse):.1f} | {statistics.fmean(p90):.1f} "
            f"| {statistics.fmean(worst):.1f} | {max(agree):.1e} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
