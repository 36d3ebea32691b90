"""Hypothesis strategies for valid play: rule sets, racks, shots, decisions, official events.

Every random choice is a Hypothesis draw, so a failing case shrinks: toward the first
preset, seat A, and the plainest shot (the ball in play hit first and pocketed, the cue
ball to a cushion, nothing else), which always makes progress. Rare facts (a scratch, a
ball off the table, an obstacle moved, a general-rules foul) are drawn from an integer
roll that shrinks to "did not happen".

Inputs that depend on the state are drawn one at a time with ``st.data()``:
:func:`playout` plays a match with drawn inputs, then finishes it with
:func:`finishing_input`, so that every example ends and stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from hypothesis import strategies as st

from rotation61 import match as matches
from rotation61.match import MatchState, start_match
from rotation61.rules import (
    PRESETS,
    ContactType,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    OfficialEvent,
    Option,
    PendingDecision,
    RackState,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    Zone,
    extensions_left,
    new_rack,
)

ZONES = (Zone.OUTSIDE, Zone.KITCHEN, Zone.ON_LINE)
"""Zones, the usual one first (it is what a failing case shrinks to)."""

_T = TypeVar("_T")

MAX_DRAWN = 50
"""Inputs drawn per playout; then :func:`finishing_input` ends the match."""

MAX_DRAWN_PER_RACK = 25
"""Inputs drawn per rack; then :func:`finishing_input` ends the rack, and the next rack
is drawn again (so that every rack of a match sees drawn play)."""

FINISH_BOUND = 60
"""Inputs within which :func:`finishing_input` ends any match of a race to 2 or less."""

Event: TypeAlias = tuple[OfficialEvent, Seat | None]
"""An official event and the player concerned (``None`` for a stalemate)."""


@dataclass(frozen=True)
class TimeFoul:
    """The shot clock ran out on the player to shoot (A50)."""


@dataclass(frozen=True)
class Extension:
    """The player to shoot takes a shot-clock extension (A50)."""

    seat: Seat


Input: TypeAlias = Shot | Option | Event | TimeFoul | Extension
"""One input of a match: a shot, a decision, an official event, a time foul or an
extension (the last two only under a shot clock)."""


_ROLL = st.integers(0, 99)
_RARE = st.integers(0, 999)
_BOOL = st.booleans()
_ZONE = st.sampled_from(ZONES)
_CONTACT_AFTER_CROSSING = st.sampled_from((ContactType.BALL, ContactType.RAIL))
_CONTACT_NO_BALL = st.sampled_from((ContactType.NONE, ContactType.RAIL))
_MOVED_BY = st.sampled_from(MovedBy)
_EVENT = st.sampled_from(OfficialEvent)
_COUNT = st.sampled_from((1, 0, 1, 0, 2, 3))
_BREAK_COUNT = st.sampled_from((1, 0, 2))

rulesets: st.SearchStrategy[RuleSet] = st.sampled_from(tuple(PRESETS.values()))
"""A preset rule set; shrinks to ``standard``."""

seats: st.SearchStrategy[Seat] = st.sampled_from(Seat)


def draw_event(draw: st.DrawFn) -> Event:
    """A concession, a disqualification (of a seat) or a declared stalemate (of none)."""
    event = draw(_EVENT)
    player = None if event is OfficialEvent.STALEMATE_DECLARED else draw(seats)
    return event, player


def draw_kitchen(draw: st.DrawFn, first_contact: int | None) -> KitchenFacts:
    """How the cue ball left the kitchen, mostly a clean crossing (§XVI)."""
    if draw(_ROLL) < 80:
        if first_contact is None:
            return KitchenFacts(first_contact_type=ContactType.NONE, first_ball_zone=None)
        kind = draw(_CONTACT_AFTER_CROSSING)
        return KitchenFacts(first_contact_type=kind, first_ball_zone=draw(_ZONE))
    if first_contact is None:
        return KitchenFacts(
            crossed_before_first_contact=False,
            first_contact_type=draw(_CONTACT_NO_BALL),
            first_ball_zone=None,
            crossed=draw(_BOOL),
        )
    return KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=draw(_CONTACT_AFTER_CROSSING),
        first_ball_zone=draw(_ZONE),
        crossed=draw(_BOOL),
    )


_INDEX = [st.nothing(), *(st.integers(0, n - 1) for n in range(1, 17))]
"""``_INDEX[n]`` draws an index into a sequence of ``n``; built once (drawing from fresh
strategies costs more than the draw)."""
_UP_TO = [st.integers(0, n) for n in range(16)]


def pick(draw: st.DrawFn, items: Sequence[_T]) -> _T:
    """One of ``items`` (at most 16); shrinks to the first."""
    return items[draw(_INDEX[len(items)])]


def _some(
    draw: st.DrawFn, balls: Sequence[int], *, size: int | None = None, most: int = 3
) -> list[int]:
    """Distinct balls among ``balls``: exactly ``size``, or up to ``most``; shrinks to the
    fewest, then to the first ones."""
    pool = list(balls)
    count = draw(_UP_TO[min(most, len(pool))]) if size is None else min(size, len(pool))
    return [pool.pop(draw(_INDEX[len(pool)])) for _ in range(count)]


def draw_shot(draw: st.DrawFn, rack: RackState) -> Shot:
    """A shot whose facts fit the rack: balls on the table, kitchen facts with ball in hand.

    Three in four shots hit the ball in play first; most pocket a ball or two. Two rolls
    decide the rarer facts, one for the object balls (a ball off the table, an obstacle
    moved, a general-rules foul, where the ball in play rests) and one for the cue ball
    (no cushion, a scratch, off the table), so that they can combine. The simplest shot,
    which failing cases shrink to, hits the ball in play first, pockets
    it, and sends the cue ball to a cushion.
    """
    on_table = sorted(rack.on_table)
    lowest = on_table[0]
    roll = draw(_ROLL)
    first: int | None = lowest if roll < 75 else (pick(draw, on_table) if roll < 95 else None)
    rare = draw(_RARE)
    cue_roll = draw(_ROLL)
    pocketed: tuple[int, ...] = ()
    off: tuple[int, ...] = ()
    rails: frozenset[int] = frozenset()
    if first is not None:
        count = draw(_BREAK_COUNT if rack.is_break else _COUNT)
        pocketed = tuple(_some(draw, [first, *(b for b in on_table if b != first)], size=count))
        rest = [b for b in on_table if b not in pocketed]
        if rest and 970 <= rare < 1000:
            off = (pick(draw, rest),)
        cue = frozenset() if 83 <= cue_roll < 93 else frozenset({0})
        rails = cue | frozenset(_some(draw, [b for b in rest if b not in off]))
    break_rails = None
    if rack.is_break:
        near = [b for b in on_table if b not in off]
        break_rails = frozenset(_some(draw, near, most=8)) if first is not None else frozenset()
    kitchen = draw_kitchen(draw, first) if rack.cue_in_hand else None
    obstacle = None
    if 700 <= rare < 720:
        obstacle = ObstacleMove(ball=pick(draw, on_table), moved_by=draw(_MOVED_BY))
    return Shot(
        first_contact=first,
        pocketed=pocketed,
        off_table=off,
        rail_after_contact=rails,
        break_rail_balls=break_rails,
        cue_pocketed=cue_roll >= 94,
        cue_off_table=cue_roll == 93,
        kitchen=kitchen,
        lowest_rest_zone=draw(_ZONE) if 500 <= rare < 700 else Zone.OUTSIDE,
        obstacle_moved=obstacle,
        general_rules_foul="double_hit" if 720 <= rare < 730 else None,
    )


def draw_input(draw: st.DrawFn, match: MatchState, *, events: bool = True) -> Input:
    """A valid input for the match in play: a decision if one is pending, else a shot,
    and rarely (3 in 1000) an official event; under a shot clock, sometimes a time foul
    or an extension."""
    rack = match.rack
    if events and draw(_RARE) >= 997:
        return draw_event(draw)
    if rack.pending is not None:
        return pick(draw, rack.pending.options)
    rules = rack.rules
    if rules.shot_clock and (not rack.is_break or rules.shot_clock_times_break):
        roll = draw(_ROLL)
        if roll >= 94:
            return TimeFoul()
        if roll >= 90 and extensions_left(rack, rack.to_act):
            return Extension(rack.to_act)
    return draw_shot(draw, rack)


@st.composite
def official_events(draw: st.DrawFn) -> Event:
    """Strategy form of :func:`draw_event`."""
    return draw_event(draw)


def decisions(pending: PendingDecision) -> st.SearchStrategy[Option]:
    """One of the options offered; shrinks to the first in canonical order."""
    return st.sampled_from(pending.options)


@st.composite
def shots(draw: st.DrawFn, rack: RackState) -> Shot:
    """Strategy form of :func:`draw_shot`."""
    return draw_shot(draw, rack)


@st.composite
def inputs(draw: st.DrawFn, match: MatchState, *, events: bool = True) -> Input:
    """Strategy form of :func:`draw_input`."""
    return draw_input(draw, match, events=events)


@st.composite
def racks(draw: st.DrawFn) -> RackState:
    """A fresh rack under a preset rule set, broken by either seat."""
    return new_rack(draw(rulesets), breaker=draw(seats))


@st.composite
def match_starts(draw: st.DrawFn, *, max_race_to: int = 2) -> MatchState:
    """A new match under a preset rule set, a race to 1..``max_race_to``."""
    return start_match(
        draw(rulesets),
        race_to=1 + draw(_UP_TO[max_race_to - 1]),
        first_breaker=draw(seats),
    )


def feed(match: MatchState, given: Input) -> tuple[MatchState, Ruling | None]:
    """Give an input to the match; decisions have no ruling."""
    if isinstance(given, Shot):
        return matches.play(match, given)
    if isinstance(given, Option):
        return matches.decide(match, given), None
    if isinstance(given, TimeFoul):
        return matches.time_foul(match)
    if isinstance(given, Extension):
        return matches.extend(match, given.seat), None
    return matches.officiate(match, *given)


def finishing_input(match: MatchState) -> Input:
    """A plain input that ends the rack soon: pocket every ball, or take the first option.

    From a shot, the ball in play first and every ball pocketed is a legal shot that
    ends the rack (§II); after a foul the incoming player takes the first option.
    """
    rack = match.rack
    if rack.pending is not None:
        return rack.pending.options[0]
    on_table = sorted(rack.on_table)
    return Shot(
        first_contact=on_table[0],
        pocketed=tuple(on_table),
        rail_after_contact=frozenset({0}),
        break_rail_balls=frozenset() if rack.is_break else None,
    )


@dataclass(frozen=True)
class Step:
    """One input of a playout, with the match before and after it."""

    before: MatchState
    given: Input
    after: MatchState
    ruling: Ruling | None
    drawn: bool


@dataclass(frozen=True)
class Playout:
    """A match played to its end: drawn inputs, then finishing inputs.

    Its repr is the start and the inputs, which is what a failing case needs to show.
    """

    start: MatchState
    steps: tuple[Step, ...]

    def __repr__(self) -> str:
        start = self.start
        head = (
            f"start_match(PRESETS[{start.rules.name!r}], race_to={start.race_to}, "
            f"first_breaker=Seat.{start.rack.breaker.name})"
        )
        lines = [f"  {'' if s.drawn else '(finishing) '}{s.given!r}" for s in self.steps]
        return "\n".join([f"Playout from {head}, inputs:", *lines])

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """Hypothesis prints a falsifying example with this: the inputs, not the states."""
        printer.text(repr(self))  # type: ignore[attr-defined]


def play_out(
    draw: st.DrawFn, match: MatchState, *, max_drawn: int = MAX_DRAWN, events: bool = True
) -> Playout:
    """Play ``match`` to its end: drawn inputs (up to ``max_drawn`` in all and
    :data:`MAX_DRAWN_PER_RACK` per rack), finishing inputs beyond.

    Raises:
        AssertionError: the finishing inputs did not end the match within FINISH_BOUND.
    """
    start = match
    steps: list[Step] = []
    drawn = 0
    while len(steps) < max_drawn + FINISH_BOUND:
        if match.is_over:
            return Playout(start, tuple(steps))
        by_draw = drawn < max_drawn and match.rack.ply < MAX_DRAWN_PER_RACK
        given = draw_input(draw, match, events=events) if by_draw else finishing_input(match)
        drawn += by_draw
        after, ruling = feed(match, given)
        steps.append(Step(match, given, after, ruling, drawn=by_draw))
        match = after
    raise AssertionError(
        f"the match did not end within {FINISH_BOUND} finishing inputs "
        f"(rack {match.rack_number}, phase {match.rack.phase.value})"
    )


@st.composite
def playouts(
    draw: st.DrawFn, *, max_race_to: int = 2, max_drawn: int = MAX_DRAWN, events: bool = True
) -> Playout:
    """A match under a preset, played to its end by drawn inputs (see :func:`play_out`)."""
    match = draw(match_starts(max_race_to=max_race_to))
    return play_out(draw, match, max_drawn=max_drawn, events=events)


def rack_after(step: Step) -> RackState:
    """The rack the step was played in, after the step (the finished rack if it ended)."""
    ruling = step.ruling
    if ruling is not None and ruling.result is not None:
        return step.after.completed[-1]
    return step.after.rack
