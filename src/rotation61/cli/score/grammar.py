"""The keystroke grammar of ``rotation61 score``: what a typed line means.

A line is a shot, the incoming player's decision, an official's call or a control
(undo, help, quit). :func:`parse_line` reads one, given the match it is typed in;
:func:`format_line` writes an input back as the scorer would have typed it. Both are
pure and wordless: a bad keystroke raises :class:`KeystrokeError`, which carries a
message key of the ``scorekeeper`` catalogue and the values to name, and
:mod:`rotation61.cli.score.wording` words it.

Grammar of a shot line (items separated by spaces or commas, any order; an empty line is
a miss: the ball in play hit first, a cushion after the contact, nothing pocketed):

============  ======================================================================
``3 9``       the 3 and the 9 pocketed
``h7``        the cue ball hit the 7 first (default: the ball in play)
``0``         the cue ball hit nothing
``n``         no ball reached a cushion after the contact
``x``         scratch: the cue ball pocketed
``o0``        the cue ball left the table
``o12``       the 12 left the table
``m7``        the obstructing 7 was moved by hand, cue or bridge (§XI, general rules)
``lk``        the ball in play came to rest behind the head string (§X)
``g:NAME``    a general-rules foul called by the referee, one of
              :data:`~rotation61.rules.GENERAL_RULES_FOULS` (``g:double_hit``)
``r4``        break only: 4 object balls counted by §IV reached a cushion (default:
              enough)
``kr``        cue ball in hand only: a cushion before crossing the head string (§XVI)
``kk``        cue ball in hand only: hit a ball behind the head string, then crossed
``kn``        cue ball in hand only: hit a ball behind the head string, never crossed
``kz``        cue ball in hand only: never crossed the head string, hit nothing
============  ======================================================================

After a foul the incoming player types the option's number or letter, the same whatever
else is offered (``1``/``a`` accept the table, ``2``/``c`` cue ball in hand, ``3``/``s``
spot the ball in play, ``4``/``r`` restore and replay).
Officials: ``concede [A|B]``, ``concede-match [A|B]``, ``dq A|B``, ``stalemate``; a
concession or a disqualification is recorded once confirmed (``y`` or the same call again).
With a shot clock (A50): ``time`` the shot clock ran out (a time foul), ``ext`` the
player at the table takes an extension.
Controls: ``u`` undo, ``?`` (or ``help``) help, ``q`` quit.

>>> from rotation61.match import start_match
>>> match = start_match(race_to=1)
>>> shot = parse_line("2 3", match, ("An", "Binh"))
>>> shot.pocketed, shot.first_contact
((2, 3), 1)
>>> parse_line("q", match, ("An", "Binh"))
<Control.QUIT: 'q'>
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final, TypeAlias

from rotation61.match import MatchState
from rotation61.records import DecisionEntry, Entry, EventEntry, TimeFoulEntry, format_shot
from rotation61.rules import (
    CUE_BALL,
    GENERAL_RULES_FOULS,
    Ball,
    ContactType,
    KitchenFacts,
    ObstacleMove,
    OfficialEvent,
    Option,
    PendingDecision,
    RackState,
    Rotation61Error,
    Seat,
    Shot,
    Zone,
)
from rotation61.text import format_balls

__all__ = [
    "EMPTY_LINE",
    "LETTER_OF",
    "NUMBER_OF",
    "OPTION_LETTERS",
    "OPTION_NUMBERS",
    "ChosenOption",
    "ClockCall",
    "Control",
    "KeystrokeError",
    "OfficialCall",
    "Step",
    "format_call",
    "format_line",
    "needs_confirmation",
    "parse_line",
]

OPTION_LETTERS: Final[Mapping[str, Option]] = {
    "a": Option.ACCEPT_TABLE,
    "c": Option.CUE_IN_HAND_KITCHEN,
    "s": Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
    "r": Option.RESTORE_AND_OFFENDER_REPLAYS,
}
"""The letter of each option of the incoming player."""

LETTER_OF: Final[Mapping[Option, str]] = {
    option: letter for letter, option in OPTION_LETTERS.items()
}
"""The option each letter of :data:`OPTION_LETTERS` stands for, the other way round."""

OPTION_NUMBERS: Final[Mapping[str, Option]] = {
    str(number): option for number, option in enumerate(Option, start=1)
}
"""The number of each option: its place in :class:`~rotation61.rules.Option`'s order.

