"""Wording of a match between two inputs: the scoreboard a scorekeeper shows.

>>> from rotation61.match import start_match
>>> for line in describe_state(start_match(race_to=3), ("Ann", "Bob"), Language.EN):
...     print(line)
Rack 1 (race to 3) · racks won: Ann 0 – 0 Bob
Score: Ann 0 – 0 Bob (target 61)
Ball in play: 1 · points left on the table: 120 (15 balls)
Consecutive fouls: Ann 0 – 0 Bob
Ann to break (cue ball in hand behind the head string).
"""

from __future__ import annotations

from rotation61.match import MatchState
from rotation61.rules import Phase, Seat
from rotation61.text.catalogue import Domain, Language, catalogue, gettext, message, ngettext

__all__ = ["describe_ruleset", "describe_state"]


def describe_ruleset(name: str, lang: Language) -> str:
    """A rule set's name in words: a preset's wording (``preset.*``), else the name quoted.

    >>> describe_ruleset("standard", Language.EN)
    'Standard (the rulebook)'
    >>> describe_ruleset("club-2026", Language.VI)
    '“club-2026”'
    """
    key = "preset." + name.replace("-", "_")
    if key in catalogue(lang, Domain.WEB):
        return gettext(lang, Domain.WEB, key)
    return f"“{name}”"


def _to_act(match: MatchState, names: tuple[str, str], lang: Language) -> list[str]:
    rack = match.rack
    if match.winner is not None:
        a, b = names
        won_a, won_b = match.racks_won
        return [
            message(
                "state.match_over",
                lang,
                winner=names[match.winner],
                a=a,
                b=b,
                won_a=won_a,
                won_b=won_b,
            )
        ]
    player = names[rack.to_act]
    if rack.phase is Phase.DECISION:
        return [message("state.to_choose", lang, player=player)]
    if rack.phase is Phase.OVER:
        return []
    if rack.is_break:
        return [message("state.to_break", lang, player=player)]
    msg_id = "state.to_shoot_in_hand" if rack.cue_in_hand else "state.to_shoot"
    return [message(msg_id, lang, player=player)]


def describe_state(match: MatchState, names: tuple[str, str], lang: Language) -> list[str]:
    """The scoreboard: racks won, rack scores, the table, consecutive fouls, who is to act.

    Args:
        match: the match.
        names: the players' names, indexed by seat.
        lang: the language.

    Returns:
        The lines, in that order; the last says who shoots, breaks or chooses, or who
        won the match.
    """
    rack = match.rack
    a, b = names
    lines = [
        message(
            "state.rack",
            lang,
            number=match.rack_number,
            race_to=match.race_to,
            a=a,
            b=b,
            won_a=match.racks_won[Seat.A],
            won_b=match.racks_won[Seat.B],
        ),
        message(
            "state.score",
            lang,
            a=a,
            b=b,
            score_a=rack.points(Seat.A),
            score_b=rack.points(Seat.B),
            target=match.rules.targets_text,
        ),
    ]
    if rack.lowest is None:
        lines.append(message("state.table_empty", lang))
    else:
        lines.append(
            ngettext(
                lang,
                Domain.RULES,
                "state.table",
                len(rack.on_table),
                lowest=rack.lowest,
                points=rack.points_on_table,
            )
        )
    lines.append(
        message(
            "state.fouls",
            lang,
            a=a,
            b=b,
            fouls_a=rack.consecutive_fouls[Seat.A],
            fouls_b=rack.consecutive_fouls[Seat.B],
        )
    )
    return lines + _to_act(match, names, lang)
