"""A scripted player that plans the next ball: the geometric player's pots, played for position.

Owns :func:`planning_player`. Where the geometric player
(:func:`~rotation61.ai.envs.opponents.geometric_player`) takes the best-looking pot of the
ball on at one speed, this player tries, for each of its :data:`_POCKETS` best open pots
(by :func:`~rotation61.ai.learn.pocket_features`), a few speeds and tip heights (draw,
centre, follow) on the engine, exactly and then, if it pots, in :data:`_SAMPLES` noisy
executions with the shooter's own execution noise, and keeps the stroke of the best
mean value over those plays: a play that pots the ball on without a scratch is worth
its pot's score plus the best pot on the *next* ball on (the same geometric score,
from where the cue ball came to rest; a play that clears the table is worth the most),
any other play nothing. With no stroke that pots on the engine it plays as
the geometric player; the break, the spot in hand and the option after a foul are the
geometric player's. Deterministic: the same state gives the same action.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

import numpy as np

from rotation61.ai.aim import POCKET_ORDER, RelativeStrokeAction
from rotation61.ai.core import Action, GameState, PhaseKind, StrokeAction, absolute, phase_of
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.learn import pocket_features
from rotation61.geometry import Point
from rotation61.rules import CUE_BALL, Ball
from rotation61.sim import SimTable, SimulationError, Stroke, execute, simulate

__all__ = ["planning_player"]

_POCKETS: Final = 3
"""Open pots of the ball on tried (the best by the geometric score)."""
_SPEED_FACTORS: Final = (0.8, 1.25, 1.8)
"""Multiples of the geometric player's speed for the pot tried."""
_TIPS: Final = (-0.35, 0.0, 0.35)
"""Tip heights tried (draw, centre, follow), ball radii."""
_MAX_CUT_COS: Final = math.cos(math.radians(75.0))
_SAMPLES: Final = 3
"""Noisy executions of each stroke that pots exactly (seeded by the state)."""
_CLEARED: Final = 2.0
"""The value of a stroke that pots the last ball (beyond any next pot's score)."""


def _scores(cue: Point, ball: Point, others: Mapping[Ball, Point], table: SimTable) -> np.ndarray:
    """The geometric score of each pocket's pot (0 where it is not open), the geometric player's."""
    f = pocket_features(cue, ball, others, table)
    cos_cut, lane, path, to_ghost, to_pocket = f[:, 0], f[:, 2], f[:, 3], f[:, 4], f[:, 5]
    length = table.spec.length
    open_ = (cos_cut >= _MAX_CUT_COS) & (lane > 0) & (path > 0)
    score = cos_cut**2 / (1.0 + (to_ghost + to_pocket) * length / 100.0)
    return np.where(open_, score, 0.0)


def _next_value(rest: Mapping[Ball, Point], table: SimTable) -> float:
    """The best pot score of the next ball on from where the cue ball rests."""
    objects = {b: p for b, p in rest.items() if b != CUE_BALL}
    if not objects:
        return _CLEARED
    cue = rest.get(CUE_BALL)
    if cue is None:
        return 0.0
    ball_on = min(objects)
    others = {b: p for b, p in objects.items() if b != ball_on}
    return float(np.max(_scores(cue, objects[ball_on], others, table)))


def _play_value(
    start: Mapping[Ball, Point], stroke: Stroke, ball_on: Ball, score: float, table: SimTable
) -> float | None:
    """The value of one play of ``stroke`` (see the module); ``None`` if the engine refuses it."""
    try:
        played = simulate(dict(start), stroke, table=table)
    except SimulationError:
        return None
    shot = played.shot
    if shot.first_contact != ball_on or ball_on not in shot.pocketed:
        return 0.0
    if shot.cue_pocketed or shot.cue_off_table:
        return 0.0
    return score + _next_value(played.layout, table)


def _speed(features: np.ndarray, length: float) -> float:
    """The geometric player's pot speed, m/s, from one pot's features."""
    cut = max(float(features[0]), 0.3)
    to_ghost, to_pocket = features[4] * length, features[5] * length
    return float(min(0.6 + 0.0125 * (to_ghost + to_pocket / cut), 3.0))


def _planned(state: GameState, scripted: StrokeAction) -> Action:
    balls = state.balls()
    ball_on = state.rack.lowest
    cue = scripted.placement if scripted.placement is not None else balls.get(CUE_BALL)
    if cue is None or ball_on is None or ball_on not in balls:
        return scripted
    table = state.config.table
    others = {b: p for b, p in balls.items() if b not in (CUE_BALL, ball_on)}
    features = pocket_features(cue, balls[ball_on], others, table)
    scores = _scores(cue, balls[ball_on], others, table)
    start = dict(balls)
    start[CUE_BALL] = cue
    best: tuple[float, Action] | None = None
    noise = state.config.noise_of(state.rack.to_act)
    seen: list[Stroke] = []
    for k in np.argsort(-scores, kind="stable")[:_POCKETS]:
        if scores[k] <= 0.0:
            break
        base = _speed(features[k], table.spec.length)
        for factor in _SPEED_FACTORS:
            for tip in _TIPS:
                relative = RelativeStrokeAction(
                    pocket=POCKET_ORDER[int(k)],
                    speed=base * factor,
                    b=tip,
                    placement=scripted.placement,
                )
                stroke = absolute(state, relative).stroke()
                exact = _play_value(start, stroke, ball_on, float(scores[k]), table)
                if not exact:
                    continue
                values = [exact]
                if noise is not None:
                    for j in range(_SAMPLES):
                        rng = np.random.default_rng([state.seed, 7, state.log.length, len(seen), j])
                        noisy = execute(stroke, noise, rng, params=state.config.params)
                        value = _play_value(start, noisy, ball_on, float(scores[k]), table)
                        values.append(0.0 if value is None else value)
                seen.append(stroke)
                mean = float(np.mean(values))
                if best is None or mean > best[0]:
                    best = (mean, relative)
    return scripted if best is None else best[1]


def planning_player(state: GameState) -> Action:
    """The planning player's action (see the module).

    Raises:
        IllegalGameActionError: the match is over.
    """
    scripted = geometric_player(state)
    if phase_of(state) not in (PhaseKind.STROKE, PhaseKind.IN_HAND):
        return scripted
    if not isinstance(scripted, StrokeAction):
        return scripted
    return _planned(state, scripted)
