"""What the screens show: the scoreboard and the referee console, as response models.

Pure functions of a stored match and its log, returning
:class:`~rotation61.web.schemas.ScoreboardView` and
:class:`~rotation61.web.schemas.ConsoleView`; all wording comes from
:mod:`rotation61.text` (rulings, options, the scoreboard) and :mod:`rotation61.web.core.i18n`
(the screens' own words).
"""

from __future__ import annotations

import dataclasses
import functools
from itertools import islice
from typing import Any, Final

from rotation61.geometry import GeometryError, Point
from rotation61.match import MatchState
from rotation61.records import AppliedStep, DecisionInput, MatchLog, ShotInput, shot_to_dict
from rotation61.rules import (
    GENERAL_RULES_FOULS,
    Ball,
    OfficialEvent,
    Option,
    Phase,
    RackState,
    Seat,
)
from rotation61.text import (
    Language,
    describe_choice,
    describe_foul,
    describe_option,
    describe_ruling,
    describe_state,
    message,
)
from rotation61.web.core.i18n import ui
from rotation61.web.core.model import StoredMatch, status_of
from rotation61.web.presenters.clock import clock_out
from rotation61.web.presenters.drawing import draw_table, rerack_positions, spot_positions
from rotation61.web.schemas import (
    ConsoleView,
    HistoryEntry,
    LabelOut,
    OptionOut,
    OverrideBase,
    ScoreboardView,
)
from rotation61.web.services.shot_clock import ClockNow

__all__ = ["GENERAL_RULES_LABELS", "console_view", "entry_lines", "scoreboard_view", "sentence"]

GENERAL_RULES_LABELS: Final = GENERAL_RULES_FOULS
"""General-rules fouls the console offers by name (the text catalogue words them)."""

_HISTORY: Final = 12


_ENDS: Final = (".", "!", "?", "…")


def sentence(line: str) -> str:
    """A line as a sentence: ended with a full stop unless it already has its punctuation."""
    line = line.rstrip()
    return line if not line or line.endswith(_ENDS) else line + "."


def entry_lines(entry: AppliedStep, lang: Language, names: tuple[str, str]) -> list[str]:
    """The announcement of one step in effect: the ruling, or the decision taken.

    Each line is a sentence with its punctuation, so that lines read well run together.
    A log's steps never change (an override or an undo makes new ones), so the lines of
    a step are worded once per language and kept: the console shows the same recent
    steps after every input.
    """
    return list(_worded(_Same(entry), lang, names))


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class _Same:
    """A step compared by identity, as a cache key (it holds the step, so its id stays)."""

    entry: AppliedStep

    def __hash__(self) -> int:
        return id(self.entry)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.entry is self.entry


@functools.lru_cache(maxsize=4096)
def _worded(key: _Same, lang: Language, names: tuple[str, str]) -> tuple[str, ...]:
    """A step's sentences, memoised, bounded: the last 4,096 steps worded (least recent out)."""
    return tuple(sentence(line) for line in _entry_lines(key.entry, lang, names))


def _entry_lines(entry: AppliedStep, lang: Language, names: tuple[str, str]) -> list[str]:
    before = entry.before
    if isinstance(entry.step, DecisionInput):
        return describe_choice(
            entry.step.option,
            chooser=before.rack.to_act,
            lowest=before.rack.lowest,
            lang=lang,
            names=names,
        )
    ruling = entry.ruling
    if ruling is None:
        return []
    lines = describe_ruling(
        ruling, lowest_before=before.rack.lowest, lang=lang, names=names, rules=before.rules
    )
    engine = entry.engine_ruling
    if engine is not None:
        said = (
            "; ".join(describe_foul(f, lowest=before.rack.lowest, lang=lang) for f in engine.fouls)
            if engine.fouls
            else ui("console.override.engine_legal", lang)
        )
        lines.insert(0, ui("console.override.applied", lang, engine=said))
        if entry.override is not None and entry.override.note:
            lines.insert(1, ui("console.override.note", lang, note=entry.override.note))
    return lines


