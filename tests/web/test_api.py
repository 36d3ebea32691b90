"""The HTTP API against SQLite and PostgreSQL: scoring, rejections, access, records."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import BREAK_RAILS, ORGANISER, create_match, post, referee_headers, shot


def _console(client: TestClient, match_id: int, headers: dict[str, str]) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/console?lang=en", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _csrf(client: TestClient, path: str = "/login") -> str:
    page = client.get(path)
    found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
    assert found is not None, page.text[:300]
    return found.group(1)


def test_a_rack_scored_through_the_api(client: TestClient) -> None:
    match = create_match(client)
    ref = referee_headers(client, match)
    mid = match["id"]
    r = post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, 12, break_rails=BREAK_RAILS))
    assert r.status_code == 200, r.text
    assert r.json()["scores"] == [17, 0]
    r = post(client, mid, ref, 1, kind="shot", shot=shot(3, 1))  # wrong ball first: foul
    view = r.json()
    assert view["phase"] == "decision"
    assert view["fouls"] == [1, 0]
    assert [o["value"] for o in view["options"]] == ["accept_table", "cue_in_hand_kitchen"]
    assert view["spotting_svg"].startswith("<svg")
    assert 'data-ball="1"' in view["spotting_svg"]
    r = post(client, mid, ref, 2, kind="decision", option="cue_in_hand_kitchen")
    assert r.json()["phase"] == "shot"
    assert r.json()["to_act"] == "B"
    r = post(client, mid, ref, 3, kind="undo")
    assert r.json()["phase"] == "decision"
    assert r.json()["seq"] == 4
    # Reload: the state is rebuilt from the stored inputs.
    again = _console(client, mid, ref)
    assert again["phase"] == "decision"
    assert again["scores"] == [17, 0]
    assert again["seq"] == 4
    listed = client.get("/api/matches?status=live").json()
    assert [m["id"] for m in listed] == [mid]
    assert "pin" not in listed[0]


def test_rejected_inputs_are_clear_and_change_nothing(client: TestClient) -> None:
    match = create_match(client)
    ref = referee_headers(client, match)
    mid = match["id"]
    post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    before = _console(client, mid, ref)

    cases = [
        (
            post(client, mid, ref, 1, kind="decision", option="accept_table"),
            409,
            "IllegalActionError",
        ),
        (post(client, mid, ref, 1, kind="shot", shot=shot(1, 5)), 422, "InvalidShotError"),
        (post(client, mid, ref, 1, kind="shot", shot=shot(16)), 422, "InvalidShotError"),
        (post(client, mid, ref, 0, kind="shot", shot=shot(1)), 409, "StaleInputError"),
        (post(client, mid, ref, 1, kind="teleport"), 422, "MalformedInputError"),
        (
            client.post(
                f"/api/matches/{mid}/inputs",
                headers={**ref, "Content-Type": "application/json"},
                content=b'{"expected_seq": 1, "kind": "shot", "shot": {',
            ),
            422,
            "RequestValidationError",
        ),
        (
            client.post(f"/api/matches/{mid}/inputs", headers=ref, json={"kind": "undo"}),
            422,
            "RequestValidationError",
        ),
    ]
    for response, status, error in cases:
        assert response.status_code == status, response.text
        body = response.json()
        assert body["error"] == error
        assert body["detail"]
    assert "not on the table" in cases[1][0].json()["detail"]
    assert (
        "not offered" in cases[0][0].json()["detail"]
        or "no decision" in cases[0][0].json()["detail"]
    )
    assert _console(client, mid, ref) == before


def test_an_option_not_offered_is_refused(client: TestClient) -> None:
    match = create_match(client)
    ref = referee_headers(client, match)
    mid = match["id"]
    post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    post(client, mid, ref, 1, kind="shot", shot=shot(3))
    r = post(client, mid, ref, 2, kind="decision", option="restore_and_offender_replays")
    assert r.status_code == 409
    assert "not offered" in r.json()["detail"]
    assert _console(client, mid, ref)["seq"] == 2


def test_replayed_input_is_refused(client: TestClient) -> None:
    match = create_match(client)
    ref = referee_headers(client, match)
    body = {"expected_seq": 0, "kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)}
    first = client.post(f"/api/matches/{match['id']}/inputs", headers=ref, json=body)
    replayed = client.post(f"/api/matches/{match['id']}/inputs", headers=ref, json=body)
    assert first.status_code == 200
    assert replayed.status_code == 409
    assert replayed.json()["error"] == "StaleInputError"
    assert _console(client, match["id"], ref)["scores"] == [5, 0]


def test_access_needs_the_right_credentials(client: TestClient) -> None:
    body = {"player_a": "An", "player_b": "Bình", "race_to": 1}
    assert client.post("/api/matches", json=body).status_code == 401
    assert client.post("/api/matches", json=body, auth=("admin", "wrong")).status_code == 401
    match = create_match(client)
    mid = match["id"]
    wrong = client.post(f"/api/matches/{mid}/referee-token", json={"pin": "not-it"})
    assert wrong.status_code == 401
    assert "PIN" in wrong.json()["detail"]
    assert client.get(f"/api/matches/{mid}/console").status_code == 401
    bad = {"Authorization": "Bearer 1.forged"}
    assert post(client, mid, bad, 0, kind="undo").status_code == 401
    assert client.get(f"/api/matches/{mid}/export.json").status_code == 401
    # Spectators need nothing.
    assert client.get(f"/api/matches/{mid}").status_code == 200
    assert client.get(f"/matches/{mid}/scoreboard").status_code == 200


def test_cookie_sessions_need_the_csrf_token(client: TestClient) -> None:
    match = create_match(client)
    mid = match["id"]
    token = _csrf(client, f"/matches/{mid}/console")
    no_token = client.post(f"/matches/{mid}/console", data={"pin": match["pin"]})
    assert no_token.status_code == 403
    opened = client.post(
        f"/matches/{mid}/console",
        data={"pin": match["pin"], "csrf_token": token},
        follow_redirects=False,
    )
    assert opened.status_code == 303
    body = {"expected_seq": 0, "kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)}
    forged = client.post(f"/api/matches/{mid}/inputs", json=body)
    assert forged.status_code == 403
    assert forged.json()["error"] == "CsrfError"
    ok = client.post(f"/api/matches/{mid}/inputs", json=body, headers={"X-CSRF-Token": token})
    assert ok.status_code == 200, ok.text
    assert client.get(f"/matches/{mid}/console").text.count('id="console"') == 1


def test_desk_form_login_create_and_replayed_form(client: TestClient) -> None:
    token = _csrf(client)
    bad = client.post("/login", data={"username": "admin", "password": "x", "csrf_token": token})
    assert bad.status_code == 401
    ok = client.post(
        "/login",
        data={"username": ORGANISER[0], "password": ORGANISER[1], "csrf_token": token},
        follow_redirects=False,
    )
    assert ok.status_code == 303
    desk = client.get("/desk")
    form_id = re.search(r'name="form_id" value="([^"]+)"', desk.text)
    assert form_id is not None
    form = {
        "csrf_token": token,
        "form_id": form_id.group(1),
        "player_a": "An",
        "player_b": "Bình",
        "race_to": "3",
        "preset": "standard",
        "breaker_policy": "alternate",
        "table_name": "Bàn 7",
        "tags": "event=Giải mở rộng\nround=R1",
    }
    created = client.post("/desk/matches", data=form, follow_redirects=False)
    assert created.status_code == 303
    again = client.post("/desk/matches", data=form, follow_redirects=False)
    assert again.status_code == 303  # the same form: the same match, not another
    missing_csrf = client.post("/desk/matches", data={**form, "csrf_token": ""})
    assert missing_csrf.status_code == 403
    matches = client.get("/api/matches").json()
    assert len(matches) == 1
    assert matches[0]["tags"] == {"Event": "Giải mở rộng", "Round": "R1"}
    assert "Bàn 7" in client.get("/desk").text


def test_override_export_and_import_round_trip(client: TestClient) -> None:
    match = create_match(client, tags={"event": "Cup"})
    ref = referee_headers(client, match)
    mid = match["id"]
    post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    post(client, mid, ref, 1, kind="shot", shot=shot(3, 1))
    corrected = post(client, mid, ref, 2, kind="override", shot=shot(1, 1), note="1 first")
    assert corrected.status_code == 200, corrected.text
    view = corrected.json()
    assert view["scores"] == [6, 0]
    assert "1 first" in " ".join(view["last_lines"])
    assert view["override_base"]["shot"]["first_contact"] == 1
    record = client.get(f"/api/matches/{mid}/export.json", headers=ref)
    assert record.status_code == 200
    data = record.json()
    assert data["format"] == "rotation61-match"
    entry = data["racks"][0]["entries"][1]
    assert entry["ruling"]["fouls"] == ["wrong_first_contact"]
    assert entry["override"]["note"] == "1 first"
    text = client.get(f"/api/matches/{mid}/export.txt", headers=ref).text
    assert '[PlayerA "An"]' in text
    assert '[Event "Cup"]' in text
    imported = client.post(
        "/api/matches/import",
        content=record.content,
        auth=ORGANISER,
        headers={"Content-Type": "application/json"},
    )
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    again = client.get(f"/api/matches/{copy}/export.json", auth=ORGANISER)
    assert again.status_code == 200
    assert again.json()["racks"] == data["racks"]
    assert client.get(f"/api/matches/{copy}").json()["scores"] == [6, 0]
    data["racks"][0]["entries"].append({"type": "decision", "option": "accept_table", "by": "B"})
    rejected = client.post("/api/matches/import", json=data, auth=ORGANISER)
    assert rejected.status_code == 422, rejected.text
    assert rejected.json()["error"] in ("IllegalEntryError", "NotationError")
    garbage = client.post(
        "/api/matches/import",
        content=b"{not json",
        auth=ORGANISER,
        headers={"Content-Type": "application/json"},
    )
    assert garbage.status_code == 422
    assert len(client.get("/api/matches").json()) == 2


def test_languages_per_screen(client: TestClient) -> None:
    match = create_match(client)
    vi = client.get(f"/api/matches/{match['id']}?lang=vi").json()
    en = client.get(f"/api/matches/{match['id']}?lang=en").json()
    assert vi["state_lines"] != en["state_lines"]
    assert "Ván" in vi["state_lines"][0]
    assert "Rack" in en["state_lines"][0]
    page = client.get(f"/lang/en?next=/matches/{match['id']}/scoreboard", follow_redirects=False)
    assert page.status_code == 303
    assert 'lang="en"' in client.get(f"/matches/{match['id']}/scoreboard").text
    offsite = client.get("/lang/en?next=https://evil.example/", follow_redirects=False)
    assert offsite.headers["location"] == "/hall"


def test_official_events_and_match_end(client: TestClient) -> None:
    match = create_match(client, race_to=1)
    ref = referee_headers(client, match)
    mid = match["id"]
    r = post(client, mid, ref, 0, kind="event", event="concede_match", player="B")
    view = r.json()
    assert view["match_over"]
    assert view["winner"] == "An"
    assert post(client, mid, ref, 1, kind="shot", shot=shot(1)).status_code == 409
    assert client.get("/api/matches?status=finished").json()[0]["id"] == mid


def test_unknown_match_and_preset(client: TestClient) -> None:
    assert client.get("/api/matches/999").status_code == 404
    page = client.get("/matches/999/console", headers={"Accept": "text/html"})
    assert page.status_code == 404
    assert "Không có trận đấu số 999." in page.text
    r = client.post(
        "/api/matches",
        json={"player_a": "A", "player_b": "B", "race_to": 1, "preset": "snooker"},
        auth=ORGANISER,
    )
    assert r.status_code == 422
    assert r.json()["error"] == "UnknownRuleSetError"
