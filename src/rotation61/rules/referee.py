"""The referee: the only transition functions of a rack.

- :func:`judge` gives the verdict on a shot (a :class:`Ruling`) without changing anything;
- :func:`apply` turns a state and its ruling into the next state;
- :func:`play` is both at once;
- :func:`decide` takes the incoming player's decision after a foul;
- :func:`officiate` takes a concession, a disqualification or a declared stalemate.

Fouls are data in the ruling. Only invalid input raises: :class:`InvalidShotError` for a
shot that does not fit the table, :class:`IllegalActionError` for an input that is not
allowed now.
"""

from __future__ import annotations

import dataclasses
import warnings
from typing import TypedDict, Unpack

from rotation61.rules import _checks
from rotation61.rules.balls import Ball
from rotation61.rules.errors import IllegalActionError, InvalidShotError
from rotation61.rules.fouls import Foul, FoulKind
from rotation61.rules.ruleset import TieRule
from rotation61.rules.shot import ContactType, KitchenFacts, Shot
from rotation61.rules.shot_clock import ShotClockError, ShotClockProblem
from rotation61.rules.state import (
    OfficialEvent,
    Option,
    PendingDecision,
    Phase,
    RackChanges,
    RackResult,
    RackResultType,
    RackState,
    Seat,
    evolve,
    with_seat,
)
from rotation61.rules.table import Zone

__all__ = ["Ruling", "apply", "decide", "judge", "judge_time_foul", "officiate", "play"]

