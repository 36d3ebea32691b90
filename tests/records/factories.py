"""Random but legal match records, played through the engine by a RecordBuilder."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from rotation61.geometry import Point
from rotation61.records import MatchRecord, RecordBuilder
from rotation61.rules import PRESETS, OfficialEvent, Phase, RuleSet, Seat
from tests.strategies import random_shot

NAMES = ("An", "Bình", 'Chí "Tay Cơ" Lê', "D\\E", "Ông Năm")
TAGS = ("Event", "Venue", "Date", "Round", "Table", "Referee", "Stream", "Notes")


def _rules(rng: random.Random) -> RuleSet:
    rules = rng.choice(tuple(PRESETS.values()))
    if rng.random() < 0.3:
        rules = rules.with_overrides(
            {
                "cue_ball_spot_gap_in": rng.choice(("1/3", "0.1", 1)),
                "next_rack_breaker": rng.choice(("winner", "loser", "alternate")),
                "target_points": rng.choice((31, 61)),
            }
        )
    return rules


def _point(rng: random.Random) -> Point:
    return Point(rng.uniform(-1, 101), rng.choice((25, rng.uniform(0, 50), 1e-7)))


def random_record(seed: int, *, race_to: int = 1, max_steps: int = 400) -> MatchRecord:
    """A record of a random legal match (possibly unfinished), with every kind of entry."""
    rng = random.Random(seed)
    tags = [(name, rng.choice((*NAMES, "", "2025-05-01"))) for name in TAGS if rng.random() < 0.4]
    builder = RecordBuilder.start(
        players=(rng.choice(NAMES), rng.choice(NAMES)),
        race_to=race_to,
        rules=_rules(rng),
        first_breaker=rng.choice((Seat.A, Seat.B)),
        tags=tags,
        engine=rng.choice(("0.1.0", "0.2.0.dev1")),
    )
    for _ in range(max_steps):
        match = builder.match
        if match.is_over:
            break
        rack = match.rack
        if rng.random() < 0.003:
            event = rng.choice(tuple(OfficialEvent))
            player = None if event is OfficialEvent.STALEMATE_DECLARED else rng.choice(tuple(Seat))
            builder, _ = builder.officiate(event, player)
        elif rack.phase is Phase.DECISION:
            assert rack.pending is not None
            builder = builder.decide(rng.choice(rack.pending.options))
        else:
            placement = _point(rng) if rack.cue_in_hand and rng.random() < 0.3 else None
            positions = (
                [(ball, _point(rng)) for ball in sorted(rack.on_table | {0}) if rng.random() < 0.5]
                if rng.random() < 0.1
                else []
            )
            builder, _ = builder.play(
                random_shot(rack, rng), placement=placement, positions=positions
            )
            if rng.random() < 0.05:
                before = builder.history[-2].rack
                note = rng.choice(("", "referee: the 1 was hit first", 'said "no foul" \\ ok'))
                builder, _ = builder.override(random_shot(before, rng), note=note)
    return builder.record


records = st.builds(
    random_record,
    st.integers(min_value=0, max_value=2**32 - 1),
    race_to=st.integers(min_value=1, max_value=2),
    max_steps=st.integers(min_value=0, max_value=300),
)
