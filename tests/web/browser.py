"""Debian's chromium for the browser tests: the fixture, a server to drive, waiting helpers.

Playwright drives ``/usr/bin/chromium`` (never its own browser download). The browser
tests skip without it unless ``ROTATION61_REQUIRE_BROWSER`` is set, as in CI. The
pages' Content-Security-Policy forbids the eval that Playwright's ``wait_for_function``
runs in the page, so waits are polled from the test side.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import PASSWORD
from tests.web.server import Server, start_server, stop

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    required = os.environ.get("ROTATION61_REQUIRE_BROWSER", "") not in ("", "0")
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if required:
            pytest.fail(message + " and ROTATION61_REQUIRE_BROWSER is set")
        pytest.skip(message)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if required:
            pytest.fail("the playwright package is missing and ROTATION61_REQUIRE_BROWSER is set")
        pytest.skip("the playwright package is missing")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Server]:
    running = start_server(sqlite_url)
    try:
        yield running
    finally:
        stop(running)


def sign_in(page: Any, base: str) -> None:
    """Sign the page in as the organiser through the login form (the desk opens next)."""
    page.goto(base + "/login")
    page.fill("input[name=password]", PASSWORD)
    page.click("#login-submit")


def wait_until(page: Any, expression: str, timeout: float = 5000) -> None:
    """Wait until a page expression is true (polled from here, every 50 ms)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(50)


def wait_for_seq(page: Any, selector: str, seq: int) -> None:
    """Wait until the element's ``data-seq`` (inputs shown) reaches ``seq``."""
    deadline = time.monotonic() + 5
    while int(page.get_attribute(selector, "data-seq") or -1) < seq:
        assert time.monotonic() < deadline, f"{selector} never reached seq {seq}"
        page.wait_for_timeout(50)
