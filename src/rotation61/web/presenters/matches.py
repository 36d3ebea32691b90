"""Matches as the public list and the desk show them (no PIN, and with the PIN)."""

from __future__ import annotations

from rotation61.geometry import TableSize
from rotation61.web.core.model import StoredMatch
from rotation61.web.schemas import MatchOut, MatchWithPin

__all__ = ["match_out", "with_pin"]


def match_out(stored: StoredMatch) -> MatchOut:
    """The public listing of a stored match."""
    header = stored.header
    return MatchOut(
        id=stored.id,
        players=list(header.players),
        race_to=header.race_to,
        preset=header.rules,
        table_name=stored.table_name,
        table_size=TableSize(stored.table_size),
        tags=stored.event_tags,
        status=stored.status,
        racks_won=list(stored.racks_won),
        log_length=stored.log_length,
        created_at=stored.created_at,
        final=stored.is_final,
        targets=header.ruleset.targets_text,
        shot_clock=header.ruleset.shot_clock,
    )


def with_pin(stored: StoredMatch) -> MatchWithPin:
    """The desk's view of a stored match, PIN included."""
    return MatchWithPin(**match_out(stored).model_dump(), pin=stored.pin)