An option keeps its number whatever else is offered (after a scratch, cue ball in hand
is still 2 and spotting the ball in play still 3).
"""

NUMBER_OF: Final[Mapping[Option, str]] = {
    option: number for number, option in OPTION_NUMBERS.items()
}
"""The number of each option, the other way round from :data:`OPTION_NUMBERS`."""

_BALL_TOKEN: Final = re.compile(r"([homr])(\d+)")
_KITCHEN_TOKENS: Final = frozenset({"kr", "kk", "kn", "kz"})
_FOUL_NAME_PREFIX: Final = "g:"
_OFFICIAL_COMMANDS: Final[Mapping[str, OfficialEvent]] = {
    "concede": OfficialEvent.CONCEDE_RACK,
    "concede-match": OfficialEvent.CONCEDE_MATCH,
    "dq": OfficialEvent.DISQUALIFICATION,
    "stalemate": OfficialEvent.STALEMATE_DECLARED,
}
_COMMAND_OF: Final[Mapping[OfficialEvent, str]] = {
    event: command for command, event in _OFFICIAL_COMMANDS.items()
}
EMPTY_LINE: Final = "↵"
"""How an empty line is shown when a message quotes it."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChosenOption:
    """The incoming player's decision after a foul.

    Attributes:
        option: the option chosen.
    """

    option: Option


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OfficialCall:
    """An official event: a concession, a disqualification or a stalemate.

    Attributes:
        event: what the official declared.
        player: the seat it concerns (``None`` for a stalemate).
    """

    event: OfficialEvent
    player: Seat | None


class ClockCall(StrEnum):
    """A shot-clock call of the referee (A50); only in a match with a shot clock."""

    TIME_FOUL = "time"
    """The shot clock ran out: a time foul."""
    EXTENSION = "ext"
    """The player at the table takes an extension (recorded with his shot)."""


_CLOCK_CALLS: Final = frozenset(call.value for call in ClockCall)

Step: TypeAlias = Shot | ChosenOption | OfficialCall | ClockCall
"""An input of the match that a line asks for; the match log stores it as an entry (an
extension is stored with the shot it extends)."""


class Control(StrEnum):
    """A keystroke that drives the session rather than the match."""

    UNDO = "u"
    QUIT = "q"
    HELP = "?"


class KeystrokeError(ValueError):
    """A bad keystroke: the message key that explains it and the values it names.

    A field is a string or a number, an :class:`~rotation61.rules.Option` (worded as
    its label) or a tuple of options (worded as the numbered list of choices).

    Attributes:
        msg_id: the key of the message in the ``scorekeeper`` catalogue.
        fields: the values of its placeholders.
    """

    def __init__(self, msg_id: str, **fields: object) -> None:
        super().__init__(msg_id)
        self.msg_id = msg_id
        self.fields: Mapping[str, object] = fields


def parse_line(line: str, match: MatchState, names: tuple[str, str]) -> Step | Control:
    """What a typed line means in the match as it stands.

    Args:
        line: the line as typed (surrounding spaces and letter case do not matter).
        match: the match the line is typed in.
        names: the players' names, seat A then seat B (a line may name a player).

    Returns:
        The input the line asks for, or the control it types.

    Raises:
        KeystrokeError: a bad keystroke; it names the bad value.
    """
    text = line.strip()
    lowered = text.lower()
    if lowered in ("?", "help"):
        return Control.HELP
    if lowered in ("u", "q"):
        return Control(lowered)
    words = text.replace(",", " ").split()
    rack = match.rack
    if words and words[0].lower() in _OFFICIAL_COMMANDS:
        return _parse_call(words, rack, names)
    if lowered in _CLOCK_CALLS:
        return ClockCall(lowered)
    pending = rack.pending
    if pending is not None:
        return _parse_choice(text, pending, names)
    if lowered in OPTION_LETTERS:
        raise KeystrokeError("score.err.no_decision", token=text)
    return _parse_shot([word.lower() for word in words], rack, names)


def format_line(entry: Entry, rack: RackState, names: tuple[str, str]) -> str:
    """An input as the scorer would have typed it, given the rack before it.

    A shot that no line of the grammar gives (written by another program, say) is
    shown in the record notation instead. A miss is the empty string.

    Args:
        entry: the input, as the record stores it.
        rack: the rack before the input.
        names: the players' names, seat A then seat B.

    Returns:
        The line.
    """
    if isinstance(entry, DecisionEntry):
        return LETTER_OF.get(entry.option, entry.option.value)
    if isinstance(entry, EventEntry):
        return format_call(OfficialCall(event=entry.event, player=entry.player))
    if isinstance(entry, TimeFoulEntry):
        return ClockCall.TIME_FOUL.value
    tokens = _shot_tokens(entry.shot, rack)
    with contextlib.suppress(KeystrokeError, Rotation61Error):
        if _parse_shot(tokens, rack, names) == entry.shot:
            return " ".join(tokens)
    return format_shot(entry.shot)


