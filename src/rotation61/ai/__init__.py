"""Computer players for 61: a game facade, shot search under execution noise, self-play.

An optional layer above :mod:`rotation61.sim` (the ``[sim]`` extra). The environment
core (:mod:`rotation61.ai.core`) is pure functions over a frozen game state in the style
of Gymnasium's ``FuncEnv``; :mod:`rotation61.ai.game` is the same game in OpenSpiel's
vocabulary. Every ruling comes from the referee, and every game is a match record.
"""

from __future__ import annotations

from rotation61.ai.aim import ActionMode, RelativeStrokeAction
from rotation61.ai.core import (
    OBSERVATION_SIZE,
    Action,
    GameConfig,
    GameState,
    IllegalGameActionError,
    Layout,
    Observation,
    OptionAction,
    PhaseKind,
    StrokeAction,
    absolute,
    initial,
    observation,
    phase_of,
    position,
    reward,
    rewards,
    terminal,
    transition,
)
from rotation61.ai.game import TERMINAL, Decisions, Game, State

__all__ = [
    "OBSERVATION_SIZE",
    "TERMINAL",
    "Action",
    "ActionMode",
    "Decisions",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalGameActionError",
    "Layout",
    "Observation",
    "OptionAction",
    "PhaseKind",
    "RelativeStrokeAction",
    "State",
    "StrokeAction",
    "absolute",
    "initial",
    "observation",
    "phase_of",
    "position",
    "reward",
    "rewards",
    "terminal",
    "transition",
]
