"""``rotation61 record``: show, verify, convert and summarize match records.

Sub-commands:

- ``show FILE [--lang vi|en]``: every input, rack by rack, with the ruling as the
  referee words it, each rack's score, and the final match score;
- ``verify FILE``: replay each match and list every stored ruling that differs from the
  engine's, and every input it rejects; exit 1 if there is any;
- ``convert FILE --to json|text [-o OUT]``: between JSON and the text notation;
- ``stats FILE... [--csv OUT]``: per-player and per-match statistics.

A file holds JSON (one match; it starts with ``{`` and a key) or the text notation
(one match or more; it may start with a ``{ comment }``). Errors print one line on
stderr and exit 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import re
import sys
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Final

from rotation61.match import MatchState
from rotation61.records import (
    AppliedStep,
    DecisionEntry,
    Entry,
    EventEntry,
    MatchRecord,
    NotationError,
    PlayerStats,
    ShotEntry,
    TimeFoulEntry,
    format_entry,
    format_match,
    format_shot,
    from_json,
    read_matches,
    replay,
    stats,
    to_json,
    verify,
)
from rotation61.rules import FoulKind, RackState, Rotation61Error, Seat
from rotation61.text import (
    Domain,
    Language,
    describe_choice,
    describe_ruleset,
    describe_ruling,
    gettext,
    message,
    ngettext,
)
from rotation61.text.catalogue import catalogue
from rotation61.tournament import csv_text

__all__ = ["add_arguments", "brief", "load_records", "run"]


_VERIFY_LANGUAGE: Final = Language.EN
"""``verify`` speaks English (its discrepancies are worded by the records layer, in English)."""

_INDENT: Final = "    "
_JSON_START: Final = re.compile(r'\s*\{\s*("|\}|$)')

_BRIEF_LIMIT: Final = 240
"""The most characters of an error's detail shown on its line."""

NOT_UTF8: Final = "not UTF-8 text"
"""The detail of a record file that is not UTF-8 text."""
"""JSON starts with ``{`` then a key or ``}``; a notation comment ``{ ... }`` does not."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the sub-commands of ``rotation61 record`` to a parser.

    Args:
        parser: the ``record`` command's parser.
    """
    commands = parser.add_subparsers(dest="record_command", required=True, metavar="SUBCOMMAND")
    show = commands.add_parser("show", help="print a record rack by rack, with rulings and scores")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument(
        "--lang",
        choices=[lang.value for lang in Language],
        default=Language.VI.value,
        help="language of the rulings: vi or en (default: vi)",
    )
    check = commands.add_parser(
        "verify", help="replay a record and list every difference from its stored rulings"
    )
    check.add_argument("file", type=Path, metavar="FILE")
    convert = commands.add_parser("convert", help="convert a record between JSON and text")
    convert.add_argument("file", type=Path, metavar="FILE")
    convert.add_argument("--to", choices=["json", "text"], required=True, help="output format")
    convert.add_argument("-o", "--output", type=Path, metavar="OUT", help="output file")
    summary = commands.add_parser("stats", help="per-player and per-match statistics")
    summary.add_argument("files", type=Path, nargs="+", metavar="FILE")
    summary.add_argument("--csv", type=Path, metavar="OUT", help="also write the table as CSV")


