"""Bad credentials' bytes, numbers past what a database stores, files a spreadsheet runs.

Every refusal is a 4xx naming the field (or the line of a file) and changes nothing, on
both backends (control characters in names are the text fields' own validation's); the
standings file escapes formula-leading cells and starts with a byte-order mark.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rotation61.tournament import Entry
from rotation61.tournament.csvfiles import read_players_csv
from rotation61.web.core.limits import MAX_SEQ

from .helpers import ORGANISER, create_match, organiser_login
from .tournament_helpers import act

_JUNK = b"\xe9\xff\x00\x80"


def _event(client: TestClient) -> int:
    body = {"name": "Cúp", "format": "single", "draw_seed": 1, "race": 2, "tables": 2}
    response = client.post("/api/tournaments", json=body, auth=ORGANISER)
    assert response.status_code == 201, response.text
    event_id: int = response.json()["id"]
    return event_id


def _import(client: TestClient, event_id: int, text: str) -> Any:
    return client.post(
        f"/api/tournaments/{event_id}/entries/import",
        content=text.encode(),
        headers={"content-type": "text/csv"},
        auth=ORGANISER,
    )


def _entries(client: TestClient, event_id: int) -> list[Any]:
    entries: list[Any] = client.get(f"/api/tournaments/{event_id}", auth=ORGANISER).json()[
        "entries"
    ]
    return entries


@pytest.mark.parametrize(
    ("name", "request_for", "named"),
    [
        ("bearer", lambda m: {"headers": {"authorization": b"Bearer " + _JUNK}}, "referee token"),
        ("basic", lambda m: {"headers": {"authorization": b"Basic " + _JUNK}}, "Authorization"),
        (
            "referee cookie",
            lambda m: {"headers": {"cookie": b"r61_ref_%d=" % m + _JUNK}},
            "referee PIN",
        ),
        ("play token", lambda m: {"headers": {"x-play-token": b"A." + _JUNK}}, "seat token"),
    ],
)
def test_non_ascii_credentials_are_refused_naming_them(
    client: TestClient, name: str, request_for: Any, named: str
) -> None:
    match = create_match(client)
    kwargs = request_for(match["id"])
    path = (
        f"/api/play/{match['id']}/concede"
        if name == "play token"
        else f"/api/matches/{match['id']}/inputs"
    )
    response = client.post(path, json={"expected_seq": 0, "kind": "undo"}, **kwargs)
    assert response.status_code in (401, 403, 404), response.text
    if response.status_code != 404:
        assert named in response.json()["detail"]
    assert client.get(f"/api/matches/{match['id']}").json()["seq"] == 0


def test_a_non_ascii_csrf_token_is_refused_naming_it(client: TestClient) -> None:
    organiser_login(client)
    response = client.post(
        "/api/tournaments",
        headers={"x-csrf-token": _JUNK},
        json={"name": "E", "format": "single"},
    )
    assert response.status_code == 403
    assert "CSRF token" in response.json()["detail"]


@pytest.mark.parametrize("seq", [MAX_SEQ + 1, 2**63, 2**64 + 1])
def test_an_expected_seq_past_the_stored_integers_is_refused(client: TestClient, seq: int) -> None:
    game = client.post("/api/play", json={"mode": "hotseat", "player_a": "a", "player_b": "b"})
    assert game.status_code == 201, game.text
    headers = {"x-play-token": game.json()["token"]}
    path = f"/api/play/{game.json()['id']}"
    for suffix, body in (
        ("/concede", {"expected_seq": seq}),
        ("/decisions", {"expected_seq": seq, "option": "accept_table"}),
        ("/shots", {"expected_seq": seq, "speed": 2.0, "phi": 0.0}),
    ):
        response = client.post(path + suffix, json=body, headers=headers)
        assert response.status_code == 422, (suffix, response.text)
        assert "expected_seq" in response.json()["detail"]
    assert client.get(path).json()["seq"] == 0


@pytest.mark.parametrize(
    ("line", "named"),
    [
        (f"An,,{2**31},", f"Dòng 3, cột điểm xếp hạng: điểm xếp hạng {2**31} nằm ngoài khoảng"),
        (f"An,,{2**63},", f"Dòng 3, cột điểm xếp hạng: điểm xếp hạng {2**63} nằm ngoài khoảng"),
        ('"' + "x" * (128 * 1024 + 1) + '",,,', "Dòng 3: một ô dài quá 131072 ký tự."),
    ],
    ids=["rating-2^31", "rating-2^63", "field-over-128KB"],
)
def test_a_players_file_past_the_limits_is_refused_naming_the_line(
    client: TestClient, line: str, named: str
) -> None:
    event_id = _event(client)
    text = f"name,club,rating,class\nBình,,700,\n{line}\n"
    response = _import(client, event_id, text)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert named in detail
    assert not {"outside", "field", "limit", "line"} & set(detail.lower().split()), detail
    assert _entries(client, event_id) == []


@pytest.mark.parametrize("rating", [2**31, 2**63, -(2**63)])
def test_an_entry_past_the_limits_is_refused_naming_the_field(
    client: TestClient, rating: int
) -> None:
    event_id = _event(client)
    body = {"name": "An", "rating": rating}
    response = client.post(f"/api/tournaments/{event_id}/entries", json=body, auth=ORGANISER)
    assert response.status_code == 422, response.text
    assert "body.rating" in response.json()["detail"]
    assert _entries(client, event_id) == []


def test_standings_escape_formulas_and_carry_a_byte_order_mark(client: TestClient) -> None:
    event_id = _event(client)
    text = "name,club,rating,class\n=HYPERLINK(1),@SUM(1),10,\n+Minh,-Q1,9,\nNguyễn Bình,,8,\n"
    imported = _import(client, event_id, text)
    assert imported.status_code == 201, imported.text
    players = [e["id"] for e in imported.json()["entries"]]
    client.post(f"/api/tournaments/{event_id}/checkin", json={"players": players}, auth=ORGANISER)
    act(client, event_id, "draw")
    exported = client.get(f"/api/tournaments/{event_id}/standings.csv", auth=ORGANISER)
    assert exported.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig"))))
    cells = {(row["name"], row["club"]) for row in rows}
    assert cells == {("'=HYPERLINK(1)", "'@SUM(1)"), ("'+Minh", "'-Q1"), ("Nguyễn Bình", "")}


def test_the_players_file_keeps_its_own_numbers_and_names() -> None:
    entries = read_players_csv("name,club,rating,class\n-An,,-5,\n")
    assert entries == [Entry(id="p1", name="-An", club="", rating=-5, player_class="")]
