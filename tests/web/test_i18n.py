"""The screens' wording (the web domain): the same ids and placeholders in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rotation61.text import Domain, Language
from rotation61.text.catalogue import catalogue, placeholders
from rotation61.web.core.i18n import UI_CATALOGUES, UI_EN, UI_VI, parse_language, ui

WEB = Path(__file__).resolve().parents[2] / "src" / "rotation61" / "web"


def test_both_languages_define_the_same_ids() -> None:
    assert set(UI_VI) == set(UI_EN)


@pytest.mark.parametrize("msg_id", sorted(UI_EN))
def test_same_placeholders_and_real_wording(msg_id: str) -> None:
    assert placeholders(UI_VI[msg_id]) == placeholders(UI_EN[msg_id])
    assert UI_VI[msg_id].strip()
    assert UI_EN[msg_id].strip()
    if msg_id not in ("desk.link.overlay", "desk.link.json"):
        assert UI_VI[msg_id] != UI_EN[msg_id], msg_id


def test_every_id_used_by_templates_and_scripts_exists() -> None:
    used: set[str] = set()
    for path in [*WEB.glob("templates/*.html"), *WEB.glob("static/*.js")]:
        used |= set(re.findall(r"""\bt\(\s*['"]([a-z_]+(?:\.[a-z_]+)+)['"]""", path.read_text()))
        used |= set(re.findall(r"""fmt\(\s*['"]([a-z_]+(?:\.[a-z_]+)+)['"]""", path.read_text()))
    assert used, "no catalogue id found in the templates"
    assert used <= set(UI_EN), sorted(used - set(UI_EN))


def test_language_parsing_falls_back_to_the_default() -> None:
    assert parse_language("en") is Language.EN
    assert parse_language("fr") is Language.VI
    assert parse_language(None, Language.EN) is Language.EN


def test_screen_wording_is_the_web_domain_of_the_catalogue() -> None:
    for lang in Language:
        assert dict(UI_CATALOGUES[lang]) == dict(catalogue(lang, Domain.WEB).templates())
    assert set(UI_CATALOGUES) == set(Language)
    assert ui("board.race_to", Language.EN, n=1) == "race to 1"
    assert ui("board.race_to", Language.VI, n=1) == "chạm 1"


def test_an_unknown_screen_id_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match=r"no\.such"):
        ui("no.such", Language.EN)
    with pytest.raises(KeyError):
        UI_EN["no.such"]
