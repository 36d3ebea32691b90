"""A finished tournament match on its console, as the referee sees it on a tablet.

Once the event has the match's result, the console says the match is final (in the
page's language), Undo is off and a tap on it changes nothing. A screenshot goes to
``tests/web/screenshots/`` for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import sign_in, wait_until
from tests.web.helpers import ORGANISER
from tests.web.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"


def _finished_event_match(base: str) -> int:
    with httpx.Client(base_url=base, auth=ORGANISER, timeout=30) as api:
        event = api.post(
            "/api/tournaments",
            json={"name": "Cúp 61", "format": "single", "race": 2, "tables": 1},
        ).json()
        csv = "name,club,rating,class\nNguyễn Văn An,CLB 1,600,A\nTrần Thị Bình,CLB 2,580,A\n"
        entries = api.post(
            f"/api/tournaments/{event['id']}/entries/import",
            content=csv.encode(),
            headers={"Content-Type": "text/csv"},
        ).json()["entries"]
        api.post(
            f"/api/tournaments/{event['id']}/checkin", json={"players": [e["id"] for e in entries]}
        )
        api.post(f"/api/tournaments/{event['id']}/draw")
        started = api.post(f"/api/tournaments/{event['id']}/start").json()
        ref = next(m for m in started["matches"] if m["status"] == "playing")["scorekeeper_match"]
        for _rack in range(2):
            seq = api.get(f"/api/matches/{ref}").json()["seq"]
            r = api.post(
                f"/api/matches/{ref}/inputs",
                json={"expected_seq": seq, "kind": "event", "event": "concede_rack", "player": "B"},
            )
            assert r.status_code == 200, r.text
        assert api.get(f"/api/tournaments/{event['id']}").json()["finished"]
        match_id: int = ref
        return match_id


def test_a_final_match_shows_final_on_its_console(browser: Any, server: Server) -> None:
    ref = _finished_event_match(server.url)
    page = browser.new_context(viewport={"width": 1180, "height": 820}).new_page()
    sign_in(page, server.url)
    page.goto(f"{server.url}/matches/{ref}/console?lang=vi")
    page.wait_for_selector('[data-testid="match-final"]')
    notice = page.text_content('[data-testid="match-final"]') or ""
    assert "Đã chốt" in notice
    assert "bàn tổ chức" in notice
    assert page.is_disabled("#undo")
    seq_before = httpx.get(f"{server.url}/api/matches/{ref}").json()["seq"]
    page.click("#undo", force=True)
    page.wait_for_timeout(300)
    assert httpx.get(f"{server.url}/api/matches/{ref}").json()["seq"] == seq_before
    wait_until(page, "document.querySelector('[data-testid=match-over]') !== null")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "console-final-vi-tablet.png"))
