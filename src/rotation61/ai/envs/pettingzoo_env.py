"""A PettingZoo AEC environment: both players of a match, turn by turn.

::

    from rotation61.ai.envs.pettingzoo_env import env
    game = env()
    game.reset(seed=7)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        action = None if terminated or truncated else game.action_space(agent).sample()
        game.step(action)

The agents are ``"player_0"`` (seat A, who breaks the first rack) and ``"player_1"``
(seat B);
``agent_selection`` is the seat to act in the core game (:mod:`rotation61.ai.core`),
which may act several times in a row (a player keeps the table after a legal pot, and
chooses an option after the opponent's foul). The spaces are those of the Gymnasium
environment (:mod:`rotation61.ai.envs.spaces`), seen from each agent's side. After an
action both agents get the core's zero-sum rewards (:func:`~rotation61.ai.core.rewards`):
points scored minus points conceded, and ``config.rack_reward`` for a rack won (minus it
for a rack lost). At the end of the match both agents are terminated (the core ends
every rack, so nobody is truncated). ``reset(seed=s)`` plays the core game of seed ``s``.
``state()`` is the global state; :func:`parallel_env` gives the parallel API.
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

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
from rotation61.ai.envs.spaces import (
    RENDER_MODES,
    action_space,
    check_render_mode,
    encode,
    observation_space,
    parse_action_mode,
    render,
    to_action,
)
from rotation61.records import MatchRecord
from rotation61.rules import Seat
from rotation61.sim import OLYMPIAD_NOISE

__all__ = ["AGENTS", "Rotation61AEC", "Rotation61Parallel", "env", "parallel_env", "raw_env"]

AGENTS: Final = ("player_0", "player_1")
"""The agents' names, by seat (A, B)."""

_SEED_BOUND: Final = 2**31 - 1


def _seat(agent: str) -> Seat:
    try:
        return Seat(AGENTS.index(agent))
    except ValueError:
        raise IllegalGameActionError(f"agent {agent!r} is not one of {AGENTS!r}") from None


