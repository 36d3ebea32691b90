"""A newcomer's walk through the web app in Debian's chromium, at a phone's width and a
desktop's, in both languages: nothing wider than the screen, the shared navigation on
whole words, every page's wording in the page's language."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rotation61.text import Language
from rotation61.web.core.i18n import UI_CATALOGUES
from tests.web.browser import sign_in
from tests.web.helpers import ORGANISER
from tests.web.play_page import drag, on_table, tap
from tests.web.server import Server, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1440, "height": 900}}

# Elements reaching past the viewport, unless an ancestor scrolls them (a wide table in
# an overflow-x box is fine: the page itself does not scroll sideways).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
    let parent = el.parentElement, scrolled = false;
    while (parent) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' && parent.scrollWidth > parent.clientWidth) {
        scrolled = true;
        break;
      }
      parent = parent.parentElement;
    }
    const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
    if (!scrolled) out.push(`${el.tagName}#${el.id}.${el.className} ${where}`);
  }
  return out;
}"""

# The lines a link's text takes (distinct tops of its text's boxes).
LINES = """a => {
  const range = document.createRange();
  range.selectNodeContents(a);
  return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
}"""


@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('walk') / 'web.sqlite3'}"
    running = start_server(url)
    try:
        body = {"player_a": "Nguyễn Văn An", "player_b": "Trần Thị Bình", "race_to": 5}
        r = httpx.post(running.url + "/api/matches", json=body, auth=ORGANISER)
        assert r.status_code == 201, r.text
        yield {"server": running, "match": r.json()["id"]}
    finally:
        stop(running)


