"""The play page in Debian's chromium: strokes played with the direct controls (drag to
aim, the fine-aim strip, pull-back or the power bar), fouls and options (explained on a
tap), cue ball in hand by drag, English, an online game in two browser contexts, a
replay from its link.

Every animated shot is checked: the browser's evaluation of the engine's motion laws
ends on the engine's rest positions (``data-max-dev-mm`` below 0.1 mm), and the
positions it ended on are the server's. Screenshots (phone and desktop) go to
``tests/web/screenshots/`` (not committed).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import browser, wait_until
from tests.web.play_helpers import choose_stroke
from tests.web.play_page import (
    TOLERANCE_MM,
    api_state,
    check_animation,
    game_id,
    new_game,
    play_stroke,
    seq,
    tap,
    toggle_menu,
    wait_state,
)
from tests.web.server import Server, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]
__all__ = ["browser"]

SHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


@pytest.fixture(scope="module")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("play") / "web.sqlite3"
    running = start_server(f"sqlite:///{db}")
    try:
        yield running
    finally:
        stop(running)


def finish_by_api(server: Server, game: int, tokens: dict[str, str]) -> None:
    """The rest of the game by scripted strokes through the API (the pages follow live)."""
    for _ in range(2000):
        view = api_state(server, game)
        if view["over"]:
            return
        if view["to_act"] not in tokens:  # the computer's turn: it plays in the background
            time.sleep(0.05)
            continue
        headers = {"X-Play-Token": tokens[view["to_act"]]}
        if view["phase"] == "decision":
            body = {"expected_seq": view["seq"], "option": view["options"][0]["value"]}
            r = httpx.post(f"{server.url}/api/play/{game}/decisions", json=body, headers=headers)
        else:
            r = httpx.post(
                f"{server.url}/api/play/{game}/shots",
                json=choose_stroke(view),
                headers=headers,
                timeout=30,
            )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def token_of(page: Any, game: int) -> str:
    return str(page.evaluate(f"localStorage.getItem('r61_play_{game}')"))


def test_hotseat_on_a_phone(browser: Any, play_server: Server) -> None:
    """Vietnamese, touch-sized: the break, a foul and its options, the cue ball dragged."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = new_game(page, play_server)
    assert page.get_attribute("#table", "data-view").split(",")[2] == "1"  # portrait table
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "play-phone-break.png"))
    view = api_state(play_server, game)
    play_stroke(page, play_server, choose_stroke(view))  # the break, placed by dragging
    # a deliberate foul: away from the ball in play, softly
    view = api_state(play_server, game)
    while view["phase"] != "shot":
        tap(page, "#options button.option")
        wait_state(page, "aim")
        view = api_state(play_server, game)
    for _ in range(4):
        body = choose_stroke(view)
        play_stroke(page, play_server, {**body, "phi": body["phi"] + 180.0, "speed": 0.4})
        view = api_state(play_server, game)
        if view["phase"] == "decision":
            break
    wait_state(page, "decision")
    buttons = page.locator("#options button.option")
    offered = [buttons.nth(i).get_attribute("data-option") for i in range(buttons.count())]
    assert "cue_in_hand_kitchen" in offered, offered
    assert "§" in page.inner_text("#ruling")
    # the options' explanations open with a tap (a phone has no hover)
    first = page.locator("#options .option-card").first
    assert not first.locator(".help").is_visible()
    first.locator("button.why").tap()
    assert first.locator(".help").is_visible()
    assert first.locator(".help").inner_text()
    page.screenshot(path=str(SHOTS / "play-phone-foul.png"))
    tap(page, '#options button[data-option="cue_in_hand_kitchen"]')
    wait_state(page, "aim")
    view = api_state(play_server, game)
    assert view["in_hand"]
    play_stroke(page, play_server, choose_stroke(view))  # placed by dragging, as the break
    page.screenshot(path=str(SHOTS / "play-phone.png"))
    assert not errors
    context.close()


