"""The shot clock (A50): rule-set keys and presets, the time foul, extensions, the clock."""

from __future__ import annotations

import pytest

from rotation61.rules import (
    PRESETS,
    ContactType,
    FoulKind,
    IllegalActionError,
    KitchenFacts,
    Option,
    Phase,
    RackResultType,
    RuleSet,
    RuleSetProblem,
    RuleSetValueError,
    Seat,
    Shot,
    ShotClock,
    ShotClockError,
    ShotClockProblem,
    UnknownRuleSetError,
    Zone,
    apply,
    decide,
    extension_ms,
    extensions_left,
    get_ruleset,
    judge_time_foul,
    new_rack,
    play,
    setup_rack,
    shot_allowance_ms,
    take_extension,
)
from rotation61.text import Language, describe_foul, describe_refusal

CLOCK = get_ruleset("vn-national")
WPA = get_ruleset("wpa-majors")


def test_the_presets_hold_the_keys_of_a50() -> None:
    assert CLOCK.shot_clock_s == 40
    assert CLOCK.shot_clock_extensions == 0
    assert shot_allowance_ms(CLOCK, is_break=False, after_break=True) == 40_000
    assert (WPA.shot_clock_s, WPA.shot_clock_after_break_s) == (30, 60)
    assert (WPA.shot_clock_extensions, WPA.shot_clock_extension_s) == (1, 30)
    assert not WPA.shot_clock_times_break
    assert {"vn-national", "wpa-majors"} <= set(PRESETS)
    assert CLOCK.overrides() == {"shot_clock_s": 40}


def test_the_default_keeps_no_clock() -> None:
    rules = RuleSet()
    assert rules.shot_clock_s is None
    assert not rules.shot_clock
    assert shot_allowance_ms(rules, is_break=False, after_break=False) is None
    assert extension_ms(rules) == 0


def test_allowance_after_the_break_and_of_a_timed_break() -> None:
    assert shot_allowance_ms(WPA, is_break=False, after_break=True) == 60_000
    assert shot_allowance_ms(WPA, is_break=False, after_break=False) == 30_000
    assert shot_allowance_ms(WPA, is_break=True, after_break=False) is None
    timed = WPA.with_overrides({"shot_clock_times_break": True})
    assert shot_allowance_ms(timed, is_break=True, after_break=False) == 30_000
    assert shot_allowance_ms(CLOCK, is_break=False, after_break=True) == 40_000
    assert extension_ms(WPA) == 30_000
    assert extension_ms(CLOCK.with_overrides({"shot_clock_extensions": 2})) == 40_000


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("shot_clock_s", 0, RuleSetProblem.SHOT_CLOCK_RANGE),
        ("shot_clock_s", 3601, RuleSetProblem.SHOT_CLOCK_RANGE),
        ("shot_clock_after_break_s", -5, RuleSetProblem.SHOT_CLOCK_RANGE),
        ("shot_clock_extensions", 11, RuleSetProblem.EXTENSIONS_RANGE),
        ("shot_clock_extensions", -1, RuleSetProblem.EXTENSIONS_RANGE),
        ("shot_clock_extension_s", 0, RuleSetProblem.EXTENSION_LENGTH_RANGE),
    ],
)
def test_out_of_range_values_are_refused_with_their_code(
    key: str, value: int, problem: RuleSetProblem
) -> None:
    with pytest.raises(RuleSetValueError, match=key) as err:
        CLOCK.with_overrides({key: value})
    assert err.value.problem is problem
    assert err.value.value == value
    worded = describe_refusal(err.value, Language.VI)
    assert worded is not None
    assert str(abs(value)) in worded


@pytest.mark.parametrize(
    ("key", "value"),
    [("shot_clock_s", "40"), ("shot_clock_s", True), ("shot_clock_times_break", 1)],
)
def test_values_of_the_wrong_type_are_refused(key: str, value: object) -> None:
    with pytest.raises(UnknownRuleSetError, match=key):
        RuleSet().with_overrides({key: value})


def test_null_turns_the_clock_off() -> None:
    assert CLOCK.with_overrides({"shot_clock_s": None}).shot_clock is False


# --- the time foul ----------------------------------------------------------------


def _timed(**fields: object) -> RuleSet:
    return CLOCK.with_overrides(fields)