_ORDINARY: tuple[Option, ...] = (
    Option.ACCEPT_TABLE,
    Option.CUE_IN_HAND_KITCHEN,
    Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ruling:
    """The referee's verdict on one shot or official event.

    Not slotted, so that the referee can build one by filling the instance dict
    (:func:`_ruling`), several times faster than the frozen ``__init__``.

    Attributes:
        ply: the :attr:`RackState.ply` it answers.
        shooter: who shot (for an event: the player concerned, or the player to act).
        is_break: the shot was a break shot.
        fouls: the fouls, in detection order; empty for a legal shot.
        credited: balls scored by the shooter, in pocketing order.
        spot_lowest: the ball in play, returned to the foot spot per §IX, or ``None``.
        spot_others: the other returned balls, ascending, spotted per §XIII.
        rerack: all fifteen balls are re-racked instead of spotted (A18 option).
        next_is_break: the incoming player must break (A18 re-rack, A19 uncrossed break).
        next_to_act: who shoots or decides next in this rack (``None`` once it is over).
        options: the options offered to the incoming player, in canonical order.
        cue_in_hand_next: after a legal shot, whether the next shot is from the kitchen;
            ``None`` while a decision is pending or once the rack is over.
        consecutive_fouls: the §XV counts after this input.
        foul_counted: whether the foul counted toward §XV (``None`` if legal).
        warning_due: the player to be warned now under §XV, if any.
        unsportsmanlike_review: a repeated §XVI no-cross kitchen contact (A34).
        result: how the rack ended, if it did.
        event: the official event this ruling answers, if any.
    """

    ply: int
    shooter: Seat
    is_break: bool = False
    fouls: tuple[Foul, ...] = ()
    credited: tuple[Ball, ...] = ()
    spot_lowest: Ball | None = None
    spot_others: tuple[Ball, ...] = ()
    rerack: bool = False
    next_is_break: bool = False
    next_to_act: Seat | None = None
    options: tuple[Option, ...] = ()
    cue_in_hand_next: bool | None = None
    consecutive_fouls: tuple[int, int] = (0, 0)
    foul_counted: bool | None = None
    warning_due: Seat | None = None
    unsportsmanlike_review: bool = False
    result: RackResult | None = None
    event: OfficialEvent | None = None

    @property
    def legal(self) -> bool | None:
        """True for a legal shot, False for a foul, None for an official event."""
        return None if self.event is not None else not self.fouls

    @property
    def is_foul(self) -> bool:
        """Deprecated, removed in the next release: ``ruling.legal is False`` says it."""
        warnings.warn(
            "Ruling.is_foul is deprecated and will be removed in the next release; "
            "use `ruling.legal is False`",
            DeprecationWarning,
            stacklevel=2,
        )
        return bool(self.fouls)

    @property
    def points(self) -> int:
        """Points credited to the shooter by this shot."""
        return sum(self.credited)

    @property
    def spotted(self) -> tuple[Ball, ...]:
        """Every ball returned to the table, in spotting order (§XIV: the ball in play first)."""
        lowest = () if self.spot_lowest is None else (self.spot_lowest,)
        return lowest + self.spot_others

    @property
    def chooser(self) -> Seat | None:
        """Who chooses among the options, if any are offered."""
        return self.next_to_act if self.options else None

    @property
    def shooter_continues(self) -> bool:
        """A legal shot pocketed a ball and the rack goes on (§I, §V)."""
        return bool(self.credited) and self.result is None and self.next_to_act is self.shooter

    def has_foul(self, kind: FoulKind) -> bool:
        """The ruling includes a foul of this kind."""
        return any(f.kind is kind for f in self.fouls)


class _RequiredRulingFields(TypedDict):
    ply: int
    shooter: Seat


class RulingFields(_RequiredRulingFields, total=False):
    """The fields of a :class:`Ruling`, by name and type, for :func:`_ruling`.

    One key per field, spelt and typed as the field (a test keeps the two in step);
    ``ply`` and ``shooter`` are required, the others default as in :class:`Ruling`.
    """

    is_break: bool
    fouls: tuple[Foul, ...]
    credited: tuple[Ball, ...]
    spot_lowest: Ball | None
    spot_others: tuple[Ball, ...]
    rerack: bool
    next_is_break: bool
    next_to_act: Seat | None
    options: tuple[Option, ...]
    cue_in_hand_next: bool | None
    consecutive_fouls: tuple[int, int]
    foul_counted: bool | None
    warning_due: Seat | None
    unsportsmanlike_review: bool
    result: RackResult | None
    event: OfficialEvent | None


_RULING_DEFAULTS: dict[str, object] = {
    f.name: f.default for f in dataclasses.fields(Ruling) if f.default is not dataclasses.MISSING
}
_new = object.__new__


def _ruling(**fields: Unpack[RulingFields]) -> Ruling:
    """A :class:`Ruling` from keyword fields (defaults filled in), on the hot path.

    The keywords are typed by :class:`RulingFields`: mypy rejects a misspelt field.
    """
    new: Ruling = _new(Ruling)
    values = new.__dict__
    values.update(_RULING_DEFAULTS)
    values.update(fields)
    return new


def _check_shot(state: RackState, shot: Shot) -> None:
    """Reject a shot that is not allowed now or does not fit the table."""
    if state.phase is not Phase.SHOT:
        waiting = "a decision" if state.phase is Phase.DECISION else "nothing (the rack is over)"
        raise IllegalActionError(
            f"a shot is not allowed now: the rack waits for {waiting} (ply={state.ply})"
        )
    on_table = state.on_table
    involved = set(shot.pocketed)
    involved.update(shot.off_table)
    involved.update(shot.rail_after_contact)
    involved.discard(0)
    if shot.first_contact is not None:
        involved.add(shot.first_contact)
    if shot.obstacle_moved is not None:
        involved.add(shot.obstacle_moved.ball)
    if state.is_break and shot.break_rail_balls is not None:
        involved.update(shot.break_rail_balls)
    if not involved <= on_table:
        _raise_not_on_table(state, shot)


def _raise_not_on_table(state: RackState, shot: Shot) -> None:
    """Name the first ball of the shot that is not on the table."""
    on_table = state.on_table
    for what, balls in (
        ("first contact", () if shot.first_contact is None else (shot.first_contact,)),
        ("pocketed", shot.pocketed),
        ("off the table", shot.off_table),
        ("reached a cushion", tuple(sorted(shot.rail_after_contact - {0}))),
        ("moved", () if shot.obstacle_moved is None else (shot.obstacle_moved.ball,)),
        ("on a break reached a cushion", tuple(sorted(shot.break_rail_balls or ()))),
    ):
        for ball in balls:
            if ball not in on_table:
                raise InvalidShotError(
                    f"ball {ball!r} {what} is not on the table "
                    f"(ply={state.ply}, on_table={sorted(on_table)})"
                )


def judge(state: RackState, shot: Shot) -> Ruling:
    """The referee's verdict on a shot; pure, nothing changes.

    Raises:
        IllegalActionError: the rack does not wait for a shot.
        InvalidShotError: the shot does not fit the table (a ball not on the table).

    >>> from rotation61.rules.state import setup_rack
    >>> state = setup_rack(on_table={3, 4, 5}, scores=(60, 48))
    >>> r = judge(state, Shot(first_contact=3, pocketed=(3,)))
    >>> r.result.type.value, r.points
    ('reached_61', 3)
    """
    _check_shot(state, shot)
    lowest = state.lowest
    fouls = _checks.fouls(state, shot, lowest)
    if fouls:
        return _judge_foul(state, shot, fouls, lowest)
    return _judge_legal(state, shot)


_NOT_STRUCK: KitchenFacts = KitchenFacts(
    crossed_before_first_contact=False,
    first_contact_type=ContactType.NONE,
    first_ball_zone=None,
    crossed=False,
)
"""The cue ball of a break that was never struck: it never crossed the head string."""


def judge_time_foul(state: RackState, *, lowest_zone: Zone = Zone.OUTSIDE) -> Ruling:
    """A50: the shot clock ran out before the stroke; an ordinary foul under §VIII.

    No ball moved and nothing is pocketed. The turn passes, the incoming player has the
    options of any foul (§I, §VIII; ``lowest_zone`` says where the ball in play lies,
    for A04), and the foul counts toward §XV: the warning and the loss of the rack at
    the limit as for any foul. On a timed break (``shot_clock_times_break``) the cue ball
    never crossed the head string, so A19 applies: the rack has not begun and the
    incoming player breaks.

    Raises:
        IllegalActionError: the rack does not wait for a shot.
        ShotClockError: the rule set keeps no shot clock (``clock_off``), or the break
            is not timed (``break_not_timed``).

    >>> from rotation61.rules import get_ruleset, setup_rack
    >>> state = setup_rack(get_ruleset("vn-national"), on_table={4, 9}, scores=(50, 57))
    >>> r = judge_time_foul(state)
    >>> [f.kind.value for f in r.fouls], len(r.options), r.next_to_act, r.consecutive_fouls
    (['time_foul'], 3, <Seat.B: 1>, (1, 0))
    """
    _check_shot(state, Shot())
    rules = state.rules
    if not rules.shot_clock:
        raise ShotClockError(
            ShotClockProblem.CLOCK_OFF,
            f"no time foul: the rule set keeps no shot clock (A50; ply={state.ply})",
        )
    if state.is_break and not rules.shot_clock_times_break:
        raise ShotClockError(
            ShotClockProblem.BREAK_NOT_TIMED,
            f"no time foul on the break: the break is not timed (A50; ply={state.ply})",
        )
    shot = Shot(lowest_rest_zone=lowest_zone, kitchen=_NOT_STRUCK if state.is_break else None)
    fouls = (Foul(FoulKind.TIME_FOUL, on_break=state.is_break),)
    return _judge_foul(state, shot, fouls, state.lowest)


def _judge_legal(state: RackState, shot: Shot) -> Ruling:
    """§I, §II, §V: a legal shot scores every ball it pocketed; the shooter goes on if any."""
    shooter = state.to_act
    counts = with_seat(state.consecutive_fouls, shooter, 0)
    points = state.scores[shooter] + sum(shot.pocketed)
    result = _rack_end_after_legal(state, shot, points)
    if result is not None:
        return _ruling(
            ply=state.ply,
            shooter=shooter,
            is_break=state.is_break,
            credited=shot.pocketed,
            consecutive_fouls=counts,
            result=result,
        )
    return _ruling(
        ply=state.ply,
        shooter=shooter,
        is_break=state.is_break,
        credited=shot.pocketed,
        next_to_act=shooter if shot.pocketed else shooter.opponent,
        cue_in_hand_next=False,
        consecutive_fouls=counts,
    )


def _rack_end_after_legal(state: RackState, shot: Shot, points: int) -> RackResult | None:
    """§II, §XVII (A11, A12, A51): the rack ends at the shooter's own target, or tied.

    A player wins the moment he reaches his own target. When the table is empty and
    neither has reached his target, the rack is a tie and A12 applies: with 61 and 61
    this is II's 60-60; with targets summing to 121 or less it cannot happen.
    """
    shooter = state.to_act
    if points >= state.rules.target(shooter):
        return RackResult(type=RackResultType.REACHED_61, winner=shooter, loser=shooter.opponent)
    if len(shot.pocketed) < len(state.on_table):
        return None
    if state.rules.tie_rule is TieRule.BONUS_POINT_LAST_POCKETER_WINS:
        return RackResult(
            type=RackResultType.REACHED_61,
            winner=shooter,
            loser=shooter.opponent,
            bonus_point=shooter,
        )
    return RackResult(type=RackResultType.TIE_60_60_REPLAY, replay_breaker=shooter)


def _is_uncrossed_break(state: RackState, shot: Shot) -> bool:
    """§XVII (A19): on a break the cue ball never crossed the head string: no rack yet."""
    return state.is_break and shot.kitchen is not None and not shot.kitchen.crossed


def _foul_counts(state: RackState, shot: Shot) -> bool:
    """§XV (A19, A20): whether this foul counts toward the consecutive-foul limit."""
    rules = state.rules
    if _is_uncrossed_break(state, shot) and not rules.uncrossed_break_foul_counts:
        return False
    return not (state.is_break and not rules.break_fouls_count_toward_consecutive)


def _is_rerack(state: RackState, shot: Shot) -> bool:
    """§IV (A18 option): an object ball off the table on the break re-racks all fifteen."""
    return state.is_break and state.rules.break_off_table_rerack and bool(shot.off_table)


def _balls_returned(
    shot: Shot, lowest: Ball | None, *, rerack: bool
) -> tuple[Ball | None, tuple[Ball, ...]]:
    """§VIII, §XII-§XIV (A07(1)): every ball pocketed or off the table on a foul comes back.

    The ball in play goes to the foot spot per §IX, the others per §XIII, ascending.
    This holds for every foul, the one that loses the rack under §XV included; only an
    A18 re-rack returns nothing, since all fifteen balls are racked again.

    Returns:
        The ball in play if it is returned (else ``None``), and the other balls returned.
    """
    if rerack:
        return None, ()
    returned = shot.object_balls_moved_off
    spot_lowest = lowest if lowest in returned else None
    return spot_lowest, tuple(sorted(b for b in returned if b != lowest))


def _options_after_foul(
    state: RackState,
    shot: Shot,
    *,
    incoming_breaks: bool,
    lowest_spotted: bool,
    fouls: tuple[Foul, ...],
) -> tuple[Option, ...]:
    """The incoming player's options, by the precedence of A09.

    1. the incoming player must break (A18 re-rack, A19): cue ball in hand only;
    2. the ball in play was returned and goes to the foot spot (§XII, A06, A07):
       accept the table (if the cue ball is on it) or cue ball in hand;
    3. the cue ball left the table (§X, A05): cue ball in hand with no ball moved (unless
       the ball in play lies in the kitchen) or spot the ball in play;
    4. otherwise (§I, §VIII, A02, A04): the three options.

    §XVI adds the restore and replay when the cue ball did not cross and is still on the
    table (A33).
    """
    if incoming_breaks:
        return (Option.CUE_IN_HAND_KITCHEN,)
    cue_gone = shot.cue_ball_gone
    lowest_in_kitchen = shot.lowest_rest_zone is Zone.KITCHEN
    if lowest_spotted:
        options: tuple[Option, ...] = (
            (Option.CUE_IN_HAND_KITCHEN,)
            if cue_gone
            else (Option.ACCEPT_TABLE, Option.CUE_IN_HAND_KITCHEN)
        )
    elif cue_gone:
        options = (
            (Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,)
            if lowest_in_kitchen
            else (Option.CUE_IN_HAND_KITCHEN, Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN)
        )
    elif lowest_in_kitchen and not state.rules.kitchen_option_when_lowest_in_kitchen:
        options = (Option.ACCEPT_TABLE, Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN)
    else:
        options = _ORDINARY
    if not cue_gone and any(
        f.kind is FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED for f in fouls
    ):
        options += (Option.RESTORE_AND_OFFENDER_REPLAYS,)
    return options


def _judge_foul(
    state: RackState, shot: Shot, fouls: tuple[Foul, ...], lowest: Ball | None
) -> Ruling:
    """§VIII and §XV: a foul scores nothing, returns the balls and passes the choice."""
    rules = state.rules
    offender = state.to_act
    incoming = offender.opponent
    counted = _foul_counts(state, shot)
    count = state.consecutive_fouls[offender] + (1 if counted else 0)
    limit = rules.consecutive_foul_limit
    if count >= limit and not state.warned[offender]:
        count = limit - 1  # A22: the limit-th foul without a warning counts one less
    counts = with_seat(state.consecutive_fouls, offender, count)
    no_cross = any(f.kind is FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED for f in fouls)
    review = no_cross and state.kitchen_contacts[offender] >= 1
    warning = offender if counted and count == limit - 1 else None
    if count >= limit:
        spot_lowest, spot_others = _balls_returned(shot, lowest, rerack=False)
        return _ruling(
            ply=state.ply,
            shooter=offender,
            is_break=state.is_break,
            fouls=fouls,
            spot_lowest=spot_lowest,
            spot_others=spot_others,
            consecutive_fouls=counts,
            foul_counted=counted,
            unsportsmanlike_review=review,
            result=RackResult(
                type=RackResultType.LOSS_BY_CONSECUTIVE_FOULS,
                winner=incoming,
                loser=offender,
                offender=offender,
            ),
        )
    rerack = _is_rerack(state, shot)
    incoming_breaks = rerack or _is_uncrossed_break(state, shot)
    spot_lowest, spot_others = _balls_returned(shot, lowest, rerack=rerack)
    options = _options_after_foul(
        state,
        shot,
        incoming_breaks=incoming_breaks,
        lowest_spotted=spot_lowest is not None,
        fouls=fouls,
    )
    return _ruling(
        ply=state.ply,
        shooter=offender,
        is_break=state.is_break,
        fouls=fouls,
        spot_lowest=spot_lowest,
        spot_others=spot_others,
        rerack=rerack,
        next_is_break=incoming_breaks,
        next_to_act=incoming,
        options=options,
        consecutive_fouls=counts,
        foul_counted=counted,
        warning_due=warning,
        unsportsmanlike_review=review,
    )


def apply(state: RackState, ruling: Ruling) -> RackState:
    """The state after a ruling given by :func:`judge` or :func:`officiate` on ``state``.

    Raises:
        IllegalActionError: the ruling answers another ply, or the rack is over, or a
            legal shot's ruling that ends no rack names nobody to act next.
    """
    if ruling.ply != state.ply or state.phase is Phase.OVER:
        raise IllegalActionError(
            f"ruling for ply {ruling.ply} cannot be applied at ply {state.ply} "
            f"(phase {state.phase.value!r})"
        )
    if ruling.event is not None:
        return evolve(
            state,
            {"ply": state.ply + 1, "phase": Phase.OVER, "pending": None, "result": ruling.result},
        )
    if ruling.fouls:
        return _apply_foul(state, ruling)
    return _apply_legal(state, ruling)


def _apply_legal(state: RackState, ruling: Ruling) -> RackState:
    """A legal shot: credit the balls, reset the shooter's §XV count and warning."""
    shooter = ruling.shooter
    changes: RackChanges = {
        "ply": state.ply + 1,
        "consecutive_fouls": ruling.consecutive_fouls,
        "warned": with_seat(state.warned, shooter, False),
        "rack_started": True,
        "is_break": False,
        "cue_in_hand": False,
    }
    credited = ruling.credited
    if credited:
        changes["scores"] = with_seat(state.scores, shooter, state.scores[shooter] + sum(credited))
        changes["on_table"] = state.on_table.difference(credited)
        changes["last_pocketer"] = shooter
    if ruling.result is not None:
        changes["phase"] = Phase.OVER
        changes["result"] = ruling.result
    else:
        to_act = ruling.next_to_act
        if to_act is None:
            raise IllegalActionError(
                f"ruling for ply {ruling.ply} ends no rack but names nobody to act next"
            )
        changes["to_act"] = to_act
    return evolve(state, changes)


def _apply_foul(state: RackState, ruling: Ruling) -> RackState:
    """A foul: count it, record a warning or a §XVI contact, and await the decision."""
    shooter = ruling.shooter
    changes: RackChanges = {
        "ply": state.ply + 1,
        "consecutive_fouls": ruling.consecutive_fouls,
        "rack_started": not ruling.next_is_break,
    }
    if ruling.warning_due is not None:
        changes["warned"] = with_seat(state.warned, shooter, True)
    if ruling.has_foul(FoulKind.KITCHEN_BALL_BEHIND_LINE_CUE_NOT_CROSSED):
        contacts = state.kitchen_contacts
        changes["kitchen_contacts"] = with_seat(contacts, shooter, contacts[shooter] + 1)
    if ruling.result is not None:
        changes["phase"] = Phase.OVER
        changes["result"] = ruling.result
        return evolve(state, changes)
    incoming = shooter.opponent
    restore = Option.RESTORE_AND_OFFENDER_REPLAYS in ruling.options
    changes["phase"] = Phase.DECISION
    changes["to_act"] = incoming
    changes["is_break"] = False
    changes["pending"] = PendingDecision(
        chooser=incoming,
        offender=shooter,
        options=ruling.options,
        incoming_breaks=ruling.next_is_break,
        before_foul=state if restore else None,
    )
    return evolve(state, changes)


def play(state: RackState, shot: Shot) -> tuple[RackState, Ruling]:
    """Judge a shot and apply the ruling.

    Raises:
        IllegalActionError: the rack does not wait for a shot.
        InvalidShotError: the shot does not fit the table.
    """
    ruling = judge(state, shot)
    return apply(state, ruling), ruling


def decide(state: RackState, option: Option, *, by: Seat | None = None) -> RackState:
    """Take the incoming player's decision after a foul.

    - ``accept_table``: he shoots the cue ball where it lies (§I, §VIII, §XII);
    - ``cue_in_hand_kitchen``: cue ball in hand behind the head string, object balls as
      they lie (§VIII, §X); a break shot when he must break (A18, A19);
    - ``spot_lowest_and_cue_in_hand_kitchen``: the ball in play is lifted and spotted per
      §IX (geometry places it), cue ball in hand (§I, §IX, A29);
    - ``restore_and_offender_replays``: the state before the foul comes back and the
      offender shoots again from the kitchen (§XVI, A24: his foul count is restored
      unless ``xvi_replay_counts_as_foul``).

    Raises:
        IllegalActionError: no decision is pending, ``by`` is not the chooser, or the
            option was not offered.
    """
    pending = state.pending
    if pending is None:
        raise IllegalActionError(
            f"no decision is pending (phase {state.phase.value!r}, ply={state.ply})"
        )
    if by is not None and by is not pending.chooser:
        raise IllegalActionError(
            f"seat {by.name} cannot decide: the choice belongs to {pending.chooser.name}"
        )
    if option not in pending.options:
        offered = ", ".join(o.value for o in pending.options)
        raise IllegalActionError(f"option {option.value!r} was not offered (offered: {offered})")
    if option is Option.RESTORE_AND_OFFENDER_REPLAYS:
        before = pending.before_foul
        if before is None:  # excluded by PendingDecision's invariant
            raise IllegalActionError("nothing to restore")
        counts = (
            state.consecutive_fouls
            if state.rules.xvi_replay_counts_as_foul
            else before.consecutive_fouls
        )
        warned = state.warned if state.rules.xvi_replay_counts_as_foul else before.warned
        return evolve(
            before,
            {
                "ply": state.ply + 1,
                "to_act": pending.offender,
                "cue_in_hand": True,
                "consecutive_fouls": counts,
                "warned": warned,
                "kitchen_contacts": state.kitchen_contacts,
                "extensions_used": state.extensions_used,
            },
        )
    breaks = pending.incoming_breaks
    return evolve(
        state,
        {
            "ply": state.ply + 1,
            "phase": Phase.SHOT,
            "pending": None,
            "cue_in_hand": option is not Option.ACCEPT_TABLE,
            "is_break": breaks,
            "breaker": pending.chooser if breaks else state.breaker,
        },
    )


def officiate(
    state: RackState, event: OfficialEvent, player: Seat | None = None
) -> tuple[RackState, Ruling]:
    """End the rack by an official event (A37-A39).

    - ``disqualification`` of ``player``: the opponent wins (§V, §XVII); whether the
      match ends too is the match layer's decision (``disqualification_scope``);
    - ``concede_rack`` / ``concede_match`` by ``player``: the opponent wins the rack /
      the match;
    - ``stalemate_declared`` (no player): the rack is replayed by the same breaker.

    Raises:
        IllegalActionError: the rack is over, or ``player`` is missing (or given for a
            stalemate).
    """
    if state.phase is Phase.OVER:
        raise IllegalActionError(f"the rack is over; {event.value!r} is not allowed")
    if event is OfficialEvent.STALEMATE_DECLARED:
        if player is not None:
            raise IllegalActionError("a stalemate is declared for both players, not one")
        result = RackResult(type=RackResultType.STALEMATE_REPLAY, replay_breaker=state.breaker)
        concerned = state.to_act
    else:
        if player is None:
            raise IllegalActionError(f"{event.value!r} needs the player concerned")
        kind = {
            OfficialEvent.DISQUALIFICATION: RackResultType.DISQUALIFICATION,
            OfficialEvent.CONCEDE_RACK: RackResultType.CONCESSION,
            OfficialEvent.CONCEDE_MATCH: RackResultType.MATCH_CONCESSION,
        }[event]
        result = RackResult(
            type=kind,
            winner=player.opponent,
            loser=player,
            offender=player if event is OfficialEvent.DISQUALIFICATION else None,
        )
        concerned = player
    ruling = Ruling(
        ply=state.ply,
        shooter=concerned,
        consecutive_fouls=state.consecutive_fouls,
        result=result,
        event=event,
    )
    return apply(state, ruling), ruling
