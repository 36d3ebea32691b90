"""Random but valid play: shots consistent with a rack, decisions among those offered.

Used by the property tests and by ``bench/referee.py``. Randomness comes from an
explicit ``random.Random``.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from rotation61.match import MatchState, decide, officiate, play, start_match
from rotation61.rules import (
    PRESETS,
    ContactType,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    OfficialEvent,
    Phase,
    RackState,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    Zone,
)

ZONES = (Zone.KITCHEN, Zone.ON_LINE, Zone.OUTSIDE)


def random_kitchen(rng: random.Random, first_contact: int | None) -> KitchenFacts:
    """Kitchen facts for a shot with cue ball in hand, mostly a clean crossing."""
    if rng.random() < 0.8:
        zone = None if first_contact is None else rng.choice(ZONES)
        kind = (
            ContactType.NONE
            if first_contact is None
            else rng.choice((ContactType.BALL, ContactType.RAIL))
        )
        return KitchenFacts(first_contact_type=kind, first_ball_zone=zone)
    if first_contact is None:
        crossed = rng.random() < 0.5
        return KitchenFacts(
            crossed_before_first_contact=False,
            first_contact_type=rng.choice((ContactType.NONE, ContactType.RAIL)),
            first_ball_zone=None,
            crossed=crossed,
        )
    return KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=rng.choice((ContactType.BALL, ContactType.RAIL)),
        first_ball_zone=rng.choice(ZONES),
        crossed=rng.random() < 0.5,
    )


def random_shot(rack: RackState, rng: random.Random) -> Shot:
    """A random shot whose facts fit the rack (balls on the table, cue ball in hand)."""
    on_table = sorted(rack.on_table)
    lowest = on_table[0]
    roll = rng.random()
    if roll < 0.05:
        first: int | None = None
    elif roll < 0.8:
        first = lowest
    else:
        first = rng.choice(on_table)
    pocketed: tuple[int, ...] = ()
    off: tuple[int, ...] = ()
    rails: set[int] = set()
    if first is not None:
        k = rng.choice((0, 0, 1, 1, 1, 2, 3)) if not rack.is_break else rng.choice((0, 0, 1, 2))
        pocketed = tuple(rng.sample(on_table, min(k, len(on_table))))
        rest = [b for b in on_table if b not in pocketed]
        if rest and rng.random() < 0.03:
            off = (rng.choice(rest),)
        if rng.random() < 0.9:
            rails.add(0)
        rails.update(
            b for b in on_table if b not in pocketed and b not in off and rng.random() < 0.1
        )
    break_rails = None
    if rack.is_break and first is not None:
        break_rails = frozenset(b for b in on_table if b not in off and rng.random() < 0.35)
    elif rack.is_break:
        break_rails = frozenset()
    cue_roll = rng.random()
    kitchen = random_kitchen(rng, first) if rack.cue_in_hand else None
    moved = None
    if rng.random() < 0.02:
        moved = ObstacleMove(ball=rng.choice(on_table), moved_by=rng.choice(tuple(MovedBy)))
    return Shot(
        first_contact=first,
        pocketed=pocketed,
        off_table=off,
        rail_after_contact=frozenset(rails),
        break_rail_balls=break_rails,
        cue_pocketed=cue_roll < 0.06,
        cue_off_table=0.06 <= cue_roll < 0.07,
        kitchen=kitchen,
        lowest_rest_zone=rng.choice(ZONES) if rng.random() < 0.2 else Zone.OUTSIDE,
        obstacle_moved=moved,
        general_rules_foul="double_hit" if rng.random() < 0.01 else None,
    )


def random_step(
    match: MatchState, rng: random.Random, *, events: bool = True
) -> tuple[MatchState, Ruling | None]:
    """One random input: a shot, a decision, or (rarely) an official event."""
    rack = match.rack
    if events and rng.random() < 0.002:
        event = rng.choice(tuple(OfficialEvent))
        player = None if event is OfficialEvent.STALEMATE_DECLARED else rng.choice((Seat.A, Seat.B))
        return officiate(match, event, player)
    if rack.phase is Phase.DECISION:
        assert rack.pending is not None
        option = rng.choice(rack.pending.options)
        return decide(match, option, by=rack.pending.chooser), None
    return play(match, random_shot(rack, rng))


def random_ruleset(rng: random.Random) -> RuleSet:
    return rng.choice(tuple(PRESETS.values()))


def random_match(seed: int, *, race_to: int = 2) -> MatchState:
    rng = random.Random(seed)
    return start_match(
        random_ruleset(rng), race_to=race_to, first_breaker=rng.choice((Seat.A, Seat.B))
    )


seeds = st.integers(min_value=0, max_value=2**32 - 1)
