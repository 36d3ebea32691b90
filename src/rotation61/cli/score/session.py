"""A scoring session: the match being written, and what to say after each typed line.

A :class:`Session` is an immutable value around a
:class:`~rotation61.records.MatchLog` (the record of every accepted input and the
match after each one, the only store of the inputs). :meth:`Session.answer` turns one
typed line into a :class:`Reply`: the lines to print and, if the line was accepted, the
next session, which the caller saves before it adopts it. A bad keystroke or an input
the engine refuses gives a message naming the bad value and no next session: nothing
changes.

:func:`open_session` starts a match from the command line's options, or resumes the one
recorded in a file, and writes the save file when it is new.
"""

from __future__ import annotations

import dataclasses
import datetime
import shlex
from pathlib import Path
from typing import Final, assert_never

from rotation61.cli.score.files import (
    RecordFile,
    RecordFileError,
    error_detail,
    is_same_file,
    read_record,
)
from rotation61.cli.score.grammar import (
    ChosenOption,
    ClockCall,
    Control,
    KeystrokeError,
    OfficialCall,
    Step,
    format_call,
    format_line,
    needs_confirmation,
    parse_line,
)
from rotation61.cli.score.wording import Wording
from rotation61.match import MatchState
from rotation61.records import Entry, EventEntry, MatchHeader, MatchLog, MatchRecord
from rotation61.rules import (
    RULESET_KEYS,
    ConfigValue,
    Rotation61Error,
    Seat,
    Shot,
    ShotClockError,
    config_value,
    extension_ms,
    get_ruleset,
    shot_allowance_ms,
    take_extension,
)
from rotation61.text import Language, describe_refusal

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGE_TAG",
    "MatchOptions",
    "Reply",
    "Session",
    "SessionStart",
    "TagOption",
    "open_session",
]

LANGUAGE_TAG: Final = "Language"
"""The record's tag that keeps the language the match is scored in (``vi`` or ``en``)."""