def load_records(path: Path, *, check: bool = True) -> list[MatchRecord]:
    """Read every match of a file: JSON if it starts with ``{"``, else the text notation.

    Args:
        path: the file.
        check: reject a record whose inputs the referee rejects.

    Returns:
        The records, in file order.

    Raises:
        NotationError: the file cannot be read as a record (the message names the file
            and the place).
        OSError: the file cannot be opened.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise NotationError(NOT_UTF8) from err
    try:
        if _JSON_START.match(text):
            return [from_json(text, check=check)]
        return list(read_matches(io.StringIO(text), check=check))
    except Rotation61Error:
        raise
    except RecursionError as err:
        raise NotationError("nested too deeply to be a match record") from err
    except ValueError as err:  # the JSON decoder's own limits (e.g. a number too long)
        raise NotationError(brief(f"unreadable JSON: {err}")) from err


def brief(message: str, limit: int = _BRIEF_LIMIT) -> str:
    """A message on one line and at most ``limit`` characters, for an error line.

    A bad token can be a whole huge line of the file: it is cut, not echoed whole.

    Args:
        message: the message.
        limit: the most characters kept.

    Returns:
        The message, its line breaks made spaces and its end cut to ``…`` if too long.

    >>> brief("unknown token 1234567890", limit=16)
    'unknown token 1…'
    """
    flat = " ".join(message.splitlines())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def run(args: argparse.Namespace) -> int:
    """Run a ``rotation61 record`` sub-command.

    Args:
        args: the parsed arguments.

    Returns:
        The exit code: 0, or 1 on an error or (``verify``) a discrepancy.
    """
    handlers = {"show": _show, "verify": _verify, "convert": _convert, "stats": _stats}
    try:
        return handlers[args.record_command](args)
    except (Rotation61Error, OSError) as err:
        where = getattr(args, "file", None)
        prefix = f"{where}: " if where is not None and str(where) not in str(err) else ""
        print(f"rotation61 record: error: {prefix}{brief(str(err))}", file=sys.stderr)
        return 1


# --- show ------------------------------------------------------------------------------


def _word(key: str, lang: Language, **fields: object) -> str:
    """A line of ``show`` (``record.show.*`` in the scorekeeper wording)."""
    return gettext(lang, Domain.SCOREKEEPER, f"record.show.{key}", **fields)


def _rack_state(step: AppliedStep) -> RackState:
    """The rack an entry was played in, as it stood after the entry."""
    after = step.after
    return after.completed[step.rack] if len(after.completed) > step.rack else after.rack


def _token(entry: Entry) -> str:
    """The input as typed in the notation, without its stored ruling."""
    if isinstance(entry, ShotEntry):
        return format_shot(entry.shot)
    if isinstance(entry, EventEntry | TimeFoulEntry):
        return format_entry(dataclasses.replace(entry, ruling=None))
    return format_entry(entry)


def _entry_lines(step: AppliedStep, record: MatchRecord, lang: Language) -> list[str]:
    names = record.players
    rules = record.ruleset
    entry = record.racks[step.rack].entries[step.index]
    lowest = step.before.rack.lowest
    lines = [_token(entry)]
    if step.error is not None:
        return [*lines, _INDENT + _word("rejected", lang, why=step.error)]
    said: list[str] = []
    if isinstance(entry, DecisionEntry):
        said = describe_choice(
            entry.option, chooser=entry.by, lowest=lowest, lang=lang, names=names
        )
    elif step.ruling is not None:
        if isinstance(entry, ShotEntry) and entry.override is not None:
            if step.engine_ruling is not None:
                said.append(_word("engine", lang))
                said += [
                    "  " + line
                    for line in describe_ruling(
                        step.engine_ruling,
                        lowest_before=lowest,
                        lang=lang,
                        names=names,
                        rules=rules,
                    )
                ]
            note = f" ({entry.override.note})" if entry.override.note else ""
            said.append(_word("override", lang, note=note, token=format_shot(entry.override.shot)))
        said += describe_ruling(
            step.ruling, lowest_before=lowest, lang=lang, names=names, rules=rules
        )
    return lines + [_INDENT + line for line in said]


def _score_line(rack: RackState, record: MatchRecord, lang: Language) -> str:
    a, b = record.players
    return message(
        "state.score",
        lang,
        a=a,
        b=b,
        score_a=rack.points(Seat.A),
        score_b=rack.points(Seat.B),
        target=record.ruleset.targets_text,
    )


def _final_line(match: MatchState, record: MatchRecord, lang: Language) -> str:
    a, b = record.players
    won_a, won_b = match.racks_won
    if match.winner is None:
        return _word("in_progress", lang, a=a, b=b, won_a=won_a, won_b=won_b)
    return message(
        "state.match_over",
        lang,
        winner=record.players[match.winner],
        a=a,
        b=b,
        won_a=won_a,
        won_b=won_b,
    )


def _tag_line(name: str, value: str, lang: Language) -> str:
    """A tag in the reader's language (``Ngày: 2026-12-03``); a free tag by its own name."""
    key = f"record.show.tag.{name.lower()}"
    if key in catalogue(lang, Domain.SCOREKEEPER):
        return _word(f"tag.{name.lower()}", lang, value=value)
    return f"{name}: {value}"


def _describe_record(record: MatchRecord, lang: Language) -> list[str]:
    a, b = record.players
    config = "".join(f", {key}={value}" for key, value in record.config)
    lines = [
        _word(
            "header",
            lang,
            a=a,
            b=b,
            race_to=record.race_to,
            rules=describe_ruleset(record.rules, lang),
            config=config,
        )
    ]
    lines += [_tag_line(name, value, lang) for name, value in record.tags]
    done = replay(record)
    steps_of: dict[int, list[AppliedStep]] = {}
    for step in done.steps:
        steps_of.setdefault(step.rack, []).append(step)
    for number, rack in enumerate(record.racks):
        lines += ["", _word("rack", lang, number=number + 1, breaker=record.players[rack.breaker])]
        steps = steps_of.get(number, [])
        for step in steps:
            lines += ["  " + line for line in _entry_lines(step, record, lang)]
        if steps:
            state = _rack_state(steps[-1])
            lines.append("  " + _score_line(state, record, lang))
            won_a, won_b = steps[-1].after.racks_won
            lines.append("  " + _word("racks_won", lang, a=a, b=b, won_a=won_a, won_b=won_b))
    lines += ["", _final_line(done.final, record, lang)]
    return lines


def _show(args: argparse.Namespace) -> int:
    lang = Language(args.lang)
    records = load_records(args.file, check=False)
    for i, record in enumerate(records):
        if i:
            print()
        print("\n".join(_describe_record(record, lang)))
    return 0


# --- verify ----------------------------------------------------------------------------


