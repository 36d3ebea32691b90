"""Legal match records drawn by Hypothesis, played through the engine by a MatchLog.

Every choice is a draw, so a failing record shrinks: toward no tags, the first names,
the ``standard`` preset, and plain shots (see :mod:`tests.strategies`).
"""

from __future__ import annotations

from hypothesis import strategies as st

from rotation61.geometry import Point
from rotation61.records import MatchHeader, MatchLog, MatchRecord
from rotation61.rules import PRESETS, Option, RackState, RuleSet, Shot, extensions_left
from tests.strategies import FINISH_BOUND, draw_event, draw_shot, finishing_input, pick, seats

NAMES = ("An", "Bình", 'Chí "Tay Cơ" Lê', "D\\E", "Ông Năm")
TAGS = ("Event", "Venue", "Date", "Round", "Table", "Referee", "Stream", "Notes")
NOTES = ("", "referee: the 1 was hit first", 'said "no foul" \\ ok')

_PER_MILLE = st.integers(0, 999)
_PRESET = st.sampled_from(tuple(PRESETS.values()))
_GAP = st.sampled_from(("1/3", "0.1", 1))
_POLICY = st.sampled_from(("winner", "loser", "alternate"))
_TARGET = st.sampled_from((31, 61, "61:50", "66:56"))
_SHOT_TIME = st.integers(0, 120_000)
_TAG_VALUE = st.sampled_from((*NAMES, "", "2025-05-01"))
_NAME = st.sampled_from(NAMES)
_ENGINE = st.sampled_from(("0.1.0", "0.2.0.dev1"))
_NOTE = st.sampled_from(NOTES)
_RACE_TO = [st.integers(1, n) for n in range(1, 10)]


def _rarely(draw: st.DrawFn, per_mille: int) -> bool:
    """True about ``per_mille`` times in a thousand; shrinks to False."""
    return draw(_PER_MILLE) >= 1000 - per_mille


@st.composite
def rulesets(draw: st.DrawFn) -> RuleSet:
    """A preset, sometimes with overrides of the keys a record stores as text or names."""
    rules = draw(_PRESET)
    if _rarely(draw, 300):
        rules = rules.with_overrides(
            {
                "cue_ball_spot_gap_in": draw(_GAP),
                "next_rack_breaker": draw(_POLICY),
                "target_points": draw(_TARGET),
            }
        )
    return rules


points: st.SearchStrategy[Point] = st.builds(
    Point,
    st.floats(-1, 101),
    st.one_of(st.just(25.0), st.floats(0, 50), st.just(1e-7)),
)
"""A ball centre in inches, on the table or just off it."""


@st.composite
def records(draw: st.DrawFn, *, max_race_to: int = 2, max_steps: int = 40) -> MatchRecord:
    """A record of a legal match with every kind of entry: up to ``max_steps`` drawn
    inputs, then, in about half the records, plain inputs that finish the match."""
    tags = [(name, draw(_TAG_VALUE)) for name in TAGS if _rarely(draw, 400)]
    header = MatchHeader.of(
        players=(draw(_NAME), draw(_NAME)),
        race_to=draw(_RACE_TO[max_race_to - 1]),
        rules=draw(rulesets()),
        first_breaker=draw(seats),
        tags=tags,
        engine=draw(_ENGINE),
    )
    log = MatchLog.begin(header)
    for _ in range(draw(st.integers(0, max_steps))):
        match = log.match
        if match.is_over:
            break
        rack = match.rack
        if _rarely(draw, 3):
            log, _ = log.officiate(*draw_event(draw))
        elif rack.pending is not None:
            log = log.decide(pick(draw, rack.pending.options))
        elif _timed(rack) and _rarely(draw, 60):
            log, _ = log.time_foul(time_ms=draw(_SHOT_TIME), extensions=_extension(draw, rack))
        else:
            shot = draw_shot(draw, rack)
            placement = draw(points) if rack.cue_in_hand and _rarely(draw, 300) else None
            positions = []
            if _rarely(draw, 100):
                positions = [
                    (ball, draw(points))
                    for ball in sorted(rack.on_table | {0})
                    if draw(st.booleans())
                ]
            timed = _timed(rack) and draw(st.booleans())
            log, _ = log.play(
                shot,
                placement=placement,
                positions=positions,
                time_ms=draw(_SHOT_TIME) if timed else None,
                extensions=_extension(draw, rack) if timed else 0,
            )
            if _rarely(draw, 50):
                assert log.last is not None
                before = log.last.before.rack
                note = draw(_NOTE)
                log, _ = log.override(draw_shot(draw, before), note=note)
    if draw(st.booleans()):
        log = _finish(log)
    return log.record


def _timed(rack: RackState) -> bool:
    """The shot to play is timed (A50)."""
    return rack.rules.shot_clock and (not rack.is_break or rack.rules.shot_clock_times_break)


def _extension(draw: st.DrawFn, rack: RackState) -> int:
    """Sometimes one extension, when the shooter has one left (A50)."""
    return 1 if extensions_left(rack, rack.to_act) and _rarely(draw, 300) else 0


def _finish(log: MatchLog) -> MatchLog:
    """Play the match to its end with :func:`tests.strategies.finishing_input`."""
    for _ in range(FINISH_BOUND):
        match = log.match
        if match.is_over:
            return log
        given = finishing_input(match)
        if isinstance(given, Shot):
            log, _ = log.play(given)
        else:
            assert isinstance(given, Option)
            log = log.decide(given)
    raise AssertionError(f"the match did not end within {FINISH_BOUND} finishing inputs")
