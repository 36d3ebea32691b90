"""``rotation61 score --save / --resume``: a terminal-scored match survives a crash.

Real files in ``tmp_path``; the scorekeeper is driven by scripted keystrokes, and once as a
real process killed with SIGKILL.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

import rotation61
from rotation61.cli import main as cli_main
from rotation61.cli import score
from rotation61.cli.record import load_records
from rotation61.cli.score import files as score_files
from rotation61.records import (
    DecisionEntry,
    MatchLog,
    MatchRecord,
    ShotEntry,
    from_json,
    parse_match,
    to_json,
    verify,
)
from rotation61.rules import Option, Seat, Shot
from rotation61.text import Domain, Language, gettext
from rotation61.text.catalogue import catalogue

REPO = Path(__file__).resolve().parents[2]
EN = ("--lang", "en")
RACE_1 = ("--race-to", "1")

WHOLE_MATCH = ["2 3", "1 4 5", "", "6 7 8", "h10 9", "1", "9 10 11 12", "13"]
"""A race to 1: a break, a miss, a foul (h10), a decision (1 = accept), then 61 points."""


class _CrashError(Exception):
    """Raised by the script in place of the keystroke after the last line."""


class _Script:
    """An ``input_fn`` typing the given lines, then raising ``end`` (EOF by default)."""

    def __init__(
        self, lines: Sequence[str], output: io.StringIO, end: type[BaseException] = EOFError
    ) -> None:
        self.lines = list(lines)
        self.output = output
        self.end = end
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise self.end
        line = self.lines.pop(0)
        self.output.write(f"{prompt}{line}\n")
        return line


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    score.add_arguments(parser)
    return parser.parse_args(list(argv))


def _run(
    lines: Sequence[str], *argv: str, end: type[BaseException] = EOFError
) -> tuple[int, str, str]:
    """Run the scorekeeper; the exit code, what it printed, and its error stream."""
    output, errors = io.StringIO(), io.StringIO()
    code = score.run(
        _args(*argv), input_fn=_Script(lines, output, end), output=output, errors=errors
    )
    return code, output.getvalue(), errors.getvalue()


def _record(path: Path) -> MatchRecord:
    [record] = load_records(path)
    return record


def _count(record: MatchRecord) -> int:
    return sum(len(rack.entries) for rack in record.racks)


def _listing(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def _reference(directory: Path, lines: Sequence[str], *argv: str) -> MatchRecord:
    """The record of an uninterrupted session typing ``lines``."""
    path = directory / "reference.json"
    code, _, _ = _run(lines, *argv, "--save", str(path))
    assert code == 0
    record = _record(path)
    path.unlink()
    return record


# --- The messages ------------------------------------------------------------------------


def test_every_file_message_the_scorekeeper_uses_is_in_both_languages() -> None:
    source = "".join(
        path.read_text(encoding="utf-8")
        for path in sorted(Path(score.__file__).parent.glob("*.py"))
    )
    called = r"""(?:RecordFileError|_file_message)\(\s*(?:[a-z_.]+,\s*)?"([a-z_.]+)\""""
    keys = set(re.findall(called, source))
    assert {"err.missing", "err.count", "resumed", "saving", "error"} <= keys
    for lang in Language:
        wording = catalogue(lang, Domain.SCOREKEEPER)
        for key in keys:
            assert f"score.file.{key}" in wording, (lang, key)


@pytest.mark.parametrize(
    ("count", "en", "vi"),
    [
        (
            1,
            "Resumed f.json: 1 input replayed.",
            "Tiếp tục biên bản f.json: đã dựng lại 1 lượt nhập.",
        ),
        (
            3,
            "Resumed f.json: 3 inputs replayed.",
            "Tiếp tục biên bản f.json: đã dựng lại 3 lượt nhập.",
        ),
    ],
)
def test_resumed_counts_its_inputs_in_the_right_form(count: int, en: str, vi: str) -> None:
    for lang, expected in ((Language.EN, en), (Language.VI, vi)):
        said = gettext(lang, Domain.SCOREKEEPER, "score.file.resumed", path="f.json", count=count)
        assert said == expected


# --- A whole match, saved, then read by ``rotation61 record`` ------------------------------


def test_a_whole_match_saved_to_json_verifies_converts_shows_and_has_stats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "final.json"
    code, out, err = _run(
        WHOLE_MATCH,
        *EN,
        "--players",
        "An",
        "Bình",
        "--race-to",
        "1",
        "--save",
        str(saved),
        "--event",
        "Saigon Open",
        "--venue",
        "Club 61",
        "--table",
        "3",
        "--referee",
        "Mr. Tâm",
        "--round",
        "Final",
    )
    assert (code, err) == (0, "")
    assert f"Every input is saved to {saved} (JSON) before its ruling is shown." in out
    assert out.splitlines()[-2:] == ["An wins the match!", f"Record saved in {saved}."]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["final.json"]  # no temporary file

    record = from_json(saved.read_text(encoding="utf-8"))
    assert record.players == ("An", "Bình")
    assert record.race_to == 1
    assert record.engine == rotation61.__version__
    assert dict(record.tags) == {
        "Event": "Saigon Open",
        "Venue": "Club 61",
        "Table": "3",
        "Referee": "Mr. Tâm",
        "Round": "Final",
        "Date": datetime.date.today().isoformat(),
        "Language": "en",
    }
    entries = [entry for _, _, entry in record.entries()]
    assert len(entries) == len(WHOLE_MATCH)
    assert entries[5] == DecisionEntry(option=Option.ACCEPT_TABLE, by=Seat.A)
    foul = entries[4]
    assert isinstance(foul, ShotEntry)
    assert foul.ruling is not None
    assert foul.ruling.legal is False
    assert verify(record) == []
    assert MatchLog.from_record(record).match.winner is Seat.A

    capsys.readouterr()
    assert cli_main.main(["record", "verify", str(saved)]) == 0
    assert "OK, 1 rack, 8 entries verified" in capsys.readouterr().out

    text = tmp_path / "final.r61"
    back = tmp_path / "back.json"
    assert cli_main.main(["record", "convert", str(saved), "--to", "text", "-o", str(text)]) == 0
    assert cli_main.main(["record", "convert", str(text), "--to", "json", "-o", str(back)]) == 0
    assert parse_match(text.read_text(encoding="utf-8")) == record
    assert from_json(back.read_text(encoding="utf-8")) == record

    for command in (
        ["record", "show", "--lang", "en", str(saved)],
        ["record", "stats", str(saved)],
    ):
        capsys.readouterr()
        assert cli_main.main(command) == 0
        shown = capsys.readouterr()
        assert shown.err == ""
        assert "An" in shown.out
        assert "Bình" in shown.out
    capsys.readouterr()
    cli_main.main(["record", "show", "--lang", "en", str(saved)])
    assert "An wins the match" in capsys.readouterr().out


def test_the_text_notation_when_the_file_ends_in_r61_or_txt(tmp_path: Path) -> None:
    argv = (*EN, "--race-to", "1")
    records = []
    for name in ("m.json", "m.r61", "m.TXT"):
        path = tmp_path / name
        code, out, _ = _run(WHOLE_MATCH, *argv, "--save", str(path))
        assert code == 0
        kind = "JSON" if name.endswith("json") else "text"
        assert f"saved to {path} ({kind})" in out
        content = path.read_text(encoding="utf-8")
        assert content.startswith("{" if kind == "JSON" else "[Schema")
        records.append(_record(path))
    assert records[0] == records[1] == records[2]


# --- Crash recovery ------------------------------------------------------------------------

BEFORE_CRASH = ["2 3", "16", "1 4 5", "h10 9"]
"""Three acknowledged inputs (the 16 is a bad keystroke): a break, a shot, a foul by A."""
AFTER_CRASH = ["a", "6 7 8 9 10 11 12"]
"""B accepts the table, then runs 63 points and wins the race to 1."""


@pytest.mark.parametrize("crash", [KeyboardInterrupt, EOFError, _CrashError], ids=repr)
def test_crash_then_resume_the_same_file_and_finish(
    tmp_path: Path, crash: type[BaseException]
) -> None:
    path = tmp_path / "live.json"
    argv = (*EN, "--players", "An", "Bình", "--race-to", "1", "--event", "Cup")
    if crash is EOFError:
        code, out, _ = _run(BEFORE_CRASH, *argv, "--save", str(path), end=crash)
        assert code == 0
        assert out.splitlines()[-1] == (
            f"Saved in {path}; to continue: rotation61 score --resume {path}"
        )
    else:
        with pytest.raises(crash):
            _run(BEFORE_CRASH, *argv, "--save", str(path), end=crash)

    on_disk = _record(path)
    assert _count(on_disk) == 3
    assert [type(e).__name__ for _, _, e in on_disk.entries()] == ["ShotEntry"] * 3
    assert on_disk.racks == _reference(tmp_path, BEFORE_CRASH, *argv).racks
    first = on_disk.racks[0].entries[0]
    assert isinstance(first, ShotEntry)
    assert first.shot == Shot(
        first_contact=1,
        pocketed=(2, 3),
        rail_after_contact=frozenset({0}),
        break_rail_balls=frozenset({2, 3, 4, 5}),
    )

    output, errors = io.StringIO(), io.StringIO()
    script = _Script(AFTER_CRASH, output)
    code = score.run(
        _args("--lang", "en", "--resume", str(path), "--save", str(path), "--race-to", "1"),
        input_fn=script,
        output=output,
        errors=errors,
    )
    assert (code, errors.getvalue()) == (0, "")
    shown = output.getvalue().splitlines()
    assert shown[0] == "Match: An – Bình, race to 1, rules: Standard (the rulebook)."
    assert f"Resumed {path}: 3 inputs replayed." in shown
    assert "Score: An 15 – 0 Bình (target 61)" in shown
    assert "Bình's options:" in shown  # the pending decision is shown again
    assert script.prompts[0] == "Bình chooses (1/a 2/c 3/s) > "
    assert "Bình wins the match!" in shown

    final = _record(path)
    assert _count(final) == 5
    assert final.tag("Event") == "Cup"
    assert verify(final) == []
    assert MatchLog.from_record(final).match.winner is Seat.B
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.json"]


def test_resume_alone_keeps_saving_to_the_file(tmp_path: Path) -> None:
    path = tmp_path / "live.r61"
    _run(["2 3"], *EN, "--save", str(path))
    code, out, _ = _run(["1 4 5"], *EN, "--resume", str(path))
    assert code == 0
    assert f"Every input is saved to {path} (text) before its ruling is shown." in out
    assert _count(_record(path)) == 2


def test_resume_into_another_file_leaves_the_first_alone(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.r61"
    _run(["2 3"], *EN, "--save", str(first))
    before = first.read_bytes()
    code, _, _ = _run(["1 4 5"], *EN, "--resume", str(first), "--save", str(second))
    assert code == 0
    assert first.read_bytes() == before
    assert _count(_record(second)) == 2
    assert _record(second).racks[0].entries[0] == _record(first).racks[0].entries[0]


# --- Undo ----------------------------------------------------------------------------------


def test_undo_removes_the_input_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    code, out, _ = _run(["2 3", "1 4 5", "u"], *EN, "--save", str(path))
    assert code == 0
    assert "Undone: “1 4 5”." in out
    assert _count(_record(path)) == 1

    # After a resume, undo reaches back into the saved inputs, which are shown as typed.
    code, out, _ = _run(["u", "u", "u"], *EN, "--resume", str(path))
    assert code == 0
    assert "Undone: “2 3”." in out
    assert "Nothing to undo." in out
    record = _record(path)
    assert _count(record) == 0
    assert record.racks == ()


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("2 3", "2 3"),
        ("x 3 2", "3 2 x"),
        ("r6", "r6"),
        ("0 n", "0"),
        ("kr 2", "2 kr"),
        ("g:double_hit 2", "2 g:double_hit"),
        ("h5 4 9", "h5 4 9"),
        ("", "↵"),
        ("concede", "concede A"),
    ],
    ids=repr,
)
def test_undo_after_a_resume_names_the_input_as_typed(
    tmp_path: Path, line: str, shown: str
) -> None:
    path = tmp_path / "m.json"
    _run([line, "y"] if line == "concede" else [line], *EN, "--save", str(path))
    _, out, _ = _run(["u"], *EN, "--resume", str(path))
    assert f"Undone: “{shown}”." in out


