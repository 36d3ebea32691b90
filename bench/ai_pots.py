"""Why attempted pots fail: a miss-cause breakdown for one level in self-play.

A level plays racks against itself (the same game as ``rotation61 ai match``: the
player's own execution noise, every ruling the referee's). For every stroke the player
meant as a pot (direct, bank, combination) it records the pot success as the stats do
(the intended ball credited on a legal shot) and, for each miss, its cause, read from
the engine's event log of the stroke as executed (the noise drawn as the game drew it):

- ``aim``: the intended stroke, played exactly, does not pot the ball (the aim model);
- ``first_contact``: the cue ball's first contact is not the target (a ball or the
  pocket in the way, a miss);
- ``scratch``: the ball dropped but the shot was a foul (cue ball pocketed, ...);
- ``kiss``: the ball touched another ball (not the striker) on its way;
- ``jaws``: the ball hit a pocket jaw or jaw point and stayed up;
- ``rail``: the ball missed the pocket and hit a cushion (the noise's aim error);
- ``short``: the ball stopped on the cloth without reaching a cushion (speed);
- ``foul``: another foul; ``other``: anything else.

It also reports, per cause, the mean cut angle and the player's own estimate of the pot
chance, and the pot success by cut-angle bucket and by estimate bucket.

    python bench/ai_pots.py [--level olympiad] [--racks 12] [--seed 7] [--minutes 8]
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import math
import time

import numpy as np

from rotation61.ai import GameConfig, PhaseKind, initial, phase_of, transition
from rotation61.ai.core import _noisy
from rotation61.ai.decide import choose
from rotation61.ai.levels import get_level
from rotation61.ai.shots import ShotKind
from rotation61.records import ShotInput
from rotation61.rules import CUE_BALL
from rotation61.sim import CushionId, EventKind, SimulationError, simulate

_POTS = (ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION, ShotKind.KISS)


def _cut(layout, cand) -> float:  # type: ignore[no-untyped-def]
    """The cut angle on the target, degrees (cue-ball direction vs target's direction)."""
    from rotation61.ai.shots import aim_points

    obj = layout[cand.target]
    aim = aim_points()[cand.pocket] if cand.pocket is not None else obj
    if cand.kind is ShotKind.COMBINATION:
        aim = layout[cand.ball]
    a1 = math.radians(cand.stroke.phi)
    a2 = math.atan2(aim.y - obj.y, aim.x - obj.x)
    return math.degrees(abs((a1 - a2 + math.pi) % (2 * math.pi) - math.pi))


def _cause(layout, cand, result, exact_ok: bool, ruling) -> str:  # type: ignore[no-untyped-def]
    ball = cand.ball
    if not exact_ok:
        return "aim"
    shot = result.shot
    if shot.first_contact != cand.target:
        return "first_contact"
    dropped = {b for b, _ in result.pocketed}
    if ball in dropped:
        return "scratch" if ruling.fouls else "other"
    striker = cand.target if cand.kind is ShotKind.COMBINATION else CUE_BALL
    hit_by_striker = False
    for ev in result.events:
        if ev.kind is EventKind.BALL and ball in (ev.ball, ev.other):
            other = ev.other if ev.ball == ball else ev.ball
            if not hit_by_striker and other == striker:
                hit_by_striker = True
                continue
            if hit_by_striker:
                return "kiss"
        if not hit_by_striker or ev.ball != ball:
            continue
        if ev.kind is EventKind.JAW_POINT or (
            ev.kind is EventKind.CUSHION and ev.cushion is CushionId.JAW
        ):
            return "jaws"
        if ev.kind is EventKind.CUSHION:
            return "foul" if ruling.fouls else "rail"
    if ruling.fouls:
        return "foul"
    return "short" if hit_by_striker else "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="olympiad")
    parser.add_argument("--racks", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument(
        "--set", nargs="*", default=[], help="level fields replaced, e.g. prudence=2"
    )
    parser.add_argument(
        "--alternatives", action="store_true", help="print the alternatives of unlikely pots"
    )
    args = parser.parse_args()
    level = get_level(args.level)
    for item in args.set:
        key, _, raw = item.partition("=")
        level = dataclasses.replace(level, **{key: type(getattr(level, key))(float(raw))})
    deadline = time.monotonic() + 60.0 * args.minutes
    rows: list[tuple[str, str, float, float, bool]] = []  # kind, cause, cut, est, made
    think: list[float] = []
    racks = 0
    for r in range(args.racks):
        if time.monotonic() > deadline:
            break
        racks += 1
        config = GameConfig(race_to=1, noise=level.noise)
        state = initial(config, args.seed * 1000 + r)
        while phase_of(state) is not PhaseKind.OVER and time.monotonic() < deadline:
            t0 = time.perf_counter()
            choice = choose(state, level, workers=1)
            think.append((time.perf_counter() - t0) * 1000.0)
            before = state
            state = transition(state, choice.action)
            step = state.log.last
            best = choice.best
            if (
                step is None
                or not isinstance(step.step, ShotInput)
                or step.ruling is None
                or best is None
                or best.candidate.kind not in _POTS
            ):
                continue
            cand = best.candidate
            ruling = step.ruling
            made = not ruling.fouls and cand.ball in ruling.credited
            layout = before.balls()
            if cand.placement is not None:
                layout[CUE_BALL] = cand.placement
            cut = _cut(layout, cand)
            cause = "made"
            if not made:
                try:
                    exact = simulate(layout, cand.stroke, table=config.table, params=config.params)
                    exact_ok = cand.ball in {b for b, _ in exact.pocketed} and CUE_BALL not in {
                        b for b, _ in exact.pocketed
                    }
                    rng = np.random.default_rng([before.seed, 2, before.log.length, 0])
                    played = _noisy(cand.stroke, level.noise, rng, config.params)
                    result = simulate(layout, played, table=config.table, params=config.params)
                    cause = _cause(layout, cand, result, exact_ok, ruling)
                except SimulationError:
                    cause = "other"
            rows.append((cand.kind.value, cause, cut, best.pot, made))
            if args.alternatives and best.pot < 0.7:
                rest = [e for e in choice.evaluations if e.candidate.kind not in _POTS]
                alt = max(rest, key=lambda e: e.value, default=None)
                print(
                    f"  est {best.pot:.2f} value {best.value:+.1f} ball {cand.ball}"
                    f" made {made}; best other: "
                    + (
                        "none"
                        if alt is None
                        else f"{alt.candidate.kind.value} {alt.value:+.1f} opp {alt.opponent:.2f}"
                        f" foul {alt.foul:.2f}"
                    )
                    + f" ({len(rest)} others of {len(choice.evaluations)})",
                    flush=True,
                )
    n = len(rows)
    made_n = sum(1 for r in rows if r[4])
    print(
        f"level {args.level} {' '.join(args.set)}: {racks} racks, {n} pot attempts, {made_n} made"
    )
    print(
        f"pot success {made_n / max(n, 1):.1%}; mean estimate {np.mean([r[3] for r in rows]):.1%}"
    )
    think.sort()
    print(
        f"think median {think[len(think) // 2]:.0f} ms, p95 {think[int(0.95 * len(think))]:.0f} ms"
        f" ({len(think)} decisions)"
    )
    print(f"{'cause':<14} {'n':>4} {'share':>7} {'of misses':>10} {'cut':>6} {'est':>6}")
    misses = n - made_n
    for cause, count in collections.Counter(r[1] for r in rows).most_common():
        sel = [r for r in rows if r[1] == cause]
        share = count / n
        of = count / misses if misses and cause != "made" else float("nan")
        print(
            f"{cause:<14} {count:4d} {share:7.1%} {of:10.1%} "
            f"{np.mean([r[2] for r in sel]):6.1f} {np.mean([r[3] for r in sel]):6.2f}"
        )
    print("by kind:")
    for kind in sorted({r[0] for r in rows}):
        sel = [r for r in rows if r[0] == kind]
        print(f"  {kind:<12} {sum(r[4] for r in sel):4d}/{len(sel):<4d}")
    print("by cut angle:")
    for lo, hi in ((0, 15), (15, 30), (30, 45), (45, 60), (60, 90)):
        sel = [r for r in rows if lo <= r[2] < hi]
        if sel:
            print(f"  {lo:2d}-{hi:<2d}° {sum(r[4] for r in sel):4d}/{len(sel):<4d}")
    print("by the player's own estimate:")
    for lo, hi in ((0.0, 0.5), (0.5, 0.7), (0.7, 0.85), (0.85, 0.95), (0.95, 1.01)):
        sel = [r for r in rows if lo <= r[3] < hi]
        if sel:
            print(
                f"  {lo:.2f}-{min(hi, 1.0):.2f} {sum(r[4] for r in sel):4d}/{len(sel):<4d}"
                f" (est {np.mean([r[3] for r in sel]):.2f})"
            )


if __name__ == "__main__":
    main()
