"""Shared helpers of the web tests: shots, match creation and referee headers."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from rotation61.records import MatchHeader, MatchLog
from rotation61.rules import Seat
from rotation61.web.services.headers import desk_header

PASSWORD = "organiser-secret"
ORGANISER = ("admin", PASSWORD)


def organiser_login(client: TestClient) -> str:
    """Sign the client in as the organiser through the login form; the CSRF token."""
    page = client.get("/login")
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found is not None
    token = found.group(1)
    response = client.post(
        "/login",
        data={"username": ORGANISER[0], "password": PASSWORD, "csrf_token": token},
        follow_redirects=False,
    )
    assert response.status_code == 303
    return token


def shot(
    first: int | None,
    *pocketed: int,
    rail: bool = True,
    scratch: bool = False,
    off: tuple[int, ...] = (),
    break_rails: list[int] | None = None,
) -> dict[str, Any]:
    """A shot in the records codec's shape."""
    data: dict[str, Any] = {
        "first_contact": first,
        "pocketed": list(pocketed),
        "off_table": list(off),
        "rail_after_contact": ["cue"] if rail and first is not None else [],
        "cue_pocketed": scratch,
    }
    if break_rails is not None:
        data["break_rail_balls"] = break_rails
    return data


BREAK_RAILS = [2, 3, 4, 6]


def create_match(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"player_a": "An", "player_b": "Bình", "race_to": 2, "table_name": "Bàn 1"} | fields
    response = client.post("/api/matches", json=body, auth=ORGANISER)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def referee_headers(client: TestClient, match: dict[str, Any]) -> dict[str, str]:
    response = client.post(f"/api/matches/{match['id']}/referee-token", json={"pin": match["pin"]})
    assert response.status_code == 200, response.text
    client.cookies.clear()
    return {"Authorization": f"Bearer {response.json()['token']}"}


def post(client: TestClient, match_id: int, headers: dict[str, str], seq: int, **body: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/inputs", headers=headers, json={"expected_seq": seq, **body}
    )


def desk(**fields: Any) -> MatchHeader:
    """The header of a match as the desk sets it up, with defaults for what is not given."""
    defaults: dict[str, Any] = {
        "players": ("A", "B"),
        "race_to": 1,
        "preset": "standard",
        "overrides": {},
        "first_breaker": Seat.A,
        "table_name": "",
        "table_size": "9ft",
        "tags": {},
    }
    return desk_header(**(defaults | fields))


def same_log(one: MatchLog, two: MatchLog) -> bool:
    """Two logs hold the same steps in effect, and so does every log an undo returns to."""
    a: MatchLog | None = one
    b: MatchLog | None = two
    while a is not None and b is not None:
        if (a.length, a.steps()) != (b.length, b.steps()):
            return False
        a, b = a.undo_to, b.undo_to
    return a is None and b is None