DEFAULT_LANGUAGE: Final = Language.VI
"""The language when neither ``--lang`` nor the record says one."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Reply:
    """The scorekeeper's answer to one typed line.

    Attributes:
        lines: what to print.
        session: the session after the input, if it was accepted (save it, then adopt
            it; if it cannot be saved, the input is not acknowledged); ``None`` when
            nothing changed.
        quit: the scorer asked to stop.
    """

    lines: tuple[str, ...] = ()
    session: Session | None = None
    quit: bool = False


def _last_entry(record: MatchRecord) -> Entry | None:
    """The last input of the record, if any."""
    for rack in reversed(record.racks):
        if rack.entries:
            return rack.entries[-1]
    return None


def _count(record: MatchRecord) -> int:
    """How many inputs the record holds."""
    return sum(len(rack.entries) for rack in record.racks)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Session:
    """The match being scored and the words to say about it.

    Attributes:
        log: the match's inputs so far, with the record and the match after each one.
        wording: the sentences, in the session's language, naming its players.
        confirming: a concession or disqualification typed and waiting for its
            confirmation (``y`` or the same call again); anything else cancels it.
        extensions: shot-clock extensions taken for the shot to come (A50), recorded
            with it.
        clock_since_ms: when the last input was accepted (the shot clock of the next
            shot starts then), on the terminal's clock, in milliseconds; ``None`` when
            no time is measured.
    """

    log: MatchLog
    wording: Wording
    confirming: OfficialCall | None = None
    extensions: int = 0
    clock_since_ms: int | None = None

    @classmethod
    def start(cls, log: MatchLog, lang: Language) -> Session:
        """A session scoring the log's match, speaking ``lang``.

        Args:
            log: the match so far.
            lang: the language of everything the session says.

        Returns:
            The session.
        """
        return cls(log=log, wording=Wording(lang=lang, names=log.record.players))

    @property
    def match(self) -> MatchState:
        """The match after the last input."""
        return self.log.match

    @property
    def is_over(self) -> bool:
        """Whether the match has a winner."""
        return self.match.winner is not None

    def prompt(self) -> str:
        """The prompt for the next line."""
        if self.confirming is not None:
            return self.wording.prompt_confirm(format_call(self.confirming))
        return self.wording.prompt(self.match)

    @property
    def can_undo_ending(self) -> bool:
        """The match is over by an official's call, its last input, which ``u`` takes back."""
        return self.is_over and isinstance(_last_entry(self.log.record), EventEntry)

    def opening(self, *, resumed: Path | None, file: RecordFile | None) -> tuple[str, ...]:
        """The first screen.

        Args:
            resumed: the file the match was resumed from, if any.
            file: where every input is saved, if anywhere.

        Returns:
            The lines.
        """
        replayed = None if resumed is None else (resumed, _count(self.log.record))
        lines = self.wording.opening(self.match, resumed=replayed, file=file)
        if self.can_undo_ending:
            lines += self.wording.over_by_call()
        return tuple(lines)

    def closing(self, *, file: RecordFile | None) -> tuple[str, ...]:
        """The last screen: the winner or goodbye, and where the record is.

        Args:
            file: where the record is saved, if anywhere.

        Returns:
            The lines.
        """
        return tuple(self.wording.closing(self.match, file=file))

    def timed_from(self, now_ms: int) -> Session:
        """The session measuring the next shot's time from ``now_ms`` (A50)."""
        return dataclasses.replace(self, clock_since_ms=now_ms)

    def answer(self, line: str, *, now_ms: int | None = None) -> Reply:
        """What a typed line does: the lines to print and the next session, if any.

        Args:
            line: the line as typed.
            now_ms: when it was typed, on the clock of :meth:`timed_from`; with a shot
                clock in the rules, a shot's or a time foul's time is ``now_ms`` minus
                the time the previous input was accepted.

        Returns:
            The reply; a bad keystroke or an input the engine refuses leaves
            :attr:`Reply.session` ``None`` and says why.
        """
        if self.confirming is not None:
            return self._confirm(self.confirming, line, now_ms)
        try:
            parsed = parse_line(line, self.match, self.wording.names)
            match parsed:
                case Control.QUIT:
                    return Reply(quit=True)
                case Control.HELP:
                    return Reply(lines=tuple(self.wording.help()))
                case Control.UNDO:
                    return self._undo(now_ms)
                case OfficialCall() if needs_confirmation(parsed):
                    return self._ask_confirmation(parsed)
                case ClockCall.EXTENSION:
                    return self._extend()
                case Shot() | ChosenOption() | OfficialCall() | ClockCall.TIME_FOUL:
                    return self._record(parsed, now_ms)
                case _:
                    assert_never(parsed)
        except KeystrokeError as err:
            return Reply(lines=tuple(self.wording.keystroke_error(err)))
        except ShotClockError as err:
            return Reply(lines=(describe_refusal(err, self.wording.lang) or str(err),))
        except Rotation61Error as err:
            return Reply(lines=tuple(self.wording.rejected(str(err))))

    def _ask_confirmation(self, call: OfficialCall) -> Reply:
        """Hold a concession or a disqualification until it is confirmed."""
        player = None if call.player is None else self.wording.names[call.player]
        lines = self.wording.confirm(format_call(call), call.event, player)
        return Reply(lines=tuple(lines), session=dataclasses.replace(self, confirming=call))

    def _confirm(self, call: OfficialCall, line: str, now_ms: int | None) -> Reply:
        """Record the held call on ``y`` or the same call typed again; cancel it otherwise."""
        unheld = dataclasses.replace(self, confirming=None)
        text = line.strip()
        confirmed = text.lower() in ("y", "yes")
        if not confirmed:
            try:
                confirmed = parse_line(text, self.match, self.wording.names) == call
            except KeystrokeError:
                confirmed = False
        if not confirmed:
            return Reply(lines=tuple(self.wording.cancelled(format_call(call))), session=unheld)
        try:
            return unheld._record(call, now_ms)
        except Rotation61Error as err:
            return Reply(lines=tuple(self.wording.rejected(str(err))), session=unheld)

    def _shot_time(self, now_ms: int | None) -> int | None:
        """The time of the shot (or time foul) typed at ``now_ms``, when it is timed (A50)."""
        rack = self.match.rack
        since = self.clock_since_ms
        if now_ms is None or since is None or rack.is_over:
            return None
        if shot_allowance_ms(rack.rules, is_break=rack.is_break, after_break=False) is None:
            return None
        return max(0, now_ms - since)

    def _extend(self) -> Reply:
        """The player at the table takes an extension (A50), recorded with his shot."""
        rack = self.match.rack
        for _ in range(self.extensions + 1):
            rack = take_extension(rack, rack.to_act)
        player = self.wording.names[rack.to_act]
        seconds = extension_ms(rack.rules) // 1000
        lines = self.wording.extension(player=player, seconds=seconds)
        return Reply(
            lines=tuple(lines), session=dataclasses.replace(self, extensions=self.extensions + 1)
        )

    def _record(self, step: Step, now_ms: int | None) -> Reply:
        """Record one input; the ruling or the decision's effect, then the board."""
        before = self.match
        time_ms = self._shot_time(now_ms)
        match step:
            case Shot():
                log, ruling = self.log.play(step, time_ms=time_ms, extensions=self.extensions)
                lines = self.wording.ruling(ruling, before=before)
            case ClockCall.TIME_FOUL:
                log, ruling = self.log.time_foul(time_ms=time_ms, extensions=self.extensions)
                lines = self.wording.ruling(ruling, before=before)
            case ClockCall.EXTENSION:
                return self._extend()
            case OfficialCall():
                log, ruling = self.log.officiate(step.event, step.player)
                lines = self.wording.ruling(ruling, before=before)
            case ChosenOption():
                chooser = before.rack.to_act
                log = self.log.decide(step.option, by=chooser)
                lines = self.wording.choice(step.option, chooser=chooser, before=before)
            case _:
                assert_never(step)
        return self._moved_to(log, lines, now_ms)

    def _undo(self, now_ms: int | None) -> Reply:
        """Take back the last input; name it as it was typed, then the board."""
        last = self.log.last
        if last is None:
            raise KeystrokeError("score.err.nothing_to_undo")
        typed = format_line(last.entry(), last.before.rack, self.wording.names)
        return self._moved_to(self.log.undo(), self.wording.undone(typed), now_ms)

    def _moved_to(self, log: MatchLog, lines: list[str], now_ms: int | None) -> Reply:
        """The reply of an accepted input: its lines, the board after it, the next session.

        The extensions taken go with the input; the next shot's clock starts at ``now_ms``.
        """
        since = self.clock_since_ms if now_ms is None else now_ms
        after = dataclasses.replace(
            self, log=log, confirming=None, extensions=0, clock_since_ms=since
        )
        return Reply(lines=(*lines, *self.wording.board(log.match, said=lines)), session=after)


