"""The public player pages' views: the list of an event's players, one player's day.

Server-rendered HTML (escaped here), as the event's other views: the page includes the
fragment, and the page's script fetches the same fragment again when the event or the
player's match changes (``static/player.js``). All wording is the ``web`` catalogue's
(``pl.*`` ids, and the event views' ``t.*`` ones).
"""

from __future__ import annotations

from html import escape

from rotation61.text import Language
from rotation61.tournament import Match, Status
from rotation61.web.adapters.tournaments import StoredEntry
from rotation61.web.core.i18n import ui
from rotation61.web.presenters.brackets import player_name
from rotation61.web.services.players import PlayerDay, PlayerStatus
from rotation61.web.services.tournament_model import LiveEvent

__all__ = ["player_fragment", "roster_html"]


def _table(table: str, lang: Language) -> str:
    """A table as the screens name it: "Bàn 2" for a numbered table, else its name."""
    return ui("t.table", lang, n=table) if table.isdigit() else table


def roster_html(
    live: LiveEvent, entries: tuple[StoredEntry, ...], query: str, lang: Language
) -> str:
    """The players a search found, each a link to their page (or a line saying none)."""
    if not entries:
        return f'<p id="players-none">{escape(ui("pl.none", lang, query=query))}</p>'
    rows = "".join(
        f'<li><a href="/events/{live.stored.id}/players/{escape(e.player_id)}?lang={lang.value}">'
        f'<span class="pl-name">{escape(e.name)}</span>'
        + (f' <span class="pl-club">{escape(e.club)}</span>' if e.club else "")
        + "</a></li>"
        for e in entries
    )
    count = escape(ui("pl.count", lang, count=len(entries)))
    return f'<p class="pl-count">{count}</p><ul id="players-found" class="pl-list">{rows}</ul>'


def _opponent(day: PlayerDay, match: Match, lang: Language) -> str:
    other = day.opponent(match)
    if other is None:
        return ui("pl.opponent.unknown", lang)
    return player_name(day.live, other, lang)


def _next(day: PlayerDay, lang: Language) -> str:
    match = day.next_match
    if match is None:
        return ""
    playing = match.status is Status.PLAYING
    heading = ui("pl.now" if playing else "t.next", lang)
    where = _table(match.table, lang) if match.table else ui("pl.table.waiting", lang)
    lines = [
        f'<p class="pl-match"><span id="next-id" class="pl-id">{escape(match.id)}</span> '
        f'<span id="next-table" class="pl-table">{escape(where)}</span></p>',
        f'<p id="next-opponent" class="pl-opponent">'
        f"{escape(ui('pl.opponent', lang, name=_opponent(day, match, lang)))}</p>",
    ]
    if day.called is not None:
        mine = day.seat(match)
        racks = day.called.racks_won
        score = ui("pl.score", lang, mine=racks[mine], theirs=racks[1 - mine], race=match.race)
        lines.append(f'<p id="next-score" class="pl-score">{escape(score)}</p>')
        called = day.called.created_at
        lines.append(
            f'<p class="pl-called">{escape(ui("pl.called", lang))} '
            f'<time id="next-called" datetime="{escape(called)}">{escape(called[11:16])} UTC'
            "</time></p>"
        )
    ref = day.live.refs.get(match.id)
    if playing and ref is not None:
        lines.append(
            f'<p><a href="/matches/{ref}/scoreboard">{escape(ui("t.scoreboard", lang))}</a></p>'
        )
    return (
        f'<section id="next-match" class="pl-next{" live" if playing else ""}"'
        f' data-match="{ref if ref is not None else ""}"><h2>{escape(heading)}</h2>'
        + "".join(lines)
        + "</section>"
    )


def _result(day: PlayerDay, match: Match, lang: Language) -> str:
    won = match.winner == day.entry.player_id
    mine = day.seat(match)
    score = (
        "W/O"
        if match.status is Status.WALKOVER
        else f"{match.racks[mine]} – {match.racks[1 - mine]}"
    )
    verdict = ui("t.won" if won else "t.lost", lang)
    return (
        f'<li class="{"won" if won else "lost"}"><span class="pl-id">{escape(match.id)}</span> '
        f"<strong>{escape(verdict)}</strong> {escape(score)} "
        f"<span>{escape(_opponent(day, match, lang))}</span></li>"
    )


def player_fragment(day: PlayerDay, lang: Language) -> str:
    """One player's day: their status, the match now or next, their results so far."""
    status = ui(f"pl.status.{day.status.value}", lang)
    results = "".join(_result(day, m, lang) for m in day.results)
    done = (
        f'<ol id="player-results" class="pl-results">{results}</ol>'
        if results
        else f'<p id="player-results">{escape(ui("pl.results.none", lang))}</p>'
    )
    return (
        f'<p id="player-status" class="pl-status {day.status.value}"'
        f' data-status="{day.status.value}">{escape(status)}</p>'
        + (_next(day, lang) if day.status is not PlayerStatus.NOT_DRAWN else "")
        + f'<section class="pl-done"><h2>{escape(ui("pl.results", lang))}</h2>{done}</section>'
    )
