"""The computer player of the play page: :mod:`rotation61.ai` behind the service's seam.

:class:`AiComputer` answers :class:`~rotation61.web.services.play.ComputerPlayer`: the
game becomes the ai layer's :class:`~rotation61.ai.GameState` (the same match log, the
same balls), :func:`rotation61.ai.decide.choose` picks the stroke (with the cue ball's
placement when in hand) or the option after a foul at the game's level, and the stroke
is then played with the level's execution noise (a beginner misses), drawn from a
generator seeded by the game and its input number (a replay of the game draws the
same). The reason is worded in both languages by the ai layer.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from rotation61.ai import GameConfig, GameState, OptionAction, StrokeAction
from rotation61.ai.decide import choose
from rotation61.ai.levels import get_level
from rotation61.geometry import Point
from rotation61.records import ShotInput
from rotation61.rules import CUE_BALL, Option, Phase
from rotation61.sim import DEFAULT_PARAMS, STROKE_LIMITS, SimTable, Stroke
from rotation61.text import Language
from rotation61.web.services.play import ComputerMove, Game

__all__ = ["AiComputer"]

_MIN_SPEED: Final = 0.05
"""The softest stroke the noise may leave, m/s."""


class AiComputer:
    """The ai layer's computer player at levels 1-10."""

    def move(self, game: Game, level: int) -> ComputerMove:
        """The computer's move when it is to act (a stroke, or an option after a foul)."""
        state = _ai_state(game)
        choice = choose(state, get_level(str(level)))
        reasons = {lang.value: choice.reason(lang) for lang in Language}
        action = choice.action
        if isinstance(action, OptionAction):
            return ComputerMove(option=action.option, reasons=reasons)
        assert isinstance(action, StrokeAction)
        intended = Stroke(
            speed=action.speed, phi=action.phi, theta=action.theta, a=action.a, b=action.b
        )
        rng = np.random.default_rng([game.stored.id, game.log.length, 61])
        played = _with_noise(intended, level, rng)
        return ComputerMove(stroke=played, placement=action.placement, reasons=reasons)


def _ai_state(game: Game) -> GameState:
    header = game.stored.header
    config = GameConfig(
        race_to=header.race_to,
        rules=header.rules,
        players=header.players,
        table=SimTable.from_spec(game.spec),
    )
    layout = dict(game.layout)
    if game.in_hand:
        layout.pop(CUE_BALL, None)
    before: tuple[tuple[int, Point], ...] | None = None
    rack = game.match.rack
    pending = rack.pending if rack.phase is Phase.DECISION else None
    if pending is not None and Option.RESTORE_AND_OFFENDER_REPLAYS in pending.options:
        last = game.log.last
        if last is not None and isinstance(last.step, ShotInput):
            before = tuple(last.step.positions)
    return GameState(
        config=config,
        seed=game.stored.id,
        log=game.log,
        layout=tuple(sorted(layout.items())),
        before_foul=before,
        rack_shots=rack.ply,
    )


def _with_noise(stroke: Stroke, level: int, rng: np.random.Generator) -> Stroke:
    """The stroke as the level's player executes it (kept within the accepted ranges)."""
    noise = get_level(str(level)).noise
    draw = rng.standard_normal(5)
    rad = DEFAULT_PARAMS.ball_radius
    a = stroke.a + draw[3] * noise.offset / rad
    b = stroke.b + draw[4] * noise.offset / rad
    off = math.hypot(a, b)
    tip = STROKE_LIMITS.tip_offset
    if off > tip:
        a, b = a * tip / off, b * tip / off
    return Stroke(
        speed=min(max(stroke.speed + draw[0] * noise.speed, _MIN_SPEED), STROKE_LIMITS.max_speed),
        phi=stroke.phi + draw[1] * noise.phi,
        theta=min(max(stroke.theta + draw[2] * noise.theta, 0.0), STROKE_LIMITS.max_elevation),
        a=a,
        b=b,
    )
