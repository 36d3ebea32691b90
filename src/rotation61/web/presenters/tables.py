"""A hall table's status for its screens: the console's steps and the idle page.

The console's "match over" and "next on this table" steps, and the page of a free table
(its console, scoreboard and overlay).

The API's shape (:class:`TableStatusOut`) is this module's: the console polls it for the
grace period's count-down, and the idle screens render it in the page's language.
"""

from datetime import UTC, datetime

from pydantic import BaseModel

from rotation61.text import Language
from rotation61.tournament import Match, Status
from rotation61.web.core.i18n import ui
from rotation61.web.services.tables import TableStatus, next_featured
from rotation61.web.services.tournament_model import LiveEvent

__all__ = [
    "HeldOut",
    "TableEventOut",
    "TableMatchOut",
    "TableStatusOut",
    "match_line",
    "table_status_out",
]


class TableMatchOut(BaseModel):
    """An event's match as a table shows it."""

    id: str
    players: list[str]
    table: str
    status: str
    featured: bool
    scorekeeper_match: int | None = None
    line: str
    """``W1-5 Nguyễn Văn An – Trần Thị Bình`` (and the table when called)."""


class HeldOut(BaseModel):
    """A finished match waiting for its table's confirmation."""

    seconds_left: float
    grace_s: float
    length: int


class TableEventOut(BaseModel):
    """The event a table serves."""

    id: int
    name: str
    finished: bool
    champion: str
    played: int
    matches: int
    standings_url: str
    bracket_url: str


class TableStatusOut(BaseModel):
    """A table now: its match (and held result), or its event's next featured match."""

    table: int
    event: TableEventOut | None = None
    match: TableMatchOut | None = None
    held: HeldOut | None = None
    next_featured: TableMatchOut | None = None
    playing: list[TableMatchOut] = []
    """The event's matches on the tables now (the bracket's summary)."""


def match_line(live: LiveEvent, match: Match, lang: Language) -> str:
    """``W1-5 An – Bình`` (a player not known yet reads as the catalogue's "to be decided")."""
    names = [live.name_of(p) or ui("tables.tbd", lang) for p in match.players]
    return f"{match.id} {names[0]} – {names[1]}"


def _match_out(live: LiveEvent, match: Match, lang: Language) -> TableMatchOut:
    return TableMatchOut(
        id=match.id,
        players=[live.name_of(p) for p in match.players],
        table=match.table,
        status=match.status.value,
        featured=match.featured,
        scorekeeper_match=live.refs.get(match.id),
        line=match_line(live, match, lang),
    )


def _event_out(live: LiveEvent) -> TableEventOut:
    state = live.state
    matches = [m for m in state.matches if m.real or m.decided] if state is not None else []
    real = [m for m in matches if m.real]
    champion = state.champion if state is not None and live.finished else None
    return TableEventOut(
        id=live.stored.id,
        name=live.stored.name,
        finished=live.finished,
        champion=live.name_of(champion) if champion else "",
        played=sum(1 for m in real if m.decided),
        matches=len(real),
        standings_url=f"/events/{live.stored.id}/standings",
        bracket_url=f"/events/{live.stored.id}",
    )


def table_status_out(
    status: TableStatus, lang: Language, now: datetime | None = None
) -> TableStatusOut:
    """The API's view of a table's status."""
    live = status.live
    if live is None:
        return TableStatusOut(table=status.table)
    now = now or datetime.now(UTC)
    featured = next_featured(live)
    playing = (
        [_match_out(live, m, lang) for m in live.state.matches if m.status is Status.PLAYING]
        if live.state is not None
        else []
    )
    return TableStatusOut(
        table=status.table,
        event=_event_out(live),
        match=_match_out(live, status.match, lang) if status.match is not None else None,
        held=(
            HeldOut(
                seconds_left=round(status.held.seconds_left(now), 1),
                grace_s=status.held.grace_s,
                length=status.held.length,
            )
            if status.held is not None
            else None
        ),
        next_featured=_match_out(live, featured, lang) if featured is not None else None,
        playing=playing,
    )
