"""The scorekeeper's keystroke grammar on its own: each keystroke of the README's table."""

from __future__ import annotations

import dataclasses

import pytest

from rotation61.cli.score.grammar import (
    OPTION_LETTERS,
    OPTION_NUMBERS,
    ChosenOption,
    Control,
    KeystrokeError,
    OfficialCall,
    format_line,
    parse_line,
)
from rotation61.cli.score.wording import Wording
from rotation61.match import MatchState
from rotation61.records import MatchHeader, MatchLog
from rotation61.rules import (
    CUE_BALL,
    GENERAL_RULES_FOULS,
    ContactType,
    KitchenFacts,
    ObstacleMove,
    OfficialEvent,
    Option,
    Seat,
    Shot,
    Zone,
)
from rotation61.text import Language

NAMES = ("Ann", "Bob")
ON_THE_CUSHION = frozenset({CUE_BALL})


def _log() -> MatchLog:
    return MatchLog.begin(MatchHeader.of(players=NAMES, race_to=3))


def _after_break() -> MatchLog:
    """A legal break (the 2 and the 3 pocketed): Ann shoots at the 1."""
    log, _ = _log().play(parse_line("2 3", _log().match, NAMES))
    return log


def _decision() -> MatchLog:
    """Ann hit the 5 first: Bob chooses (accept the table, cue in hand, spot the 1)."""
    log, ruling = _after_break().play(parse_line("h5", _after_break().match, NAMES))
    assert not ruling.legal
    return log


BREAK: MatchState = _log().match
AFTER_BREAK: MatchState = _after_break().match
DECISION: MatchState = _decision().match
IN_HAND: MatchState = _decision().decide(Option.CUE_IN_HAND_KITCHEN).match


def _miss(**changes: object) -> Shot:
    """The shot of an empty line after the break, with some facts changed."""
    plain = Shot(first_contact=1, rail_after_contact=ON_THE_CUSHION)
    return dataclasses.replace(plain, **changes)


# --- Shots ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "shot"),
    [
        ("", _miss()),
        ("4 9", _miss(pocketed=(4, 9))),
        ("h7", _miss(first_contact=7)),
        ("0", _miss(first_contact=None, rail_after_contact=frozenset())),
        ("n", _miss(rail_after_contact=frozenset())),
        ("x", _miss(cue_pocketed=True)),
        ("o0", _miss(cue_off_table=True)),
        ("o12", _miss(off_table=(12,))),
        ("m7", _miss(obstacle_moved=ObstacleMove(ball=7))),
        ("lk", _miss(lowest_rest_zone=Zone.KITCHEN)),
        ("g:double_hit", _miss(general_rules_foul="double_hit")),
        ("G:Double_Hit", _miss(general_rules_foul="double_hit")),
        ("  H7,  4  ", _miss(first_contact=7, pocketed=(4,))),
        ("9 4", _miss(pocketed=(9, 4))),
    ],
    ids=repr,
)
def test_each_shot_keystroke_after_the_break(line: str, shot: Shot) -> None:
    assert parse_line(line, AFTER_BREAK, NAMES) == shot


def test_an_empty_line_on_the_break_counts_just_enough_balls_at_a_cushion() -> None:
    shot = parse_line("", BREAK, NAMES)
    assert isinstance(shot, Shot)
    assert shot.break_rail_balls == frozenset({2, 3, 4, 5})


@pytest.mark.parametrize(("line", "count"), [("r4", 4), ("r0", 0), ("r14", 14), ("n", 0)])
def test_rail_count_on_the_break(line: str, count: int) -> None:
    shot = parse_line(line, BREAK, NAMES)
    assert isinstance(shot, Shot)
    assert shot.break_rail_balls is not None
    assert len(shot.break_rail_balls) == count


def _kitchen(contact: ContactType, zone: Zone | None, *, crossed: bool) -> KitchenFacts:
    return KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=contact,
        first_ball_zone=zone,
        crossed=crossed,
    )


