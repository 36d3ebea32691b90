"""``rotation61 tournament`` refusals: file encodings, tables, unused options, the language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rotation61.cli.main import main

PLAYERS = "name,club,rating,class\nNguyễn Văn An,CLB Sài Gòn,720,A\nTrần Bình,,690,A\nLê Cường,,,\n"


def _create(players: Path, out: Path, *options: str) -> int:
    create = ["tournament", "create", "--players", str(players), "--format", "single"]
    return main([*create, "-o", str(out), *options])


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom"])
def test_players_files_in_utf8_or_utf16_with_a_mark_are_read(
    tmp_path: Path, encoding: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.csv"
    if encoding == "utf-16-le-bom":
        path.write_bytes(b"\xff\xfe" + PLAYERS.replace("\n", "\r\n").encode("utf-16-le"))
    else:
        path.write_bytes(PLAYERS.encode(encoding))
    event = tmp_path / "e.json"
    assert _create(path, event) == 0
    names = [e["name"] for e in json.loads(event.read_text(encoding="utf-8"))["entries"]]
    assert names == ["Nguyễn Văn An", "Trần Bình", "Lê Cường"]


@pytest.mark.parametrize(
    ("data", "vi", "en"),
    [
        (
            "name,club,rating,class\nJosé,,1,\nAna,,2,\n".encode("latin-1"),
            "không phải văn bản UTF-8: byte 0xe9 ở vị trí 26",
            "not UTF-8 text: byte 0xe9 at offset 26 (Latin-1 or Windows-1252?)",
        ),
        (
            PLAYERS.encode("utf-16-le"),
            "văn bản UTF-16 thiếu dấu thứ tự byte (BOM)",
            "UTF-16 text without its byte-order mark",
        ),
        (
            PLAYERS.encode("utf-32"),
            "không đọc văn bản UTF-32",
            "UTF-32 text is not read",
        ),
    ],
    ids=["latin-1", "utf-16-without-mark", "utf-32"],
)
def test_other_encodings_are_one_line_naming_the_file(
    tmp_path: Path, data: bytes, vi: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.csv"
    path.write_bytes(data)
    event = tmp_path / "e.json"
    assert _create(path, event) == 1
    err = _one_line(capsys)
    assert err.startswith(f"rotation61: lỗi: {path}: ")
    assert vi in err
    assert _create(path, event, "--lang", "en") == 1
    err = _one_line(capsys)
    assert err.startswith(f"rotation61: error: {path}: ")
    assert en in err
    assert not event.exists()
    sim = ["tournament", "simulate", "--format", "single", "--players", "2"]
    assert main([*sim, "--players-file", str(path), "--lang", "en"]) == 1
    assert en in _one_line(capsys)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    players = tmp_path / "p.csv"
    players.write_text("name,club,rating,class\nJosé,,700,\nAna,,600,\nBo,,500,\n", "utf-8")
    path = tmp_path / "e.json"
    assert _create(players, path, "--name", "Cup") == 0
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["show"],
        ["draw"],
        ["result", "R1-2", "7", "3"],
        ["walkover", "R1-2", "p2"],
        ["withdraw", "p1"],
        ["call"],
        ["export"],
        ["import", "-o", "OUT"],
    ],
    ids=lambda c: c[0],
)
def test_every_command_reads_event_files_alike(
    event: Path, tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    text = event.read_text(encoding="utf-8")
    out = tmp_path / "out.json"
    args = [str(out) if a == "OUT" else a for a in command]
    latin = tmp_path / "latin.json"
    latin.write_bytes(text.encode("latin-1"))
    assert main(["tournament", args[0], str(latin), *args[1:], "--lang", "en"]) == 1
    err = _one_line(capsys)
    assert f"{latin}: not UTF-8 text: byte 0xe9" in err
    wide = tmp_path / "wide.json"
    wide.write_bytes(text.encode("utf-16"))
    if args[0] not in ("draw", "show", "export", "import"):
        assert main(["tournament", "draw", str(wide)]) == 0
    capsys.readouterr()
    assert main(["tournament", args[0], str(wide), *args[1:], "--lang", "en"]) == 0, (
        capsys.readouterr().err
    )


def test_a_table_named_twice_is_refused_at_create_and_call(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = tmp_path / "p.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    other = tmp_path / "other.json"
    assert _create(players, other, "--tables", "t1,t2,t1") == 1
    assert (
        _one_line(capsys) == "rotation61: lỗi: Bàn t1 được nêu hai lần: mỗi bàn chỉ nêu một lần.\n"
    )
    assert not other.exists()
    assert main(["tournament", "draw", str(event)]) == 0
    before = event.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["tournament", "call", str(event), "--tables", "t1,t1", "--lang", "en"]) == 1
    assert _one_line(capsys) == (
        "rotation61: error: The table t1 is named twice: give each table once.\n"
    )
    assert event.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    ("fmt", "options", "setting"),
    [
        ("single", ["--single-from", "4"], "single elimination from the last K"),
        ("single", ["--no-reset"], "no grand-final reset"),
        ("double", ["--single-from", "4", "--no-reset"], "no grand-final reset"),
        ("single", ["--rounds", "3"], "a number of Swiss rounds"),
        ("swiss", ["--group-size", "4"], "a group size"),
        ("round-robin", ["--advance", "3"], "players going through from each group"),
        ("double", ["--knockout", "double"], "the knockout's format"),
        ("single", ["--race-stage", "losers=5"], "a race for the stage “the losers' side”"),
    ],
)
def test_options_the_format_does_not_use_are_refused(
    tmp_path: Path,
    fmt: str,
    options: list[str],
    setting: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    players = tmp_path / "p.csv"
    players.write_text(PLAYERS * 1 + "Phạm Dũng,,,\nHoàng Em,,,\n", encoding="utf-8")
    out = tmp_path / "e.json"
    create = ["tournament", "create", "--players", str(players), "--format", fmt, "-o", str(out)]
    assert main([*create, *options, "--lang", "en"]) == 1
    err = _one_line(capsys)
    assert f"does not use {setting}: leave it out." in err
    assert not out.exists()
    sim = ["tournament", "simulate", "--format", fmt, "--players", "8", *options]
    assert main(sim) == 1
    assert "không dùng" in _one_line(capsys)


def test_a_players_file_shorter_than_players_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = tmp_path / "p.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    sim = ["tournament", "simulate", "--format", "single", "--players-file", str(players)]
    assert main([*sim, "--players", "8", "--lang", "en"]) == 1
    assert _one_line(capsys) == (
        f"rotation61: error: {players} has 3 players, fewer than the 8 asked for.\n"
    )
    assert main([*sim, "--players", "8"]) == 1
    assert "chỉ có 3 người chơi, ít hơn 8" in _one_line(capsys)
    assert main([*sim, "--players", "3"]) == 0
    assert "3 players" in capsys.readouterr().out
