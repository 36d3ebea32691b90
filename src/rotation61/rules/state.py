"""Rack state: everything the referee needs to know between two inputs.

States are immutable; the only ways to get a new one are the transition functions of
:mod:`rotation61.rules.referee` and the checked :func:`setup_rack`. Every state is
valid: its invariants are checked when it is built.
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum, StrEnum
from typing import Final, TypedDict, TypeVar

from rotation61.rules.balls import OBJECT_BALLS, TOTAL_POINTS, Ball, check_object_ball
from rotation61.rules.errors import InvalidStateError
from rotation61.rules.ruleset import DEFAULT_RULESET, RuleSet

__all__ = [
    "OfficialEvent",
    "Option",
    "PendingDecision",
    "Phase",
    "RackResult",
    "RackResultType",
    "RackState",
    "Seat",
    "new_rack",
    "setup_rack",
    "with_seat",
]

_T = TypeVar("_T")


class Seat(IntEnum):
    """One of the two players; the value indexes per-seat tuples."""

    A = 0
    B = 1

    @property
    def opponent(self) -> Seat:
        """The other seat."""
        return Seat.B if self is Seat.A else Seat.A


def with_seat(pair: tuple[_T, _T], seat: Seat, value: _T) -> tuple[_T, _T]:
    """A per-seat pair with the value of one seat replaced.

    Args:
        pair: a value per seat, indexed by :class:`Seat`.
        seat: the seat whose value changes.
        value: its new value.

    Returns:
        The new pair; the other seat's value is unchanged.

    >>> with_seat((3, 1), Seat.B, 2)
    (3, 2)
    """
    return (value, pair[1]) if seat is Seat.A else (pair[0], value)


class Phase(StrEnum):
    """What the rack waits for."""

    SHOT = "shot"
    """A shot by ``to_act``."""
    DECISION = "decision"
    """The incoming player's decision after a foul."""
    OVER = "over"
    """Nothing: the rack has ended."""


class Option(StrEnum):
    """An option the incoming player may choose after a foul (§I, §VIII-§XII, §XVI)."""

    ACCEPT_TABLE = "accept_table"
    """§I, §VIII, §XII: play the cue ball where it lies."""
    CUE_IN_HAND_KITCHEN = "cue_in_hand_kitchen"
    """§VIII, §X, §XII: cue ball in hand behind the head string, object balls as they lie."""
    SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN = "spot_lowest_and_cue_in_hand_kitchen"
    """§I, §IX, §X: the ball in play to the foot spot, cue ball in hand behind the head string."""
    RESTORE_AND_OFFENDER_REPLAYS = "restore_and_offender_replays"
    """§XVI: the balls are restored and the offender shoots again from the kitchen."""


class RackResultType(StrEnum):
    """How a rack ended."""

    REACHED_61 = "reached_61"
    """§II: a legal shot brought the shooter to the target (61) or more."""
    TIE_60_60_REPLAY = "tie_60_60_replay"
    """§II: 60-60; the rack is replayed and the last pocketer breaks."""
    LOSS_BY_CONSECUTIVE_FOULS = "loss_by_consecutive_fouls"
    """§XV: the offender's fourth consecutive foul."""
    CONCESSION = "concession"
    """A player conceded the rack (A38)."""
    MATCH_CONCESSION = "match_concession"
    """A player conceded the match (A38)."""
    DISQUALIFICATION = "disqualification"
    """§V, §XVII: the referee disqualified a player (A39)."""
    STALEMATE_REPLAY = "stalemate_replay"
    """A37: the referee declared a stalemate; the rack is replayed by the same breaker."""


class OfficialEvent(StrEnum):
    """An event declared by the referee or a player rather than a shot (A37-A39)."""

    DISQUALIFICATION = "disqualification"
    CONCEDE_RACK = "concede_rack"
    CONCEDE_MATCH = "concede_match"
    STALEMATE_DECLARED = "stalemate_declared"


