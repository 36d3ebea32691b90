"""The event's live views: page parts, standings, tables board, frames, the API view.

Every view is server-rendered HTML (escaped here) so that the page and its live frames
show the same thing: a page includes the fragment, and each frame of the event's
stream carries the whole fragment again (rendered once per language per change). The
draw itself (brackets, rounds, groups) is drawn by :mod:`.brackets`; the standings are
the lines with the tie-break columns, under the criteria in their order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from typing import Final

from rotation61.text import Language
from rotation61.tournament import (
    EventState,
    Format,
    Line,
    Match,
    Status,
)
from rotation61.tournament.queue import priority
from rotation61.web.adapters.screens import data_frame
from rotation61.web.core.i18n import ui
from rotation61.web.presenters.brackets import (
    bracket_svgs,
    groups_html,
    player_name,
    rounds_table,
)
from rotation61.web.schemas import (
    EntryOut,
    LineOut,
    TournamentMatchOut,
    TournamentOut,
)
from rotation61.web.services.tournaments import LiveEvent

__all__ = [
    "LIVE_STANDINGS",
    "EventParts",
    "board_fragment",
    "event_frame",
    "event_parts",
    "standings_html",
    "table_frame",
    "tournament_out",
]

LIVE_STANDINGS: Final = 16
"""The lines of the standings a live page shows (all of them at ``/events/E/standings``)."""


_STANDINGS_KEPT: Final = 8
_STANDINGS: dict[int, tuple[EventState, tuple[Line, ...]]] = {}
"""The standings of the last states ranked (a change renders them once per language).

Bounded: at :data:`_STANDINGS_KEPT` states the memo is emptied and fills again.
"""


def _standings(state: EventState) -> tuple[Line, ...]:
    """``state.standings()``, memoised for the same state object."""
    known = _STANDINGS.get(id(state))
    if known is None or known[0] is not state:
        if len(_STANDINGS) >= _STANDINGS_KEPT:
            _STANDINGS.clear()
        known = _STANDINGS[id(state)] = (state, state.standings())
    return known[1]


def standings_html(
    live: LiveEvent, lang: Language, limit: int = 0, rows: dict[str, str] | None = None
) -> str:
    """The standings under their criteria (the first ``limit`` lines; 0: all).

    ``rows`` receives each line's ``<tr id="st-<place>">`` (what a live frame sends).
    """
    state = live.state
    rows = {} if rows is None else rows
    if state is None:
        return ""
    criteria = ", ".join(ui(f"t.tb.{t.value}", lang) for t in state.event.config.tie_breaks)
    heads = ("t.place", "t.player", "t.played", "t.won", "t.lost", "t.racks", "t.points")
    head = "".join(f"<th>{escape(ui(h, lang))}</th>" for h in heads)
    for line in _standings(state)[:limit] if limit else _standings(state):
        rows[f"st-{line.place}"] = (
            f'<tr id="st-{line.place}" class="{"out" if line.out else ""}"><td>{line.place}</td>'
            f"<td>{escape(player_name(live, line.player, lang))}</td><td>{line.played}</td>"
            f"<td>{line.won}</td><td>{line.lost}</td>"
            f"<td>{line.racks_won}–{line.racks_lost} ({line.rack_difference:+d})</td>"
            f"<td>{line.points_for}–{line.points_against} ({line.point_difference:+d})</td></tr>"
        )
    body = "".join(rows[k] for k in rows if k.startswith("st-"))
    more = ""
    if limit and len(state.event.entries) > limit:
        more = (
            f'<p><a href="/events/{live.stored.id}/standings">'
            f"{escape(ui('t.standings.all', lang))}</a></p>"
        )
    return (
        f'<section id="standings"><h2>{escape(ui("t.standings", lang))}</h2>'
        f'<p class="tiebreaks">{escape(ui("t.tiebreaks", lang, criteria=criteria))}</p>'
        f'<table class="matches standings"><tr>{head}</tr>{body}</table>{more}</section>'
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class EventParts:
    """The public page's live parts, rendered once per language and change.

    Attributes:
        head: the event's state and its champion.
        body: the bracket (SVG) or the rounds (tables), or the entries before the draw.
        boxes: every element a diff frame may replace, by its id: each match's in
            ``body`` (``m-<match>``), each standings line (``st-<place>``), each table's
            row of the board (``table-<n>``).
        standings: the standings (the first :data:`LIVE_STANDINGS` lines).
        board: the tables, now playing and up next.
        upcoming: the board's "up next" list (always sent whole).
    """

    head: str
    body: str
    boxes: dict[str, str]
    standings: str
    board: str
    upcoming: str


def event_parts(live: LiveEvent, lang: Language) -> EventParts:
    """Render the live parts of the public event page."""
    state = live.state
    status = (
        "finished"
        if live.finished
        else "running"
        if live.running
        else "drawn"
        if live.drawn
        else "entries"
    )
    head = (
        f'<p id="event-status" data-status="{status}" data-seq="{live.seq}">'
        f"{escape(ui('t.state.' + status, lang))}</p>"
    )
    champion = state.champion if state is not None and state.drawn else None
    if champion:
        head += (
            f'<p id="champion" class="champion">'
            f"{escape(ui('t.champion', lang, name=live.name_of(champion)))}</p>"
        )
    boxes: dict[str, str] = {}
    standings = ""
    if state is not None and state.drawn:
        if state.event.config.format in (Format.SINGLE, Format.DOUBLE):
            body = f'<div class="brackets">{bracket_svgs(live, lang, boxes)}</div>'
        elif state.event.config.format is Format.GROUPS:
            body = groups_html(live, lang, boxes)
        else:
            body = rounds_table(live, lang, boxes)
        standings = standings_html(live, lang, LIVE_STANDINGS, boxes)
    else:
        body = (
            '<ol class="entries">'
            + "".join(f"<li>{escape(e.name)}</li>" for e in live.entries)
            + "</ol>"
        )
    upcoming = up_next(live, lang)
    board = board_fragment(live, lang, boxes, upcoming)
    return EventParts(
        head=head, body=body, boxes=boxes, standings=standings, board=board, upcoming=upcoming
    )


def up_next(live: LiveEvent, lang: Language) -> str:
    """The matches waiting for a table, in the queue's order (the first 12)."""
    upcoming = []
    if live.state is not None:
        ready = sorted(
            (m for m in live.state.matches if m.status is Status.READY),
            key=lambda m: (not m.featured, priority(m)),
        )
        upcoming = [
            f"<li>{escape(m.id)}: "
            + " – ".join(escape(player_name(live, p, lang)) for p in m.players)
            + "</li>"
            for m in ready[:12]
        ]
    return (
        f'<section id="up-next"><h2>{escape(ui("t.next", lang))}</h2>'
        f"<ol>{''.join(upcoming) or '<li>—</li>'}</ol></section>"
    )


