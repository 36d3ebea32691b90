"""``rotation61 score``: the language is kept in the record and comes back at ``--resume``."""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.rules import PRESETS
from rotation61.text import Language, describe_ruleset
from tests.cli.test_score import EN
from tests.cli.test_score_records import _record, _run


@pytest.mark.parametrize("suffix", [".json", ".r61"])
def test_resume_speaks_the_language_the_match_was_started_in(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"m{suffix}"
    _run(["2 3"], *EN, "--save", str(path))
    assert _record(path).tag("Language") == "en"
    code, out, _ = _run([], "--resume", str(path))
    assert code == 0
    assert "Resumed" in out
    assert "Scorekeeping ended." in out


def test_lang_at_resume_overrides_the_recorded_language(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _run(["2 3"], *EN, "--save", str(path))
    _, out, _ = _run([], "--lang", "vi", "--resume", str(path))
    assert "Tiếp tục biên bản" in out


def test_a_record_without_a_language_resumes_in_vietnamese(tmp_path: Path) -> None:
    path = tmp_path / "m.r61"
    path.write_text('[PlayerA "An"] [PlayerB "Binh"] [RaceTo "2"]\nR1 A: 1:2.3\n', "utf-8")
    _, out, _ = _run([], "--resume", str(path))
    assert "Tiếp tục biên bản" in out


def test_a_new_match_without_lang_is_scored_and_tagged_in_vietnamese(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    _run([], "--save", str(path))
    assert _record(path).tag("Language") == "vi"


def test_the_rule_set_is_worded_in_the_session_language_not_named_by_its_key() -> None:
    for name in PRESETS:
        for lang in Language:
            worded = describe_ruleset(name, lang)
            assert name not in worded, (name, lang, worded)
    assert describe_ruleset("wpa-three-fouls", Language.VI) == "WPA: thua ván sau 3 lỗi liên tục"
