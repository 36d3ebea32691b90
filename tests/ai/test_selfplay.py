"""Self-play: records that verify, seeded runs identical, any number of workers."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rotation61.ai.selfplay import (
    Pairings,
    RackError,
    RackJob,
    jobs_for,
    pairings,
    play_racks,
    process_executor,
    run_jobs,
    summarize,
)
from rotation61.cli.main import main
from rotation61.cli.progress import Progress
from rotation61.records import from_json, verify


@pytest.fixture(scope="module")
def outcomes() -> list:  # type: ignore[type-arg]
    return run_jobs(_jobs())


def _jobs() -> list[RackJob]:
    return jobs_for("3", "6", 2, seed=7, record=True, max_actions=50)


def test_self_play_records_verify_and_every_ruling_is_the_referees(outcomes: list) -> None:  # type: ignore[type-arg]
    for outcome in outcomes:
        record = from_json(outcome.record)
        assert verify(record) == []
        shots = [e for r in record.racks for e in r.entries if hasattr(e, "positions")]
        assert shots
        assert all(e.positions for e in shots)
        assert outcome.a.strokes + outcome.b.strokes == len(shots)


def test_seeded_runs_are_identical(outcomes: list) -> None:  # type: ignore[type-arg]
    again = run_jobs(_jobs())
    assert [o.without_times() for o in again] == [o.without_times() for o in outcomes]


def test_one_or_two_workers_give_the_same_results(outcomes: list) -> None:  # type: ignore[type-arg]
    two = run_jobs(_jobs(), process_executor(2))
    one = run_jobs(_jobs(), process_executor(1))
    assert [o.without_times() for o in two] == [o.without_times() for o in outcomes]
    assert [o.without_times() for o in one] == [o.without_times() for o in outcomes]


def test_summary_adds_up(outcomes: list) -> None:  # type: ignore[type-arg]
    summary = summarize(outcomes)
    assert summary.racks == 2
    assert summary.racks_won_a + summary.racks_won_b <= 2
    data = summary.as_dict()
    for side in ("side_a", "side_b"):
        for key in ("pot_success", "points_per_inning", "fouls", "think_ms_median"):
            assert key in data[side]  # type: ignore[operator]


def test_a_rack_played_to_its_end_has_a_winner() -> None:
    outcome = play_racks(RackJob(a="8", b="8", index=1, seed=3))
    assert outcome.winner in ("a", "b")
    assert outcome.record is None


def test_ai_match_command_prints_json_and_saves_records_that_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "recs"
    code = main(
        ["ai", "match", "--a", "8", "--b", "7", "--racks", "1", "--json", "--workers", "1",
         "--records", str(folder)]
    )  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["racks"] == 1
    assert data["racks_won_a"] + data["racks_won_b"] == 1
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1
    assert main(["record", "verify", str(files[0])]) == 0
    code = main(["ai", "suggest", "--record", str(files[0]), "--level", "4", "--lang", "vi"])
    assert code == 0
    assert "bi" in capsys.readouterr().out


def test_bad_levels_and_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ai", "match", "--a", "11", "--b", "1", "--racks", "2"]) == 1
    assert "unknown level '11'" in capsys.readouterr().err
    assert main(["ai", "match", "--a", "1", "--b", "1", "--racks", "0"]) == 1
    assert main(["ai", "ladder", "--levels", "3", "--racks", "1"]) == 1


def test_a_neighbours_ladder_plays_each_level_and_the_next_and_the_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ai", "ladder", "--levels", "1,2,3", "--pairs", "neighbours", "--racks", "1"]
    assert main([*argv, "--workers", "1", "--seed", "3", "--json"]) == 0
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    played = [(p["a"], p["b"]) for p in document["pairings"]]
    assert played == [("1", "2"), ("2", "3"), ("1", "3")]
    assert all(p["racks_won_a"] + p["racks_won_b"] == 1 for p in document["pairings"])
    assert sorted(r["level"] for r in document["ratings"]) == ["1", "2", "3"]
    # each series is reported on stderr as soon as it is played
    lines = captured.err.splitlines()
    # progress lines (racks done, rate, time left) are plain lines off a terminal
    assert lines[-1].startswith("rotation61: ladder: 3/3 racks, ")
    assert "in all" in lines[-1]
    progress = [line for line in lines if " vs level " in line and "racks/s" not in line]
    assert [line.split(":")[1].strip() for line in progress] == [
        "level 1 vs level 2",
        "level 2 vs level 3",
        "level 1 vs level 3",
    ]


def test_pairings_refuse_fewer_than_two_distinct_levels() -> None:
    with pytest.raises(ValueError, match=r"levels \['4', '4'\] must hold at least two"):
        pairings(["4", "4"], Pairings.NEIGHBOURS)


def test_a_rack_that_cannot_be_played_names_its_job() -> None:
    job = RackJob(a="3", b="6", index=4, seed=77, rules="no-such-rules")
    with pytest.raises(RackError, match=r"rack 4 of level 3 vs level 6 \(seed 77, rules no-such"):
        play_racks(job)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_rewrites_one_line_on_a_terminal_and_ends_it() -> None:
    stream = _Terminal()
    clock = iter([0.0, 1.0, 1.2, 2.0, 4.0]).__next__
    progress = Progress(total=10, label="level 3 vs level 6", stream=stream, clock=clock)
    progress.advance()  # 1 s: shown
    progress.advance()  # 0.2 s later: not shown
    progress.advance()  # 2 s: shown
    progress.finish()
    text = stream.getvalue()
    assert text.count("\r\x1b[K") == 3
    assert "1/10 racks, 1.00 racks/s, 9 s left" in text
    assert "3/10 racks, 1.50 racks/s, 5 s left" in text
    assert text.endswith("3/10 racks, 0.75 racks/s, 4 s in all\n")
    assert "\n" not in text[:-1]
