"""Exact wording of fouls, rulings, spotting instructions and the scoreboard."""

from __future__ import annotations

import pytest

from rotation61 import match as matches
from rotation61.match import start_match
from rotation61.rules import (
    PRESETS,
    ContactType,
    Foul,
    FoulKind,
    KitchenFacts,
    OfficialEvent,
    Option,
    RackState,
    Seat,
    Shot,
    Zone,
    decide,
    judge,
    play,
    setup_rack,
)
from rotation61.text import (
    Language,
    describe_choice,
    describe_foul,
    describe_ruling,
    describe_state,
)

NAMES = ("An", "Bình")


def test_wrong_first_contact_in_english() -> None:
    foul = Foul(FoulKind.WRONG_FIRST_CONTACT, 5)
    assert (
        describe_foul(foul, lowest=3, lang=Language.EN)
        == "Foul (§VI): the cue ball first hit the 5; the ball in play was the 3"
    )


def test_wrong_first_contact_in_vietnamese() -> None:
    foul = Foul(FoulKind.WRONG_FIRST_CONTACT, 5)
    assert (
        describe_foul(foul, lowest=3, lang=Language.VI)
        == "Phạm lỗi (§VI): bi cái chạm bi 5 đầu tiên; bi mục tiêu chính là bi 3"
    )


def test_general_rules_foul_names_the_call() -> None:
    foul = Foul(FoulKind.GENERAL_RULES_FOUL, label="double_hit")
    assert describe_foul(foul, lowest=3, lang=Language.EN) == (
        "Foul (general rules): the referee called a double hit"
    )
    assert describe_foul(foul, lowest=3, lang=Language.VI) == (
        "Phạm lỗi (luật chung): trọng tài bắt lỗi đánh hai lần"
    )
    odd = Foul(FoulKind.GENERAL_RULES_FOUL, label="slow_play")
    assert describe_foul(odd, lowest=3, lang=Language.EN).endswith("called “slow play”")


def test_legal_shot_lines_give_points_and_the_next_shooter() -> None:
    state = setup_rack(on_table={3, 4, 9, 12}, scores=(40, 52), shooter=Seat.B)
    ruling = judge(state, Shot(first_contact=3, pocketed=(3,), rail_after_contact=frozenset()))
    assert describe_ruling(ruling, lowest_before=3, lang=Language.VI, names=NAMES) == [
        "Cú đánh hợp lệ: Bình đưa bi 3 vào lỗ (+3 điểm).",
        "Bình tiếp tục đánh.",
    ]
    miss = judge(state, Shot(first_contact=3, rail_after_contact=frozenset({0})))
    assert describe_ruling(miss, lowest_before=3, lang=Language.EN, names=NAMES) == [
        "Legal shot, nothing pocketed: Bình misses.",
        "An to shoot.",
    ]


def test_foul_lines_spot_the_ball_in_play_then_the_others_in_ascending_order() -> None:
    state = setup_rack(on_table={3, 4, 9, 12, 15}, scores=(40, 37))
    shot = Shot(first_contact=9, pocketed=(12, 3), off_table=(4,))
    lines = describe_ruling(judge(state, shot), lowest_before=3, lang=Language.EN, names=NAMES)
    assert lines[0] == "Foul (§VI): the cue ball first hit the 9; the ball in play was the 3"
    assert lines[1] == "Foul (§XII): the 4 left the table"
    assert lines[2] == "An loses the inning; balls pocketed on a foul score nothing (§VIII)."
    assert lines[3].startswith("Spot the 3 (the ball in play) on the foot spot;")
    assert "frozen to the obstructing ball but not to the cue ball (§IX)" in lines[3]
    assert lines[4].startswith(
        "Spot 4, 12 on the long string in ascending order from the foot rail toward the foot "
        "spot (the 4 against the foot rail)"
    )
    assert lines[4].endswith("continue past the foot spot toward the centre spot (§XIII).")
    assert lines[5] == "An: 1 of 4 consecutive fouls (§XV)."
    assert lines[6] == "Bình to choose: accept the table / cue ball in hand."


