"""Security headers, flash notices instead of ``?notice=``, and no page that needs the internet."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .helpers import ORGANISER, create_match


def _login(client: TestClient) -> str:
    page = client.get("/login")
    found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
    assert found is not None
    token = found.group(1)
    login = {"username": ORGANISER[0], "password": ORGANISER[1], "csrf_token": token}
    assert client.post("/login", data=login, follow_redirects=False).status_code == 303
    return token


def test_every_response_carries_the_security_headers(sqlite_client: TestClient) -> None:
    match = create_match(sqlite_client)
    paths = [
        "/hall",
        "/login",
        f"/matches/{match['id']}/scoreboard",
        "/api/matches",
        "/api/matches/999",
        "/static/app.css",
        "/openapi.json",
    ]
    for path in paths:
        headers = sqlite_client.get(path).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "script-src 'self'" in policy
        assert "http" not in policy  # no third-party origin
        assert "frame-ancestors 'none'" in policy, path
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
    overlay = sqlite_client.get(f"/matches/{match['id']}/overlay")
    assert overlay.status_code == 200
    assert "x-frame-options" not in overlay.headers  # OBS embeds it
    assert "frame-ancestors" not in overlay.headers["content-security-policy"]
    assert overlay.headers["x-content-type-options"] == "nosniff"


def test_no_page_needs_the_internet(sqlite_client: TestClient) -> None:
    assert sqlite_client.get("/docs").status_code == 404
    assert sqlite_client.get("/redoc").status_code == 404
    schema = sqlite_client.get("/openapi.json")
    assert schema.status_code == 200
    assert "/api/matches" in schema.json()["paths"]


def test_flash_notice_once_and_never_from_the_url(sqlite_client: TestClient) -> None:
    client = sqlite_client
    token = _login(client)
    forged = client.get("/desk?notice=Call+0900+to+claim+a+prize")
    assert "Call 0900" not in forged.text
    assert 'id="notice"' not in forged.text
    form = re.search(r'name="form_id" value="([^"]+)"', forged.text)
    assert form is not None
    body = {
        "csrf_token": token,
        "form_id": form.group(1),
        "player_a": "An",
        "player_b": "Binh",
        "race_to": "3",
    }
    created = client.post("/desk/matches", data=body, follow_redirects=False)
    assert created.status_code == 303
    assert created.headers["location"].startswith("/desk?created=")
    assert "notice" not in created.headers["location"]
    match = client.get("/api/matches").json()[0]
    shown = client.get("/desk")
    notice = re.search(r'id="notice">([^<]*)<', shown.text)
    assert notice is not None
    assert str(match["id"]) in notice.group(1)
    assert "r61_flash" in shown.headers["set-cookie"]  # cleared
    assert 'id="notice"' not in client.get("/desk").text  # shown once
    client.cookies.set("r61_flash", f"created.{match['id']}.99999999999.forged", path="/desk")
    assert 'id="notice"' not in client.get("/desk").text  # a forged flash says nothing
