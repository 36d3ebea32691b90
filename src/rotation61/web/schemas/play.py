"""The browser games' schemas: a new game, its seats, strokes and decisions, its view, a shot."""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rotation61.geometry import TableSize
from rotation61.rules import Phase
from rotation61.rules.text_fields import NAME_MAX_LENGTH
from rotation61.sim import STROKE_LIMITS, MotionState
from rotation61.web.core.limits import MAX_RACE_TO, MAX_SEQ
from rotation61.web.core.model import GameMode
from rotation61.web.schemas.matches import OptionOut, ScoreboardView
from rotation61.web.schemas.wire import OUT, SeatName

__all__ = [
    "PlayConcedeIn",
    "PlayCreate",
    "PlayCreated",
    "PlayDecisionIn",
    "PlayJoinIn",
    "PlayStrokeIn",
    "PlayTable",
    "PlayView",
    "ShotView",
]

_LIMITS = STROKE_LIMITS
"""The bounds of a stroke (checked by the play service, which names the bad value)."""
_TIP = f"; hypot(a, b) within the miscue limit {STROKE_LIMITS.tip_offset}"


class PlayCreate(BaseModel):
    """A new browser game."""

    model_config = ConfigDict(extra="forbid")

    mode: GameMode
    player_a: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    player_b: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    race_to: int = Field(default=1, ge=1, le=MAX_RACE_TO)
    preset: str = "standard"
    table_size: TableSize = TableSize.NINE_FT
    level: int | None = Field(default=None, ge=1, le=10)


class PlayCreated(BaseModel):
    """A game just created: its number, the creator's seat token, the invite."""

    model_config = OUT

    id: int
    token: str = Field(description="send as X-Play-Token on the game's inputs")
    seats: str = Field(description="the seats the token holds: A, B or AB")
    url: str
    invite: str | None = Field(description="the invite link of an online game")


class PlayJoinIn(BaseModel):
    """The second player of an online game joining with the invite's key."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, max_length=100)


class PlayStrokeIn(BaseModel):
    """A stroke: aim, speed, elevation, tip offset; the cue ball's placement if in hand."""

    model_config = ConfigDict(extra="forbid")

    expected_seq: int = Field(ge=0, le=MAX_SEQ, description="inputs the player's screen showed")
    speed: float = Field(
        description=f"cue-ball speed of a centre hit, m/s (0, {_LIMITS.max_speed}]",
        json_schema_extra={"exclusiveMinimum": 0.0, "maximum": _LIMITS.max_speed},
    )
    phi: float = Field(description="aim, degrees from +x (toward the foot), counter-clockwise")
    theta: float = Field(
        default=0.0,
        description=f"cue elevation, degrees [0, {_LIMITS.max_elevation}]",
        json_schema_extra={"minimum": 0.0, "maximum": _LIMITS.max_elevation},
    )
    a: float = Field(default=0.0, description=f"tip offset right, ball radii{_TIP}")
    b: float = Field(default=0.0, description=f"tip offset up (follow), ball radii{_TIP}")
    placement: tuple[float, float] | None = Field(
        default=None, description="the cue ball's centre in inches, when it is in hand"
    )


class PlayConcedeIn(BaseModel):
    """A player conceding the game."""

    model_config = ConfigDict(extra="forbid")

    expected_seq: int = Field(ge=0, le=MAX_SEQ)


class PlayDecisionIn(BaseModel):
    """The incoming player's decision after a foul."""

    model_config = ConfigDict(extra="forbid")

    expected_seq: int = Field(ge=0, le=MAX_SEQ)
    option: str


class PlayTable(BaseModel):
    """The table to draw, inches: surface, landmarks, pocket holes and cushion lines."""

    model_config = OUT

    name: str
    length: float
    width: float
    ball_radius: float
    head_string_x: float
    foot_spot: list[float]
    pockets: list[list[float]] = Field(description="[x, y, r] of each capture hole")
    cushions: list[list[float]] = Field(description="[x1, y1, x2, y2] of each cushion line")


class PlayView(BaseModel):
    """A game as a player's screen shows it."""

    model_config = OUT

    id: int
    seq: int
    mode: GameMode
    level: int | None
    over: bool
    table: PlayTable
    balls: dict[str, list[float]] = Field(description="ball number -> centre [x, y], inches")
    in_hand: bool = Field(description="the shooter places the cue ball in the kitchen first")
    to_act: SeatName | None = Field(description="the seat to shoot or decide: A or B")
    phase: Phase
    lowest: int | None
    options: list[OptionOut]
    board: ScoreboardView
    computer_note: str | None = None


class ShotView(BaseModel):
    """A shot to animate: the engine's event list with every ball's state at each event.

    Each ball's ``segments`` row is ``[t0, x, y, vx, vy, wx, wy, wz, motion]`` (SI units,
    ``motion`` an index into ``motions``), valid from ``t0`` until its next row; the
    browser evaluates the motion laws of ``docs/physics.md`` with ``params`` between them.
    """

    model_config = OUT

    seq: int
    start: dict[str, list[float]] = Field(description="balls before the shot, inches")
    stroke: dict[str, float]
    params: dict[str, float]
    motions: list[MotionState]
    duration: float
    segments: dict[str, list[list[float]]]
    events: list[list[Any]] = Field(description="[t, kind, ball, other] of each event")
    final: dict[str, list[float]] = Field(description="the engine's rest positions, inches")
    pocketed: list[list[Any]]
    lines: list[str] = Field(description="the ruling, worded")
    state: PlayView | None = None
