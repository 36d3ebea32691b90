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

Grammar of a shot line (items separated by spaces, any order; empty line = a miss:
the ball in play hit first, a cushion after the contact, nothing pocketed):

========  ==========================================================================
``3 9``   the 3 and the 9 pocketed
``h7``    the cue ball hit the 7 first (default: the ball in play)
``0``     the cue ball hit nothing
``n``     no ball reached a cushion after the contact
``x``     scratch: the cue ball pocketed
``o0``    the cue ball left the table
``o12``   the 12 left the table
``m7``    the obstructing 7 was moved by hand, cue or bridge (§XI, general rules)
``lk``    the ball in play came to rest behind the head string (§X)
``g:NAME``  a general-rules foul called by the referee (``g:double_hit``)
``r4``    break only: 4 object balls counted by §IV reached a cushion (default: enough)
``kr``    cue ball in hand only: a cushion before crossing the head string (§XVI)
``kk``    cue ball in hand only: hit a ball behind the head string, then crossed
``kn``    cue ball in hand only: hit a ball behind the head string, never crossed
``kz``    cue ball in hand only: never crossed the head string, hit nothing
========  ==========================================================================

After a foul the incoming player types the option's number or letter (``a`` accept the
table, ``c`` cue ball in hand, ``s`` spot the ball in play, ``r`` restore and replay).
Officials: ``concede [A|B]``, ``concede-match [A|B]``, ``dq A|B``, ``stalemate``.
Controls: ``u`` undo, ``?`` help, ``q`` quit.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import os
import re
import secrets
import shlex
import stat
import sys
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Final, TextIO, TypeAlias

from rotation61 import __version__
from rotation61.cli.record import load_records
from rotation61.match import MatchState
from rotation61.records import (
    DecisionEntry,
    Entry,
    EventEntry,
    MatchRecord,
    RecordBuilder,
    format_match,
    format_shot,
    to_json,
)
from rotation61.rules import (
    CUE_BALL,
    PRESETS,
    Ball,
    ContactType,
    KitchenFacts,
    ObstacleMove,
    OfficialEvent,
    Option,
    PendingDecision,
    Phase,
    RackState,
    Rotation61Error,
    Ruling,
    Seat,
    Shot,
    Zone,
)
from rotation61.text import (
    Domain,
    Language,
    describe_choice,
    describe_option,
    describe_ruling,
    describe_state,
    format_balls,
    gettext,
)

__all__ = ["add_arguments", "run"]

OPTION_LETTERS: Final[dict[str, Option]] = {
    "a": Option.ACCEPT_TABLE,
    "c": Option.CUE_IN_HAND_KITCHEN,
    "s": Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
    "r": Option.RESTORE_AND_OFFENDER_REPLAYS,
}
"""The letter of each option of the incoming player."""

_LETTER_OF: Final = {option: letter for letter, option in OPTION_LETTERS.items()}
_BALL_TOKEN: Final = re.compile(r"([homr])(\d+)")
_LABEL: Final = re.compile(r"[a-z][a-z0-9_]{0,63}")
_KITCHEN_TOKENS: Final = frozenset({"kr", "kk", "kn", "kz"})
_EVENTS: Final[dict[str, OfficialEvent]] = {
    "concede": OfficialEvent.CONCEDE_RACK,
    "concede-match": OfficialEvent.CONCEDE_MATCH,
    "dq": OfficialEvent.DISQUALIFICATION,
    "stalemate": OfficialEvent.STALEMATE_DECLARED,
}
_COMMAND_OF: Final = {event: command for command, event in _EVENTS.items()}
_TEXT_SUFFIXES: Final = frozenset({".r61", ".txt"})
"""A saved file whose name ends so holds the text notation; any other holds JSON."""

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


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Choice:
    """The incoming player's decision after a foul."""

    option: Option


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Event:
    """An official event: a concession, a disqualification or a stalemate."""

    event: OfficialEvent
    player: Seat | None


_Step: TypeAlias = Shot | _Choice | _Event
"""What an accepted line asks for; the record builder stores it as an entry."""


class _Control(StrEnum):
    """A keystroke that drives the session rather than the match."""

    UNDO = "u"
    QUIT = "q"
    HELP = "?"


class _InputError(ValueError):
    """A bad keystroke: a catalogue message id and its fields."""

    def __init__(self, msg_id: str, **fields: object) -> None:
        super().__init__(msg_id)
        self.msg_id = msg_id
        self.fields = fields


