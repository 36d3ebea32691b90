"""The interactive terminal scorekeeper: ``rotation61 score``.

The scorer types one short line per shot (``?`` prints the grammar); the engine rules on
it and the scorekeeper prints the ruling, the incoming player's options, the spotting
instructions and the scoreboard, in Vietnamese or English (:mod:`rotation61.text`).

The match is a :class:`~rotation61.records.RecordBuilder`: the record of every accepted
input and the match after each one; it is the only store of the inputs (``u`` drops the
last one). A bad keystroke prints a message naming the bad value and changes nothing.

With ``--save FILE`` the whole record is written to FILE after every input (and every
undo) and before its ruling is shown, atomically: a temporary file in the same
directory, flushed and synced, then renamed over FILE, so FILE always holds a whole
record of the acknowledged inputs. JSON by default, the text notation when FILE ends in
``.r61`` or ``.txt``. ``--resume FILE`` reads a record back (JSON or text), replays it
through the engine, prints the current state and goes on, saving to FILE (or to the
``--save`` file): the crash recovery. Players, race length, rules, first breaker and tags
then come from the record; a command-line option that says otherwise is an error naming it.

The keystroke grammar is :mod:`rotation61.cli.score_grammar`; the record files are
:mod:`rotation61.cli.score_files`.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import shlex
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final, TextIO

from rotation61 import __version__
from rotation61.cli.score_files import (
    RecordFile,
    RecordFileError,
    error_detail,
    is_same_file,
    read_record,
)
from rotation61.cli.score_grammar import (
    LETTER_OF,
    OPTION_LETTERS,
    ChosenOption,
    Control,
    KeystrokeError,
    Step,
    format_line,
    parse_line,
)
from rotation61.match import MatchState
from rotation61.records import (
    Entry,
    MatchRecord,
    RecordBuilder,
)
from rotation61.rules import (
    PRESETS,
    Option,
    Phase,
    Rotation61Error,
    Ruling,
    Seat,
    Shot,
)
from rotation61.text import (
    Domain,
    Language,
    describe_choice,
    describe_option,
    describe_ruling,
    describe_state,
    gettext,
)

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


def _file_message(key: str, lang: Language, **fields: object) -> str:
    """A message of ``--save`` / ``--resume`` (``score.file.*``; ``count`` chooses a plural)."""
    return gettext(lang, Domain.SCOREKEEPER, f"score.file.{key}", **fields)


def _positive_int(text: str) -> int:
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
        "--lang",
        choices=[lang.value for lang in Language],
        default=Language.VI.value,
        help="language of the rulings: vi or en (default: vi)",
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


# --- Inputs and the record ---------------------------------------------------------------


def _field_wording(value: object, lang: Language) -> object:
    """A keystroke error's field as the message shows it (see :class:`KeystrokeError`)."""
    if isinstance(value, Option):
        return describe_option(value, lang).label
    if isinstance(value, tuple) and all(isinstance(item, Option) for item in value):
        return ", ".join(
            f"{i}/{LETTER_OF[option]} {describe_option(option, lang).label}"
            for i, option in enumerate(value, start=1)
        )
    return value


def _apply(builder: RecordBuilder, step: Step) -> tuple[RecordBuilder, Ruling | None]:
    """Record one input: the new builder and the engine's ruling (none for a decision)."""
    if isinstance(step, Shot):
        return builder.play(step)
    if isinstance(step, ChosenOption):
        return builder.decide(step.option, by=builder.match.rack.to_act), None
    return builder.officiate(step.event, step.player)


def _last_entry(record: MatchRecord) -> Entry | None:
    for rack in reversed(record.racks):
        if rack.entries:
            return rack.entries[-1]
    return None


def _count(record: MatchRecord) -> int:
    return sum(len(rack.entries) for rack in record.racks)


# --- Starting or resuming ----------------------------------------------------------------


def _tags(args: argparse.Namespace) -> list[tuple[str, str]]:
    return [
        (tag, str(value))
        for _, dest, tag in _TAG_OPTIONS
        if (value := getattr(args, dest, None)) is not None
    ]


