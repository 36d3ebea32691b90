"""A browser game's values and its table: the modes, the game as it stands, a shot played.

The balls of a game are derived by replay (:func:`table_after`) through the one table
transition (:func:`rotation61.ai.table.balls_after`); strokes are checked against the
one set of stroke limits (:func:`check_stroke`) and stored as plain numbers
(:func:`stroke_to_dict`). The use cases are :class:`~rotation61.web.services.play.PlayService`'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final, Protocol

from rotation61.ai.table import RackSource, SeededRacks, balls_after
from rotation61.geometry import Point, TableSpec
from rotation61.match import MatchState
from rotation61.records import MatchLog, ShotInput
from rotation61.rules import CUE_BALL, Ball, IllegalActionError, Option, Phase, Ruling, Seat
from rotation61.sim import (
    MotionState,
    SimEvent,
    SimResult,
    SimTable,
    Stroke,
    StrokeOutOfRangeError,
    simulate,
)
from rotation61.sim import check_stroke as check_sim_stroke
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.model import GAME_TAG, GameMode, StoredMatch

__all__ = [
    "GAME_TAG",
    "LEVEL_TAG",
    "MOTIONS",
    "ComputerMove",
    "ComputerPlayer",
    "Game",
    "GameMode",  # at home in web.core.model; still named here for the play service
    "Played",
    "ball_segments",
    "check_stroke",
    "fresh_rack",
    "game_racks",
    "simulate_shot",
    "stroke_from_dict",
    "stroke_to_dict",
    "table_after",
]

LEVEL_TAG: Final = "Level"
"""The header tag with the computer's level (1-10), in games against the computer."""
MOTIONS: Final[tuple[MotionState, ...]] = tuple(MotionState)
"""The motion states, in the order of the ``motion`` index of a segment row."""
_MOTION_INDEX: Final = {m: i for i, m in enumerate(MOTIONS)}


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A game between two inputs: the match, its log and the balls on the table.

    Attributes:
        stored: the match.
        log: its inputs, judged.
        mode: who plays it.
        level: the computer's level (1-10), or ``None``.
        spec: the table.
        layout: the balls on the table, inches (the cue ball absent while in hand).
    """

    stored: StoredMatch
    log: MatchLog
    mode: GameMode
    level: int | None
    spec: TableSpec
    layout: Mapping[Ball, Point]

    @property
    def match(self) -> MatchState:
        """The referee's state of the match."""
        return self.log.match

    @property
    def in_hand(self) -> bool:
        """The player to shoot places the cue ball behind the head string first."""
        rack = self.match.rack
        return rack.phase is Phase.SHOT and (rack.cue_in_hand or CUE_BALL not in self.layout)

    @property
    def to_act(self) -> Seat | None:
        """Who shoots or decides next; ``None`` once the match is over."""
        return None if self.match.is_over else self.match.rack.to_act


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Played:
    """A shot played: the game after it, and the engine's result to animate.

    Attributes:
        game: the game after the shot.
        seq: the shot's input number.
        start: the balls before the shot (the placed cue ball included), inches.
        stroke: the stroke.
        result: the engine's result (with its trajectory).
        segments: every ball's motion segments (:func:`ball_segments`).
        ruling: the referee's ruling.
    """

    game: Game
    seq: int
    start: Mapping[Ball, Point]
    stroke: Stroke
    result: SimResult
    segments: Mapping[Ball, list[list[float]]]
    ruling: Ruling


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ComputerMove:
    """What the computer does: a stroke (placing the cue ball first if in hand) or a decision.

    Attributes:
        stroke: the stroke, or ``None`` for a decision.
        placement: where it places the cue ball in hand, inches.
        option: its decision after a foul, or ``None`` for a stroke.
        reasons: why, in words a player reads, by language (``"vi"``, ``"en"``).
    """

    stroke: Stroke | None = None
    placement: Point | None = None
    option: Option | None = None
    reasons: Mapping[str, str] = dataclasses.field(default_factory=dict)


class ComputerPlayer(Protocol):
    """The seam of the computer player (``rotation61.ai``): given a game, its move."""

    def move(self, game: Game, level: int) -> ComputerMove:
        """The computer's move at a level (1-10) when it is to act."""
        ...


def check_stroke(stroke: Stroke) -> Stroke:
    """Refuse a stroke outside :data:`~rotation61.sim.STROKE_LIMITS`, naming the bad value.

    Raises:
        OutOfRangeError: a speed, elevation or tip offset outside the stroke limits.
    """
    try:
        return check_sim_stroke(stroke)
    except StrokeOutOfRangeError as err:
        raise OutOfRangeError(str(err)) from err


