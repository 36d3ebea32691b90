"""Built-in computer players for the environments: policies ``opponent(state) -> action``.

An opponent is any callable from a :class:`~rotation61.ai.core.GameState` (where that
player is to act) to an :class:`~rotation61.ai.core.Action`. Two are built in:

- :func:`level_player`: the search player of :mod:`rotation61.ai.decide` at a skill
  level (:mod:`rotation61.ai.levels`): shot generation, evaluation under its level's
  execution noise, the option after a foul (a :class:`LevelPlayer`, picklable).
- :func:`geometric_player`: a deliberately simple, deterministic player with no search
  and no simulation. It aims the ball in play into the pocket with the best ghost-ball
  score (a clear path for both balls, a small cut, a short shot), places the cue ball
  in hand on the kitchen spot with the best such shot, breaks hard at the ball in play,
  and after a foul takes the table or the cue ball in hand, whichever leaves the better
  shot. With no clear pot it plays the ball in play straight on. It plays no position,
  no bank, no safety, and ignores throw: a cheap sparring partner for fast rollouts, not
  a strong player. The Gymnasium environment's default opponent (fast training).

Neither keeps state or randomness of its own: the same state gives the same action.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from rotation61.ai.core import (
    Action,
    GameState,
    IllegalGameActionError,
    OptionAction,
    PhaseKind,
    StrokeAction,
    phase_of,
)
from rotation61.ai.decide import choose
from rotation61.ai.levels import get_level
from rotation61.geometry import Point
from rotation61.rules import CUE_BALL, Ball, Option

__all__ = [
    "DEFAULT_LEVEL",
    "LevelPlayer",
    "Opponent",
    "geometric_player",
    "level_player",
    "opponent_from",
]

Opponent: TypeAlias = Callable[[GameState], Action]
"""A policy: the action of the player to act in a state."""

DEFAULT_LEVEL: Final = "5"
"""The level of :func:`level_player` when none is named (a club player)."""

_MAX_CUT_DEG: Final = 75.0
"""Cuts thinner than this are not tried by the geometric player."""
_BREAK_SPEED: Final = 8.0
"""The geometric player's break speed, m/s."""
_CONTACT_SPEED: Final = 2.5
"""The speed of a plain contact shot when no pot is clear, m/s."""
_CORNER_INSET: Final = 0.3
"""Inches beyond a corner pocket's corner that the geometric player aims the ball at."""
_SIDE_INSET: Final = 1.0
"""Inches beyond a side pocket's cushion line that the geometric player aims the ball at."""
_CLEAR_IN: Final = 1e-3
"""Inches kept between a kitchen spot and any ball (beyond touching)."""
_GRID: Final = (5, 9)
"""Kitchen spots tried with the cue ball in hand (along x, along y)."""

_Pots: TypeAlias = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]


@dataclasses.dataclass(frozen=True, slots=True)
class LevelPlayer:
    """The search player at a skill level, as a picklable policy (see :func:`level_player`).

    Attributes:
        level: the level's name.
        workers: engine threads per search.
    """

    level: str
    workers: int | None = 1

    @property
    def __name__(self) -> str:
        """``level_<name>_player``."""
        return f"level_{self.level}_player"

    def __call__(self, state: GameState) -> Action:
        """The action the level's search chooses in ``state``."""
        return choose(state, get_level(self.level), workers=self.workers).action


def level_player(level: str | int = DEFAULT_LEVEL, *, workers: int | None = 1) -> Opponent:
    """The search player (:func:`rotation61.ai.decide.choose`) at a skill level.

    The policy is a :class:`LevelPlayer`, so environments that hold one can be pickled
    (vectorised environments in subprocesses, checkpoints).

    Args:
        level: ``1`` .. ``10`` or ``"olympiad"`` (:mod:`rotation61.ai.levels`).
        workers: engine threads per search.

    Raises:
        UnknownLevelError: no such level.
    """
    return LevelPlayer(get_level(level).name, workers)


def opponent_from(opponent: Opponent | str | int) -> Opponent:
    """A policy from a callable (kept as is) or a level name (:func:`level_player`).

    Raises:
        UnknownLevelError: a level name that does not exist.
        IllegalGameActionError: neither a callable nor a level name.
    """
    if isinstance(opponent, str | int) and not isinstance(opponent, bool):
        return level_player(opponent)
    if callable(opponent):
        return opponent
    raise IllegalGameActionError(f"opponent {opponent!r} is neither a policy nor a level name")


