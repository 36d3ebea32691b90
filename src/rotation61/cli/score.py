"""The interactive terminal scorekeeper: ``rotation61 score``.

The scorer types one short line per shot (``?`` prints the grammar); the engine rules on
it and the scorekeeper prints the ruling, the incoming player's options, the spotting
instructions and the scoreboard, in Vietnamese or English (:mod:`rotation61.text`).

The match lives in memory only. Every accepted input is stored; the match is the
replay of the stored inputs from the start (``u`` drops the last one and replays).
A bad keystroke prints a message naming the bad value and changes nothing.

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
import dataclasses
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Final, TextIO, TypeAlias

from rotation61.match import MatchState, choose, declare, shoot, start_match
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
    get_ruleset,
)
from rotation61.text import (
    Language,
    describe_choice,
    describe_option,
    describe_ruling,
    describe_state,
    format_balls,
    message,
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
"""One stored input; the match is the replay of the stored inputs."""


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


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Entry:
    """An accepted input as typed, and what it means."""

    text: str
    step: _Step


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``rotation61 score`` to a parser.

    Args:
        parser: the ``score`` sub-command's parser.
    """
    parser.add_argument(
        "--players",
        nargs=2,
        metavar=("NAME_A", "NAME_B"),
        default=["A", "B"],
        help="the players' names, seat A then seat B (default: A B)",
    )
    parser.add_argument(
        "--race-to",
        type=_positive_int,
        default=3,
        metavar="N",
        help="racks needed to win the match (default: 3)",
    )
    parser.add_argument(
        "--rules",
        choices=list(PRESETS),
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
        default="A",
        help="the seat that breaks the first rack (default: A)",
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


def _play(match: MatchState, step: _Step) -> tuple[MatchState, Ruling | None]:
    """Feed one stored input to the engine."""
    if isinstance(step, Shot):
        return shoot(match, step)
    if isinstance(step, _Choice):
        return choose(match, step.option, by=match.rack.to_act), None
    return declare(match, step.event, step.player)


def _replay(start: MatchState, steps: Iterable[_Step]) -> MatchState:
    """The match after every stored input, replayed from the start."""
    match = start
    for step in steps:
        match, _ = _play(match, step)
    return match


# --- The imperative shell ----------------------------------------------------------------


class _Scorekeeper:
    """The session: the stored inputs, the match they give, and the terminal."""

    def __init__(
        self,
        start: MatchState,
        *,
        names: tuple[str, str],
        lang: Language,
        output: TextIO,
    ) -> None:
        self.start = start
        self.match = start
        self.entries: list[_Entry] = []
        self.names = names
        self.lang = lang
        self.output = output

    def say(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.output.write(line + "\n")

    def msg(self, msg_id: str, **fields: object) -> str:
        return message(msg_id, self.lang, **fields)

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

    def opening(self) -> None:
        a, b = self.names
        self.say(
            [
                self.msg(
                    "score.start",
                    a=a,
                    b=b,
                    race_to=self.match.race_to,
                    rules=self.match.rules.name,
                ),
                self.msg("score.banner"),
                "",
            ]
        )
        self.say(describe_state(self.match, self.names, self.lang))

    def undo(self) -> None:
        if not self.entries:
            raise _InputError("score.err.nothing_to_undo")
        entry = self.entries.pop()
        self.match = _replay(self.start, (e.step for e in self.entries))
        self.say([self.msg("score.undone", entry=entry.text or "↵"), ""])
        self.say(self.board())

    def commit(self, text: str, step: _Step) -> None:
        before = self.match
        after, ruling = _play(before, step)
        self.entries.append(_Entry(text=text, step=step))
        self.match = after
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
                    self.commit(line.strip(), parsed)
        except _InputError as err:
            self.say([self.msg(err.msg_id, **err.fields)])
        except Rotation61Error as err:
            self.say([self.msg("score.err.rejected", detail=str(err))])
        return self.match.winner is None

    def closing(self) -> None:
        winner = self.match.winner
        if winner is None:
            self.say([self.msg("score.bye")])
            return
        self.say(["", self.msg("score.winner", winner=self.names[winner])])


def run(
    args: argparse.Namespace,
    *,
    input_fn: Callable[[str], str] = input,
    output: TextIO | None = None,
) -> int:
    """Score a match interactively until it is won, ``q`` is typed or the input ends.

    Args:
        args: the parsed options of :func:`add_arguments`.
        input_fn: reads one line, given the prompt (``input`` by default).
        output: where the rulings and the scoreboard are written; ``None`` means
            ``sys.stdout`` at call time (so that redirections and test capture apply).

    Returns:
        The exit code, 0.

    Raises:
        UnknownRuleSetError: the rule-set preset does not exist.
    """
    names = (str(args.players[0]), str(args.players[1]))
    lang = Language(args.lang)
    start = start_match(
        get_ruleset(args.rules), race_to=args.race_to, first_breaker=Seat[args.first_breaker]
    )
    keeper = _Scorekeeper(
        start, names=names, lang=lang, output=sys.stdout if output is None else output
    )
    keeper.opening()
    while True:
        try:
            line = input_fn(keeper.prompt())
        except EOFError:
            break
        if not keeper.handle(line):
            break
    keeper.closing()
    return 0
