"""Pydantic schemas of the HTTP API: what requests carry and responses return.

Only the web layer uses pydantic. Shot contents are not modelled here: the records
layer's codec reads and checks them (:func:`rotation61.records.shot_from_dict`).
"""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ConsoleView",
    "ErrorOut",
    "InputIn",
    "MatchCreate",
    "MatchOut",
    "MatchWithPin",
    "PinIn",
    "ScoreboardView",
    "TokenOut",
]


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


class MatchOut(BaseModel):
    """A match as listed publicly (no PIN)."""

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


class MatchWithPin(MatchOut):
    """A match as the desk sees it, with the referee PIN."""

    pin: str


class PinIn(BaseModel):
    """A referee PIN."""

    model_config = ConfigDict(extra="forbid")

    pin: str = Field(min_length=1, max_length=12)


class TokenOut(BaseModel):
    """A referee token, for ``Authorization: Bearer``."""

    token: str


class InputIn(BaseModel):
    """One input: ``expected_seq`` plus the input's own fields (``kind``, ``shot``...).

    ``expected_seq`` is the number of inputs the screen showed; a stale or replayed form
    carries an old number and is refused with 409.
    """

    model_config = ConfigDict(extra="allow")

    expected_seq: int = Field(ge=0, strict=True)
    kind: str


class ErrorOut(BaseModel):
    """A rejected request: the error's name and what was wrong."""

    error: str
    detail: str


class ScoreboardView(BaseModel):
    """The public scoreboard of a match."""

    model_config = ConfigDict(extra="allow")

    id: int
    seq: int
    lang: str
    status: str
    table_name: str
    players: list[str]
    race_to: int
    racks_won: list[int]
    rack_number: int
    scores: list[int]
    target: int
    lowest: int | None
    points_left: int
    on_table: list[int]
    phase: str
    to_act: int | None
    fouls: list[int]
    warning: str | None
    headline: str | None
    last_lines: list[str]
    state_lines: list[str]
    winner: str | None


class ConsoleView(ScoreboardView):
    """The referee console: the scoreboard plus what can be entered now."""

    options: list[dict[str, str]]
    spotting_svg: str | None
    can_undo: bool
    can_override: bool
    history: list[dict[str, Any]]
    kitchen_applies: bool
    break_applies: bool
    match_over: bool
