"""``rotation61 ratings``: refusals and warnings worded in vi or en, one line, exit 1."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rotation61.cli.main import main
from tests.conftest import REPO

GOLDEN = sorted((REPO / "tests" / "records" / "golden").glob("*.r61"))
"""Two matches between two pairs of players who never met: two groups."""


@pytest.mark.parametrize(
    ("anchor", "lang", "line"),
    [
        (
            "nan",
            "vi",
            "rotation61 ratings: lỗi: Giá trị điểm mốc nan không phải là một số hữu hạn.",
        ),
        ("inf", "en", "rotation61 ratings: error: The anchor rating inf is not a finite number."),
        ("-inf", "en", "rotation61 ratings: error: The anchor rating -inf is not a finite number."),
    ],
    ids=["nan-vi", "inf-en", "minus-inf-en"],
)
def test_an_anchor_that_is_not_finite_is_refused_in_the_users_language(
    anchor: str, lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", *map(str, GOLDEN), f"--anchor={anchor}", "--lang", lang]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [line]


def test_a_refusal_prints_no_traceback_from_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rotation61.cli.main", "ratings", *map(str, GOLDEN), "--anchor=nan"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1


def test_groups_that_never_met_are_warned_and_numbered(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", *map(str, GOLDEN)]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("Cảnh báo: người chơi chia thành 2 nhóm chưa từng gặp nhau")
    lines = captured.out.splitlines()
    assert lines[0] == "2 trận, 3 ván"
    assert sum("nhóm 1" in line for line in lines) == 2
    assert sum("nhóm 2" in line for line in lines) == 2
    assert lines[-1] == "* tạm thời: ít hơn 100 ván"
    assert main(["ratings", *map(str, GOLDEN), "--lang", "en"]) == 0
    english = capsys.readouterr()
    assert english.err.startswith("Warning: the players fall into 2 groups that never met")
    assert "group 2" in english.out
