"""The shot-clock service (A50) on fakes: the clock of the next shot, its times, its refusals."""

from __future__ import annotations

import pytest

from rotation61.records import DecisionInput, ShotInput, TimeFoulInput
from rotation61.rules import Option, Seat, Shot, ShotClockError, ShotClockProblem
from rotation61.web.core.errors import StaleInputError
from rotation61.web.services.matches import MatchService
from rotation61.web.services.shot_clock import ClockAction, ClockStatus, ShotClockService
from tests.web.fakes import FakeRepository, FakeShotClocks, RecordingNotifier
from tests.web.helpers import desk

BREAK = ShotInput(
    shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
)
MISS = ShotInput(shot=Shot(first_contact=1, rail_after_contact=frozenset({0})))


class Wall:
    """A server clock the test moves by hand (milliseconds)."""

    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


Parts = tuple[ShotClockService, FakeRepository, FakeShotClocks, Wall, list[int]]


@pytest.fixture
def parts() -> Parts:
    repo = FakeRepository()
    matches = MatchService(repo, RecordingNotifier(), pin_factory=lambda: "123456")
    store, wall, changed = FakeShotClocks(repo), Wall(), []
    clocks = ShotClockService(matches, store, now_ms=wall, changed=changed.append)
    return clocks, repo, store, wall, changed


def _match(clocks: ShotClockService, preset: str = "wpa-majors", **overrides: object) -> int:
    header = desk(players=("An", "Bình"), race_to=3, preset=preset, overrides=overrides)
    return clocks.matches.create_match(header).id


def test_a_match_without_a_clock_shows_off_and_refuses_a_change(parts: Parts) -> None:
    clocks, _, store, _, _ = parts
    match_id = _match(clocks, "standard")
    clocks.submit(match_id, 0, BREAK)
    assert clocks.clock(match_id).status is ClockStatus.OFF
    with pytest.raises(ShotClockError) as refused:
        clocks.act(match_id, 1, ClockAction.START)
    assert refused.value.problem is ShotClockProblem.CLOCK_OFF
    assert store.writes == 0


def test_the_untimed_break_is_idle_and_the_shot_after_it_runs_sixty_seconds(parts: Parts) -> None:
    clocks, _, store, wall, _ = parts
    match_id = _match(clocks)
    assert clocks.clock(match_id).status is ClockStatus.IDLE
    with pytest.raises(ShotClockError) as refused:
        clocks.act(match_id, 0, ClockAction.START)
    assert refused.value.problem is ShotClockProblem.BREAK_NOT_TIMED
    clocks.submit(match_id, 0, BREAK)
    wall.ms += 12_345
    now = clocks.clock(match_id)
    assert now.status is ClockStatus.RUNNING
    assert (now.allowance_ms, now.remaining_ms) == (60_000, 60_000 - 12_345)
    assert now.shooter is Seat.A
    assert store.clocks[match_id].seq == 1


def test_a_shot_takes_the_time_the_clock_ran_without_its_pauses(parts: Parts) -> None:
    clocks, repo, _, wall, changed = parts
    match_id = _match(clocks)
    clocks.submit(match_id, 0, BREAK)
    wall.ms += 4_000
    paused = clocks.act(match_id, 1, ClockAction.PAUSE)
    assert paused.status is ClockStatus.PAUSED
    assert paused.remaining_ms == 56_000
    wall.ms += 30_000  # a time out: not counted
    assert clocks.clock(match_id).remaining_ms == 56_000
    clocks.act(match_id, 1, ClockAction.START)
    wall.ms += 2_500
    clocks.submit(match_id, 1, MISS)
    assert repo.inputs[match_id][1] == ShotInput(shot=MISS.shot, time_ms=6_500)
    assert changed == [match_id, match_id]
    # The next shot (not after the break): 30 s, running from the input's storage.
    after = clocks.clock(match_id)
    assert (after.allowance_ms, after.remaining_ms, after.shooter) == (30_000, 30_000, Seat.B)


def test_extensions_are_judged_by_the_rules_and_stored_with_the_shot(parts: Parts) -> None:
    clocks, repo, store, wall, _ = parts
    match_id = _match(clocks)
    clocks.submit(match_id, 0, BREAK)
    clocks.submit(match_id, 1, MISS)  # B is at the table: 30 s
    wall.ms += 25_000
    extended = clocks.act(match_id, 2, ClockAction.EXTEND)
    assert (extended.remaining_ms, extended.extensions_used, extended.extensions_left) == (
        35_000,
        1,
        0,
    )
    writes = store.writes
    with pytest.raises(ShotClockError) as refused:
        clocks.act(match_id, 2, ClockAction.EXTEND)  # wpa-majors: one per player per rack
    assert refused.value.problem is ShotClockProblem.NO_EXTENSION_LEFT
    assert store.writes == writes
    assert store.clocks[match_id].extensions == 1
    wall.ms += 1_000
    clocks.submit(match_id, 2, MISS)
    assert repo.inputs[match_id][2] == ShotInput(shot=MISS.shot, time_ms=26_000, extensions=1)
    assert clocks.clock(match_id).extensions_left == 1  # A has his own


def test_a_change_for_an_old_input_writes_nothing(parts: Parts) -> None:
    clocks, _, store, _, _ = parts
    match_id = _match(clocks)
    clocks.submit(match_id, 0, BREAK)
    writes = store.writes
    with pytest.raises(StaleInputError):
        clocks.act(match_id, 0, ClockAction.PAUSE)
    assert store.writes == writes


def test_the_time_runs_out_and_the_clock_proposes_but_never_rules(parts: Parts) -> None:
    clocks, repo, _, wall, _ = parts
    match_id = _match(clocks, "vn-national")
    clocks.submit(match_id, 0, BREAK)
    wall.ms += 31_000
    warned = clocks.clock(match_id)
    assert warned.warning
    assert not warned.last_seconds
    wall.ms += 6_000
    assert clocks.clock(match_id).last_seconds
    wall.ms += 10_000
    expired = clocks.clock(match_id)
    assert expired.status is ClockStatus.EXPIRED
    assert expired.remaining_ms == 0
    assert len(repo.inputs[match_id]) == 1  # nothing ruled by the clock
    _, log = clocks.submit(match_id, 1, TimeFoulInput())
    assert repo.inputs[match_id][1] == TimeFoulInput(time_ms=47_000)
    assert log.match.rack.phase.value == "decision"
    assert clocks.clock(match_id).status is ClockStatus.IDLE  # B chooses first
    clocks.submit(match_id, 2, DecisionInput(option=Option.ACCEPT_TABLE))
    assert clocks.clock(match_id).status is ClockStatus.RUNNING


def test_reset_gives_the_whole_time_again(parts: Parts) -> None:
    clocks, _, _, wall, _ = parts
    match_id = _match(clocks, "vn-national")
    clocks.submit(match_id, 0, BREAK)
    wall.ms += 20_000
    assert clocks.act(match_id, 1, ClockAction.RESET).remaining_ms == 40_000


def test_a_clock_never_stored_waits_for_the_referee(parts: Parts) -> None:
    clocks, _, store, wall, _ = parts
    match_id = _match(clocks, "vn-national")
    clocks.submit(match_id, 0, BREAK)
    del store.clocks[match_id]  # as after a crash between the input and its clock
    wall.ms += 5_000
    assert clocks.clock(match_id).status is ClockStatus.WAITING
    started = clocks.act(match_id, 1, ClockAction.START)
    assert started.status is ClockStatus.RUNNING
    assert started.remaining_ms == 40_000