def _warning(match: MatchState, lang: Language, names: tuple[str, str]) -> str | None:
    """§XV: the warning stands while a warned player's run of fouls goes on."""
    rack = match.rack
    if rack.is_over:
        return None
    for seat in Seat:
        count = rack.consecutive_fouls[seat]
        if rack.warned[seat] and count >= rack.rules.warning_at:
            return message("ruling.warning", lang, player=names[seat], count=count)
    return None


def _names(stored: StoredMatch) -> tuple[str, str]:
    return stored.header.players


def scoreboard_view(
    stored: StoredMatch, log: MatchLog, lang: Language, clock: ClockNow | None = None
) -> ScoreboardView:
    """The public scoreboard of a match (hall screens, overlays, spectators).

    ``clock`` is its shot clock now, when known (A50).
    """
    return ScoreboardView(**_board(stored, log, lang, clock))


def _board(
    stored: StoredMatch, log: MatchLog, lang: Language, clock: ClockNow | None = None
) -> dict[str, Any]:
    """The scoreboard's fields."""
    match = log.match
    rack = match.rack
    names = _names(stored)
    last = log.last
    last_lines = entry_lines(last, lang, names) if last is not None else []
    overridden = last is not None and last.engine_ruling is not None
    # After an override the first lines say that the referee corrected the engine; the
    # headline is what happened (the corrected ruling's own first line).
    skip = (2 if _has_note(last) else 1) if overridden and last is not None else 0
    ruled = last_lines[skip:]
    winner = match.winner
    return {
        "id": stored.id,
        "seq": log.length,
        "lang": lang,
        "status": status_of(match, log.length),
        "status_label": ui(f"status.{status_of(match, log.length).value}", lang),
        "table_name": stored.table_name,
        "players": list(names),
        "race_to": match.race_to,
        "racks_won": list(match.racks_won),
        "rack_number": match.rack_number,
        "scores": [rack.points(Seat.A), rack.points(Seat.B)],
        "target": match.rules.target(Seat.A),
        "targets": list(match.rules.targets),
        "needs": [max(0, match.rules.target(s) - rack.points(s)) for s in Seat],
        "lowest": rack.lowest,
        "points_left": rack.points_on_table,
        "on_table": sorted(rack.on_table),
        "phase": rack.phase,
        "to_act": None if rack.is_over or match.is_over else rack.to_act,
        "is_break": rack.is_break and rack.phase is Phase.SHOT,
        "cue_in_hand": rack.cue_in_hand,
        "fouls": list(rack.consecutive_fouls),
        "foul_limit": rack.rules.consecutive_foul_limit,
        "warning": _warning(match, lang, names),
        "headline": ruled[0] if ruled else None,
        "overridden": overridden,
        "last_lines": last_lines,
        "state_lines": describe_state(match, names, lang),
        "winner": None if winner is None else names[winner],
        "event": _tag(stored, "Event"),
        "round": _tag(stored, "Round"),
        "final": stored.is_final,
        "shot_clock": match.rules.shot_clock,
        # A match without a shot clock shows none (A50: off by default).
        "clock": None
        if clock is None or not match.rules.shot_clock
        else clock_out(clock, names, lang),
    }


def _has_note(entry: AppliedStep) -> bool:
    return entry.override is not None and bool(entry.override.note)


def _tag(stored: StoredMatch, name: str) -> str | None:
    """A header tag by name (any case: the desk form's ``event=`` lines count too)."""
    for key, value in stored.header.tags:
        if key.lower() == name.lower() and value:
            return value
    return None


