"""Break calibration: what 15-ball breaks do in the engine, and how that depends on the model.

For each scenario, N breaks are simulated (``simulate_batch``, all cores) and judged with
``rotation61.rules.judge`` on ``new_rack()``. Reported per scenario: object balls pocketed
(mean, share of breaks with at least one, histogram), object balls that reached a
cushion (mean), cue-ball scratches, and the share of breaks legal under §IV.

Scenarios (9-ft table, the 1 on the foot spot, ``shared/physics/anchors.md``):

- ``7-9 m/s``: cue-ball speed uniform in 7-9 m/s; the rack a lattice spaced (1 + 1e-3) D,
  each ball moved by up to 5e-4 R; aim at the 1 with 0.05 degree Gaussian jitter; b = -0.1.
- ``break15_V5`` / ``break15_V8``: the same at stick 5 / 8 m/s (cue ball 7.7 / 12.3 m/s).
- ``pro average``: the same at 10.7 m/s (24 mph, the mean of measured pro breaks).
- ``pro range``: cue-ball speed uniform in 9.8-11.6 m/s (22-26 mph, the measured pro range).
- ``varied``: a less perfect break: jitter 0.3 degrees, the cue ball anywhere within
  15 in of the long string, rack gaps and wiggle 2e-3 (7-9 m/s).
- ``sensitivity`` (``--sensitivity``): one parameter changed at a time (7-9 m/s).

    python bench/break_stats.py [--breaks 1000] [--seed 61] [--sensitivity]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from typing import Any

import numpy as np

from rotation61.geometry import METERS_PER_INCH, TABLE_9FT, Point
from rotation61.rules import judge, new_rack
from rotation61.sim import DEFAULT_PARAMS, DEFAULT_TABLE, Params, SimTable, simulate_batch
from rotation61.sim.rack import break_layout, break_stroke


@dataclasses.dataclass(frozen=True)
class Scenario:
    name: str
    speeds: tuple[float, float] = (7.0, 9.0)
    gap: float = 1e-3
    jitter: float = 0.05
    cue_spread: float = 0.0
    b: float = -0.1
    params: Params = DEFAULT_PARAMS
    table: SimTable = DEFAULT_TABLE


def run(scenario: Scenario, breaks: int, seed: int) -> dict[str, Any]:
    """Simulate and judge ``breaks`` breaks of a scenario; the statistics."""
    rng = np.random.default_rng(seed)
    spec = TABLE_9FT
    layouts = []
    strokes = []
    for _ in range(breaks):
        cue = None
        if scenario.cue_spread > 0:
            y = spec.width / 2 + float(rng.uniform(-scenario.cue_spread, scenario.cue_spread))
            cue = Point(spec.head_string_x - spec.ball_diameter, y)
        layout = break_layout(spec, rng, gap=scenario.gap, wiggle=scenario.gap, cue=cue)
        speed = float(rng.uniform(*scenario.speeds))
        layouts.append(layout)
        strokes.append(break_stroke(layout, speed, rng, jitter=scenario.jitter, b=scenario.b))
    t0 = time.perf_counter()
    batch = simulate_batch(layouts, strokes, params=scenario.params, table=scenario.table)
    elapsed = time.perf_counter() - t0
    pocketed = batch.pocketed_counts()
    rails = ((batch.rail_mask[:, 1:] & 1) > 0).sum(axis=1)
    kitchen_x = spec.head_string_x * METERS_PER_INCH
    in_kitchen = (batch.final_positions[:, 1:, 0] < kitchen_x) & ~batch.pocketed_mask[:, 1:]
    state = new_rack()
    legal = scratches = 0
    for i in range(breaks):
        shot = batch.shot(i)
        legal += bool(judge(state, shot).legal)
        scratches += shot.cue_pocketed
    return {
        "name": scenario.name,
        "pocketed": float(pocketed.mean()),
        "any": float((pocketed > 0).mean()),
        "hist": dict(sorted(Counter(pocketed.tolist()).items())),
        "rails": float(rails.mean()),
        "kitchen": float(in_kitchen.sum(axis=1).mean()),
        "legal": legal / breaks,
        "scratch": scratches / breaks,
        "events": int(np.median(batch.event_counts)),
        "max_events": int(batch.event_counts.max()),
        "seconds": elapsed,
    }


def show(row: dict[str, Any]) -> None:
    hist = " ".join(f"{k}:{v}" for k, v in row["hist"].items())
    print(
        f"{row['name']:<26} pocketed {row['pocketed']:4.2f} (>=1: {row['any']:4.0%})  "
        f"[{hist}]  cushion {row['rails']:5.2f}  kitchen {row['kitchen']:4.2f}  "
        f"scratch {row['scratch']:4.1%}  "
        f"legal {row['legal']:5.1%}  events {row['events']} (max {row['max_events']})"
    )


def scenarios(sensitivity: bool) -> list[Scenario]:
    base = Scenario("7-9 m/s")
    out = [
        base,
        dataclasses.replace(base, name="break15_V5 (7.7 m/s)", speeds=(7.7, 7.7)),
        dataclasses.replace(base, name="break15_V8 (12.3 m/s)", speeds=(12.3, 12.3)),
        dataclasses.replace(base, name="pro average (10.7 m/s)", speeds=(10.7, 10.7)),
        dataclasses.replace(base, name="pro range (9.8-11.6 m/s)", speeds=(9.8, 11.6)),
        dataclasses.replace(base, name="varied", jitter=0.3, cue_spread=15.0, gap=2e-3),
    ]
    if sensitivity:

        def with_params(name: str, **changes: Any) -> Scenario:
            return dataclasses.replace(
                base, name=name, params=dataclasses.replace(DEFAULT_PARAMS, **changes)
            )

        out += [
            with_params("two-ball sequence (old)", compliant_impacts=False),
            dataclasses.replace(base, name="frozen rack", gap=0.0),
            dataclasses.replace(base, name="gaps 1e-2 D", gap=1e-2),
            dataclasses.replace(base, name="no draw (b = 0)", b=0.0),
            dataclasses.replace(base, name="jitter 1 degree", jitter=1.0),
            with_params("e_ball 0.93", e_ball=0.93),
            with_params("e_ball 0.95", e_ball=0.95),
            with_params("e_ball 0.97, mu_roll 0.01 (before)", e_ball=0.97, mu_roll=0.01),
            with_params("e_ball 0.98", e_ball=0.98),
            with_params("mu_roll 0.005", mu_roll=0.005),
            with_params("mu_roll 0.015", mu_roll=0.015),
            with_params("mu_slide 0.15", mu_slide=0.15),
            with_params("mu_slide 0.3", mu_slide=0.3),
            with_params("e_cushion 0.75", e_cushion=0.75),
            with_params("e_cushion 0.95", e_cushion=0.95),
            with_params("no ball friction", throw_a=0.0, throw_b=0.0),
            with_params("impact steps 20", impact_steps=20),
            with_params("impact steps 80", impact_steps=80),
            dataclasses.replace(
                base,
                name="WPA widest mouths",
                table=dataclasses.replace(
                    DEFAULT_TABLE,
                    corner_mouth=4.625 * METERS_PER_INCH,
                    side_mouth=5.125 * METERS_PER_INCH,
                ),
            ),
            dataclasses.replace(
                base,
                name="shelves 1 in / 0",
                table=dataclasses.replace(
                    DEFAULT_TABLE, corner_shelf=1.0 * METERS_PER_INCH, side_shelf=0.0
                ),
            ),
        ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--breaks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--sensitivity", action="store_true", help="also vary the model")
    args = parser.parse_args()
    simulate_batch(*_warm())
    for scenario in scenarios(args.sensitivity):
        show(run(scenario, args.breaks, args.seed))
    return 0


def _warm() -> tuple[list[dict[int, Point]], list[Any]]:
    rng = np.random.default_rng(0)
    layout = break_layout(TABLE_9FT, rng)
    return [layout], [break_stroke(layout, 8.0, rng)]


if __name__ == "__main__":
    sys.exit(main())
