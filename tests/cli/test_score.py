"""``rotation61 score``: the interactive scorekeeper driven by scripted keystrokes."""

from __future__ import annotations

import argparse
import io
import itertools
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from rotation61.cli import score

REPO = Path(__file__).resolve().parents[2]
ON_TABLE_AFTER_2_3 = "1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15"


class _Script:
    """An ``input_fn`` typing the given lines, then EOF; it records where each input began."""

    def __init__(self, lines: Sequence[str], output: io.StringIO) -> None:
        self.lines = list(lines)
        self.output = output
        self.marks: list[int] = []
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.marks.append(self.output.tell())
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.output.write(f"{prompt}{line}\n")
        return line


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    score.add_arguments(parser)
    return parser.parse_args(list(argv))


def _session(lines: Sequence[str], *argv: str) -> tuple[int, list[str]]:
    """Run the scorekeeper; blocks[0] is the opening, blocks[i] the output of input i."""
    output = io.StringIO()
    script = _Script(lines, output)
    code = score.run(_args(*argv), input_fn=script, output=output)
    text = output.getvalue()
    bounds = [*script.marks, len(text)]
    blocks = [text[: bounds[0]]]
    blocks += [text[start:end] for start, end in itertools.pairwise(bounds)]
    return code, blocks


def _lines(block: str) -> list[str]:
    return block.splitlines()


EN = ("--lang", "en")


def test_defaults_of_the_options() -> None:
    args = _args()
    assert args.players == ["A", "B"]
    assert args.race_to == 3
    assert args.rules == "standard"
    assert args.lang is None  # vi, or the language of the resumed record
    assert args.first_breaker == "A"
    assert args.save is None
    assert args.resume is None
    assert (args.event, args.venue, args.table, args.referee, args.round) == (None,) * 5


def test_the_help_states_the_save_format_and_the_resume_rule() -> None:
    parser = argparse.ArgumentParser()
    score.add_arguments(parser)
    text = " ".join(parser.format_help().split())
    assert "the text notation if FILE ends in .r61 or .txt, JSON otherwise" in text
    assert "--first-breaker or a tag option that says otherwise is an error" in text
    assert "the record's Event tag (its Date tag is today's date)" in text


def test_a_whole_rack_in_vietnamese_from_the_break_to_61() -> None:
    code, blocks = _session(
        ["2 3", "1 4 5", "", "6 7 8", "h10 9", "1", "9 10 11 12", "13"],
        "--players",
        "An",
        "Bình",
        "--race-to",
        "1",
    )
    assert code == 0
    opening = _lines(blocks[0])
    assert opening[0] == "Trận đấu: An – Bình, chạm 1, luật: Tiêu chuẩn (theo luật)."
    assert "An khai cuộc (bi cái trong tay sau lằn ngang đầu bàn)." in opening
    brk = _lines(blocks[1])
    assert brk[1:3] == ["Khai cuộc hợp lệ: An đưa bi 2, 3 vào lỗ (+5 điểm).", "An tiếp tục đánh."]
    assert "Điểm: An 5 – 0 Bình (cần 61 điểm)" in brk
    assert "Bi mục tiêu chính: bi 1 · điểm còn trên bàn: 115 (13 bi)" in brk
    assert "Cú đánh hợp lệ: An đưa bi 1, 4, 5 vào lỗ (+10 điểm)." in blocks[2]
    miss = _lines(blocks[3])
    assert miss[1:3] == ["Cú đánh hợp lệ, không có bi vào lỗ: An đánh trượt.", "Đến lượt Bình."]
    assert "Điểm: An 15 – 21 Bình (cần 61 điểm)" in blocks[4]
    foul = _lines(blocks[5])
    assert foul[1] == "Phạm lỗi (§VI): bi cái chạm bi 10 đầu tiên; bi mục tiêu chính là bi 9"
    assert foul[3].startswith("Đặt bi 9 (bi mục tiêu chính) tại điểm cuối bàn;")
    assert "Bình: 1/4 lỗi liên tục (§XV)." in foul
    assert "Lựa chọn của An:" in foul
    assert any(line.startswith("  1/a  giữ nguyên bàn: ") for line in foul)
    assert "An được chọn sau lỗi của đối thủ." in foul
    assert "An đã chọn: giữ nguyên bàn." in blocks[6]
    assert "Điểm: An 57 – 21 Bình (cần 61 điểm)" in blocks[7]
    last = _lines(blocks[8])
    assert "Hết ván (§II): An đạt 61 điểm (hoặc hơn nữa) và thắng ván." in last
    assert "Hết trận: An thắng trận đấu (số ván thắng: An 1 – 0 Bình)." in last
    assert last[-1] == "An thắng trận đấu!"
    assert len(blocks) == 9  # the session ended with the match, not with EOF


