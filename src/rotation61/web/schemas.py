"""Pydantic schemas of the HTTP API: what requests carry and responses return.

Only the web layer uses pydantic. Requests are checked on the way in; responses are
built by :mod:`rotation61.web.presenters` and checked against the routes'
``response_model`` on the way out (``extra="forbid"``: a presenter cannot add a field
that the model does not declare). Shot contents are not modelled here: the records
layer's codec reads and checks them (:func:`rotation61.records.shot_from_dict`).

A leaf of the web app: the fields are typed by the domain's enums and bounded by the
limits' one home (:mod:`rotation61.web.core.limits`, the text and stroke limits); no
service is imported here (the routes turn a request into the services' values). A seat
is ``"A"`` or ``"B"`` on the wire, as in the records' JSON (:data:`SeatName`).
"""

from typing import Annotated, Any, Final

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictInt,
    StringConstraints,
    WithJsonSchema,
)

from rotation61.geometry import TableSize
from rotation61.rules import BreakerPolicy, OfficialEvent, Option, Phase, Seat
from rotation61.rules.text_fields import CLASS_MAX_LENGTH, NAME_MAX_LENGTH
from rotation61.sim import STROKE_LIMITS, MotionState
from rotation61.text import Language
from rotation61.tournament import (
    ID_MAX_LENGTH,
    MAX_FIELD,
    Format,
    SeedingMethod,
    Stage,
    Status,
    TieBreak,
    WalkoverReason,
)
from rotation61.web.core.limits import MAX_RACE_TO, MAX_SEQ, MAX_TABLES, RATING_MAX, RATING_MIN
from rotation61.web.core.model import GameMode, MatchStatus

__all__ = [
    "CheckInIn",
    "ConsoleView",
    "DrawIn",
    "EntryIn",
    "EntryOut",
    "ErrorOut",
    "HealthOut",
    "HistoryEntry",
    "InputIn",
    "LabelOut",
    "LineOut",
    "MatchCreate",
    "MatchOut",
    "MatchWithPin",
    "OptionOut",
    "OverrideBase",
    "PinIn",
    "PlayConcedeIn",
    "PlayCreate",
    "PlayCreated",
    "PlayDecisionIn",
    "PlayJoinIn",
    "PlayStrokeIn",
    "PlayTable",
    "PlayView",
    "ResultIn",
    "ScoreboardView",
    "SeatName",
    "ShotView",
    "TokenOut",
    "TournamentCreate",
    "TournamentMatchOut",
    "TournamentOut",
    "WalkoverIn",
    "WithdrawIn",
]


