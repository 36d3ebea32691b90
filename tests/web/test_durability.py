"""A server killed with SIGKILL mid-match loses no acknowledged input and restarts cleanly."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from rotation61.records import DecisionInput, MatchHeader, input_from_dict, replay_inputs
from tests.web.helpers import BREAK_RAILS, ORGANISER, shot
from tests.web.server import free_port, running, start_server

pytestmark = pytest.mark.server


def _inputs() -> list[dict[str, object]]:
    """A long valid sequence: the break, then misses and undos."""
    items: list[dict[str, object]] = [{"kind": "shot", "shot": shot(1, break_rails=BREAK_RAILS)}]
    for n in range(1, 400):
        items.append({"kind": "undo"} if n % 7 == 0 else {"kind": "shot", "shot": shot(1)})
    return items


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_sigkill_loses_no_acknowledged_input(backend: str, request: pytest.FixtureRequest) -> None:
    if backend == "sqlite":
        url = str(request.getfixturevalue("sqlite_url"))
    else:
        from tests.web.conftest import empty_postgres

        url = str(request.getfixturevalue("postgres_url"))
        empty_postgres(url)
    port = free_port()
    server = start_server(url, port=port)
    match = httpx.post(
        server.url + "/api/matches",
        json={"player_a": "An", "player_b": "Bình", "race_to": 1},
        auth=ORGANISER,
    ).json()
    mid = match["id"]
    token = httpx.post(
        f"{server.url}/api/matches/{mid}/referee-token", json={"pin": match["pin"]}
    ).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    acked: list[dict[str, object]] = []
    items = _inputs()

    def score() -> None:
        with httpx.Client(base_url=server.url, headers=headers, timeout=5) as http:
            for seq, item in enumerate(items):
                try:
                    r = http.post(f"/api/matches/{mid}/inputs", json={"expected_seq": seq, **item})
                except httpx.HTTPError:
                    return
                if r.status_code != 200:
                    return
                acked.append(item)

    scorer = threading.Thread(target=score)
    scorer.start()
    deadline = time.monotonic() + 20
    while len(acked) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()  # mid-stream: SIGKILL, no shutdown handler
    scorer.join(timeout=10)
    assert len(acked) >= 40

    with running(url, port=port) as restarted:
        console = httpx.get(
            f"{restarted.url}/api/matches/{mid}/console?lang=en", headers=headers
        ).json()
        stored = console["seq"]
        # Every acknowledged input is there; at most the one in flight when killed was
        # committed without its acknowledgment reaching the client.
        assert len(acked) <= stored <= len(acked) + 1
        record = httpx.get(f"{restarted.url}/api/matches/{mid}/export.json", headers=headers).json()
        entries = [e for rack in record["racks"] for e in rack["entries"]]
        header = MatchHeader(players=("A", "B"), race_to=1)
        expected = replay_inputs(header, [input_from_dict(i) for i in items[:stored]])
        assert len(entries) == len(expected.steps())
        assert [e["type"] for e in entries] == [
            "decision" if isinstance(x.step, DecisionInput) else "shot" for x in expected.steps()
        ]
        # The restarted server goes on scoring from where it was.
        r = httpx.post(
            f"{restarted.url}/api/matches/{mid}/inputs",
            headers=headers,
            json={"expected_seq": stored, **items[stored]},
        )
        assert r.status_code == 200, r.text
        assert r.json()["seq"] == stored + 1
