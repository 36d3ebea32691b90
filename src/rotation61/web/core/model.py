"""The web app's own values: a stored match and where it stands.

A match is the records layer's :class:`~rotation61.records.MatchHeader` (players, race,
rules, tags) with what the hall adds: its number, the referee PIN, and a summary of its
input log. The hall's table is the header's ``Table`` tag, its size the ``TableSize``
tag, as in every exported record. Plain frozen dataclasses shared by the services and
the adapters; no SQLAlchemy or pydantic type appears here.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Final

from rotation61.geometry import TableSize, TableSpec, get_table
from rotation61.match import MatchState
from rotation61.records import MatchHeader

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "GAME_TAG",
    "TABLE_SIZE_TAG",
    "TABLE_TAG",
    "GameMode",
    "MatchStatus",
    "StoredMatch",
    "status_of",
]

TABLE_TAG: Final = "Table"
"""The header tag of the hall's name for the table ("Bàn 3")."""
TABLE_SIZE_TAG: Final = "TableSize"
"""The header tag of the table size (a geometry preset: ``9ft``, ``8ft``, ``7ft``)."""
DEFAULT_TABLE_SIZE: Final = TableSize.NINE_FT.value
GAME_TAG: Final = "Game"
"""The header tag that makes a match a browser game (the play page); its value is the mode.

Storage keeps it in a column of its own, so that the hall and the desk list matches
without loading the games (``matches.game``, indexed).
"""


class GameMode(StrEnum):
    """Who plays a game on the physics engine; the value is the ``Game`` tag's."""

    COMPUTER = "computer"
    """A player on this device against the computer (seat B)."""
    HOTSEAT = "hotseat"
    """Two players taking turns on one device."""
    ONLINE = "online"
    """Two players on two devices; the second joins by the invite link."""


class MatchStatus(StrEnum):
    """Where a match stands; the value is the wire format."""

    SCHEDULED = "scheduled"
    LIVE = "live"
    FINISHED = "finished"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredMatch:
    """A match as stored: its number, header, referee PIN and a summary of its log.

    Attributes:
        id: the match number.
        header: players, race, rules and tags.
        pin: the referee PIN (shown on the desk).
        log_length: the number of stored inputs.
        status: where it stands after those inputs.
        racks_won: racks won per seat after those inputs.
        created_at: when it was created (ISO 8601, UTC).
        final_for: once an event has stored this match's result, that event's reference
            (``"<event id>:<match code>"``): the match then takes no more inputs, and a
            change goes through the event's correction on the desk.
        touched_at: when its last input was stored (ISO 8601, UTC; ``None``: none yet).
    """

    id: int
    header: MatchHeader
    pin: str
    log_length: int
    status: MatchStatus
    racks_won: tuple[int, int]
    created_at: str
    final_for: str | None = None
    touched_at: str | None = None

    @property
    def is_final(self) -> bool:
        """Whether an event has taken this match's result (no more inputs)."""
        return self.final_for is not None

    @property
    def game(self) -> str | None:
        """The mode of a browser game (the ``Game`` tag), or ``None`` for a match."""
        return self.header.tag(GAME_TAG)

    @property
    def table_name(self) -> str:
        """The hall's name for the table, or ``""``."""
        return self.header.tag(TABLE_TAG) or ""

    @property
    def table_size(self) -> str:
        """The table size preset."""
        return self.header.tag(TABLE_SIZE_TAG) or DEFAULT_TABLE_SIZE

    @property
    def event_tags(self) -> dict[str, str]:
        """The header's tags other than the table's."""
        return {k: v for k, v in self.header.tags if k not in (TABLE_TAG, TABLE_SIZE_TAG)}

    def table(self) -> TableSpec:
        """The table's geometry.

        Raises:
            UnknownTableError: an unknown table size.
        """
        return get_table(self.table_size)


def status_of(match: MatchState, log_length: int) -> MatchStatus:
    """The status of a match after a log of ``log_length`` inputs."""
    if match.is_over:
        return MatchStatus.FINISHED
    return MatchStatus.LIVE if log_length > 0 else MatchStatus.SCHEDULED
