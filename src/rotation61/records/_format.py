"""Writing the text notation: shots, rulings, decisions, events and whole matches.

The formatter is canonical: one way to write each value, flags in a fixed order, and
:func:`format_match` of a parsed record gives back the same text. The grammar is in
``docs/notation.md``; the parser is :mod:`rotation61.records.notation`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rotation61.geometry import Point
from rotation61.records.model import (
    SCHEMA_VERSION,
    ConfigValue,
    DecisionEntry,
    Entry,
    EventEntry,
    MatchRecord,
    RulingSummary,
    ShotEntry,
    TimeFoulEntry,
)
from rotation61.rules import CUE_BALL, Ball, KitchenFacts, MovedBy, Option, Shot, Zone

__all__ = [
    "CROSSING_WORDS",
    "OPTION_CODES",
    "format_entry",
    "format_match",
    "format_ruling",
    "format_shot",
    "quote",
]

OPTION_CODES: Final[dict[Option, str]] = {
    Option.ACCEPT_TABLE: "accept",
    Option.CUE_IN_HAND_KITCHEN: "cih",
    Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN: "spot",
    Option.RESTORE_AND_OFFENDER_REPLAYS: "restore",
}
"""The short name of each option in decisions and rulings."""

CROSSING_WORDS: Final[dict[tuple[bool, bool], str]] = {
    (True, True): "early",
    (False, True): "late",
    (False, False): "never",
}
"""``(crossed_before_first_contact, crossed)`` as a word of the kitchen flag."""

_DEFAULT_KITCHEN: Final = KitchenFacts()


def _dotted(balls: Iterable[Ball]) -> str:
    return ".".join(str(ball) for ball in balls)


def _kitchen(k: KitchenFacts) -> str:
    if k == _DEFAULT_KITCHEN:
        return "k"
    zone = "-" if k.first_ball_zone is None else k.first_ball_zone.value
    crossing = CROSSING_WORDS[(k.crossed_before_first_contact, k.crossed)]
    return f"k({k.first_contact_type.value},{zone},{crossing})"


def format_shot(shot: Shot) -> str:
    """A shot as one token of the notation.

    ``first[:pocketed]`` then the flags, in this order: ``o`` off the table (0 = the
    cue ball), ``x`` scratch, ``-`` no ball at a cushion after the contact or ``r``
    the balls that were (absent: the cue ball only), ``b`` the break's cushion balls,
    ``k`` kitchen facts, ``l(...)`` where the ball in play came to rest, ``m(...)`` an
    obstacle moved, ``g(...)`` a general-rules foul.

    Args:
        shot: the shot.

    Returns:
        The token.

    >>> format_shot(Shot(first_contact=1, pocketed=(3, 9), rail_after_contact=frozenset({0})))
    '1:3.9'
    >>> format_shot(Shot(first_contact=2, cue_pocketed=True, off_table=(12,)))
    '2o12x-'
    """
    out = ["0" if shot.first_contact is None else str(shot.first_contact)]
    if shot.pocketed:
        out.append(":" + _dotted(shot.pocketed))
    off = ((CUE_BALL,) if shot.cue_off_table else ()) + shot.off_table
    if off:
        out.append("o" + _dotted(off))
    if shot.cue_pocketed:
        out.append("x")
    rails = shot.rail_after_contact
    if not rails:
        out.append("-")
    elif rails != {CUE_BALL}:
        out.append("r" + _dotted(sorted(rails)))
    if shot.break_rail_balls is not None:
        out.append("b" + _dotted(sorted(shot.break_rail_balls)))
    if shot.kitchen is not None:
        out.append(_kitchen(shot.kitchen))
    if shot.lowest_rest_zone is not Zone.OUTSIDE:
        out.append(f"l({shot.lowest_rest_zone.value})")
    moved = shot.obstacle_moved
    if moved is not None:
        by = "" if moved.moved_by is MovedBy.CUE else f",{moved.moved_by.value}"
        out.append(f"m({moved.ball}{by})")
    if shot.general_rules_foul is not None:
        out.append(f"g({shot.general_rules_foul})")
    return "".join(out)


def format_ruling(summary: RulingSummary) -> str:
    """A ruling summary as the ``<...>`` annotation of the notation.

    Args:
        summary: the summary.

    Returns:
        For example ``<legal +17>`` or ``<foul:scratch spot:3 offer:cih,spot>``.

    >>> from rotation61.rules import FoulKind, RackResultType
    >>> format_ruling(RulingSummary(legal=True, points=9, result=RackResultType.REACHED_61))
    '<legal +9 end:reached_61>'
    """
    if summary.legal is None:
        words = ["event"]
    elif summary.legal:
        words = ["legal"]
    else:
        words = ["foul:" + ",".join(kind.value for kind in summary.fouls)]
    if summary.points:
        words.append(f"+{summary.points}")
    if summary.spotted:
        words.append("spot:" + _dotted(summary.spotted))
    if summary.options:
        words.append("offer:" + ",".join(OPTION_CODES[o] for o in summary.options))
    if summary.result is not None:
        words.append(f"end:{summary.result.value}")
    return "<" + " ".join(words) + ">"


def quote(text: str) -> str:
    """A string in double quotes, with a backslash before each backslash and quote."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value: float) -> str:
    return repr(float(value))


