"""The scorekeeper's schemas: matches, PINs and inputs, scoreboards, consoles, errors."""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rotation61.geometry import TableSize
from rotation61.rules import BreakerPolicy, OfficialEvent, Option, Phase, Seat
from rotation61.rules.text_fields import NAME_MAX_LENGTH
from rotation61.text import Language
from rotation61.web.core.limits import MAX_RACE_TO, MAX_SEQ
from rotation61.web.core.model import MatchStatus
from rotation61.web.schemas.clock import ClockOut
from rotation61.web.schemas.wire import OUT, SeatName

__all__ = [
    "ConsoleView",
    "ErrorOut",
    "HealthOut",
    "HistoryEntry",
    "InputIn",
    "LabelOut",
    "MatchCreate",
    "MatchOut",
    "MatchWithPin",
    "OptionOut",
    "OverrideBase",
    "PinIn",
    "ScoreboardView",
    "TokenOut",
]


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

    model_config = OUT

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

    model_config = OUT

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

    model_config = OUT

    error: str
    detail: str
    lang: str = Field(
        default="en",
        description="the language of detail: en (the engine's words), or the request's "
        "when the refusal is worded in it",
    )


class HealthOut(BaseModel):
    """The worker is up; how many screens it streams to."""

    model_config = OUT

    ok: bool
    spectators: int


class ScoreboardView(BaseModel):
    """The public scoreboard of a match (also each live-update frame)."""

    model_config = OUT

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
    target: int = Field(description="seat A's target (the one target without a handicap)")
    targets: list[int] = Field(description="each seat's target, A then B (A51)")
    needs: list[int] = Field(description="the points each seat still needs (A51)")
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
    shot_clock: bool = Field(default=False, description="the rule set keeps a shot clock (A50)")
    clock: ClockOut | None = Field(
        default=None,
        description="the shot clock now; null when the screen is to read it from .../clock",
    )


class OptionOut(BaseModel):
    """An option offered to the incoming player, worded."""

    model_config = OUT

    value: Option
    label: str
    help: str


class HistoryEntry(BaseModel):
    """One step in effect, numbered from 1, as announced."""

    model_config = OUT

    n: int
    lines: list[str]
    overridden: bool


class LabelOut(BaseModel):
    """A value and its wording."""

    model_config = OUT

    value: str
    label: str


class OverrideBase(BaseModel):
    """What the override form starts from: the last shot's facts and its rack."""

    model_config = OUT

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
