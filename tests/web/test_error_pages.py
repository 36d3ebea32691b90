"""Error pages a newcomer meets: a lead sentence in the page's language, the engine's
reason naming the bad value, a link back to the screen they came from, nothing changed."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from rotation61.web.api.deps import LANG_COOKIE
from rotation61.web.core.i18n import UI_EN, UI_VI
from tests.web.helpers import create_match, organiser_login

LEADS = {"vi": UI_VI, "en": UI_EN}


def _matches(client: TestClient) -> int:
    return len(client.get("/api/matches").json())


def _html(client: TestClient, lang: str) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    client.headers["accept"] = "text/html"


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        (
            "player_a",
            "   ",
            {
                "vi": "tên người chơi A không được để trống",
                "en": "player A's name must not be empty",
            },
        ),
        ("race_to", "100000", "race_to"),
        ("race_to", "-1", "race_to"),
        ("race_to", "abc", "race_to"),
        ("player_a", "A" * 300, "player_a"),
    ],
)
def test_a_refused_desk_form_leads_in_the_page_language_and_links_back(
    sqlite_client: TestClient, lang: str, field: str, value: str, named: str | dict[str, str]
) -> None:
    token = organiser_login(sqlite_client)
    _html(sqlite_client, lang)
    form = {"player_a": "An", "player_b": "Bình", "race_to": "3", "csrf_token": token}
    response = sqlite_client.post("/desk/matches", data=form | {field: value})
    assert response.status_code == 422, response.text
    assert f'<html lang="{lang}">' in response.text
    assert LEADS[lang]["error.lead.refused"] in response.text
    if isinstance(named, dict):  # a text field's refusal is worded in the page's language
        assert named[lang] in html.unescape(response.text)
        assert f'<p lang="{lang}">' in response.text
    else:
        assert named in response.text
    assert '<a href="/desk" id="error-back">' in response.text
    assert LEADS[lang]["error.back"] in response.text
    assert _matches(sqlite_client) == 0


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize(
    ("path", "back"),
    [
        ("/matches/999/scoreboard", "/hall"),
        ("/events/999", "/hall"),
        ("/desk/tournaments/999", "/desk/tournaments"),
        ("/tables/999/console", "/hall"),
    ],
)
def test_a_missing_page_says_so_in_the_page_language(
    sqlite_client: TestClient, lang: str, path: str, back: str
) -> None:
    organiser_login(sqlite_client)
    _html(sqlite_client, lang)
    response = sqlite_client.get(path)
    assert response.status_code == 404
    assert LEADS[lang]["error.lead.not_found"] in response.text
    assert "999" in response.text  # the engine's reason names the number asked for
    assert f'<a href="{back}" id="error-back">' in response.text


def test_a_wrong_file_for_the_record_import_is_named_and_stores_nothing(
    sqlite_client: TestClient,
) -> None:
    token = organiser_login(sqlite_client)
    _html(sqlite_client, "en")
    response = sqlite_client.post(
        "/desk/import",
        data={"csrf_token": token},
        files={"record": ("players.csv", b"name,club\nAn,CLB\n", "text/csv")},
    )
    assert response.status_code == 422, response.text
    assert UI_EN["error.lead.refused"] in response.text
    assert "invalid JSON" in response.text
    assert _matches(sqlite_client) == 0


def test_the_play_page_names_the_rule_sets_in_the_page_language(
    sqlite_client: TestClient,
) -> None:
    for lang, ui in LEADS.items():
        sqlite_client.cookies.set(LANG_COOKIE, lang)
        page = sqlite_client.get("/play").text
        assert f">{ui['preset.standard']}</option>" in page
        assert ">standard</option>" not in page


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_mistyped_address_gets_a_page_with_a_way_back(
    sqlite_client: TestClient, lang: str
) -> None:
    _html(sqlite_client, lang)
    response = sqlite_client.get("/dessk")
    assert response.status_code == 404
    assert f'<html lang="{lang}">' in response.text
    assert LEADS[lang]["error.lead.not_found"] in response.text
    assert "no page at /dessk" in response.text
    assert '<a href="/hall" id="error-back">' in response.text
    # The API and non-browser clients keep FastAPI's JSON answer.
    api = sqlite_client.get("/api/nosuch", headers={"accept": "application/json"})
    assert api.status_code == 404
    assert api.json() == {"detail": "Not Found"}


@pytest.mark.parametrize(
    ("how", "lang"),
    [
        ({"cookie": "vi"}, "vi"),
        ({"cookie": "en"}, "en"),
        ({"query": "en"}, "en"),
    ],
)
def test_a_missing_match_or_event_is_named_in_the_request_language(
    sqlite_client: TestClient, how: dict[str, str], lang: str
) -> None:
    sqlite_client.headers["accept"] = "text/html"
    if "cookie" in how:
        sqlite_client.cookies.set(LANG_COOKIE, how["cookie"])
    query = f"?lang={how['query']}" if "query" in how else ""
    words = {
        "vi": ("Không có trận đấu số 999.", "Không có giải đấu số 999."),
        "en": ("No match number 999.", "No event number 999."),
    }[lang]
    match_page = sqlite_client.get(f"/matches/999/scoreboard{query}")
    assert match_page.status_code == 404
    text = html.unescape(match_page.text)
    assert words[0] in text
    assert "no match number" not in text
    event_page = sqlite_client.get(f"/events/999{query}")
    assert event_page.status_code == 404
    assert words[1] in html.unescape(event_page.text)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_wrong_pin_page_keeps_the_language_the_pin_form_was_opened_in(
    sqlite_client: TestClient, lang: str
) -> None:
    match = create_match(sqlite_client)
    sqlite_client.headers["accept"] = "text/html"
    form = sqlite_client.get(f"/matches/{match['id']}/console?lang={lang}")
    assert form.status_code == 200
    action = re.search(r'<form method="post" action="([^"]+)"', form.text)
    assert action is not None
    token = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert token is not None
    wrong = "0000" if match["pin"] != "0000" else "1111"
    page = sqlite_client.post(
        html.unescape(action.group(1)),
        data={"pin": wrong, "csrf_token": html.unescape(token.group(1))},
    )
    assert page.status_code == 401
    assert f'<html lang="{lang}">' in page.text
    assert html.escape(LEADS[lang]["pin.wrong"], quote=False) in page.text
