"""The spaces the Gymnasium and PettingZoo environments share, and their translation.

Observation (a :class:`gymnasium.spaces.Dict`, from the observer's side: "mine" first):

=================  =================================  =====================================
key                space                              meaning
=================  =================================  =====================================
``balls``          ``Box(0, [L, W], (16, 2))``        ball centres, inches (row = ball
                                                      number, 0 = cue ball); ``(0, 0)``
                                                      when the ball is not on the table
``present``        ``MultiBinary(16)``                the ball is on the table (the cue
                                                      ball is absent while in hand)
``ball_in_play``   ``Discrete(16)``                   the lowest ball on the table (0 once
                                                      the match is over)
``to_act``         ``Discrete(3)``                    0 the observer, 1 the opponent,
                                                      2 nobody (the match is over)
``phase``          ``Discrete(5)``                    what is due, in
                                                      :class:`~rotation61.ai.core.PhaseKind`
                                                      order: break, stroke, in hand,
                                                      option, over
``options``        ``MultiBinary(4)``                 the options offered after a foul, in
                                                      :class:`~rotation61.rules.Option`
                                                      order (the mask of ``option``)
``scores``         ``Box(0, 120, (2,))``              this rack's points
``fouls``          ``MultiDiscrete([n+1, n+1])``      §XV consecutive fouls (n: the limit)
``racks_won``      ``MultiDiscrete([r+1, r+1])``      racks won in the race to r
=================  =================================  =====================================

Action (a :class:`gymnasium.spaces.Dict`; only the part the phase asks for is read):

- ``stroke``: ``Box(5)``, float32: speed (m/s, 0.05..12), aim ``phi`` (degrees from +x,
  -180..180), elevation ``theta`` (degrees, 0..60), tip offsets ``a`` (side) and ``b``
  (follow/draw) in ball radii, each within the miscue limit (0.5); the bounds are
  :data:`~rotation61.sim.STROKE_LIMITS`. Read in
  the break, stroke and in-hand phases. A tip offset whose length is beyond the miscue
  limit is pulled back to it along its own direction.
- ``placement``: ``Box(2)``, float32: the cue ball's centre (inches) in the kitchen,
  read only when the cue ball is in hand (break, in hand). A spot that overlaps a ball
  is moved to the nearest legal spot (searched on rings around it).
- ``option``: ``Discrete(4)``, an :class:`~rotation61.rules.Option` by its index, read
  only in the option phase. An option that is not offered (see the ``options`` mask)
  is replaced by the first one offered, in the referee's order.

With ``action_mode="relative"`` (:class:`~rotation61.ai.aim.ActionMode`) the stroke is
aimed by the game instead of by an absolute angle (:mod:`rotation61.ai.aim`):

- ``pocket``: ``Discrete(6)``, the pocket the ball on (the lowest ball) is aimed at, in
  :data:`~rotation61.ai.aim.POCKET_ORDER` (head right, side right, foot right, foot
  left, side left, head left);
- ``stroke``: ``Box(5)`` as above, except that its second element is the offset
  (degrees, ``-aim_offset..aim_offset`` of :data:`~rotation61.sim.STROKE_LIMITS`) from
  the ghost-ball aim of that pot, taken from where the cue ball lies or is placed.

``placement`` and ``option`` are read as in the absolute mode.

Values outside a box are clipped to it; a value that is not a finite number, or an
action that is not such a mapping, is refused with an
:class:`~rotation61.ai.core.IllegalGameActionError` naming it.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from rotation61.ai.aim import POCKET_ORDER, ActionMode, RelativeStrokeAction
from rotation61.ai.core import (
    Action,
    GameConfig,
    GameState,
    IllegalGameActionError,
    Observation,
    OptionAction,
    PhaseKind,
    StrokeAction,
    phase_of,
    terminal,
)
from rotation61.geometry import Point, placement_ok
from rotation61.rules import CUE_BALL, TOTAL_POINTS, Option, Seat, get_ruleset
from rotation61.sim import STROKE_LIMITS

__all__ = [
    "OPTIONS",
    "PHASES",
    "RENDER_MODES",
    "action_space",
    "check_render_mode",
    "describe",
    "encode",
    "observation_space",
    "parse_action_mode",
    "render",
    "to_action",
]

RENDER_MODES: Final[tuple[str, ...]] = ("ansi", "human")
"""The environments' render modes: the text line returned, or written to stdout."""

PHASES: Final[tuple[PhaseKind, ...]] = tuple(PhaseKind)
"""The ``phase`` observation's values, by index."""
OPTIONS: Final[tuple[Option, ...]] = tuple(Option)
"""The ``option`` action's and the ``options`` mask's values, by index."""

_KITCHEN_MARGIN: Final = 0.01
"""Inches kept between the placement box and the head string (the line is not the kitchen)."""
_RING_STEP: Final = 0.25
"""Inches between the rings searched for a legal placement."""
_RING_POINTS: Final = 24


