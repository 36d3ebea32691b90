"""The scorekeeper's record files on their own: format by name, atomic writes, reading back."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rotation61.cli.score.files import (
    RecordFile,
    RecordFileError,
    RecordFormat,
    error_detail,
    is_same_file,
    read_record,
    write_atomically,
)
from rotation61.records import MatchHeader, MatchLog, MatchRecord, format_match, to_json
from rotation61.rules import OfficialEvent, Option, Seat, Shot


def _record() -> MatchRecord:
    """A short match: a break, a foul, a decision, a concession, a shot of the next rack."""
    log = MatchLog.begin(
        MatchHeader.of(
            players=("An", "Bình"), race_to=2, tags=[("Event", "Open"), ("Date", "2025-01-02")]
        )
    )
    log, _ = log.play(Shot(first_contact=1, pocketed=(2, 3)))
    log, _ = log.play(Shot(first_contact=5))
    log = log.decide(Option.CUE_IN_HAND_KITCHEN)
    log, _ = log.officiate(OfficialEvent.CONCEDE_RACK, Seat.A)
    log, _ = log.play(Shot(first_contact=1))
    return log.record


def _listing(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("m.json", RecordFormat.JSON),
        ("m", RecordFormat.JSON),
        ("m.r61.json", RecordFormat.JSON),
        ("m.r61", RecordFormat.TEXT),
        ("m.txt", RecordFormat.TEXT),
        ("M.R61", RecordFormat.TEXT),
        ("m.TXT", RecordFormat.TEXT),
    ],
)
def test_the_format_follows_the_file_name(name: str, expected: RecordFormat) -> None:
    assert RecordFormat.of(Path(name)) is expected
    assert RecordFile(Path(name)).format is expected


@pytest.mark.parametrize("name", ["m.json", "m.r61", "m.txt"])
def test_a_record_written_reads_back_the_same(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    record = _record()
    RecordFile(path).write(record)
    assert read_record(path) == record


def test_each_format_is_written_as_its_codec_writes_it(tmp_path: Path) -> None:
    record = _record()
    RecordFile(tmp_path / "m.json").write(record)
    RecordFile(tmp_path / "m.r61").write(record)
    assert (tmp_path / "m.json").read_text(encoding="utf-8") == to_json(record)
    assert (tmp_path / "m.r61").read_text(encoding="utf-8") == format_match(record)


def test_a_rewrite_replaces_the_whole_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    path.write_text("an older, longer text " * 100, encoding="utf-8")
    path.chmod(0o600)
    write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert _listing(tmp_path) == {"m.txt": b"new"}


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    RecordFile(path).write(_record())
    before = _listing(tmp_path)
    with pytest.raises(UnicodeEncodeError):
        write_atomically(path, "half written \ud800")
    assert _listing(tmp_path) == before


def test_writing_to_a_directory_fails_and_changes_nothing(tmp_path: Path) -> None:
    directory = tmp_path / "m.json"
    directory.mkdir()
    (directory / "inside").write_text("kept", encoding="utf-8")
    with pytest.raises(OSError, match="directory"):
        RecordFile(directory).write(_record())
    assert directory.is_dir()
    assert _listing(directory) == {"inside": b"kept"}
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_writing_into_a_missing_directory_fails(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        RecordFile(tmp_path / "nowhere" / "m.json").write(_record())
    assert list(tmp_path.iterdir()) == []


def test_reading_a_missing_file_names_it(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    with pytest.raises(RecordFileError) as caught:
        read_record(path)
    assert (caught.value.key, caught.value.fields) == ("err.missing", {"path": path})


def test_reading_a_directory_is_reading_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordFileError) as caught:
        read_record(tmp_path)
    assert caught.value.key == "err.missing"


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"{not json", None),
        (b'{"format": "something-else"}', None),
        (b"\xff\xfe\x00", "not UTF-8 text"),
    ],
)
def test_reading_a_file_that_is_not_a_record_says_why(
    tmp_path: Path, content: bytes, detail: str | None
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordFileError) as caught:
        read_record(path)
    assert caught.value.key == "err.invalid"
    assert caught.value.fields["path"] == path
    assert caught.value.fields["detail"]
    if detail is not None:
        assert caught.value.fields["detail"] == detail


def test_reading_a_file_of_two_matches_counts_them(tmp_path: Path) -> None:
    path = tmp_path / "two.r61"
    text = format_match(_record())
    path.write_text(text + "\n" + text, encoding="utf-8")
    with pytest.raises(RecordFileError) as caught:
        read_record(path)
    assert (caught.value.key, caught.value.fields) == ("err.count", {"path": path, "count": 2})


def test_the_same_file_by_two_spellings(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text("{}", encoding="utf-8")
    assert is_same_file(path, tmp_path / "." / "sub" / ".." / "m.json")
    assert not is_same_file(path, tmp_path / "other.json")
    assert is_same_file(tmp_path / "new.json", tmp_path / "." / "new.json")


def test_the_detail_of_an_error() -> None:
    assert error_detail(OSError(28, os.strerror(28))) == os.strerror(28)
    assert error_detail(ValueError("ball 16")) == "ball 16"
