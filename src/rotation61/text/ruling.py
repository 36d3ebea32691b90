"""Wording of the referee's values: fouls, rulings, options, decisions, rack results, events.

Pure functions from engine values to sentences of the ``rules`` domain of the
:mod:`~rotation61.text.catalogue`.
Every foul cites its rulebook section (``§VI``, or the general rules) as
:attr:`rotation61.rules.Foul.section` gives it.

>>> from rotation61.rules import Foul, FoulKind
>>> describe_foul(Foul(FoulKind.WRONG_FIRST_CONTACT, 5), lowest=3, lang=Language.EN)
'Foul (§VI): the cue ball first hit the 5; the ball in play was the 3'
>>> describe_foul(Foul(FoulKind.WRONG_FIRST_CONTACT, 5), lowest=3, lang=Language.VI)
'Phạm lỗi (§VI): bi cái chạm bi 5 đầu tiên; bi mục tiêu chính là bi 3'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Final, assert_never

from rotation61.rules import (
    DEFAULT_RULESET,
    Ball,
    DisqualificationScope,
    Foul,
    OfficialEvent,
    Option,
    RackResult,
    RackResultType,
    RuleSet,
    Ruling,
    Seat,
    SpotDirection,
)
from rotation61.text.catalogue import Domain, Language, catalogue, has_message, message, ngettext

__all__ = [
    "DEFAULT_NAMES",
    "OptionWording",
    "describe_choice",
    "describe_event",
    "describe_foul",
    "describe_option",
    "describe_result",
    "describe_ruling",
    "format_balls",
    "section_cite",
]

DEFAULT_NAMES: Final[tuple[str, str]] = ("A", "B")
"""The names used for the seats when none are given."""

_ROMAN: Final = re.compile(r"[IVXLC]+")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OptionWording:
    """How an option is shown to the player who chooses.

    Attributes:
        label: a short button label (``"cue ball in hand"``).
        explanation: one sentence saying what the option does, citing its sections.
    """

    label: str
    explanation: str


def format_balls(balls: Iterable[Ball]) -> str:
    """Ball numbers as a list, in the order given.

    Args:
        balls: ball numbers.

    Returns:
        The numbers separated by commas.

    >>> format_balls([3, 9, 12])
    '3, 9, 12'
    """
    return ", ".join(str(ball) for ball in balls)


def section_cite(section: str, lang: Language) -> str:
    """A rulebook section as cited in a sentence: ``§VI``, or the general rules.

    Args:
        section: a section as :attr:`rotation61.rules.Foul.section` gives it.
        lang: the language.

    Returns:
        ``§`` and the Roman numeral, or the words for the general rules.

    >>> section_cite("XVI", Language.EN), section_cite("general rules", Language.VI)
    ('§XVI', 'luật chung')
    """
    if _ROMAN.fullmatch(section):
        return f"§{section}"
    return message("foul.section.general_rules", lang)


def _label(label: str | None, lang: Language) -> str | None:
    if label is None:
        return None
    msg_id = f"label.{label}"
    if has_message(msg_id):
        return message(msg_id, lang)
    return "“" + label.replace("_", " ") + "”"


def describe_foul(foul: Foul, *, lowest: Ball | None, lang: Language) -> str:
    """One foul as a sentence citing its section.

    Args:
        foul: the foul.
        lowest: the ball in play when the foul was committed (before the shot).
        lang: the language.

    Returns:
        For example ``"Foul (§VI): the cue ball first hit the 5; the ball in play was the 3"``.
    """
    values: dict[str, object] = {
        "ball": foul.ball,
        "lowest": lowest,
        "label": _label(foul.label, lang),
    }
    msg_id = f"foul.{foul.kind.value}"
    needed = catalogue(lang, Domain.RULES).message(msg_id).fields
    if any(values[name] is None for name in needed):
        msg_id += ".bare"
        needed = frozenset()
    detail = message(msg_id, lang, **{name: values[name] for name in needed})
    return message("foul.heading", lang, section=section_cite(foul.section, lang), detail=detail)


def describe_option(option: Option, lang: Language) -> OptionWording:
    """The short label and the explanation of an option of the incoming player.

    Args:
        option: the option.
        lang: the language.

    Returns:
        Its wording.

    >>> describe_option(Option.ACCEPT_TABLE, Language.EN).label
    'accept the table'
    """
    return OptionWording(
        label=message(f"option.{option.value}", lang),
        explanation=message(f"option.{option.value}.help", lang),
    )


def describe_event(event: OfficialEvent, lang: Language) -> str:
    """The name of an official event (a concession, disqualification or stalemate).

    Args:
        event: the event.
        lang: the language.

    Returns:
        Its name, citing its section where the rulebook has one.

    >>> describe_event(OfficialEvent.STALEMATE_DECLARED, Language.EN)
    'Stalemate declared'
    """
    return message(f"event.{event.value}", lang)


def _name(names: tuple[str, str], seat: Seat | None) -> str:
    return "?" if seat is None else names[seat]


def describe_result(
    result: RackResult,
    lang: Language,
    *,
    names: tuple[str, str] = DEFAULT_NAMES,
    rules: RuleSet = DEFAULT_RULESET,
) -> str:
    """How a rack ended, who won it and, for a replay, who breaks.

    Args:
        result: how the rack ended.
        lang: the language.
        names: the players' names, indexed by seat.
        rules: the rule set (for the target, the foul limit, the disqualification scope).

    Returns:
        One sentence, citing its section.

    >>> from rotation61.rules import RackResult, RackResultType, Seat
    >>> describe_result(
    ...     RackResult(type=RackResultType.TIE_60_60_REPLAY, replay_breaker=Seat.B), Language.EN
    ... )  # doctest: +NORMALIZE_WHITESPACE
    'Rack over (§II): 60–60, the rack is a draw and is replayed; B, who pocketed the last
    object ball to level, breaks the replay.'
    """
    fields = {
        "winner": _name(names, result.winner),
        "loser": _name(names, result.loser),
        "offender": _name(names, result.offender),
        "breaker": _name(names, result.replay_breaker),
    }
    kind = result.type
    msg_id = f"result.{kind.value}"
    match kind:
        case RackResultType.REACHED_61:
            if result.bonus_point is None:
                target = rules.target(result.winner) if result.winner is not None else 0
                return ngettext(lang, Domain.RULES, msg_id, target, **fields)
            msg_id += ".bonus"
        case RackResultType.LOSS_BY_CONSECUTIVE_FOULS:
            count = rules.consecutive_foul_limit
            return ngettext(lang, Domain.RULES, msg_id, count, **fields)
        case RackResultType.DISQUALIFICATION:
            if rules.disqualification_scope is DisqualificationScope.RACK_ONLY:
                msg_id += ".rack_only"
        case (
            RackResultType.TIE_60_60_REPLAY
            | RackResultType.CONCESSION
            | RackResultType.MATCH_CONCESSION
            | RackResultType.STALEMATE_REPLAY
        ):
            pass
        case _:
            assert_never(kind)
    return message(msg_id, lang, **fields)


def _spotting(ruling: Ruling, lang: Language, rules: RuleSet) -> list[str]:
    """§IV re-rack, §IX for the ball in play and §XIII for the others (§XIV: in that order)."""
    lines: list[str] = []
    if ruling.rerack:
        lines.append(message("ruling.rerack", lang))
    if ruling.spot_lowest is not None:
        lines.append(message("spot.lowest", lang, ball=ruling.spot_lowest))
    if ruling.spot_others:
        direction = rules.spot_others_direction
        match direction:
            case SpotDirection.FROM_FOOT_RAIL:
                msg_id = "spot.others.from_foot_rail"
            case SpotDirection.FROM_FOOT_SPOT:
                msg_id = "spot.others.from_foot_spot"
            case _:
                assert_never(direction)
        others = sorted(ruling.spot_others)
        lines.append(message(msg_id, lang, balls=format_balls(others), first=others[0]))
    return lines


def _shot_lines(
    ruling: Ruling, lowest_before: Ball | None, lang: Language, shooter: str
) -> list[str]:
    if ruling.fouls:
        lines = [describe_foul(f, lowest=lowest_before, lang=lang) for f in ruling.fouls]
        if ruling.result is None:
            lines.append(message("ruling.foul_loses_inning", lang, player=shooter))
        return lines
    prefix = "ruling.break" if ruling.is_break else "ruling.legal"
    if ruling.credited:
        return [
            ngettext(
                lang,
                Domain.RULES,
                f"{prefix}_pocketed",
                ruling.points,
                player=shooter,
                balls=format_balls(ruling.credited),
            )
        ]
    return [message(f"{prefix}_miss", lang, player=shooter)]


def _foul_count_lines(ruling: Ruling, lang: Language, shooter: str, rules: RuleSet) -> list[str]:
    """§XV: whether the foul counted, the count, the warning."""
    lines: list[str] = []
    if ruling.foul_counted is False:
        lines.append(message("ruling.foul_not_counted", lang))
    elif ruling.result is None:
        count = ruling.consecutive_fouls[ruling.shooter]
        lines.append(
            ngettext(
                lang,
                Domain.RULES,
                "ruling.consecutive",
                rules.consecutive_foul_limit,
                player=shooter,
                fouls=count,
            )
        )
    return lines


def _next_lines(
    ruling: Ruling, lang: Language, names: tuple[str, str], rules: RuleSet
) -> list[str]:
    if ruling.result is not None:
        return [describe_result(ruling.result, lang, names=names, rules=rules)]
    if ruling.next_to_act is None:
        return []
    player = names[ruling.next_to_act]
    if not ruling.options:
        msg_id = (
            "ruling.continues" if ruling.next_to_act is ruling.shooter else "ruling.next_shooter"
        )
        return [message(msg_id, lang, player=player)]
    lines: list[str] = []
    if ruling.next_is_break:
        msg_id = "ruling.next_break_rerack" if ruling.rerack else "ruling.next_break_uncrossed"
        lines.append(message(msg_id, lang, player=player))
    labels = " / ".join(describe_option(o, lang).label for o in ruling.options)
    lines.append(message("ruling.chooser", lang, player=player, options=labels))
    return lines


def describe_ruling(
    ruling: Ruling,
    *,
    lowest_before: Ball | None,
    lang: Language,
    names: tuple[str, str] = DEFAULT_NAMES,
    rules: RuleSet = DEFAULT_RULESET,
) -> list[str]:
    """A ruling as the referee would announce it, one sentence a line.

    In order: the event, or the legal shot and its points, or every foul with its
    section; the balls to re-rack or spot (§IV, §IX, §XIII); the §XV count and warning;
    the §XVI unsportsmanlike review flag; then how the rack ended, or who shoots or
    chooses next.

    Args:
        ruling: the ruling.
        lowest_before: the ball in play before the shot (what a wrong first contact
            should have hit).
        lang: the language.
        names: the players' names, indexed by seat.
        rules: the rule set the ruling was given under.

    Returns:
        The lines.

    >>> from rotation61.rules import Shot, new_rack, judge
    >>> describe_ruling(
    ...     judge(new_rack(), Shot(first_contact=1, pocketed=(5, 12))),
    ...     lowest_before=1,
    ...     lang=Language.EN,
    ... )
    ['Legal break: A pockets 5, 12 (+17 points).', 'A shoots again.']
    """
    shooter = names[ruling.shooter]
    if ruling.event is not None:
        event = describe_event(ruling.event, lang)
        if ruling.event is OfficialEvent.STALEMATE_DECLARED:
            lines = [message("event.line.bare", lang, event=event)]
        else:
            lines = [message("event.line", lang, event=event, player=shooter)]
    else:
        lines = _shot_lines(ruling, lowest_before, lang, shooter)
        lines += _spotting(ruling, lang, rules)
        if ruling.fouls:
            lines += _foul_count_lines(ruling, lang, shooter, rules)
    if ruling.warning_due is not None:
        lines.append(
            ngettext(
                lang,
                Domain.RULES,
                "ruling.warning",
                ruling.consecutive_fouls[ruling.warning_due],
                player=names[ruling.warning_due],
            )
        )
    if ruling.unsportsmanlike_review:
        lines.append(message("ruling.unsportsmanlike_review", lang, player=shooter))
    return lines + _next_lines(ruling, lang, names, rules)


def describe_choice(
    option: Option,
    *,
    chooser: Seat,
    lowest: Ball | None,
    lang: Language,
    names: tuple[str, str] = DEFAULT_NAMES,
) -> list[str]:
    """The incoming player's decision as announced, with what it moves.

    Args:
        option: the option chosen.
        chooser: who chose.
        lowest: the ball in play (spotted on the foot spot by the §IX option).
        lang: the language.
        names: the players' names, indexed by seat.

    Returns:
        The lines: the choice, then the §IX spotting or the §XVI restore.

    >>> describe_choice(Option.CUE_IN_HAND_KITCHEN, chooser=Seat.B, lowest=3, lang=Language.EN)
    ['B chooses: cue ball in hand.']
    """
    lines = [
        message(
            "choice.made", lang, player=names[chooser], label=describe_option(option, lang).label
        )
    ]
    if option is Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN and lowest is not None:
        lines.append(message("spot.lowest", lang, ball=lowest))
    elif option is Option.RESTORE_AND_OFFENDER_REPLAYS:
        lines.append(message("choice.restore", lang, player=names[chooser.opponent]))
    return lines