def _seat(value: object) -> Seat:
    """A seat from the wire (its name) or from a presenter (the enum)."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in Seat.__members__:
        return Seat[value]
    raise ValueError(f"expected a seat, 'A' or 'B', got {value!r}")


SeatName = Annotated[
    Seat,
    PlainValidator(_seat),
    PlainSerializer(lambda seat: seat.name, return_type=str),
    WithJsonSchema({"type": "string", "enum": [seat.name for seat in Seat]}),
]
"""A seat on the wire: its name, ``"A"`` or ``"B"`` (as in the records' JSON)."""

_OUT: Final = ConfigDict(extra="forbid")
_LIMITS = STROKE_LIMITS
"""The bounds of a stroke (checked by the play service, which names the bad value)."""
_TIP = f"; hypot(a, b) within the miscue limit {STROKE_LIMITS.tip_offset}"


class MatchCreate(BaseModel):
    """A new match, as the desk creates it."""

    model_config = ConfigDict(extra="forbid")

    player_a: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    player_b: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    race_to: int = Field(ge=1, le=MAX_RACE_TO)
    preset: str = "standard"
    breaker_policy: BreakerPolicy | None = None
    first_breaker: SeatName = Seat.A
    table_name: str = Field(default="", max_length=NAME_MAX_LENGTH)
    table_size: TableSize = TableSize.NINE_FT
    tags: dict[str, str] = Field(default_factory=dict)
    overrides: dict[str, Any] = Field(default_factory=dict)
    form_id: str | None = Field(default=None, max_length=64)


class MatchOut(BaseModel):
    """A match as listed publicly (no PIN)."""

    model_config = _OUT

    id: int
    players: list[str]
    race_to: int
    preset: str
    table_name: str
    table_size: TableSize
    tags: dict[str, str]
    status: MatchStatus
    racks_won: list[int]
    log_length: int
    created_at: str
    final: bool = Field(
        default=False,
        description="an event has stored the match's result: it takes no more inputs",
    )


class MatchWithPin(MatchOut):
    """A match as the desk sees it, with the referee PIN."""

    pin: str


class PinIn(BaseModel):
    """A referee PIN."""

    model_config = ConfigDict(extra="forbid")

    pin: str = Field(min_length=1, max_length=12)


class TokenOut(BaseModel):
    """A referee token, for ``Authorization: Bearer``."""

    model_config = _OUT

    token: str


class InputIn(BaseModel):
    """One input: ``expected_seq`` plus the input's own fields (``kind``, ``shot``...).

    ``expected_seq`` is the number of inputs the screen showed; a stale or replayed form
    carries an old number and is refused with 409.
    """

    model_config = ConfigDict(extra="allow")

    expected_seq: int = Field(ge=0, le=MAX_SEQ, strict=True)
    kind: str


class ErrorOut(BaseModel):
    """A rejected request: the error's name and what was wrong."""

    model_config = _OUT

    error: str
    detail: str
    lang: str = Field(
        default="en",
        description="the language of detail: en (the engine's words), or the request's "
        "when the refusal is worded in it",
    )


class HealthOut(BaseModel):
    """The worker is up; how many screens it streams to."""

    model_config = _OUT

    ok: bool
    spectators: int


class ScoreboardView(BaseModel):
    """The public scoreboard of a match (also each live-update frame)."""

    model_config = _OUT

    id: int
    seq: int = Field(description="how many inputs the board replays")
    lang: Language
    status: MatchStatus
    status_label: str
    table_name: str
    players: list[str]
    race_to: int
    racks_won: list[int]
    rack_number: int
    scores: list[int]
    target: int
    lowest: int | None = Field(description="the ball in play")
    points_left: int
    on_table: list[int]
    phase: Phase
    to_act: SeatName | None = Field(description="the seat to shoot or decide: A or B")
    is_break: bool
    cue_in_hand: bool
    fouls: list[int] = Field(description="consecutive fouls per seat")
    foul_limit: int
    warning: str | None
    headline: str | None = Field(
        description="the last ruling's first line (after an override, the corrected one)"
    )
    overridden: bool = Field(description="the last input's ruling was corrected by the referee")
    last_lines: list[str]
    state_lines: list[str]
    winner: str | None
    event: str | None = Field(description="the header's Event tag")
    round: str | None = Field(description="the header's Round tag")
    final: bool = Field(
        description="an event has stored the match's result: no more inputs (the desk corrects)"
    )


class OptionOut(BaseModel):
    """An option offered to the incoming player, worded."""

    model_config = _OUT

    value: Option
    label: str
    help: str


class HistoryEntry(BaseModel):
    """One step in effect, numbered from 1, as announced."""

    model_config = _OUT

    n: int
    lines: list[str]
    overridden: bool


class LabelOut(BaseModel):
    """A value and its wording."""

    model_config = _OUT

    value: str
    label: str


class OverrideBase(BaseModel):
    """What the override form starts from: the last shot's facts and its rack."""

    model_config = _OUT

    on_table: list[int]
    lowest: int | None
    kitchen_applies: bool
    break_applies: bool
    break_rail_pool: list[int]
    break_min_rail_balls: int
    shot: dict[str, Any] = Field(description="the records layer's shot object")
    note: str


class ConsoleView(ScoreboardView):
    """The referee console: the scoreboard plus what can be entered now."""

    to_act_name: str | None
    chooser: str | None
    options: list[OptionOut]
    spotting_svg: str | None
    can_undo: bool
    can_override: bool
    override_base: OverrideBase | None
    history: list[HistoryEntry]
    kitchen_applies: bool
    break_applies: bool
    break_rail_pool: list[int]
    break_min_rail_balls: int
    referee_present: bool
    events: list[OfficialEvent]
    general_rules_labels: list[LabelOut]
    match_over: bool


# --- Play (games on the physics engine) --------------------------------------------------


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

    model_config = _OUT

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

    model_config = _OUT

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

    model_config = _OUT

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

    model_config = _OUT

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


class TournamentCreate(BaseModel):
    """A new event, as the desk creates it (the draw seed is shown before the draw)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    format: Format
    seeding: SeedingMethod = SeedingMethod.RATING
    draw_seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    race: int = Field(default=5, ge=1, le=MAX_RACE_TO)
    race_by_stage: dict[Stage, int] = Field(default_factory=dict)
    race_final: int = Field(default=0, ge=0, le=MAX_RACE_TO)
    tables: int = Field(default=4, ge=1, le=MAX_TABLES)
    tv_table: int = Field(default=0, ge=0, le=MAX_TABLES)
    grand_final_reset: bool = True
    group_size: int = Field(default=0, ge=0, le=MAX_FIELD)
    swiss_rounds: int = Field(default=0, ge=0, le=64)
    single_from: int = Field(default=0, ge=0, le=MAX_FIELD)
    group_count: int = Field(default=0, ge=0, le=MAX_FIELD // 2)
    advance: int = Field(default=2, ge=1, le=MAX_FIELD // 2)
    knockout: Format = Format.SINGLE
    tie_breaks: list[TieBreak] | None = None
    preset: str = "standard"


class EntryIn(BaseModel):
    """A player to enter."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=NAME_MAX_LENGTH)
    club: str = Field(default="", max_length=NAME_MAX_LENGTH)
    rating: int | None = Field(default=None, ge=RATING_MIN, le=RATING_MAX)
    player_class: str = Field(default="", max_length=CLASS_MAX_LENGTH)


class CheckInIn(BaseModel):
    """Players to check in (or out)."""

    model_config = ConfigDict(extra="forbid")

    players: list[str] = Field(min_length=1, max_length=MAX_FIELD)
    checked_in: bool = True


class DrawIn(BaseModel):
    """The draw of an event seeded by hand: each player's seed (``null``: none given).

    Every checked-in player needs a seed, 1..N each once; an event seeded by rating or
    at random takes no body.
    """

    model_config = ConfigDict(extra="forbid")

    seeds: dict[Annotated[str, StringConstraints(max_length=ID_MAX_LENGTH)], StrictInt | None] = (
        Field(max_length=MAX_FIELD)
    )


class ResultIn(BaseModel):
    """A result entered or corrected at the desk."""

    model_config = ConfigDict(extra="forbid")

    racks: tuple[int, int]
    points: tuple[int, int] = (0, 0)


class WalkoverIn(BaseModel):
    """A match decided without play."""

    model_config = ConfigDict(extra="forbid")

    winner: str = Field(min_length=1, max_length=ID_MAX_LENGTH)
    reason: WalkoverReason = WalkoverReason.NO_SHOW


class WithdrawIn(BaseModel):
    """A player leaving the event."""

    model_config = ConfigDict(extra="forbid")

    player: str = Field(min_length=1, max_length=ID_MAX_LENGTH)


class EntryOut(BaseModel):
    """An entered player."""

    model_config = _OUT

    id: str
    name: str
    club: str
    rating: int | None
    player_class: str
    checked_in: bool


class TournamentMatchOut(BaseModel):
    """A match of an event as the event sees it now."""

    model_config = _OUT

    id: str
    stage: Stage
    round: int
    group: int
    players: list[str | None] = Field(description="null while unknown, empty for a bye")
    status: Status
    table: str
    race: int
    winner: str = Field(description="the winner's id, empty until decided")
    racks: list[int]
    points: list[int]
    scorekeeper_match: int | None = Field(description="the match its table scores, once called")


class LineOut(BaseModel):
    """A line of the standings."""

    model_config = _OUT

    place: int
    player: str
    played: int
    won: int
    lost: int
    racks_won: int
    racks_lost: int
    points_for: int
    points_against: int
    out: bool


class TournamentOut(BaseModel):
    """An event: settings, entries, the draw, every match and the standings."""

    model_config = _OUT

    id: int
    name: str
    seq: int = Field(description="how many stored inputs the state replays")
    settings: dict[str, Any]
    drawn: bool
    running: bool
    finished: bool
    champion: str
    entries: list[EntryOut]
    seed_order: list[str]
    matches: list[TournamentMatchOut]
    standings: list[LineOut]


class TableNowOut(BaseModel):
    """What a hall table is playing now (all ``null`` when it is free)."""

    model_config = _OUT

    table: int
    event: int | None
    match: str | None
    scorekeeper_match: int | None
