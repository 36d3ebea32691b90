"""The web app's own values: a match's setup as the desk created it, and its status.

Plain frozen dataclasses shared by the service layer and the repository adapters; no
SQLAlchemy or pydantic type appears here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rotation61.geometry import TableSpec, get_table
from rotation61.match import MatchState, start_match
from rotation61.rules import RuleSet, Seat, get_ruleset

__all__ = ["MatchSetup", "MatchStatus", "StoredMatch", "status_of"]


class MatchStatus(StrEnum):
    """Where a match stands; the value is the wire format."""

    SCHEDULED = "scheduled"
    LIVE = "live"
    FINISHED = "finished"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchSetup:
    """Everything the desk decides about a match before the break.

    Attributes:
        players: the names of seat A and seat B.
        race_to: racks needed to win.
        preset: the rule-set preset name.
        overrides: rule-set keys changed from the preset (wire values).
        first_breaker: who breaks the first rack.
        table_name: the hall's name for the table ("Bàn 3").
        table_size: the table preset of the geometry layer (``9ft``, ``8ft``, ``7ft``).
        tags: free event tags (event, venue, round, referee, date...).
    """

    players: tuple[str, str]
    race_to: int
    preset: str = "standard"
    overrides: Mapping[str, object] = dataclasses.field(
        default_factory=lambda: MappingProxyType({})
    )
    first_breaker: Seat = Seat.A
    table_name: str = ""
    table_size: str = "9ft"
    tags: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def rules(self) -> RuleSet:
        """The rule set: the preset with the overrides.

        Raises:
            UnknownRuleSetError: an unknown preset, key or value.
        """
        return get_ruleset(self.preset).with_overrides(dict(self.overrides))

    def table(self) -> TableSpec:
        """The table size.

        Raises:
            UnknownTableError: an unknown table preset.
        """
        return get_table(self.table_size)

    def start(self) -> MatchState:
        """The match before the break.

        Raises:
            UnknownRuleSetError: the rule set is unknown.
            InvalidStateError: ``race_to`` is not a positive int.
        """
        return start_match(self.rules(), race_to=self.race_to, first_breaker=self.first_breaker)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredMatch:
    """A match as stored: its id, setup, referee PIN and the length of its input log.

    Attributes:
        id: the match number.
        setup: the setup.
        pin: the referee PIN (shown on the desk).
        log_length: the number of stored inputs.
        status: where it stands after those inputs.
        racks_won: racks won per seat after those inputs.
        created_at: when it was created (ISO 8601, UTC).
    """

    id: int
    setup: MatchSetup
    pin: str
    log_length: int
    status: MatchStatus
    racks_won: tuple[int, int]
    created_at: str


def status_of(match: MatchState, log_length: int) -> MatchStatus:
    """The status of a match after a log of ``log_length`` inputs."""
    if match.is_over:
        return MatchStatus.FINISHED
    return MatchStatus.LIVE if log_length > 0 else MatchStatus.SCHEDULED
