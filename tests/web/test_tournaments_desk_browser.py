"""The desk's hand seeding and a groups event's public page, in Debian's chromium.

The desk creates a single elimination seeded by hand, imports and checks in six
players, gives two of them the same seed (the server's reason shows on the desk, in
Vietnamese, and nothing is drawn), then reverses the ratings' order and draws. A second
event, groups then knockout (two groups of four, the top two through), is created
from the desk's form and drawn; the public page shows each group's standings and
matches, follows the group results live, and draws the knockout's bracket by itself
once the last group match is in. Screenshots go to ``tests/web/screenshots/``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.browser import sign_in
from tests.web.helpers import ORGANISER
from tests.web.server import Server
from tests.web.tournament_helpers import players_csv

pytestmark = [pytest.mark.browser, pytest.mark.server]

SHOTS = Path(__file__).resolve().parent / "screenshots"


def _wait(page: Any, check: Any, what: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        page.wait_for_timeout(50)


def _create(desk: Any, server: Server, name: str, fields: dict[str, str]) -> int:
    desk.goto(server.url + "/desk/tournaments?lang=vi")
    desk.fill("input[name=name]", name)
    for field, value in fields.items():
        if field in ("format", "seeding", "knockout"):
            desk.select_option(f"select[name={field}]", value)
        else:
            desk.fill(f"input[name={field}]", value)
    desk.click("#create-submit")
    desk.wait_for_selector("#import-csv")
    event_id = int(desk.url.rsplit("/", 1)[1])
    return event_id


def _enter_players(desk: Any, n: int) -> None:
    desk.fill("textarea[name=csv]", players_csv(n))
    desk.click("#import-submit")
    desk.wait_for_selector(f'tr[data-player="p{n}"]')
    desk.click("#checkin-all")
    desk.wait_for_selector(f'input.checkin[data-player="p{n}"]:checked')


def test_hand_seeding_on_the_desk_and_a_groups_event_live(browser: Any, server: Server) -> None:
    SHOTS.mkdir(exist_ok=True)
    violations: list[str] = []
    desk = browser.new_context(viewport={"width": 1180, "height": 900}).new_page()
    desk.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else 0)
    sign_in(desk, server.url)

    # 1. Hand seeding.
    event_id = _create(
        desk, server, "Cúp tay", {"format": "single", "seeding": "hand", "race": "2"}
    )
    _enter_players(desk, 6)
    desk.wait_for_selector("#hand-seeds")
    assert desk.query_selector("#draw") is None
    # The form starts from the ratings: p1 (rated highest) is seed 1.
    assert desk.input_value('input.seed[data-player="p1"]') == "1"
    seeds = {f"p{i}": str(7 - i) for i in range(1, 7)}  # reverse the ratings
    for player, seed in (seeds | {"p2": "6"}).items():  # p1 and p2 both seed 6
        desk.fill(f'input.seed[data-player="{player}"]', seed)
    desk.click("#draw-hand")
    desk.wait_for_selector("#seeds-message:not([hidden])")  # next to the form's button
    message = desk.text_content("#seeds-message") or ""
    assert "Hạt giống chưa hợp lệ, không có gì thay đổi" in message
    assert "hạt giống 6 bị trùng: Player 1 (p1), Player 2 (p2)" in message
    assert "chưa ai có hạt giống 5" in message
    desk.screenshot(path=str(SHOTS / "tournament-desk-seeds-refused-vi.png"), full_page=True)
    api = f"{server.url}/api/tournaments/{event_id}"
    assert not httpx.get(api).json()["drawn"]
    desk.fill('input.seed[data-player="p2"]', "5")
    desk.click("#draw-hand")
    desk.wait_for_selector("#start")
    drawn = httpx.get(api).json()
    assert drawn["seed_order"] == ["p6", "p5", "p4", "p3", "p2", "p1"]
    # The form now shows the draw made (seed 1 first), ready to draw again before the start.
    assert desk.input_value('input.seed[data-player="p6"]') == "1"
    first_row = desk.query_selector("#seed-table tr[data-player]")
    assert first_row.get_attribute("data-player") == "p6"
    desk.screenshot(path=str(SHOTS / "tournament-desk-hand-seeded-vi.png"), full_page=True)

    # 2. Groups then knockout, created from the desk's form.
    group_event = _create(
        desk,
        server,
        "Cúp bảng",
        {"format": "groups", "group_count": "2", "advance": "2", "race": "2", "seeding": "rating"},
    )
    _enter_players(desk, 8)
    desk.click("#draw")
    desk.wait_for_selector("#start")
    api = f"{server.url}/api/tournaments/{group_event}"
    event = httpx.get(api).json()
    assert event["settings"]["format"] == "groups"
    assert event["settings"]["group_count"] == 2
    group_matches = [m["id"] for m in event["matches"] if m["stage"] == "group"]
    assert len(group_matches) == 12

    public = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    public.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else 0)
    refetches: list[str] = []
    public.on("request", lambda r: refetches.append(r.url) if "/live?" in r.url else 0)
    public.goto(f"{server.url}/events/{group_event}?lang=vi")
    assert len(public.query_selector_all("section.group")) == 2
    assert "Mỗi bảng xếp hạng theo" in (public.text_content("#group-rule") or "")
    assert public.query_selector("#knockout-pending") is not None

    with httpx.Client(base_url=server.url, auth=ORGANISER) as organiser:

        def result(match: str, racks: list[int]) -> None:
            response = organiser.post(
                f"/api/tournaments/{group_event}/matches/{match}/result", json={"racks": racks}
            )
            assert response.status_code == 200, response.text

        for match in group_matches[:-1]:
            result(match, [2, 1])
        # The page follows live: the results and the group lines, without a reload.
        last_but_one = group_matches[-2]
        _wait(
            public,
            lambda: public.query_selector(f'#m-{last_but_one}[data-status="done"]') is not None,
            "the group results live",
        )
        assert public.query_selector("#knockout-pending") is not None
        # Group 1 is complete (its matches come first): each line counts 3 matches.
        assert group_matches[-1].startswith("G2-")
        for place in range(1, 5):
            assert public.text_content(f"#g1-st-{place} td:nth-child(3)") == "3"
        assert "đã xong" in (public.text_content("#g1-head") or "")
        public.screenshot(path=str(SHOTS / "tournament-groups-live-vi.png"), full_page=True)
        result(group_matches[-1], [2, 0])
    # The last group result draws the knockout: the bracket appears by itself.
    _wait(public, lambda: public.query_selector("#knockout svg") is not None, "the knockout")
    assert public.query_selector("#knockout-pending") is None
    assert len(public.query_selector_all("td.mark:not(:empty)")) == 4  # "Đi tiếp"
    assert "Đi tiếp" in (public.text_content("#groups") or "")
    assert "Bảng 1 · đã xong" in (public.text_content("#g1-head") or "")
    assert public.query_selector("#m-K1-1") is not None
    public.screenshot(path=str(SHOTS / "tournament-groups-knockout-vi.png"), full_page=True)
    assert len(refetches) <= 2, refetches

    public.goto(f"{server.url}/events/{group_event}?lang=en")
    assert "Group 2 · complete" in (public.text_content("#g2-head") or "")
    assert "The top 2 of each group go through" in (public.text_content("#group-rule") or "")
    assert "Knockout" in (public.text_content("#knockout") or "")
    public.screenshot(path=str(SHOTS / "tournament-groups-knockout-en.png"), full_page=True)
    # On a phone, each group's box scrolls sideways within itself; the page does not.
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{server.url}/events/{group_event}?lang=vi")
    phone.wait_for_selector("#knockout svg")
    # (the site's navigation bar is the shared layout's, and not checked here)
    wide = phone.evaluate(
        "Array.from(document.querySelectorAll('main *')).filter(e => "
        "e.getBoundingClientRect().right > 391 && !e.closest('section.group, .brackets, "
        "#standings')).map(e => e.tagName + '#' + e.id)"
    )
    assert wide == []
    box = phone.query_selector("#group-1").bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    phone.screenshot(path=str(SHOTS / "tournament-groups-phone-vi.png"), full_page=True)
    assert violations == []
