"""The shot clock (A50) in Debian's chromium: the console, the TV scoreboard and the overlay.

A match with a short clock (a custom rule set over ``vn-national``: 3 s after the
break, 20 s otherwise) and a points handicap (61:50, A51): after the break the
console's clock runs out and proposes the time foul, which the referee confirms; the
next shot's clock runs on the console, the TV and the overlay at the same second; the
referee pauses it from the keyboard and every screen shows it paused. Screenshots at
the tablet's size (1180x820) and the TV's (1920x1080).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import wait_for_seq, wait_until
from tests.web.helpers import ORGANISER
from tests.web.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"


def _create(base: str) -> dict[str, Any]:
    body = {
        "player_a": "An",
        "player_b": "Bình",
        "race_to": 1,
        "table_name": "Bàn 1",
        "preset": "vn-national",
        # 3 s for the first shot after the break (it runs out), 20 s for the others.
        "overrides": {"shot_clock_s": 20, "shot_clock_after_break_s": 3, "target_points": "61:50"},
    }
    response = httpx.post(base + "/api/matches", json=body, auth=ORGANISER)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _seconds(page: Any, selector: str) -> int:
    return int(page.get_attribute(selector, "data-seconds") or -1)


def test_console_clock_proposes_the_time_foul_and_every_screen_shows_it(
    browser: Any, server: Server
) -> None:
    base = server.url
    SHOTS.mkdir(exist_ok=True)
    match = _create(base)
    match_id = match["id"]

    tablet = browser.new_context(viewport={"width": 1180, "height": 820}, has_touch=True)
    console = tablet.new_page()
    console.goto(f"{base}/matches/{match_id}/console")
    console.fill("input[name=pin]", match["pin"])
    console.click("#pin-submit")
    console.wait_for_selector(".pick-pocket")
    assert console.is_hidden("#clock-box")  # the break is not timed
    assert console.text_content("[data-testid=needs-b]") == "cần 50 điểm · đích 50"

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{base}/matches/{match_id}/scoreboard")
    wait_for_seq(tv, "#scoreboard", 0)
    assert tv.is_hidden("#sb-clock")

    # The break: the 5 drops, An stays at the table and his 3 s start.
    console.click(".pick-pocket[data-ball='5']")
    console.click("#record")
    wait_for_seq(console, "#console", 1)
    console.wait_for_selector("#clock-box:not([hidden])")
    assert console.get_attribute("#clock", "data-status") == "running"
    assert console.text_content("[data-testid=needs-a]") == "cần 56 điểm · đích 61"

    # Time runs out: the console proposes, nothing is ruled until the referee confirms.
    console.wait_for_selector("#clock-propose:not([hidden])", timeout=6000)
    assert "An đã hết giờ" in (console.text_content("#clock-propose-text") or "")
    assert console.get_attribute("#clock", "data-status") == "expired"
    assert "expired" in (console.get_attribute("#clock", "class") or "")
    console.screenshot(path=str(SHOTS / "clock-console-expired-vi-tablet.png"))
    assert int(console.get_attribute("#console", "data-seq") or -1) == 1
    console.click("#clock-confirm")
    wait_for_seq(console, "#console", 2)
    assert "A50" in (console.text_content("#ruling") or "")
    assert console.is_hidden("#clock-box")  # Bình chooses first: no shot is timed

    record = httpx.get(
        f"{base}/api/matches/{match_id}/export.json", auth=ORGANISER
    ).raise_for_status()
    entries = json.loads(record.text)["racks"][0]["entries"]
    assert entries[-1]["type"] == "time_foul"
    assert entries[-1]["time_ms"] >= 3000

    # Bình takes the table; his clock runs on the console and on the TV at the same second.
    console.click("button[data-option='accept_table']")
    wait_for_seq(console, "#console", 3)
    wait_for_seq(tv, "#scoreboard", 3)
    tv.wait_for_selector("#sb-clock:not([hidden])")
    # The referee pauses from the keyboard: every screen shows the same frozen second.
    console.keyboard.press("p")
    wait_until(console, "document.getElementById('clock').dataset.status === 'paused'")
    wait_until(tv, "document.getElementById('sb-clock').dataset.status === 'paused'")
    assert _seconds(tv, "#sb-clock") == _seconds(console, "#clock")
    assert "trọng tài tạm dừng" in (tv.text_content("#sb-clock") or "")
    assert tv.text_content("[data-testid=needs-b]") == "cần 50 điểm · đích 50"
    tv.screenshot(path=str(SHOTS / "clock-scoreboard-paused-vi-tv.png"))
    tv_en = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv_en.goto(f"{base}/matches/{match_id}/scoreboard?lang=en")
    wait_until(tv_en, "document.getElementById('sb-clock').dataset.status === 'paused'")
    assert "paused by the referee" in (tv_en.text_content("#sb-clock") or "")
    assert tv_en.text_content("[data-testid=needs-b]") == "needs 50 more · to 50"
    tv_en.screenshot(path=str(SHOTS / "clock-scoreboard-paused-en-tv.png"))
    console.screenshot(path=str(SHOTS / "clock-console-paused-vi-tablet.png"))
    assert console.is_hidden("#clock-extend")  # vn-national grants no extension

    # Resumed: it runs again on the TV and on the overlay.
    console.keyboard.press("p")
    wait_until(tv, "document.getElementById('sb-clock').dataset.status === 'running'")

    overlay = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    overlay.goto(f"{base}/matches/{match_id}/overlay")
    wait_for_seq(overlay, "#overlay", 3)
    overlay.wait_for_selector("#ov-clock:not([hidden])")
    wait_until(overlay, "document.getElementById('ov-clock').dataset.status === 'running'")
    assert abs(_seconds(overlay, "#ov-clock") - _seconds(tv, "#sb-clock")) <= 1
    overlay.screenshot(path=str(SHOTS / "clock-overlay-running-vi-tv.png"))
