"""The shot clock's schemas (decision A50): the clock of a match's next shot, a referee's change."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rotation61.web.core.limits import MAX_SEQ
from rotation61.web.schemas.wire import OUT, SeatName

__all__ = [
    "ClockIn",
    "ClockOut",
]


class ClockOut(BaseModel):
    """The shot clock of a match's next shot, at the server's instant ``server_ms``."""

    model_config = OUT

    seq: int = Field(description="the inputs the match stands at (the clock is of the next)")
    status: Literal["off", "idle", "waiting", "running", "paused", "expired"]
    status_label: str
    server_ms: int = Field(description="the server's wall clock, milliseconds")
    allowance_ms: int
    remaining_ms: int
    warning: bool = Field(description="10 s or less left")
    last_seconds: bool = Field(description="5 s or less left")
    shooter: SeatName | None = Field(description="the seat at the table, A or B")
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
