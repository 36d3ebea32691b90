"""A match: a race to N racks, with the breaker of each rack and the replays.

Pure and exact like the rules layer it builds on. Players are :class:`Seat` values;
names and other metadata belong to the records layer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from rotation61.rules import (
    DEFAULT_RULESET,
    BreakerPolicy,
    DisqualificationScope,
    IllegalActionError,
    InvalidStateError,
    OfficialEvent,
    Option,
    RackResult,
    RackResultType,
    RackState,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    apply,
    judge_time_foul,
    new_rack,
    take_extension,
    with_seat,
)
from rotation61.rules import decide as decide_rack
from rotation61.rules import officiate as officiate_rack
from rotation61.rules import play as play_rack

__all__ = [
    "MatchState",
    "RackHistory",
    "decide",
    "extend",
    "next_breaker",
    "officiate",
    "play",
    "start_match",
    "time_foul",
]


class RackHistory(Sequence[RackState]):
    """The finished racks of a match, in order: an immutable sequence that shares its past.

    :meth:`add` returns a new history that links to this one, so finishing the
    100,000th rack costs what the first did (a tuple would be copied whole each time,
    quadratic over a long record). ``len`` and ``[-1]`` take constant time; it equals
    any sequence (a tuple included) with the same racks.

    >>> RackHistory() == ()
    True
    """

    __slots__ = ("_last", "_prev", "_size")

    def __init__(self, racks: Iterable[RackState] = ()) -> None:
        self._last: RackState | None = None
        self._prev: RackHistory | None = None
        self._size = 0
        for rack in racks:
            self._prev, self._last, self._size = self._copy(), rack, self._size + 1

    def _copy(self) -> RackHistory:
        other = RackHistory()
        other._last, other._prev, other._size = self._last, self._prev, self._size
        return other

    def add(self, rack: RackState) -> RackHistory:
        """A history with ``rack`` finished after these."""
        other = RackHistory()
        other._last, other._prev, other._size = rack, self, self._size + 1
        return other

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[RackState]:
        return iter(self._tuple())

    def __reversed__(self) -> Iterator[RackState]:
        node: RackHistory | None = self
        while node is not None and node._last is not None:
            yield node._last
            node = node._prev

    def _tuple(self) -> tuple[RackState, ...]:
        return tuple(reversed(list(reversed(self))))

    @overload
    def __getitem__(self, index: int) -> RackState: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[RackState, ...]: ...

    def __getitem__(self, index: int | slice) -> RackState | tuple[RackState, ...]:
        if isinstance(index, slice):
            return self._tuple()[index]
        position = index + self._size if index < 0 else index
        if not 0 <= position < self._size:
            raise IndexError(f"rack index {index} out of range (0..{self._size - 1})")
        for steps, rack in enumerate(reversed(self)):
            if steps == self._size - 1 - position:
                return rack
        raise IndexError(index)  # pragma: no cover - the range is checked above

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        if len(other) != self._size:
            return False
        if isinstance(other, RackHistory):
            return all(a == b for a, b in zip(reversed(self), reversed(other), strict=True))
        return self._tuple() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"RackHistory({list(self)!r})"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchState:
    """A match between two inputs.

    Attributes:
        rules: the rule set of every rack.
        race_to: racks needed to win the match (§I, A13).
        racks_won: racks won per seat.
        rack: the rack in play (the last rack, over, once the match is over).
        completed: every finished rack, in order, replays included (a tuple given is
            taken as a :class:`RackHistory`).
        winner: the match winner, once the match is over.
    """

    rules: RuleSet = DEFAULT_RULESET
    race_to: int = 1
    racks_won: tuple[int, int] = (0, 0)
    rack: RackState = dataclasses.field(default_factory=new_rack)
    completed: RackHistory = dataclasses.field(default_factory=RackHistory)
    winner: Seat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.completed, RackHistory):
            object.__setattr__(self, "completed", RackHistory(self.completed))
        if type(self.race_to) is not int or self.race_to < 1:
            raise InvalidStateError(f"race_to {self.race_to!r} must be a positive int")
        if any(n < 0 or n > self.race_to for n in self.racks_won):
            raise InvalidStateError(
                f"racks won {self.racks_won!r} outside 0..race_to ({self.race_to})"
            )
        if self.winner is None and max(self.racks_won) >= self.race_to:
            raise InvalidStateError(f"racks won {self.racks_won!r} but the match is not over")
        if self.rack.rules != self.rules:
            raise InvalidStateError("the rack is played under another rule set than the match")

    @property
    def is_over(self) -> bool:
        """The match has a winner."""
        return self.winner is not None

    @property
    def rack_number(self) -> int:
        """The number of the rack in play, from 1 (replays count as racks)."""
        return len(self.completed) + (0 if self.rack.is_over else 1)


def start_match(
    rules: RuleSet = DEFAULT_RULESET, *, race_to: int, first_breaker: Seat = Seat.A
) -> MatchState:
    """A new match; the first breaker is the lag winner's choice (A14).

    Raises:
        InvalidStateError: ``race_to`` is not a positive int.

    >>> start_match(race_to=3).rack.is_break
    True
    """
    return MatchState(rules=rules, race_to=race_to, rack=new_rack(rules, breaker=first_breaker))


def next_breaker(rack: RackState) -> Seat:
    """Who breaks after a finished rack (A14, §II, A37).

    A tie replay is broken by the last pocketer, a stalemate replay by the same breaker;
    otherwise the ``next_rack_breaker`` policy applies to the rack's winner, its loser,
    or its breaker's opponent.

    Raises:
        IllegalActionError: the rack is not over.
    """
    result = rack.result
    if result is None:
        raise IllegalActionError("the rack is not over; nobody breaks yet")
    if result.replay_breaker is not None:
        return result.replay_breaker
    policy = rack.rules.next_rack_breaker
    if policy is BreakerPolicy.ALTERNATE:
        return rack.breaker.opponent
    chosen = result.winner if policy is BreakerPolicy.WINNER else result.loser
    if chosen is None:  # excluded by RackResult's invariant: only replays lack a winner
        raise IllegalActionError(f"rack result {result.type.value!r} has no winner")
    return chosen


def _ends_match(rules: RuleSet, result: RackResult) -> bool:
    """A38/A39: a match concession, or a disqualification with match scope, ends the match."""
    if result.type is RackResultType.MATCH_CONCESSION:
        return True
    return (
        result.type is RackResultType.DISQUALIFICATION
        and rules.disqualification_scope is DisqualificationScope.MATCH
    )


def _after_rack(match: MatchState, rack: RackState) -> MatchState:
    """Count a finished rack and start the next one, or end the match (A13, R54)."""
    result = rack.result
    if result is None:
        return dataclasses.replace(match, rack=rack)
    completed = match.completed.add(rack)
    if _ends_match(match.rules, result):
        return dataclasses.replace(match, rack=rack, completed=completed, winner=result.winner)
    won = match.racks_won
    if result.winner is not None:
        won = with_seat(won, result.winner, won[result.winner] + 1)
        if won[result.winner] >= match.race_to:
            return dataclasses.replace(
                match, rack=rack, completed=completed, racks_won=won, winner=result.winner
            )
    fresh = new_rack(match.rules, breaker=next_breaker(rack))
    return dataclasses.replace(match, rack=fresh, completed=completed, racks_won=won)


def _check_open(match: MatchState) -> None:
    if match.winner is not None:
        raise IllegalActionError(f"the match is over (won by {match.winner.name})")


def play(match: MatchState, shot: Shot) -> tuple[MatchState, Ruling]:
    """Play a shot in the rack in play; a finished rack starts the next one.

    Raises:
        IllegalActionError: the match is over, or the rack does not wait for a shot.
        InvalidShotError: the shot does not fit the table.
    """
    _check_open(match)
    rack, ruling = play_rack(match.rack, shot)
    return _after_rack(match, rack), ruling


def decide(match: MatchState, option: Option, *, by: Seat | None = None) -> MatchState:
    """The incoming player's decision after a foul.

    Raises:
        IllegalActionError: the match is over, no decision is pending, ``by`` is not the
            chooser, or the option was not offered.
    """
    _check_open(match)
    return dataclasses.replace(match, rack=decide_rack(match.rack, option, by=by))


def officiate(
    match: MatchState, event: OfficialEvent, player: Seat | None = None
) -> tuple[MatchState, Ruling]:
    """A concession, disqualification or stalemate (A37-A39).

    Raises:
        IllegalActionError: the match is over, or the event needs (or forbids) a player.
    """
    _check_open(match)
    rack, ruling = officiate_rack(match.rack, event, player)
    return _after_rack(match, rack), ruling


def time_foul(match: MatchState) -> tuple[MatchState, Ruling]:
    """The shot clock ran out on the player to shoot: a foul under §VIII (A50).

    See :func:`rotation61.rules.judge_time_foul`; the rack may end by it (§XV), and the
    match with it.

    Raises:
        IllegalActionError: the match is over, or the rack does not wait for a shot.
        ShotClockError: the clock is off, or the break is not timed.
    """
    _check_open(match)
    ruling = judge_time_foul(match.rack)
    return _after_rack(match, apply(match.rack, ruling)), ruling


def extend(match: MatchState, seat: Seat) -> MatchState:
    """``seat`` takes a shot-clock extension (A50; :func:`rotation61.rules.take_extension`).

    Raises:
        IllegalActionError: the match is over.
        ShotClockError: the clock is off, ``seat`` is not shooting, or no extension is left.
    """
    _check_open(match)
    return dataclasses.replace(match, rack=take_extension(match.rack, seat))
