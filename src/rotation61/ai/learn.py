"""The first learning agent: a linear policy over the relative action, trained by cross-entropy.

Owns :class:`LinearPolicy`, :class:`LearnedAgent`, :class:`Training`, :func:`train`,
:func:`practice_position`, :func:`play_inning`, :func:`random_player` and the agent
file's codec (:func:`format_agent` / :func:`parse_agent`). numpy only: no deep-learning
library.

The policy sees, for each pocket, the pot of the ball on into it from where the cue ball
lies (or is placed): the cut's cosine and its square, whether the cue ball's lane to the
ghost ball and the ball on's path to the pocket are clear, both distances (over the
table's length) and whether it is a side pocket (:func:`pocket_features`). It scores
each pocket linearly and takes the best; from the chosen pot's features (and a bias) it
sets the offset from the ghost-ball aim (toward the cut's side), the speed and the
follow or draw (:class:`~rotation61.ai.aim.RelativeStrokeAction`). The break, the cue
ball's spot when in hand and the option after a foul are the geometric player's
(:func:`~rotation61.ai.envs.opponents.geometric_player`): what is learned is the shot.

Training (:func:`train`) is the cross-entropy method over the policy's weights: each
generation draws a population of weight vectors around a Gaussian mean, plays each on the
same practice innings (:func:`practice_position`: random balls at random places, the
shooter at the table), keeps the best quarter by balls potted per inning (less half a
ball for an inning that ends on a foul), and refits the mean and spread to them. An
*episode* is one practice inning; the same seed gives the same agent.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Mapping
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.ai.aim import POCKET_ORDER, RelativeStrokeAction
from rotation61.ai.core import (
    Action,
    GameConfig,
    GameState,
    PhaseKind,
    StrokeAction,
    phase_of,
    position,
    terminal,
    transition,
)
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.levels import get_level
from rotation61.ai.shots import aim_points
from rotation61.geometry import Point
from rotation61.rules import (
    CUE_BALL,
    OBJECT_BALLS,
    TOTAL_POINTS,
    Ball,
    Rotation61Error,
    Seat,
    setup_rack,
)
from rotation61.sim import STROKE_LIMITS, SimTable, playable_layout
from rotation61.sim.table import PocketId

__all__ = [
    "FEATURES",
    "WEIGHTS",
    "AgentFileError",
    "Inning",
    "LearnedAgent",
    "LinearPolicy",
    "Training",
    "format_agent",
    "parse_agent",
    "play_inning",
    "pocket_features",
    "practice_position",
    "random_player",
    "train",
]

FEATURES: Final = 7
"""Features of one pot (see :func:`pocket_features`)."""
WEIGHTS: Final = FEATURES + 3 * (FEATURES + 1)
"""The policy's weights: the pocket scorer, then the offset, speed and tip heads."""

_FORMAT: Final = "rotation61-agent"
_SCHEMA: Final = 1
_MAX_SHOTS: Final = 20
"""Shots after which a practice inning stops (a run is rarely longer)."""
_POPULATION: Final = 16
_ELITE: Final = 4
_POSITIONS: Final = 16
"""Practice innings per candidate and generation (the same for the whole population)."""
_SPEEDS: Final = (0.5, 8.0)
"""The speed head's range, m/s (a log scale: the middle is 2 m/s)."""
_SPREADS: Final = (1.0, 0.01, 0.5, 0.3)
"""The first generation's spread of the pocket scorer's and the offset, speed and tip
heads' weights: small for the offset (a pot is missed by a fraction of a degree), so that
the first strokes are near the ghost-ball aim."""
_SPREAD_FLOOR: Final = 0.05
"""The least spread kept, as a share of the first generation's (so that the search goes on)."""
_FOUL_COST: Final = 0.5
"""What a foul costs in the training's fitness, in balls."""
_TIP: Final = 0.95
"""The share of the miscue limit the tip head may use."""


class AgentFileError(Rotation61Error, ValueError):
    """An agent file that is not one (bad JSON, another format, wrong weights)."""


def _clear(a: Point, b: Point, others: npt.NDArray[np.float64], clearance: float) -> bool:
    """No ball of ``others`` (n, 2) within ``clearance`` of the segment a-b (its ends excluded)."""
    if len(others) == 0:
        return True
    seg = np.array([b.x - a.x, b.y - a.y])
    length2 = max(float(seg @ seg), 1e-12)
    rel = others - np.array([a.x, a.y])
    t = np.clip(rel @ seg / length2, 0.0, 1.0)
    closest = np.array([a.x, a.y]) + t[:, None] * seg
    dist = np.hypot(*(others - closest).T)
    return not bool(np.any((dist < clearance) & (t > 1e-6)))