@pytest.mark.parametrize(
    ("line", "kitchen", "first_contact"),
    [
        ("kr", _kitchen(ContactType.RAIL, Zone.OUTSIDE, crossed=True), 1),
        ("kk", _kitchen(ContactType.BALL, Zone.KITCHEN, crossed=True), 1),
        ("kn", _kitchen(ContactType.BALL, Zone.KITCHEN, crossed=False), 1),
        ("kz", _kitchen(ContactType.NONE, None, crossed=False), None),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_each_kitchen_keystroke_with_the_cue_ball_in_hand(
    line: str, kitchen: KitchenFacts, first_contact: int | None
) -> None:
    shot = parse_line(line, IN_HAND, NAMES)
    assert isinstance(shot, Shot)
    assert shot.kitchen == kitchen
    assert shot.first_contact == first_contact


# --- Decisions, officials, controls ------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "option"),
    [
        ("1", Option.ACCEPT_TABLE),
        ("2", Option.CUE_IN_HAND_KITCHEN),
        ("3", Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN),
        ("a", Option.ACCEPT_TABLE),
        ("C", Option.CUE_IN_HAND_KITCHEN),
        (" s ", Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN),
    ],
)
def test_each_decision_keystroke(line: str, option: Option) -> None:
    assert parse_line(line, DECISION, NAMES) == ChosenOption(option=option)


def test_the_option_letters_are_the_readme_ones() -> None:
    assert dict(OPTION_LETTERS) == {
        "a": Option.ACCEPT_TABLE,
        "c": Option.CUE_IN_HAND_KITCHEN,
        "s": Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
        "r": Option.RESTORE_AND_OFFENDER_REPLAYS,
    }


@pytest.mark.parametrize(
    ("line", "call"),
    [
        ("concede", OfficialCall(event=OfficialEvent.CONCEDE_RACK, player=Seat.A)),
        ("concede B", OfficialCall(event=OfficialEvent.CONCEDE_RACK, player=Seat.B)),
        ("concede-match b", OfficialCall(event=OfficialEvent.CONCEDE_MATCH, player=Seat.B)),
        ("dq A", OfficialCall(event=OfficialEvent.DISQUALIFICATION, player=Seat.A)),
        ("DQ bob", OfficialCall(event=OfficialEvent.DISQUALIFICATION, player=Seat.B)),
        ("stalemate", OfficialCall(event=OfficialEvent.STALEMATE_DECLARED, player=None)),
    ],
)
def test_each_official_call(line: str, call: OfficialCall) -> None:
    assert parse_line(line, AFTER_BREAK, NAMES) == call


def test_an_official_call_is_read_while_a_decision_is_pending() -> None:
    call = parse_line("concede", DECISION, NAMES)
    assert call == OfficialCall(event=OfficialEvent.CONCEDE_RACK, player=Seat.B)


@pytest.mark.parametrize(
    ("line", "control"),
    [("u", Control.UNDO), ("?", Control.HELP), ("help", Control.HELP), (" Q ", Control.QUIT)],
)
def test_each_control(line: str, control: Control) -> None:
    assert parse_line(line, AFTER_BREAK, NAMES) is control
    assert parse_line(line, DECISION, NAMES) is control


# --- Bad keystrokes: the error names the bad value ----------------------------------------------

KNOWN = "double_hit, push_shot, no_foot_on_floor, touched_cue_ball"

BAD_KEYSTROKES = [
    (AFTER_BREAK, "16", "score.err.not_a_ball", {"token": "16", "value": 16}),
    (AFTER_BREAK, "h16", "score.err.not_a_ball", {"token": "h16", "value": 16}),
    (AFTER_BREAK, "2", "score.err.not_on_table", {"ball": 2}),
    (AFTER_BREAK, "5 5", "score.err.twice", {"ball": 5}),
    (AFTER_BREAK, "5 o5", "score.err.conflict", {"token": "o5", "other": "5"}),
    (AFTER_BREAK, "h4 h5", "score.err.conflict", {"token": "h5", "other": "h4"}),
    (AFTER_BREAK, "x o0", "score.err.conflict", {"token": "o0", "other": "x"}),
    (AFTER_BREAK, "0 h4", "score.err.conflict", {"token": "h4", "other": "0"}),
    (
        AFTER_BREAK,
        "g:double_hit g:push_shot",
        "score.err.conflict",
        {"token": "g:push_shot", "other": "g:double_hit"},
    ),
    (AFTER_BREAK, "0 4", "score.err.nothing_hit", {"token": "0"}),
    (AFTER_BREAK, "zz", "score.err.unknown", {"token": "zz"}),
    (AFTER_BREAK, "g:double-hit", "score.err.label", {"token": "g:double-hit"}),
    (AFTER_BREAK, "g:nonsense", "score.err.label", {"token": "g:nonsense", "known": KNOWN}),
    (AFTER_BREAK, "g:", "score.err.label", {"token": "g:"}),
    (AFTER_BREAK, "g:9ball", "score.err.label", {"token": "g:9ball"}),
    (AFTER_BREAK, "r4", "score.err.break_only", {"token": "r4"}),
    (AFTER_BREAK, "kr", "score.err.not_in_hand", {"token": "kr", "player": "Ann"}),
    (AFTER_BREAK, "a", "score.err.no_decision", {"token": "a"}),
    (AFTER_BREAK, "dq", "score.err.player_needed", {"token": "dq"}),
    (AFTER_BREAK, "concede zed", "score.err.player", {"token": "zed"}),
    (AFTER_BREAK, "stalemate now", "score.err.unknown", {"token": "now"}),
    (BREAK, "r15", "score.err.rail_count", {"token": "r15", "most": 14}),
    (BREAK, "n r3", "score.err.conflict", {"token": "r3", "other": "n"}),
    (IN_HAND, "kz 0", "score.err.conflict", {"token": "kz", "other": "0"}),
    (IN_HAND, "kk 0", "score.err.conflict", {"token": "kk", "other": "0"}),
    (DECISION, "4 5", "score.err.decision_pending", {"token": "4 5", "player": "Bob"}),
    (DECISION, "", "score.err.decision_pending", {"token": "↵"}),
    (DECISION, "7", "score.err.no_option_number", {"token": "7"}),
    (
        DECISION,
        "4",
        "score.err.not_offered",
        {"token": "4", "label": Option.RESTORE_AND_OFFENDER_REPLAYS},
    ),
    (
        DECISION,
        "r",
        "score.err.not_offered",
        {"token": "r", "label": Option.RESTORE_AND_OFFENDER_REPLAYS},
    ),
]


@pytest.mark.parametrize(
    ("match", "line", "msg_id", "named"),
    BAD_KEYSTROKES,
    ids=[f"{line!r}-{msg_id}" for _, line, msg_id, _ in BAD_KEYSTROKES],
)
def test_a_bad_keystroke_is_an_error_naming_it(
    match: MatchState, line: str, msg_id: str, named: dict[str, object]
) -> None:
    with pytest.raises(KeystrokeError) as caught:
        parse_line(line, match, NAMES)
    assert caught.value.msg_id == msg_id
    assert {key: caught.value.fields.get(key) for key in named} == named


@pytest.mark.parametrize(
    ("match", "line", "named"),
    [
        (AFTER_BREAK, "16", "“16”"),
        (AFTER_BREAK, "zz", "“zz”"),
        (AFTER_BREAK, "g:Double-Hit", "“g:double-hit”"),
        (AFTER_BREAK, "concede zed", "“zed”"),
        (DECISION, "4 5", "“4 5”"),
        (DECISION, "r", "“r” (restore and replay)"),
    ],
)
def test_the_message_of_a_bad_keystroke_quotes_it(match: MatchState, line: str, named: str) -> None:
    with pytest.raises(KeystrokeError) as caught:
        parse_line(line, match, NAMES)
    [message] = Wording(lang=Language.EN, names=NAMES).keystroke_error(caught.value)
    assert named in message


def test_the_message_of_a_pending_decision_lists_the_choices() -> None:
    with pytest.raises(KeystrokeError) as caught:
        parse_line("4 5", DECISION, NAMES)
    [message] = Wording(lang=Language.EN, names=NAMES).keystroke_error(caught.value)
    assert message == (
        "Bob must choose before the next shot (“4 5”); choose: 1/a accept the table, "
        "2/c cue ball in hand, 3/s spot the ball in play."
    )


# --- Inputs back to the lines that type them ------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["", "4 9", "h7", "0", "n", "x", "o0", "o12", "m7", "lk", "g:double_hit", "h7 4 o12 n x m9"],
)
def test_a_shot_is_formatted_as_the_line_that_types_it(line: str) -> None:
    shot = parse_line(line, AFTER_BREAK, NAMES)
    assert isinstance(shot, Shot)
    log, _ = _after_break().play(shot)
    entry = log.record.racks[-1].entries[-1]
    assert format_line(entry, AFTER_BREAK.rack, NAMES) == line


