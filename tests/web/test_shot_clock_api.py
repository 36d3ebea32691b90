"""The shot clock (A50) and the points handicap (A51) over HTTP, on SQLite and PostgreSQL.

The clock is stored with the match: a second app on the same database (a restart, or
another worker) reads the same clock; a refused change writes nothing; a shot carries
the clock's time and extensions into the record.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from fastapi.testclient import TestClient

from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings
from tests.web.helpers import (
    BREAK_RAILS,
    ORGANISER,
    PASSWORD,
    create_match,
    post,
    referee_headers,
    shot,
)


def _clock(client: TestClient, match_id: int, lang: str = "vi") -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/clock?lang={lang}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _act(client: TestClient, mid: int, ref: dict[str, str], seq: int, action: str) -> Any:
    return client.post(
        f"/api/matches/{mid}/clock?lang=vi",
        headers=ref,
        json={"expected_seq": seq, "action": action},
    )


def test_the_clock_is_stored_with_the_match_and_refusals_write_nothing(
    client: TestClient, database_url: str
) -> None:
    match = create_match(client, preset="wpa-majors")
    mid = match["id"]
    ref = referee_headers(client, match)
    assert _clock(client, mid)["status"] == "idle"  # the break is not timed
    untimed = _act(client, mid, ref, 0, "start")
    assert untimed.status_code == 409
    assert untimed.json()["detail"] == "Trận này không tính giờ cú khai cuộc (quyết định A50)."

    assert post(
        client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS)
    ).is_success
    running = _clock(client, mid)
    assert running["status"] == "running"
    assert running["allowance_ms"] == 60_000
    assert (running["shooter"], running["shooter_name"]) == ("A", "An")

    extended = _act(client, mid, ref, 1, "extend")
    assert extended.status_code == 200, extended.text
    assert extended.json()["allowance_ms"] == 90_000
    assert extended.json()["extensions_left"] == 0
    paused = _act(client, mid, ref, 1, "pause").json()
    assert paused["status"] == "paused"

    # Refused: no extension left, a stale screen, a wrong action. Nothing changes.
    again = _act(client, mid, ref, 1, "extend")
    assert again.status_code == 409
    assert again.json()["error"] == "ShotClockError"
    assert "hết lượt gia hạn" in again.json()["detail"]
    assert _act(client, mid, ref, 0, "pause").json()["error"] == "StaleInputError"
    assert _act(client, mid, ref, 1, "explode").status_code == 422
    assert client.post(
        f"/api/matches/{mid}/clock", json={"expected_seq": 1, "action": "start"}
    ).status_code in (401, 403)
    still = _clock(client, mid)
    assert (still["status"], still["remaining_ms"], still["extensions_used"]) == (
        "paused",
        paused["remaining_ms"],
        1,
    )

    # Another app on the same database (a restart, another worker): the same clock.
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    with TestClient(create_app(Settings(database_url=url, organiser_password=PASSWORD))) as other:
        seen = _clock(other, mid)
        assert (seen["status"], seen["remaining_ms"], seen["extensions_used"]) == (
            "paused",
            paused["remaining_ms"],
            1,
        )
        assert _act(other, mid, ref, 1, "start").json()["status"] == "running"
    time.sleep(0.05)
    assert _clock(client, mid)["status"] == "running"  # the other worker's change

    # The shot takes the clock's time and its extension into the record (schema 1.1).
    assert post(client, mid, ref, 1, kind="shot", shot=shot(1)).is_success
    record = json.loads(client.get(f"/api/matches/{mid}/export.json", auth=ORGANISER).text)
    entry = record["racks"][0]["entries"][1]
    assert entry["extensions"] == 1
    assert 0 < entry["time_ms"] < paused["allowance_ms"]
    after = _clock(client, mid)
    assert (after["allowance_ms"], after["shooter_name"]) == (30_000, "Bình")


def test_a_time_foul_is_the_referees_input_with_the_clocks_time(client: TestClient) -> None:
    match = create_match(client, preset="vn-national", overrides={"shot_clock_s": 1})
    mid, ref = match["id"], referee_headers(client, match)
    assert post(
        client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS)
    ).is_success
    time.sleep(1.1)
    assert _clock(client, mid)["status"] == "expired"
    assert client.get(f"/api/matches/{mid}").json()["seq"] == 1  # nothing ruled by itself
    fouled = post(client, mid, ref, 1, kind="time_foul")
    assert fouled.status_code == 200, fouled.text
    assert fouled.json()["phase"] == "decision"
    record = json.loads(client.get(f"/api/matches/{mid}/export.json", auth=ORGANISER).text)
    assert record["racks"][0]["entries"][1]["time_ms"] >= 1000


def test_a_match_without_a_clock_refuses_a_change_in_the_readers_language(
    client: TestClient,
) -> None:
    match = create_match(client)
    mid, ref = match["id"], referee_headers(client, match)
    refused = client.post(
        f"/api/matches/{mid}/clock?lang=en",
        headers=ref,
        json={"expected_seq": 0, "action": "start"},
    )
    assert refused.status_code == 409
    assert refused.json()["lang"] == "en"
    assert "no shot clock" in refused.json()["detail"]
    board = client.get(f"/api/matches/{mid}").json()
    assert (board["shot_clock"], board["clock"]) == (False, None)


def test_handicap_targets_show_what_each_player_needs(client: TestClient) -> None:
    match = create_match(client, overrides={"target_points": "61:50"})
    mid, ref = match["id"], referee_headers(client, match)
    post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    board = client.get(f"/api/matches/{mid}").json()
    assert board["targets"] == [61, 50]
    assert board["needs"] == [56, 50]
    bad = client.post(
        "/api/matches?lang=vi",
        json={
            "player_a": "An",
            "player_b": "Bình",
            "race_to": 1,
            "overrides": {"target_points": "61:200"},
        },
        auth=ORGANISER,
    )
    assert bad.status_code in (404, 422)
    assert bad.json()["detail"] == "Điểm cần đạt 61:200 nằm ngoài khoảng 1 đến 120 điểm."


def test_the_desk_form_takes_targets_and_words_a_bad_one(sqlite_client: TestClient) -> None:
    client = sqlite_client
    page = client.get("/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    client.post(
        "/login",
        data={"username": ORGANISER[0], "password": ORGANISER[1], "csrf_token": token.group(1)},
        follow_redirects=False,
    )
    desk = client.get("/desk")
    assert 'name="targets"' in desk.text
    form_id = re.search(r'name="form_id" value="([^"]+)"', desk.text)
    assert form_id is not None
    form = {
        "csrf_token": token.group(1),
        "form_id": form_id.group(1),
        "player_a": "An",
        "player_b": "Bình",
        "race_to": "3",
        "preset": "vn-national",
        "targets": "61:50",
    }
    assert client.post("/desk/matches", data=form, follow_redirects=False).status_code == 303
    created = client.get("/api/matches").json()[0]
    board = client.get(f"/api/matches/{created['id']}").json()
    assert (board["targets"], board["shot_clock"]) == ([61, 50], True)
    assert (created["targets"], created["shot_clock"]) == ("61:50", True)
    assert "đích 61:50" in client.get("/desk").text
    bad = client.post(
        "/desk/matches",
        data={**form, "form_id": form_id.group(1) + "x", "targets": "sáu mươi"},
        headers={"Accept": "text/html"},
    )
    assert bad.status_code in (404, 422)
    assert "sáu mươi" in bad.text
    assert len(client.get("/api/matches").json()) == 1
