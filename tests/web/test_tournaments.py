"""Tournaments through the web API, on SQLite and PostgreSQL: the desk, the tables, the
public pages, and bad input refused with its reason and nothing changed.

The storage-facing flows (the whole event, bad input) run on both backends; the
others, which only read the event back, on SQLite.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from rotation61.tournament import from_json
from tests.web.helpers import ORGANISER
from tests.web.tournament_helpers import (
    act,
    concede,
    create_event,
    get_event,
    play_out,
    players_csv,
    playing,
)


def _post(client: TestClient, path: str, **kwargs: Any) -> Any:
    return client.post(path, auth=ORGANISER, **kwargs)


def test_a_double_elimination_runs_itself_from_the_tables(client: TestClient) -> None:
    event = create_event(client, 8)
    event_id = event["id"]
    assert event["settings"]["draw_seed"] == 42
    drawn = act(client, event_id, "draw")
    assert drawn["drawn"]
    assert not drawn["running"]
    assert sorted(drawn["seed_order"]) == sorted(e["id"] for e in drawn["entries"])
    started = act(client, event_id, "start")
    on_tables = playing(started)
    assert sorted(m["table"] for m in on_tables) == ["1", "2", "3", "4"]
    # Each called match is a real scorekeeper match on its table, with the table's tags.
    first = on_tables[0]
    board = client.get(f"/api/matches/{first['scorekeeper_match']}").json()
    assert board["round"] == first["id"]
    assert board["event"] == "Cúp 61"
    # The table's result arrives by itself when its match ends; the table gets the next.
    assert concede(client, first["scorekeeper_match"]).status_code == 200
    after = get_event(client, event_id)
    done = next(m for m in after["matches"] if m["id"] == first["id"])
    assert done["status"] == "walkover"
    assert done["winner"] == first["players"][0]
    for other in on_tables[1:]:
        assert concede(client, other["scorekeeper_match"]).status_code == 200
    # Winners' round 2 and losers' round 1 (four matches) take the four tables.
    second = playing(get_event(client, event_id))
    assert sorted(m["table"] for m in second) == ["1", "2", "3", "4"]
    assert {m["id"][:2] for m in second} == {"W2", "L1"}
    final = play_out(client, event_id)
    assert final["champion"]
    played = [m for m in final["matches"] if m["status"] in ("done", "walkover")]
    assert len(played) in (14, 15)  # 2n - 2, or 2n - 1 with the reset
    assert all(m["scorekeeper_match"] for m in played)
    assert final["standings"][0]["player"] == final["champion"]


def test_races_to_the_end_store_the_racks_and_points(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 2, format="single", race=2)
    act(client, event["id"], "draw")
    match = playing(act(client, event["id"], "start"))[0]
    ref = match["scorekeeper_match"]
    for _ in range(2):
        response = concede(client, ref, "B", event="concede_rack")
        assert response.status_code == 200, response.text
    final = get_event(client, event["id"])
    decided = final["matches"][0]
    assert decided["status"] == "done"
    assert decided["racks"] == [2, 0]
    assert final["champion"] == decided["players"][0]


def test_export_is_the_tournament_layer_json_and_csv_standings(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single")
    act(client, event["id"], "draw")
    act(client, event["id"], "start")
    final = play_out(client, event["id"])
    response = client.get(f"/api/tournaments/{event['id']}/export.json", auth=ORGANISER)
    assert response.status_code == 200
    data = json.loads(response.text)
    assert {"entries", "draw_seed", "matches", "inputs"} <= set(data)
    assert data["draw_seed"] == 42
    assert all({"id", "stage", "round", "players", "winner"} <= set(m) for m in data["matches"])
    assert from_json(response.text).champion == final["champion"]
    csv_text = client.get(f"/api/tournaments/{event['id']}/standings.csv", auth=ORGANISER).text
    lines = csv_text.removeprefix("\ufeff").splitlines()
    assert lines[0].startswith("place,id,name,club")
    assert lines[1].split(",")[1] == final["champion"]
    assert client.get(f"/api/tournaments/{event['id']}/export.json").status_code == 401


def test_a_correction_is_re_propagated_or_refused_with_its_reason(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single", tables=1)
    event_id = event["id"]
    act(client, event_id, "draw")
    first = playing(act(client, event_id, "start"))[0]
    concede(client, first["scorekeeper_match"])  # slot A wins; the next match is called
    # R1-1 changes the players of R2-1, not started yet (the one table is busy): accepted.
    after = get_event(client, event_id)
    assert playing(after)[0]["id"] == "R1-2"
    fixed = _post(
        client, f"/api/tournaments/{event_id}/matches/{first['id']}/result", json={"racks": [1, 2]}
    )
    assert fixed.status_code == 200, fixed.text
    corrected = next(m for m in fixed.json()["matches"] if m["id"] == first["id"])
    assert corrected["winner"] == first["players"][1]
    assert corrected["racks"] == [1, 2]
    # Once R2-1 has started, correcting R1-1 is refused and changes nothing.
    concede(client, playing(fixed.json())[0]["scorekeeper_match"])
    started = get_event(client, event_id)
    assert playing(started)[0]["id"] == "R2-1"
    refused = _post(
        client, f"/api/tournaments/{event_id}/matches/{first['id']}/result", json={"racks": [2, 0]}
    )
    assert refused.status_code == 409
    assert refused.json()["error"] == "CorrectionRefusedError"
    assert "R2-1" in refused.json()["detail"]
    assert get_event(client, event_id)["seq"] == started["seq"]


def test_bad_input_is_refused_with_its_reason_and_changes_nothing(client: TestClient) -> None:
    event = create_event(client, 4, format="single")
    event_id = event["id"]
    base = f"/api/tournaments/{event_id}"
    # A duplicate entry (same name and club, any case).
    dup = _post(client, f"{base}/entries", json={"name": "player 1", "club": "CLUB 1"})
    assert dup.status_code == 409
    assert dup.json()["error"] == "DuplicateEntryError"
    # A malformed CSV line: line and column named, nothing stored (not even line 2).
    bad_csv = "name,club,rating,class\nNew One,X,700,A\nNew Two,X,seven,A\n"
    response = _post(
        client, f"{base}/entries/import", content=bad_csv, headers={"Content-Type": "text/csv"}
    )
    assert response.status_code == 422
    # worded in the request's language (the engine's code and parameters), vi by default
    assert response.json()["lang"] == "vi"
    assert "Dòng 3, cột điểm xếp hạng: seven không phải số nguyên." in response.json()["detail"]
    english = _post(
        client,
        f"{base}/entries/import?lang=en",
        content=bad_csv,
        headers={"Content-Type": "text/csv"},
    )
    assert "Line 3, column rating: seven is not a whole number." in english.json()["detail"]
    # An unknown player.
    unknown = _post(client, f"{base}/checkin", json={"players": ["p99"]})
    assert unknown.status_code == 422
    assert "p99" in unknown.json()["detail"]
    assert get_event(client, event_id)["entries"] == event["entries"]
    act(client, event_id, "draw")
    # Entries are closed once drawn.
    late = _post(client, f"{base}/entries", json={"name": "Late"})
    assert late.status_code == 409
    assert late.json()["error"] == "EntriesClosedError"
    started = act(client, event_id, "start")
    # A draw after the start.
    again = _post(client, f"{base}/draw")
    assert again.status_code == 409
    assert again.json()["error"] == "DrawError"
    # A result for a match not on that table.
    on_one = next(m for m in playing(started) if m["table"] == "1")
    wrong = _post(client, "/api/tables/2/result", json={"event": event_id, "match": on_one["id"]})
    assert wrong.status_code == 409
    assert "table 2" in wrong.json()["detail"]
    # An unknown match, a walkover for a player not in the match, a result off the race.
    assert _post(client, f"{base}/matches/X9/result", json={"racks": [2, 0]}).status_code == 404
    stranger = next(p for p in started["seed_order"] if p not in on_one["players"])
    walk = _post(client, f"{base}/matches/{on_one['id']}/walkover", json={"winner": stranger})
    assert walk.status_code == 422
    assert stranger in walk.json()["detail"]
    short = _post(client, f"{base}/matches/{on_one['id']}/result", json={"racks": [1, 0]})
    assert short.status_code == 422
    assert get_event(client, event_id)["seq"] == started["seq"]
    # Not an organiser.
    assert client.post(f"{base}/draw").status_code == 401


def test_no_shows_are_dropped_and_the_draw_waits_for_check_in(sqlite_client: TestClient) -> None:
    client = sqlite_client
    response = _post(client, "/api/tournaments", json={"name": "Open", "format": "swiss"})
    event_id = response.json()["id"]
    assert response.json()["settings"]["draw_seed"] >= 0  # made and shown before the draw
    _post(
        client,
        f"/api/tournaments/{event_id}/entries/import",
        content=players_csv(5),
        headers={"Content-Type": "text/csv"},
    )
    _post(client, f"/api/tournaments/{event_id}/checkin", json={"players": ["p1", "p2", "p3"]})
    refused = _post(client, f"/api/tournaments/{event_id}/draw")
    assert refused.status_code == 409
    assert "p4, p5" in refused.json()["detail"]
    dropped = _post(client, f"/api/tournaments/{event_id}/no-shows").json()
    assert [e["id"] for e in dropped["entries"]] == ["p1", "p2", "p3"]
    drawn = act(client, event_id, "draw")
    assert drawn["drawn"]
    assert len(drawn["seed_order"]) == 3


def test_public_pages_show_the_bracket_and_the_tables(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 8)
    act(client, event["id"], "draw")
    started = act(client, event["id"], "start")
    page = client.get(f"/events/{event['id']}?lang=en")
    assert page.status_code == 200
    assert page.text.count("<svg") == 3  # winners' side, losers' side, finals
    assert 'id="m-W1-1"' in page.text
    assert "Winners&#x27; side" in page.text
    assert "Ranked by: matches won, rack difference" in page.text
    board = client.get(f"/events/{event['id']}/board?lang=vi")
    assert board.status_code == 200
    assert "Đang thi đấu" in board.text
    for match in playing(started):
        assert f"/matches/{match['scorekeeper_match']}/scoreboard" in board.text
    rr = create_event(client, 4, format="round_robin")
    act(client, rr["id"], "draw")
    rounds = client.get(f"/events/{rr['id']}?lang=en").text
    assert "<svg" not in rounds
    assert "Round 3" in rounds


def test_the_table_console_needs_its_pin_and_follows_the_queue(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single", tables=1)
    act(client, event["id"], "draw")
    started = act(client, event["id"], "start")
    match = playing(started)[0]
    client.cookies.clear()
    form = client.get("/tables/1/console")
    assert form.status_code == 200
    assert 'action="/tables/1/console?lang=vi"' in form.text
    csrf = form.text.split('name="csrf_token" value="')[1].split('"')[0]
    wrong = client.post("/tables/1/console", data={"pin": "nope", "csrf_token": csrf})
    assert wrong.status_code == 401
    desk = client.get(f"/desk/tournaments/{event['id']}", auth=ORGANISER)
    pin = desk.text.split('class="pin">')[1].split("<")[0]
    opened = client.post(
        "/tables/1/console", data={"pin": pin, "csrf_token": csrf}, follow_redirects=True
    )
    assert opened.status_code == 200
    assert f'data-match="{match["scorekeeper_match"]}"' in opened.text
    # The console's referee cookie for that match now works on the match's API.
    view = client.get(f"/api/matches/{match['scorekeeper_match']}/console")
    assert view.status_code == 200
    concede(client, match["scorekeeper_match"])
    nxt = client.get("/tables/1/console")
    now = playing(get_event(client, event["id"]))[0]
    assert f'data-match="{now["scorekeeper_match"]}"' in nxt.text
    follow = client.get("/tables/1/overlay")
    assert follow.status_code == 200
    assert f'data-match="{now["scorekeeper_match"]}"' in follow.text
    assert "frame-ancestors 'none'" not in follow.headers["content-security-policy"]
    # A table with nothing on it: its overlay is a transparent page with the event's card
    # (never blank), without the site's navigation.
    client.post(
        "/api/tournaments", json={"name": "Other", "format": "single", "tables": 2}, auth=ORGANISER
    )
    idle = client.get("/tables/2/overlay")
    assert idle.status_code == 200
    assert 'class="table-idle overlay"' in idle.text
    assert 'data-testid="idle-waiting"' in idle.text
    assert "<nav" not in idle.text