# --- Starting or resuming --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TagOption:
    """A free tag set on the command line.

    Attributes:
        option: the option that set it, e.g. ``--event``.
        tag: the record's tag, e.g. ``Event``.
        value: its value.
    """

    option: str
    tag: str
    value: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchOptions:
    """The match the command line asks for, and which of its options were typed.

    Attributes:
        players: the players' names, seat A then seat B.
        race_to: racks needed to win the match.
        rules: the rule-set preset.
        config: rule-set keys set on the command line over the preset (``--shot-clock``,
            ``--target``), as plain values.
        first_breaker: the seat that breaks the first rack.
        tags: the free tags set, in the order of their options.
        given: the options among ``--players``, ``--race-to``, ``--rules`` and
            ``--first-breaker`` that were typed (a resumed record must agree with them).
        save: where to save the record after every input, if anywhere.
        resume: the file of the match to resume, if any.
    """

    players: tuple[str, str]
    race_to: int
    rules: str
    first_breaker: Seat
    config: tuple[tuple[str, ConfigValue], ...] = ()
    tags: tuple[TagOption, ...] = ()
    given: frozenset[str] = frozenset()
    save: Path | None = None
    resume: Path | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SessionStart:
    """How a session starts.

    Attributes:
        session: the session.
        file: where it saves its record, if anywhere.
        resumed: the file it resumed, if any.
    """

    session: Session
    file: RecordFile | None
    resumed: Path | None

    def opening(self) -> tuple[str, ...]:
        """The first screen of the session."""
        return self.session.opening(resumed=self.resumed, file=self.file)