def _pockets(state: GameState) -> list[Point]:
    """Where the ball in play is sent, inches: just past each pocket's mouth.

    Corners: :data:`_CORNER_INSET` beyond the table's corner on the diagonal; sides:
    :data:`_SIDE_INSET` beyond the side cushion's line.
    """
    spec = state.config.table.spec
    length, width, c, s = spec.length, spec.width, _CORNER_INSET, _SIDE_INSET
    return [
        Point(-c, -c),
        Point(length / 2, -s),
        Point(length + c, -c),
        Point(length + c, width + c),
        Point(length / 2, width + s),
        Point(-c, width + c),
    ]


_F64: TypeAlias = npt.NDArray[np.float64]


def _blocked(a: _F64, b: _F64, others: _F64, clearance: float) -> npt.NDArray[np.bool_]:
    """Whether a ball moving from ``a[...]`` to ``b[...]`` passes within ``clearance`` of another.

    ``a`` and ``b`` are (..., 2) arrays of centres, ``others`` (M, 2); the result has
    ``a``'s leading shape.
    """
    if len(others) == 0:
        return np.zeros(a.shape[:-1], np.bool_)
    seg = b - a
    length2 = np.maximum(np.sum(seg * seg, axis=-1), 1e-12)[..., None]
    rel = others - a[..., None, :]
    t = np.clip(np.sum(rel * seg[..., None, :], axis=-1) / length2, 0.0, 1.0)
    closest = a[..., None, :] + t[..., None] * seg[..., None, :]
    dist = np.hypot(closest[..., 0] - others[:, 0], closest[..., 1] - others[:, 1])
    return np.asarray(np.any(dist < clearance, axis=-1))


def _best_pots(state: GameState, balls: Mapping[Ball, Point], cues: _F64) -> _Pots | None:
    """The best direct pot of the ball in play from each cue-ball centre in ``cues`` (K, 2).

    Returns (score, aim, speed) arrays of shape (K,), score 0 where no pot is clear, or
    ``None`` without a ball in play.
    """
    lowest = state.rack.lowest
    if lowest is None or lowest not in balls:
        return None
    d = state.config.table.spec.ball_diameter
    ball = np.array([balls[lowest].x, balls[lowest].y])
    others = np.array(
        [(p.x, p.y) for b, p in balls.items() if b not in (CUE_BALL, lowest)], np.float64
    ).reshape(-1, 2)
    pockets = np.array([(p.x, p.y) for p in _pockets(state)])
    to_pocket = np.hypot(*(pockets - ball).T)
    unit = (pockets - ball) / to_pocket[:, None]
    ghosts = ball - d * unit  # (6, 2)
    lane = ghosts[None, :, :] - cues[:, None, :]  # (K, 6, 2)
    to_ghost = np.maximum(np.hypot(lane[..., 0], lane[..., 1]), 1e-9)
    cut = np.sum(lane * unit[None], axis=-1) / to_ghost
    ok = cut >= math.cos(math.radians(_MAX_CUT_DEG))
    ok &= ~_blocked(ball[None, :].repeat(len(pockets), 0), pockets, others, d)[None, :]
    ok &= ~_blocked(np.broadcast_to(cues[:, None, :], lane.shape), ghosts[None], others, d)
    score = np.where(ok, cut * cut / (1.0 + (to_ghost + to_pocket) / 100.0), 0.0)
    speed = np.minimum(0.6 + 0.0125 * (to_ghost + to_pocket / np.maximum(cut, 0.3)), 3.0)
    aim = np.degrees(np.arctan2(lane[..., 1], lane[..., 0]))
    best = np.argmax(score, axis=1)
    rows = np.arange(len(cues))
    return score[rows, best], aim[rows, best], speed[rows, best]


def _kitchen_spots(state: GameState, balls: Mapping[Ball, Point]) -> _F64:
    """The legal cue-ball spots of a grid over the kitchen (K, 2), nearest the head spot first.

    The grid lies inside the cushions and 0.5 in behind the head string; a spot is kept
    if it is clear of every ball (:func:`~rotation61.geometry.placement_ok` holds).
    """
    spec = state.config.table.spec
    r = spec.ball_radius
    nx, ny = _GRID
    xs = np.linspace(r + 0.5, spec.head_string_x - 0.5, nx)
    ys = np.linspace(r + 0.5, spec.width - r - 0.5, ny)
    spots = np.stack(np.meshgrid(xs, ys, indexing="ij"), axis=-1).reshape(-1, 2)
    head = np.array([xs[-1], spec.width / 2])
    spots = spots[np.argsort(np.hypot(*(spots - head).T), kind="stable")]
    others = np.array([(p.x, p.y) for b, p in balls.items() if b != CUE_BALL]).reshape(-1, 2)
    if len(others):
        gap = np.hypot(
            spots[:, None, 0] - others[None, :, 0], spots[:, None, 1] - others[None, :, 1]
        )
        spots = spots[np.min(gap, axis=1) >= spec.ball_diameter + _CLEAR_IN]
    return spots


