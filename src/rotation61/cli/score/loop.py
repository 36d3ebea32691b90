"""The interactive terminal scorekeeper, ``rotation61 score``: its options and its loop.

The scorer types one short line per shot (``?`` prints the grammar, which
:mod:`rotation61.cli.score.grammar` reads); the engine rules on it and the scorekeeper
prints the ruling, the incoming player's options, the spotting instructions and the
scoreboard, in Vietnamese or English (:mod:`rotation61.cli.score.wording`). A bad
keystroke prints a message naming the bad value and changes nothing. The session
(:mod:`rotation61.cli.score.session`) holds the record of every accepted input; ``u``
takes back the last one.

With ``--save FILE`` the whole record is written to FILE after every input (and every
undo) and before its ruling is shown, atomically, so FILE always holds a whole record of
the acknowledged inputs (:mod:`rotation61.cli.score.files`): JSON by default, the text
notation when FILE ends in ``.r61`` or ``.txt``. ``--resume FILE`` reads a record back
(JSON or text), replays it through the engine, prints the current state and goes on,
saving to FILE (or to the ``--save`` file): the crash recovery. Players, race length,
rules, first breaker and tags then come from the record; a command-line option that
says otherwise is an error naming it. The language is recorded in the ``Language`` tag
when the match starts and comes back with it; ``--lang`` at a resume overrides it for
that session.

This module is the only one of the scorekeeper that reads the terminal or prints.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final, TextIO

from rotation61 import __version__
from rotation61.cli.score.files import RecordFile, RecordFileError, error_detail
from rotation61.cli.score.grammar import OPTION_LETTERS
from rotation61.cli.score.session import (
    DEFAULT_LANGUAGE,
    MatchOptions,
    Reply,
    Session,
    TagOption,
    open_session,
)
from rotation61.cli.score.wording import describe_file_error
from rotation61.rules import (
    PRESETS,
    RULESET_KEYS,
    ConfigValue,
    RuleSet,
    Seat,
    UnknownRuleSetError,
    config_value,
)
from rotation61.text import Language

__all__ = ["OPTION_LETTERS", "add_arguments", "run"]

_TAG_OPTIONS: Final[tuple[tuple[str, str, str], ...]] = (
    ("--event", "event", "Event"),
    ("--venue", "venue", "Venue"),
    ("--table", "table", "Table"),
    ("--referee", "referee", "Referee"),
    ("--round", "round", "Round"),
)
"""Option, argparse destination and record tag of each free tag the scorer can set."""

_GIVEN: Final = "score_given_options"
"""The namespace attribute listing the record options typed on the command line."""


# --- The options ---------------------------------------------------------------------------


def _shot_clock(text: str) -> tuple[tuple[str, ConfigValue], ...]:
    """``--shot-clock``: a preset's shot-clock keys (A50), or a limit in seconds."""
    if text in PRESETS:
        rules = PRESETS[text]
        if not rules.shot_clock:
            raise argparse.ArgumentTypeError(f"preset {text!r} keeps no shot clock")
        keys = [key for key in RULESET_KEYS if key.startswith("shot_clock_")]
        return tuple((key, config_value(key, getattr(rules, key))) for key in keys)
    try:
        seconds = int(text)
        RuleSet(shot_clock_s=seconds)
    except (ValueError, UnknownRuleSetError):
        with_clock = ", ".join(name for name, rules in PRESETS.items() if rules.shot_clock)
        raise argparse.ArgumentTypeError(
            f"{text!r} is neither a preset with a shot clock ({with_clock}) nor seconds in 1..3600"
        ) from None
    return (("shot_clock_s", seconds),)


def _target(text: str) -> tuple[tuple[str, ConfigValue], ...]:
    """``--target``: the points that win a rack, one number or ``A:B`` (A51)."""
    raw: object = int(text) if text.isdigit() else text
    try:
        return (("target_points", config_value("target_points", raw)),)
    except UnknownRuleSetError as err:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a target: 61, or one per player such as 61:50 ({err})"
        ) from None