def simulate_shot(
    start: Mapping[Ball, Point], stroke: Stroke, spec: TableSpec
) -> tuple[SimResult, dict[Ball, list[list[float]]]]:
    """A stroke from ``start`` on the engine, and its segments to animate.

    A function of values only, so that the engine pool can run it in another process.
    """
    result = simulate(dict(start), stroke, table=SimTable.from_spec(spec), trajectory=True)
    return result, ball_segments(result)


def game_racks(match_id: int) -> SeededRacks:
    """The racks of a game: rack ``n`` seeded by the match number and ``n`` (the first: 0)."""
    return SeededRacks((match_id,), first=0)


def fresh_rack(spec: TableSpec, match: MatchState, match_id: int) -> dict[Ball, Point]:
    """The object balls of the rack in play in ``match`` (no cue ball), seeded by the game."""
    return game_racks(match_id).rack(spec, match)


def table_after(
    log: MatchLog,
    strokes: Mapping[int, Stroke],
    spec: TableSpec,
    racks: RackSource,
) -> dict[Ball, Point]:
    """The balls on the table after every input of a game (the cue ball absent when in hand).

    The last shot is played again from its stored positions with its stored stroke; the
    steps after it (decisions, official events) move the balls as the one table
    transition says (:func:`rotation61.ai.table.balls_after`). A game whose log has no
    shot stands at a fresh rack.

    Raises:
        IllegalActionError: a shot of the log has no stored stroke or positions.
    """
    steps = log.steps()
    last = max((i for i, s in enumerate(steps) if isinstance(s.step, ShotInput)), default=None)
    before: dict[Ball, Point] | None = None
    if last is None:
        balls = racks.rack(spec, log.start)
        first = 0
    else:
        step = steps[last]
        shot = step.step
        assert isinstance(shot, ShotInput)
        stroke = strokes.get(last + 1)
        if stroke is None or not shot.positions:
            raise IllegalActionError(
                f"input {last + 1} is a shot without a stroke or positions: "
                "it is not a browser game's shot"
            )
        before = dict(shot.positions)
        result = simulate(before, stroke, table=SimTable.from_spec(spec))
        balls = balls_after(spec, step, before, racks, rest=result.layout)
        first = last + 1
    for step in steps[first:]:
        balls = balls_after(spec, step, balls, racks, before_foul=before)
    return balls


def ball_segments(
    result: SimResult, events: tuple[SimEvent, ...] | None = None
) -> dict[Ball, list[list[float]]]:
    """Each ball's motion segments: its state at the strike and after each of its events.

    Rows are ``[t0, x, y, vx, vy, wx, wy, wz, motion]`` (SI units, ``motion`` an index
    into :data:`MOTIONS`). A row holds from ``t0`` until the ball's next row; between
    them the ball follows its motion law (``docs/physics.md``). The states are the
    engine's own (:meth:`~rotation61.sim.Trajectory.states_at` at each event time).
    """
    trajectory = result.trajectory
    if trajectory is None:
        raise ValueError("the result has no trajectory: simulate(..., trajectory=True)")
    touched: dict[float, set[Ball]] = {0.0: set(trajectory.balls)}
    for event in result.events if events is None else events:
        balls = touched.setdefault(event.time, set())
        balls.add(event.ball)
        if event.other is not None:
            balls.add(event.other)
    out: dict[Ball, list[list[float]]] = {b: [] for b in trajectory.balls}
    for at in sorted(touched):
        states = trajectory.states_at(at)
        for ball in sorted(touched[at]):
            s = states[ball]
            out[ball].append(
                [at, s.x, s.y, s.vx, s.vy, s.wx, s.wy, s.wz, float(_MOTION_INDEX[s.motion])]
            )
    return out


def stroke_from_dict(data: Mapping[str, float]) -> Stroke:
    """A stored stroke."""
    return Stroke(
        speed=float(data["speed"]),
        phi=float(data["phi"]),
        theta=float(data.get("theta", 0.0)),
        a=float(data.get("a", 0.0)),
        b=float(data.get("b", 0.0)),
    )


def stroke_to_dict(stroke: Stroke) -> dict[str, float]:
    """A stroke as stored: speed, phi, theta, a, b."""
    speed, phi, theta, a, b = stroke.as_tuple()
    return {"speed": speed, "phi": phi, "theta": theta, "a": a, "b": b}