def _contact(state: GameState, balls: Mapping[Ball, Point], cue: Point) -> tuple[float, float]:
    """Aim and speed straight at the ball in play (the fallback: legal contact, maybe)."""
    lowest = state.rack.lowest
    target = balls.get(lowest) if lowest is not None else None
    if target is None:
        return 0.0, _CONTACT_SPEED
    return math.degrees(math.atan2(target.y - cue.y, target.x - cue.x)), _CONTACT_SPEED


def _in_hand(state: GameState) -> tuple[float, Point, float, float]:
    """The best kitchen spot: (score, spot, aim, speed); a contact shot if no pot is clear."""
    balls = {b: p for b, p in state.layout if b != CUE_BALL}
    spots = _kitchen_spots(state, balls)
    if len(spots) == 0:
        raise IllegalGameActionError("no legal kitchen spot on the geometric player's grid")
    pots = _best_pots(state, balls, spots)
    if pots is not None and float(np.max(pots[0])) > 0.0:
        k = int(np.argmax(pots[0]))
        spot = Point(float(spots[k, 0]), float(spots[k, 1]))
        return float(pots[0][k]), spot, float(pots[1][k]), float(pots[2][k])
    spot = Point(float(spots[0, 0]), float(spots[0, 1]))
    aim, speed = _contact(state, balls, spot)
    return 0.0, spot, aim, speed


def _at_table(state: GameState) -> tuple[float, float, float]:
    """The best shot with the cue ball where it lies: (score, aim, speed)."""
    balls = state.balls()
    cue = balls[CUE_BALL]
    pots = _best_pots(state, balls, np.array([[cue.x, cue.y]]))
    if pots is not None and float(pots[0][0]) > 0.0:
        return float(pots[0][0]), float(pots[1][0]), float(pots[2][0])
    aim, speed = _contact(state, balls, cue)
    return 0.0, aim, speed


def _option(state: GameState) -> Option:
    """Take the table or the cue ball in hand, whichever gives the better shot."""
    pending = state.rack.pending
    if pending is None:
        raise IllegalGameActionError("no option is due")
    offered = pending.options
    values: dict[Option, float] = {}
    if Option.CUE_IN_HAND_KITCHEN in offered:
        values[Option.CUE_IN_HAND_KITCHEN] = _in_hand(state)[0]
    if Option.ACCEPT_TABLE in offered and CUE_BALL in state.balls():
        values[Option.ACCEPT_TABLE] = _at_table(state)[0]
    if not values:
        return offered[0]
    return max(values, key=lambda o: (values[o], o is Option.CUE_IN_HAND_KITCHEN))


def geometric_player(state: GameState) -> Action:
    """The simple geometric player's action (see the module): no search, no simulation.

    Raises:
        IllegalGameActionError: the match is over.
    """
    phase = phase_of(state)
    spec = state.config.table.spec
    match phase:
        case PhaseKind.OVER:
            raise IllegalGameActionError("the match is over: no action is due")
        case PhaseKind.OPTION:
            return OptionAction(option=_option(state))
        case PhaseKind.BREAK:
            balls = {b: p for b, p in state.layout if b != CUE_BALL}
            spots = _kitchen_spots(state, balls)
            spot = (
                Point(float(spots[0, 0]), float(spots[0, 1]))
                if len(spots)
                else Point(spec.head_string_x - 0.5, spec.width / 2)
            )
            aim, _ = _contact(state, balls, spot)
            return StrokeAction(speed=_BREAK_SPEED, phi=aim, b=-0.1, placement=spot)
        case PhaseKind.IN_HAND:
            _, spot, aim, speed = _in_hand(state)
            return StrokeAction(speed=speed, phi=aim, placement=spot)
        case PhaseKind.STROKE:
            _, aim, speed = _at_table(state)
            return StrokeAction(speed=speed, phi=aim)
