"""Driving the play page as a player does: touch or mouse drags on the table, the
fine-aim strip, the pull-back from the cue ball, the power bar, the keyboard.

Touch drags go through the DevTools protocol (``Input.dispatchTouchEvent``), so the
page sees real touch pointer events (``pointerType == "touch"``), as on a phone.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import httpx

from tests.web.play_helpers import screen_point
from tests.web.server import Server

TOLERANCE_MM = 0.1
AIM_TOLERANCE_DEG = 0.05
"""How close the direct controls bring the aim to a wanted angle (the strip: 0.02° a px)."""
PULL_FULL_IN = 16.0
"""The pull-back for the full power (``static/play.js``: ``PULL_FULL``)."""


def api_state(server: Server, game: int) -> dict[str, Any]:
    out: dict[str, Any] = httpx.get(f"{server.url}/api/play/{game}?lang=en", timeout=10).json()
    return out


def game_id(page: Any) -> int:
    return int(page.get_attribute("#play", "data-match"))


def seq(page: Any) -> int:
    return int(page.get_attribute("#play", "data-seq") or -1)


def wait_state(page: Any, *states: str, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while True:
        now = page.get_attribute("#play", "data-state")
        if now in states:
            return str(now)
        assert time.monotonic() < deadline, f"page state {now!r}, never {states}"
        page.wait_for_timeout(50)


def check_animation(page: Any, server: Server, game: int) -> None:
    """The last animation ended on the engine's rest positions (the server's own)."""
    assert float(page.get_attribute("#play", "data-max-dev-mm")) < TOLERANCE_MM
    # read together: the computer's next shot may be animated meanwhile
    last_attr, final_attr = page.evaluate(
        "[document.getElementById('play').dataset.lastShot,"
        " document.getElementById('play').dataset.lastFinal]"
    )
    last = int(last_attr)
    engine = httpx.get(f"{server.url}/api/play/{game}/shots/{last}", timeout=10).json()["final"]
    evaluated = json.loads(final_attr)
    assert engine.keys() == evaluated.keys()
    for ball, (x, y) in engine.items():
        ex, ey = evaluated[ball]
        assert abs(ex - x) * 25.4 < TOLERANCE_MM, ball
        assert abs(ey - y) * 25.4 < TOLERANCE_MM, ball


def is_touch(page: Any) -> bool:
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def drag(page: Any, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """A drag from ``start`` to ``end`` (page px): a finger on a touch page, else the mouse."""
    if not is_touch(page):
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(*end, steps=steps)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)
    try:
        point = {"x": start[0], "y": start[1], "id": 1}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        for i in range(1, steps + 1):
            f = i / steps
            x = start[0] + (end[0] - start[0]) * f
            y = start[1] + (end[1] - start[1]) * f
            moved = {"x": x, "y": y, "id": 1}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [moved]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def tap(page: Any, selector: str) -> None:
    """Tap (touch) or click (mouse) an element."""
    if is_touch(page):
        page.tap(selector)
    else:
        page.click(selector)


def on_table(page: Any, table: dict[str, Any], x: float, y: float) -> tuple[float, float]:
    """The page point of table point (x, y) inches."""
    box = page.locator("#table").bounding_box()
    return screen_point(page.get_attribute("#table", "data-view"), box, table, x, y)


def phi(page: Any) -> float:
    return float(page.get_attribute("#play", "data-phi"))


def cue_of(page: Any, view: dict[str, Any]) -> tuple[float, float]:
    if view["in_hand"]:
        x, y = (float(v) for v in page.get_attribute("#play", "data-placement").split(","))
        return x, y
    cue = view["balls"]["0"]
    return float(cue[0]), float(cue[1])


def aim_by_drag(page: Any, view: dict[str, Any], wanted: float) -> None:
    """Aim by dragging on the table toward ``wanted`` degrees, then the fine-aim strip."""
    table = view["table"]
    cx, cy = cue_of(page, view)
    dx, dy = math.cos(math.radians(wanted)), math.sin(math.radians(wanted))
    # the farthest point on the cloth along the aim (at least a few inches out)
    reach = 6.0
    for d in range(6, 130):
        x, y = cx + d * dx, cy + d * dy
        if not (1 < x < table["length"] - 1 and 1 < y < table["width"] - 1):
            break
        reach = float(d)
    # the finger goes down well away from the cue ball (near it, it would grab the ball)
    near = max(0.6 * reach, min(reach, 8.0))
    start = on_table(page, table, cx + near * dx, cy + near * dy)
    end = on_table(page, table, cx + reach * dx, cy + reach * dy)
    drag(page, start, end)
    off = (phi(page) - wanted + 180) % 360 - 180
    assert abs(off) < 2.0, f"the drag aimed at {phi(page)}°, not {wanted}°"
    # the strip: dragging right turns the aim clockwise (lower angles), 0.02° a pixel
    box = page.locator("#fine-aim").bounding_box()
    y = box["y"] + box["height"] / 2
    x0 = box["x"] + box["width"] / 2
    drag(page, (x0, y), (x0 + off / 0.02, y), steps=4)
    off = (phi(page) - wanted + 180) % 360 - 180
    assert abs(off) < AIM_TOLERANCE_DEG, f"fine aim left {phi(page)}°, not {wanted}°"


def pull_end(page: Any, view: dict[str, Any], speed: float) -> tuple[float, float]:
    """Where a pull-back for ``speed`` ends (page px): against the aim, from the cue ball."""
    cx, cy = cue_of(page, view)
    a = math.radians(phi(page))
    pull = (speed - 0.2) / (12.0 - 0.2) * PULL_FULL_IN
    return on_table(page, view["table"], cx - pull * math.cos(a), cy - pull * math.sin(a))


def pull_back(page: Any, view: dict[str, Any], speed: float) -> None:
    """Pull back from the cue ball (against the aim) and let go: the shot is played."""
    cx, cy = cue_of(page, view)
    drag(page, on_table(page, view["table"], cx, cy), pull_end(page, view, speed), steps=10)


def inside(page: Any, point: tuple[float, float]) -> bool:
    size = page.viewport_size
    return 2 <= point[0] <= size["width"] - 2 and 2 <= point[1] <= size["height"] - 2


def set_power_bar(page: Any, speed: float) -> None:
    """Touch the power bar at the height of ``speed`` (its top is 12 m/s, its foot 0.2)."""
    box = page.locator("#power-bar").bounding_box()
    f = (speed - 0.2) / (12.0 - 0.2)
    x = box["x"] + box["width"] / 2
    y = box["y"] + box["height"] * (1 - f)
    drag(page, (x, y), (x, y + 0.01), steps=1)


def drag_cue_ball(page: Any, view: dict[str, Any], x: float, y: float) -> None:
    """Drag the cue ball in hand to (x, y) inches, from where the page put it."""
    table = view["table"]
    sx, sy = (float(v) for v in page.get_attribute("#play", "data-placement").split(","))
    drag(page, on_table(page, table, sx, sy), on_table(page, table, x, y), steps=6)


def wait_answered(page: Any, before: int) -> None:
    # a generous deadline: the first stroke of a run compiles the physics kernels
    deadline = time.monotonic() + 180
    while seq(page) <= before:
        error = page.inner_text("#error")
        assert not error, error
        assert time.monotonic() < deadline, "the shot never came back"
        page.wait_for_timeout(50)
    wait_state(page, "aim", "decision", "waiting", "over")


def play_stroke(page: Any, server: Server, body: dict[str, Any]) -> dict[str, float]:
    """Play a stroke with the direct controls as a player would; returns the stored stroke.

    The cue ball in hand is dragged; the aim is a drag on the table finished on the
    fine-aim strip; the power is a pull-back from the cue ball (with the cue ball in
    hand, the power bar and Shoot).
    """
    game = game_id(page)
    view = api_state(server, game)
    before = seq(page)
    if body.get("placement") is not None:
        drag_cue_ball(page, view, *body["placement"])
        placed = [float(v) for v in page.get_attribute("#play", "data-placement").split(",")]
        assert abs(placed[0] - body["placement"][0]) < 0.3
        assert abs(placed[1] - body["placement"][1]) < 0.3
    aim_by_drag(page, view, body["phi"])
    # a pull-back that would leave the screen (the cue ball by a cushion at the screen's
    # edge), or a touch too soft to pull (under 1 m/s: a pull of less than an inch):
    # the power bar instead, as a player would
    soft = body["speed"] < 1.0
    if view["in_hand"] or soft or not inside(page, pull_end(page, view, body["speed"])):
        set_power_bar(page, body["speed"])
        tap(page, "#shoot")
    else:
        pull_back(page, view, body["speed"])
    wait_answered(page, before)
    check_animation(page, server, game)
    stroke: dict[str, float] = httpx.get(
        f"{server.url}/api/play/{game}/shots/{before + 1}", timeout=10
    ).json()["stroke"]
    assert abs((stroke["phi"] - body["phi"] + 180) % 360 - 180) < AIM_TOLERANCE_DEG
    assert abs(stroke["speed"] - body["speed"]) < 0.5, (stroke, body)
    return stroke


def toggle_menu(page: Any) -> None:
    """Open the settings (or close them, when open)."""
    tap(page, "#menu-toggle")


def new_game(page: Any, server: Server, mode: str = "hotseat", speed: str = "16") -> int:
    """A new game from the lobby's form, its animations at ``speed``×."""
    page.goto(f"{server.url}/play")
    page.evaluate(f"localStorage.setItem('r61_anim_speed', '{speed}')")
    page.check(f'input[name="mode"][value="{mode}"]')
    page.click("#start")
    page.wait_for_selector("#play")
    wait_state(page, "aim", "waiting")
    return game_id(page)


def on_screen(page: Any, selector: str) -> bool:
    """The element is wholly inside the viewport (no scrolling to reach it)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )
