"""What the terminal scorekeeper says, in Vietnamese or English.

Every sentence comes from the ``scorekeeper`` domain of the wording catalogue
(:func:`rotation61.text.gettext`; a ``count`` field chooses a plural form) or from the
rulings' and scoreboard's wording of :mod:`rotation61.text`; this module only chooses the
messages and fills in their values. It returns lines and never prints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from rotation61.cli.score.files import RecordFile, RecordFileError
from rotation61.cli.score.grammar import EMPTY_LINE, LETTER_OF, NUMBER_OF, KeystrokeError
from rotation61.match import MatchState
from rotation61.rules import OfficialEvent, Option, Phase, Ruling, Seat
from rotation61.text import (
    Domain,
    Language,
    describe_choice,
    describe_event,
    describe_option,
    describe_ruleset,
    describe_ruling,
    describe_state,
    gettext,
)

__all__ = ["Wording", "describe_file_error"]

_FILE_KEY_PREFIX = "score.file."
"""The messages of ``--save`` / ``--resume``: ``score.file.<key>``."""


def _file_message(lang: Language, key: str, **fields: object) -> str:
    """The message ``score.file.<key>`` of ``--save`` / ``--resume``, filled in.

    ``count``, if given, chooses a plural form.
    """
    return gettext(lang, Domain.SCOREKEEPER, _FILE_KEY_PREFIX + key, **fields)


def describe_file_error(err: RecordFileError, lang: Language) -> str:
    """The one line that reports a bad ``--save`` / ``--resume`` file or option.

    Args:
        err: the problem.
        lang: the language.

    Returns:
        The line, e.g. ``rotation61 score: error: cannot resume m.json: no such file``.
    """
    detail = _file_message(lang, err.key, **err.fields)
    return _file_message(lang, "error", detail=detail)


def _describe_choices(options: Sequence[Option], lang: Language) -> str:
    """The options a player may type, e.g. ``2/c cue ball in hand, 3/s ...``.

    Each option shows its own number and letter, the same whatever else is offered.
    """
    return ", ".join(
        f"{_option_keys(option)} {describe_option(option, lang).label}" for option in options
    )


def _option_keys(option: Option) -> str:
    """The two keys of an option, its number and its letter, e.g. ``2/c``."""
    return f"{NUMBER_OF[option]}/{LETTER_OF[option]}"


def _field_wording(value: object, lang: Language) -> object:
    """A keystroke error's field as the message shows it (see :class:`KeystrokeError`)."""
    if isinstance(value, Option):
        return describe_option(value, lang).label
    if isinstance(value, tuple) and all(isinstance(item, Option) for item in value):
        return _describe_choices(value, lang)
    return value


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Wording:
    """The scorekeeper's sentences in one language, naming one match's players.

    Attributes:
        lang: the language.
        names: the players' names, seat A then seat B.
    """

    lang: Language
    names: tuple[str, str]

    def message(self, msg_id: str, **fields: object) -> str:
        """A message of the ``scorekeeper`` domain, its placeholders filled in.

        Args:
            msg_id: its key.
            **fields: the values of its placeholders.

        Returns:
            The sentence.
        """
        return gettext(self.lang, Domain.SCOREKEEPER, msg_id, **fields)

    def help(self) -> list[str]:
        """The keystroke grammar, as ``?`` prints it."""
        return [self.message("score.help")]

    def prompt(self, match: MatchState) -> str:
        """The prompt: who types next; when choosing an option, the keys of those offered."""
        rack = match.rack
        pending = rack.pending
        if rack.phase is Phase.DECISION and pending is not None:
            keys = " ".join(_option_keys(option) for option in pending.options)
            return self.message("score.prompt_choose", player=self.names[rack.to_act], keys=keys)
        return self.message("score.prompt", player=self.names[rack.to_act])

    def options(self, match: MatchState) -> list[str]:
        """The options of the incoming player, one a line (none unless a decision is due)."""
        pending = match.rack.pending
        if pending is None:
            return []
        lines = [self.message("score.options", player=self.names[pending.chooser])]
        for option in pending.options:
            wording = describe_option(option, self.lang)
            lines.append(f"  {_option_keys(option)}  {wording.label}: {wording.explanation}")
        return lines

    def board(self, match: MatchState, *, said: Sequence[str] = ()) -> list[str]:
        """The options, if any, then the scoreboard: what follows every accepted input.

        Args:
            match: the match after the input.
            said: the lines just shown for the input; the board does not repeat whose
                turn it is when they said it ("Đến lượt Bình.", or "An tiếp tục đánh."
                for "Đến lượt An.").
        """
        options = self.options(match)
        state = describe_state(match, self.names, self.lang)
        if match.winner is None and not options and state:
            player = self.names[match.rack.to_act]
            continues = gettext(self.lang, Domain.RULES, "ruling.continues", player=player)
            to_shoot = gettext(self.lang, Domain.RULES, "state.to_shoot", player=player)
            if state[-1] in said or (continues in said and state[-1] == to_shoot):
                state = state[:-1]
        return [*options, *([""] if options else []), *state]

    def opening(
        self,
        match: MatchState,
        *,
        resumed: tuple[Path, int] | None = None,
        file: RecordFile | None = None,
    ) -> list[str]:
        """The first screen: the match, the banner, the file, then the board.

        Args:
            match: the match as it stands.
            resumed: the file the match was resumed from and how many inputs it held.
            file: where every input is saved, if anywhere.

        Returns:
            The lines.
        """
        a, b = self.names
        lines = [
            self.message(
                "score.start",
                a=a,
                b=b,
                race_to=match.race_to,
                rules=describe_ruleset(match.rules.name, self.lang),
            ),
            self.message("score.banner"),
        ]
        if resumed is not None:
            path, count = resumed
            lines.append(_file_message(self.lang, "resumed", path=path, count=count))
        if file is not None:
            lines.append(
                _file_message(self.lang, "saving", path=file.path, format=file.format.value)
            )
        return [*lines, "", *self.board(match)]

    def ruling(self, ruling: Ruling, *, before: MatchState) -> list[str]:
        """The ruling on a shot or an official's call, then a blank line.

        Args:
            ruling: the engine's ruling.
            before: the match before the input.

        Returns:
            The lines.
        """
        lines = describe_ruling(
            ruling,
            lowest_before=before.rack.lowest,
            lang=self.lang,
            names=self.names,
            rules=before.rules,
        )
        return [*lines, ""]

    def choice(self, option: Option, *, chooser: Seat, before: MatchState) -> list[str]:
        """What the incoming player's decision does, then a blank line.

        Args:
            option: the option chosen.
            chooser: who chose it.
            before: the match before the decision.

        Returns:
            The lines.
        """
        lines = describe_choice(
            option, chooser=chooser, lowest=before.rack.lowest, lang=self.lang, names=self.names
        )
        return [*lines, ""]

    def prompt_confirm(self, command: str) -> str:
        """The prompt while a concession or disqualification waits for its confirmation."""
        return self.message("score.prompt_confirm", command=command)

    def confirm(self, command: str, event: OfficialEvent, player: str | None) -> list[str]:
        """The question that holds a concession or disqualification until confirmed.

        Args:
            command: the call as typed, naming the seat (``concede A``).
            event: the official event it declares.
            player: the name of the player it concerns.

        Returns:
            The line of the question.
        """
        event_name = describe_event(event, self.lang)
        return [self.message("score.confirm", command=command, event=event_name, player=player)]

    def cancelled(self, command: str) -> list[str]:
        """A held call not confirmed: nothing is recorded."""
        return [self.message("score.cancelled", command=command)]

    def over_by_call(self) -> list[str]:
        """A resumed match that an official's call ended: ``u`` takes the call back."""
        return ["", self.message("score.over_by_call")]

    def extension(self, *, player: str, seconds: int) -> list[str]:
        """A shot-clock extension taken (A50), then a blank line."""
        return [self.message("score.extension", player=player, seconds=seconds), ""]

    def undone(self, line: str) -> list[str]:
        """The input undone, as it was typed (``↵`` for an empty line), then a blank line."""
        return [self.message("score.undone", entry=line or EMPTY_LINE), ""]

    def keystroke_error(self, err: KeystrokeError) -> list[str]:
        """The message of a bad keystroke, naming the bad value."""
        fields = {name: _field_wording(value, self.lang) for name, value in err.fields.items()}
        return [self.message(err.msg_id, **fields)]

    def rejected(self, detail: str) -> list[str]:
        """The engine's refusal of an input (the detail is the engine's error)."""
        return [self.message("score.err.rejected", detail=detail)]

    def save_failed(self, path: Path, detail: str) -> list[str]:
        """An input (or undo) not acknowledged because its record could not be saved."""
        return [_file_message(self.lang, "save_failed", path=path, detail=detail)]

    def closing(self, match: MatchState, *, file: RecordFile | None = None) -> list[str]:
        """The last screen: the winner, or goodbye; and where the record is.

        Args:
            match: the match as it stands.
            file: where the record is saved, if anywhere.

        Returns:
            The lines.
        """
        winner = match.winner
        if winner is None:
            lines = [self.message("score.bye")]
            if file is not None:
                lines.append(_file_message(self.lang, "resume_hint", path=file.path))
            return lines
        lines = ["", self.message("score.winner", winner=self.names[winner])]
        if file is not None:
            lines.append(_file_message(self.lang, "saved", path=file.path))
        return lines