def test_a_time_foul_is_an_ordinary_foul() -> None:
    state = setup_rack(CLOCK, on_table={4, 9, 15}, scores=(50, 42), shooter=Seat.A)
    ruling = judge_time_foul(state)
    assert [f.kind for f in ruling.fouls] == [FoulKind.TIME_FOUL]
    assert ruling.legal is False
    assert ruling.points == 0
    assert not ruling.spotted
    assert ruling.next_to_act is Seat.B
    assert ruling.chooser is Seat.B
    assert ruling.options == (
        Option.ACCEPT_TABLE,
        Option.CUE_IN_HAND_KITCHEN,
        Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
    )
    assert ruling.consecutive_fouls == (1, 0)
    assert ruling.foul_counted is True
    after = apply(state, ruling)
    assert after.phase is Phase.DECISION
    assert after.scores == (50, 42)
    assert after.on_table == state.on_table


def test_a_time_foul_after_a_decision_with_cue_ball_in_hand() -> None:
    state = setup_rack(CLOCK, on_table={4, 9, 15}, scores=(50, 42), shooter=Seat.A)
    foul, _ = play(state, Shot(first_contact=9, rail_after_contact=frozenset({9})))
    in_hand = decide(foul, Option.CUE_IN_HAND_KITCHEN)
    assert in_hand.cue_in_hand
    assert in_hand.to_act is Seat.B
    ruling = judge_time_foul(in_hand)
    assert ruling.next_to_act is Seat.A
    assert len(ruling.options) == 3
    assert ruling.consecutive_fouls == (1, 1)


def test_a_time_foul_with_the_ball_in_play_in_the_kitchen_follows_a04() -> None:
    rules = _timed(kitchen_option_when_lowest_in_kitchen=False)
    state = setup_rack(rules, on_table={4, 9, 15}, scores=(50, 42))
    ruling = judge_time_foul(state, lowest_zone=Zone.KITCHEN)
    assert ruling.options == (Option.ACCEPT_TABLE, Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN)


def test_the_third_time_foul_gives_the_warning_and_the_fourth_loses_the_rack() -> None:
    state = setup_rack(CLOCK, on_table={4, 9, 15}, scores=(50, 42), consecutive_fouls=(2, 0))
    third = judge_time_foul(state)
    assert third.warning_due is Seat.A
    assert third.consecutive_fouls == (3, 0)
    warned = setup_rack(
        CLOCK, on_table={4, 9, 15}, scores=(50, 42), consecutive_fouls=(3, 0), warned=(True, False)
    )
    fourth = judge_time_foul(warned)
    assert fourth.result is not None
    assert fourth.result.type is RackResultType.LOSS_BY_CONSECUTIVE_FOULS
    assert (fourth.result.winner, fourth.result.offender) == (Seat.B, Seat.A)


def test_a_time_foul_on_a_timed_break_is_a_break_that_never_crossed() -> None:
    rules = _timed(shot_clock_times_break=True)
    ruling = judge_time_foul(new_rack(rules))
    assert ruling.options == (Option.CUE_IN_HAND_KITCHEN,)
    assert ruling.next_is_break
    assert ruling.foul_counted is False
    counted = _timed(shot_clock_times_break=True, uncrossed_break_foul_counts=True)
    assert judge_time_foul(new_rack(counted)).consecutive_fouls == (1, 0)


@pytest.mark.parametrize(
    ("state", "problem"),
    [
        (setup_rack(on_table={4, 9, 15}, scores=(50, 42)), ShotClockProblem.CLOCK_OFF),
        (new_rack(CLOCK), ShotClockProblem.BREAK_NOT_TIMED),
    ],
)
def test_a_time_foul_is_refused_when_nothing_is_timed(
    state: object, problem: ShotClockProblem
) -> None:
    with pytest.raises(ShotClockError) as err:
        judge_time_foul(state)  # type: ignore[arg-type]
    assert err.value.problem is problem
    assert describe_refusal(err.value, Language.EN) is not None


def test_a_time_foul_is_refused_while_a_decision_is_pending() -> None:
    state = apply(
        setup_rack(CLOCK, on_table={4, 9}, scores=(50, 57)),
        judge_time_foul(setup_rack(CLOCK, on_table={4, 9}, scores=(50, 57))),
    )
    with pytest.raises(IllegalActionError, match="decision"):
        judge_time_foul(state)


