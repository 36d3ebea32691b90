"""Pydantic schemas of the HTTP API: what requests carry and responses return.

Only the web layer uses pydantic. Requests are checked on the way in; responses are
built by :mod:`rotation61.web.presenters` and checked against the routes'
``response_model`` on the way out (``extra="forbid"``: a presenter cannot add a field
that the model does not declare). Shot contents are not modelled here: the records
layer's codec reads and checks them (:func:`rotation61.records.shot_from_dict`).
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StringConstraints

from rotation61.records import MatchHeader
from rotation61.rules import Seat
from rotation61.sim import STROKE_LIMITS
from rotation61.tournament import Format, SeedingMethod, Stage, TieBreak, WalkoverReason
from rotation61.web.core.limits import MAX_SEQ, RATING_MAX, RATING_MIN
from rotation61.web.services.matches import desk_header
from rotation61.web.services.tournaments import EventSettings

__all__ = [
    "CheckInIn",
    "ClockIn",
    "ClockOut",
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
    "ShotView",
    "TokenOut",
    "TournamentCreate",
    "TournamentMatchOut",
    "TournamentOut",
    "WalkoverIn",
    "WithdrawIn",
]

_OUT = ConfigDict(extra="forbid")
_LIMITS = STROKE_LIMITS
"""The bounds of a stroke (checked by the play service, which names the bad value)."""
_TIP = f"; hypot(a, b) within the miscue limit {STROKE_LIMITS.tip_offset}"


class MatchCreate(BaseModel):
    """A new match, as the desk creates it."""

    model_config = ConfigDict(extra="forbid")

    player_a: str = Field(min_length=1, max_length=100)
    player_b: str = Field(min_length=1, max_length=100)
    race_to: int = Field(ge=1, le=99)
    preset: str = "standard"
    breaker_policy: Literal["winner", "loser", "alternate"] | None = None
    first_breaker: Literal["A", "B"] = "A"
    table_name: str = Field(default="", max_length=100)
    table_size: Literal["9ft", "8ft", "7ft"] = "9ft"
    tags: dict[str, str] = Field(default_factory=dict)
    overrides: dict[str, Any] = Field(default_factory=dict)
    form_id: str | None = Field(default=None, max_length=64)

    def header(self) -> MatchHeader:
        """The header of the match this request asks for.

        Raises:
            UnknownRuleSetError: an unknown preset, rule-set key or value.
            MalformedInputError: a tag name a record cannot hold.
            InvalidRecordError: a name or tag value a record cannot hold.
        """
        overrides = dict(self.overrides)
        if self.breaker_policy is not None:
            overrides["next_rack_breaker"] = self.breaker_policy
        return desk_header(
            players=(self.player_a.strip(), self.player_b.strip()),
            race_to=self.race_to,
            preset=self.preset,
            overrides=overrides,
            first_breaker=Seat[self.first_breaker],
            table_name=self.table_name.strip(),
            table_size=self.table_size,
            tags=dict(self.tags),
        )


class MatchOut(BaseModel):
    """A match as listed publicly (no PIN)."""

    model_config = _OUT

    id: int
    players: list[str]
    race_to: int
    preset: str
    table_name: str
    table_size: str
    tags: dict[str, str]
    status: str
    racks_won: list[int]
    log_length: int
    created_at: str
    final: bool = Field(
        default=False,
        description="an event has stored the match's result: it takes no more inputs",
    )
    targets: str = Field(
        default="61", description="the points to win: one number, or one per player (61:50, A51)"
    )
    shot_clock: bool = Field(default=False, description="the rule set keeps a shot clock (A50)")


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
    lang: str
    status: str
    status_label: str
    table_name: str
    players: list[str]
    race_to: int
    racks_won: list[int]
    rack_number: int
    scores: list[int]
    target: int = Field(description="seat A's target (the one target without a handicap)")
    targets: list[int] = Field(description="each seat's target, A then B (A51)")
    needs: list[int] = Field(description="the points each seat still needs (A51)")
    lowest: int | None = Field(description="the ball in play")
    points_left: int
    on_table: list[int]
    phase: str
    to_act: int | None = Field(description="the seat (0 or 1) to shoot or decide")
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
    shot_clock: bool = Field(default=False, description="the rule set keeps a shot clock (A50)")
    clock: "ClockOut | None" = Field(
        default=None,
        description="the shot clock now; null when the screen is to read it from .../clock",
    )


class OptionOut(BaseModel):
    """An option offered to the incoming player, worded."""

    model_config = _OUT

    value: str
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
    events: list[str]
    general_rules_labels: list[LabelOut]
    match_over: bool


# --- Play (games on the physics engine) --------------------------------------------------


class PlayCreate(BaseModel):
    """A new browser game."""

    model_config = ConfigDict(extra="forbid")

    mode: Literal["computer", "hotseat", "online"]
    player_a: str = Field(min_length=1, max_length=100)
    player_b: str = Field(min_length=1, max_length=100)
    race_to: int = Field(default=1, ge=1, le=99)
    preset: str = "standard"
    table_size: Literal["9ft", "8ft", "7ft"] = "9ft"
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
    mode: str
    level: int | None
    over: bool
    table: PlayTable
    balls: dict[str, list[float]] = Field(description="ball number -> centre [x, y], inches")
    in_hand: bool = Field(description="the shooter places the cue ball in the kitchen first")
    to_act: str | None = Field(description="the seat to shoot or decide: A or B")
    phase: str
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
    motions: list[str]
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

    name: str = Field(min_length=1, max_length=100)
    format: Format
    seeding: SeedingMethod = SeedingMethod.RATING
    draw_seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    race: int = Field(default=5, ge=1, le=99)
    race_by_stage: dict[Stage, int] = Field(default_factory=dict)
    race_final: int = Field(default=0, ge=0, le=99)
    tables: int = Field(default=4, ge=1, le=64)
    tv_table: int = Field(default=0, ge=0, le=64)
    grand_final_reset: bool = True
    group_size: int = Field(default=0, ge=0, le=256)
    swiss_rounds: int = Field(default=0, ge=0, le=64)
    single_from: int = Field(default=0, ge=0, le=256)
    group_count: int = Field(default=0, ge=0, le=128)
    advance: int = Field(default=2, ge=1, le=128)
    knockout: Format = Format.SINGLE
    tie_breaks: list[TieBreak] | None = None
    preset: str = "standard"

    def settings(self, seed: int) -> EventSettings:
        """The service's settings (``seed`` when none was given).

        Raises:
            OutOfRangeError, InvalidEventError: a setting out of range or refused.
        """
        extra: dict[str, Any] = {}
        if self.tie_breaks is not None:
            extra["tie_breaks"] = tuple(self.tie_breaks)
        return EventSettings(
            format=self.format,
            seeding=self.seeding,
            draw_seed=seed if self.draw_seed is None else self.draw_seed,
            race=self.race,
            race_by_stage=tuple(self.race_by_stage.items()),
            race_final=self.race_final,
            tables=self.tables,
            tv_table=self.tv_table,
            grand_final_reset=self.grand_final_reset,
            group_size=self.group_size,
            swiss_rounds=self.swiss_rounds,
            single_from=self.single_from,
            group_count=self.group_count,
            advance=self.advance,
            knockout=self.knockout,
            preset=self.preset,
            **extra,
        )


class EntryIn(BaseModel):
    """A player to enter."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    club: str = Field(default="", max_length=100)
    rating: int | None = Field(default=None, ge=RATING_MIN, le=RATING_MAX)
    player_class: str = Field(default="", max_length=40)


class CheckInIn(BaseModel):
    """Players to check in (or out)."""

    model_config = ConfigDict(extra="forbid")

    players: list[str] = Field(min_length=1, max_length=256)
    checked_in: bool = True


class DrawIn(BaseModel):
    """The draw of an event seeded by hand: each player's seed (``null``: none given).

    Every checked-in player needs a seed, 1..N each once; an event seeded by rating or
    at random takes no body.
    """

    model_config = ConfigDict(extra="forbid")

    seeds: dict[Annotated[str, StringConstraints(max_length=40)], StrictInt | None] = Field(
        max_length=256
    )


class ResultIn(BaseModel):
    """A result entered or corrected at the desk."""

    model_config = ConfigDict(extra="forbid")

    racks: tuple[int, int]
    points: tuple[int, int] = (0, 0)


class WalkoverIn(BaseModel):
    """A match decided without play."""

    model_config = ConfigDict(extra="forbid")

    winner: str = Field(min_length=1, max_length=40)
    reason: WalkoverReason = WalkoverReason.NO_SHOW


class WithdrawIn(BaseModel):
    """A player leaving the event."""

    model_config = ConfigDict(extra="forbid")

    player: str = Field(min_length=1, max_length=40)


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
    stage: str
    round: int
    group: int
    players: list[str | None] = Field(description="null while unknown, empty for a bye")
    status: str
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


# --- The shot clock (A50) ----------------------------------------------------------------


class ClockOut(BaseModel):
    """The shot clock of a match's next shot, at the server's instant ``server_ms``."""

    model_config = _OUT

    seq: int = Field(description="the inputs the match stands at (the clock is of the next)")
    status: Literal["off", "idle", "waiting", "running", "paused", "expired"]
    status_label: str
    server_ms: int = Field(description="the server's wall clock, milliseconds")
    allowance_ms: int
    remaining_ms: int
    warning: bool = Field(description="10 s or less left")
    last_seconds: bool = Field(description="5 s or less left")
    shooter: Literal["A", "B"] | None = Field(description="the seat at the table, A or B")
    shooter_name: str | None
    extensions_used: int
    extensions_left: int
    extensions_per_rack: int = Field(description="the rule set's extensions per player per rack")
    extension_s: int


class ClockIn(BaseModel):
    """A referee's change to the clock, made against the input number the screen showed."""

    model_config = ConfigDict(extra="forbid")

    expected_seq: int = Field(ge=0, le=MAX_SEQ, strict=True)
    action: Literal["start", "pause", "reset", "extend"]


ScoreboardView.model_rebuild()
ConsoleView.model_rebuild()