def test_a_rack_in_english_with_a_foul_a_decision_a_spotting_and_an_undo() -> None:
    code, blocks = _session(
        ["", "h5 4 9", "s", "1 2 3", "u", "1 2 3 15", "4 5 6 7 8 9 10", "q"],
        *EN,
        "--players",
        "Ann",
        "Bob",
        "--race-to",
        "2",
    )
    assert code == 0
    assert _lines(blocks[1])[1:3] == ["Legal break, nothing pocketed.", "Bob to shoot."]
    foul = _lines(blocks[2])
    assert foul[1] == "Foul (§VI): the cue ball first hit the 5; the ball in play was the 1"
    assert foul[2] == "Bob loses the inning; balls pocketed on a foul score nothing (§VIII)."
    assert foul[3].startswith(
        "Spot 4, 9 on the long string in ascending order from the foot rail toward the foot "
        "spot (the 4 against the foot rail)"
    )
    assert foul[4] == "Bob: 1 of 4 consecutive fouls (§XV)."
    assert foul[5] == "Ann to choose: accept the table / cue ball in hand / spot the ball in play."
    assert "Ann's options:" in foul
    choice = _lines(blocks[3])
    assert choice[1] == "Ann chooses: spot the ball in play."
    assert choice[2].startswith("Spot the 1 (the ball in play) on the foot spot;")
    assert choice[-1] == "Ann to shoot, cue ball in hand behind the head string."
    assert "Score: Ann 6 – 0 Bob (target 61)" in blocks[4]
    undo = _lines(blocks[5])
    assert undo[1] == "Undone: “1 2 3”."
    assert "Score: Ann 0 – 0 Bob (target 61)" in undo
    assert undo[-1] == "Ann to shoot, cue ball in hand behind the head string."
    assert "Legal shot: Ann pockets 1, 2, 3, 15 (+21 points)." in blocks[6]
    win = _lines(blocks[7])
    assert "Legal shot: Ann pockets 4, 5, 6, 7, 8, 9, 10 (+49 points)." in win
    assert "Rack over (§II): Ann reaches 61 points (or more) and wins the rack." in win
    assert "Rack 2 (race to 2) · racks won: Ann 1 – 0 Bob" in win
    assert "Score: Ann 0 – 0 Bob (target 61)" in win
    assert win[-1] == "Ann to break (cue ball in hand behind the head string)."
    assert _lines(blocks[8])[-1] == "Scorekeeping ended."


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("16", "“16”: 16 is not an object ball (1..15)."),
        ("o16", "“o16”: 16 is not an object ball (1..15)."),
        ("h0", "“h0”: 0 is not an object ball (1..15)."),
        ("3", f"Ball 3 is not on the table (on the table: {ON_TABLE_AFTER_2_3})."),
        ("4 4", "Ball 4 is listed twice."),
        ("4 o4", "“o4” conflicts with “4”."),
        ("x o0", "“o0” conflicts with “x”."),
        ("0 4", "“0”: when the cue ball hits nothing, no ball can be pocketed or leave the table."),
        ("z", "Unknown input “z”; type ? for help."),
        ("h", "Unknown input “h”; type ? for help."),
        ("kr", "“kr”: A does not have the cue ball in hand behind the head string."),
        ("r4", "“r4” is only for a break shot."),
        ("a", "No decision is pending (“a”)."),
        (
            "g:Bad-Name",
            "“g:bad-name”: unknown general-rules foul; known: "
            "double_hit, push_shot, no_foot_on_floor, touched_cue_ball.",
        ),
        ("dq", "“dq” needs a player, e.g. “dq A”."),
        ("dq Zed", "Unknown player “Zed”; use A, B, A or B."),
    ],
    ids=repr,
)
def test_a_bad_keystroke_names_the_bad_value_and_changes_nothing(line: str, expected: str) -> None:
    code, blocks = _session(["2 3", line, "1 4"], *EN)
    assert code == 0
    bad = _lines(blocks[2])
    assert bad == [f"A > {line}", expected]
    after = _lines(blocks[3])
    assert after[1] == "Legal shot: A pockets 1, 4 (+5 points)."
    assert "Score: A 10 – 0 B (target 61)" in after