def test_a_failed_save_is_not_acknowledged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.json"
    real = score_files.write_atomically
    calls = []

    def flaky(target: Path, text: str) -> None:
        calls.append(target)
        if len(calls) == 2:  # the first input's save
            raise OSError(28, "No space left on device")
        real(target, text)

    monkeypatch.setattr(score_files, "write_atomically", flaky)
    code, out, _ = _run(["2 3", "2 3"], *EN, "--save", str(path))
    assert code == 0
    lines = out.splitlines()
    failed = lines.index("A > 2 3") + 1
    assert lines[failed] == (
        f"Could not save to {path} (No space left on device); the input was not recorded. "
        "Try again, or type q."
    )
    assert lines[failed + 1 : failed + 3] == ["A > 2 3", "Legal break: A pockets 2, 3 (+5 points)."]
    assert _count(_record(path)) == 1


# --- A real process, killed ----------------------------------------------------------------

KILL_INPUTS = [
    ("2 3", "Legal break: A pockets 2, 3 (+5 points)."),
    ("1 4 5", "Legal shot: A pockets 1, 4, 5 (+10 points)."),
    ("h10 9", "Foul (§VI): the cue ball first hit the 10"),
    ("a", "B chooses: accept the table."),
]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_killed_process_leaves_every_acknowledged_input_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "live.json"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "rotation61.cli.main", "score", *EN, *RACE_1, "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
    )
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None
    assert stdout is not None
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()

    def wait_for(text: str) -> None:
        while True:
            line = lines.get(timeout=30)
            if text in line:
                return

    try:
        wait_for(f"Every input is saved to {path}")
        assert _count(_record(path)) == 0  # the record exists from the start
        for number, (typed, ruling) in enumerate(KILL_INPUTS, start=1):
            stdin.write(typed + "\n")
            stdin.flush()
            wait_for(ruling)
            assert _count(_record(path)) == number  # on disk once its ruling is shown
        acknowledged = _record(path)
        # One more input, killed at once: the file holds the acknowledged inputs, and maybe
        # the new one, never a broken record.
        stdin.write("6 7\n")
        stdin.flush()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    on_disk = _record(path)
    assert _count(on_disk) in (len(KILL_INPUTS), len(KILL_INPUTS) + 1)
    assert on_disk.racks[0].entries[: len(KILL_INPUTS)] == acknowledged.racks[0].entries
    assert verify(on_disk) == []
    inputs = [typed for typed, _ in KILL_INPUTS]
    assert acknowledged.racks == _reference(tmp_path, inputs, *EN, *RACE_1).racks