def _conflicts(args: argparse.Namespace, record: MatchRecord) -> list[tuple[str, str]]:
    """The options typed on the command line that the record contradicts, with its values."""
    given: frozenset[str] = getattr(args, _GIVEN, frozenset())
    found: list[tuple[str, str]] = []
    if "--players" in given and tuple(args.players) != record.players:
        found.append(("--players", shlex.join(record.players)))
    if "--race-to" in given and args.race_to != record.race_to:
        found.append(("--race-to", str(record.race_to)))
    if "--rules" in given and (args.rules != record.rules or record.config):
        config = "".join(f" {key}={value}" for key, value in record.config)
        found.append(("--rules", record.rules + config))
    if "--first-breaker" in given and Seat[args.first_breaker] is not record.first_breaker:
        found.append(("--first-breaker", record.first_breaker.name))
    for option, dest, tag in _TAG_OPTIONS:
        value = getattr(args, dest, None)
        recorded = record.tag(tag)
        if value is not None and value != recorded:
            found.append((option, "—" if recorded is None else shlex.quote(recorded)))
    return found


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Session:
    """How a session starts: its builder, where it saves, and the file it resumed."""

    builder: RecordBuilder
    file: RecordFile | None
    resumed: Path | None


def _open_session(args: argparse.Namespace) -> _Session:
    """Start or resume the match; write the save file when it is new.

    Raises:
        RecordFileError: a bad file or a conflicting option; nothing has been written.
    """
    resume: Path | None = getattr(args, "resume", None)
    save: Path | None = getattr(args, "save", None)
    if resume is not None:
        record = read_record(resume)
        try:
            builder = RecordBuilder.resume(record)
        except Rotation61Error as err:
            raise RecordFileError("err.invalid", path=resume, detail=error_detail(err)) from err
        winner = builder.match.winner
        if winner is not None:
            raise RecordFileError("err.over", path=resume, winner=record.players[winner])
        conflicts = _conflicts(args, record)
        if conflicts:
            raise RecordFileError(
                "err.conflict",
                path=resume,
                options=", ".join(option for option, _ in conflicts),
                recorded=", ".join(f"{option} {value}" for option, value in conflicts),
            )
    else:
        tags = [*_tags(args), ("Date", datetime.date.today().isoformat())]
        try:
            builder = RecordBuilder.start(
                players=(str(args.players[0]), str(args.players[1])),
                race_to=args.race_to,
                rules=args.rules,
                first_breaker=Seat[args.first_breaker],
                tags=tags,
                engine=__version__,
            )
        except Rotation61Error as err:
            raise RecordFileError("err.options", detail=error_detail(err)) from err
    target = save if save is not None else resume
    if target is None:
        return _Session(builder=builder, file=None, resumed=None)
    file = RecordFile(target)
    fresh = resume is None or not is_same_file(target, resume)
    if fresh:
        if target.exists():
            raise RecordFileError("err.exists", path=target)
        try:
            file.write(builder.record)
        except OSError as err:
            raise RecordFileError("err.write", path=target, detail=error_detail(err)) from err
    return _Session(builder=builder, file=file, resumed=resume)


# --- The imperative shell ----------------------------------------------------------------