def test_nothing_to_undo_at_the_start() -> None:
    _, blocks = _session(["u", "2 3"], *EN)
    assert _lines(blocks[1]) == ["A > u", "Nothing to undo."]
    assert "Score: A 5 – 0 B (target 61)" in blocks[2]


def test_a_bad_keystroke_in_vietnamese() -> None:
    _, blocks = _session(["16", "2 3", "3"])
    assert _lines(blocks[1]) == ["A > 16", "“16”: 16 không phải bi mục tiêu (1..15)."]
    assert "Điểm: A 5 – 0 B (cần 61 điểm)" in blocks[2]
    assert _lines(blocks[3])[1] == (f"Bi 3 không còn trên bàn (trên bàn: {ON_TABLE_AFTER_2_3}).")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "7",
            "There is no option 7; choose: 1/a accept the table, 2/c cue ball in hand, "
            "3/s spot the ball in play.",
        ),
        (
            "r",
            "Option “r” (restore and replay) is not offered; choose: 1/a accept the table, "
            "2/c cue ball in hand, 3/s spot the ball in play.",
        ),
        (
            "",
            "B must choose before the next shot (“↵”); choose: 1/a accept the table, "
            "2/c cue ball in hand, 3/s spot the ball in play.",
        ),
        (
            "x 4",
            "B must choose before the next shot (“x 4”); choose: 1/a accept the table, "
            "2/c cue ball in hand, 3/s spot the ball in play.",
        ),
    ],
    ids=repr,
)
def test_a_shot_or_an_option_not_offered_while_a_decision_is_pending(
    line: str, expected: str
) -> None:
    _, blocks = _session(["2 3", "h5", line, "c"], *EN)
    assert _lines(blocks[3]) == [f"B chooses (1/a 2/c 3/s) > {line}", expected]
    after = _lines(blocks[4])
    assert after[1] == "B chooses: cue ball in hand."
    assert after[-1] == "B to shoot, cue ball in hand behind the head string."


def test_four_consecutive_fouls_warn_then_lose_the_rack() -> None:
    fouls = ["h5", "a", ""]
    _, blocks = _session(
        ["2 3", *fouls, *fouls, *fouls, "h5"], "--players", "An", "Bình", "--race-to", "1"
    )
    third = _lines(blocks[8])
    assert "Cảnh báo (§XV): An đã phạm 3 lỗi liên tục; thêm một lỗi nữa sẽ bị xử thua ván." in (
        third
    )
    assert "Lỗi liên tục: An 3 – 0 Bình" in third
    last = _lines(blocks[11])
    assert "Hết ván (§XV): An phạm 4 lỗi liên tục và bị xử thua ván; Bình thắng ván." in last
    assert last[-1] == "Bình thắng trận đấu!"


def test_60_60_is_replayed_and_the_last_pocketer_breaks() -> None:
    _, blocks = _session(["1 2 3 4 5 6 7 8 9 15", "", "10 11 12 13 14"], *EN)
    tie = _lines(blocks[3])
    assert (
        "Rack over (§II): 60–60, the rack is a draw and is replayed; B, who pocketed the last "
        "object ball to level, breaks the replay." in tie
    )
    assert "Rack 2 (race to 3) · racks won: A 0 – 0 B" in tie
    assert tie[-1] == "B to break (cue ball in hand behind the head string)."


def test_uncrossed_break_then_kitchen_contact_restore_and_replay() -> None:
    _, blocks = _session(["kz", "c", "2 3", "x", "c", "kn h4", "r"], *EN)
    uncrossed = _lines(blocks[1])
    assert "Foul (§VI): the cue ball hit no object ball; the ball in play was the 1" in uncrossed
    assert "This foul does not count toward consecutive fouls (§XV)." in uncrossed
    assert uncrossed[-1] == "B to choose after the opponent's foul."
    assert _lines(blocks[2])[-1] == "B to break (cue ball in hand behind the head string)."
    kitchen = _lines(blocks[6])
    assert kitchen[1] == (
        "Foul (§XVI): the cue ball hit the 4 behind the head string and never crossed it"
    )
    assert "  4/r  restore and replay: " in "\n".join(kitchen)
    restore = _lines(blocks[7])
    assert restore[1:3] == [
        "B chooses: restore and replay.",
        "The balls go back where they were; A shoots again with the cue ball in hand behind "
        "the head string (§XVI).",
    ]
    assert restore[-1] == "A to shoot, cue ball in hand behind the head string."
    assert "Consecutive fouls: A 0 – 1 B" in restore


