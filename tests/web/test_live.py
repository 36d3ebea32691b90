"""Live updates through real server processes: SQLite in one process, PostgreSQL across several."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.helpers import BREAK_RAILS, ORGANISER, shot
from tests.web.server import SseReader, running

pytestmark = pytest.mark.server


def _create(base: str) -> tuple[int, dict[str, str]]:
    match = httpx.post(
        base + "/api/matches",
        json={"player_a": "An", "player_b": "Bình", "race_to": 3},
        auth=ORGANISER,
    ).json()
    token = httpx.post(
        f"{base}/api/matches/{match['id']}/referee-token", json={"pin": match["pin"]}
    ).json()["token"]
    return match["id"], {"Authorization": f"Bearer {token}"}


def _post(base: str, mid: int, headers: dict[str, str], seq: int, body: dict[str, object]) -> float:
    r = httpx.post(
        f"{base}/api/matches/{mid}/inputs", headers=headers, json={"expected_seq": seq, **body}
    )
    assert r.status_code == 200, r.text
    return time.monotonic()


def test_spectator_sees_each_input_within_a_fraction_of_a_second(sqlite_url: str) -> None:
    with running(sqlite_url) as server:
        mid, ref = _create(server.url)
        spectator = SseReader(f"{server.url}/api/matches/{mid}/events?lang=en")
        hall = SseReader(f"{server.url}/api/hall/events?lang=vi")
        try:
            spectator.wait_for_seq(0)
            acked = _post(
                server.url,
                mid,
                ref,
                0,
                {"kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)},
            )
            arrived, view = spectator.wait_for_seq(1, timeout=2)
            assert view["scores"] == [5, 0]
            assert arrived - acked < 0.5
            _, hall_view = hall.wait_for_seq(1, timeout=2)
            assert hall_view["id"] == mid
            assert hall_view["lang"] == "vi"
        finally:
            spectator.close()
            hall.close()


@pytest.mark.postgres
def test_spectator_on_one_server_sees_an_input_posted_to_another(postgres_url: str) -> None:
    from tests.web.conftest import empty_postgres

    empty_postgres(postgres_url)
    with running(postgres_url) as first, running(postgres_url) as second:
        mid, ref = _create(first.url)
        spectator = SseReader(f"{first.url}/api/matches/{mid}/events?lang=vi")
        try:
            spectator.wait_for_seq(0)
            acked = _post(
                second.url,
                mid,
                ref,
                0,
                {"kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)},
            )
            arrived, view = spectator.wait_for_seq(1, timeout=3)
            assert view["scores"] == [5, 0]
            assert arrived - acked < 1.0
            assert spectator.headers.get("x-worker") != ""
        finally:
            spectator.close()


@pytest.mark.postgres
def test_every_spectator_of_a_multi_worker_server_sees_every_input(postgres_url: str) -> None:
    from tests.web.conftest import empty_postgres

    empty_postgres(postgres_url)
    with running(postgres_url, workers=2) as server:
        mid, ref = _create(server.url)
        spectators = [SseReader(f"{server.url}/api/matches/{mid}/events?lang=en") for _ in range(8)]
        try:
            for s in spectators:
                s.wait_for_seq(0)
            body = {"kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)}
            _post(server.url, mid, ref, 0, body)
            _post(server.url, mid, ref, 1, {"kind": "shot", "shot": shot(1)})
            for s in spectators:
                _, view = s.wait_for_seq(2, timeout=3)
                assert view["to_act"] == "B"
        finally:
            for s in spectators:
                s.close()
