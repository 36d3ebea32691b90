"""A server killed with SIGKILL while the shot clock runs (A50): after the restart the
clock shows the right remaining time (or paused as it was), and no shot time is lost."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from tests.web.helpers import BREAK_RAILS, ORGANISER, shot
from tests.web.server import free_port, running, start_server

pytestmark = pytest.mark.server


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_sigkill_keeps_the_running_clock_and_the_shot_times(
    backend: str, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        url = str(request.getfixturevalue("sqlite_url"))
    else:
        from tests.web.conftest import empty_postgres

        url = str(request.getfixturevalue("postgres_url"))
        empty_postgres(url)
    port = free_port()
    server = start_server(url, port=port)
    body = {"player_a": "An", "player_b": "Bình", "race_to": 1, "preset": "vn-national"}
    match = httpx.post(server.url + "/api/matches", json=body, auth=ORGANISER).json()
    mid = match["id"]
    token = httpx.post(
        f"{server.url}/api/matches/{mid}/referee-token", json={"pin": match["pin"]}
    ).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}

    def enter(base: str, seq: int, item: dict[str, object]) -> None:
        r = httpx.post(
            f"{base}/api/matches/{mid}/inputs", headers=headers, json={"expected_seq": seq, **item}
        )
        assert r.status_code == 200, r.text

    enter(server.url, 0, {"kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)})
    time.sleep(0.3)
    enter(server.url, 1, {"kind": "shot", "shot": shot(1)})  # An's miss: 0.3 s or more
    started = time.monotonic()  # Bình's 40 s run from about now
    before = httpx.get(f"{server.url}/api/matches/{mid}/clock").json()
    assert before["status"] == "running"
    server.kill()  # SIGKILL: no shutdown handler
    time.sleep(1.0)

    with running(url, port=port) as restarted:
        after = httpx.get(f"{restarted.url}/api/matches/{mid}/clock").json()
        waited = time.monotonic() - started
        assert after["status"] == "running"
        assert after["shooter_name"] == "Bình"
        # The time kept running through the restart: the real time passed, within 0.5 s.
        assert abs((40_000 - after["remaining_ms"]) / 1000 - waited) < 0.5
        enter(restarted.url, 2, {"kind": "shot", "shot": shot(1)})
        record = json.loads(
            httpx.get(f"{restarted.url}/api/matches/{mid}/export.json", auth=ORGANISER).text
        )
        entries = record["racks"][0]["entries"]
        assert entries[1]["time_ms"] >= 300  # An's shot, stored before the kill
        assert entries[2]["time_ms"] >= 1000  # Bình's, timed across the restart