class _FileError(Exception):
    """A file or option problem of ``--save`` / ``--resume``: a message key and its fields."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


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


# --- Parsing: pure functions of the line and the match ---------------------------------


def _choices(pending: PendingDecision, lang: Language) -> str:
    return ", ".join(
        f"{i}/{_LETTER_OF[option]} {describe_option(option, lang).label}"
        for i, option in enumerate(pending.options, start=1)
    )


def _parse_choice(
    text: str, pending: PendingDecision, lang: Language, names: tuple[str, str]
) -> _Choice:
    token = text.strip().lower()
    choices = _choices(pending, lang)
    if token.isdigit():
        number = int(token)
        if not 1 <= number <= len(pending.options):
            raise _InputError("score.err.no_option_number", token=token, choices=choices)
        return _Choice(option=pending.options[number - 1])
    option = OPTION_LETTERS.get(token)
    if option is None:
        raise _InputError(
            "score.err.decision_pending",
            player=names[pending.chooser],
            token=text.strip() or "↵",
            choices=choices,
        )
    if option not in pending.options:
        label = describe_option(option, lang).label
        raise _InputError("score.err.not_offered", token=token, label=label, choices=choices)
    return _Choice(option=option)


def _seat(words: Sequence[str], names: tuple[str, str]) -> Seat | None:
    if not words:
        return None
    token = " ".join(words)
    folded = token.casefold()
    for seat in Seat:
        if folded == seat.name.casefold():
            return seat
    for seat in Seat:
        if folded == names[seat].casefold():
            return seat
    raise _InputError("score.err.player", token=token, a=names[Seat.A], b=names[Seat.B])


def _parse_event(words: Sequence[str], rack: RackState, names: tuple[str, str]) -> _Event:
    command = words[0].lower()
    event = _EVENTS[command]
    rest = words[1:]
    if event is OfficialEvent.STALEMATE_DECLARED:
        if rest:
            raise _InputError("score.err.unknown", token=" ".join(rest))
        return _Event(event=event, player=None)
    player = _seat(rest, names)
    if player is None:
        if event is OfficialEvent.DISQUALIFICATION:
            raise _InputError("score.err.player_needed", token=command)
        player = rack.to_act
    return _Event(event=event, player=player)


@dataclasses.dataclass(slots=True)
class _ShotDraft:
    """What the tokens of a shot line said, before it becomes a :class:`Shot`."""

    pocketed: list[Ball] = dataclasses.field(default_factory=list)
    off_table: list[Ball] = dataclasses.field(default_factory=list)
    seen: dict[Ball, str] = dataclasses.field(default_factory=dict)
    hit: tuple[str, Ball] | None = None
    nothing_hit: str | None = None
    no_rail: str | None = None
    scratch: str | None = None
    cue_off: str | None = None
    rail_count: tuple[str, int] | None = None
    kitchen: str | None = None
    lowest_in_kitchen: bool = False
    moved: Ball | None = None
    label: str | None = None


def _object_ball(token: str, digits: str, rack: RackState) -> Ball:
    value = int(digits)
    if not 1 <= value <= 15:
        raise _InputError("score.err.not_a_ball", token=token, value=value)
    if value not in rack.on_table:
        raise _InputError(
            "score.err.not_on_table", ball=value, on_table=format_balls(sorted(rack.on_table))
        )
    return value


def _once(current: str | None, token: str) -> str:
    if current is not None:
        raise _InputError("score.err.conflict", token=token, other=current)
    return token


def _moved_ball(draft: _ShotDraft, token: str, ball: Ball) -> None:
    other = draft.seen.get(ball)
    if other is not None:
        if other == token:
            raise _InputError("score.err.twice", ball=ball)
        raise _InputError("score.err.conflict", token=token, other=other)
    draft.seen[ball] = token


def _read_token(draft: _ShotDraft, token: str, rack: RackState, names: tuple[str, str]) -> None:
    if token.isdigit():
        if int(token) == 0:
            draft.nothing_hit = _once(draft.nothing_hit, token)
            return
        ball = _object_ball(token, token, rack)
        _moved_ball(draft, token, ball)
        draft.pocketed.append(ball)
        return
    if token in ("x", "n", "lk"):
        if token == "x":
            draft.scratch = _once(draft.scratch, token)
        elif token == "n":
            draft.no_rail = _once(draft.no_rail, token)
        else:
            draft.lowest_in_kitchen = True
        return
    if token in _KITCHEN_TOKENS:
        if not rack.cue_in_hand:
            raise _InputError("score.err.not_in_hand", token=token, player=names[rack.to_act])
        draft.kitchen = _once(draft.kitchen, token)
        return
    if token.startswith("g:"):
        label = token[2:]
        if not _LABEL.fullmatch(label):
            raise _InputError("score.err.label", token=token)
        _once(None if draft.label is None else f"g:{draft.label}", token)
        draft.label = label
        return
    found = _BALL_TOKEN.fullmatch(token)
    if found is None:
        raise _InputError("score.err.unknown", token=token)
    letter, digits = found.groups()
    if letter == "r":
        if not rack.is_break:
            raise _InputError("score.err.break_only", token=token)
        _once(None if draft.rail_count is None else draft.rail_count[0], token)
        draft.rail_count = (token, int(digits))
    elif letter == "o" and int(digits) == 0:
        draft.cue_off = _once(draft.cue_off, token)
    elif letter == "o":
        ball = _object_ball(token, digits, rack)
        _moved_ball(draft, token, ball)
        draft.off_table.append(ball)
    elif letter == "h":
        ball = _object_ball(token, digits, rack)
        _once(None if draft.hit is None else draft.hit[0], token)
        draft.hit = (token, ball)
    else:
        ball = _object_ball(token, digits, rack)
        _once(None if draft.moved is None else f"m{draft.moved}", token)
        draft.moved = ball


def _kitchen_facts(draft: _ShotDraft, first_contact: Ball | None) -> KitchenFacts | None:
    """§XVI: how the cue ball left the kitchen, from ``kr``, ``kk``, ``kn`` or ``kz``."""
    match draft.kitchen:
        case None:
            return None
        case "kr":
            zone = None if first_contact is None else Zone.OUTSIDE
            return KitchenFacts(
                crossed_before_first_contact=False,
                first_contact_type=ContactType.RAIL,
                first_ball_zone=zone,
                crossed=True,
            )
        case "kk" | "kn":
            return KitchenFacts(
                crossed_before_first_contact=False,
                first_contact_type=ContactType.BALL,
                first_ball_zone=Zone.KITCHEN,
                crossed=draft.kitchen == "kk",
            )
        case _:
            return KitchenFacts(
                crossed_before_first_contact=False,
                first_contact_type=ContactType.NONE,
                first_ball_zone=None,
                crossed=False,
            )


def _check_draft(draft: _ShotDraft) -> str | None:
    """Reject contradictory tokens; return the token saying the cue ball hit nothing."""
    if draft.scratch is not None and draft.cue_off is not None:
        raise _InputError("score.err.conflict", token=draft.cue_off, other=draft.scratch)
    nothing = draft.nothing_hit
    if draft.kitchen == "kz":
        if nothing is not None:
            raise _InputError("score.err.conflict", token="kz", other=nothing)
        nothing = "kz"
    if nothing is None:
        return None
    if draft.hit is not None:
        raise _InputError("score.err.conflict", token=draft.hit[0], other=nothing)
    if draft.kitchen in ("kk", "kn"):
        raise _InputError("score.err.conflict", token=draft.kitchen, other=nothing)
    if draft.pocketed or draft.off_table:
        raise _InputError("score.err.nothing_hit", token=nothing)
    if draft.rail_count is not None and draft.rail_count[1] > 0:
        raise _InputError("score.err.conflict", token=draft.rail_count[0], other=nothing)
    return nothing


def _break_rail_balls(draft: _ShotDraft, rack: RackState, nothing: str | None) -> frozenset[Ball]:
    """§IV: the object balls that reached a cushion on the break (default: just enough)."""
    pool = range(1, 16) if rack.rules.break_rail_count_includes_one_ball else range(2, 16)
    if draft.rail_count is not None:
        token, count = draft.rail_count
        if draft.no_rail is not None and count > 0:
            raise _InputError("score.err.conflict", token=token, other=draft.no_rail)
        if count > len(pool):
            raise _InputError("score.err.rail_count", token=token, most=len(pool))
    elif nothing is not None or draft.no_rail is not None:
        count = 0
    else:
        count = rack.rules.break_min_rail_balls
    return frozenset(list(pool)[:count])


def _parse_shot(words: Sequence[str], rack: RackState, names: tuple[str, str]) -> Shot:
    draft = _ShotDraft()
    for token in words:
        _read_token(draft, token, rack, names)
    nothing = _check_draft(draft)
    first_contact: Ball | None = None
    if nothing is None:
        first_contact = draft.hit[1] if draft.hit is not None else rack.lowest
    rail: frozenset[Ball] = frozenset()
    if nothing is None and draft.no_rail is None:
        rail = frozenset({CUE_BALL})
    return Shot(
        first_contact=first_contact,
        pocketed=tuple(draft.pocketed),
        off_table=tuple(draft.off_table),
        rail_after_contact=rail,
        break_rail_balls=_break_rail_balls(draft, rack, nothing) if rack.is_break else None,
        cue_pocketed=draft.scratch is not None,
        cue_off_table=draft.cue_off is not None,
        kitchen=_kitchen_facts(draft, first_contact),
        lowest_rest_zone=Zone.KITCHEN if draft.lowest_in_kitchen else Zone.OUTSIDE,
        obstacle_moved=None if draft.moved is None else ObstacleMove(ball=draft.moved),
        general_rules_foul=draft.label,
    )


def _parse(
    line: str, match: MatchState, names: tuple[str, str], lang: Language
) -> _Step | _Control:
    """What a line means now.

    Raises:
        _InputError: a bad keystroke; nothing has changed.
    """
    text = line.strip()
    lowered = text.lower()
    if lowered in ("?", "help"):
        return _Control.HELP
    if lowered in ("u", "q"):
        return _Control(lowered)
    words = text.replace(",", " ").split()
    rack = match.rack
    if words and words[0].lower() in _EVENTS:
        return _parse_event(words, rack, names)
    pending = rack.pending
    if pending is not None:
        return _parse_choice(text, pending, lang, names)
    if lowered in OPTION_LETTERS:
        raise _InputError("score.err.no_decision", token=text)
    return _parse_shot([w.lower() for w in words], rack, names)


# --- Inputs and the record ---------------------------------------------------------------


def _apply(builder: RecordBuilder, step: _Step) -> tuple[RecordBuilder, Ruling | None]:
    """Record one input: the new builder and the engine's ruling (none for a decision)."""
    if isinstance(step, Shot):
        return builder.play(step)
    if isinstance(step, _Choice):
        return builder.decide(step.option, by=builder.match.rack.to_act), None
    return builder.officiate(step.event, step.player)