def observation_space(config: GameConfig) -> spaces.Dict:
    """The observation space of a game under ``config`` (see the module)."""
    spec = config.table.spec
    high = np.tile(np.array([spec.length, spec.width], np.float32), (16, 1))
    limit = get_ruleset(config.rules).consecutive_foul_limit
    return spaces.Dict(
        {
            "balls": spaces.Box(low=np.zeros((16, 2), np.float32), high=high, dtype=np.float32),
            "present": spaces.MultiBinary(16),
            "ball_in_play": spaces.Discrete(16),
            "to_act": spaces.Discrete(3),
            "phase": spaces.Discrete(len(PHASES)),
            "options": spaces.MultiBinary(len(OPTIONS)),
            "scores": spaces.Box(0.0, float(TOTAL_POINTS), (2,), np.float32),
            "fouls": spaces.MultiDiscrete([limit + 1] * 2),
            "racks_won": spaces.MultiDiscrete([config.race_to + 1] * 2),
        }
    )


def parse_action_mode(mode: ActionMode | str) -> ActionMode:
    """The action mode named (``"absolute"`` or ``"relative"``).

    Raises:
        IllegalGameActionError: no such mode.
    """
    try:
        return ActionMode(mode)
    except ValueError:
        names = [m.value for m in ActionMode]
        raise IllegalGameActionError(f"action_mode {mode!r} is not one of {names!r}") from None


def _stroke_box(config: GameConfig, mode: ActionMode = ActionMode.ABSOLUTE) -> spaces.Box:
    lim, m = STROKE_LIMITS, STROKE_LIMITS.tip_offset
    turn = 180.0 if mode is ActionMode.ABSOLUTE else lim.aim_offset
    low = np.array([lim.min_speed, -turn, 0.0, -m, -m], np.float32)
    high = np.array([lim.max_speed, turn, lim.max_elevation, m, m], np.float32)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def _placement_box(config: GameConfig) -> spaces.Box:
    spec = config.table.spec
    r = spec.ball_radius
    low = np.array([r, r], np.float32)
    high = np.array([spec.head_string_x - _KITCHEN_MARGIN, spec.width - r], np.float32)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def action_space(config: GameConfig, mode: ActionMode = ActionMode.ABSOLUTE) -> spaces.Dict:
    """The action space of a game under ``config`` in an action mode (see the module)."""
    parts: dict[str, spaces.Space[Any]] = {
        "stroke": _stroke_box(config, mode),
        "placement": _placement_box(config),
        "option": spaces.Discrete(len(OPTIONS)),
    }
    if mode is ActionMode.RELATIVE:
        parts["pocket"] = spaces.Discrete(len(POCKET_ORDER))
    return spaces.Dict(parts)


def encode(obs: Observation) -> dict[str, Any]:
    """The observation as a member of :func:`observation_space` (new arrays)."""
    balls = np.zeros((16, 2), np.float32)
    present = np.zeros(16, np.int8)
    for ball, point in obs.layout:
        balls[ball] = (point.x, point.y)
        present[ball] = 1
    options = np.zeros(len(OPTIONS), np.int8)
    for option in obs.options:
        options[OPTIONS.index(option)] = 1
    to_act = 2 if obs.to_act is None else 0 if obs.to_act is obs.player else 1
    return {
        "balls": balls,
        "present": present,
        "ball_in_play": np.int64(0 if obs.ball_in_play is None else obs.ball_in_play),
        "to_act": np.int64(to_act),
        "phase": np.int64(PHASES.index(obs.phase)),
        "options": options,
        "scores": np.array(obs.scores, np.float32),
        "fouls": np.array(obs.fouls, np.int64),
        "racks_won": np.array(obs.racks_won, np.int64),
    }


def _vector(action: Mapping[str, Any], key: str, box: spaces.Box) -> npt.NDArray[np.float64]:
    """The action's ``key`` as finite floats of the box's shape, clipped to the box."""
    try:
        value = np.asarray(action[key], dtype=np.float64)
    except (KeyError, TypeError, ValueError) as err:
        raise IllegalGameActionError(f"action {key!r} is missing or not numbers: {err}") from err
    if value.shape != box.shape:
        raise IllegalGameActionError(f"action {key!r} has shape {value.shape!r}, not {box.shape!r}")
    if not np.all(np.isfinite(value)):
        raise IllegalGameActionError(f"action {key!r} {value.tolist()!r} is not finite")
    return np.clip(value, box.low.astype(np.float64), box.high.astype(np.float64))