@pytest.mark.parametrize("line", ["r0", "r6", "kr", "kz"])
def test_a_break_is_formatted_as_the_line_that_types_it(line: str) -> None:
    shot = parse_line(line, BREAK, NAMES)
    assert isinstance(shot, Shot)
    log, _ = _log().play(shot)
    entry = log.record.racks[-1].entries[-1]
    assert format_line(entry, BREAK.rack, NAMES) == line


def test_a_decision_and_an_official_call_are_formatted_as_typed() -> None:
    decided = _decision().decide(Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN)
    assert format_line(decided.record.racks[-1].entries[-1], DECISION.rack, NAMES) == "s"
    conceded, _ = _after_break().officiate(OfficialEvent.CONCEDE_RACK, Seat.B)
    entry = conceded.record.racks[0].entries[-1]
    assert format_line(entry, AFTER_BREAK.rack, NAMES) == "concede B"


@pytest.mark.parametrize("name", GENERAL_RULES_FOULS)
def test_every_known_general_rules_foul_is_accepted(name: str) -> None:
    shot = parse_line(f"g:{name}", AFTER_BREAK, NAMES)
    assert isinstance(shot, Shot)
    assert shot.general_rules_foul == name


def test_an_unknown_general_rules_foul_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(KeystrokeError) as caught:
        parse_line("g:nonsense", AFTER_BREAK, NAMES)
    [message] = Wording(lang=Language.EN, names=NAMES).keystroke_error(caught.value)
    assert message == (
        "“g:nonsense”: unknown general-rules foul; known: "
        "double_hit, push_shot, no_foot_on_floor, touched_cue_ball."
    )