def board_fragment(
    live: LiveEvent, lang: Language, rows: dict[str, str] | None = None, upcoming: str = ""
) -> str:
    """The hall board: per table, the match now playing; then the matches up next.

    ``rows`` receives each table's ``<tr id="table-N">`` (what a live frame sends).
    """
    rows = {} if rows is None else rows
    playing = live.on_tables()
    for table in range(1, live.settings.tables + 1):
        now = playing.get(table)
        tv = f" ({ui('t.tv', lang)})" if table == live.settings.tv_table else ""
        if now is None:
            what = f'<td colspan="2" class="free">{escape(ui("t.free", lang))}</td>'
        else:
            match, ref = now
            players = " – ".join(escape(player_name(live, p, lang)) for p in match.players)
            what = (
                f"<td>{escape(match.id)}</td><td>{players} "
                f'<a href="/matches/{ref}/scoreboard">{escape(ui("t.scoreboard", lang))}</a></td>'
            )
        rows[f"table-{table}"] = (
            f'<tr id="table-{table}"><th>{escape(ui("t.table", lang, n=table))}{tv}</th>{what}</tr>'
        )
    tables = "".join(v for k, v in rows.items() if k.startswith("table-"))
    return (
        f'<section id="now-playing"><h2>{escape(ui("t.now", lang))}</h2>'
        f'<table class="matches tables">{tables}</table></section>'
        f"{upcoming or up_next(live, lang)}"
    )


def event_frame(
    seq: int, parts: EventParts, base: tuple[int, dict[str, str]] | None = None
) -> bytes:
    """The event stream's frame (``event: tournament``).

    With ``base`` (the ``seq`` and boxes of the frame before), a diff: only the elements
    (matches, standings lines, tables) that changed, for screens showing ``base``;
    otherwise the whole body, standings and board. The head and the "up next" list are
    always whole (they are small).
    """
    data: dict[str, object] = {"seq": seq, "head": parts.head, "next": parts.upcoming}
    if base is None or set(base[1]) != set(parts.boxes):
        data.update(body=parts.body, standings=parts.standings, board=parts.board)
    else:
        data["base"] = base[0]
        data["boxes"] = {k: v for k, v in parts.boxes.items() if base[1].get(k) != v}
    return data_frame("tournament", json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def table_frame(table: int, match_ref: int | None) -> bytes:
    """A table's stream frame: the scorekeeper match playing there (``null``: none)."""
    return data_frame("table", json.dumps({"table": table, "match": match_ref}))


def _match_out(live: LiveEvent, match: Match) -> TournamentMatchOut:
    return TournamentMatchOut(
        id=match.id,
        stage=match.stage,
        round=match.round,
        group=match.group,
        players=list(match.players),
        status=match.status,
        table=match.table,
        race=match.race,
        winner=match.winner,
        racks=list(match.racks),
        points=list(match.points),
        scorekeeper_match=live.refs.get(match.id),
    )


def tournament_out(live: LiveEvent) -> TournamentOut:
    """The API's view of an event (the desk's and the public's)."""
    state = live.state
    drawn = state is not None and state.drawn
    return TournamentOut(
        id=live.stored.id,
        name=live.stored.name,
        seq=live.seq,
        settings=live.settings.to_dict(),
        drawn=drawn,
        running=live.running,
        finished=live.finished,
        champion=(state.champion or "") if state is not None and drawn else "",
        entries=[
            EntryOut(
                id=e.player_id,
                name=e.name,
                club=e.club,
                rating=e.rating,
                player_class=e.player_class,
                checked_in=e.checked_in,
            )
            for e in live.entries
        ],
        seed_order=list(state.order) if state is not None else [],
        matches=[_match_out(live, m) for m in state.matches] if state is not None else [],
        standings=[
            LineOut(
                place=line.place,
                player=line.player,
                played=line.played,
                won=line.won,
                lost=line.lost,
                racks_won=line.racks_won,
                racks_lost=line.racks_lost,
                points_for=line.points_for,
                points_against=line.points_against,
                out=line.out,
            )
            for line in (state.standings() if state is not None and drawn else ())
        ],
    )
