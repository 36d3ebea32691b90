"""The computer player of the play page: :mod:`rotation61.ai` behind the service's seam.

:class:`AiComputer` answers :class:`~rotation61.web.services.game.ComputerPlayer`: the
game becomes the ai layer's :class:`~rotation61.ai.GameState` (the same match log, the
same balls), :func:`rotation61.ai.decide.choose` picks the stroke (with the cue ball's
placement when in hand) or the option after a foul at the game's level, and the stroke
is then played with the level's execution noise (a beginner misses) under the one noise
model the search chose it under (:func:`rotation61.sim.execute`, the level's
:class:`~rotation61.sim.ExecutionNoise`), drawn from a generator seeded by the game and
its input number (a replay of the game draws the same).
The reason is worded in both languages by the ai layer.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rotation61.ai import GameConfig, GameState, OptionAction, StrokeAction
from rotation61.ai.decide import Choice, choose
from rotation61.ai.levels import LEVELS, Level
from rotation61.geometry import Point
from rotation61.records import ShotInput
from rotation61.rules import CUE_BALL, Option, Phase
from rotation61.sim import SimTable, Stroke, execute
from rotation61.text import Language
from rotation61.web.services.game import ComputerMove, Game

__all__ = ["AiComputer", "execution_rng"]


def execution_rng(game: Game) -> np.random.Generator:
    """The generator of the noise of the computer's next stroke (seeded by the game)."""
    return np.random.default_rng([game.stored.id, game.log.length, 61])


class AiComputer:
    """The ai layer's computer player at levels 1-10.

    Args:
        levels: the players by level (the ai layer's :data:`~rotation61.ai.levels.LEVELS`);
            each level's noise is the one its search chooses under and its strokes are
            executed under.
    """

    def __init__(self, levels: Mapping[str, Level] = LEVELS) -> None:
        self._levels = levels

    def __reduce__(self) -> tuple[type[AiComputer], tuple[dict[str, Level]]]:
        """Pickled as its levels (a plain dict), for the engine pool's processes."""
        return (AiComputer, (dict(self._levels),))

    def level(self, level: int) -> Level:
        """The player of a level (1-10)."""
        return self._levels[str(level)]

    def choose(self, game: Game, level: int) -> Choice:
        """What the computer means to do at a level (1-10), before the stroke's noise."""
        return choose(_ai_state(game), self.level(level))

    def move(self, game: Game, level: int) -> ComputerMove:
        """The computer's move when it is to act (a stroke, or an option after a foul)."""
        player = self.level(level)
        choice = self.choose(game, level)
        reasons = {lang.value: choice.reason(lang) for lang in Language}
        action = choice.action
        if isinstance(action, OptionAction):
            return ComputerMove(option=action.option, reasons=reasons)
        assert isinstance(action, StrokeAction)
        intended = Stroke(
            speed=action.speed, phi=action.phi, theta=action.theta, a=action.a, b=action.b
        )
        played = execute(intended, player.noise, execution_rng(game))
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