def _kitchen_token(shot: Shot) -> str | None:
    if shot.kitchen is None:
        return None
    for token in sorted(_KITCHEN_TOKENS):
        if _kitchen_facts(_ShotDraft(kitchen=token), shot.first_contact) == shot.kitchen:
            return token
    return None


def _shot_tokens(shot: Shot, rack: RackState) -> list[str]:
    """The tokens of a shot line that (normally) mean the shot, the inverse of the parser."""
    nothing = shot.first_contact is None
    no_rail = not nothing and CUE_BALL not in shot.rail_after_contact
    kitchen = _kitchen_token(shot)
    tokens: list[str] = []
    if shot.first_contact is not None and shot.first_contact != rack.lowest:
        tokens.append(f"h{shot.first_contact}")
    tokens += [str(ball) for ball in shot.pocketed]
    tokens += [f"o{ball}" for ball in shot.off_table]
    flags = {
        "0": nothing and kitchen != "kz",
        "n": no_rail,
        "x": shot.cue_pocketed,
        "o0": shot.cue_off_table,
        "lk": shot.lowest_rest_zone is Zone.KITCHEN,
    }
    tokens += [token for token, present in flags.items() if present]
    if shot.obstacle_moved is not None:
        tokens.append(f"m{shot.obstacle_moved.ball}")
    if shot.break_rail_balls is not None:
        default = 0 if nothing or no_rail else rack.rules.break_min_rail_balls
        if len(shot.break_rail_balls) != default:
            tokens.append(f"r{len(shot.break_rail_balls)}")
    if kitchen is not None:
        tokens.append(kitchen)
    if shot.general_rules_foul is not None:
        tokens.append(f"g:{shot.general_rules_foul}")
    return tokens


