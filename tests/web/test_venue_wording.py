"""Venue wording: preset names, sentences that end with punctuation, event and round tags,
the corrected ruling as the headline after an override, QR codes of the desk."""

from __future__ import annotations

import segno

from rotation61.records import OverrideInput, ShotInput, replay_inputs
from rotation61.rules import PRESETS, Shot
from rotation61.text import Language
from rotation61.web.core.i18n import UI_EN, UI_VI, ui
from rotation61.web.presenters.boards import console_view, scoreboard_view, sentence
from rotation61.web.presenters.codes import desk_codes, qr_svg
from tests.web.test_views import BREAK, SETUP, STORED


def test_every_rule_preset_has_a_name_in_both_languages() -> None:
    for name in PRESETS:
        key = "preset." + name.replace("-", "_")
        assert key in UI_VI
        assert key in UI_EN
        assert name not in ui(key, Language.VI)


def test_sentences_end_with_punctuation() -> None:
    assert sentence("Phạm lỗi (§VI): bi 1") == "Phạm lỗi (§VI): bi 1."
    assert sentence("An tiếp tục đánh.") == "An tiếp tục đánh."
    assert sentence("Really?") == "Really?"
    assert sentence("") == ""


def test_history_lines_are_sentences() -> None:
    foul = ShotInput(shot=Shot(first_contact=3, pocketed=(1, 9), rail_after_contact=frozenset({0})))
    timeline = replay_inputs(SETUP, [BREAK, foul])
    for lang in Language:
        view = console_view(STORED, timeline, lang)
        for entry in view.history:
            for line in entry.lines:
                assert line.endswith((".", "!", "?", "…")), line
        joined = " ".join(view.history[-1].lines)
        assert ".." not in joined


def test_after_an_override_the_headline_says_what_happened() -> None:
    override = OverrideInput(shot=Shot(first_contact=1, pocketed=(5, 6)), note="the 6 too")
    timeline = replay_inputs(SETUP, [BREAK, override])
    for lang in Language:
        view = scoreboard_view(STORED, timeline, lang)
        assert view.overridden
        assert view.headline is not None
        assert view.headline == view.last_lines[2]
        assert "11" in view.headline or "6" in view.headline
        assert ui("console.override.note", lang, note="the 6 too") not in view.headline
    plain = scoreboard_view(STORED, replay_inputs(SETUP, [BREAK]), Language.EN)
    assert not plain.overridden
    assert plain.headline == plain.last_lines[0]


def test_qr_codes_encode_the_desk_host_addresses() -> None:
    codes = desk_codes("http://192.168.1.20:8061/", [3])
    assert codes[3].console_url == "http://192.168.1.20:8061/matches/3/console"
    assert codes[3].scoreboard_url == "http://192.168.1.20:8061/matches/3/scoreboard"
    expected = segno.make(codes[3].console_url, error="m")
    assert codes[3].console_svg == qr_svg(codes[3].console_url)
    assert codes[3].console_svg.startswith('<svg viewBox="0 0 ')
    assert expected.designator in ("3-M", "4-M", "5-M")