def _positive_int(text: str) -> int:
    """A whole number of at least 1, for ``--race-to``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


class _Given(argparse.Action):
    """Store the value, and note that the option was typed (to check it against a record)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Store ``values`` and add the option to the namespace's typed options."""
        setattr(namespace, self.dest, values)
        given = set(getattr(namespace, _GIVEN, ()))
        given.add(self.option_strings[0])
        setattr(namespace, _GIVEN, frozenset(given))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``rotation61 score`` to a parser.

    Args:
        parser: the ``score`` sub-command's parser.
    """
    parser.add_argument(
        "--players",
        nargs=2,
        action=_Given,
        metavar=("NAME_A", "NAME_B"),
        default=["A", "B"],
        help="the players' names, seat A then seat B (default: A B)",
    )
    parser.add_argument(
        "--race-to",
        type=_positive_int,
        action=_Given,
        default=3,
        metavar="N",
        help="racks needed to win the match (default: 3)",
    )
    parser.add_argument(
        "--rules",
        choices=list(PRESETS),
        action=_Given,
        default="standard",
        metavar="PRESET",
        help=f"rule-set preset: {', '.join(PRESETS)} (default: standard)",
    )
    parser.add_argument(
        "--shot-clock",
        type=_shot_clock,
        action=_Given,
        default=(),
        metavar="PRESET|SECONDS",
        help=(
            "keep a shot clock (decision A50): the clock of vn-national or wpa-majors, or "
            "a limit in seconds; the time of every shot, measured between the prompt and "
            "the line typed, is recorded; 'time' types a time foul, 'ext' an extension"
        ),
    )
    parser.add_argument(
        "--target",
        type=_target,
        action=_Given,
        default=(),
        metavar="POINTS|A:B",
        help="points that win a rack: one number, or one per player such as 61:50 (A51)",
    )
    parser.add_argument(
        "--lang",
        choices=[lang.value for lang in Language],
        default=None,
        help=(
            "language of the rulings: vi or en (default: vi; with --resume, the language "
            "recorded in the file's Language tag)"
        ),
    )
    parser.add_argument(
        "--first-breaker",
        choices=["A", "B"],
        action=_Given,
        default="A",
        help="the seat that breaks the first rack (default: A)",
    )
    parser.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help=(
            "write the match record to FILE after every input and every undo, before the "
            "ruling is shown (atomically: FILE always holds a whole record); the text "
            "notation if FILE ends in .r61 or .txt, JSON otherwise; FILE must not exist "
            "unless it is the --resume file"
        ),
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="FILE",
        help=(
            "continue the unfinished match recorded in FILE (JSON or text, e.g. after a "
            "crash), saving to FILE (or to --save FILE); players, race length, rules, first "
            "breaker and tags come from the record: --players, --race-to, --rules, "
            "--first-breaker or a tag option that says otherwise is an error"
        ),
    )
    for option, dest, tag in _TAG_OPTIONS:
        parser.add_argument(
            option,
            dest=dest,
            metavar="TEXT",
            help=f"the record's {tag} tag"
            + (" (its Date tag is today's date)" if tag == "Event" else ""),
        )


def _match_options(args: argparse.Namespace) -> MatchOptions:
    """The match the parsed options of :func:`add_arguments` ask for."""
    return MatchOptions(
        players=(str(args.players[0]), str(args.players[1])),
        race_to=args.race_to,
        rules=args.rules,
        config=(*args.shot_clock, *args.target),
        first_breaker=Seat[args.first_breaker],
        tags=tuple(
            TagOption(option=option, tag=tag, value=str(value))
            for option, dest, tag in _TAG_OPTIONS
            if (value := getattr(args, dest, None)) is not None
        ),
        given=getattr(args, _GIVEN, frozenset()),
        save=getattr(args, "save", None),
        resume=getattr(args, "resume", None),
    )


# --- The loop --------------------------------------------------------------------------------


def _say(output: TextIO, lines: Iterable[str]) -> None:
    """Print lines."""
    for line in lines:
        output.write(line + "\n")


def _save(
    session: Session, reply: Reply, file: RecordFile | None
) -> tuple[Session, tuple[str, ...]]:
    """Save the input a reply accepts, before it is acknowledged.

    Args:
        session: the session before the line.
        reply: the session's answer to the line.
        file: where the record is saved, if anywhere.

    Returns:
        The session in effect after the line and the lines to print: the reply's, or,
        if the record could not be saved, the failure (the input is not acknowledged
        and the file still holds the previous record).
    """
    after = reply.session
    if after is None:
        return session, reply.lines
    if file is not None and after.log is not session.log:
        try:
            file.write(after.log.record)
        except OSError as err:
            return session, tuple(session.wording.save_failed(file.path, error_detail(err)))
    return after, reply.lines


def _now_ms(clock: Callable[[], float]) -> int:
    """The clock's time in whole milliseconds."""
    return round(clock() * 1000)


def run(
    args: argparse.Namespace,
    *,
    input_fn: Callable[[str], str] = input,
    output: TextIO | None = None,
    errors: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Score a match interactively until it is won, ``q`` is typed or the input ends.

    Args:
        args: the parsed options of :func:`add_arguments`.
        input_fn: reads one line, given the prompt (``input`` by default).
        output: where the rulings and the scoreboard are written; ``None`` means
            ``sys.stdout`` at call time (so that redirections and test capture apply).
        errors: where a file or option error is written (one line); ``None`` means
            ``sys.stderr`` at call time.
        clock: the terminal's clock in seconds (monotonic); with a shot clock in the
            rules, a shot's time is the time from the input before it to its line.

    Returns:
        The exit code: 0, or 1 when the ``--save`` / ``--resume`` file or an option is
        bad (nothing is written then).
    """
    lang = None if args.lang is None else Language(args.lang)
    try:
        start = open_session(
            _match_options(args), lang=lang, engine=__version__, today=datetime.date.today()
        )
    except RecordFileError as err:
        stream = sys.stderr if errors is None else errors
        stream.write(describe_file_error(err, lang or DEFAULT_LANGUAGE) + "\n")
        return 1
    out = sys.stdout if output is None else output
    session, file = start.session, start.file
    _say(out, start.opening())
    session = session.timed_from(_now_ms(clock))
    try:
        while True:
            out.flush()
            try:
                line = input_fn(session.prompt())
            except EOFError:
                break
            reply = session.answer(line, now_ms=_now_ms(clock))
            if reply.quit:
                break
            session, lines = _save(session, reply, file)
            _say(out, lines)
            if session.is_over:
                break
    except KeyboardInterrupt:
        out.write("\n")
        _say(out, session.closing(file=file))
        out.flush()
        raise
    _say(out, session.closing(file=file))
    out.flush()
    return 0