def _point(point: Point) -> str:
    return f"{_number(point.x)},{_number(point.y)}"


def format_entry(entry: Entry) -> str:
    """One entry with everything stored with it, tokens separated by spaces.

    Args:
        entry: a shot, decision or event entry.

    Returns:
        The text of the entry, e.g. ``1:3.9 <legal +12>`` or ``B>cih``.
    """
    match entry:
        case ShotEntry():
            words = [format_shot(entry.shot)]
            if entry.placement is not None:
                words.append(f"@({_point(entry.placement)})")
            if entry.positions:
                inner = ";".join(f"{ball}={_point(p)}" for ball, p in entry.positions)
                words.append(f"pos({inner})")
            words += clock_words(entry.time_ms, entry.extensions)
            if entry.ruling is not None:
                words.append(format_ruling(entry.ruling))
            if entry.override is not None:
                words += ["!", format_shot(entry.override.shot)]
                if entry.override.ruling is not None:
                    words.append(format_ruling(entry.override.ruling))
                if entry.override.note:
                    words.append(quote(entry.override.note))
            return " ".join(words)
        case DecisionEntry():
            return f"{entry.by.name}>{OPTION_CODES[entry.option]}"
        case EventEntry():
            player = "" if entry.player is None else f"({entry.player.name})"
            text = f"={entry.event.value}{player}"
            return text if entry.ruling is None else f"{text} {format_ruling(entry.ruling)}"
        case TimeFoulEntry():
            words = [TIME_FOUL_WORD, *clock_words(entry.time_ms, entry.extensions)]
            if entry.ruling is not None:
                words.append(format_ruling(entry.ruling))
            return " ".join(words)


TIME_FOUL_WORD: Final = "timefoul"
"""The notation's word for a time foul entry (A50)."""


def format_time(time_ms: int) -> str:
    """A shot's time in seconds with three decimals, exact: ``12.345``."""
    return f"{time_ms // 1000}.{time_ms % 1000:03d}"


def clock_words(time_ms: int | None, extensions: int) -> list[str]:
    """The shot clock's tokens of an entry: ``ext(N)`` then ``t(SECONDS)``, when set (A50)."""
    words = [f"ext({extensions})"] if extensions else []
    if time_ms is not None:
        words.append(f"t({format_time(time_ms)})")
    return words


def _config_value(value: ConfigValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def format_match(record: MatchRecord) -> str:
    """A whole record in the text notation (canonical).

    Tag pairs (``Schema``, ``Engine``, the players, ``RaceTo``, ``FirstBreaker``,
    ``Rules``, ``Config`` when keys are overridden, then the free tags), a blank line,
    then each rack: its header ``R<n> <breaker>:`` and one entry per line.

    Args:
        record: the record.

    Returns:
        The text, ending with a newline.
    """
    tags: list[tuple[str, str]] = [
        ("Schema", SCHEMA_VERSION),
        ("Engine", record.engine),
        ("PlayerA", record.players[0]),
        ("PlayerB", record.players[1]),
        ("RaceTo", str(record.race_to)),
        ("FirstBreaker", record.first_breaker.name),
        ("Rules", record.rules),
    ]
    if record.config:
        tags.append(("Config", ",".join(f"{key}={_config_value(v)}" for key, v in record.config)))
    tags += record.tags
    lines = [f"[{name} {quote(value)}]" for name, value in tags]
    for number, rack in enumerate(record.racks, start=1):
        lines += ["", f"R{number} {rack.breaker.name}:"]
        lines += [f"  {format_entry(entry)}" for entry in rack.entries]
    return "\n".join(lines) + "\n"
