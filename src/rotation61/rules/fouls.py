"""Foul kinds: every foul the referee can rule, each citing its rulebook section.

The values are the wire format (scenario schema, match records) and never change.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from rotation61.rules.balls import Ball

__all__ = ["BREAK_FORMS", "FOUL_SECTIONS", "GENERAL_RULES_FOULS", "Foul", "FoulKind"]


class FoulKind(StrEnum):
    """A kind of foul, in the order the referee detects them on one shot."""

    KITCHEN_RAIL_BEFORE_CROSSING = "kitchen_rail_before_crossing"
    """§XVI: from the kitchen, the cue ball touched a cushion before crossing the head string."""
    KITCHEN_BALL_BEHIND_LINE_CUE_CROSSED = "kitchen_ball_behind_line_cue_crossed"
    """§XVI: from the kitchen, the cue ball first touched a ball lying in the kitchen, then
    crossed the head string."""
    KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED = "kitchen_ball_behind_line_cue_not_crossed"
    """§XVI: from the kitchen, the cue ball touched a ball lying in the kitchen and never
    crossed the head string; the incoming player may order a restore and replay."""
    NO_CONTACT = "no_contact"
    """§VI: the cue ball touched no object ball."""
    WRONG_FIRST_CONTACT = "wrong_first_contact"
    """§VI (§IV on the break): the first ball touched was not the ball in play."""
    NO_RAIL_AFTER_CONTACT = "no_rail_after_contact"
    """§VII: after the contact, no ball was pocketed and no ball reached a cushion."""
    BREAK_REQUIREMENT_NOT_MET = "break_requirement_not_met"
    """§IV: the break pocketed nothing and too few object balls reached a cushion."""
    SCRATCH = "scratch"
    """§X: the cue ball was pocketed."""
    CUE_BALL_OFF_TABLE = "cue_ball_off_table"
    """§X: the cue ball left the table."""
    OBJECT_BALL_OFF_TABLE = "object_ball_off_table"
    """§XII (§IV on the break): an object ball left the table."""
    OBSTACLE_MOVED_JUMP_MASSE = "obstacle_moved_jump_masse"
    """§XI: without a referee, an obstructing ball was moved during a jump or masse attempt."""
    TOUCHED_BALL_GENERAL_RULE = "touched_ball_general_rule"
    """General rules (A36): a ball was touched by hand, cue or bridge with a referee present,
    or the ball in play was the one moved."""
    GENERAL_RULES_FOUL = "general_rules_foul"
    """General rules (A40): a foul declared by the referee under the general pool rules
    (double hit, push shot, ...)."""
    TIME_FOUL = "time_foul"
    """A50: the shot clock ran out before the stroke; an ordinary foul under §VIII."""


FOUL_SECTIONS: Final = MappingProxyType(
    {
        FoulKind.KITCHEN_RAIL_BEFORE_CROSSING: "XVI",
        FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_CROSSED: "XVI",
        FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED: "XVI",
        FoulKind.NO_CONTACT: "VI",
        FoulKind.WRONG_FIRST_CONTACT: "VI",
        FoulKind.NO_RAIL_AFTER_CONTACT: "VII",
        FoulKind.BREAK_REQUIREMENT_NOT_MET: "IV",
        FoulKind.SCRATCH: "X",
        FoulKind.CUE_BALL_OFF_TABLE: "X",
        FoulKind.OBJECT_BALL_OFF_TABLE: "XII",
        FoulKind.OBSTACLE_MOVED_JUMP_MASSE: "XI",
        FoulKind.TOUCHED_BALL_GENERAL_RULE: "general rules",
        FoulKind.GENERAL_RULES_FOUL: "general rules",
        FoulKind.TIME_FOUL: "general rules",
    }
)
"""The rulebook section each foul kind cites."""

GENERAL_RULES_FOULS: Final[tuple[str, ...]] = (
    "double_hit",
    "push_shot",
    "no_foot_on_floor",
    "touched_cue_ball",
)
"""General rules (A40): the fouls the project knows by name, to be called by the referee.

A :class:`~rotation61.rules.Shot` accepts any well-formed name (records written by other
tools); the scorekeeping screens offer these, each worded by the ``label.<name>`` key of
the ``rules`` catalogue.
"""

BREAK_FORMS: Final = frozenset({FoulKind.WRONG_FIRST_CONTACT, FoulKind.OBJECT_BALL_OFF_TABLE})
"""Foul kinds that §IV states again for the break shot."""


@dataclasses.dataclass(frozen=True, slots=True)
class Foul:
    """One foul in a ruling: its kind and, where one is involved, the ball.

    Attributes:
        kind: the foul kind.
        ball: the ball concerned (the ball first hit, the ball off the table, the ball
            moved), or ``None``.
        label: for a general-rules foul, the name the referee declared (e.g. ``"double_hit"``).
        on_break: the foul happened on a break shot, where §IV governs the first contact
            and object balls leaving the table.
    """

    kind: FoulKind
    ball: Ball | None = None
    label: str | None = None
    on_break: bool = False

    @property
    def section(self) -> str:
        """The rulebook section this foul cites (§IV for its break forms).

        >>> Foul(FoulKind.WRONG_FIRST_CONTACT, 2, on_break=True).section
        'IV'
        """
        if self.on_break and self.kind in BREAK_FORMS:
            return "IV"
        return FOUL_SECTIONS[self.kind]