def _scratch_decision() -> MatchState:
    """Ann scratched: Bob chooses cue ball in hand or spot the 1 (no accept the table)."""
    log, ruling = _after_break().play(parse_line("x", _after_break().match, NAMES))
    assert ruling.options == (
        Option.CUE_IN_HAND_KITCHEN,
        Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
    )
    return log.match


@pytest.mark.parametrize(
    ("line", "option"),
    [("2", Option.CUE_IN_HAND_KITCHEN), ("3", Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN)],
)
def test_an_option_keeps_its_number_whatever_else_is_offered(line: str, option: Option) -> None:
    assert parse_line(line, _scratch_decision(), NAMES) == ChosenOption(option=option)


def test_the_number_of_an_option_not_offered_is_refused_naming_it() -> None:
    with pytest.raises(KeystrokeError) as caught:
        parse_line("1", _scratch_decision(), NAMES)
    assert caught.value.msg_id == "score.err.not_offered"
    assert caught.value.fields["label"] is Option.ACCEPT_TABLE


def test_the_option_numbers_follow_the_option_order() -> None:
    assert dict(OPTION_NUMBERS) == {
        "1": Option.ACCEPT_TABLE,
        "2": Option.CUE_IN_HAND_KITCHEN,
        "3": Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
        "4": Option.RESTORE_AND_OFFENDER_REPLAYS,
    }


def test_the_options_shown_after_a_scratch_keep_their_numbers() -> None:
    lines = Wording(lang=Language.EN, names=NAMES).options(_scratch_decision())
    assert [line.split()[0] for line in lines[1:]] == ["2/c", "3/s"]