def test_the_break_rail_count_and_a_general_rules_foul() -> None:
    _, blocks = _session(["r3", "c", "r4", "g:double_hit 5"], *EN, "--first-breaker", "B")
    assert _lines(blocks[1])[1] == (
        "Foul (§IV): the break pocketed no ball and too few other object balls reached a cushion"
    )
    assert _lines(blocks[3]) == ["A > r4", "“r4” is only for a break shot."]
    general = _lines(blocks[4])
    assert general[1] == "Foul (general rules): the referee called a double hit"
    assert general[3].startswith("Spot 5 on the long string")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("r4", "Legal break, nothing pocketed."),
        ("r14", "Legal break, nothing pocketed."),
        (
            "n",
            "Foul (§IV): the break pocketed no ball and too few other object balls reached "
            "a cushion",
        ),
        ("r15", "“r15”: the number of balls at a cushion must be 0 to 14."),
        ("r4 n", "“r4” conflicts with “n”."),
    ],
    ids=repr,
)
def test_break_rail_counts(line: str, expected: str) -> None:
    _, blocks = _session([line], *EN)
    assert _lines(blocks[1])[1] == expected


def test_open_break_counts_the_one_ball() -> None:
    _, blocks = _session(["r15"], *EN, "--rules", "open-break")
    assert _lines(blocks[1])[1] == "Legal break, nothing pocketed."


def test_official_events() -> None:
    _, blocks = _session(["concede", "y", "stalemate", "dq B", "y"], *EN, "--race-to", "2")
    assert _lines(blocks[2])[1:3] == [
        "Rack conceded: A.",
        "Rack over: A concedes the rack; B wins the rack.",
    ]
    assert "Rack 2 (race to 2) · racks won: A 0 – 1 B" in blocks[2]
    assert "Stalemate declared." in blocks[3]
    assert "B breaks again." in blocks[3]
    assert _lines(blocks[5])[-1] == "A wins the match!"


def test_concede_the_match_by_name() -> None:
    _, blocks = _session(["concede-match bình", "y"], "--players", "An", "Bình")
    last = _lines(blocks[2])
    assert "Bình xin thua trận; An thắng trận đấu." in last
    assert last[-1] == "An thắng trận đấu!"


def test_help_and_end_of_input() -> None:
    code, blocks = _session(["?"], *EN)
    assert code == 0
    assert "kz       the cue ball never crossed the head string and hit nothing" in blocks[1]
    assert _lines(blocks[2]) == ["Scorekeeping ended."]


def test_prompts_name_who_acts() -> None:
    output = io.StringIO()
    script = _Script(["2 3", "h5"], output)
    score.run(_args(*EN, "--players", "Ann", "Bob"), input_fn=script, output=output)
    assert script.prompts == ["Ann > ", "Ann > ", "Bob chooses (1/a 2/c 3/s) > "]


def _console_script() -> str | None:
    found = shutil.which("rotation61", path=str(Path(sys.executable).parent))
    return found or shutil.which("rotation61")


@pytest.mark.skipif(_console_script() is None, reason="the rotation61 script is not installed")
def test_the_console_script_with_piped_stdin() -> None:
    script = _console_script()
    assert script is not None
    done = subprocess.run(
        [script, "score", "--lang", "en", "--players", "Ann", "Bob", "--race-to", "1"],
        input="2 3\n16\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    assert done.returncode == 0, done.stderr
    assert "Legal break: Ann pockets 2, 3 (+5 points)." in done.stdout
    assert "“16”: 16 is not an object ball (1..15)." in done.stdout
    assert "Scorekeeping ended." in done.stdout


def test_the_board_does_not_repeat_whose_turn_the_ruling_just_said() -> None:
    code, blocks = _session(
        ["2 3", "1 4 5", "", "6 7 8", "h10 9", "1", "9 10 11 12", "13"],
        "--players",
        "An",
        "Bình",
        "--race-to",
        "1",
    )
    assert code == 0
    brk = _lines(blocks[1])
    assert "An tiếp tục đánh." in brk
    assert "Đến lượt An." not in brk
    miss = _lines(blocks[3])
    assert miss.count("Đến lượt Bình.") == 1
    for block in blocks:
        turns = [line for line in _lines(block) if line.startswith("Đến lượt ")]
        assert len(turns) <= 1, block
