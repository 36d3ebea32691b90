"""The computer player: the stroke to play, the option after a foul, and why.

:func:`choose` answers any decision of a :class:`~rotation61.ai.core.GameState`:

- a stroke (break, cue ball where it lies, or in hand): shot generation
  (:mod:`rotation61.ai.shots`), then evaluation under the player's own execution noise
  (:mod:`rotation61.ai.evaluate`); the best mean value wins. §XV: a player one foul
  from losing the rack only considers the candidates with the fewest fouls (never a
  4th foul knowingly); a deliberate foul is considered when the opponent sits on his
  last foul and the player can afford one.
- an option after the opponent's foul: each option offered is applied
  (:func:`~rotation61.ai.core.transition`) and the position it gives is searched the
  same way; the option worth most to the chooser wins (restore and replay hands the
  shot to the offender, so it is worth minus his best).

Every :class:`Choice` keeps the alternatives and their values, and words its reason
in Vietnamese or English (:meth:`Choice.reason`, the ``ai`` gettext domain).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Sequence
from typing import Final

import numpy as np

from rotation61.ai.core import (
    Action,
    GameState,
    IllegalGameActionError,
    OptionAction,
    PhaseKind,
    StrokeAction,
    phase_of,
    transition,
)
from rotation61.ai.evaluate import CONTINUATION, HANDED_OVER, Evaluation, evaluate
from rotation61.ai.levels import Level
from rotation61.ai.shots import (
    Candidate,
    ShotKind,
    break_candidates,
    candidates,
    placements,
    refine_aims,
    tap_candidates,
)
from rotation61.geometry import Point, placement_ok
from rotation61.rules import CUE_BALL, Ball, Option
from rotation61.sim import SimulationError, Stroke, aim_at
from rotation61.text import Domain, Language, gettext

__all__ = ["Choice", "OptionValue", "choose", "choose_option", "choose_stroke"]

_FOUL_MARGIN: Final = 0.02
"""On his last foul a player considers candidates within this foul rate of the safest."""
_POTS: Final = (ShotKind.DIRECT, ShotKind.COMBINATION, ShotKind.KISS, ShotKind.BANK)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OptionValue:
    """An option after a foul and what it is worth to the chooser (points)."""

    option: Option
    value: float
    best: Evaluation | None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """A decision and its alternatives.

    Attributes:
        action: the action to play.
        evaluations: for a stroke, the candidates evaluated, best first.
        options: for an option, every option offered with its value, best first.
    """

    action: Action
    evaluations: tuple[Evaluation, ...] = ()
    options: tuple[OptionValue, ...] = ()

    @property
    def best(self) -> Evaluation | None:
        """The chosen stroke's evaluation (``None`` for an option)."""
        return self.evaluations[0] if self.evaluations else None

    def reason(self, language: Language | str = Language.EN) -> str:
        """One line: what is played and why."""
        if self.options:
            top = self.options[0]
            others = "; ".join(
                f"{_option_label(language, o.option)} {o.value:+.1f}" for o in self.options[1:]
            )
            return gettext(
                language,
                Domain.AI,
                "ai.option.choose",
                option=_option_label(language, top.option),
                value=f"{top.value:+.1f}",
                others=others or "-",
            )
        best = self.best
        if best is None:
            return gettext(language, Domain.AI, "ai.shot.fallback")
        line = describe(best, language)
        highest = max(self.evaluations, key=lambda e: e.value)
        if highest.value > best.value:
            # ranked by prudence (a miss's risk) or by the foul limit, not by mean value
            line += gettext(
                language,
                Domain.AI,
                "ai.prudent",
                value=f"{best.value:+.1f}",
                top=f"{highest.value:+.1f}",
            )
        return line

    def alternatives(self, language: Language | str = Language.EN) -> list[str]:
        """One line per alternative (the chosen one first), with its value."""
        if self.options:
            return [f"{_option_label(language, o.option)}: {o.value:+.1f}" for o in self.options]
        lines = [describe(e, language) for e in self.evaluations]
        out = []
        for e, line in zip(self.evaluations, lines, strict=True):
            if lines.count(line) > 1:
                # the same shot played another way: say how
                stroke = e.candidate.stroke
                line += gettext(
                    language,
                    Domain.AI,
                    "ai.stroke",
                    aim=f"{stroke.phi:.1f}",
                    speed=f"{stroke.speed:.2f}",
                    side=f"{stroke.a:+.2f}",
                    height=f"{stroke.b:+.2f}",
                )
            out.append(f"{line} [{e.value:+.1f}]")
        return out