def _typed(entry: Entry, rack: RackState, names: tuple[str, str]) -> str:
    """An input as the scorer would type it, given the rack before it.

    A shot no line of the grammar gives (e.g. written by another program) is shown in
    the record notation instead.
    """
    if isinstance(entry, DecisionEntry):
        return _LETTER_OF.get(entry.option, entry.option.value)
    if isinstance(entry, EventEntry):
        command = _COMMAND_OF[entry.event]
        return command if entry.player is None else f"{command} {entry.player.name}"
    tokens = _shot_tokens(entry.shot, rack)
    with contextlib.suppress(_InputError, Rotation61Error):
        if _parse_shot(tokens, rack, names) == entry.shot:
            return " ".join(tokens)
    return format_shot(entry.shot)


def _last_entry(record: MatchRecord) -> Entry | None:
    for rack in reversed(record.racks):
        if rack.entries:
            return rack.entries[-1]
    return None


def _count(record: MatchRecord) -> int:
    return sum(len(rack.entries) for rack in record.racks)


# --- Files -------------------------------------------------------------------------------


def _detail(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return str(err)


def _sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that it always holds either the old or the new text.

    Raises:
        OSError: the file cannot be written; ``path`` is unchanged.
    """
    directory = path.parent
    temp = directory / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, stat.S_IMODE(path.stat().st_mode))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_directory(directory)


@dataclasses.dataclass(frozen=True, slots=True)
class _RecordFile:
    """Where the record is saved, and in which format (by the file name's ending)."""

    path: Path

    @property
    def is_text(self) -> bool:
        return self.path.suffix.lower() in _TEXT_SUFFIXES

    @property
    def format_name(self) -> str:
        return "text" if self.is_text else "JSON"

    def write(self, record: MatchRecord) -> None:
        """Write the whole record atomically.

        Raises:
            OSError: it cannot be written; the file is unchanged.
        """
        _write_atomically(self.path, format_match(record) if self.is_text else to_json(record))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def _read_record(path: Path) -> MatchRecord:
    """The one match of a file, its inputs checked by the referee.

    Raises:
        _FileError: no file, an unreadable file, not a record, or not one match.
    """
    if not path.is_file():
        raise _FileError("err.missing", path=path)
    try:
        records = load_records(path)
    except OSError as err:
        raise _FileError("err.read", path=path, detail=_detail(err)) from err
    except UnicodeDecodeError as err:
        raise _FileError("err.invalid", path=path, detail="not UTF-8 text") from err
    except Rotation61Error as err:
        raise _FileError("err.invalid", path=path, detail=_detail(err)) from err
    if len(records) != 1:
        raise _FileError("err.count", path=path, count=len(records))
    return records[0]


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
    file: _RecordFile | None
    resumed: Path | None


def _open_session(args: argparse.Namespace) -> _Session:
    """Start or resume the match; write the save file when it is new.

    Raises:
        _FileError: a bad file or a conflicting option; nothing has been written.
    """
    resume: Path | None = getattr(args, "resume", None)
    save: Path | None = getattr(args, "save", None)
    if resume is not None:
        record = _read_record(resume)
        try:
            builder = RecordBuilder.resume(record)
        except Rotation61Error as err:
            raise _FileError("err.invalid", path=resume, detail=_detail(err)) from err
        winner = builder.match.winner
        if winner is not None:
            raise _FileError("err.over", path=resume, winner=record.players[winner])
        conflicts = _conflicts(args, record)
        if conflicts:
            raise _FileError(
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
            raise _FileError("err.options", detail=_detail(err)) from err
    target = save if save is not None else resume
    if target is None:
        return _Session(builder=builder, file=None, resumed=None)
    file = _RecordFile(target)
    fresh = resume is None or not _same_file(target, resume)
    if fresh:
        if target.exists():
            raise _FileError("err.exists", path=target)
        try:
            file.write(builder.record)
        except OSError as err:
            raise _FileError("err.write", path=target, detail=_detail(err)) from err
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
        file: _RecordFile | None = None,
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
            lines.append(f"  {number}/{_LETTER_OF[option]}  {wording.label}: {wording.explanation}")
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
            lines.append(self.file_msg("saving", path=self.file.path, format=self.file.format_name))
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
            raise _SaveError(_detail(err)) from err

    def undo(self) -> None:
        last = _last_entry(self.builder.record)
        if last is None:
            raise _InputError("score.err.nothing_to_undo")
        typed = _typed(last, self.builder.history[-2].rack, self.names)
        builder = self.builder.undo()
        self.save(builder)
        self.builder = builder
        self.say([self.msg("score.undone", entry=typed or "↵"), ""])
        self.say(self.board())

    def commit(self, step: _Step) -> None:
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
        elif isinstance(step, _Choice):
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
            parsed = _parse(line, self.match, self.names, self.lang)
            match parsed:
                case _Control.QUIT:
                    return False
                case _Control.HELP:
                    self.say([self.msg("score.help")])
                case _Control.UNDO:
                    self.undo()
                case _:
                    self.commit(parsed)
        except _InputError as err:
            self.say([self.msg(err.msg_id, **err.fields)])
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
    except _FileError as failure:
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