def test_english_on_a_desktop_and_the_replay_link(browser: Any, play_server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{play_server.url}/lang/en?next=/play")
    game = new_game(page, play_server)
    assert page.inner_text("#shoot") == "Shoot"
    assert "Cue ball in hand" in page.inner_text("#status")
    play_stroke(page, play_server, choose_stroke(api_state(play_server, game)))
    ruling = page.inner_text("#ruling")
    assert "break" in ruling.lower(), ruling
    view = api_state(play_server, game)
    if view["phase"] == "shot":
        play_stroke(page, play_server, choose_stroke(view))
    page.screenshot(path=str(SHOTS / "play-desktop.png"))
    shots = int(page.get_attribute("#play", "data-shots"))
    # the share link opens the replay; step through it and play it
    toggle_menu(page)
    page.click("#replay-link")
    page.wait_for_url(f"**/play/{game}/replay?lang=en")
    wait_until(page, "document.getElementById('replay').dataset.state === 'paused'", 10000)
    assert page.input_value("#share-link").endswith(f"/play/{game}/replay?lang=en")
    page.select_option("#r-speed", "4")
    page.click("#r-step")
    wait_until(page, "document.getElementById('replay').dataset.shown === '1'", 20000)
    page.click("#r-play")
    wait_until(page, "document.getElementById('replay').dataset.state === 'end'", 30000)
    assert int(page.get_attribute("#replay", "data-shown")) == shots
    assert float(page.get_attribute("#replay", "data-max-dev-mm")) < TOLERANCE_MM
    assert page.inner_text("#r-lines")
    assert page.inner_text("#r-pos") == f"Shot {shots} of {shots}"
    page.screenshot(path=str(SHOTS / "play-replay-desktop.png"))
    # Previous goes back one shot, and the counter with it
    page.click("#r-prev")
    wait_until(page, f"document.getElementById('replay').dataset.shown === '{shots - 1}'")
    assert page.inner_text("#r-pos") == f"Shot {shots - 1} of {shots}"
    context.close()


def test_an_online_game_in_two_browsers(browser: Any, play_server: Server) -> None:
    host = browser.new_context(viewport=DESKTOP)
    guest = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    a = host.new_page()
    game = new_game(a, play_server, mode="online")
    invite = a.input_value("#invite-link")
    assert f"/play/{game}/join?lang=vi#k=" in invite
    b = guest.new_page()
    b.goto(f"{play_server.url}/play")
    b.evaluate("localStorage.setItem('r61_anim_speed', '16')")
    b.goto(invite)
    b.wait_for_url(f"**/play/{game}?lang=vi")
    wait_state(b, "waiting")
    # A breaks; B's page animates it from the live update and checks it too
    play_stroke(a, play_server, choose_stroke(api_state(play_server, game)))
    deadline = time.monotonic() + 30
    while seq(b) < seq(a):
        assert time.monotonic() < deadline, "the guest never saw the break"
        b.wait_for_timeout(50)
    check_animation(b, play_server, game)
    view = api_state(play_server, game)
    page_to_act = b if view["to_act"] == "B" else a
    if view["phase"] == "shot":
        play_stroke(page_to_act, play_server, choose_stroke(view))
    # the guest concedes from its page: both pages reach the end of the game
    toggle_menu(b)
    tap(b, "#concede")
    tap(b, "#concede-confirm")
    wait_state(b, "over")
    wait_state(a, "over")
    assert seq(a) == seq(b) == api_state(play_server, game)["seq"]
    board = api_state(play_server, game)["board"]
    assert board["winner"] == board["players"][0]
    assert board["players"][0] in a.inner_text("#status")
    host.close()
    guest.close()


def wait_synced(page: Any, server: Server, game: int, timeout: float = 60) -> dict[str, Any]:
    """The game once the computer is done and the page shows what the server has."""
    deadline = time.monotonic() + timeout
    while True:
        view = api_state(server, game)
        shown = page.get_attribute("#play", "data-state") in ("aim", "decision", "over")
        if (view["over"] or view["to_act"] == "A") and seq(page) == view["seq"] and shown:
            return view
        assert time.monotonic() < deadline, "the page never caught up with the computer"
        page.wait_for_timeout(50)


def test_a_rack_against_the_computer_on_a_phone(browser: Any, play_server: Server) -> None:
    """Level 1: its shots animated after their aim line, its choice after a foul and why."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{play_server.url}/play")
    page.evaluate("localStorage.setItem('r61_anim_speed', '16')")
    page.check('input[name="mode"][value="computer"]')
    assert page.is_visible("#level-row")
    page.fill('input[name="level"]', "1")
    page.click("#start")
    page.wait_for_selector("#play")
    wait_state(page, "aim")
    game = game_id(page)
    play_stroke(page, play_server, choose_stroke(api_state(play_server, game)))  # the break
    view = wait_synced(page, play_server, game)
    for _ in range(6):  # while the break (or the next shots) keep the table: play on
        if int(page.get_attribute("#play", "data-shots")) >= 2 and view["to_act"] != "A":
            break
        if view["to_act"] != "A" or view["phase"] == "over":
            break
        if view["phase"] == "decision":
            tap(page, "#options button.option")
        else:
            play_stroke(page, play_server, choose_stroke(view))
        view = wait_synced(page, play_server, game)
    shots_now = int(page.get_attribute("#play", "data-shots"))
    assert shots_now >= 2  # the computer's shot too, animated after its aim line
    check_animation(page, play_server, game)
    # a deliberate foul by the human: the computer chooses, and says why
    chose = False
    for _ in range(8):
        if view["phase"] == "shot" and view["to_act"] == "A" and not view["in_hand"]:
            body = choose_stroke(view)
            play_stroke(page, play_server, {**body, "phi": body["phi"] + 180.0, "speed": 0.4})
        elif view["phase"] == "decision":
            tap(page, "#options button.option")
        else:
            play_stroke(page, play_server, choose_stroke(view))
        view = wait_synced(page, play_server, game)
        said = api_state(play_server, game)["computer_note"] or ""
        chose = "Choose “" in said  # the ai layer's wording of an option's choice
        if chose:
            break
    assert chose, "the computer was never offered a choice"
    shown = page.inner_text("#ruling .computer")
    said = httpx.get(f"{play_server.url}/api/play/{game}?lang=vi").json()["computer_note"]
    assert said
    assert all(line in shown for line in said.split("\n"))
    page.screenshot(path=str(SHOTS / "play-phone-computer.png"))
    # the rest of the rack: scripted strokes through the API, the page follows live
    toggle_menu(page)
    page.select_option("#anim-speed", "64")
    toggle_menu(page)  # closed again
    finish_by_api(play_server, game, {"A": token_of(page, game)})
    wait_state(page, "over", timeout=60)
    final = api_state(play_server, game)
    # the rack's end: 61 reached, or a §XV third foul in a row (the human's deliberate
    # fouls above may have come to that)
    assert final["phase"] == "over"
    assert max(final["board"]["scores"]) >= 61 or "§XV" in page.inner_text("#ruling")
    assert final["board"]["winner"] in page.inner_text("#status")
    check_animation(page, play_server, game)
    assert not errors
    context.close()