def pocket_features(
    cue: Point, ball: Point, others: Mapping[Ball, Point], table: SimTable
) -> npt.NDArray[np.float64]:
    """The features of the pot of ``ball`` into each pocket from ``cue``: (6, :data:`FEATURES`).

    Per pocket (in :data:`~rotation61.ai.aim.POCKET_ORDER`): the cut's cosine (negative
    for a pot that does not exist), its square, the cue ball's lane to the ghost ball
    clear (1/0), the ball's path to the pocket clear (1/0), the cue ball's distance to
    the ghost ball and the ball's to the pocket (over the table's length), and 1 for a
    side pocket.
    """
    spec = table.spec
    d = spec.ball_diameter
    rest = np.array([(p.x, p.y) for p in others.values()], np.float64).reshape(-1, 2)
    out = np.zeros((len(POCKET_ORDER), FEATURES))
    points = aim_points(table)
    for k, pocket in enumerate(POCKET_ORDER):
        target = points[pocket]
        to_pocket = max(math.hypot(target.x - ball.x, target.y - ball.y), 1e-9)
        ux, uy = (target.x - ball.x) / to_pocket, (target.y - ball.y) / to_pocket
        ghost = Point(ball.x - d * ux, ball.y - d * uy)
        to_ghost = max(math.hypot(ghost.x - cue.x, ghost.y - cue.y), 1e-9)
        cos_cut = ((ghost.x - cue.x) * ux + (ghost.y - cue.y) * uy) / to_ghost
        out[k] = (
            cos_cut,
            cos_cut * abs(cos_cut),
            float(_clear(cue, ghost, rest, d)),
            float(_clear(ball, target, rest, d)),
            to_ghost / spec.length,
            to_pocket / spec.length,
            float(pocket in (PocketId.SIDE_LEFT, PocketId.SIDE_RIGHT)),
        )
    return out