def _conflicts(options: MatchOptions, record: MatchRecord) -> list[tuple[str, str]]:
    """The options typed on the command line that the record contradicts, with its values."""
    found: list[tuple[str, str]] = []
    given = options.given
    if "--players" in given and options.players != record.players:
        found.append(("--players", shlex.join(record.players)))
    if "--race-to" in given and options.race_to != record.race_to:
        found.append(("--race-to", str(record.race_to)))
    if "--rules" in given and options.rules != record.rules:
        config = "".join(f" {key}={value}" for key, value in record.config)
        found.append(("--rules", record.rules + config))
    rules = record.ruleset
    for option, prefix in (("--shot-clock", "shot_clock_"), ("--target", "target_points")):
        asked = {k: v for k, v in options.config if k.startswith(prefix)}
        kept = {k: config_value(k, getattr(rules, k)) for k in RULESET_KEYS if k.startswith(prefix)}
        if option in given and any(kept[k] != value for k, value in asked.items()):
            found.append((option, " ".join(f"{k}={v}" for k, v in kept.items())))
    if "--first-breaker" in given and options.first_breaker is not record.first_breaker:
        found.append(("--first-breaker", record.first_breaker.name))
    for tag in options.tags:
        recorded = record.tag(tag.tag)
        if tag.value != recorded:
            found.append((tag.option, "—" if recorded is None else shlex.quote(recorded)))
    return found


def _resumed_log(options: MatchOptions, resume: Path) -> MatchLog:
    """The log of the match recorded in ``resume``, checked against the options."""
    record = read_record(resume)
    try:
        log = MatchLog.from_record(record)
    except Rotation61Error as err:
        raise RecordFileError("err.invalid", path=resume, detail=error_detail(err)) from err
    winner = log.match.winner
    if winner is not None and not isinstance(_last_entry(record), EventEntry):
        # A match ended by an official's call is resumed so that ``u`` can take it back.
        raise RecordFileError("err.over", path=resume, winner=record.players[winner])
    conflicts = _conflicts(options, record)
    if conflicts:
        raise RecordFileError(
            "err.conflict",
            path=resume,
            options=", ".join(option for option, _ in conflicts),
            recorded=", ".join(f"{option} {value}" for option, value in conflicts),
        )
    return log


def _recorded_language(record: MatchRecord) -> Language:
    """The language of the record's ``Language`` tag (the default if none or unknown)."""
    value = record.tag(LANGUAGE_TAG)
    known = {lang.value: lang for lang in Language}
    return DEFAULT_LANGUAGE if value is None else known.get(value, DEFAULT_LANGUAGE)


def _new_log(
    options: MatchOptions, *, lang: Language, engine: str, today: datetime.date
) -> MatchLog:
    """The log of a new match scored in ``lang``, dated ``today``."""
    tags = [
        *((tag.tag, tag.value) for tag in options.tags),
        ("Date", today.isoformat()),
        (LANGUAGE_TAG, lang.value),
    ]
    try:
        preset = get_ruleset(options.rules)
        rules = dataclasses.replace(preset.with_overrides(dict(options.config)), name=preset.name)
        header = MatchHeader.of(
            players=options.players,
            race_to=options.race_to,
            rules=rules,
            first_breaker=options.first_breaker,
            tags=tags,
            engine=engine,
        )
        return MatchLog.begin(header)
    except Rotation61Error as err:
        raise RecordFileError("err.options", detail=error_detail(err)) from err


def open_session(
    options: MatchOptions, *, lang: Language | None, engine: str, today: datetime.date
) -> SessionStart:
    """Start or resume the match; write the save file when it is new.

    Args:
        options: what the command line asks for.
        lang: the language of the session, if ``--lang`` says one; otherwise a resumed
            match speaks its record's ``Language`` tag and a new one the default.
        engine: the engine version a new record names.
        today: the Date tag of a new record.

    Returns:
        The session, its save file and the file it resumed.

    Raises:
        RecordFileError: a bad file or a conflicting option; nothing has been written.
    """
    resume = options.resume
    if resume is not None:
        log = _resumed_log(options, resume)
        lang = lang or _recorded_language(log.record)
    else:
        lang = lang or DEFAULT_LANGUAGE
        log = _new_log(options, lang=lang, engine=engine, today=today)
    session = Session.start(log, lang)
    target = options.save if options.save is not None else resume
    if target is None:
        return SessionStart(session=session, file=None, resumed=None)
    file = RecordFile(target)
    if resume is None or not is_same_file(target, resume):
        if target.exists():
            raise RecordFileError("err.exists", path=target)
        try:
            file.write(log.record)
        except OSError as err:
            raise RecordFileError("err.write", path=target, detail=error_detail(err)) from err
    return SessionStart(session=session, file=file, resumed=resume)
