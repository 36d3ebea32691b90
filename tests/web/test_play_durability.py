"""A game server killed with SIGKILL mid-game resumes where it was: no acknowledged input lost."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest

from rotation61.records import from_json, verify
from tests.web.helpers import ORGANISER
from tests.web.play_helpers import choose_stroke
from tests.web.server import free_port, running, start_server

pytestmark = pytest.mark.server


def test_a_game_resumes_after_sigkill(sqlite_url: str) -> None:
    port = free_port()
    server = start_server(sqlite_url, port=port)
    created = httpx.post(
        server.url + "/api/play", json={"mode": "hotseat", "player_a": "An", "player_b": "Bình"}
    ).json()
    game, headers = created["id"], {"X-Play-Token": created["token"]}
    acked: list[dict[str, Any]] = []  # the acknowledged responses, in order

    def play() -> None:
        with httpx.Client(base_url=server.url, headers=headers, timeout=30) as http:
            while True:
                try:
                    view = http.get(f"/api/play/{game}").json()
                    if view["over"]:
                        return
                    if view["phase"] == "decision":
                        body = {"expected_seq": view["seq"], "option": view["options"][0]["value"]}
                        r = http.post(f"/api/play/{game}/decisions", json=body)
                    else:
                        r = http.post(f"/api/play/{game}/shots", json=choose_stroke(view))
                except httpx.HTTPError:
                    return
                if r.status_code != 200:
                    return
                acked.append(r.json())

    player = threading.Thread(target=play)
    player.start()
    deadline = time.monotonic() + 30
    while len(acked) < 6 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()  # mid-game: SIGKILL, no shutdown handler
    player.join(timeout=30)
    assert len(acked) >= 6
    last = acked[-1]
    last_view = last.get("state", last)  # a shot's response carries the game after it

    with running(sqlite_url, port=port) as restarted:
        view = httpx.get(f"{restarted.url}/api/play/{game}", timeout=30).json()
        # every acknowledged input is there; at most the one in flight was committed too
        assert last_view["seq"] <= view["seq"] <= last_view["seq"] + 1
        if view["seq"] == last_view["seq"]:
            assert view["balls"] == last_view["balls"]  # the table as the players saw it
            assert view["board"]["scores"] == last_view["board"]["scores"]
        # the game goes on from there
        if view["phase"] == "shot" and not view["over"]:
            r = httpx.post(
                f"{restarted.url}/api/play/{game}/shots",
                json=choose_stroke(view),
                headers=headers,
                timeout=30,
            )
            assert r.status_code == 200, r.text
        record = httpx.get(f"{restarted.url}/api/matches/{game}/export.json", auth=ORGANISER)
        assert verify(from_json(record.text)) == []
