"""A file that is no record (binary, nested, huge) is a one-line error naming it, never a traceback.

For ``rotation61 score --resume`` and ``rotation61 record show`` / ``verify``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.cli import main as cli_main

_MATCH_JSON = '{"format": "rotation61-match", "schema": "1.0", '

BAD_FILES: dict[str, bytes] = {
    "binary.json": bytes(range(256)) * 8,
    "binary.r61": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(128, 256)),
    "utf16.json": '{"format": "rotation61-match"}'.encode("utf-16"),
    "nested.json": (_MATCH_JSON + '"players": ' + "[" * 100_000 + "]" * 100_000 + "}").encode(),
    "nested-object.json": ('{"a": ' * 100_000 + "1" + "}" * 100_000).encode(),
    "huge-number.json": (_MATCH_JSON + '"race_to": ' + "9" * 100_000 + "}").encode(),
    "huge-line.r61": b'[PlayerA "A"] [PlayerB "B"]\nR1 A: ' + b"x" * 5_000_000 + b"\n",
    "huge-line.json": (_MATCH_JSON + '"players": ["' + "x" * 5_000_000 + '"]}').encode(),
    "nul.r61": b"\x00" * 4096,
}

COMMANDS = {
    "score --resume": ("score", "--lang", "en", "--resume"),
    "record show": ("record", "show"),
    "record verify": ("record", "verify"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_is_one_short_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, command: str
) -> None:
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    code = cli_main.main([*COMMANDS[command], str(path)])
    captured = capsys.readouterr()
    assert code in (1, 2)
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1
    assert str(path) in captured.err
    assert len(captured.err) < 500