REPLAY_RESULTS: Final = frozenset(
    {RackResultType.TIE_60_60_REPLAY, RackResultType.STALEMATE_REPLAY}
)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RackResult:
    """How a rack ended and what follows from it.

    Attributes:
        type: how it ended.
        winner: the winner, ``None`` for a replay.
        loser: the loser, ``None`` for a replay.
        offender: for a loss by fouls or a disqualification, the player at fault.
        replay_breaker: for a replay, who must break it (§II, A37).
        bonus_point: under the BCA tie rule, the seat given the bonus point.
    """

    type: RackResultType
    winner: Seat | None = None
    loser: Seat | None = None
    offender: Seat | None = None
    replay_breaker: Seat | None = None
    bonus_point: Seat | None = None

    def __post_init__(self) -> None:
        replay = self.type in REPLAY_RESULTS
        if replay != (self.winner is None) or (self.winner is None) != (self.loser is None):
            raise InvalidStateError(f"rack result {self.type.value!r} with winner {self.winner!r}")
        if replay != (self.replay_breaker is not None):
            raise InvalidStateError(f"rack result {self.type.value!r} needs a replay breaker")
        if self.winner is not None and self.loser is not self.winner.opponent:
            raise InvalidStateError("the loser of a rack must be the winner's opponent")

    @property
    def is_replay(self) -> bool:
        """The rack is replayed rather than won (tie or stalemate)."""
        return self.type in REPLAY_RESULTS


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PendingDecision:
    """The incoming player's decision after a foul.

    Attributes:
        chooser: who decides (always the incoming, non-offending player, A01).
        offender: who fouled.
        options: the options offered, in canonical order.
        incoming_breaks: the chooser's next shot is a break shot (A18 re-rack, A19).
        before_foul: the state before the foul shot, for the §XVI restore and replay.
    """

    chooser: Seat
    offender: Seat
    options: tuple[Option, ...]
    incoming_breaks: bool = False
    before_foul: RackState | None = None

    def __post_init__(self) -> None:
        if not self.options:
            raise InvalidStateError("a pending decision needs at least one option")
        if self.chooser is self.offender:
            raise InvalidStateError("the offender cannot choose after his own foul")
        if (Option.RESTORE_AND_OFFENDER_REPLAYS in self.options) != (self.before_foul is not None):
            raise InvalidStateError("the restore option needs the state before the foul")


@dataclasses.dataclass(frozen=True, kw_only=True)
class RackState:
    """One rack between two inputs.

    Not slotted: the referee derives each next state by copying the instance dict
    (:func:`evolve`), several times faster than setting sixteen frozen slots.

    Attributes:
        rules: the rule set.
        ply: inputs so far in this rack (shots, decisions and official events).
        phase: what the rack waits for.
        to_act: who shoots (phase SHOT), decides (DECISION), or shot last (OVER).
        on_table: object balls on the table.
        scores: rack points per seat.
        cue_in_hand: the shooter has cue ball in hand behind the head string.
        is_break: the next shot is a break shot (§IV).
        rack_started: the cue ball has crossed the head string on a break (§XVII).
        breaker: who broke (or must break) this rack.
        consecutive_fouls: §XV counts per seat.
        warned: the §XV warning has been given for the current run of fouls, per seat.
        kitchen_contacts: §XVI no-cross kitchen contacts per seat in this rack (A34).
        extensions_used: shot-clock extensions taken per seat in this rack (A50).
        last_pocketer: who last pocketed a ball legally, if anyone.
        pending: the decision awaited in phase DECISION.
        result: how the rack ended, in phase OVER.
    """

    rules: RuleSet = DEFAULT_RULESET
    ply: int = 0
    phase: Phase = Phase.SHOT
    to_act: Seat = Seat.A
    on_table: frozenset[Ball] = OBJECT_BALLS
    scores: tuple[int, int] = (0, 0)
    cue_in_hand: bool = True
    is_break: bool = True
    rack_started: bool = False
    breaker: Seat = Seat.A
    consecutive_fouls: tuple[int, int] = (0, 0)
    warned: tuple[bool, bool] = (False, False)
    kitchen_contacts: tuple[int, int] = (0, 0)
    extensions_used: tuple[int, int] = (0, 0)
    last_pocketer: Seat | None = None
    pending: PendingDecision | None = None
    result: RackResult | None = None

    def __post_init__(self) -> None:
        if not self.on_table <= OBJECT_BALLS:
            raise InvalidStateError(
                f"on_table {sorted(self.on_table)!r} holds balls that are not object balls"
            )
        a, b = self.scores
        if a < 0 or b < 0 or a + b + sum(self.on_table) != TOTAL_POINTS:
            raise InvalidStateError(
                f"scores {self.scores!r} and balls on the table {sorted(self.on_table)!r} "
                f"do not add up to {TOTAL_POINTS}"
            )
        if (self.phase is Phase.DECISION) != (self.pending is not None):
            raise InvalidStateError(f"phase {self.phase.value!r} with pending {self.pending!r}")
        if (self.phase is Phase.OVER) != (self.result is not None):
            raise InvalidStateError(f"phase {self.phase.value!r} with result {self.result!r}")
        if self.pending is not None and self.pending.chooser is not self.to_act:
            raise InvalidStateError("the pending decision belongs to the player to act")
        limit = self.rules.consecutive_foul_limit
        if any(not 0 <= n <= limit for n in self.consecutive_fouls):
            raise InvalidStateError(
                f"consecutive fouls {self.consecutive_fouls!r} outside 0..{limit}"
            )
        if any(not 0 <= n <= self.rules.shot_clock_extensions for n in self.extensions_used):
            raise InvalidStateError(
                f"extensions used {self.extensions_used!r} outside "
                f"0..{self.rules.shot_clock_extensions}"
            )
        if self.is_break and self.phase is Phase.SHOT and self.on_table != OBJECT_BALLS:
            raise InvalidStateError("a break shot needs all fifteen object balls on the table")
        if self.is_break and self.phase is Phase.SHOT and not self.cue_in_hand:
            raise InvalidStateError(
                "a break is played with cue ball in hand behind the head string"
            )

    @property
    def lowest(self) -> Ball | None:
        """The object ball in play: the lowest-numbered ball on the table (§I, §VI)."""
        return min(self.on_table, default=None)

    @property
    def is_over(self) -> bool:
        """The rack has ended."""
        return self.result is not None

    @property
    def points_on_table(self) -> int:
        """Points still on the table."""
        return sum(self.on_table)

    def points(self, seat: Seat) -> int:
        """Rack points of a seat, a tie-rule bonus point included."""
        bonus = 1 if self.result is not None and self.result.bonus_point is seat else 0
        return self.scores[seat] + bonus