def _page(browser: Any, server: Server, viewport: str, lang: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.goto(f"{server.url}/lang/{lang}?next=/hall")
    sign_in(page, server.url)
    page.wait_for_url("**/desk")
    return context, page


def _pages(match: int) -> list[str]:
    return [
        "/hall",
        "/desk",
        "/desk/tournaments",
        "/play",
        f"/matches/{match}/console",
        f"/matches/{match}/scoreboard",
        "/login",
        "/matches/999999/scoreboard",
    ]


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_page_is_wider_than_the_screen(
    browser: Any, walk: dict[str, Any], viewport: str, lang: str
) -> None:
    server: Server = walk["server"]
    context, page = _page(browser, server, viewport, lang)
    width = VIEWPORTS[viewport]["width"]
    SHOTS.mkdir(exist_ok=True)
    try:
        for path in _pages(walk["match"]):
            page.goto(server.url + path)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
            assert page.evaluate(OVERFLOWING) == [], path
            if path == "/desk" and viewport == "phone":  # every column in view, labelled
                pin = page.locator(f'#matches tr[data-match="{walk["match"]}"] td.pin')
                box = pin.bounding_box()
                assert box is not None
                assert box["x"] + box["width"] <= width
                console = page.locator(f'#matches a[href="/matches/{walk["match"]}/console"]')
                box = console.bounding_box()
                assert box is not None
                assert box["x"] + box["width"] <= width
            name = path.strip("/").replace("/", "-")
            page.screenshot(path=str(SHOTS / f"walk-{name}-{lang}-{viewport}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_top_navigation_fits_a_phone_on_whole_words(
    browser: Any, walk: dict[str, Any], lang: str
) -> None:
    server: Server = walk["server"]
    context, page = _page(browser, server, "phone", lang)
    try:
        for path in ("/hall", "/desk", "/play", "/desk/tournaments"):
            page.goto(server.url + path)
            links = page.locator("nav.top a")
            # The hall is the spectators' page: their navigation (hall, play, language).
            assert links.count() == (3 if path == "/hall" else 5)
            for i in range(links.count()):
                link = links.nth(i)
                box = link.bounding_box()
                assert box is not None
                assert box["x"] >= 0, link.inner_text()
                assert box["x"] + box["width"] <= 390, link.inner_text()
                assert page.evaluate(LINES, link.element_handle()) == 1, (
                    f"{link.inner_text()!r} wraps on {path}"
                )
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_refused_tournament_form_leads_in_the_page_language(
    browser: Any, walk: dict[str, Any], lang: str
) -> None:
    server: Server = walk["server"]
    ui = UI_CATALOGUES[Language(lang)]
    context, page = _page(browser, server, "phone", lang)
    try:
        page.goto(server.url + "/desk/tournaments")
        before = len(httpx.get(server.url + "/api/tournaments").json())
        page.fill("#create-event input[name=name]", "   ")
        page.click("#create-submit")
        page.wait_for_selector("#desk-message:not([hidden])")
        message = page.text_content("#desk-message") or ""
        assert message.startswith(ui["error.lead.refused"])
        # the reason names the field, worded in the page's language
        assert ui["field.event_name"] in message
        assert page.get_attribute("#desk-message span", "lang") == lang
        assert len(httpx.get(server.url + "/api/tournaments").json()) == before
        # A value the browser itself refuses (above the field's max) clears the old message.
        page.fill("#create-event input[name=name]", "Giải mùa đông")
        page.fill("#create-event input[name=race]", "100000")
        page.click("#create-submit")
        page.wait_for_selector("#desk-message", state="hidden")
        page.screenshot(path=str(SHOTS / f"walk-tournament-refused-{lang}-phone.png"))
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_new_game_shows_the_cue_ball_in_hand_ready_to_shoot(
    browser: Any, walk: dict[str, Any], viewport: str
) -> None:
    server: Server = walk["server"]
    # the mouse at every size: a finger's drags are the play page's own tests (test_play_screens)
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    try:
        page.goto(server.url + "/lang/en?next=/play")
        page.click("#start")
        page.wait_for_selector('#play[data-state="aim"]', timeout=30000)
        game = int(page.get_attribute("#play", "data-match") or 0)
        table = httpx.get(f"{server.url}/api/play/{game}", timeout=10).json()["table"]
        placed = (page.get_attribute("#play", "data-placement") or "").split(",")
        assert len(placed) == 2, "no cue ball drawn in hand"
        x, y = (float(v) for v in placed)
        assert x < table["head_string_x"]  # in the kitchen, where the break is taken from
        assert abs(y - table["width"] / 2) < 0.01
        page.screenshot(path=str(SHOTS / f"walk-play-in-hand-{viewport}.png"))
        # Dragged out of the kitchen, the shot is refused here, in the page's language.
        middle = (table["length"] / 2, table["width"] / 2)
        drag(page, on_table(page, table, x, y), on_table(page, table, *middle), steps=6)
        tap(page, "#shoot")
        assert page.text_content("#error") == UI_CATALOGUES[Language.EN]["play.place_cue"]
        assert page.get_attribute("#play", "data-seq") == "0"
        drag(page, on_table(page, table, *middle), on_table(page, table, x, y), steps=6)
        tap(page, "#shoot")
        deadline = time.monotonic() + 60
        while int(page.get_attribute("#play", "data-seq") or 0) < 1:
            assert time.monotonic() < deadline, (
                f"the break was never played: {page.text_content('#error')!r}, "
                f"{page.get_attribute('#play', 'data-placement')}"
            )
            page.wait_for_timeout(100)
        assert (page.text_content("#error") or "").strip() == ""
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_table_named_by_its_number_reads_table_n(
    browser: Any, walk: dict[str, Any], lang: str
) -> None:
    server: Server = walk["server"]
    ui = UI_CATALOGUES[Language(lang)]
    body = {"player_a": "An", "player_b": "Bình", "race_to": 3, "table_name": "7"}
    r = httpx.post(server.url + "/api/matches", json=body, auth=ORGANISER)
    assert r.status_code == 201, r.text
    match = r.json()["id"]
    context, page = _page(browser, server, "phone", lang)
    label = ui["t.table"].format(n=7)
    try:
        page.goto(f"{server.url}/matches/{match}/scoreboard")
        page.wait_for_selector("#sb-table:not([hidden])")
        assert page.text_content("#sb-table") == label
        page.goto(f"{server.url}/matches/{match}/console")
        page.wait_for_selector("#board .mid")
        assert (page.text_content("#board .mid") or "").startswith(label)
    finally:
        context.close()


def test_a_phone_scoreboard_shows_whole_names(browser: Any, walk: dict[str, Any]) -> None:
    server: Server = walk["server"]
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    try:
        page.goto(f"{server.url}/matches/{walk['match']}/scoreboard")
        page.wait_for_selector("#scoreboard .sb-player .name")
        names = page.locator("#scoreboard .sb-player .name")
        assert names.count() == 2
        for i in range(2):
            name = names.nth(i)
            assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
        assert "Nguyễn Văn An" in (names.nth(0).inner_text() or "")
        assert "Trần Thị Bình" in (names.nth(1).inner_text() or "")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
