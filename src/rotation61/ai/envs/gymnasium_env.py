"""A Gymnasium environment: one agent against a built-in computer player.

Importing this module registers it as :data:`ENV_ID` (``rotation61/Rotation61-v0``)::

    import gymnasium as gym
    import rotation61.ai.envs.gymnasium_env  # registers the id
    env = gym.make("rotation61/Rotation61-v0", opponent="3")

(or ``gym.make("rotation61.ai.envs.gymnasium_env:rotation61/Rotation61-v0")``).

An episode is a match (a race to ``config.race_to`` racks, one by default) of the core
game (:mod:`rotation61.ai.core`): every ruling comes from the referee, and
:meth:`Rotation61Env.record` is the match record. The agent plays seat ``seat`` (A
breaks the first rack); whenever the other seat is to act, the opponent policy plays
until the agent is to act again or the match is over. Spaces:
:mod:`rotation61.ai.envs.spaces`. The reward of a step is the core's
(:func:`~rotation61.ai.core.rewards`) for the agent, summed over its action and the
opponent's replies: the points it scored minus the points the opponent scored, plus
``config.rack_reward`` for each rack won (minus it for each rack lost); what the
opponent's actions before the agent's first one gave (its break, when the agent is B)
is added to the first step's reward, so a match's return is exact; ``reward_scale``
multiplies every reward (e.g. ``1 / 61``: a rack won is then worth about 1 and one
step's reward stays within a few units, which suits policy-gradient learners). ``terminated``
is the end of the match; the core ends every rack (stalemate after
``config.max_shots_per_rack`` inputs), so the environment never truncates.

Determinism: ``reset(seed=s)`` plays the core game of seed ``s`` (the racks and every
execution noise); the built-in opponents have no randomness of their own. Without a
seed, the game's seed is drawn from the environment's ``np_random``.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Final, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from rotation61.ai.aim import ActionMode
from rotation61.ai.core import (
    GameConfig,
    GameState,
    IllegalGameActionError,
    initial,
    observation,
    phase_of,
    rewards,
    terminal,
    transition,
)
from rotation61.ai.envs.opponents import Opponent, geometric_player, opponent_from
from rotation61.ai.envs.spaces import (
    OPTIONS,
    RENDER_MODES,
    action_space,
    check_render_mode,
    encode,
    observation_space,
    parse_action_mode,
    render,
    to_action,
)
from rotation61.ai.levels import get_level
from rotation61.records import MatchRecord
from rotation61.rules import Seat
from rotation61.sim import OLYMPIAD_NOISE

__all__ = ["ENV_ID", "NormalizedActions", "NormalizedObservations", "Rotation61Env"]

ENV_ID: Final = "rotation61/Rotation61-v0"
"""The registered id (namespace ``rotation61``, version 0)."""

_SEED_BOUND: Final = 2**31 - 1


def _seat(seat: Seat | str | int) -> Seat:
    if isinstance(seat, Seat):
        return seat
    if isinstance(seat, str) and seat.strip().upper() in Seat.__members__:
        return Seat[seat.strip().upper()]
    if isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1):
        return Seat(seat)
    raise IllegalGameActionError(f"seat {seat!r} is not A or B")


class Rotation61Env(gymnasium.Env[dict[str, Any], dict[str, Any]]):
    """61 for one agent against a computer player (see the module).

    Args:
        config: the game (race, rules, table, execution noise); by default a race to
            one rack with the Computer Olympiad's noise for both seats.
        opponent: a policy ``opponent(state) -> action``, or a skill level (``1`` ..
            ``10``, ``"olympiad"``) for the search player at that level, whose strokes
            then get that level's execution noise (unless ``config.noises`` sets both).
        seat: the agent's seat, ``"A"`` (breaks the first rack) or ``"B"``.
        render_mode: ``None``, ``"ansi"`` (a line of text per call) or ``"human"``
            (the line written to stdout).
        reward_scale: the factor every reward is multiplied by (positive; 1 by default).
        action_mode: ``"absolute"`` (the aim an angle from +x) or ``"relative"`` (a
            pocket for the ball on and an offset from its ghost-ball aim; see
            :mod:`rotation61.ai.envs.spaces`).

    Raises:
        IllegalGameActionError: a bad seat, render mode, opponent, reward scale or
            action mode.
        UnknownLevelError: an unknown level.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's API)

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        opponent: Opponent | str | int = geometric_player,
        seat: Seat | str | int = Seat.A,
        render_mode: str | None = None,
        reward_scale: float = 1.0,
        action_mode: ActionMode | str = ActionMode.ABSOLUTE,
    ) -> None:
        check_render_mode(render_mode)
        self.action_mode = parse_action_mode(action_mode)
        if (
            isinstance(reward_scale, bool)
            or not isinstance(reward_scale, int | float)
            or not math.isfinite(reward_scale)
            or reward_scale <= 0
        ):
            raise IllegalGameActionError(
                f"reward_scale {reward_scale!r} must be a positive finite number"
            )
        self.reward_scale = float(reward_scale)
        if config is None:
            config = GameConfig(noise=OLYMPIAD_NOISE)
        if not isinstance(config, GameConfig):
            raise IllegalGameActionError(f"config {config!r} is not a GameConfig")
        self.seat = _seat(seat)
        if isinstance(opponent, str | int) and config.noises is None:
            noises = [config.noise, config.noise]
            noises[self.seat.opponent] = get_level(opponent).noise
            config = dataclasses.replace(config, noises=(noises[0], noises[1]))
        self.config = config
        self.opponent = opponent_from(opponent)
        self.render_mode = render_mode
        self.observation_space = observation_space(config)
        self.action_space = action_space(config, self.action_mode)
        self._state: GameState | None = None
        self._carried = 0.0

    @property
    def state(self) -> GameState:
        """The game now (immutable).

        Raises:
            IllegalGameActionError: before the first :meth:`reset`.
        """
        if self._state is None:
            raise IllegalGameActionError("the environment has not been reset")
        return self._state

    def record(self) -> MatchRecord:
        """The match record so far (``rotation61 record verify`` accepts it)."""
        return self.state.record()

    def _observe(self) -> dict[str, Any]:
        return encode(observation(self.state, self.seat))

    def _info(self) -> dict[str, Any]:
        state = self.state
        return {"phase": phase_of(state).value, "inputs": state.log.length}

    def _opponent_moves(self) -> float:
        """Let the opponent act until the agent is to act or the match is over."""
        gained = 0.0
        state = self.state
        while not terminal(state) and state.rack.to_act is not self.seat:
            move = self.opponent(state)
            after = transition(state, move)
            gained += rewards(state, move, after)[self.seat]
            state = after
        self._state = state
        return gained

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new match (see the module on seeds); ``options`` is not used."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(_SEED_BOUND))
        self._state = initial(self.config, game_seed)
        self._carried = self._opponent_moves()
        return self._observe(), self._info()

    def step(
        self, action: dict[str, Any]
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the opponent's replies.

        Raises:
            IllegalGameActionError: the match is over (call :meth:`reset`) or the action
                is not a member of the action space (nothing changes).
        """
        before = self.state
        if terminal(before):
            raise IllegalGameActionError("the match is over: call reset()")
        move = to_action(before, action, self.action_mode)
        after = transition(before, move)
        gained = rewards(before, move, after)[self.seat] + self._carried
        self._state = after
        self._carried = 0.0
        gained += self._opponent_moves()
        reward = float(gained) * self.reward_scale
        return self._observe(), reward, terminal(self.state), False, self._info()

    def render(self) -> str | None:
        """The ``ansi`` view (a line of text); ``human`` writes it to stdout (``None``)."""
        return render(self.state, self.render_mode)


def _boxes(
    space: gymnasium.spaces.Space[Any], what: str, keys: tuple[str, str]
) -> tuple[gymnasium.spaces.Box, gymnasium.spaces.Box]:
    """The two boxes of the game's ``Dict`` space a wrapper rescales.

    Raises:
        IllegalGameActionError: the space is not the game's.
    """
    if isinstance(space, gymnasium.spaces.Dict):
        first, second = space.spaces.get(keys[0]), space.spaces.get(keys[1])
        if isinstance(first, gymnasium.spaces.Box) and isinstance(second, gymnasium.spaces.Box):
            return first, second
    raise IllegalGameActionError(f"{what} space {space!r} is not the game's Dict")


def _pick(value: float, n: int) -> int:
    """The index of the n-th of [-1, 1] that holds ``value``."""
    return min(int((float(value) + 1.0) / 2.0 * n), n - 1)


class NormalizedActions(
    gymnasium.ActionWrapper[dict[str, Any], npt.NDArray[np.float32], dict[str, Any]],
    gymnasium.utils.RecordConstructorArgs,
):
    """The action space as one ``Box(-1, 1, (8,))``, for libraries that want a flat, normalized box.

    Elements 0-4 are the stroke and 5-6 the placement, each mapped linearly from
    [-1, 1] onto its box in :mod:`rotation61.ai.envs.spaces`; element 7 picks the option
    (the interval split evenly among the :data:`~rotation61.ai.envs.spaces.OPTIONS`).
    In the relative action mode the box is ``(9,)``: element 8 picks the pocket the
    same way (among :data:`~rotation61.ai.aim.POCKET_ORDER`).
    With :class:`gymnasium.wrappers.FlattenObservation` on top, any library for a
    ``Box`` observation and a ``Box`` action can train on the game.
    """

    def __init__(self, env: gymnasium.Env[dict[str, Any], dict[str, Any]]) -> None:
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.ActionWrapper.__init__(self, env)
        stroke, placement = _boxes(env.action_space, "action", ("stroke", "placement"))
        self._low = np.concatenate([stroke.low, placement.low]).astype(np.float64)
        self._high = np.concatenate([stroke.high, placement.high]).astype(np.float64)
        pocket = cast(gymnasium.spaces.Dict, env.action_space).spaces.get("pocket")
        self._pockets = int(pocket.n) if isinstance(pocket, gymnasium.spaces.Discrete) else 0
        self._size = 8 + (1 if self._pockets else 0)
        self.action_space = gymnasium.spaces.Box(-1.0, 1.0, (self._size,), np.float32)

    def action(self, action: npt.NDArray[np.float32]) -> dict[str, Any]:
        """The game's action for a flat one (see the class)."""
        flat = np.asarray(action, np.float64)
        if flat.shape != (self._size,) or not np.all(np.isfinite(flat)):
            raise IllegalGameActionError(
                f"action {flat.tolist()!r} is not {self._size} finite numbers"
            )
        flat = np.clip(flat, -1.0, 1.0)
        values = self._low + (flat[:7] + 1.0) / 2.0 * (self._high - self._low)
        out: dict[str, Any] = {
            "stroke": values[:5].astype(np.float32),
            "placement": values[5:].astype(np.float32),
            "option": _pick(flat[7], len(OPTIONS)),
        }
        if self._pockets:
            out["pocket"] = _pick(flat[8], self._pockets)
        return out


class NormalizedObservations(
    gymnasium.ObservationWrapper[dict[str, Any], dict[str, Any], dict[str, Any]],
    gymnasium.utils.RecordConstructorArgs,
):
    """The observation with its continuous parts in [0, 1] (units stated per key).

    ``balls`` (inches) is divided by the table's playing length and width, the bounds of
    the game's box (0 and 1 are the cushion noses at either end of each axis; a ball
    not on the table stays at 0);
    ``scores`` by the 120 points of a rack. The discrete keys are unchanged (one-hot them
    with :class:`gymnasium.wrappers.FlattenObservation`). Everything else is the game's
    observation (:mod:`rotation61.ai.envs.spaces`).
    """

    def __init__(self, env: gymnasium.Env[dict[str, Any], dict[str, Any]]) -> None:
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.ObservationWrapper.__init__(self, env)
        space = env.observation_space
        balls, scores = _boxes(space, "observation", ("balls", "scores"))
        self._balls_high = balls.high.astype(np.float32)
        self._scores_high = scores.high.astype(np.float32)
        parts = dict(cast(gymnasium.spaces.Dict, space).spaces)  # a Dict: checked by _boxes
        parts["balls"] = gymnasium.spaces.Box(0.0, 1.0, balls.shape, np.float32)
        parts["scores"] = gymnasium.spaces.Box(0.0, 1.0, scores.shape, np.float32)
        self.observation_space = gymnasium.spaces.Dict(parts)

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The game's observation, its ``balls`` and ``scores`` scaled (see the class)."""
        scaled = dict(observation)
        scaled["balls"] = (np.asarray(observation["balls"]) / self._balls_high).astype(np.float32)
        scaled["scores"] = (np.asarray(observation["scores"]) / self._scores_high).astype(
            np.float32
        )
        return scaled


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:Rotation61Env")
