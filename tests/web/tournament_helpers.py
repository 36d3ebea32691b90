"""Helpers of the tournament tests: an event through the desk API, tables that score it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import ORGANISER


def players_csv(n: int) -> str:
    """A players CSV of ``n`` players, rated 800 down."""
    lines = ["name,club,rating,class"]
    lines += [f"Player {i},Club {i % 3},{800 - 10 * i},A" for i in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def create_event(client: TestClient, n: int = 8, **settings: Any) -> dict[str, Any]:
    """An event of ``n`` checked-in players (not drawn)."""
    body = {"name": "Cúp 61", "format": "double", "draw_seed": 42, "race": 2, "tables": 4}
    response = client.post("/api/tournaments", json=body | settings, auth=ORGANISER)
    assert response.status_code == 201, response.text
    event: dict[str, Any] = response.json()
    response = client.post(
        f"/api/tournaments/{event['id']}/entries/import",
        content=players_csv(n),
        headers={"Content-Type": "text/csv"},
        auth=ORGANISER,
    )
    assert response.status_code == 201, response.text
    players = [e["id"] for e in response.json()["entries"]]
    response = client.post(
        f"/api/tournaments/{event['id']}/checkin", json={"players": players}, auth=ORGANISER
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def act(client: TestClient, event_id: int, action: str) -> dict[str, Any]:
    """Draw or start an event."""
    response = client.post(f"/api/tournaments/{event_id}/{action}", auth=ORGANISER)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def get_event(client: TestClient, event_id: int) -> dict[str, Any]:
    response = client.get(f"/api/tournaments/{event_id}")
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def playing(event: dict[str, Any]) -> list[dict[str, Any]]:
    """The matches on a table now."""
    return [m for m in event["matches"] if m["status"] == "playing"]


_PINS: dict[int, dict[int, str]] = {}


def referee(client: TestClient, match_id: int) -> dict[str, str]:
    """The referee's header of a called match: its table's PIN makes its token.

    (Organiser credentials would do too, but each one costs a password hash.)
    """
    pins = _PINS.get(id(client))
    board = client.get(f"/api/matches/{match_id}").json()
    table = int(board["table_name"] if "table_name" in board else board["table"])
    for fresh in (False, True):  # the tables get new PINs as an event starts and ends
        if fresh or pins is None or table not in pins:
            pins = _PINS[id(client)] = {
                int(k): v for k, v in client.get("/api/tables", auth=ORGANISER).json().items()
            }
        response = client.post(f"/api/matches/{match_id}/referee-token", json={"pin": pins[table]})
        if response.status_code == 200:
            break
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def concede(
    client: TestClient, match_id: int, seat: str = "B", event: str = "concede_match"
) -> Any:
    """Score a scorekeeper match: ``seat`` concedes the match (or the rack)."""
    board = client.get(f"/api/matches/{match_id}").json()
    return client.post(
        f"/api/matches/{match_id}/inputs",
        json={"expected_seq": board["seq"], "kind": "event", "event": event, "player": seat},
        headers=referee(client, match_id),
    )


def play_out(client: TestClient, event_id: int, loser: str = "B") -> dict[str, Any]:
    """Score every called match until the event is over; the event at the end."""
    event = get_event(client, event_id)
    for _ in range(600):
        if event["finished"]:
            return event
        now = playing(event)
        assert now, f"nothing on the tables and not finished: {event['matches']}"
        response = concede(client, now[0]["scorekeeper_match"], loser)
        assert response.status_code == 200, response.text
        event = get_event(client, event_id)
    raise AssertionError("the event did not finish")


NAMES = ("Nguyễn Văn An", "Trần Thị Bình", "Lê Đức Cường", "Phạm Minh Dũng")
"""The players of :func:`vietnamese_event`, their names with Vietnamese accents."""


def vietnamese_event(client: Any, fmt: str = "single", tables: int = 2) -> dict[str, Any]:
    """An event of the four players of :data:`NAMES`, checked in, not drawn.

    ``client`` is a ``TestClient`` or an ``httpx.Client`` on a running server.
    """
    body = {"name": "Cúp Mùa Thu", "format": fmt, "draw_seed": 7, "race": 2, "tables": tables}
    response = client.post("/api/tournaments", json=body, auth=ORGANISER)
    assert response.status_code == 201, response.text
    event: dict[str, Any] = response.json()
    csv = "name,club,rating,class\n" + "".join(
        f"{n},CLB {i},{900 - i},A\n" for i, n in enumerate(NAMES)
    )
    response = client.post(
        f"/api/tournaments/{event['id']}/entries/import",
        content=csv.encode(),
        headers={"Content-Type": "text/csv"},
        auth=ORGANISER,
    )
    assert response.status_code == 201, response.text
    players = [e["id"] for e in response.json()["entries"]]
    response = client.post(
        f"/api/tournaments/{event['id']}/checkin", json={"players": players}, auth=ORGANISER
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result
