"""A level against a variant of itself: does a search setting make the player stronger?

Racks as in ``rotation61 ai match`` (one rack each, the sides alternating the break),
between a level and the same level with some fields replaced, e.g. the olympiad level
without its prudence and re-check (what it was before they were added):

    python bench/ai_variant.py --level olympiad --set prudence=0 recheck=0 --racks 20

Prints the racks won by each side, their pot success and points per rack.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from rotation61.ai import GameConfig, PhaseKind, initial, phase_of, transition
from rotation61.ai.decide import choose
from rotation61.ai.levels import Level, get_level
from rotation61.ai.shots import ShotKind
from rotation61.records import ShotInput
from rotation61.rules import Seat

_POTS = (ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION, ShotKind.KISS)


def _variant(level: Level, settings: list[str]) -> Level:
    changes: dict[str, object] = {}
    for item in settings:
        key, _, raw = item.partition("=")
        current = getattr(level, key)
        changes[key] = type(current)(float(raw)) if not isinstance(current, bool) else raw == "1"
    return dataclasses.replace(level, name=f"{level.name}*", **changes)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="olympiad")
    parser.add_argument("--set", nargs="+", default=["prudence=0", "recheck=0"])
    parser.add_argument("--racks", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--minutes", type=float, default=10.0)
    args = parser.parse_args()
    base = get_level(args.level)
    other = _variant(base, args.set)
    deadline = time.monotonic() + 60.0 * args.minutes
    won = {"level": 0, "variant": 0}
    pots = {"level": [0, 0], "variant": [0, 0]}
    points = {"level": 0, "variant": 0}
    racks = 0
    for r in range(args.racks):
        if time.monotonic() > deadline:
            break
        seats = {Seat.A: "level", Seat.B: "variant"} if r % 2 == 0 else {
            Seat.A: "variant", Seat.B: "level"
        }  # fmt: skip
        levels = {s: base if name == "level" else other for s, name in seats.items()}
        config = GameConfig(race_to=1, noises=(levels[Seat.A].noise, levels[Seat.B].noise))
        state = initial(config, args.seed * 1_000_003 + r)
        while phase_of(state) is not PhaseKind.OVER:
            seat = state.rack.to_act
            choice = choose(state, levels[seat])
            state = transition(state, choice.action)
            step = state.log.last
            if step is None or not isinstance(step.step, ShotInput) or step.ruling is None:
                continue
            ruling = step.ruling
            points[seats[seat]] += ruling.points
            best = choice.best
            if best is not None and best.candidate.kind in _POTS:
                pots[seats[seat]][1] += 1
                pots[seats[seat]][0] += not ruling.fouls and best.candidate.ball in ruling.credited
        racks += 1
        winner = state.match.winner
        if winner is not None:
            won[seats[winner]] += 1
    print(f"{args.level} vs {args.level} with {' '.join(args.set)}: {racks} racks")
    for side in ("level", "variant"):
        made, tried = pots[side]
        print(
            f"  {side:<8} won {won[side]:3d}  pot success {made}/{tried}"
            f" ({made / max(tried, 1):.1%})  points/rack {points[side] / max(racks, 1):.1f}"
        )


if __name__ == "__main__":
    main()
