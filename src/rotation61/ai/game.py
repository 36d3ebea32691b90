"""A game facade in OpenSpiel's vocabulary over the environment core (:mod:`rotation61.ai.core`).

:class:`Game` holds a :class:`~rotation61.ai.core.GameConfig`; :meth:`Game.new_initial_state`
gives a :class:`State`. A state is a thin, mutable handle on an immutable
:class:`~rotation61.ai.core.GameState` (``state.core``), as OpenSpiel states are:

- :meth:`State.current_player` is the seat to act (``TERMINAL`` once over);
- :meth:`State.legal_decisions` says what that seat may do (:class:`Decisions`: the
  phase, the options after a foul, whether a placement in the kitchen is needed);
- :meth:`State.apply` plays an action (a
  :class:`~rotation61.ai.core.StrokeAction` or an :class:`~rotation61.ai.core.OptionAction`);
- :meth:`State.is_terminal`, :meth:`State.returns`, :meth:`State.clone`;
- :meth:`State.record` is the match record, which ``rotation61 record verify`` accepts.

Strokes are continuous, so the legal decisions are described, not enumerated.

>>> game = Game(GameConfig(race_to=1))
>>> state = game.new_initial_state(seed=7)
>>> state.current_player(), state.legal_decisions().phase.value
(<Seat.A: 0>, 'break')
"""

from __future__ import annotations

import dataclasses
from typing import Final

from rotation61.ai.core import (
    Action,
    GameConfig,
    GameState,
    Observation,
    PhaseKind,
    initial,
    observation,
    phase_of,
    rewards,
    terminal,
    transition,
)
from rotation61.records import MatchRecord
from rotation61.rules import Option, Seat

__all__ = ["TERMINAL", "Decisions", "Game", "State"]

TERMINAL: Final = -4
"""OpenSpiel's terminal player id, returned by :meth:`State.current_player` once over."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Decisions:
    """What the player to act may do.

    Attributes:
        phase: the kind of action due.
        player: the seat to act (``None`` once over).
        options: the options offered after a foul (only in the option phase), in the
            referee's canonical order.
        placement: the stroke needs a placement behind the head string (break, in hand).
    """

    phase: PhaseKind
    player: Seat | None
    options: tuple[Option, ...] = ()

    @property
    def placement(self) -> bool:
        """A stroke needs a cue-ball placement in the kitchen."""
        return self.phase in (PhaseKind.BREAK, PhaseKind.IN_HAND)

    @property
    def stroke(self) -> bool:
        """A stroke is due (break, stroke or in hand)."""
        return self.phase in (PhaseKind.BREAK, PhaseKind.STROKE, PhaseKind.IN_HAND)


@dataclasses.dataclass(frozen=True, slots=True)
class Game:
    """A game of 61: the config every state of it shares.

    Attributes:
        config: the game config (race, rules, execution noise, table).
    """

    config: GameConfig = dataclasses.field(default_factory=GameConfig)

    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first break (``seed`` fixes racks and noise)."""
        return State(initial(self.config, seed))

    def num_players(self) -> int:
        """Two."""
        return 2


class State:
    """A handle on a :class:`~rotation61.ai.core.GameState` that :meth:`apply` moves on."""

    __slots__ = ("_core", "_returns")

    def __init__(self, core: GameState, returns: tuple[float, float] = (0.0, 0.0)) -> None:
        self._core = core
        self._returns = returns

    @property
    def core(self) -> GameState:
        """The immutable game state now."""
        return self._core

    def current_player(self) -> Seat | int:
        """The seat to act, or :data:`TERMINAL`."""
        if terminal(self._core):
            return TERMINAL
        return self._core.rack.to_act

    def legal_decisions(self) -> Decisions:
        """What the player to act may do now."""
        core = self._core
        phase = phase_of(core)
        if phase is PhaseKind.OVER:
            return Decisions(phase=phase, player=None)
        pending = core.rack.pending
        options = pending.options if pending is not None else ()
        return Decisions(phase=phase, player=core.rack.to_act, options=options)

    def apply(self, action: Action) -> None:
        """Play an action of the player to act.

        Raises:
            IllegalGameActionError: the action does not fit the phase or is not legal
                (the state is unchanged).
        """
        before = self._core
        after = transition(before, action)
        step = rewards(before, action, after)
        self._core = after
        self._returns = (self._returns[0] + step[0], self._returns[1] + step[1])

    def is_terminal(self) -> bool:
        """The match is over."""
        return terminal(self._core)

    def returns(self) -> tuple[float, float]:
        """Each seat's total reward so far (:func:`~rotation61.ai.core.rewards`, zero-sum)."""
        return self._returns

    def observation(self, player: Seat) -> Observation:
        """What ``player`` sees now."""
        return observation(self._core, player)

    def clone(self) -> State:
        """An independent copy (the core state is immutable and shared)."""
        return State(self._core, self._returns)

    def record(self) -> MatchRecord:
        """The match record so far (rulings from the referee, positions included)."""
        return self._core.record()

    def __repr__(self) -> str:
        rack = self._core.rack
        return (
            f"State(phase={phase_of(self._core).value!r}, to_act={rack.to_act.name}, "
            f"scores={rack.scores}, racks_won={self._core.match.racks_won})"
        )
