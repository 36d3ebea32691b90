"""The player page on a phone (390x844) in Debian's chromium: from the bracket, a search
without accents finds "Nguyễn Văn An"; their page shows the match on their table, and
moves on to the next match by itself when a result is entered (no reload).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import wait_until
from tests.web.server import Server
from tests.web.tournament_helpers import act, concede, playing, vietnamese_event

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"


def test_a_player_finds_their_next_match_on_a_phone(browser: Any, server: Server) -> None:
    SHOTS.mkdir(exist_ok=True)
    with httpx.Client(base_url=server.url) as api:
        event = vietnamese_event(api)
        act(api, event["id"], "draw")
        event = act(api, event["id"], "start")
        an = next(e["id"] for e in event["entries"] if e["name"] == "Nguyễn Văn An")
        mine = next(m for m in playing(event) if an in m["players"])

        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/events/{event['id']}")
        page.click("#players-link")
        page.fill("#player-q", "nguyen van an")
        page.click("#player-search-submit")
        page.wait_for_selector("#players-found")
        assert page.locator("#players-found li").count() == 1
        page.screenshot(path=str(SHOTS / "player-phone-search.png"), full_page=True)
        page.click("#players-found a")
        page.wait_for_selector("#player-status")
        assert page.text_content("#player-name") == "Nguyễn Văn An"
        assert page.text_content("#player-status") == "Đang thi đấu"
        assert page.text_content("#next-id") == mine["id"]
        assert page.text_content("#next-table") == f"Bàn {mine['table']}"
        page.evaluate("window.stayed = true")  # gone if the page reloads

        # the opponent concedes a rack, then the match: the page follows by itself
        side = "B" if mine["players"][0] == an else "A"
        assert concede(api, mine["scorekeeper_match"], side, "concede_rack").status_code == 200
        wait_until(
            page, "(document.getElementById('next-score')||{}).textContent?.includes('1 – 0')"
        )
        # called at the phone's own time, 24-hour, no English "AM"/"PM"
        assert re.fullmatch(r"\d\d:\d\d", page.text_content("#next-called") or "")
        page.screenshot(path=str(SHOTS / "player-phone-playing.png"), full_page=True)
        assert concede(api, mine["scorekeeper_match"], side).status_code == 200
        wait_until(page, f"document.getElementById('next-id')?.textContent !== {mine['id']!r}")
        assert page.evaluate("window.stayed === true")
        assert page.locator("#player-results li.won").count() == 1
        assert page.text_content("#player-status") in ("Đang chờ trận", "Đang thi đấu")
        # nothing wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(SHOTS / "player-phone.png"), full_page=True)
        assert errors == []
