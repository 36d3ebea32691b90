"""The desk in Debian's chromium: Back then Create makes no duplicate; no page breaks the CSP.

The desk form posts, redirects, and shows its notice once (a flash cookie); going Back
to the filled form and creating again sends the same form id, so the same match comes
back. Every page is loaded while the browser reports Content-Security-Policy
violations: there must be none.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.browser import sign_in
from tests.web.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.server]


def _matches(server: Server) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = httpx.get(server.url + "/api/matches").json()
    return found


def test_back_then_create_again_gives_the_same_match(browser: Any, server: Server) -> None:
    context = browser.new_context()
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else 0)
    sign_in(page, server.url)
    page.fill("input[name=player_a]", "An")
    page.fill("input[name=player_b]", "Binh")
    page.fill("input[name=race_to]", "2")
    page.click("#create-submit")
    page.wait_for_selector("#notice")
    assert "notice" not in page.url
    assert page.url.endswith("/desk?created=1")
    first = _matches(server)
    assert len(first) == 1
    page.go_back()
    assert page.input_value("input[name=player_a]") == "An"
    page.click("#create-submit")
    page.wait_for_selector("#notice")
    assert _matches(server) == first  # the same match, no duplicate
    assert str(first[0]["id"]) in (page.text_content("#notice") or "")
    page.reload()
    assert page.query_selector("#notice") is None  # the notice is shown once

    # A new form (a fresh page) creates a new match.
    page.fill("input[name=player_a]", "Chi")
    page.fill("input[name=player_b]", "Dung")
    page.click("#create-submit")
    page.wait_for_selector("#notice")
    assert len(_matches(server)) == 2
    match_id = first[0]["id"]
    for path in ("/hall", f"/matches/{match_id}/scoreboard", f"/matches/{match_id}/overlay"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(f"{server.url}/matches/{match_id}/console")
    page.wait_for_selector(".pick-pocket")
    assert violations == []
    context.close()
