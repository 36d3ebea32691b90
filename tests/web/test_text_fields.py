"""Names and text fields on every way in: refused with the field named, in the user's words.

A control or bidirectional character in a player's name (CSV or the entry API), an
event name or a match's names is refused with nothing stored; a name stored before
this check existed still lets the event run (its matches are called with the name made
fit to show), so an event never gets stuck on a name.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from rotation61.web.adapters.orm import TournamentEntryRow
from tests.web.helpers import ORGANISER
from tests.web.tournament_helpers import act, create_event, get_event, play_out, playing

BAD = ["\t", "\x00", "\x1b", "\x7f", "\u202e"]


def _new_event(client: TestClient) -> int:
    r = client.post(
        "/api/tournaments",
        json={"name": "Cúp 61", "format": "single", "race": 1, "tables": 2},
        auth=ORGANISER,
    )
    assert r.status_code == 201, r.text
    event_id: int = r.json()["id"]
    return event_id


@pytest.mark.parametrize("char", BAD)
def test_a_players_csv_with_a_bad_name_is_refused_naming_line_and_column(
    client: TestClient, char: str
) -> None:
    event_id = _new_event(client)
    text = f"name,club,rating,class\nAn,CLB 1,500,A\nTrần{char}Bình,CLB 2,480,A\n"
    r = client.post(
        f"/api/tournaments/{event_id}/entries/import?lang=vi",
        content=text.encode(),
        headers={"Content-Type": "text/csv"},
        auth=ORGANISER,
    )
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail.startswith("Dòng 3, cột tên: tên: ký tự thứ 5"), detail
    assert f"U+{ord(char):04X}" in detail
    assert get_event(client, event_id)["entries"] == []


@pytest.mark.parametrize("char", BAD)
def test_the_entry_api_refuses_a_bad_name_or_club_in_english_too(
    client: TestClient, char: str
) -> None:
    event_id = _new_event(client)
    for body, field in (
        ({"name": f"A{char}n"}, "name"),
        ({"name": "An", "club": f"CLB{char}1"}, "club"),
    ):
        r = client.post(f"/api/tournaments/{event_id}/entries?lang=en", json=body, auth=ORGANISER)
        assert r.status_code == 422, r.text
        assert r.json()["detail"].startswith(f"{field}: character "), r.json()
    assert get_event(client, event_id)["entries"] == []


def test_names_are_stored_normalised_and_trimmed(client: TestClient) -> None:
    event_id = _new_event(client)
    decomposed = "  Nguye\u0302\u0303n Va\u0306n A "
    r = client.post(
        f"/api/tournaments/{event_id}/entries", json={"name": decomposed}, auth=ORGANISER
    )
    assert r.status_code == 201, r.text
    assert [e["name"] for e in r.json()["entries"]] == ["Nguyễn Văn A"]
    # the same person typed again with other spaces or another normal form is a duplicate
    r = client.post(
        f"/api/tournaments/{event_id}/entries", json={"name": "Nguyễn Văn A"}, auth=ORGANISER
    )
    assert r.status_code == 409, r.text


def test_a_bad_event_name_and_match_names_are_refused(client: TestClient) -> None:
    r = client.post(
        "/api/tournaments?lang=vi",
        json={"name": "Cúp\u202e61", "format": "single", "tables": 2},
        auth=ORGANISER,
    )
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("tên giải: ký tự thứ 4 (U+202E)"), r.json()
    r = client.post(
        "/api/matches?lang=vi",
        json={"player_a": "An\x1b", "player_b": "Bình", "race_to": 2},
        auth=ORGANISER,
    )
    assert r.status_code == 422, r.text
    assert "U+001B" in r.json()["detail"]
    r = client.post("/api/play", json={"mode": "hotseat", "player_a": "A\u202eB", "player_b": "C"})
    assert r.status_code == 422, r.text


def test_an_event_with_a_name_stored_before_the_check_still_runs(
    client: TestClient, database_url: str
) -> None:
    event = create_event(client, n=4, format="single", tables=2)
    engine = create_engine(database_url)
    with engine.begin() as conn:  # a name from before names were checked as now
        conn.execute(
            update(TournamentEntryRow)
            .where(TournamentEntryRow.player_id == "p1")
            .values(name="Player\t1")
        )
    engine.dispose()
    act(client, event["id"], "draw")
    started = act(client, event["id"], "start")
    assert len(playing(started)) == 2
    finished = play_out(client, event["id"])
    assert finished["finished"]