class _SaveError(Exception):
    """The record could not be saved; the input (or undo) is not acknowledged."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class _Scorekeeper:
    """The session: the record builder (the inputs and the match), its file, the terminal."""

    def __init__(
        self,
        builder: RecordBuilder,
        *,
        lang: Language,
        output: TextIO,
        file: RecordFile | None = None,
    ) -> None:
        self.builder = builder
        self.names = builder.record.players
        self.lang = lang
        self.output = output
        self.file = file

    @property
    def match(self) -> MatchState:
        return self.builder.match

    def say(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.output.write(line + "\n")

    def msg(self, msg_id: str, **fields: object) -> str:
        return gettext(self.lang, Domain.SCOREKEEPER, msg_id, **fields)

    def keystroke_message(self, err: KeystrokeError) -> str:
        """The message of a bad keystroke, its options worded as labels and choices."""
        fields = {name: _field_wording(value, self.lang) for name, value in err.fields.items()}
        return self.msg(err.msg_id, **fields)

    def file_msg(self, key: str, **fields: object) -> str:
        return _file_message(key, self.lang, **fields)

    def prompt(self) -> str:
        rack = self.match.rack
        player = self.names[rack.to_act]
        msg_id = "score.prompt_choose" if rack.phase is Phase.DECISION else "score.prompt"
        return self.msg(msg_id, player=player)

    def options(self) -> list[str]:
        pending = self.match.rack.pending
        if pending is None:
            return []
        lines = [self.msg("score.options", player=self.names[pending.chooser])]
        for number, option in enumerate(pending.options, start=1):
            wording = describe_option(option, self.lang)
            lines.append(f"  {number}/{LETTER_OF[option]}  {wording.label}: {wording.explanation}")
        return lines

    def board(self) -> list[str]:
        options = self.options()
        return [
            *options,
            *([""] if options else []),
            *describe_state(self.match, self.names, self.lang),
        ]

    def opening(self, resumed: Path | None = None) -> None:
        a, b = self.names
        lines = [
            self.msg(
                "score.start",
                a=a,
                b=b,
                race_to=self.match.race_to,
                rules=self.match.rules.name,
            ),
            self.msg("score.banner"),
        ]
        if resumed is not None:
            lines.append(self.file_msg("resumed", path=resumed, count=_count(self.builder.record)))
        if self.file is not None:
            lines.append(
                self.file_msg("saving", path=self.file.path, format=self.file.format.value)
            )
        self.say([*lines, ""])
        self.say(self.board())

    def save(self, builder: RecordBuilder) -> None:
        """Write the record of ``builder`` to the file, if any, before it is acknowledged.

        Raises:
            _SaveError: it could not be written; the file still holds the previous record.
        """
        if self.file is None:
            return
        try:
            self.file.write(builder.record)
        except OSError as err:
            raise _SaveError(error_detail(err)) from err

    def undo(self) -> None:
        last = _last_entry(self.builder.record)
        if last is None:
            raise KeystrokeError("score.err.nothing_to_undo")
        typed = format_line(last, self.builder.history[-2].rack, self.names)
        builder = self.builder.undo()
        self.save(builder)
        self.builder = builder
        self.say([self.msg("score.undone", entry=typed or "↵"), ""])
        self.say(self.board())

    def commit(self, step: Step) -> None:
        before = self.match
        builder, ruling = _apply(self.builder, step)
        self.save(builder)
        self.builder = builder
        if ruling is not None:
            lines = describe_ruling(
                ruling,
                lowest_before=before.rack.lowest,
                lang=self.lang,
                names=self.names,
                rules=before.rules,
            )
        elif isinstance(step, ChosenOption):
            lines = describe_choice(
                step.option,
                chooser=before.rack.to_act,
                lowest=before.rack.lowest,
                lang=self.lang,
                names=self.names,
            )
        else:  # every other input has a ruling
            lines = []
        self.say([*lines, ""])
        self.say(self.board())

    def handle(self, line: str) -> bool:
        """Act on one line; False once the session is over."""
        try:
            parsed = parse_line(line, self.match, self.names)
            match parsed:
                case Control.QUIT:
                    return False
                case Control.HELP:
                    self.say([self.msg("score.help")])
                case Control.UNDO:
                    self.undo()
                case _:
                    self.commit(parsed)
        except KeystrokeError as err:
            self.say([self.keystroke_message(err)])
        except _SaveError as err:
            assert self.file is not None
            self.say([self.file_msg("save_failed", path=self.file.path, detail=err.detail)])
        except Rotation61Error as err:
            self.say([self.msg("score.err.rejected", detail=str(err))])
        return self.match.winner is None

    def closing(self) -> None:
        winner = self.match.winner
        if winner is None:
            self.say([self.msg("score.bye")])
            if self.file is not None:
                self.say([self.file_msg("resume_hint", path=self.file.path)])
            return
        self.say(["", self.msg("score.winner", winner=self.names[winner])])
        if self.file is not None:
            self.say([self.file_msg("saved", path=self.file.path)])


def run(
    args: argparse.Namespace,
    *,
    input_fn: Callable[[str], str] = input,
    output: TextIO | None = None,
    errors: TextIO | None = None,
) -> int:
    """Score a match interactively until it is won, ``q`` is typed or the input ends.

    Args:
        args: the parsed options of :func:`add_arguments`.
        input_fn: reads one line, given the prompt (``input`` by default).
        output: where the rulings and the scoreboard are written; ``None`` means
            ``sys.stdout`` at call time (so that redirections and test capture apply).
        errors: where a file or option error is written (one line); ``None`` means
            ``sys.stderr`` at call time.

    Returns:
        The exit code: 0, or 1 when the ``--save`` / ``--resume`` file or an option is
        bad (nothing is written then).
    """
    lang = Language(args.lang)
    try:
        session = _open_session(args)
    except RecordFileError as failure:
        detail = _file_message(failure.key, lang, **failure.fields)
        stream = sys.stderr if errors is None else errors
        stream.write(_file_message("error", lang, detail=detail) + "\n")
        return 1
    out = sys.stdout if output is None else output
    keeper = _Scorekeeper(session.builder, lang=lang, output=out, file=session.file)
    keeper.opening(session.resumed)
    try:
        while True:
            out.flush()
            try:
                line = input_fn(keeper.prompt())
            except EOFError:
                break
            if not keeper.handle(line):
                break
    except KeyboardInterrupt:
        out.write("\n")
        keeper.closing()
        out.flush()
        raise
    keeper.closing()
    out.flush()
    return 0
