"""The draw of an event as its public views show it: brackets, rounds and groups.

Every view is server-rendered HTML (escaped here) so that the page and its live frames
show the same thing: a page includes the fragment, and each frame of the event's
stream carries the whole fragment again (rendered once per language per change).

- Elimination formats: one SVG per part of the bracket (winners' side, losers' side,
  finals; the main bracket in single elimination), a column per round, the matches of
  a round spaced evenly, with a line from each match to the one its winner plays next
  (within the part: a loser's drop into the losers' side has none).
- Round robin and Swiss: a table of matches per round.
- Groups then knockout: per group, its standings (under the group's tie-break line,
  the players through to the knockout marked once it is drawn) and its matches by
  round; then the knockout as a bracket (SVG) once drawn, a note until then.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from rotation61.text import Language
from rotation61.tournament import BYE, Format, Match, Stage, Status
from rotation61.web.core.i18n import ui
from rotation61.web.services.tournaments import LiveEvent

__all__ = [
    "bracket_svgs",
    "groups_html",
    "player_name",
    "rounds_table",
]

_BOX_W: Final = 190
_BOX_H: Final = 46
_COL_GAP: Final = 40
_ROW_GAP: Final = 12
_TOP: Final = 24
_FILL: Final = {
    Status.PENDING: "#ffffff",
    Status.READY: "#eef6ff",
    Status.PLAYING: "#fff4cc",
    Status.DONE: "#e9f5ee",
    Status.WALKOVER: "#f1ece4",
    Status.BYE: "#f4f4f4",
    Status.VOID: "#f4f4f4",
}
_PARTS: Final = (
    ("main", (Stage.MAIN,)),
    ("winners", (Stage.WINNERS,)),
    ("losers", (Stage.LOSERS,)),
    ("finals", (Stage.GRAND_FINAL, Stage.RESET, Stage.KNOCKOUT)),
)


def player_name(live: LiveEvent, player: str | None, lang: Language) -> str:
    """A player as the event's views name them ("—" while unknown, the bye worded)."""
    if player is None:
        return "—"
    if player == BYE:
        return ui("t.bye", lang)
    return live.name_of(player) or player


def _column_key(match: Match) -> tuple[int, int]:
    order = {Stage.GRAND_FINAL: 1, Stage.RESET: 2}
    return (order.get(match.stage, 0), match.round)


_BOXES_KEPT: Final = 20_000
_BOXES: dict[tuple[Match, str, str, int, int, Language], str] = {}
"""Rendered match boxes: a render rebuilds only the boxes whose match changed.

Bounded: at :data:`_BOXES_KEPT` boxes (a 256-player double elimination draws about
500 per language) the memo is emptied and fills again.
"""


def _box(live: LiveEvent, match: Match, x: int, y: int, lang: Language) -> str:
    """A match's box (memoised: the same match, names and place give the same SVG)."""
    names = (live.name_of(match.players[0]), live.name_of(match.players[1]))
    key = (match, names[0], names[1], x, y, lang)
    known = _BOXES.get(key)
    if known is None:
        if len(_BOXES) >= _BOXES_KEPT:
            _BOXES.clear()
        known = _BOXES[key] = _draw_box(live, match, x, y, lang)
    return known


def _draw_box(live: LiveEvent, match: Match, x: int, y: int, lang: Language) -> str:
    lines = []
    for slot in (0, 1):
        player = match.players[slot]
        won = bool(match.winner) and match.winner == player
        score = str(match.racks[slot]) if match.status is Status.DONE else ""
        if match.status is Status.WALKOVER and won:
            score = "W/O"
        weight = ' font-weight="bold"' if won else ""
        ty = y + 19 + slot * 20
        lines.append(
            f'<text x="{x + 6}" y="{ty}" font-size="13"{weight}>'
            f"{escape(player_name(live, player, lang)[:22])}</text>"
            f'<text x="{x + _BOX_W - 6}" y="{ty}" font-size="13" text-anchor="end"{weight}>'
            f"{escape(score)}</text>"
        )
    label = match.id + (f" · {ui('t.table', lang, n=match.table)}" if match.table else "")
    stroke = "#c77700" if match.status is Status.PLAYING else "#888"
    return (
        f'<g id="m-{escape(match.id)}" class="m {match.status.value}" '
        f'data-status="{match.status.value}">'
        f'<text x="{x}" y="{y - 3}" font-size="10" fill="#555">{escape(label)}</text>'
        f'<rect x="{x}" y="{y}" width="{_BOX_W}" height="{_BOX_H}" rx="5" '
        f'fill="{_FILL[match.status]}" stroke="{stroke}" stroke-width="1.5"/>'
        f'<line x1="{x}" y1="{y + _BOX_H // 2}" x2="{x + _BOX_W}" y2="{y + _BOX_H // 2}" '
        f'stroke="#ddd"/>{"".join(lines)}</g>'
    )


