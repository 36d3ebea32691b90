"""An event day in Debian's chromium: the tables' match-over step and the TV table.

A 4-player double elimination (races to 2, two tables, table 1 the TV table) on a server
that holds each table's result for a grace period. On table 2's console (a tablet,
1180x820) the referee starts the match from "Next on this table", mistypes the last
rack (the match ends 2-0), undoes it on the "match over" screen (nothing reached the
event), enters the right racks (2-1) and confirms the result; the next match then
waits on the table with its start step. The other matches are scored through the API
and confirmed by their tables. The grand final, featured from the start, is played on
the TV table, whose scoreboard (1920x1080) shows both full names, then the event's end
with its champion. Screenshots go to ``tests/web/screenshots/`` for a person to look at.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import wait_until
from tests.web.helpers import ORGANISER
from tests.web.server import Server, start_server, stop

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"
GRACE_S = 30
PLAYERS = (
    "Nguyễn Thị Phương Thảo Nguyên",  # 29 characters: names this long fit on the TV
    "Trương Quang Đại Nghĩa",
    "Trần Thị Bích Ngọc",
    "Lê Văn Hoàng Long",
)


@pytest.fixture
def held_server(sqlite_url: str) -> Any:
    running = start_server(sqlite_url, result_grace_s=GRACE_S)
    try:
        yield running
    finally:
        stop(running)


def _event(api: httpx.Client) -> dict[str, Any]:
    event = api.post(
        "/api/tournaments",
        json={
            "name": "Cúp Hà Nội 61",
            "format": "double",
            "race": 2,
            "tables": 2,
            "tv_table": 1,
            "draw_seed": 7,
        },
    ).json()
    csv = "name,club,rating,class\n" + "".join(
        f"{name},CLB {i},{700 - 10 * i},A\n" for i, name in enumerate(PLAYERS)
    )
    entries = api.post(
        f"/api/tournaments/{event['id']}/entries/import",
        content=csv.encode(),
        headers={"Content-Type": "text/csv"},
    ).json()["entries"]
    players = [e["id"] for e in entries]
    api.post(f"/api/tournaments/{event['id']}/checkin", json={"players": players})
    api.post(f"/api/tournaments/{event['id']}/draw")
    started: dict[str, Any] = api.post(f"/api/tournaments/{event['id']}/start").json()
    return started


def _rack(api: httpx.Client, ref: int, loser: str) -> None:
    seq = api.get(f"/api/matches/{ref}").json()["seq"]
    r = api.post(
        f"/api/matches/{ref}/inputs",
        json={"expected_seq": seq, "kind": "event", "event": "concede_rack", "player": loser},
    )
    assert r.status_code == 200, r.text


def _match(api: httpx.Client, event_id: int, code: str) -> dict[str, Any]:
    live = api.get(f"/api/tournaments/{event_id}").json()
    found: dict[str, Any] = next(m for m in live["matches"] if m["id"] == code)
    return found


def _officials(page: Any, event: str, seat: str) -> None:
    if page.query_selector("#officials[open]") is None:
        page.click("#officials summary")
    page.click(f'#officials-body button[data-event="{event}"][data-player="{seat}"]')


def _racks(page: Any) -> str:
    return (
        (page.text_content('[data-testid="player-a"]') or "")
        + "|"
        + (page.text_content('[data-testid="player-b"]') or "")
    )


def _cut_names(page: Any) -> list[Any]:
    """The names on the scoreboard that do not show whole (overflow, or over two lines)."""
    cut: list[Any] = page.evaluate(
        """Array.from(document.querySelectorAll('.sb-player .name')).map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const tops = Array.from(range.getClientRects()).map((r) => Math.round(r.top));
            const lines = new Set(tops).size;
            return [el.textContent, el.scrollWidth, el.clientWidth, el.scrollHeight,
                    el.clientHeight, lines];
        }).filter(([text, sw, cw, sh, ch, lines]) =>
            !text || sw > cw + 1 || sh > ch + 1 || lines > 2)"""
    )
    return cut


def _check_tv_after_the_match(tv: Any) -> None:
    """The TV scoreboard of a finished match: its end, not the live state."""
    tv.wait_for_selector(".sb-player.won")
    assert tv.is_hidden("#sb-balls")  # no ball "in play" rung
    assert tv.query_selector(".sb-player.act") is None
    assert "Hết trận" in (tv.text_content("#sb-rack") or "")
    assert "Đang đánh ván" not in (tv.text_content(".sb-mid") or "")
    assert not tv.is_visible("#sb-conn")  # no "live"
    assert _cut_names(tv) == []
    tv.screenshot(path=str(SHOTS / "event-day-tv-final-over-vi.png"))


def test_an_event_day_with_a_held_result_and_the_tv_table(
    browser: Any, held_server: Server
) -> None:
    SHOTS.mkdir(exist_ok=True)
    base = held_server.url
    api = httpx.Client(base_url=base, auth=ORGANISER, timeout=30)
    event = _event(api)
    event_id = event["id"]
    featured = {m["id"] for m in event["matches"] if m["stage"] in ("grand_final", "reset")}
    assert featured
    on_table = {m["table"]: m for m in event["matches"] if m["status"] == "playing"}
    assert set(on_table) == {"1", "2"}
    pins = {int(k): v for k, v in api.get("/api/tables").json().items()}

    # Table 2's tablet: the PIN, then "Next on this table" and its start step.
    tablet = browser.new_context(viewport={"width": 1180, "height": 820}).new_page()
    tablet.on("dialog", lambda dialog: dialog.accept())
    tablet.goto(f"{base}/tables/2/console?lang=vi")
    tablet.fill("input[name=pin]", pins[2])
    tablet.click("#pin-submit")
    tablet.wait_for_selector("#start-match")
    mine = on_table["2"]
    context = tablet.text_content('[data-testid="table-context"]') or ""
    assert "Cúp Hà Nội 61" in context
    assert mine["id"] in context
    assert "Bàn 2" in context
    line = tablet.text_content('[data-testid="next-line"]') or ""
    names = {e["id"]: e["name"] for e in event["entries"]}
    assert line == f"{mine['id']} {names[mine['players'][0]]} – {names[mine['players'][1]]}"
    assert not tablet.is_visible("#console")
    tablet.screenshot(path=str(SHOTS / "event-day-next-on-table-vi-tablet.png"))
    tablet.click("#start-match")
    tablet.wait_for_selector("#console #board .p")

    # Rack 1 to A (from another tablet, through the API); the console follows.
    ref = mine["scorekeeper_match"]
    _rack(api, ref, "B")
    wait_until(tablet, "document.querySelector('#console').dataset.seq === '1'")
    # The last rack mistyped: B concedes it, so the match ends 2-0 for A.
    _officials(tablet, "concede_rack", "B")
    tablet.wait_for_selector("#match-over:not([hidden])")
    tablet.wait_for_selector('[data-testid="over-countdown"]')
    wait_until(
        tablet,
        "/\\d+ giây/.test(document.querySelector('[data-testid=over-countdown]').textContent)",
    )
    assert "Hết trận" in (tablet.text_content("#match-over") or "")
    assert _match(api, event_id, mine["id"])["status"] == "playing"  # held: nothing moved
    tablet.screenshot(path=str(SHOTS / "event-day-match-over-vi-tablet.png"))
    # Undo on the match-over screen: the match goes on at 1-0, the event never saw 2-0.
    tablet.click("#over-undo")
    tablet.wait_for_selector("#match-over", state="hidden")
    wait_until(tablet, "document.querySelector('#console').dataset.seq === '3'")
    assert not api.get(f"/api/matches/{ref}").json()["final"]
    # The right racks: A concedes rack 2, B concedes rack 3: 2-1 for A.
    _officials(tablet, "concede_rack", "A")
    wait_until(tablet, "document.querySelector('#console').dataset.seq === '4'")
    _officials(tablet, "concede_rack", "B")
    tablet.wait_for_selector("#over-confirm")
    tablet.click("#over-confirm")
    done = _match(api, event_id, mine["id"])
    deadline = time.monotonic() + 10
    while done["status"] != "done":
        assert time.monotonic() < deadline, done
        time.sleep(0.1)
        done = _match(api, event_id, mine["id"])
    assert done["racks"] == [2, 1]

    # Every other match through the API, each confirmed by its table, until the end.
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    final_seen = False
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the event never finished"
        live = api.get(f"/api/tournaments/{event_id}").json()
        if live["finished"]:
            break
        for match in (m for m in live["matches"] if m["status"] == "playing"):
            if match["id"] in featured and not final_seen:
                assert match["table"] == "1", match  # the final is on the TV table
                tv.goto(f"{base}/tables/1/scoreboard?lang=vi")
                tv.wait_for_selector(".sb-player .name")
                wait_until(tv, "document.querySelector('#scoreboard').dataset.seq !== '-1'")
                shown = tv.text_content(".sb-row") or ""
                for player in match["players"]:
                    assert names[player] in shown
                assert _cut_names(tv) == []
                tv.screenshot(path=str(SHOTS / "event-day-tv-final-vi.png"))
                final_seen = True
            board = api.get(f"/api/matches/{match['scorekeeper_match']}").json()
            if board["status"] != "finished":
                _rack(api, match["scorekeeper_match"], "B")
                continue
            if match["id"] in featured and match["table"] == "1" and final_seen:
                _check_tv_after_the_match(tv)
            r = api.post(
                f"/api/tables/{match['table']}/result",
                json={"event": event_id, "match": match["id"]},
            )
            assert r.status_code == 200, r.text
    assert final_seen
    champion = names[live["champion"]]
    # The TV table after the event: its end and champion, never a blank page.
    # (the TV follows its table by itself: no reload by the test, which would race its own)
    tv.wait_for_selector('[data-testid="idle-end"]', timeout=30000)
    assert tv.url.endswith("/tables/1/scoreboard?lang=vi"), tv.url
    assert champion in (tv.text_content('[data-testid="idle-champion"]') or "")
    tv.screenshot(path=str(SHOTS / "event-day-tv-after-vi.png"))
    overlay = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    overlay.goto(f"{base}/tables/1/overlay?lang=vi")
    assert champion in (overlay.text_content("#table-idle") or "")
    tablet.goto(f"{base}/tables/2/console?lang=vi")
    tablet.wait_for_selector('[data-testid="idle-end"]')
    tablet.screenshot(path=str(SHOTS / "event-day-table-end-vi-tablet.png"))
    api.close()


LONG_NAMES = (
    "Nguyễn Thị Phương Thảo Nguyên",
    "Trương Quang Đại Nghĩa Minh",
    "Trần Thị Bích Ngọc Hân",
    "Lê Văn Hoàng Long Phúc",
    "Phạm Minh Tuấn Anh Khoa",
    "Đặng Thị Thu Hương Giang",
    "Võ Thành Trung Kiên Bảo",
    "Hoàng Văn Quốc Việt Hùng",
)


def test_the_hall_on_a_tv_reads_from_afar(browser: Any, held_server: Server) -> None:
    server = held_server
    SHOTS.mkdir(exist_ok=True)
    with httpx.Client(base_url=server.url, auth=ORGANISER, timeout=30) as api:
        for n in range(8):
            made = api.post(
                "/api/matches",
                json={
                    "player_a": LONG_NAMES[n],
                    "player_b": LONG_NAMES[(n + 3) % 8],
                    "race_to": 3,
                    "table_name": str(n + 1),
                    "tags": {"Event": "Cúp Hà Nội 61"},
                },
            )
            assert made.status_code == 201, made.text
            _rack(api, made.json()["id"], "B")  # live: a rack played
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(f"{server.url}/hall?tv=1&lang=vi")
    wait_until(page, "document.querySelectorAll('#hall-live .card').length === 8")
    assert page.query_selector("nav") is None  # no site navigation on the TV
    sizes = page.evaluate(
        "Array.from(document.querySelectorAll('#hall-live .nm')).map("
        "(el) => [parseFloat(getComputedStyle(el).fontSize), el.scrollWidth <= el.clientWidth + 1])"
    )
    assert len(sizes) == 16
    assert all(size >= 40 and whole for size, whole in sizes), sizes
    # Everything on one screen: the last card ends inside the 1080 lines.
    bottom = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('#hall-live .card')).map("
        "(el) => el.getBoundingClientRect().bottom))"
    )
    page.screenshot(path=str(SHOTS / "event-day-hall-tv-vi.png"))
    assert bottom <= 1080, bottom
    # The spectators' hall (no TV mode) has the spectators' navigation, not the desk's.
    page.goto(f"{server.url}/hall?lang=vi")
    nav = page.text_content("nav") or ""
    assert "Bàn tổ chức" not in nav
    assert page.query_selector('[data-testid="spectator-nav"]') is not None


def _in_view(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            f"""(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }})()"""
        )
    )


@pytest.mark.parametrize(
    ("width", "height", "name"),
    [(1180, 820, "tablet"), (390, 844, "phone")],
    ids=["tablet", "phone"],
)
def test_the_console_keeps_the_scores_and_the_record_button_in_view(
    browser: Any, held_server: Server, width: int, height: int, name: str
) -> None:
    SHOTS.mkdir(exist_ok=True)
    with httpx.Client(base_url=held_server.url, auth=ORGANISER, timeout=30) as api:
        made = api.post(
            "/api/matches",
            json={"player_a": PLAYERS[0], "player_b": PLAYERS[1], "race_to": 3, "table_name": "5"},
        ).json()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{held_server.url}/matches/{made['id']}/console?lang=vi")
    page.fill("input[name=pin]", made["pin"])
    page.click("#pin-submit")
    page.wait_for_selector("#record")
    # On the break (cushion count and kitchen shown), at the top and scrolled to the end.
    assert page.query_selector("#break-rails") is not None
    assert _in_view(page, "#record")
    assert _in_view(page, "#board")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(100)
    assert _in_view(page, "#record")
    assert _in_view(page, "#board")
    # After an input the page is back at the scores.
    page.click("#record")
    wait_until(page, "document.querySelector('#console').dataset.seq === '1'")
    wait_until(page, "window.scrollY === 0")
    # Offline: the input waits, the board greys and says the next one is checked later.
    context.set_offline(True)
    page.click("#record")
    page.wait_for_selector("#offline-note")
    assert "kiểm tra sau" in (page.text_content("#offline-note") or "")
    assert "offline" in (page.get_attribute("#console", "class") or "")
    assert _in_view(page, "#offline-note")
    page.screenshot(path=str(SHOTS / f"event-day-console-offline-vi-{name}.png"))
    context.set_offline(False)
    page.wait_for_selector("#offline-note", state="detached", timeout=15000)
    wait_until(page, "document.querySelector('#console').dataset.seq === '2'", timeout=15000)
    page.screenshot(path=str(SHOTS / f"event-day-console-vi-{name}.png"))