def test_vietnamese_spotting_uses_the_rulebook_terms_and_ball_order() -> None:
    state = setup_rack(on_table={2, 5, 8, 11, 14}, scores=(40, 40))
    shot = Shot(first_contact=5, pocketed=(14, 2, 8))
    lines = describe_ruling(judge(state, shot), lowest_before=2, lang=Language.VI)
    lowest = next(line for line in lines if "(§IX)" in line)
    others = next(line for line in lines if "(§XIII)" in line)
    assert lowest.startswith("Đặt bi 2 (bi mục tiêu chính) tại điểm cuối bàn;")
    assert "lằn dọc" in lowest
    assert "không dính vào bi cái" in lowest
    assert others.startswith("Đặt lại bi 8, 14 trên lằn dọc cuối bàn theo thứ tự từ nhỏ tới lớn")
    assert "(bi 8 sát băng ngang cuối bàn)" in others
    assert "từ điểm cuối bàn về điểm giữa bàn" in others


def test_spotting_from_the_foot_spot_under_the_bca_preset() -> None:
    state = setup_rack(PRESETS["bca"], on_table={2, 5, 8}, scores=(50, 55))
    ruling = judge(state, Shot(first_contact=5, pocketed=(8,)))
    lines = describe_ruling(ruling, lowest_before=2, lang=Language.EN, rules=PRESETS["bca"])
    assert any(
        line.startswith("Spot 8 on the long string in ascending order from the foot spot")
        for line in lines
    )


def test_warning_and_loss_by_consecutive_fouls() -> None:
    state = setup_rack(on_table={3, 4}, scores=(60, 53), consecutive_fouls=(2, 0))
    state, ruling = play(state, Shot(first_contact=4, rail_after_contact=frozenset({0})))
    lines = describe_ruling(ruling, lowest_before=3, lang=Language.EN, names=NAMES)
    assert "An: 3 of 4 consecutive fouls (§XV)." in lines
    assert "Warning (§XV): An has 3 consecutive fouls; one more foul loses the rack." in lines
    vi = describe_ruling(ruling, lowest_before=3, lang=Language.VI, names=NAMES)
    assert "Cảnh báo (§XV): An đã phạm 3 lỗi liên tục; thêm một lỗi nữa sẽ bị xử thua ván." in vi
    state = choose_and_miss(state)
    _, last = play(state, Shot(first_contact=4, rail_after_contact=frozenset({0})))
    lines = describe_ruling(last, lowest_before=3, lang=Language.VI, names=NAMES)
    assert lines[-1] == ("Hết ván (§XV): An phạm 4 lỗi liên tục và bị xử thua ván; Bình thắng ván.")
    assert not any("lỗi liên tục (§XV)." in line for line in lines[:-1])


def choose_and_miss(state: RackState) -> RackState:
    state = decide(state, Option.ACCEPT_TABLE)
    state, _ = play(state, Shot(first_contact=3, rail_after_contact=frozenset({0})))
    return state


def test_tie_60_60_replay_names_the_breaker() -> None:
    state = setup_rack(on_table={5}, scores=(60, 55), shooter=Seat.B)
    ruling = judge(state, Shot(first_contact=5, pocketed=(5,)))
    assert describe_ruling(ruling, lowest_before=5, lang=Language.VI, names=NAMES) == [
        "Cú đánh hợp lệ: Bình đưa bi 5 vào lỗ (+5 điểm).",
        "Hết ván (§II): 60–60, ván đấu được xem như là hoà và sẽ đánh lại; Bình, đấu thủ đánh "
        "bi mục tiêu cuối cùng để gỡ hoà, khai cuộc ở ván đánh lại.",
    ]


def test_uncrossed_break_and_rerack_say_who_breaks() -> None:
    kz = KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=ContactType.NONE,
        first_ball_zone=None,
        crossed=False,
    )
    match = start_match(race_to=1)
    _, ruling = matches.play(match, Shot(kitchen=kz))
    lines = describe_ruling(ruling, lowest_before=1, lang=Language.EN, names=NAMES)
    assert "This foul does not count toward consecutive fouls (§XV)." in lines
    assert any(line.startswith("The cue ball never crossed the head string") for line in lines)
    rerack = start_match(PRESETS["rerack"], race_to=1)
    _, ruling = matches.play(rerack, Shot(first_contact=1, off_table=(7,)))
    lines = describe_ruling(ruling, lowest_before=1, lang=Language.VI, names=NAMES)
    assert "Bi mục tiêu rơi khỏi bàn trong cú khai cuộc: xếp lại tất cả 15 bi mục tiêu (§IV)." in (
        lines
    )
    assert not any("(§XIII)" in line for line in lines)