def _svg(
    live: LiveEvent, matches: Sequence[Match], title: str, lang: Language, boxes: dict[str, str]
) -> str:
    columns: dict[tuple[int, int], list[Match]] = {}
    for match in matches:
        columns.setdefault(_column_key(match), []).append(match)
    keys = sorted(columns)
    tallest = max(len(c) for c in columns.values())
    height = _TOP + tallest * (_BOX_H + _ROW_GAP) + 10
    width = len(keys) * (_BOX_W + _COL_GAP)
    parts: list[str] = []
    places: dict[str, tuple[int, int]] = {}
    for col, key in enumerate(keys):
        column = sorted(columns[key], key=lambda m: m.index)
        slot = (height - _TOP) / len(column)
        x = col * (_BOX_W + _COL_GAP)
        for i, match in enumerate(column):
            y = int(_TOP + slot * i + (slot - _BOX_H) / 2)
            places[match.id] = (x, y)
            boxes[f"m-{match.id}"] = _box(live, match, x, y, lang)
            parts.append(boxes[f"m-{match.id}"])
    # a line from each match to the one its winner plays next, where both are drawn here
    state = live.state
    lines: list[str] = []
    for match in matches:
        if state is None or match.id not in places:
            continue
        x2, y2 = places[match.id]
        for feeder in state.winners_into(match.id):
            if feeder not in places:
                continue
            x1, y1 = places[feeder]
            mid = x1 + _BOX_W + _COL_GAP // 2
            lines.append(
                f'<path d="M{x1 + _BOX_W} {y1 + _BOX_H // 2} H{mid} V{y2 + _BOX_H // 2} '
                f'H{x2}" fill="none" stroke="#aaa"/>'
            )
    parts = lines + parts  # under the boxes
    return (
        f'<figure class="bracket"><figcaption>{escape(title)}</figcaption>'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
        f"{''.join(parts)}</svg></figure>"
    )


def bracket_svgs(live: LiveEvent, lang: Language, boxes: dict[str, str] | None = None) -> str:
    """The bracket of an elimination event as SVG figures, one per part ("" otherwise).

    After groups, the knockout's bracket (a single knockout is one figure).
    ``boxes`` receives each match's ``<g id="m-...">`` element (what a live frame sends).
    """
    state = live.state
    if state is None or not state.drawn:
        return ""
    boxes = {} if boxes is None else boxes
    out = []
    parts: tuple[tuple[str, tuple[Stage, ...]], ...] = _PARTS
    config = state.event.config
    if config.format is Format.GROUPS and config.knockout is Format.SINGLE:
        parts = (("main", (Stage.KNOCKOUT,)),)  # under the "Knockout" heading
    for part, stages in parts:
        matches = [m for m in state.matches if m.stage in stages and m.status is not Status.VOID]
        if matches:
            out.append(_svg(live, matches, ui(f"t.part.{part}", lang), lang, boxes))
    return "".join(out)


def rounds_table(live: LiveEvent, lang: Language, boxes: dict[str, str]) -> str:
    """Round robin and Swiss: a table of matches per round (each row also in ``boxes``)."""
    state = live.state
    if state is None:
        return ""
    rows: dict[tuple[int, int], list[Match]] = {}
    for match in state.matches:
        rows.setdefault((match.group, match.round), []).append(match)
    out = []
    for (group, round_), matches in sorted(rows.items()):
        title = ui("t.round", lang, n=round_)
        if group:
            title = f"{ui('t.group', lang, n=group)} · {title}"
        for m in sorted(matches, key=lambda m: m.index):
            boxes[f"m-{m.id}"] = _match_row(live, m, lang)
        body = "".join(boxes[f"m-{m.id}"] for m in sorted(matches, key=lambda m: m.index))
        out.append(
            f'<table class="matches rounds"><caption>{escape(title)}</caption>{body}</table>'
        )
    return "".join(out)


def _match_row(live: LiveEvent, m: Match, lang: Language) -> str:
    """A match's row in a table of rounds (its id ``m-<match>``, what a frame replaces)."""
    return (
        f'<tr id="m-{escape(m.id)}" data-status="{m.status.value}"><td>{escape(m.id)}</td>'
        f"<td>{escape(player_name(live, m.players[0], lang))}</td>"
        f"<td>{_score(m)}</td>"
        f"<td>{escape(player_name(live, m.players[1], lang))}</td>"
        f"<td>{escape(ui('t.status.' + m.status.value, lang))}"
        f"{' · ' + escape(ui('t.table', lang, n=m.table)) if m.table else ''}</td></tr>"
    )


