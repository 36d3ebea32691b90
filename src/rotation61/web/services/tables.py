"""What a hall table stands at: its match now, a held result, or the event it serves.

A table's console, scoreboard and overlay read :func:`table_status`: the match playing
there (with its held result during the grace period, see
:mod:`rotation61.web.services.result_grace`), or, when the table is free, the event it
serves (still running: its next featured match; finished: its champion).
"""

from __future__ import annotations

import dataclasses

from rotation61.tournament import Match, Status
from rotation61.web.services.result_grace import HeldResult, ResultGrace
from rotation61.web.services.tournament_model import LiveEvent
from rotation61.web.services.tournaments import TournamentService

__all__ = ["TableStatus", "next_featured", "table_status"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TableStatus:
    """A table now.

    Attributes:
        table: the table's number.
        live: the event the table serves: the one playing there, else a running event
            that has the table, else the last finished one (``None``: no event).
        match: the event's match playing on the table (``None``: free).
        match_ref: its scorekeeper match.
        held: its result held for the table's confirmation.
    """

    table: int
    live: LiveEvent | None = None
    match: Match | None = None
    match_ref: int | None = None
    held: HeldResult | None = None

    @property
    def finished(self) -> bool:
        """Whether the table's event is over (every match decided)."""
        return self.live is not None and self.live.finished


def next_featured(live: LiveEvent) -> Match | None:
    """The event's next match for the TV table: featured, not decided, soonest first.

    One playing comes first, then one ready to be called, then one still waiting for
    its players.
    """
    if live.state is None:
        return None
    order = {Status.PLAYING: 0, Status.READY: 1, Status.PENDING: 2}
    waiting = [m for m in live.state.matches if m.featured and m.status in order]
    if not waiting:
        return None
    return min(waiting, key=lambda m: order[m.status])  # the first in the bracket's order


def table_status(
    tournaments: TournamentService, grace: ResultGrace | None, table: int
) -> TableStatus:
    """What ``table`` stands at now (reads storage when the events moved on)."""
    now = tournaments.table_now(table)
    if now is not None:
        live, match, ref = now
        held = grace.held(live, table, match, ref) if grace is not None else None
        return TableStatus(table=table, live=live, match=match, match_ref=ref, held=held)
    for live in tournaments.running_events():
        if table <= live.settings.tables:
            return TableStatus(table=table, live=live)
    for stored in tournaments.list_events():
        if stored.log_length == 0:
            continue
        live = tournaments.event(stored.id)
        if live.finished and table <= live.settings.tables:
            return TableStatus(table=table, live=live)
    return TableStatus(table=table)
