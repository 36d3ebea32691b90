"""Shots as observed: what a human scorer or a simulator saw happen on one stroke.

A :class:`Shot` carries observable facts only (scenario schema §3.3). It never says
whether the shot was a foul: that is the referee's job (:func:`rotation61.rules.judge`).
A shot is checked for internal consistency when built; whether it fits the table (balls
on the table, the ball in play) is checked by the referee.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Final, cast

from rotation61.rules.balls import CUE_BALL, Ball, check_object_ball
from rotation61.rules.errors import InvalidShotError
from rotation61.rules.table import Zone

__all__ = [
    "ContactType",
    "KitchenFacts",
    "MovedBy",
    "ObstacleMove",
    "Shot",
    "is_general_rules_foul_name",
]

_LABEL: Final = re.compile(r"[a-z][a-z0-9_]{0,63}")


def is_general_rules_foul_name(text: str) -> bool:
    """Whether ``text`` can name a general-rules foul: a lowercase name such as ``double_hit``.

    >>> is_general_rules_foul_name("double_hit"), is_general_rules_foul_name("Double hit")
    (True, False)
    """
    return _LABEL.fullmatch(text) is not None


class ContactType(StrEnum):
    """What the cue ball touched first on a shot from the kitchen (§XVI)."""

    BALL = "ball"
    RAIL = "rail"
    NONE = "none"


class MovedBy(StrEnum):
    """What moved an obstructing ball during a jump or masse attempt (§XI)."""

    CUE = "cue"
    HAND = "hand"
    BRIDGE = "bridge"


_OBJECT_BALL_SET: Final = frozenset(range(1, 16))
"""The object ball numbers, for the checks' fast paths (``int`` members only)."""

_BALL_SET: Final = frozenset(range(16))
"""The ball numbers 0..15, cue ball included, for the checks' fast paths."""


def _balls(values: Iterable[object], what: str) -> tuple[Ball, ...]:
    kind = type(values)
    if kind is tuple or kind is frozenset:
        out: tuple[object, ...] = tuple(values)
        if not out:
            return ()
        # fast path: ints (``type`` excludes bool) in 1..15; else the check of each value
        # in order, which raises on the first bad one, exactly as below
        if all(type(v) is int for v in out) and _OBJECT_BALL_SET.issuperset(out):
            if len(set(out)) != len(out):
                raise InvalidShotError(f"{what}: a ball is listed twice in {list(out)!r}")
            return cast(tuple[Ball, ...], out)
    balls = tuple(check_object_ball(v, what, error=InvalidShotError) for v in values)
    if len(set(balls)) != len(balls):
        raise InvalidShotError(f"{what}: a ball is listed twice in {list(balls)!r}")
    return balls


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class KitchenFacts:
    """How the cue ball left the kitchen, for a shot with cue ball in hand (§XVI).

    Attributes:
        crossed_before_first_contact: the cue ball's centre reached the head string
            before it touched any cushion or ball.
        first_contact_type: what it touched first, a ball or a cushion, or neither.
        first_ball_zone: the zone of the first ball it touched, even after a cushion;
            ``None`` only when it touched no ball.
        crossed: the cue ball crossed the head string at some time during the shot.
    """

    crossed_before_first_contact: bool = True
    first_contact_type: ContactType = ContactType.BALL
    first_ball_zone: Zone | None = Zone.OUTSIDE
    crossed: bool = True

    def __post_init__(self) -> None:
        if self.crossed_before_first_contact and not self.crossed:
            raise InvalidShotError(
                "kitchen: the cue ball crossed the head string before its first contact "
                "but is said never to have crossed it"
            )
        if self.first_contact_type is ContactType.BALL and self.first_ball_zone is None:
            raise InvalidShotError("kitchen: the first contact was a ball but its zone is missing")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ObstacleMove:
    """An obstructing ball moved during a jump or masse attempt (§XI).

    Attributes:
        ball: the ball that moved.
        moved_by: what moved it.
    """

    ball: Ball
    moved_by: MovedBy = MovedBy.CUE

    def __post_init__(self) -> None:
        check_object_ball(self.ball, "obstacle moved", error=InvalidShotError)


