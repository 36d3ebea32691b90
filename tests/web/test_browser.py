"""End to end in Debian's chromium (playwright, never its own browser download).

A whole rack scored through the console in Vietnamese (a foul, a decision, a spotting
and an undo) while a scoreboard page updates live; then the console in English; then a
scoreboard that recovers by itself after the server was killed and restarted.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.browser import sign_in, wait_for_seq
from tests.web.helpers import BREAK_RAILS, ORGANISER, shot
from tests.web.server import Server, free_port, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_score_a_rack_in_vietnamese_with_a_live_scoreboard(browser: Any, server: Server) -> None:
    base = server.url
    desk = browser.new_context(viewport={"width": 1024, "height": 900})
    page = desk.new_page()
    sign_in(page, base)
    page.fill("input[name=player_a]", "An")
    page.fill("input[name=player_b]", "Bình")
    page.fill("input[name=race_to]", "1")
    page.fill("input[name=table_name]", "Bàn 1")
    page.click("#create-submit")
    notice = page.text_content("#notice") or ""
    pin = re.search(r"(\d{8})", notice)
    assert pin is not None, notice
    match_id = page.get_attribute("#matches tbody tr", "data-match")

    # The referee's tablet: a fresh browser, the PIN, then the console in Vietnamese.
    tablet = browser.new_context(viewport={"width": 800, "height": 1280}, has_touch=True)
    console = tablet.new_page()
    console.goto(f"{base}/matches/{match_id}/console")
    console.fill("input[name=pin]", "000000")
    console.click("#pin-submit")
    assert console.is_visible("#pin-wrong")
    console.fill("input[name=pin]", pin.group(1))
    console.click("#pin-submit")
    console.wait_for_selector(".pick-pocket")
    assert console.get_attribute("html", "lang") == "vi"

    # A spectator's screen.
    spectator = browser.new_context()
    hall_screen = spectator.new_page()
    hall_screen.goto(f"{base}/matches/{match_id}/scoreboard")
    wait_for_seq(hall_screen, "#scoreboard", 0)

    # The break pockets the 5; only balls on the table can be picked afterwards.
    console.click(".pick-pocket[data-ball='5']")
    console.click("#record")
    wait_for_seq(console, "#console", 1)
    assert console.text_content("[data-testid=score-a]") == "5"
    assert console.locator(".pick-pocket[data-ball='5']").count() == 0
    wait_for_seq(hall_screen, "#scoreboard", 1)
    assert hall_screen.text_content("#sb-a .score") == "5"

    # The referee corrects the break: the 6 dropped too (an override, both rulings kept).
    console.click("#override summary")
    console.click("#override-start")
    console.wait_for_selector("#override-banner")
    console.click(".pick-pocket[data-ball='6']")
    console.fill("#override-note", "bi 6 cũng vào lỗ")
    console.click("#override-submit")
    wait_for_seq(console, "#console", 2)
    assert console.text_content("[data-testid=score-a]") == "11"
    assert "Trọng tài sửa quyết định" in (console.text_content("#ruling") or "")

    # A foul: the 3 hit first and the 1 pocketed; the ruling cites §VI, the 1 is spotted.
    console.click(".pick-first[data-ball='3']")
    console.click(".pick-pocket[data-ball='1']")
    console.click("#record")
    wait_for_seq(console, "#console", 3)
    assert "Phạm lỗi (§VI)" in (console.text_content("#ruling") or "")
    assert console.is_visible("#spotting svg [data-ball='1']")
    assert console.locator("#options button").count() == 2

    # Undo takes it back; the foul is entered again without the pocketed ball.
    console.click("#undo")
    wait_for_seq(console, "#console", 4)
    assert console.is_hidden("#decision")
    console.click(".pick-first[data-ball='3']")
    console.click("#record")
    wait_for_seq(console, "#console", 5)
    assert console.text_content("[data-testid=fouls-a]") == "1"
    wait_for_seq(hall_screen, "#scoreboard", 5)
    assert hall_screen.text_content("#sb-a .fouls") == "Lỗi liên tục: 1"

    # Bình's decision: spot the ball in play; the drawing shows where it goes.
    console.click("button[data-option='spot_lowest_and_cue_in_hand_kitchen']")
    wait_for_seq(console, "#console", 6)
    assert console.is_visible("#spotting svg [data-ball='1']")
    assert "đặt bi mục tiêu chính" in (console.text_content("#history") or "")

    # Bình reaches 61 in one shot: the rack and the match are over.
    for ball in (1, 2, 3, 4, 7, 8, 9, 10, 11, 12):
        console.click(f".pick-pocket[data-ball='{ball}']")
    console.click("#record")
    wait_for_seq(console, "#console", 7)
    assert console.text_content("[data-testid=score-b]") == "67"
    assert "Bình thắng trận đấu" in (console.text_content("[data-testid=match-over]") or "")
    wait_for_seq(hall_screen, "#scoreboard", 7)
    assert hall_screen.text_content("#sb-b .score") == "67"

    # English, on the same console.
    console.click("#lang-switch")
    console.wait_for_selector("[data-testid=match-over]")
    assert console.get_attribute("html", "lang") == "en"
    assert "Bình wins the match" in (console.text_content("[data-testid=match-over]") or "")
    assert "History" in (console.text_content("body") or "")
    spectator.close()
    tablet.close()
    desk.close()


def test_scoreboard_and_overlay_recover_after_the_server_restarts(
    browser: Any, sqlite_url: str
) -> None:
    port = free_port()
    server = start_server(sqlite_url, port=port)
    try:
        match = httpx.post(
            server.url + "/api/matches",
            json={"player_a": "An", "player_b": "Bình", "race_to": 2},
            auth=ORGANISER,
        ).json()
        mid = match["id"]
        token = httpx.post(
            f"{server.url}/api/matches/{mid}/referee-token", json={"pin": match["pin"]}
        ).json()["token"]
        context = browser.new_context()
        board = context.new_page()
        board.goto(f"{server.url}/matches/{mid}/scoreboard?lang=en")
        overlay = context.new_page()
        overlay.goto(f"{server.url}/matches/{mid}/overlay")
        wait_for_seq(board, "#scoreboard", 0)
        wait_for_seq(overlay, "#overlay", 0)
        server.kill()
        server = start_server(sqlite_url, port=port)
        r = httpx.post(
            f"{server.url}/api/matches/{mid}/inputs",
            headers={"Authorization": f"Bearer {token}"},
            json={"expected_seq": 0, "kind": "shot", "shot": shot(1, 7, break_rails=BREAK_RAILS)},
        )
        assert r.status_code == 200
        wait_for_seq(board, "#scoreboard", 1)
        assert board.text_content("#sb-a .score") == "7"
        wait_for_seq(overlay, "#overlay", 1)
        assert overlay.text_content("#ov-sa") == "7"
        background = overlay.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background in ("rgba(0, 0, 0, 0)", "transparent")
        context.close()
    finally:
        stop(server)
