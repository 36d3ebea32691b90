"""Venue screens in Debian's chromium: the TV scoreboard, the stream overlay, the hall.

Each screen is checked at three viewports (a phone, a landscape tablet, a 1080p
screen), with layout facts measured in the page, and a screenshot saved under
``tests/web/screenshots/`` (not committed) for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rotation61.rules import PRESETS
from rotation61.text import Language
from rotation61.web.core.i18n import ui
from rotation61.web.presenters.codes import qr_svg
from tests.web.browser import wait_for_seq, wait_until
from tests.web.helpers import BREAK_RAILS, ORGANISER, PASSWORD, shot
from tests.web.server import Server, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"
VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 1180, "height": 820},
    "tv": {"width": 1920, "height": 1080},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = f"sqlite:///{tmp_path_factory.mktemp('venue') / 'web.sqlite3'}"
    running = start_server(url)
    try:
        yield running
    finally:
        stop(running)


def snap(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


class Table:
    """A match created through the API and scored with the referee's token."""

    def __init__(self, server: Server, **fields: Any) -> None:
        body = {"player_a": "An", "player_b": "Bình", "race_to": 5} | fields
        r = httpx.post(server.url + "/api/matches", json=body, auth=ORGANISER)
        assert r.status_code == 201, r.text
        self.url = server.url
        self.id: int = r.json()["id"]
        self.pin: str = r.json()["pin"]
        token = httpx.post(
            f"{server.url}/api/matches/{self.id}/referee-token", json={"pin": self.pin}
        ).json()["token"]
        self.headers = {"Authorization": f"Bearer {token}"}
        self.seq = 0

    def send(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(
            f"{self.url}/api/matches/{self.id}/inputs",
            headers=self.headers,
            json={"expected_seq": self.seq, **body},
        )
        assert r.status_code == 200, r.text
        view: dict[str, Any] = r.json()
        self.seq = view["seq"]
        return view


def _marks_the_seat_to_act(page: Any, server: Server, match_id: int, marked: str) -> None:
    """The screen marks the seat the API names to act (``"A"`` or ``"B"``), only that one."""
    seat = httpx.get(f"{server.url}/api/matches/{match_id}").json()["to_act"]
    assert seat in ("A", "B")
    for side in "AB":
        assert page.locator(marked.format(side.lower())).count() == (side == seat)


def _fouls_to_a_warning(table: Table) -> None:
    """A breaks; B and A foul in turn until B's third foul in a row (§XV warning)."""
    table.send(kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    for _ in range(4):
        table.send(kind="shot", shot=shot(None))
        table.send(kind="decision", option="accept_table")
    table.send(kind="shot", shot=shot(None))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_tv_scoreboard(browser: Any, server: Server, viewport: str, lang: str) -> None:
    table = Table(
        server,
        table_name="Bàn 7",
        tags={"Event": "Giải Mùa Thu 2026", "Round": "Tứ kết"},
    )
    _fouls_to_a_warning(table)
    # The referee corrects B's last foul: the cue ball hit nothing and also went in.
    view = table.send(kind="override", shot=shot(None, scratch=True), note="bi cái rơi lỗ")
    assert view["warning"]
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{server.url}/matches/{table.id}/scoreboard?lang={lang}")
    wait_for_seq(page, "#scoreboard", table.seq)
    assert page.locator("nav").count() == 0
    box = page.locator("#scoreboard").bounding_box()
    if viewport == "tv":
        assert box["width"] >= 0.9 * 1920
    assert box["width"] <= VIEWPORTS[viewport]["width"]
    body = page.text_content("#scoreboard") or ""
    racks_won, current = (
        ("Số ván thắng", "Đang đánh ván 1") if lang == "vi" else ("Racks won", "Now playing rack 1")
    )
    assert racks_won in body
    assert current in body
    assert "Ván:" not in body
    assert "Rack:" not in body
    assert page.text_content("#sb-racks") == "0 – 0"
    assert page.text_content("#sb-race") == ("chạm 5" if lang == "vi" else "race to 5")
    assert page.text_content("#sb-event") == "Giải Mùa Thu 2026"
    assert page.text_content("#sb-round") == "Tứ kết"
    assert page.is_visible("#sb-warning")
    assert "§XV" in (page.text_content("#sb-warning") or "")
    _marks_the_seat_to_act(page, server, table.id, "#sb-{}.act")
    # The balls left: 1-4 and 6-15, the 1 in play, stripes from 9.
    balls = page.locator("#sb-balls .ball-chip")
    assert balls.count() == 14
    assert page.locator("#sb-balls .ball-chip.inplay").get_attribute("data-ball") == "1"
    assert page.locator("#sb-balls .ball-chip.stripe").count() == 7
    assert (
        page.locator("#sb-balls [data-ball='9']")
        .evaluate("e => getComputedStyle(e).backgroundImage")
        .startswith("linear-gradient")
    )
    # After the override: what happened, not only that the referee changed it.
    ruling = page.text_content("#sb-ruling") or ""
    assert "overridden" not in ruling
    assert "Trọng tài sửa" not in ruling
    assert ("Phạm lỗi" if lang == "vi" else "Foul") in ruling
    assert page.is_visible("#sb-overridden")
    # Nothing runs off the screen sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]
    snap(page, f"scoreboard-{lang}-{viewport}")
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_overlay_has_a_fixed_size(browser: Any, server: Server, viewport: str, lang: str) -> None:
    short = Table(server, player_a="An", player_b="Bo", tags={"Event": "Open"})
    long = Table(
        server,
        player_a="Nguyễn Thị Phương Thảo Hoàng Long Vân",
        player_b="Maximiliano Alejandro de la Cruz-Fernández",
        tags={"Event": "Giải Billiards Phăng Mở Rộng Toàn Quốc Lần Thứ Mười Hai", "Round": "R32"},
    )
    _fouls_to_a_warning(long)
    short.send(kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    sizes = []
    for table in (short, long):
        page = context.new_page()
        page.goto(f"{server.url}/matches/{table.id}/overlay?lang={lang}")
        wait_for_seq(page, "#overlay", table.seq)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background in ("rgba(0, 0, 0, 0)", "transparent")
        box = page.locator("#overlay").bounding_box()
        sizes.append(box["width"])
        name = page.locator("#ov-a")
        assert name.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
        labels = page.text_content("#overlay") or ""
        assert ("Ván thắng" if lang == "vi" else "Racks") in labels
        assert ("chạm 5" if lang == "vi" else "race to 5") in labels
        if table is long:
            assert name.evaluate("e => e.scrollWidth > e.clientWidth")
            assert page.is_visible("#ov-warning")
            assert page.text_content("#ov-fa") == "3"
        _marks_the_seat_to_act(page, server, table.id, "#ov-row-{}.act")
        snap(page, f"overlay-{'long' if table is long else 'short'}-{lang}-{viewport}")
        page.close()
    assert sizes[0] == sizes[1]
    context.close()


def test_hall_orders_tables_and_keeps_scheduled_apart(browser: Any, server: Server) -> None:
    ten = Table(server, table_name="Bàn 10", player_a="Mười A", player_b="Mười B")
    two = Table(server, table_name="Bàn 2", player_a="Hai A", player_b="Hai B")
    later = Table(server, table_name="Bàn 1", player_a="Sau A", player_b="Sau B")
    nine = Table(server, table_name="Bàn 9", player_a="Chín A", player_b="Chín B")
    for live in (ten, two, nine):
        live.send(kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    ten.send(kind="shot", shot=shot(1, 1, 2, 3))
    for name, size in VIEWPORTS.items():
        context = browser.new_context(viewport=size)
        page = context.new_page()
        orders = []
        for _ in range(2):
            page.goto(server.url + "/hall")
            page.wait_for_selector(f"#card-{later.id}")
            page.wait_for_selector(f"#card-{ten.id}")
            orders.append(page.eval_on_selector_all("#hall-live .card", "cs => cs.map(c => c.id)"))
        assert orders[0] == orders[1]
        live_ids = [int(c.removeprefix("card-")) for c in orders[0]]
        mine = [i for i in live_ids if i in (ten.id, two.id, nine.id)]
        assert mine == [two.id, nine.id, ten.id]
        scheduled = page.eval_on_selector_all("#hall-scheduled .card", "cs => cs.map(c => c.id)")
        assert f"card-{later.id}" in scheduled
        assert f"card-{later.id}" not in orders[0]
        assert page.is_visible("#hall-scheduled-title")
        # Ten's shooter (B, after A's miss-free run ended? A shot again) is marked.
        card = f"#card-{ten.id} [data-testid=player-{{}}].act"
        _marks_the_seat_to_act(page, server, ten.id, card)
        for card in page.locator(".card .pt").all():
            assert card.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
            assert card.evaluate("e => getComputedStyle(e).whiteSpace") == "nowrap"
        # A scheduled match that starts moves to the live section, in its place.
        if name == "tv":
            later.send(kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
            wait_until(
                page,
                f"document.querySelector('#hall-live #card-{later.id}') !== null",
                timeout=5000,
            )
            live_now = page.eval_on_selector_all("#hall-live .card", "cs => cs.map(c => c.id)")
            assert live_now.index(f"card-{later.id}") < live_now.index(f"card-{two.id}")
        snap(page, f"hall-{name}")
        context.close()


def open_console(
    browser: Any,
    table: Table,
    viewport: str,
    lang: str = "vi",
    *,
    live: bool = True,
) -> tuple[Any, Any]:
    """A referee's browser at a viewport, past the PIN form, on the console."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], has_touch=viewport != "tv")
    page = context.new_page()
    if not live:
        page.route("**/events*", lambda route: route.abort())
    page.goto(f"{table.url}/lang/{lang}?next=/matches/{table.id}/console")
    page.fill("input[name=pin]", table.pin)
    page.click("#pin-submit")
    page.wait_for_selector(".pick-pocket")
    wait_for_seq(page, "#console", table.seq)
    return context, page


def board_seq(table: Table) -> int:
    seq: int = httpx.get(f"{table.url}/api/matches/{table.id}").json()["seq"]
    return seq


@pytest.mark.parametrize(
    ("viewport", "lang"), [("phone", "vi"), ("phone", "en"), ("tablet", "vi"), ("tv", "en")]
)
def test_console_error_is_shown_next_to_the_action(
    browser: Any,
    server: Server,
    viewport: str,
    lang: str,
) -> None:
    table = Table(server)
    # This tablet misses the live updates, and another device records the break first:
    # the server refuses the tablet's shot as stale (a real 409 from the server).
    context, page = open_console(browser, table, viewport, lang, live=False)
    table.send(kind="shot", shot=shot(1, 7, break_rails=BREAK_RAILS))
    page.click(".pick-pocket[data-ball='5']")
    page.click("#record")
    message = page.locator("#action-message")
    message.wait_for()
    assert "error" in (message.get_attribute("class") or "")
    words = message.text_content() or ""
    assert "Error" not in words
    assert "Stale" not in words
    assert ("màn hình đã cũ" if lang == "vi" else "out of date") in words
    # Next to the action: right after the Record button's row, and on screen.
    assert page.evaluate(
        "document.querySelector('#action-message').previousElementSibling.contains("
        "document.querySelector('#record'))"
    )
    box = message.bounding_box()
    height = VIEWPORTS[viewport]["height"]
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= height
    # The screen now shows the stored break (the 7 is down) and nothing was stored twice.
    wait_for_seq(page, "#console", 1)
    assert page.text_content("[data-testid=score-a]") == "7"
    assert board_seq(table) == 1
    snap(page, f"console-error-{lang}-{viewport}")
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_console_queues_inputs_and_never_applies_a_resend_twice(
    browser: Any,
    server: Server,
    viewport: str,
) -> None:
    table = Table(server)
    context, page = open_console(browser, table, viewport, live=False)
    # The server cannot be reached: the break waits in the queue.
    page.route("**/inputs*", lambda route: route.abort("connectionrefused"))
    page.click(".pick-pocket[data-ball='5']")
    page.click("#record")
    wait_until(page, "document.querySelector('#console').dataset.queued === '1'")
    assert "1" in (page.text_content("#action-message") or "")
    snap(page, f"console-queued-{viewport}")
    assert board_seq(table) == 0
    # Back: it is sent once, in order.
    page.unroute("**/inputs*")
    wait_for_seq(page, "#console", 1)
    wait_until(page, "document.querySelector('#console').dataset.queued === '0'")
    assert board_seq(table) == 1
    assert page.text_content("[data-testid=score-a]") == "5"

    # The next shot reaches the server and is stored, but its answer is lost: the
    # console resends it, the server refuses the stale expected_seq, and the console
    # sees that the log advanced by exactly that shot. Stored once.
    lost = {"n": 0}

    def lose_the_answer(route: Any) -> None:
        if lost["n"] == 0:
            lost["n"] += 1
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/inputs*", lose_the_answer)
    page.click(".pick-pocket[data-ball='1']")
    page.click(".pick-pocket[data-ball='2']")
    page.click("#record")
    wait_for_seq(page, "#console", 2)
    wait_until(page, "document.querySelector('#console').dataset.queued === '0'")
    assert lost["n"] == 1
    assert board_seq(table) == 2
    assert page.text_content("[data-testid=score-a]") == "8"
    assert "error" not in (page.get_attribute("#action-message", "class") or "")

    # A real conflict: offline, the referee enters a shot; meanwhile another device
    # records a different one. When the server is back, the queued shot is refused
    # and the referee is told, next to the button.
    page.route("**/inputs*", lambda route: route.abort("connectionrefused"))
    page.click(".pick-pocket[data-ball='3']")
    page.click("#record")
    wait_until(page, "document.querySelector('#console').dataset.queued === '1'")
    table.seq = 2
    table.send(kind="shot", shot=shot(3, 4))
    page.unroute("**/inputs*")
    wait_until(page, "document.querySelector('#console').dataset.queued === '0'")
    wait_for_seq(page, "#console", 3)
    assert "error" in (page.get_attribute("#action-message", "class") or "")
    assert "Error" not in (page.text_content("#action-message") or "")
    assert board_seq(table) == 3
    assert page.text_content("[data-testid=score-a]") == "12"
    snap(page, f"console-conflict-{viewport}")
    context.close()


def test_queued_inputs_survive_a_reload_and_are_applied_once(browser: Any, server: Server) -> None:
    table = Table(server)
    context, page = open_console(browser, table, "tablet", live=False)
    # Offline, the referee records the break; then the tablet reloads the page.
    page.route("**/inputs*", lambda route: route.abort("connectionrefused"))
    page.click(".pick-pocket[data-ball='5']")
    page.click("#record")
    wait_until(page, "document.querySelector('#console').dataset.queued === '1'")
    page.reload()
    page.wait_for_selector(".pick-pocket")
    wait_until(page, "document.querySelector('#console').dataset.queued === '1'")
    assert board_seq(table) == 0
    # The server is back: the restored break is sent, once.
    page.unroute("**/inputs*")
    wait_for_seq(page, "#console", 1)
    wait_until(page, "document.querySelector('#console').dataset.queued === '0'")
    assert board_seq(table) == 1
    assert page.text_content("[data-testid=score-a]") == "5"

    # The next shot reaches the server but its answer is lost, and the tablet reloads
    # before it can resend: the restored copy is recognised as applied, not stored twice.
    def store_then_drop(route: Any) -> None:
        route.fetch()
        route.abort("connectionreset")

    page.route("**/inputs*", store_then_drop)
    page.click(".pick-pocket[data-ball='1']")
    page.click("#record")
    wait_until(page, "document.querySelector('#console').dataset.queued === '1'")
    page.unroute("**/inputs*")
    page.route("**/inputs*", lambda route: route.abort("connectionrefused"))
    page.reload()
    page.wait_for_selector(".pick-pocket")
    assert board_seq(table) == 2
    page.unroute("**/inputs*")
    wait_until(page, "document.querySelector('#console').dataset.queued === '0'")
    wait_for_seq(page, "#console", 2)
    assert board_seq(table) == 2
    assert page.text_content("[data-testid=score-a]") == "6"
    assert "error" not in (page.get_attribute("#action-message", "class") or "")
    assert page.evaluate(f"localStorage.getItem('rotation61.console.queue.{table.id}')") is None
    context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_second_console_updates_live(browser: Any, server: Server, viewport: str) -> None:
    table = Table(server)
    first_context, first = open_console(browser, table, viewport)
    second_context, second = open_console(browser, table, "tablet")
    first.click(".pick-pocket[data-ball='6']")
    first.click("#record")
    wait_for_seq(first, "#console", 1)
    wait_for_seq(second, "#console", 1)
    assert second.text_content("[data-testid=score-a]") == "6"
    _marks_the_seat_to_act(second, server, table.id, "[data-testid=player-{}].act")
    assert second.locator(".pick-pocket[data-ball='6']").count() == 0
    # The history's sentences end with their punctuation.
    for item in second.eval_on_selector_all("#history li", "ls => ls.map(l => l.textContent)"):
        assert item.rstrip().endswith((".", "!", "?", "…")), item
    snap(second, f"console-second-{viewport}")
    first_context.close()
    second_context.close()


def _desk(browser: Any, base: str, viewport: str, lang: str = "vi") -> tuple[Any, Any]:
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{base}/lang/{lang}?next=/login")
    page.fill("input[name=password]", PASSWORD)
    page.click("#login-submit")
    page.wait_for_selector("#create-form")
    return context, page


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_desk_qr_codes_presets_and_live_scores(
    browser: Any,
    server: Server,
    viewport: str,
) -> None:
    table = Table(server, table_name="Bàn 4", player_a="Quét A", player_b="Quét B")
    # The desk opened at another name of the server: the codes use the request's host.
    port = server.url.rsplit(":", 1)[1]
    for host in ("127.0.0.1", "localhost"):
        base = f"http://{host}:{port}"
        context, page = _desk(browser, base, viewport)
        card = page.locator(f".qr-card[data-match='{table.id}']")
        for kind, path in (("console", "console"), ("scoreboard", "scoreboard")):
            url = f"{base}/matches/{table.id}/{path}"
            figure = card.locator(f".qr-{kind}")
            assert figure.locator("a").get_attribute("href") == url
            svg = figure.locator("svg.qr")
            assert svg.is_visible()
            # The drawing is the QR code of exactly that address.
            drawn = svg.locator("path").get_attribute("d")
            assert f'd="{drawn}"' in qr_svg(url)
            size = svg.bounding_box()
            assert size is not None
            assert size["width"] >= 120
        context.close()
    context, page = _desk(browser, server.url, viewport)
    # Every rule preset is named in the desk's language.
    labels = page.eval_on_selector_all("select[name=preset] option", "os => os.map(o => o.text)")
    assert labels == [ui("preset." + p.replace("-", "_"), Language.VI) for p in PRESETS]
    assert "standard" not in labels
    # New scores without a reload.
    row = page.locator(f"#matches tr[data-match='{table.id}']")
    table.send(kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS))
    wait_until(
        page,
        f"document.querySelector('#matches tr[data-match=\"{table.id}\"] .pts').textContent"
        " === '(5 – 0)'",
        timeout=5000,
    )
    assert row.locator(".status").text_content() == ui("status.live", Language.VI)
    card = page.locator(f".qr-card[data-match='{table.id}']")
    card.scroll_into_view_if_needed()
    snap(page, f"desk-qr-{viewport}")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport][
        "width"
    ] or (viewport == "phone")
    context.close()