# --- Bad files and options -------------------------------------------------------------------

FINISHED = parse_match(
    '[PlayerA "An"] [PlayerB "Binh"] [RaceTo "1"]\nR1 A: 1:1.2.3.4.5.6.7.8.9.10.11\n'
)
"""A match won by play (66 points on the break); one ended by an official's call resumes."""


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "rotation61 score: error: cannot resume {path}: no such file"),
        (b"hello, world\n", "rotation61 score: error: {path} is not a valid match record: "),
        (b'{"format": "rotation61-match", "sch', "{path} is not a valid match record: "),
        (b"\xff\xfe\x00garbage", "{path} is not a valid match record: not UTF-8 text"),
        (b"", "{path} holds 0 matches; --resume needs exactly one"),
        (to_json(FINISHED).encode(), "the match in {path} is over (An won)"),
        (
            b'[PlayerA "A"] [PlayerB "B"] [RaceTo "1"]\nR1 A: 1:2.3 1:2\n',
            "{path} is not a valid match record: ",
        ),
    ],
    ids=["missing", "garbage", "truncated JSON", "binary", "empty", "over", "illegal input"],
)
def test_a_bad_resume_file_is_one_line_and_exit_1_and_nothing_is_written(
    tmp_path: Path, content: bytes | None, expected: str
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    before = _listing(tmp_path)
    for argv in (("--resume", str(path)), ("--resume", str(path), "--save", str(path))):
        code, out, err = _run(["2 3"], *EN, *argv)
        assert code == 1
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith("rotation61 score: error: ")
        assert expected.format(path=path) in err
        assert _listing(tmp_path) == before


def test_the_command_line_prints_one_line_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "over.r61"
    path.write_text(to_json(FINISHED), encoding="utf-8")
    assert cli_main.main(["score", "--lang", "vi", "--resume", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"rotation61 score: lỗi: trận đấu trong {path} đã kết thúc (An thắng); "
        "không còn gì để tiếp tục\n"
    )


def test_save_refuses_to_overwrite_a_file(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text("precious", encoding="utf-8")
    other = tmp_path / "other.json"
    _run(["2 3"], *EN, "--save", str(other))
    for argv in (("--save", str(path)), ("--resume", str(other), "--save", str(path))):
        code, out, err = _run(["2 3"], *EN, *argv)
        assert (code, out) == (1, "")
        assert err == (
            f"rotation61 score: error: {path} already exists; continue it with --resume "
            f"{path}, or save to another file\n"
        )
    assert path.read_text(encoding="utf-8") == "precious"


def test_save_into_a_missing_directory(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "m.json"
    code, out, err = _run(["2 3"], *EN, "--save", str(path))
    assert (code, out) == (1, "")
    assert err == f"rotation61 score: error: cannot write {path}: No such file or directory\n"


def test_options_the_record_contradicts_are_an_error_naming_them(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _run(["2 3"], *EN, "--players", "An", "Bình Minh", "--race-to", "2", "--event", "Cup",
         "--save", str(path))  # fmt: skip
    before = path.read_bytes()
    code, out, err = _run(
        ["1"], *EN, "--resume", str(path), "--race-to", "3", "--rules", "bca", "--venue", "X"
    )
    assert (code, out) == (1, "")
    assert err == (
        f"rotation61 score: error: --race-to, --rules, --venue: the record in {path} says "
        "otherwise (--race-to 2, --rules standard, --venue —); leave them out when resuming\n"
    )
    assert path.read_bytes() == before
    # The record's own values, typed again, and the language, are fine.
    code, out, _ = _run(
        [],
        *EN,
        "--resume",
        str(path),
        "--players",
        "An",
        "Bình Minh",
        "--race-to",
        "2",
        "--event",
        "Cup",
        "--first-breaker",
        "A",
    )
    assert code == 0
    assert "Resumed" in out
    code, _, err = _run([], *EN, "--resume", str(path), "--players", "An", "Binh")
    assert code == 1
    assert "(--players An 'Bình Minh')" in err


def test_a_bad_tag_value_is_an_option_error(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    code, out, err = _run([], *EN, "--event", "two\nlines", "--save", str(path))
    assert (code, out) == (1, "")
    assert err.startswith("rotation61 score: error: bad option: ")
    assert not path.exists()


def test_without_save_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = _run(WHOLE_MATCH, *EN, "--race-to", "1")
    assert code == 0
    assert "saved" not in out
    assert list(tmp_path.iterdir()) == []
