"""``rotation61 score --shot-clock``: shot times measured by the terminal, time fouls and
extensions typed, and ``--target`` (decisions A50, A51)."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from rotation61.cli import record as record_cli
from rotation61.cli import score
from rotation61.records import ShotEntry, TimeFoulEntry, from_json
from rotation61.rules import FoulKind, get_ruleset


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    score.add_arguments(parser)
    return parser.parse_args(list(argv))


def _clock(seconds: Sequence[float]) -> object:
    ticks: Iterator[float] = iter(seconds)
    return lambda: next(ticks)


def _run(lines: Sequence[str], times: Sequence[float], *argv: str) -> tuple[int, str]:
    typed = list(lines)

    def input_fn(prompt: str) -> str:
        if not typed:
            raise EOFError
        return typed.pop(0)

    output = io.StringIO()
    code = score.run(
        _args(*argv),
        input_fn=input_fn,
        output=output,
        clock=_clock(times),  # type: ignore[arg-type]
    )
    return code, output.getvalue()


def test_shot_times_extensions_and_a_time_foul_are_recorded(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    lines = ["", "ext", "", "time", "a", "ext", "ext", "2"]
    # opening, then one tick per typed line
    times = [100.0, 112.0, 150.0, 161.25, 190.5, 191.0, 200.0, 201.0, 230.0]
    code, out = _run(
        lines, times, "--shot-clock", "wpa-majors", "--lang", "en", "--save", str(save)
    )
    assert code == 0
    assert "takes an extension: 30 s more" in out
    assert "No extension left for this player in this rack (decision A50)." in out
    record = from_json(save.read_text(encoding="utf-8"))
    assert record.rules == "standard"
    wpa = get_ruleset("wpa-majors")
    assert record.ruleset.shot_clock_s == wpa.shot_clock_s
    assert record.ruleset.shot_clock_after_break_s == wpa.shot_clock_after_break_s
    assert record.ruleset.shot_clock_extensions == wpa.shot_clock_extensions
    entries = [entry for _, _, entry in record.entries()]
    brk, miss, foul, _decision, shot = entries
    assert isinstance(brk, ShotEntry)
    assert brk.time_ms is None
    assert isinstance(miss, ShotEntry)
    assert (miss.time_ms, miss.extensions) == (49_250, 1)  # from 112.0 to 161.25
    assert isinstance(foul, TimeFoulEntry)
    assert foul.time_ms == 29_250
    assert foul.ruling is not None
    assert foul.ruling.fouls == (FoulKind.TIME_FOUL,)
    assert isinstance(shot, ShotEntry)
    assert (shot.time_ms, shot.extensions) == (39_000, 0)  # from the decision at 191.0


def test_a_limit_in_seconds_and_a_target_per_player(tmp_path: Path) -> None:
    save = tmp_path / "match.r61"
    code, _ = _run([], [0.0], "--shot-clock", "40", "--target", "61:50", "--save", str(save))
    assert code == 0
    text = save.read_text(encoding="utf-8")
    assert '[Config "shot_clock_s=40,target_points=61:50"]' in text


def test_without_a_clock_time_and_ext_are_refused_in_the_scorers_language() -> None:
    code, out = _run(["", "time", "ext"], [0.0, 1.0, 2.0, 3.0])
    assert code == 0
    assert out.count("Trận này không tính giờ đánh (quyết định A50).") == 2


def test_without_a_clock_no_time_is_recorded(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    _run(["", ""], [0.0, 5.0, 9.0], "--save", str(save))
    record = from_json(save.read_text(encoding="utf-8"))
    assert all(
        entry.time_ms is None for _, _, entry in record.entries() if isinstance(entry, ShotEntry)
    )


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--shot-clock", "standard"),
        ("--shot-clock", "0"),
        ("--shot-clock", "soon"),
        ("--target", "61-50"),
    ],
)
def test_bad_values_are_refused_naming_them(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        _args(option, value)
    assert repr(value) in capsys.readouterr().err


def test_a_resumed_match_keeps_its_clock(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    _run([""], [0.0, 1.0], "--shot-clock", "vn-national", "--save", str(save))
    errors = io.StringIO()
    code = score.run(
        _args("--resume", str(save), "--shot-clock", "30", "--lang", "en"),
        input_fn=lambda prompt: (_ for _ in ()).throw(EOFError()),
        output=io.StringIO(),
        errors=errors,
    )
    assert code == 1
    assert "--shot-clock" in errors.getvalue()
    same = score.run(
        _args("--resume", str(save), "--shot-clock", "vn-national"),
        input_fn=lambda prompt: (_ for _ in ()).throw(EOFError()),
        output=io.StringIO(),
    )
    assert same == 0
    assert from_json(save.read_text(encoding="utf-8")).ruleset.shot_clock_s == 40


def test_record_stats_show_the_shot_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "match.json"
    times = [0.0, 5.0, 17.5, 30.0, 31.0, 71.0]
    _run(
        ["", "", "time", "a", "2"],
        times,
        "--shot-clock",
        "40",
        "--players",
        "An",
        "Binh",
        "--save",
        str(save),
    )
    capsys.readouterr()
    parser = argparse.ArgumentParser()
    record_cli.add_arguments(parser)
    assert record_cli.run(parser.parse_args(["stats", str(save)])) == 0
    out = capsys.readouterr().out
    header, *rows = out.split("\n\n")[-1].strip().splitlines()
    assert header.split() == [
        "match",
        "player",
        "timed",
        "mean",
        "s",
        "median",
        "s",
        "max",
        "s",
        "time",
        "fouls",
        "ext",
    ]
    # Binh: a shot of 12.5 s and one of 40 s; An: a time foul at 12.5 s
    assert rows[0].split() == ["1", "An", "1", "12.5", "12.5", "12.5", "1", "0"]
    assert rows[1].split() == ["1", "Binh", "2", "26.2", "26.2", "40.0", "0", "0"]
