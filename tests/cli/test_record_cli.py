"""``rotation61 record``: show, verify, convert and stats, called through run()."""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

import pytest

from rotation61.cli import record as cli
from rotation61.records import SCHEMA_VERSION, format_match, from_json, parse_match, to_json

GOLDEN = Path(__file__).resolve().parents[1] / "records" / "golden"
TIE = GOLDEN / "race-to-2-tie-concession.r61"
OVERRIDE = GOLDEN / "override-restore-stalemate.r61"


def _run(*argv: str | Path) -> int:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return cli.run(parser.parse_args([str(a) for a in argv]))


@pytest.fixture
def json_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(to_json(parse_match(TIE.read_text(encoding="utf-8"))), encoding="utf-8")
    return path


def test_show_prints_every_rack_with_rulings_and_scores_in_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run("show", TIE, "--lang", "en") == 0
    out = capsys.readouterr().out
    assert "Nguyễn Văn An – Trần Bình · race to 2" in out
    assert "Event: Giải Bi-a Mùa Xuân" in out
    assert "Rack 1 · Nguyễn Văn An breaks" in out
    assert "Rack 3 · Nguyễn Văn An breaks" in out
    assert "Legal break: Nguyễn Văn An pockets 5, 12 (+17 points)." in out
    assert "Foul (§X): the cue ball was pocketed" in out
    assert "Trần Bình chooses: cue ball in hand." in out
    assert "Score: Nguyễn Văn An 58 – 62 Trần Bình (target 61)" in out
    assert "60–60" in out
    assert "Match over: Trần Bình wins the match (racks won: Nguyễn Văn An 0 – 2 Trần Bình)" in out


def test_show_in_vietnamese_reads_json_and_shows_an_override(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    path.write_text(to_json(parse_match(OVERRIDE.read_text(encoding="utf-8"))), encoding="utf-8")
    assert _run("show", path) == 0
    out = capsys.readouterr().out
    assert "Ván 1 · Ann khai cuộc" in out
    assert "Trọng tài sửa quyết định (the 7 was hit first): 7:6" in out
    assert "Phán quyết của máy theo dữ kiện nhập ban đầu" in out
    assert "Hết trận: Ann thắng trận đấu" in out


def test_show_marks_an_input_the_referee_rejects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.r61"
    path.write_text(TIE.read_text(encoding="utf-8") + "  5\n", encoding="utf-8")
    assert _run("show", path, "--lang", "en") == 0
    assert "Rejected by the referee: the match is over" in capsys.readouterr().out


def test_verify_passes_a_clean_record(json_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("verify", json_file) == 0
    assert "OK, 3 racks, 32 entries verified" in capsys.readouterr().out


def test_verify_lists_discrepancies_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = TIE.read_text(encoding="utf-8")
    text = text.replace("1:1 <legal +1>", "1:1 <legal +2>").replace(
        "4:4.15 <legal +19>", "4:4.15 <legal +19 end:reached_61>"
    )
    path = tmp_path / "altered.r61"
    path.write_text(text + "  4 <legal>\n", encoding="utf-8")
    assert _run("verify", path) == 1
    out = capsys.readouterr().out
    assert "3 discrepancies" in out
    assert "racks[0].entries[1] (rack 1, entry 2): ruling.points: stored 2, recomputed 1" in out
    assert "ruling.result: stored reached_61, recomputed -" in out
    assert "racks[2].entries[7] (rack 3, entry 8): the referee rejects '4 <legal>'" in out


def test_convert_both_ways_without_loss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = parse_match(TIE.read_text(encoding="utf-8"))
    out_json = tmp_path / "m.json"
    assert _run("convert", TIE, "--to", "json", "-o", out_json) == 0
    assert from_json(out_json.read_text(encoding="utf-8")) == record
    assert _run("convert", out_json, "--to", "text") == 0
    text = capsys.readouterr().out
    assert text == format_match(record)
    assert parse_match(text) == record
    out_text = tmp_path / "m.r61"
    assert _run("convert", out_json, "--to", "text", "--output", out_text) == 0
    assert out_text.read_text(encoding="utf-8") == text


def test_convert_several_matches_to_json_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    both = tmp_path / "both.r61"
    both.write_text(TIE.read_text(encoding="utf-8") + OVERRIDE.read_text(encoding="utf-8"))
    assert _run("convert", both, "--to", "text") == 0
    assert capsys.readouterr().out.count("[Schema") == 2
    assert _run("convert", both, "--to", "json") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "holds 2 matches; a JSON record holds one" in err


def test_stats_prints_a_table_and_writes_csv(
    tmp_path: Path, json_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_csv = tmp_path / "stats.csv"
    assert _run("stats", json_file, OVERRIDE, "--csv", out_csv) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header[:4] == ["match", "player", "M", "MW"]
    assert "high" in header
    assert "no_rail_after_contact" in out
    assert out_csv.read_bytes().startswith(b"\xef\xbb\xbfmatch,player,")
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8-sig")))
    ann = next(r for r in rows if r["match"] == "all" and r["player"] == "Ann")
    assert ann["points"] == "70"
    assert ann["high_run"] == "64"
    assert ann["racks_won_from_break"] == "1"
    assert ann["points_per_inning"] == "23.33"
    assert ann["general_rules_foul"] == "1"
    assert {r["match"] for r in rows} == {"1", "2", "all"}


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"format": "rotation61-match", "schema": "2.0"}', "schema version '2.0'"),
        ('{"format": "rotation61-match", ', "invalid JSON"),
        ('[PlayerA "A"] [PlayerB "B"] [RaceTo "1"]\nR1 A: 1:3q\n', "line 2, column 10"),
    ],
    ids=["schema", "truncated", "bad-token"],
)
def test_errors_print_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, needle: str
) -> None:
    path = tmp_path / "bad"
    path.write_text(content, encoding="utf-8")
    for argv in (("show", path), ("verify", path), ("convert", path, "--to", "text")):
        assert _run(*argv) == 1
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1
        assert needle in captured.err
        assert str(path) in captured.err
    assert _run("stats", path) == 1
    assert needle in capsys.readouterr().err


def test_a_missing_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("verify", tmp_path / "nope.json") == 1
    assert "nope.json" in capsys.readouterr().err


def test_json_written_by_convert_is_the_canonical_json(json_file: Path) -> None:
    data = json.loads(json_file.read_text(encoding="utf-8"))
    assert data["format"] == "rotation61-match"
    assert data["schema"] == SCHEMA_VERSION == "1.1"


def test_show_words_the_tags_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("show", TIE) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Giải đấu: Giải Bi-a Mùa Xuân" in out
    assert "Ngày: 2025-03-14" in out
    assert not [line for line in out if line.startswith(("Date:", "Language:", "Event:"))]
    assert "luật “" not in out[0]
