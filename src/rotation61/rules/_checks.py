"""One private function per rule clause; :mod:`rotation61.rules.referee` calls them in order.

Each check reads the state before the shot and the observed shot, and returns the fouls
it finds (an empty tuple when the clause is satisfied). The order of the calls in
:func:`fouls` is the detection order reported in a ruling: the kitchen first (it happens
first), then the contact, the cushion or break requirement, then the cue ball, the object
balls, and the fouls seen by the referee.
"""

from __future__ import annotations

from rotation61.rules.balls import Ball
from rotation61.rules.fouls import Foul, FoulKind
from rotation61.rules.ruleset import RuleSet
from rotation61.rules.shot import ContactType, Shot
from rotation61.rules.state import RackState
from rotation61.rules.table import Zone

_NONE: tuple[Foul, ...] = ()


def kitchen_exit(state: RackState, shot: Shot) -> tuple[Foul, ...]:
    """§XVI: with cue ball in hand the cue ball must leave the kitchen before any contact.

    - a cushion first, before crossing: ``kitchen_rail_before_crossing`` (A32);
    - a ball lying in the kitchen first, before crossing: a foul whether or not the cue
      ball crossed afterwards (A33);
    - a ball on or beyond the line touched before crossing: the note's exception, no
      §XVI foul (A32).

    Missing kitchen facts mean the cue ball crossed cleanly.
    """
    k = shot.kitchen
    if not state.cue_in_hand or k is None or k.crossed_before_first_contact:
        return _NONE
    if k.first_contact_type is ContactType.RAIL:
        return (Foul(FoulKind.KITCHEN_RAIL_BEFORE_CROSSING),)
    if k.first_contact_type is ContactType.BALL and k.first_ball_zone is Zone.KITCHEN:
        kind = (
            FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_CROSSED
            if k.crossed
            else FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED
        )
        return (Foul(kind, shot.first_contact),)
    return _NONE


def first_contact(lowest: Ball | None, shot: Shot, *, on_break: bool) -> tuple[Foul, ...]:
    """§VI (§IV on the break): the cue ball must first touch the ball in play.

    No object ball touched at all is ``no_contact`` (A42).
    """
    if shot.first_contact is None:
        return (Foul(FoulKind.NO_CONTACT),)
    if shot.first_contact != lowest:
        return (Foul(FoulKind.WRONG_FIRST_CONTACT, shot.first_contact, on_break=on_break),)
    return _NONE


def rail_after_contact(shot: Shot) -> tuple[Foul, ...]:
    """§VII (A41): after the contact, a ball must be pocketed or any ball reach a cushion.

    Applies only once the cue ball has touched an object ball; a cushion before the
    contact does not count.
    """
    if shot.first_contact is None or shot.pocketed or shot.rail_after_contact:
        return _NONE
    return (Foul(FoulKind.NO_RAIL_AFTER_CONTACT),)


def break_requirement(rules: RuleSet, shot: Shot) -> tuple[Foul, ...]:
    """§IV (A15, A16): a break must pocket a ball or drive enough object balls to a cushion.

    By default the 1 does not count toward the ``break_min_rail_balls`` ("4 other object
    balls"); ``break_rail_count_includes_one_ball`` counts it.
    """
    if shot.pocketed:
        return _NONE
    rail_balls = shot.break_rail_set()
    if not rules.break_rail_count_includes_one_ball:
        rail_balls = rail_balls - {1}
    if len(rail_balls) >= rules.break_min_rail_balls:
        return _NONE
    return (Foul(FoulKind.BREAK_REQUIREMENT_NOT_MET),)


def cue_ball_kept(shot: Shot) -> tuple[Foul, ...]:
    """§X: the cue ball must stay on the table, neither pocketed nor off the table."""
    if shot.cue_pocketed:
        return (Foul(FoulKind.SCRATCH),)
    if shot.cue_off_table:
        return (Foul(FoulKind.CUE_BALL_OFF_TABLE),)
    return _NONE


def object_balls_kept(shot: Shot, *, on_break: bool) -> tuple[Foul, ...]:
    """§XII (§IV on the break): an object ball leaving the table is a foul.

    One foul is reported however many balls left the table; it names the first.
    """
    if not shot.off_table:
        return _NONE
    return (Foul(FoulKind.OBJECT_BALL_OFF_TABLE, shot.off_table[0], on_break=on_break),)


def obstacle_untouched(rules: RuleSet, lowest: Ball | None, shot: Shot) -> tuple[Foul, ...]:
    """§XI and the general rules (A36): moving a ball by hand, cue or bridge.

    Without a referee, moving an obstructing ball during a jump or masse attempt is the
    §XI foul; with a referee, or when the ball moved is the ball in play, it is the
    general rules' touched-ball foul.
    """
    moved = shot.obstacle_moved
    if moved is None:
        return _NONE
    if rules.referee_present or moved.ball == lowest:
        return (Foul(FoulKind.TOUCHED_BALL_GENERAL_RULE, moved.ball),)
    return (Foul(FoulKind.OBSTACLE_MOVED_JUMP_MASSE, moved.ball),)


def general_rules(shot: Shot) -> tuple[Foul, ...]:
    """General rules (A40): a foul the referee declares under the general pool rules."""
    if shot.general_rules_foul is None:
        return _NONE
    return (Foul(FoulKind.GENERAL_RULES_FOUL, label=shot.general_rules_foul),)


def fouls(state: RackState, shot: Shot, lowest: Ball | None) -> tuple[Foul, ...]:
    """Every foul of a shot, in detection order (A09: all kinds are reported).

    ``lowest`` is the ball in play, ``state.lowest``, computed once by the caller.
    """
    rules = state.rules
    found = first_contact(lowest, shot, on_break=state.is_break)
    if state.cue_in_hand and shot.kitchen is not None:
        found = kitchen_exit(state, shot) + found
    if state.is_break:
        found += break_requirement(rules, shot)
    elif not shot.pocketed and not shot.rail_after_contact:
        found += rail_after_contact(shot)
    if shot.cue_pocketed or shot.cue_off_table:
        found += cue_ball_kept(shot)
    if shot.off_table:
        found += object_balls_kept(shot, on_break=state.is_break)
    if shot.obstacle_moved is not None:
        found += obstacle_untouched(rules, lowest, shot)
    if shot.general_rules_foul is not None:
        found += general_rules(shot)
    return found