def format_call(call: OfficialCall) -> str:
    """An official's call as typed, naming the seat, e.g. ``concede A`` or ``stalemate``.

    >>> format_call(OfficialCall(event=OfficialEvent.DISQUALIFICATION, player=Seat.B))
    'dq B'
    """
    command = _COMMAND_OF[call.event]
    return command if call.player is None else f"{command} {call.player.name}"


def needs_confirmation(call: OfficialCall) -> bool:
    """Whether the call is recorded only once confirmed: a concession or a disqualification.

    They end the rack or the match; a stalemate only replays the rack.

    >>> needs_confirmation(OfficialCall(event=OfficialEvent.STALEMATE_DECLARED, player=None))
    False
    """
    return call.event is not OfficialEvent.STALEMATE_DECLARED


# --- Decisions and officials' calls ------------------------------------------------------


def _parse_choice(text: str, pending: PendingDecision, names: tuple[str, str]) -> ChosenOption:
    """The option a line chooses (its number or its letter) while a decision is pending."""
    token = text.strip().lower()
    if token.isdigit():
        option = OPTION_NUMBERS.get(token)
        if option is None:
            raise KeystrokeError("score.err.no_option_number", token=token, choices=pending.options)
    else:
        option = OPTION_LETTERS.get(token)
    if option is None:
        raise KeystrokeError(
            "score.err.decision_pending",
            player=names[pending.chooser],
            token=text.strip() or EMPTY_LINE,
            choices=pending.options,
        )
    if option not in pending.options:
        raise KeystrokeError(
            "score.err.not_offered", token=token, label=option, choices=pending.options
        )
    return ChosenOption(option=option)


def _seat(words: Sequence[str], names: tuple[str, str]) -> Seat | None:
    """The seat the words name (``A``, ``B`` or a player's name), or ``None`` if no words."""
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
    raise KeystrokeError("score.err.player", token=token, a=names[Seat.A], b=names[Seat.B])


def _parse_call(words: Sequence[str], rack: RackState, names: tuple[str, str]) -> OfficialCall:
    """An official's call: the command, then the seat it concerns if it takes one."""
    command = words[0].lower()
    event = _OFFICIAL_COMMANDS[command]
    rest = words[1:]
    if event is OfficialEvent.STALEMATE_DECLARED:
        if rest:
            raise KeystrokeError("score.err.unknown", token=" ".join(rest))
        return OfficialCall(event=event, player=None)
    player = _seat(rest, names)
    if player is None:
        if event is OfficialEvent.DISQUALIFICATION:
            raise KeystrokeError("score.err.player_needed", token=command)
        player = rack.to_act
    return OfficialCall(event=event, player=player)


# --- Shots ---------------------------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class _ShotDraft:
    """What the tokens of a shot line said, before it becomes a :class:`Shot`.

    Each flag holds the token that set it, so that a conflict names both tokens.
    """

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
    foul_name: str | None = None


def _object_ball(token: str, digits: str, rack: RackState) -> Ball:
    """The object ball a token names; it must be on the table."""
    value = int(digits)
    if not 1 <= value <= 15:
        raise KeystrokeError("score.err.not_a_ball", token=token, value=value)
    if value not in rack.on_table:
        raise KeystrokeError(
            "score.err.not_on_table", ball=value, on_table=format_balls(sorted(rack.on_table))
        )
    return value


def _once(current: str | None, token: str) -> str:
    """``token``, unless an earlier token (``current``) already said the same thing."""
    if current is not None:
        raise KeystrokeError("score.err.conflict", token=token, other=current)
    return token


def _note_ball_moved(draft: _ShotDraft, token: str, ball: Ball) -> None:
    """Note that ``ball`` was pocketed or left the table, which only one token may say."""
    other = draft.seen.get(ball)
    if other is not None:
        if other == token:
            raise KeystrokeError("score.err.twice", ball=ball)
        raise KeystrokeError("score.err.conflict", token=token, other=other)
    draft.seen[ball] = token


def _read_token(draft: _ShotDraft, token: str, rack: RackState, names: tuple[str, str]) -> None:
    """Add what one token of a shot line says to the draft."""
    if token.isdigit():
        if int(token) == 0:
            draft.nothing_hit = _once(draft.nothing_hit, token)
            return
        ball = _object_ball(token, token, rack)
        _note_ball_moved(draft, token, ball)
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
            raise KeystrokeError("score.err.not_in_hand", token=token, player=names[rack.to_act])
        draft.kitchen = _once(draft.kitchen, token)
        return
    if token.startswith(_FOUL_NAME_PREFIX):
        name = token.removeprefix(_FOUL_NAME_PREFIX)
        if name not in GENERAL_RULES_FOULS:
            raise KeystrokeError(
                "score.err.label", token=token, known=", ".join(GENERAL_RULES_FOULS)
            )
        _once(None if draft.foul_name is None else _FOUL_NAME_PREFIX + draft.foul_name, token)
        draft.foul_name = name
        return
    _read_ball_token(draft, token, rack)