def test_the_time_foul_is_worded_with_its_decision() -> None:
    foul = judge_time_foul(setup_rack(CLOCK, on_table={4, 9}, scores=(50, 57))).fouls[0]
    for lang in Language:
        text = describe_foul(foul, lowest=4, lang=lang)
        assert "A50" in text
        assert "§VIII" in text


# --- extensions -------------------------------------------------------------------


def test_extensions_per_player_per_rack() -> None:
    state = setup_rack(WPA, on_table={4, 9, 15}, scores=(50, 42), shooter=Seat.A)
    assert extensions_left(state, Seat.A) == 1
    extended = take_extension(state, Seat.A)
    assert extended.extensions_used == (1, 0)
    assert extended.ply == state.ply
    assert extensions_left(extended, Seat.A) == 0
    assert extensions_left(extended, Seat.B) == 1
    with pytest.raises(ShotClockError) as err:
        take_extension(extended, Seat.A)
    assert err.value.problem is ShotClockProblem.NO_EXTENSION_LEFT
    with pytest.raises(ShotClockError) as err:
        take_extension(extended, Seat.B)
    assert err.value.problem is ShotClockProblem.NOT_SHOOTING
    missed, _ = play(extended, Shot(first_contact=4, rail_after_contact=frozenset({4})))
    assert take_extension(missed, Seat.B).extensions_used == (1, 1)


def test_no_extension_without_a_clock_or_without_extensions() -> None:
    for rules, problem in (
        (RuleSet(), ShotClockProblem.CLOCK_OFF),
        (CLOCK, ShotClockProblem.NO_EXTENSION_LEFT),
    ):
        with pytest.raises(ShotClockError) as err:
            take_extension(setup_rack(rules, on_table={4, 9}, scores=(50, 57)), Seat.A)
        assert err.value.problem is problem


def test_the_restore_and_replay_keeps_the_extensions_taken() -> None:
    state = setup_rack(WPA, on_table={4, 9, 15}, scores=(50, 42), shooter=Seat.A, cue_in_hand=True)
    extended = take_extension(state, Seat.A)
    shot = Shot(
        first_contact=4,
        rail_after_contact=frozenset({4}),
        kitchen=KitchenFacts(
            crossed_before_first_contact=False,
            first_contact_type=ContactType.BALL,
            first_ball_zone=Zone.KITCHEN,
            crossed=False,
        ),
    )
    foul, ruling = play(extended, shot)
    assert Option.RESTORE_AND_OFFENDER_REPLAYS in ruling.options
    replayed = decide(foul, Option.RESTORE_AND_OFFENDER_REPLAYS)
    assert replayed.extensions_used == (1, 0)


# --- the clock itself -------------------------------------------------------------


def test_the_clock_runs_pauses_and_stops_on_the_times_given() -> None:
    clock = ShotClock.for_shot(CLOCK).start(1_000)
    assert clock.remaining_ms(11_000) == 30_000
    assert not clock.is_warning(11_000)
    paused = clock.pause(21_000)
    assert paused.remaining_ms(99_000) == 20_000
    assert not paused.running
    resumed = paused.resume(50_000)
    assert resumed.is_warning(60_000)
    assert not resumed.is_expired(60_000)
    assert resumed.remaining_ms(70_000) == 0
    assert resumed.is_expired(70_000)
    assert not resumed.is_warning(70_000)
    stopped = resumed.stop(55_500)
    assert stopped.elapsed_ms == 25_500
    assert stopped.stopped
    with pytest.raises(ShotClockError) as err:
        stopped.start(60_000)
    assert err.value.problem is ShotClockProblem.CLOCK_STOPPED


def test_an_extension_adds_its_length() -> None:
    clock = ShotClock.for_shot(WPA).start(0).extend(extension_ms(WPA))
    assert clock.remaining_ms(50_000) == 10_000
    assert clock.is_warning(50_000)


def test_the_warning_begins_at_ten_seconds() -> None:
    clock = ShotClock.for_shot(CLOCK).start(0)
    assert not clock.is_warning(29_999)
    assert clock.is_warning(30_000)


def test_an_untimed_shot_has_no_clock() -> None:
    with pytest.raises(ShotClockError) as err:
        ShotClock.for_shot(RuleSet())
    assert err.value.problem is ShotClockProblem.CLOCK_OFF
    with pytest.raises(ShotClockError) as err:
        ShotClock.for_shot(CLOCK, is_break=True)
    assert err.value.problem is ShotClockProblem.BREAK_NOT_TIMED