def _legal_spot(state: GameState, wanted: Point, box: spaces.Box) -> Point:
    """``wanted`` if it is a legal kitchen spot, else the nearest legal spot on rings around it."""
    spec = state.config.table.spec
    others = [p for b, p in state.layout if b != CUE_BALL]
    if placement_ok(spec, wanted, others):
        return wanted
    lo, hi = box.low.astype(np.float64), box.high.astype(np.float64)
    reach = math.hypot(hi[0] - lo[0], hi[1] - lo[1])
    steps = int(reach / _RING_STEP) + 1
    for k in range(1, steps + 1):
        radius = k * _RING_STEP
        for j in range(_RING_POINTS):
            angle = 2.0 * math.pi * j / _RING_POINTS
            x = min(max(wanted.x + radius * math.cos(angle), lo[0]), hi[0])
            y = min(max(wanted.y + radius * math.sin(angle), lo[1]), hi[1])
            spot = Point(float(x), float(y))
            if placement_ok(spec, spot, others):
                return spot
    raise IllegalGameActionError(f"no legal cue-ball spot in the kitchen near {wanted!r}")


def _index(action: Mapping[str, Any], key: str, size: int) -> int:
    """The action's ``key`` as an index in ``0..size-1``."""
    try:
        raw = action[key]
        index = int(raw)
    except (KeyError, TypeError, ValueError) as err:
        raise IllegalGameActionError(f"action {key!r} is missing or not an index: {err}") from err
    if index != raw or not 0 <= index < size:
        raise IllegalGameActionError(f"action {key!r} {raw!r} is not an index in 0..{size - 1}")
    return index


def to_action(
    state: GameState, action: Mapping[str, Any], mode: ActionMode = ActionMode.ABSOLUTE
) -> Action:
    """The game action that a member of :func:`action_space` means in ``state`` (see the module).

    Raises:
        IllegalGameActionError: the match is over, or the action is not a mapping of
            the space's keys with finite numbers.
    """
    if not isinstance(action, Mapping):
        raise IllegalGameActionError(f"action {action!r} is not a mapping of the action space")
    phase = phase_of(state)
    config = state.config
    match phase:
        case PhaseKind.OVER:
            raise IllegalGameActionError("the match is over: no action is due")
        case PhaseKind.OPTION:
            return OptionAction(option=_option(state, action))
        case PhaseKind.BREAK | PhaseKind.IN_HAND | PhaseKind.STROKE:
            stroke = _vector(action, "stroke", _stroke_box(config, mode))
            speed, phi, theta, a, b = (float(v) for v in stroke)
            limit = STROKE_LIMITS.tip_offset
            offset = math.hypot(a, b)
            if offset > limit:
                scale = limit / offset * (1.0 - 1e-9)
                a, b = a * scale, b * scale
            placement = None
            if phase is not PhaseKind.STROKE:
                box = _placement_box(config)
                x, y = (float(v) for v in _vector(action, "placement", box))
                placement = _legal_spot(state, Point(x, y), box)
            if mode is ActionMode.RELATIVE:
                pocket = POCKET_ORDER[_index(action, "pocket", len(POCKET_ORDER))]
                return RelativeStrokeAction(
                    pocket=pocket,
                    speed=speed,
                    offset=phi,
                    theta=theta,
                    a=a,
                    b=b,
                    placement=placement,
                )
            return StrokeAction(speed=speed, phi=phi, theta=theta, a=a, b=b, placement=placement)


def _option(state: GameState, action: Mapping[str, Any]) -> Option:
    pending = state.rack.pending
    if pending is None:
        raise IllegalGameActionError("no option is due")
    option = OPTIONS[_index(action, "option", len(OPTIONS))]
    return option if option in pending.options else pending.options[0]


def describe(state: GameState) -> str:
    """A one-line text view of a game state (the ``ansi`` render)."""
    rack = state.rack
    over = terminal(state)
    balls = " ".join(f"{b}@({p.x:.1f},{p.y:.1f})" for b, p in state.layout)
    who = "-" if over else rack.to_act.name
    return (
        f"rack {len(state.match.completed) + (0 if over else 1)} "
        f"racks {state.match.racks_won[Seat.A]}-{state.match.racks_won[Seat.B]} "
        f"points {rack.scores[Seat.A]}-{rack.scores[Seat.B]} "
        f"fouls {rack.consecutive_fouls[Seat.A]}-{rack.consecutive_fouls[Seat.B]} "
        f"to act {who} ({phase_of(state).value}) ball in play {rack.lowest if not over else '-'} "
        f"| {balls}"
    )


def check_render_mode(render_mode: str | None) -> None:
    """Refuse a render mode the environments do not have.

    Raises:
        IllegalGameActionError: not ``None`` nor one of :data:`RENDER_MODES`.
    """
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise IllegalGameActionError(
            f"render_mode {render_mode!r} is not None or one of {list(RENDER_MODES)!r}"
        )


def render(state: GameState, render_mode: str | None) -> str | None:
    """Render a game state: ``ansi`` returns :func:`describe`'s line, ``human`` writes it.

    Args:
        state: the game.
        render_mode: ``None`` (nothing), ``"ansi"`` or ``"human"`` (the line on stdout).

    Returns:
        The line for ``ansi``; ``None`` otherwise.
    """
    if render_mode is None:
        return None
    line = describe(state)
    if render_mode == "human":
        sys.stdout.write(line + "\n")
        return None
    return line