def _check_kitchen_against_contact(kitchen: KitchenFacts, first: Ball | None) -> None:
    if first is not None and kitchen.first_ball_zone is None:
        raise InvalidShotError(
            f"the cue ball touched the {first} but kitchen facts say it touched no ball"
        )
    if first is None and kitchen.first_contact_type is ContactType.BALL:
        raise InvalidShotError(
            "kitchen facts say the cue ball first touched a ball, but no first contact is given"
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Shot:
    """The observed facts of one shot (scenario schema §3.3).

    Attributes:
        first_contact: the first object ball the cue ball touched, or ``None``.
        pocketed: object balls pocketed, in order.
        off_table: object balls that left the table.
        rail_after_contact: balls (0 = cue ball) that touched a cushion after the first
            contact.
        break_rail_balls: on a break, the distinct object balls that touched a cushion at
            any time; ``None`` means "the object balls of ``rail_after_contact``".
        cue_pocketed: the cue ball was pocketed (scratch).
        cue_off_table: the cue ball left the table.
        kitchen: for a shot with cue ball in hand behind the head string, how the cue
            ball left the kitchen; ``None`` means it crossed cleanly.
        lowest_rest_zone: where the ball in play came to rest (matters after a scratch).
        obstacle_moved: an obstructing ball moved during a jump or masse attempt.
        general_rules_foul: a general-rules foul declared by the referee, by name
            (lowercase snake case, e.g. ``"double_hit"``).

    >>> Shot(first_contact=3, pocketed=(3,), rail_after_contact=frozenset({0})).pocketed
    (3,)
    """

    first_contact: Ball | None = None
    pocketed: tuple[Ball, ...] = ()
    off_table: tuple[Ball, ...] = ()
    rail_after_contact: frozenset[Ball] = frozenset()
    break_rail_balls: frozenset[Ball] | None = None
    cue_pocketed: bool = False
    cue_off_table: bool = False
    kitchen: KitchenFacts | None = None
    lowest_rest_zone: Zone = Zone.OUTSIDE
    obstacle_moved: ObstacleMove | None = None
    general_rules_foul: str | None = None

    def __post_init__(self) -> None:
        # the simulator builds one Shot per simulated shot: each check has a fast path for
        # valid input and raises exactly as the plain check would
        first = self.first_contact
        if first is not None and (type(first) is not int or not 1 <= first <= 15):
            check_object_ball(first, "first contact", error=InvalidShotError)
        pocketed = _balls(self.pocketed, "pocketed")
        off = _balls(self.off_table, "off table")
        if pocketed and off:
            both = set(pocketed) & set(off)
            if both:
                raise InvalidShotError(
                    f"ball(s) {sorted(both)!r} both pocketed and off the table on one shot"
                )
        rails = self.rail_after_contact
        if not (
            type(rails) is frozenset
            and all(type(b) is int for b in rails)
            and _BALL_SET.issuperset(rails)
        ):
            for ball in rails:
                if ball != CUE_BALL:
                    check_object_ball(ball, "rail after contact", error=InvalidShotError)
        if self.break_rail_balls is not None:
            _balls(self.break_rail_balls, "break rail balls")
        if self.cue_pocketed and self.cue_off_table:
            raise InvalidShotError("the cue ball cannot be both pocketed and off the table")
        if first is None and (pocketed or off):
            raise InvalidShotError(
                f"object balls moved ({sorted(pocketed + off)!r}) but the cue ball touched none"
            )
        if first is None and any(b != CUE_BALL for b in rails):
            raise InvalidShotError("object balls reached a cushion but the cue ball touched none")
        if self.kitchen is not None:
            _check_kitchen_against_contact(self.kitchen, self.first_contact)
        if self.general_rules_foul is not None and not is_general_rules_foul_name(
            self.general_rules_foul
        ):
            raise InvalidShotError(
                f"general rules foul {self.general_rules_foul!r} is not a lowercase name "
                "such as 'double_hit'"
            )

    @property
    def object_balls_moved_off(self) -> tuple[Ball, ...]:
        """Object balls pocketed or off the table, in that order."""
        return self.pocketed + self.off_table

    @property
    def cue_ball_gone(self) -> bool:
        """The cue ball is no longer on the table (§X)."""
        return self.cue_pocketed or self.cue_off_table

    def break_rail_set(self) -> frozenset[Ball]:
        """The object balls that reached a cushion during a break (§IV)."""
        if self.break_rail_balls is not None:
            return self.break_rail_balls
        return self.rail_after_contact - {CUE_BALL}


_new = object.__new__
(
    _set_first_contact, _set_pocketed, _set_off_table, _set_rail_after_contact,
    _set_break_rail_balls, _set_cue_pocketed, _set_cue_off_table, _set_kitchen,
    _set_lowest_rest_zone, _set_obstacle_moved, _set_general_rules_foul,
) = (getattr(Shot, field.name).__set__ for field in dataclasses.fields(Shot))  # fmt: skip
"""Each field's slot setter, in field order (a slot's ``__set__`` ignores ``frozen``)."""


def simulated_shot(
    first_contact: Ball | None,
    pocketed: tuple[Ball, ...],
    off_table: tuple[Ball, ...],
    rail_after_contact: frozenset[Ball],
    break_rail_balls: frozenset[Ball],
    cue_pocketed: bool,
    cue_off_table: bool,
    kitchen: KitchenFacts | None,
    lowest_rest_zone: Zone,
) -> Shot:
    """A :class:`Shot` from a simulator's facts, built without re-running its checks.

    For the simulator only (:mod:`rotation61.sim` builds one per simulated shot, tens of
    thousands per computer-player decision): its facts are valid by construction (every
    ball number comes from a layout it has checked, the cue ball is never an object ball
    fact, and the physics moves no object ball the cue ball did not set moving), and its
    tests check that the checked constructor accepts every shot it builds and gives an
    equal one. Everything else builds a ``Shot`` with the checked constructor. Not part
    of the referee's API (not in ``__all__``). The shot has no obstacle move and no
    general-rules foul (a simulator observes neither).
    """
    shot: Shot = _new(Shot)
    _set_first_contact(shot, first_contact)
    _set_pocketed(shot, pocketed)
    _set_off_table(shot, off_table)
    _set_rail_after_contact(shot, rail_after_contact)
    _set_break_rail_balls(shot, break_rail_balls)
    _set_cue_pocketed(shot, cue_pocketed)
    _set_cue_off_table(shot, cue_off_table)
    _set_kitchen(shot, kitchen)
    _set_lowest_rest_zone(shot, lowest_rest_zone)
    _set_obstacle_moved(shot, None)
    _set_general_rules_foul(shot, None)
    return shot