def _verify(args: argparse.Namespace) -> int:
    records = load_records(args.file, check=False)
    lang = _VERIFY_LANGUAGE
    failed = 0
    for i, record in enumerate(records):
        a, b = record.players
        label = gettext(lang, Domain.SCOREKEEPER, "record.verify.match", number=i + 1, a=a, b=b)
        found = verify(record)
        if not found:
            entries = sum(len(rack.entries) for rack in record.racks)
            racks = ngettext(lang, Domain.SCOREKEEPER, "record.verify.racks", len(record.racks))
            done = ngettext(lang, Domain.SCOREKEEPER, "record.verify.entries", entries)
            print(
                gettext(
                    lang,
                    Domain.SCOREKEEPER,
                    "record.verify.ok",
                    match=label,
                    racks=racks,
                    entries=done,
                )
            )
            continue
        failed += 1
        print(
            ngettext(
                lang, Domain.SCOREKEEPER, "record.verify.discrepancies", len(found), match=label
            )
        )
        for item in found:
            print(f"  {item.describe()}")
    return 1 if failed else 0


# --- convert ---------------------------------------------------------------------------


def _convert(args: argparse.Namespace) -> int:
    records = load_records(args.file)
    if args.to == "json":
        if len(records) != 1:
            raise _UsageError(f"{args.file} holds {len(records)} matches; a JSON record holds one")
        output = to_json(records[0])
    else:
        output = "\n".join(format_match(record) for record in records)
    if args.output is None:
        sys.stdout.write(output)
    else:
        args.output.write_text(output, encoding="utf-8")
    return 0


class _UsageError(Rotation61Error, ValueError):
    """A request the command cannot carry out."""


# --- stats -----------------------------------------------------------------------------

_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("matches", "M"),
    ("matches_won", "MW"),
    ("racks_played", "racks"),
    ("racks_won", "won"),
    ("racks_won_from_break", "b&r"),
    ("innings", "inn"),
    ("shots", "shots"),
    ("points", "pts"),
    ("points_per_inning", "pts/inn"),
    ("high_run", "high"),
    ("breaks", "brk"),
    ("legal_breaks", "legal brk"),
    ("break_balls", "brk balls"),
    ("break_points", "brk pts"),
    ("foul_count", "fouls"),
)


_CLOCK_HEADER: Final = (
    "match",
    "player",
    "timed",
    "mean s",
    "median s",
    "max s",
    "time fouls",
    "ext",
)
"""The shot-clock table of ``record stats`` (A50): shot times in seconds."""


def _seconds(ms: Fraction | int | None) -> str:
    return "-" if ms is None else f"{float(ms) / 1000:.1f}"


def _clock_row(scope: str, player: PlayerStats) -> list[str]:
    return [
        scope,
        player.player,
        str(player.timed_shots),
        _seconds(player.mean_shot_ms),
        _seconds(player.median_shot_ms),
        _seconds(player.longest_shot_ms),
        str(player.fouls_of(FoulKind.TIME_FOUL)),
        str(player.extensions),
    ]


def _cell(player: PlayerStats, field: str) -> str:
    if field == "points_per_inning":
        return f"{float(player.points_per_inning):.2f}"
    return str(getattr(player, field))


def _rows(records: Sequence[MatchRecord]) -> list[tuple[str, PlayerStats]]:
    found = stats(records)
    rows = [(str(match.index + 1), seat) for match in found.matches for seat in match.seats]
    return rows + [("all", player) for player in found.players]


def _table(rows: Iterable[Sequence[str]]) -> list[str]:
    grid = [list(row) for row in rows]
    widths = [max(len(row[i]) for row in grid) for i in range(len(grid[0]))]
    return [
        "  ".join(
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in grid
    ]


def _stats(args: argparse.Namespace) -> int:
    records: list[MatchRecord] = []
    for path in args.files:
        try:
            records += load_records(path)
        except Rotation61Error as err:
            raise _UsageError(f"{path}: {err}") from err
    rows = _rows(records)
    header = ["match", "player", *(label for _, label in _COLUMNS)]
    body = [[scope, p.player, *(_cell(p, f) for f, _ in _COLUMNS)] for scope, p in rows]
    print("\n".join(_table([header, *body])))
    kinds = [kind for kind in FoulKind if any(p.fouls_of(kind) for _, p in rows)]
    if kinds:
        print()
        fouls = [[scope, p.player, *(str(p.fouls_of(k)) for k in kinds)] for scope, p in rows]
        print("\n".join(_table([["match", "player", *(k.value for k in kinds)], *fouls])))
    timed = [(scope, p) for scope, p in rows if p.timed_shots or p.extensions]
    if timed:
        print()
        print("\n".join(_table([list(_CLOCK_HEADER), *(_clock_row(s, p) for s, p in timed)])))
    if args.csv is not None:
        header = ["match", "player", *(f for f, _ in _COLUMNS), *(k.value for k in FoulKind)]
        lines: list[list[int | str]] = [
            [
                scope,
                p.player,
                *(_cell(p, f) for f, _ in _COLUMNS),
                *(p.fouls_of(k) for k in FoulKind),
            ]
            for scope, p in rows
        ]
        args.csv.write_text(csv_text([header, *lines]), encoding="utf-8")
    return 0