def _cut_side(cue: Point, ball: Point, target: Point) -> float:
    """+1 when the pot turns the ball on counter-clockwise of the cue ball's line, else -1."""
    ax, ay = ball.x - cue.x, ball.y - cue.y
    bx, by = target.x - ball.x, target.y - ball.y
    return 1.0 if ax * by - ay * bx >= 0 else -1.0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LinearPolicy:
    """The learned shot: :data:`WEIGHTS` numbers (see the module).

    Attributes:
        weights: the pocket scorer (:data:`FEATURES`), then the offset, speed and tip
            heads (each a bias and :data:`FEATURES` weights).

    Raises:
        AgentFileError: not :data:`WEIGHTS` finite numbers.
    """

    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.weights) != WEIGHTS or not all(
            isinstance(w, float) and math.isfinite(w) for w in self.weights
        ):
            raise AgentFileError(f"a policy has {WEIGHTS} finite weights, not {self.weights!r}")

    def stroke(self, state: GameState, cue: Point, placement: Point | None) -> RelativeStrokeAction:
        """The relative stroke at the ball on from ``cue`` (placed at ``placement``, if in hand)."""
        balls = state.balls()
        ball_on = state.rack.lowest
        if ball_on is None or ball_on not in balls:
            raise AgentFileError("no ball on: the policy has nothing to aim at")
        ball = balls[ball_on]
        others = {b: p for b, p in balls.items() if b not in (CUE_BALL, ball_on)}
        table = state.config.table
        feats = pocket_features(cue, ball, others, table)
        w = np.array(self.weights)
        k = int(np.argmax(feats @ w[:FEATURES]))
        g = np.concatenate([[1.0], feats[k]])
        heads = w[FEATURES:].reshape(3, FEATURES + 1) @ g
        pocket = POCKET_ORDER[k]
        side = _cut_side(cue, ball, aim_points(table)[pocket])
        lim = STROKE_LIMITS
        low, high = math.log(_SPEEDS[0]), math.log(_SPEEDS[1])
        speed = math.exp(low + (high - low) / (1.0 + math.exp(-heads[1])))
        return RelativeStrokeAction(
            pocket=pocket,
            offset=float(side * lim.aim_offset * math.tanh(heads[0])),
            speed=float(min(max(speed, lim.min_speed), lim.max_speed)),
            b=float(_TIP * lim.tip_offset * math.tanh(heads[2])),
            placement=placement,
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LearnedAgent:
    """A trained policy as a computer player: ``agent(state) -> action`` (an opponent).

    Attributes:
        policy: the learned shot.
        noise_level: the level whose execution noise its strokes get (and were trained with).
        seed: the training seed.
        episodes: the practice innings it was trained on.
    """

    policy: LinearPolicy
    noise_level: str = "10"
    seed: int = 0
    episodes: int = 0

    def __call__(self, state: GameState) -> Action:
        """The agent's action: the learned shot, or the geometric player's (see the module)."""
        phase = phase_of(state)
        scripted = geometric_player(state)
        if phase in (PhaseKind.OPTION, PhaseKind.BREAK) or not isinstance(scripted, StrokeAction):
            return scripted
        cue = scripted.placement if phase is PhaseKind.IN_HAND else state.balls().get(CUE_BALL)
        if cue is None or state.rack.lowest not in state.balls():
            return scripted
        return self.policy.stroke(state, cue, scripted.placement)


def random_player(seed: int) -> Callable[[GameState], Action]:
    """A player uniform over the relative action (any pocket, offset, speed, follow or draw).

    The geometric player's break, spot and option (as :class:`LearnedAgent`); the draws
    come from the game's state (its seed and length) and ``seed``, so the same state
    gives the same action.
    """

    def act(state: GameState) -> Action:
        phase = phase_of(state)
        scripted = geometric_player(state)
        if phase in (PhaseKind.OPTION, PhaseKind.BREAK) or not isinstance(scripted, StrokeAction):
            return scripted
        rng = np.random.default_rng([seed, state.seed, state.log.length])
        lim = STROKE_LIMITS
        return RelativeStrokeAction(
            pocket=POCKET_ORDER[int(rng.integers(len(POCKET_ORDER)))],
            offset=float(rng.uniform(-lim.aim_offset, lim.aim_offset)),
            speed=float(rng.uniform(lim.min_speed, lim.max_speed)),
            b=float(rng.uniform(-_TIP, _TIP) * lim.tip_offset),
            placement=scripted.placement,
        )

    return act


def practice_position(config: GameConfig, seed: int) -> GameState:
    """A practice inning's start: random object balls at random spots, seat A at the table.

    1 to 15 balls (a random set), then the cue ball, each at a uniform spot clear of the
    others, settled by :func:`~rotation61.sim.playable_layout`; the points already
    scored are split between the seats. The same config and seed give the same position.
    """
    rng = np.random.default_rng([seed, 61])
    spec = config.table.spec
    count = int(rng.integers(1, len(OBJECT_BALLS) + 1))
    on_table = sorted(int(b) for b in rng.choice(sorted(OBJECT_BALLS), count, replace=False))
    r, d = spec.ball_radius, spec.ball_diameter
    balls: dict[Ball, Point] = {}
    for ball in [*on_table, CUE_BALL]:
        while True:
            spot = Point(
                float(rng.uniform(r + 1.0, spec.length - r - 1.0)),
                float(rng.uniform(r + 1.0, spec.width - r - 1.0)),
            )
            if all(math.hypot(spot.x - p.x, spot.y - p.y) > d + 0.05 for p in balls.values()):
                balls[ball] = spot
                break
    layout = playable_layout(spec, balls)
    rest = TOTAL_POINTS - sum(on_table)
    rack = setup_rack(on_table=frozenset(on_table), scores=(rest // 2, rest - rest // 2))
    return position(config, rack, layout, seed=seed)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Inning:
    """What one practice inning gave the shooter.

    Attributes:
        shots: strokes played.
        pots: strokes on which the ball on was credited (no foul).
        points: points scored.
        fouled: the inning ended on a foul.
    """

    shots: int
    pots: int
    points: int
    fouled: bool


def play_inning(
    state: GameState, player: Callable[[GameState], Action], max_shots: int = _MAX_SHOTS
) -> Inning:
    """Let ``player`` shoot from ``state`` until the turn passes, the rack ends or ``max_shots``."""
    seat: Seat = state.rack.to_act
    racks = len(state.match.completed)
    start = state.rack.scores[seat]
    shots = pots = 0
    fouled = False
    while shots < max_shots and not terminal(state) and state.rack.to_act is seat:
        ball_on = state.rack.lowest
        state = transition(state, player(state))
        shots += 1
        ruling = state.log.last.ruling if state.log.last is not None else None
        if ruling is not None and ruling.fouls:
            fouled = True
        elif ruling is not None and ball_on in ruling.credited:
            pots += 1
        if len(state.match.completed) > racks:
            done = state.match.completed[racks]
            return Inning(shots=shots, pots=pots, points=done.scores[seat] - start, fouled=fouled)
    return Inning(shots=shots, pots=pots, points=state.rack.scores[seat] - start, fouled=fouled)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Training:
    """A training run's result.

    Attributes:
        agent: the trained agent (the last generation's mean weights).
        snapshots: after each generation, the episodes played so far and the mean
            weights then (for a learning curve).
        fitness: each generation's mean balls potted per inning over its population.
    """

    agent: LearnedAgent
    snapshots: tuple[tuple[int, LinearPolicy], ...]
    fitness: tuple[float, ...]


def _fitness(inning: Inning) -> float:
    """Balls potted, less half a ball for an inning that ends on a foul (ball in hand given)."""
    return inning.pots - (_FOUL_COST if inning.fouled else 0.0)


def _config(noise_level: str) -> GameConfig:
    return GameConfig(noise=get_level(noise_level).noise)


def train(
    seed: int,
    episodes: int,
    *,
    noise_level: str = "10",
    progress: Callable[[int], None] | None = None,
) -> Training:
    """Train a :class:`LearnedAgent` by the cross-entropy method (see the module).

    Args:
        seed: fixes every draw (weights, positions, execution noise).
        episodes: practice innings to play in all (at least one generation's, 128).
        noise_level: the level whose execution noise the strokes get.
        progress: called with the episodes played after each generation.

    Raises:
        AgentFileError: ``seed`` negative or ``episodes`` below one generation.
        UnknownLevelError: no such ``noise_level``.
    """
    per = _POPULATION * _POSITIONS
    if type(seed) is not int or seed < 0:
        raise AgentFileError(f"seed {seed!r} must be a non-negative integer")
    if type(episodes) is not int or episodes < per:
        raise AgentFileError(f"episodes {episodes!r} must be at least one generation ({per})")
    level = get_level(noise_level).name
    config = _config(level)
    rng = np.random.default_rng([seed, 24])
    mean = np.zeros(WEIGHTS)
    first = np.repeat(_SPREADS, [FEATURES] + [FEATURES + 1] * 3).astype(np.float64)
    spread = first.copy()
    snapshots: list[tuple[int, LinearPolicy]] = []
    fitness: list[float] = []
    played = 0
    for generation in range(episodes // per):
        population = mean + spread * rng.standard_normal((_POPULATION, WEIGHTS))
        starts = [
            practice_position(config, seed * 1_000_003 + generation * _POSITIONS + i)
            for i in range(_POSITIONS)
        ]
        scores = np.zeros(_POPULATION)
        for j, weights in enumerate(population):
            agent = LearnedAgent(policy=LinearPolicy(weights=tuple(float(w) for w in weights)))
            scores[j] = np.mean([_fitness(play_inning(s, agent)) for s in starts])
        played += per
        elite = population[np.argsort(-scores, kind="stable")[:_ELITE]]
        mean = elite.mean(axis=0)
        spread = elite.std(axis=0) + _SPREAD_FLOOR * first
        fitness.append(float(scores.mean()))
        snapshots.append((played, LinearPolicy(weights=tuple(float(w) for w in mean))))
        if progress is not None:
            progress(played)
    agent = LearnedAgent(policy=snapshots[-1][1], noise_level=level, seed=seed, episodes=played)
    return Training(agent=agent, snapshots=tuple(snapshots), fitness=tuple(fitness))


def format_agent(agent: LearnedAgent) -> str:
    """The agent file's text (JSON, with a format header)."""
    return json.dumps(
        {
            "format": _FORMAT,
            "schema": _SCHEMA,
            "policy": "linear",
            "noise_level": agent.noise_level,
            "seed": agent.seed,
            "episodes": agent.episodes,
            "weights": list(agent.policy.weights),
        },
        indent=1,
    )


def parse_agent(text: str) -> LearnedAgent:
    """The agent an agent file's text holds (:func:`format_agent`'s inverse).

    Raises:
        AgentFileError: not JSON, another format or schema, or bad fields.
        UnknownLevelError: its noise level does not exist.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise AgentFileError(f"an agent file is JSON: {err}") from err
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise AgentFileError(f"not a {_FORMAT!r} file")
    if data.get("schema") != _SCHEMA:
        raise AgentFileError(f"agent schema {data.get('schema')!r} is not {_SCHEMA}")
    weights = data.get("weights")
    if not isinstance(weights, list) or not all(isinstance(w, int | float) for w in weights):
        raise AgentFileError(f"agent weights {weights!r} are not a list of numbers")
    seed, episodes = data.get("seed"), data.get("episodes")
    if type(seed) is not int or type(episodes) is not int:
        raise AgentFileError(f"agent seed {seed!r} and episodes {episodes!r} must be integers")
    return LearnedAgent(
        policy=LinearPolicy(weights=tuple(float(w) for w in weights)),
        noise_level=get_level(str(data.get("noise_level"))).name,
        seed=seed,
        episodes=episodes,
    )