class Rotation61AEC(AECEnv[str, dict[str, Any], dict[str, Any] | None]):
    """61 for two agents (see the module).

    Args:
        config: the game (race, rules, table, execution noise); by default a race to
            one rack with the Computer Olympiad's noise for both seats.
        render_mode: ``None``, ``"ansi"`` (a line of text per call) or ``"human"``
            (the line written to stdout).
        action_mode: ``"absolute"`` (the aim an angle) or ``"relative"`` (a pocket for
            the ball on and an offset from its ghost-ball aim; see
            :mod:`rotation61.ai.envs.spaces`).

    Raises:
        IllegalGameActionError: a bad config, render mode or action mode.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's API)
        "name": "rotation61_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: GameConfig | None = None,
        render_mode: str | None = None,
        action_mode: ActionMode | str = ActionMode.ABSOLUTE,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.action_mode = parse_action_mode(action_mode)
        if config is None:
            config = GameConfig(noise=OLYMPIAD_NOISE)
        if not isinstance(config, GameConfig):
            raise IllegalGameActionError(f"config {config!r} is not a GameConfig")
        self.config = config
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._observation_space = observation_space(config)
        self._action_space = action_space(config, self.action_mode)
        self.state_space = self._observation_space
        self._state: GameState | None = None
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same object for both agents)."""
        _seat(agent)
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space (the same object for both agents)."""
        _seat(agent)
        return self._action_space

    @property
    def game(self) -> GameState:
        """The game now (immutable).

        Raises:
            IllegalGameActionError: before the first :meth:`reset`.
        """
        if self._state is None:
            raise IllegalGameActionError("the environment has not been reset")
        return self._state

    def record(self) -> MatchRecord:
        """The match record so far (``rotation61 record verify`` accepts it)."""
        return self.game.record()

    def state(self) -> dict[str, Any]:
        """The global state: the whole table, seen from seat A's side (in ``state_space``).

        61 hides nothing, so the global state is an observation; ``observe("player_0")``
        gives the same.

        Raises:
            IllegalGameActionError: before the first :meth:`reset`.
        """
        return encode(observation(self.game, Seat.A))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match (``reset(seed=s)`` plays the core game of seed ``s``).

        Raises:
            IllegalGameActionError: the seed is not a non-negative integer.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise IllegalGameActionError(f"seed {seed!r} must be a non-negative integer")
            self._np_random = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            game_seed = int(self._np_random.integers(_SEED_BOUND))
        self._state = initial(self.config, game_seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._info() for agent in self.agents}
        self.agent_selection = AGENTS[self.game.rack.to_act]

    def _info(self) -> dict[str, Any]:
        state = self.game
        return {"phase": phase_of(state).value, "inputs": state.log.length}

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now (its side first)."""
        return encode(observation(self.game, _seat(agent)))

    def step(self, action: dict[str, Any] | None) -> None:
        """Play the selected agent's action (``None`` for an agent whose match is over).

        Raises:
            IllegalGameActionError: the action is not a member of the action space
                (nothing changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.game
        if action is None:
            raise IllegalGameActionError(f"agent {agent!r} is to act: the action is None")
        move = to_action(before, action, self.action_mode)
        after = transition(before, move)
        gained = rewards(before, move, after)
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: float(gained[_seat(a)]) for a in self.agents}
        over = terminal(after)
        self.terminations = dict.fromkeys(self.agents, over)
        self.infos = {a: self._info() for a in self.agents}
        if not over:
            self.agent_selection = AGENTS[after.rack.to_act]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The ``ansi`` view (a line of text); ``human`` writes it to stdout (``None``)."""
        return render(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class Rotation61Parallel(ParallelEnv[str, dict[str, Any], dict[str, Any]]):
    """61 for two agents in PettingZoo's parallel API: every agent acts at every step.

    The game is turn-based: of the actions given at a step, only the one of the agent to
    act (``infos[agent]["to_act"]``) is played; the other's is ignored. Observations,
    rewards and ends are those of :class:`Rotation61AEC`, over the same core;
    ``state()`` is the global state.

    Args:
        config: the game (as :class:`Rotation61AEC`).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        action_mode: ``"absolute"`` or ``"relative"`` (as :class:`Rotation61AEC`).

    Raises:
        IllegalGameActionError: a bad config or render mode.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's API)
        "name": "rotation61_parallel_v0",
        "render_modes": list(RENDER_MODES),
    }

    def __init__(
        self,
        config: GameConfig | None = None,
        render_mode: str | None = None,
        action_mode: ActionMode | str = ActionMode.ABSOLUTE,
    ) -> None:
        self._aec = Rotation61AEC(config, render_mode=render_mode, action_mode=action_mode)
        self.action_mode = self._aec.action_mode
        self.config = self._aec.config
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.state_space = self._aec.state_space

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space (the same object for both agents)."""
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space (the same object for both agents)."""
        return self._aec.action_space(agent)

    @property
    def game(self) -> GameState:
        """The game now (immutable).

        Raises:
            IllegalGameActionError: before the first :meth:`reset`.
        """
        return self._aec.game

    def record(self) -> MatchRecord:
        """The match record so far."""
        return self._aec.record()

    def state(self) -> dict[str, Any]:
        """The global state (see :meth:`Rotation61AEC.state`)."""
        return self._aec.state()

    def _infos(self) -> dict[str, dict[str, Any]]:
        to_act = self._aec.agent_selection
        return {a: {**self._aec.infos[a], "to_act": a == to_act} for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Start a new match (``reset(seed=s)`` plays the core game of seed ``s``).

        Raises:
            IllegalGameActionError: the seed is not a non-negative integer.
        """
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self._aec.agents)
        return {a: self._aec.observe(a) for a in self.agents}, self._infos()

    def step(
        self, actions: dict[str, dict[str, Any]]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to act (the other's is ignored).

        Raises:
            IllegalGameActionError: the match is over, an agent's action is missing, or
                the acting agent's is not in the action space (nothing changes).
        """
        if not self.agents:
            raise IllegalGameActionError("the match is over: call reset()")
        for agent in self.agents:
            if agent not in actions:
                raise IllegalGameActionError(f"no action for agent {agent!r}")
        self._aec.step(actions[self._aec.agent_selection])
        agents = self.agents
        observations = {a: self._aec.observe(a) for a in agents}
        rewards = {a: float(self._aec.rewards[a]) for a in agents}
        terminations = {a: bool(self._aec.terminations[a]) for a in agents}
        truncations = {a: bool(self._aec.truncations[a]) for a in agents}
        infos = self._infos()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As :meth:`Rotation61AEC.render`."""
        return self._aec.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    config: GameConfig | None = None,
    render_mode: str | None = None,
    action_mode: ActionMode | str = ActionMode.ABSOLUTE,
) -> Rotation61Parallel:
    """The environment in PettingZoo's parallel API (:class:`Rotation61Parallel`)."""
    return Rotation61Parallel(config, render_mode=render_mode, action_mode=action_mode)


def raw_env(
    config: GameConfig | None = None,
    render_mode: str | None = None,
    action_mode: ActionMode | str = ActionMode.ABSOLUTE,
) -> Rotation61AEC:
    """The environment without PettingZoo's wrappers."""
    return Rotation61AEC(config, render_mode=render_mode, action_mode=action_mode)


def env(
    config: GameConfig | None = None,
    render_mode: str | None = None,
    action_mode: ActionMode | str = ActionMode.ABSOLUTE,
) -> AECEnv[Any, Any, Any]:
    """The environment in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(raw_env(config, render_mode, action_mode))
