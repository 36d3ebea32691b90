"""``rotation61 score``: a concession or a disqualification is confirmed, and can be undone."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rotation61.cli import score
from rotation61.records import EventEntry
from rotation61.rules import OfficialEvent
from tests.cli.test_score import EN, _args, _lines, _Script, _session
from tests.cli.test_score_records import RACE_1, _record, _run


@pytest.mark.parametrize("line", ["concede", "concede-match B", "dq A"])
def test_a_concession_or_disqualification_waits_for_confirmation(line: str) -> None:
    output = io.StringIO()
    script = _Script([line], output)
    score.run(_args(*EN), input_fn=script, output=output)
    shown = output.getvalue()
    assert f"Confirm “{line}" in shown
    assert "wins" not in shown
    assert script.prompts[-1].startswith("Confirm “")  # the prompt asks for it


@pytest.mark.parametrize("confirm", ["y", "Y", "concede B"])
def test_y_or_the_same_command_again_confirms(confirm: str) -> None:
    _, blocks = _session(["concede B", confirm], *EN)
    assert "Rack over: B concedes the rack; A wins the rack." in blocks[2]


@pytest.mark.parametrize("other", ["n", "", "2 3", "concede A"])
def test_anything_else_cancels_and_records_nothing(other: str) -> None:
    _, blocks = _session(["concede B", other, "2 3"], *EN)
    assert _lines(blocks[2])[1] == "Cancelled: “concede B” was not recorded."
    assert "Legal break: A pockets 2, 3 (+5 points)." in blocks[3]


def test_a_stalemate_needs_no_confirmation() -> None:
    _, blocks = _session(["stalemate"], *EN)
    assert "Stalemate declared." in blocks[1]


def test_a_confirmed_concession_of_the_match_is_undone_after_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "m.r61"
    code, out, _ = _run(["2 3", "concede-match A", "y"], *EN, *RACE_1, "--save", str(path))
    assert code == 0
    assert "B wins the match!" in out
    code, out, err = _run(["u", "4"], *EN, "--resume", str(path))
    assert (code, err) == (0, "")
    assert "type u to undo" in out
    assert "Undone: “concede-match A”." in out
    record = _record(path)
    assert not any(isinstance(e, EventEntry) for rack in record.racks for e in rack.entries)
    assert [e.shot.pocketed for e in record.racks[0].entries] == [(2, 3), (4,)]


def test_a_match_won_by_play_is_still_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _run(["1 2 3 4 5 6 7 8 9 10 11"], *EN, *RACE_1, "--save", str(path))
    code, _, err = _run(["u"], *EN, "--resume", str(path))
    assert code == 1
    assert "is over (A won)" in err


def test_the_event_is_stored_once_confirmed(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _run(["dq B", "y"], *EN, "--save", str(path))
    [entry] = _record(path).racks[0].entries
    assert isinstance(entry, EventEntry)
    assert entry.event is OfficialEvent.DISQUALIFICATION