def new_rack(rules: RuleSet = DEFAULT_RULESET, *, breaker: Seat = Seat.A) -> RackState:
    """A fresh rack: all fifteen balls racked, the breaker with cue ball in hand (§III).

    >>> new_rack(breaker=Seat.B).to_act
    <Seat.B: 1>
    """
    return RackState(rules=rules, to_act=breaker, breaker=breaker)


def setup_rack(
    rules: RuleSet = DEFAULT_RULESET,
    *,
    on_table: frozenset[Ball] | set[Ball] | tuple[Ball, ...] = OBJECT_BALLS,
    scores: tuple[int, int] = (0, 0),
    shooter: Seat = Seat.A,
    cue_in_hand: bool = False,
    is_break: bool = False,
    rack_started: bool = True,
    breaker: Seat = Seat.A,
    consecutive_fouls: tuple[int, int] = (0, 0),
    warned: tuple[bool, bool] = (False, False),
) -> RackState:
    """A rack in the middle of play, waiting for a shot; every field is checked.

    Raises:
        InvalidStateError: the fields contradict each other (balls and scores that do
            not add up to 120, a ball outside 1..15, a count over the limit, ...).

    >>> setup_rack(on_table={3, 4}, scores=(100, 13)).lowest
    3
    """
    balls = frozenset(on_table)
    for ball in balls:
        check_object_ball(ball, "ball on the table", error=InvalidStateError)
    if is_break and not cue_in_hand:
        raise InvalidStateError("a break is played with cue ball in hand behind the head string")
    return RackState(
        rules=rules,
        to_act=shooter,
        on_table=balls,
        scores=(int(scores[0]), int(scores[1])),
        cue_in_hand=cue_in_hand,
        is_break=is_break,
        rack_started=rack_started,
        breaker=breaker,
        consecutive_fouls=consecutive_fouls,
        warned=warned,
    )


class RackChanges(TypedDict, total=False):
    """Fields of :class:`RackState` to change with :func:`evolve`, by name and type.

    One key per field, spelt and typed as the field (a test keeps the two in step), so
    that mypy rejects a misspelt key or a value of the wrong type at every call site.
    """

    rules: RuleSet
    ply: int
    phase: Phase
    to_act: Seat
    on_table: frozenset[Ball]
    scores: tuple[int, int]
    cue_in_hand: bool
    is_break: bool
    rack_started: bool
    breaker: Seat
    consecutive_fouls: tuple[int, int]
    warned: tuple[bool, bool]
    kitchen_contacts: tuple[int, int]
    extensions_used: tuple[int, int]
    last_pocketer: Seat | None
    pending: PendingDecision | None
    result: RackResult | None


_new = object.__new__


def evolve(state: RackState, changes: RackChanges) -> RackState:
    """A copy of ``state`` with some fields changed, for the referee's own transitions.

    The referee's transitions preserve every invariant by construction (the property
    tests check each state they produce with :func:`check_invariants`), so this skips
    ``__post_init__``: it is the hot path of self-play and search. ``changes`` is a
    :class:`RackChanges`, so a key that is not a field does not type-check.
    """
    new = _new(RackState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def check_invariants(state: RackState) -> None:
    """Check every invariant of ``state``, as its constructor does.

    Raises:
        InvalidStateError: an invariant does not hold.
    """
    RackState.__post_init__(state)
