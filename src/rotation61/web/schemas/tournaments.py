"""The events' schemas: a new event, entries, check-in, the draw, results, the event's views."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StringConstraints

from rotation61.rules.text_fields import CLASS_MAX_LENGTH, NAME_MAX_LENGTH
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
from rotation61.web.core.limits import MAX_RACE_TO, MAX_TABLES, RATING_MAX, RATING_MIN
from rotation61.web.schemas.wire import OUT

__all__ = [
    "CheckInIn",
    "DrawIn",
    "EntryIn",
    "EntryOut",
    "LineOut",
    "ResultIn",
    "TableNowOut",
    "TournamentCreate",
    "TournamentMatchOut",
    "TournamentOut",
    "WalkoverIn",
    "WithdrawIn",
]


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

    model_config = OUT

    id: str
    name: str
    club: str
    rating: int | None
    player_class: str
    checked_in: bool


class TournamentMatchOut(BaseModel):
    """A match of an event as the event sees it now."""

    model_config = OUT

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

    model_config = OUT

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

    model_config = OUT

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

    model_config = OUT

    table: int
    event: int | None
    match: str | None
    scorekeeper_match: int | None