def _criteria(live: LiveEvent, lang: Language) -> str:
    state = live.state
    if state is None:
        return ""
    return ", ".join(ui(f"t.tb.{t.value}", lang) for t in state.event.config.tie_breaks)


def groups_html(live: LiveEvent, lang: Language, boxes: dict[str, str] | None = None) -> str:
    """Groups then knockout: each group's standings and matches, then the knockout.

    A group's standings rank by the event's tie-breaks over that group's matches
    (``EventState.standings(group)``); once the knockout is drawn, the players in it are
    marked as through. The knockout is the bracket (SVG) once drawn (the moment the
    last group match is decided), a note saying how many go through until then.

    ``boxes`` receives every element a live frame may replace: each group's heading
    (``g<group>-head``), standings lines (``g<group>-st-<place>``) and match rows
    (``m-<match>``), and the knockout's match boxes.
    """
    state = live.state
    boxes = {} if boxes is None else boxes
    if state is None or not state.drawn:
        return ""
    config = state.event.config
    in_groups = [m for m in state.matches if m.stage is Stage.GROUP]
    knockout = [m for m in state.matches if m.stage is not Stage.GROUP]
    through = {p for m in knockout for p in m.players if p}
    criteria = _criteria(live, lang)
    heads = ("t.place", "t.player", "t.played", "t.won", "t.lost", "t.racks", "t.points")
    head = "".join(f"<th>{escape(ui(h, lang))}</th>" for h in heads) + "<th></th>"
    rule = (
        escape(ui("t.group.tiebreaks", lang, criteria=criteria))
        + " "
        + escape(ui("t.group.through", lang, count=config.advance))
    )
    sections = []
    for group in sorted({m.group for m in in_groups}):
        matches = [m for m in in_groups if m.group == group]
        done = all(m.decided for m in matches)
        title = ui("t.group", lang, n=group)
        if done:
            title = f"{title} · {ui('t.group.done', lang)}"
        boxes[f"g{group}-head"] = f'<h3 id="g{group}-head">{escape(title)}</h3>'
        lines = []
        for line in state.standings(group):
            key = f"g{group}-st-{line.place}"
            went = line.player in through
            mark = escape(ui("t.group.qualified", lang)) if went else ""
            css = "through" if went else ("out" if line.out else "")
            boxes[key] = (
                f'<tr id="{key}" class="{css}"><td>{line.place}</td>'
                f"<td>{escape(player_name(live, line.player, lang))}</td><td>{line.played}</td>"
                f"<td>{line.won}</td><td>{line.lost}</td>"
                f"<td>{line.racks_won}–{line.racks_lost} ({line.rack_difference:+d})</td>"
                f"<td>{line.points_for}–{line.points_against} ({line.point_difference:+d})</td>"
                f'<td class="mark">{mark}</td></tr>'
            )
            lines.append(boxes[key])
        rounds = []
        for round_ in sorted({m.round for m in matches}):
            rows = []
            for m in sorted((m for m in matches if m.round == round_), key=lambda m: m.index):
                boxes[f"m-{m.id}"] = _match_row(live, m, lang)
                rows.append(boxes[f"m-{m.id}"])
            rounds.append(
                f'<tbody><tr class="round"><th colspan="5">'
                f"{escape(ui('t.round', lang, n=round_))}</th></tr>{''.join(rows)}</tbody>"
            )
        sections.append(
            f'<section class="group" id="group-{group}" aria-labelledby="g{group}-head">'
            f"{boxes[f'g{group}-head']}"
            f'<table class="matches standings group-standings"><tr>{head}</tr>'
            f"{''.join(lines)}</table>"
            f'<table class="matches rounds group-matches">{"".join(rounds)}</table></section>'
        )
    if knockout:
        bracket = f'<div class="brackets">{bracket_svgs(live, lang, boxes)}</div>'
    else:
        places = config.advance * len(sections)
        bracket = (
            f'<p class="knockout-pending" id="knockout-pending">'
            f"{escape(ui('t.knockout.pending', lang, count=places))}</p>"
        )
    return (
        f'<section id="groups"><h2>{escape(ui("t.groups", lang))}</h2>'
        f'<p class="tiebreaks" id="group-rule">{rule}</p>'
        f'<div class="group-grid">{"".join(sections)}</div></section>'
        f'<section id="knockout"><h2>{escape(ui("t.part.knockout", lang))}</h2>{bracket}</section>'
    )


def _score(match: Match) -> str:
    """A match's score as its views show it (racks, W/O, or a dash until decided)."""
    if match.status is Status.DONE:
        return f"{match.racks[0]} – {match.racks[1]}"
    if match.status is Status.WALKOVER:
        return "W/O"
    return "–"