def test_unsportsmanlike_review_is_flagged_on_the_second_kitchen_contact() -> None:
    kn = KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=ContactType.BALL,
        first_ball_zone=Zone.KITCHEN,
        crossed=False,
    )
    state = setup_rack(on_table={3, 4, 5}, scores=(54, 54), cue_in_hand=True)
    state, first = play(state, Shot(first_contact=3, kitchen=kn))
    assert (
        "Bình to choose: accept the table / cue ball in hand / spot the ball in play / "
        "restore and replay."
        in describe_ruling(first, lowest_before=3, lang=Language.EN, names=NAMES)
    )
    state = decide(state, Option.RESTORE_AND_OFFENDER_REPLAYS)
    _, second = play(state, Shot(first_contact=3, kitchen=kn))
    lines = describe_ruling(second, lowest_before=3, lang=Language.EN, names=NAMES)
    assert any(line.startswith("Referee review (§XVI): An again") for line in lines)


def test_choices_spot_the_ball_in_play_or_restore() -> None:
    assert describe_choice(
        Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
        chooser=Seat.B,
        lowest=6,
        lang=Language.VI,
        names=NAMES,
    )[1].startswith("Đặt bi 6 (bi mục tiêu chính) tại điểm cuối bàn")
    assert describe_choice(
        Option.RESTORE_AND_OFFENDER_REPLAYS,
        chooser=Seat.B,
        lowest=6,
        lang=Language.EN,
        names=NAMES,
    ) == [
        "Bình chooses: restore and replay.",
        "The balls go back where they were; An shoots again with the cue ball in hand behind "
        "the head string (§XVI).",
    ]


@pytest.mark.parametrize(
    ("event", "player", "expected"),
    [
        (
            OfficialEvent.CONCEDE_RACK,
            Seat.A,
            ["Rack conceded: An.", "Rack over: An concedes the rack; Bình wins the rack."],
        ),
        (
            OfficialEvent.STALEMATE_DECLARED,
            None,
            [
                "Stalemate declared.",
                "Rack over: the referee declared a stalemate and the rack is replayed; "
                "An breaks again.",
            ],
        ),
        (
            OfficialEvent.DISQUALIFICATION,
            Seat.B,
            [
                "Disqualification (§V, §XVII): Bình.",
                "Bình is disqualified (§V, §XVII); An wins the match.",
            ],
        ),
    ],
    ids=str,
)
def test_official_events(event: OfficialEvent, player: Seat | None, expected: list[str]) -> None:
    _, ruling = matches.officiate(start_match(race_to=2), event, player)
    assert describe_ruling(ruling, lowest_before=1, lang=Language.EN, names=NAMES) == expected


def test_scoreboard_in_vietnamese_during_a_decision() -> None:
    match = start_match(race_to=3)
    match, _ = matches.play(match, Shot(first_contact=1, pocketed=(2, 3)))
    match, _ = matches.play(match, Shot(first_contact=6, rail_after_contact=frozenset({0})))
    assert describe_state(match, NAMES, Language.VI) == [
        "Ván 1 (trận đấu chạm 3) · số ván thắng: An 0 – 0 Bình",
        "Điểm: An 5 – 0 Bình (cần 61 điểm)",
        "Bi mục tiêu chính: bi 1 · điểm còn trên bàn: 115 (13 bi)",
        "Lỗi liên tục: An 1 – 0 Bình",
        "Bình được chọn sau lỗi của đối thủ.",
    ]
    match = matches.decide(match, Option.CUE_IN_HAND_KITCHEN)
    assert describe_state(match, NAMES, Language.EN)[-1] == (
        "Bình to shoot, cue ball in hand behind the head string."
    )


def test_scoreboard_after_the_match() -> None:
    match, _ = matches.officiate(start_match(race_to=2), OfficialEvent.CONCEDE_MATCH, Seat.B)
    assert describe_state(match, NAMES, Language.EN)[-1] == (
        "Match over: An wins the match (racks won: An 0 – 0 Bình)."
    )