def _option_label(language: Language | str, option: Option) -> str:
    return gettext(language, Domain.RULES, f"option.{option.value}")


def _pct(x: float) -> str:
    return f"{round(100 * x)}"


def _interval(made: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``made / n`` (a chance from few samples)."""
    z = 1.96
    p = made / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def describe(ev: Evaluation, language: Language | str = Language.EN) -> str:
    """One line for an evaluated candidate, e.g. "Cut the 3 into the foot right corner, 87%".

    The pocket named is where the ball dropped in the simulated samples (the pocket aimed
    at only when it never dropped); a chance comes with its 95% interval and the number
    of samples it is measured on.
    """
    cand = ev.candidate
    named = ev.pot_pocket if ev.pot_pocket is not None else cand.pocket
    pocket = "" if named is None else gettext(language, Domain.AI, f"ai.pocket.{named.value}")
    fields = {
        "target": cand.target,
        "ball": cand.ball if cand.ball is not None else cand.target,
        "pocket": pocket,
        "pot": _pct(ev.pot),
        "foul": _pct(ev.foul),
        "points": f"{ev.points:.1f}",
        "opponent": _pct(ev.opponent),
    }
    line = gettext(language, Domain.AI, f"ai.shot.{cand.kind.value}", **fields)
    if cand.kind in _POTS and ev.samples > 0:
        low, high = _interval(ev.potted, ev.samples)
        line += gettext(
            language,
            Domain.AI,
            "ai.sampled.pot",
            low=_pct(low),
            high=_pct(high),
            samples=ev.samples,
        )
    elif ev.samples > 0:
        line += gettext(language, Domain.AI, "ai.sampled", samples=ev.samples)
    if cand.kind in _POTS and ev.scored > 0 and ev.next_ball is not None:
        line += gettext(language, Domain.AI, "ai.leave", ball=ev.next_ball, leave=_pct(ev.leave))
    return line


def _round_robin(groups: list[list[Candidate]], limit: int) -> list[Candidate]:
    out: list[Candidate] = []
    k = 0
    while len(out) < limit and any(k < len(g) for g in groups):
        for g in groups:
            if k < len(g) and len(out) < limit:
                out.append(g[k])
        k += 1
    return out


def _generate(
    state: GameState, level: Level, kind: PhaseKind, workers: int | None
) -> list[Candidate]:
    config = state.config
    table = config.table
    rack = state.rack
    layout = state.balls()
    lowest = rack.lowest
    if lowest is None:
        return []
    if kind is PhaseKind.BREAK:
        return break_candidates(layout, count=max(1, min(3, level.placements)), table=table)
    setups: list[tuple[dict[Ball, Point], Point | None]] = [(layout, None)]
    if kind is PhaseKind.IN_HAND:
        spots = placements(
            layout, lowest, count=level.placements, sigma_deg=level.sigma_deg, table=table
        )
        setups = [({**layout, CUE_BALL: spot}, spot) for spot in spots]
    by_kind: dict[ShotKind, list[Candidate]] = {}
    for placed, spot in setups:
        found = candidates(
            placed,
            lowest,
            kinds=level.kinds,
            spins=level.spins,
            grid=level.grid,
            placement=spot,
            table=table,
            kitchen_exit=kind is PhaseKind.IN_HAND,
        )
        pots = [c for c in found if c.kind in _POTS]
        kicks = [c for c in found if c.kind is ShotKind.KICK]
        if level.refine:
            with contextlib.suppress(SimulationError):
                pots = refine_aims(
                    placed, pots, fan=level.refine, width_deg=4.0, table=table,
                    params=config.params, workers=workers,
                )  # fmt: skip
            with contextlib.suppress(SimulationError):
                kicks = refine_aims(
                    placed, kicks, fan=level.refine, width_deg=8.0, table=table,
                    params=config.params, workers=workers,
                ) or kicks  # fmt: skip
        rest = [c for c in found if c.kind not in _POTS and c.kind is not ShotKind.KICK]
        for c in pots + kicks + rest:
            by_kind.setdefault(c.kind, []).append(c)
        me, opp = rack.to_act, rack.to_act.opponent
        limit = rack.rules.consecutive_foul_limit
        if (
            level.taps
            and rack.consecutive_fouls[opp] >= limit - 1
            and rack.consecutive_fouls[me] <= limit - 3
        ):
            by_kind.setdefault(ShotKind.TAP, []).extend(
                tap_candidates(placed, lowest, placement=spot, table=table)
            )
    order = [
        ShotKind.DIRECT,
        ShotKind.COMBINATION,
        ShotKind.KISS,
        ShotKind.BANK,
        ShotKind.SAFETY,
        ShotKind.KICK,
        ShotKind.TAP,
    ]
    return _round_robin([by_kind.get(k, []) for k in order], level.max_candidates)


def _fallback(state: GameState, kind: PhaseKind) -> StrokeAction:
    """Straight at the ball in play, medium speed (when no candidate clears the cue)."""
    layout = state.balls()
    lowest = state.rack.lowest
    placement = None
    if kind in (PhaseKind.BREAK, PhaseKind.IN_HAND):
        spec = state.config.table.spec
        others = list(layout.values())
        spots = [
            Point(spec.head_string_x - spec.ball_diameter - dx, spec.long_string_y + dy)
            for dx in (0.0, 8.0, 16.0)
            for dy in (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0)
        ]
        placement = next((p for p in spots if placement_ok(spec, p, others)), None)
        if placement is None:
            raise IllegalGameActionError("no free spot behind the head string")
        layout[CUE_BALL] = placement
    if lowest is None:
        raise IllegalGameActionError("no ball in play")
    phi = aim_at(layout[CUE_BALL], layout[lowest])
    return StrokeAction(speed=3.0, phi=phi, placement=placement)


def _rng(state: GameState, stream: int) -> np.random.Generator:
    return np.random.default_rng([state.seed, 3, stream, state.log.length])


def _evaluate(
    state: GameState,
    level: Level,
    cands: Sequence[Candidate],
    samples: int,
    stream: int,
    workers: int | None,
) -> list[Evaluation]:
    """The candidates evaluated from ``state`` with the level's noise, position and rng stream."""
    return evaluate(
        state.rack,
        state.balls(),
        cands,
        samples=samples,
        noise=level.noise,
        rng=_rng(state, stream),
        sigma_deg=level.sigma_deg,
        position=level.position,
        table=state.config.table,
        params=state.config.params,
        workers=workers,
    )


def choose_stroke(
    state: GameState,
    level: Level,
    *,
    workers: int | None = 1,
    samples: int | None = None,
    max_candidates: int | None = None,
) -> Choice:
    """The stroke to play now (break, stroke or in hand) and its alternatives.

    Args:
        state: a state where a stroke is due.
        level: the player's level (noise and budget).
        workers: engine threads.
        samples: override of the level's samples per candidate.
        max_candidates: override of the level's candidate budget.

    Raises:
        IllegalGameActionError: no stroke is due.
    """
    kind = phase_of(state)
    if kind not in (PhaseKind.BREAK, PhaseKind.STROKE, PhaseKind.IN_HAND):
        raise IllegalGameActionError(f"no stroke is due (phase {kind.value!r})")
    if max_candidates is not None:
        level = dataclasses.replace(level, max_candidates=max_candidates)
    cands = _generate(state, level, kind, workers)
    if not cands:
        return Choice(action=_fallback(state, kind))
    rack = state.rack
    evals = _evaluate(state, level, cands, samples or level.samples, 0, workers)
    ranked = sorted(evals, key=lambda e: -e.value)
    me = rack.to_act
    if level.recheck and kind is not PhaseKind.BREAK:
        ranked = _recheck(state, level, ranked, workers)
    if level.depth > 1 and kind is not PhaseKind.BREAK:
        ranked = _deepen(state, level, ranked, workers)
    if level.prudence:
        ranked = sorted(ranked, key=lambda e: -_prudent(e, level.prudence))
    if rack.consecutive_fouls[me] >= rack.rules.consecutive_foul_limit - 1:
        safest = min(e.foul for e in ranked)
        allowed = [e for e in ranked if e.foul <= safest + _FOUL_MARGIN]
        ranked = allowed + [e for e in ranked if e not in allowed]
    best = ranked[0].candidate
    return Choice(action=_action(best), evaluations=tuple(ranked))


def _prudent(ev: Evaluation, prudence: float) -> float:
    """The value a careful player ranks by: a pot's mean value less its risk of missing."""
    cand = ev.candidate
    if cand.kind not in _POTS or cand.ball is None:
        return ev.value
    return ev.value - prudence * (1.0 - ev.pot) * (cand.ball + CONTINUATION)


def _merged(one: Evaluation, two: Evaluation) -> Evaluation:
    """One candidate's evaluation over the samples of both."""
    n1, n2 = one.samples, two.samples
    w1, w2 = n1 / (n1 + n2), n2 / (n1 + n2)

    def mix(a: float, b: float) -> float:
        return w1 * a + w2 * b

    return dataclasses.replace(
        one,
        value=mix(one.value, two.value),
        pot=(one.potted + two.potted) / (n1 + n2),
        potted=one.potted + two.potted,
        pot_pocket=one.pot_pocket if one.potted >= two.potted else two.pot_pocket,
        scored=mix(one.scored, two.scored),
        foul=mix(one.foul, two.foul),
        points=mix(one.points, two.points),
        leave=mix(one.leave, two.leave),
        opponent=mix(one.opponent, two.opponent),
        next_ball=one.next_ball if one.next_ball is not None else two.next_ball,
        next_pocket=one.next_pocket if one.next_pocket is not None else two.next_pocket,
        samples=n1 + n2,
    )


def _recheck(
    state: GameState, level: Level, ranked: list[Evaluation], workers: int | None
) -> list[Evaluation]:
    """Play the ``level.recheck`` best candidates again with fresh samples.

    Twice the level's samples each; they are ranked on all their samples: the best of
    many small estimates is usually a lucky one, and fresh samples take the luck out.
    """
    top = ranked[: level.recheck]
    try:
        fresh = _evaluate(state, level, [e.candidate for e in top], 2 * level.samples, 1, workers)
    except SimulationError:
        return ranked
    if len(fresh) != len(top):
        return ranked
    merged = [_merged(a, b) for a, b in zip(top, fresh, strict=True)]
    return sorted(merged + ranked[level.recheck :], key=lambda e: -e.value)


def _deepen(
    state: GameState, level: Level, ranked: list[Evaluation], workers: int | None
) -> list[Evaluation]:
    """Re-value the best candidates that score by searching the positions they leave.

    For each of the ``_DEEP_TOP`` best candidates, ``_DEEP_RUNS`` noisy executions are
    played through :func:`~rotation61.ai.core.transition` (the real next state: spots,
    placements, the referee); where the shooter goes on, his next stroke is searched
    (a smaller budget, one level deep). The heuristic worth of the position left is
    replaced by the mean value found, weighted by the share of samples that scored.
    """
    sub = dataclasses.replace(
        level, samples=_DEEP_SAMPLES, max_candidates=_DEEP_CANDIDATES, placements=2, depth=1
    )
    noisy = dataclasses.replace(state.config, noise=level.noise, noises=None)
    me = state.rack.to_act
    out = list(ranked)
    for k, ev in enumerate(ranked[:_DEEP_TOP]):
        if ev.scored <= 0 or ev.next_ball is None:
            continue
        found: list[float] = []
        for run in range(_DEEP_RUNS):
            trial = dataclasses.replace(state, config=noisy, seed=state.seed * 7919 + 101 + run)
            try:
                after = transition(trial, _action(ev.candidate))
            except (IllegalGameActionError, SimulationError):
                continue
            step = after.log.last
            ruling = None if step is None else step.ruling
            if ruling is None or not ruling.shooter_continues:
                continue
            if phase_of(after) not in (PhaseKind.STROKE, PhaseKind.IN_HAND):
                continue
            if after.rack.to_act is not me:
                continue
            nxt = choose_stroke(after, sub, workers=workers)
            if nxt.best is not None:
                found.append(nxt.best.value)
        if not found:
            continue
        worth = ev.next_ball + CONTINUATION
        heuristic = ev.leave * worth - (1.0 - ev.leave) * HANDED_OVER * worth
        deeper = sum(found) / len(found)
        out[k] = dataclasses.replace(ev, value=ev.value + ev.scored * (deeper - heuristic))
    return sorted(out, key=lambda e: -e.value)


_DEEP_TOP: Final = 3
"""Candidates re-valued one stroke deeper."""
_DEEP_RUNS: Final = 3
"""Noisy executions of each, searched after."""
_DEEP_SAMPLES: Final = 6
"""Samples per candidate of the deeper search."""
_DEEP_CANDIDATES: Final = 12
"""Candidates of the deeper search."""


def _action(cand: Candidate) -> StrokeAction:
    s: Stroke = cand.stroke
    return StrokeAction(
        speed=s.speed, phi=s.phi, theta=s.theta, a=s.a, b=s.b, placement=cand.placement
    )


def choose_option(state: GameState, level: Level, *, workers: int | None = 1) -> Choice:
    """The option to choose after the opponent's foul, by searching each option's position.

    Raises:
        IllegalGameActionError: no option is due.
    """
    pending = state.rack.pending
    if phase_of(state) is not PhaseKind.OPTION or pending is None:
        raise IllegalGameActionError("no option is due")
    me = state.rack.to_act
    values: list[OptionValue] = []
    for option in pending.options:
        after = transition(state, OptionAction(option=option))
        if phase_of(after) is PhaseKind.OVER:
            values.append(OptionValue(option=option, value=0.0, best=None))
            continue
        budget = max(2, level.samples // 2)
        cands = max(4, level.max_candidates // 2)
        choice = choose_stroke(after, level, workers=workers, samples=budget, max_candidates=cands)
        best = choice.best
        worth = best.value if best is not None else 0.0
        if after.rack.to_act is not me:
            worth = -worth
        values.append(OptionValue(option=option, value=worth, best=best))
    ranked = sorted(values, key=lambda v: -v.value)
    return Choice(action=OptionAction(option=ranked[0].option), options=tuple(ranked))


def choose(state: GameState, level: Level, *, workers: int | None = 1) -> Choice:
    """The player's decision now: a stroke or an option (see the module).

    Raises:
        IllegalGameActionError: the match is over.
    """
    if phase_of(state) is PhaseKind.OPTION:
        return choose_option(state, level, workers=workers)
    return choose_stroke(state, level, workers=workers)