def _spotting(stored: StoredMatch, log: MatchLog, lang: Language) -> str | None:
    """The drawing of where the last input's spotted balls go, if it spotted any."""
    last = log.last
    if last is None:
        return None
    spec = stored.table()
    rules = last.before.rules
    placed: dict[Ball, Point]
    known: dict[Ball, Point] = {}
    try:
        if isinstance(last.step, DecisionInput):
            if last.step.option is not Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN:
                return None
            lowest = last.before.rack.lowest
            if lowest is None:
                return None
            previous = None if log.parent is None else log.parent.last
            if previous is not None and previous.ruling is not None:
                earlier = previous.ruling
                known = spot_positions(
                    spec, rules, lowest=earlier.spot_lowest, others=earlier.spot_others
                )
                known.pop(lowest, None)
            placed = spot_positions(spec, rules, lowest=lowest, others=(), occupied=known)
            title = message("spot.lowest", lang, ball=lowest)
        else:
            ruling = last.ruling
            if ruling is None or ruling.result is not None:
                return None
            if ruling.rerack:
                placed = rerack_positions(spec, rules)
                title = message("ruling.rerack", lang)
            elif ruling.spotted:
                placed = spot_positions(
                    spec, rules, lowest=ruling.spot_lowest, others=ruling.spot_others
                )
                title = " ".join(
                    line
                    for line in entry_lines(last, lang, _names(stored))
                    if "§IX" in line or "§XIII" in line
                )
            else:
                return None
    except GeometryError:
        return None
    return draw_table(spec, placed, known=known, title=title)


def _entry_facts(rack: RackState) -> dict[str, Any]:
    """What the shot form needs to know of the rack a shot is (or was) played in."""
    return {
        "on_table": sorted(rack.on_table),
        "lowest": rack.lowest,
        "kitchen_applies": rack.cue_in_hand and rack.phase is Phase.SHOT,
        "break_applies": rack.is_break and rack.phase is Phase.SHOT,
        "break_rail_pool": list(
            range(1, 16) if rack.rules.break_rail_count_includes_one_ball else range(2, 16)
        ),
        "break_min_rail_balls": rack.rules.break_min_rail_balls,
    }


def console_view(
    stored: StoredMatch, log: MatchLog, lang: Language, clock: ClockNow | None = None
) -> ConsoleView:
    """The referee console: the scoreboard plus what the referee can enter now."""
    board = _board(stored, log, lang, clock)
    match = log.match
    rack = match.rack
    names = _names(stored)
    pending = rack.pending
    options = (
        [
            OptionOut(
                value=o,
                label=describe_option(o, lang).label,
                help=describe_option(o, lang).explanation,
            )
            for o in pending.options
        ]
        if pending is not None and not match.is_over
        else []
    )
    history = []
    shown = list(islice(log.recent(), _HISTORY))[::-1]
    for number, entry in enumerate(shown, start=len(log) - len(shown) + 1):
        lines = entry_lines(entry, lang, names)
        history.append(HistoryEntry(n=number, lines=lines, overridden=entry.is_overridden))
    last = log.last
    override_base = None
    if last is not None and isinstance(last.step, ShotInput):
        before = last.before.rack
        facts = last.override.shot if last.override is not None else last.step.shot
        override_base = OverrideBase(
            **_entry_facts(before),
            shot=shot_to_dict(facts),
            note=last.override.note if last.override is not None else "",
        )
    board.update(_entry_facts(rack))
    return ConsoleView(
        **board,
        to_act_name=None if board["to_act"] is None else names[rack.to_act],
        chooser=None if pending is None else names[pending.chooser],
        options=options,
        spotting_svg=_spotting(stored, log, lang),
        can_undo=log.can_undo and not stored.is_final,
        can_override=override_base is not None and not stored.is_final,
        override_base=override_base,
        history=history,
        referee_present=rack.rules.referee_present,
        events=list(OfficialEvent),
        general_rules_labels=[
            LabelOut(value=label, label=message(f"label.{label}", lang))
            for label in GENERAL_RULES_LABELS
        ],
        match_over=match.is_over,
    )
