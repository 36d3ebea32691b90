"""The play page as one screen in Debian's chromium, at a phone's size upright and on its
side (touch), a tablet's and a TV's (mouse and keyboard): nothing to scroll, the table,
the power bar, the cue-ball image, the fine-aim strip and Shoot all in view; the break
aimed by a drag on the table and played by a pull-back from the cue ball; a stroke
played from the keyboard; the invite and spectator links copied with the page's
language; the sound's mute remembered on the device.

Screenshots go to ``tests/web/screenshots/play-*.png`` (not committed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import browser
from tests.web.play_helpers import choose_stroke
from tests.web.play_page import (
    AIM_TOLERANCE_DEG,
    aim_by_drag,
    api_state,
    check_animation,
    drag,
    drag_cue_ball,
    new_game,
    on_screen,
    phi,
    pull_back,
    seq,
    tap,
    toggle_menu,
    wait_answered,
    wait_state,
)
from tests.web.server import Server, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]
__all__ = ["browser"]

SHOTS = Path(__file__).resolve().parent / "screenshots"
SIZES = {
    "phone": ({"width": 390, "height": 844}, True),
    "phone-landscape": ({"width": 844, "height": 390}, True),
    "tablet": ({"width": 1180, "height": 820}, False),
    "tv": ({"width": 1920, "height": 1080}, False),
}
IN_VIEW = ("#table", "#power-bar", "#spin", "#elev-bar", "#fine-aim", "#shoot", "#status")


@pytest.fixture(scope="module")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("screens") / "web.sqlite3"
    running = start_server(f"sqlite:///{db}")
    try:
        yield running
    finally:
        stop(running)


def context_for(browser: Any, name: str, **extra: Any) -> Any:
    viewport, touch = SIZES[name]
    if touch:
        return browser.new_context(
            viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=2, **extra
        )
    return browser.new_context(viewport=viewport, **extra)


def assert_one_screen(page: Any) -> None:
    scroll = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    size = page.viewport_size
    assert scroll[0] <= size["width"], (scroll, size)
    assert scroll[1] <= size["height"], (scroll, size)
    for selector in IN_VIEW:
        assert on_screen(page, selector), f"{selector} is not wholly on the screen"


@pytest.mark.parametrize("name", list(SIZES))
def test_one_screen_and_a_break_by_drag_and_pull_back(
    browser: Any, play_server: Server, name: str
) -> None:
    context = context_for(browser, name)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = new_game(page, play_server, speed="4")
    assert_one_screen(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"play-{name}.png"))
    view = api_state(play_server, game)
    body = choose_stroke(view)
    drag_cue_ball(page, view, *body["placement"])
    aim_by_drag(page, view, body["phi"])
    # the cue ball in hand is dragged, not pulled back from: the break's power is the
    # power bar's (touched at 60 % of its height), and the pull-back is the next shot's
    box = page.locator("#power-bar").bounding_box()
    y = box["y"] + box["height"] * 0.4
    drag(page, (box["x"] + box["width"] / 2, y), (box["x"] + 9, y), steps=2)
    speed = float(page.get_attribute("#play", "data-speed"))
    assert abs(speed - (0.2 + 11.8 * 0.6)) < 0.3, speed
    before = seq(page)
    tap(page, "#shoot")
    wait_answered(page, before)
    check_animation(page, play_server, game)
    assert int(page.evaluate("document.documentElement.dataset.sounds || '0'")) >= 2
    view = api_state(play_server, game)
    while view["phase"] == "decision":
        tap(page, "#options button.option")
        wait_state(page, "aim", "waiting")
        view = api_state(play_server, game)
    if view["in_hand"]:  # the break fouled: the cue ball in hand again, Shoot
        body = choose_stroke(view)
        drag_cue_ball(page, view, *body["placement"])
        aim_by_drag(page, view, body["phi"])
        before = seq(page)
        tap(page, "#shoot")
        wait_answered(page, before)
    else:
        # a pull-back from the cue ball, let go: the shot is played at that power
        body = choose_stroke(view)
        aim_by_drag(page, view, body["phi"])
        assert_one_screen(page)
        page.screenshot(path=str(SHOTS / f"play-{name}-aim.png"))
        before = seq(page)
        pull_back(page, view, 3.0)
        wait_answered(page, before)
        stroke = httpx.get(f"{play_server.url}/api/play/{game}/shots/{before + 1}").json()
        assert abs(stroke["stroke"]["speed"] - 3.0) < 0.4, stroke["stroke"]
        assert abs((stroke["stroke"]["phi"] - body["phi"] + 180) % 360 - 180) < AIM_TOLERANCE_DEG
    check_animation(page, play_server, game)
    wait_state(page, "aim", "decision", "waiting", "over")
    assert_one_screen(page)
    page.screenshot(path=str(SHOTS / f"play-{name}-after.png"))
    assert not errors
    context.close()


def test_a_stroke_from_the_keyboard(browser: Any, play_server: Server) -> None:
    """Arrows turn the aim (1°, Shift 0.1°), up and down the power, Space shoots."""
    context = context_for(browser, "tablet")
    page = context.new_page()
    game = new_game(page, play_server)
    view = api_state(play_server, game)
    body = choose_stroke(view)
    drag_cue_ball(page, view, *body["placement"])
    start = phi(page)  # the page aims at the ball in play
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowRight")
    assert abs(phi(page) - (start + 1.9)) < 1e-6
    power = float(page.get_attribute("#play", "data-speed"))
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    assert abs(float(page.get_attribute("#play", "data-speed")) - (power + 1.0)) < 1e-6
    before = seq(page)
    page.keyboard.press("Space")
    wait_answered(page, before)
    stroke = httpx.get(f"{play_server.url}/api/play/{game}/shots/{before + 1}").json()["stroke"]
    assert math.isclose(stroke["phi"], start + 1.9, abs_tol=1e-3)
    assert math.isclose(stroke["speed"], power + 1.0, abs_tol=1e-6)
    check_animation(page, play_server, game)
    context.close()


def test_copy_the_invite_and_the_spectator_link_in_the_page_language(
    browser: Any, play_server: Server
) -> None:
    host = context_for(browser, "tablet", permissions=["clipboard-read", "clipboard-write"])
    a = host.new_page()
    a.goto(f"{play_server.url}/lang/en?next=/play")
    game = new_game(a, play_server, mode="online")
    assert a.url.endswith(f"/play/{game}?lang=en")
    a.click("#copy-invite")
    deadline = time.monotonic() + 5
    while a.get_attribute("#copy-invite", "data-copied") is None:
        assert time.monotonic() < deadline
        a.wait_for_timeout(50)
    assert a.get_attribute("#copy-invite", "data-copied") == "1"
    assert a.inner_text("#copy-invite") == "Copied"
    invite = str(a.evaluate("navigator.clipboard.readText()"))
    assert f"/play/{game}/join?lang=en#k=" in invite
    toggle_menu(a)
    a.click("#copy-watch")
    while a.get_attribute("#copy-watch", "data-copied") is None:
        a.wait_for_timeout(50)
    watch = str(a.evaluate("navigator.clipboard.readText()"))
    assert watch == f"{play_server.url}/play/{game}?lang=en"
    # the friend opens the invite on a phone whose language is Vietnamese: the game
    # opens in the inviter's English
    friend = context_for(browser, "phone")
    b = friend.new_page()
    b.goto(invite)
    b.wait_for_url(f"**/play/{game}?lang=en")
    wait_state(b, "waiting")
    assert b.inner_text("#shoot") == "Shoot"
    # a spectator: no seat, nothing to play
    spectator = context_for(browser, "phone-landscape")
    c = spectator.new_page()
    c.goto(watch)
    wait_state(c, "waiting")
    assert c.is_disabled("#shoot")
    assert "Waiting for" in c.inner_text("#status")
    for ctx in (host, friend, spectator):
        ctx.close()


def test_mute_is_remembered_on_the_device(browser: Any, play_server: Server) -> None:
    context = context_for(browser, "phone")
    page = context.new_page()
    game = new_game(page, play_server, speed="4")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    tap(page, "#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    page.reload()
    wait_state(page, "aim")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    assert game > 0
    # on again, and remembered so
    tap(page, "#sound-toggle")
    page.reload()
    wait_state(page, "aim", "decision", "waiting")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    context.close()
