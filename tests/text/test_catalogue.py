"""The two catalogues define the same messages, and every engine enum is worded in both."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from rotation61.rules import (
    Foul,
    FoulKind,
    OfficialEvent,
    Option,
    RackResult,
    RackResultType,
    Seat,
)
from rotation61.text import (
    Language,
    describe_event,
    describe_foul,
    describe_option,
    describe_result,
    message,
)
from rotation61.text.catalogue import CATALOGUES, EN, VI, placeholders

TEXT_SRC = Path(__file__).resolve().parents[2] / "src" / "rotation61" / "text"
LANGS = list(Language)


def test_both_languages_define_the_same_message_ids() -> None:
    assert set(VI) == set(EN)
    assert set(CATALOGUES) == set(Language)


@pytest.mark.parametrize("msg_id", sorted(EN))
def test_both_languages_use_the_same_placeholders(msg_id: str) -> None:
    assert placeholders(VI[msg_id]) == placeholders(EN[msg_id]), msg_id


@pytest.mark.parametrize("msg_id", sorted(EN))
def test_every_template_is_worded_and_differs_between_languages(msg_id: str) -> None:
    assert VI[msg_id].strip()
    assert EN[msg_id].strip()
    if not msg_id.startswith(("score.prompt", "event.line")):
        assert VI[msg_id] != EN[msg_id], msg_id


def test_every_foul_template_with_a_ball_has_a_bare_variant() -> None:
    for kind in FoulKind:
        msg_id = f"foul.{kind.value}"
        assert msg_id in EN, msg_id
        if placeholders(EN[msg_id]):
            assert placeholders(EN[f"{msg_id}.bare"]) == frozenset(), msg_id


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("kind", list(FoulKind), ids=str)
def test_every_foul_kind_is_worded_with_its_section(kind: FoulKind, lang: Language) -> None:
    heading = "Foul (" if lang is Language.EN else "Phạm lỗi ("
    label = "double_hit" if kind is FoulKind.GENERAL_RULES_FOUL else None
    for ball in (7, None):
        text = describe_foul(Foul(kind, ball, label), lowest=2, lang=lang)
        assert text.startswith(heading)
        section = Foul(kind).section
        if section == "general rules":
            assert ("general rules" if lang is Language.EN else "luật chung") in text
        else:
            assert f"(§{section}):" in text
        assert "{" not in text
        assert "None" not in text


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("option", list(Option), ids=str)
def test_every_option_has_a_label_and_an_explanation_citing_a_section(
    option: Option, lang: Language
) -> None:
    wording = describe_option(option, lang)
    assert 0 < len(wording.label) <= 30
    assert "§" in wording.explanation
    assert len(wording.explanation) > len(wording.label)


def _result(kind: RackResultType) -> RackResult:
    if kind in (RackResultType.TIE_60_60_REPLAY, RackResultType.STALEMATE_REPLAY):
        return RackResult(type=kind, replay_breaker=Seat.B)
    offender = (
        Seat.A
        if kind in (RackResultType.LOSS_BY_CONSECUTIVE_FOULS, RackResultType.DISQUALIFICATION)
        else None
    )
    return RackResult(type=kind, winner=Seat.B, loser=Seat.A, offender=offender)


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("kind", list(RackResultType), ids=str)
def test_every_rack_result_type_names_the_players(kind: RackResultType, lang: Language) -> None:
    text = describe_result(_result(kind), lang, names=("Ann", "Bob"))
    assert "Bob" in text
    assert "{" not in text
    assert "?" not in text


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("event", list(OfficialEvent), ids=str)
def test_every_official_event_is_worded(event: OfficialEvent, lang: Language) -> None:
    assert describe_event(event, lang) == message(f"event.{event.value}", lang)
    assert describe_event(event, Language.VI) != describe_event(event, Language.EN)


def test_unknown_message_id_names_it() -> None:
    with pytest.raises(KeyError, match=r"no\.such"):
        message("no.such", Language.EN)


def test_text_package_imports_only_rules_match_text_and_stdlib_and_never_prints() -> None:
    allowed = {"rotation61.rules", "rotation61.match", "rotation61.text"}
    for path in sorted(TEXT_SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top == "rotation61":
                    assert any(name.startswith(a) for a in allowed), f"{path.name}: {name}"
                else:
                    assert top in sys.stdlib_module_names or top == "__future__", name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", f"{path.name} prints"
