"""A server killed with SIGKILL while the tables report results loses no acknowledged
result, and the queue resumes after the restart; a live SSE spectator of the event page
sees every result (real server processes, SQLite and PostgreSQL with two workers)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest

from tests.web.helpers import ORGANISER
from tests.web.server import free_port, running, start_server
from tests.web.tournament_helpers import players_csv

pytestmark = pytest.mark.server


def _url(backend: str, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    from tests.web.conftest import empty_postgres

    url = str(request.getfixturevalue("postgres_url"))
    empty_postgres(url)
    return url


def _setup(http: httpx.Client) -> int:
    body = {"name": "Cup", "format": "double", "draw_seed": 7, "race": 1, "tables": 4}
    event_id = int(http.post("/api/tournaments", json=body, auth=ORGANISER).json()["id"])
    base = f"/api/tournaments/{event_id}"
    csv_headers = {"Content-Type": "text/csv"}
    entries = http.post(
        f"{base}/entries/import", content=players_csv(8), headers=csv_headers, auth=ORGANISER
    ).json()["entries"]
    http.post(f"{base}/checkin", json={"players": [e["id"] for e in entries]}, auth=ORGANISER)
    assert http.post(f"{base}/draw", auth=ORGANISER).status_code == 200
    assert http.post(f"{base}/start", auth=ORGANISER).status_code == 200
    return event_id


def _tables(http: httpx.Client) -> dict[int, str]:
    return {int(k): v for k, v in http.get("/api/tables", auth=ORGANISER).json().items()}


def _end_one(http: httpx.Client, event: dict[str, Any], pins: dict[int, str]) -> str | None:
    """End the first match on a table (B concedes); its code once acknowledged."""
    now = [m for m in event["matches"] if m["status"] == "playing"]
    if not now:
        return None
    match = now[0]
    ref = match["scorekeeper_match"]
    token = http.post(
        f"/api/matches/{ref}/referee-token", json={"pin": pins[int(match["table"])]}
    ).json()["token"]
    r = http.post(
        f"/api/matches/{ref}/inputs",
        headers={"Authorization": f"Bearer {token}"},
        json={"expected_seq": 0, "kind": "event", "event": "concede_match", "player": "B"},
    )
    return str(match["id"]) if r.status_code == 200 else None


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_sigkill_loses_no_acknowledged_result_and_the_queue_resumes(
    backend: str, request: pytest.FixtureRequest
) -> None:
    url = _url(backend, request)
    port = free_port()
    # PostgreSQL with two workers: the spectator and the tables land on either, so the
    # frames of results stored by the other worker come through its notifications.
    workers = 2 if backend == "postgres" else 1
    server = start_server(url, port=port, workers=workers)
    with httpx.Client(base_url=server.url, timeout=10) as http:
        event_id = _setup(http)
        pins = _tables(http)
    acked: list[str] = []
    seen: list[int] = []
    stream = threading.Event()

    def spectate() -> None:  # the public page's stream: a frame per change
        try:
            with (
                httpx.Client(base_url=server.url, timeout=None) as http,
                http.stream("GET", f"/api/tournaments/{event_id}/events?lang=en") as r,
            ):
                stream.set()
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        seen.append(int(json.loads(line[6:])["seq"]))
        except httpx.HTTPError:
            return

    watcher = threading.Thread(target=spectate, daemon=True)
    watcher.start()
    assert stream.wait(10)

    def report() -> None:
        with httpx.Client(base_url=server.url, timeout=5) as http:
            while True:
                try:
                    event = http.get(f"/api/tournaments/{event_id}").json()
                    code = _end_one(http, event, pins)
                except (httpx.HTTPError, ValueError):
                    return
                if code is None:
                    return
                acked.append(code)

    reporter = threading.Thread(target=report)
    reporter.start()
    deadline = time.monotonic() + 20
    while len(acked) < 5 and time.monotonic() < deadline:
        time.sleep(0.005)
    server.kill()
    reporter.join(timeout=10)
    assert len(acked) >= 5
    # The spectator saw the results acknowledged before the kill as they came.
    assert seen
    assert seen == sorted(seen)
    assert seen[-1] >= 2 * 5

    with running(url, port=port) as restarted, httpx.Client(base_url=restarted.url) as http:
        event = http.get(f"/api/tournaments/{event_id}").json()
        decided = {m["id"] for m in event["matches"] if m["status"] == "walkover"}
        assert set(acked) <= decided
        assert len(decided) <= len(acked) + 1  # at most the one in flight at the kill
        # The queue resumes: the tables play on to a champion.
        for _ in range(40):
            if event["finished"]:
                break
            assert _end_one(http, event, pins) is not None
            event = http.get(f"/api/tournaments/{event_id}").json()
        assert event["finished"]
        assert event["champion"]
