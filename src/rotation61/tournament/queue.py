"""The table queue: which ready match each free table takes.

Priority: featured matches take a free TV table first; then every ready match in
order of round, then stage (winners' side, main bracket, groups and Swiss before the
losers' side, then the grand final or the knockout, then the reset), then group,
then bracket order. A match takes the first free table in the listed order,
non-TV tables first for a match that is not featured; a TV table is left free for
a waiting featured match. A player still playing (or just called) elsewhere is never
called.
"""

from __future__ import annotations

from collections.abc import Sequence

from rotation61.tournament.matches import Match, Status
from rotation61.tournament.model import Call, Stage, check_tables
from rotation61.tournament.state import EventState

__all__ = ["next_calls", "priority"]

_STAGE_ORDER = {
    Stage.WINNERS: 0,
    Stage.MAIN: 0,
    Stage.GROUP: 0,
    Stage.SWISS: 0,
    Stage.LOSERS: 1,
    Stage.GRAND_FINAL: 2,
    Stage.KNOCKOUT: 2,
    Stage.RESET: 3,
}


def priority(match: Match) -> tuple[int, int, int, int]:
    """The queue order of a ready match: round, stage, group, bracket position."""
    return (match.round, _STAGE_ORDER[match.stage], match.group, match.index)


def next_calls(state: EventState, tables: Sequence[str] = ()) -> tuple[Call, ...]:
    """The calls to make now, one per free table at most.

    Args:
        state: the event.
        tables: the tables in use (default: the event's tables).

    Raises:
        InvalidEventError: a table named twice, or a name that is not an id.

    >>> from rotation61.tournament.model import Config, Entry, Format
    >>> from rotation61.tournament.state import draw, new_event
    >>> field = [Entry(id=f"p{i}", name=f"P{i}", rating=100 - i) for i in range(1, 5)]
    >>> state = draw(new_event("Cup", field, Config(format=Format.SINGLE)))
    >>> [(c.match, c.table) for c in next_calls(state, ["t1", "t2", "t3"])]
    [('R1-1', 't1'), ('R1-2', 't2')]
    """
    config = state.event.config
    tables = tuple(tables) or config.tables
    check_tables(tables)
    tv = [t for t in tables if t in config.tv_tables]
    playing = [m for m in state.matches if m.status is Status.PLAYING]
    busy_tables = {m.table for m in playing}
    busy = {p for m in playing for p in m.players if p}
    free = [t for t in tables if t not in busy_tables]
    ready = sorted(
        (m for m in state.matches if m.status is Status.READY),
        key=lambda m: (not m.featured, priority(m)),
    )
    waiting_featured = sum(1 for m in ready if m.featured)
    calls: list[Call] = []
    for match in ready:
        if not free:
            break
        if any(p in busy for p in match.players):
            continue
        table = _table_for(match, free, tv, keep_tv=waiting_featured > 0)
        if match.featured:
            waiting_featured -= 1
        if table is None:
            continue
        free.remove(table)
        busy.update(p for p in match.players if p)
        calls.append(Call(match=match.id, table=table))
    return tuple(calls)


def _table_for(match: Match, free: list[str], tv: list[str], *, keep_tv: bool) -> str | None:
    if match.featured:
        return next((t for t in free if t in tv), free[0])
    plain = [t for t in free if t not in tv]
    if plain:
        return plain[0]
    return None if keep_tv else free[0]