def _read_ball_token(draft: _ShotDraft, token: str, rack: RackState) -> None:
    """Add a letter-and-number token (``h7``, ``o12``, ``o0``, ``m7``, ``r4``) to the draft."""
    found = _BALL_TOKEN.fullmatch(token)
    if found is None:
        raise KeystrokeError("score.err.unknown", token=token)
    letter, digits = found.groups()
    if letter == "r":
        if not rack.is_break:
            raise KeystrokeError("score.err.break_only", token=token)
        _once(None if draft.rail_count is None else draft.rail_count[0], token)
        draft.rail_count = (token, int(digits))
    elif letter == "o" and int(digits) == 0:
        draft.cue_off = _once(draft.cue_off, token)
    elif letter == "o":
        ball = _object_ball(token, digits, rack)
        _note_ball_moved(draft, token, ball)
        draft.off_table.append(ball)
    elif letter == "h":
        ball = _object_ball(token, digits, rack)
        _once(None if draft.hit is None else draft.hit[0], token)
        draft.hit = (token, ball)
    else:
        ball = _object_ball(token, digits, rack)
        _once(None if draft.moved is None else f"m{draft.moved}", token)
        draft.moved = ball


def _kitchen_facts(kitchen: str | None, first_contact: Ball | None) -> KitchenFacts | None:
    """§XVI: how the cue ball left the kitchen, from ``kr``, ``kk``, ``kn`` or ``kz``."""
    match kitchen:
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
                crossed=kitchen == "kk",
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
        raise KeystrokeError("score.err.conflict", token=draft.cue_off, other=draft.scratch)
    nothing = draft.nothing_hit
    if draft.kitchen == "kz":
        if nothing is not None:
            raise KeystrokeError("score.err.conflict", token="kz", other=nothing)
        nothing = "kz"
    if nothing is None:
        return None
    if draft.hit is not None:
        raise KeystrokeError("score.err.conflict", token=draft.hit[0], other=nothing)
    if draft.kitchen in ("kk", "kn"):
        raise KeystrokeError("score.err.conflict", token=draft.kitchen, other=nothing)
    if draft.pocketed or draft.off_table:
        raise KeystrokeError("score.err.nothing_hit", token=nothing)
    if draft.rail_count is not None and draft.rail_count[1] > 0:
        raise KeystrokeError("score.err.conflict", token=draft.rail_count[0], other=nothing)
    return nothing


def _break_rail_balls(draft: _ShotDraft, rack: RackState, nothing: str | None) -> frozenset[Ball]:
    """§IV: the object balls that reached a cushion on the break (default: just enough)."""
    pool = range(1, 16) if rack.rules.break_rail_count_includes_one_ball else range(2, 16)
    if draft.rail_count is not None:
        token, count = draft.rail_count
        if draft.no_rail is not None and count > 0:
            raise KeystrokeError("score.err.conflict", token=token, other=draft.no_rail)
        if count > len(pool):
            raise KeystrokeError("score.err.rail_count", token=token, most=len(pool))
    elif nothing is not None or draft.no_rail is not None:
        count = 0
    else:
        count = rack.rules.break_min_rail_balls
    return frozenset(list(pool)[:count])


def _parse_shot(words: Sequence[str], rack: RackState, names: tuple[str, str]) -> Shot:
    """The shot the (lowercase) tokens of a line describe."""
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
        kitchen=_kitchen_facts(draft.kitchen, first_contact),
        lowest_rest_zone=Zone.KITCHEN if draft.lowest_in_kitchen else Zone.OUTSIDE,
        obstacle_moved=None if draft.moved is None else ObstacleMove(ball=draft.moved),
        general_rules_foul=draft.foul_name,
    )


# --- Shots back to tokens ------------------------------------------------------------------


def _kitchen_token(shot: Shot) -> str | None:
    """The ``k`` token that gives the shot's kitchen facts, if any does."""
    if shot.kitchen is None:
        return None
    for token in sorted(_KITCHEN_TOKENS):
        if _kitchen_facts(token, shot.first_contact) == shot.kitchen:
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
        tokens.append(_FOUL_NAME_PREFIX + shot.general_rules_foul)
    return tokens
