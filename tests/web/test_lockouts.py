"""Lockouts that a stranger cannot turn against the staff: counted per device and per target.

A stranger who shares the referee's or the organiser's address (a NAT, a proxy that is
not trusted) is refused after its own failures; a device that opened the match (or the
desk) before keeps its own count. Guesses at one PIN from every new device and address
together are bounded by the target's limit.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from rotation61.web.api.deps import DEVICE_COOKIE, referee_cookie
from rotation61.web.app import create_app
from rotation61.web.core.security import PIN_DIGITS, Signer
from rotation61.web.core.settings import Limit, Settings
from rotation61.web.services.accounts import CLIENT_LIMIT, PIN_LIMIT

from .helpers import ORGANISER, PASSWORD, create_match

WRONG = "9" * PIN_DIGITS


@pytest.fixture
def settings(database_url: str) -> Settings:
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    return Settings(database_url=url, organiser_password=PASSWORD)


def _clients(settings: Settings, *addresses: str) -> Iterator[TestClient]:
    for port, address in enumerate(addresses, start=50000):
        yield TestClient(create_app(settings), client=(address, port))


def test_a_stranger_at_the_same_address_does_not_lock_out_a_known_referee_device(
    settings: Settings,
) -> None:
    referee, stranger = _clients(settings, "203.0.113.5", "203.0.113.5")
    with referee, stranger:
        match = create_match(referee)
        path = f"/api/matches/{match['id']}/referee-token"
        assert referee.post(path, json={"pin": match["pin"]}).status_code == 200
        assert DEVICE_COOKIE in referee.cookies
        referee.cookies.delete(referee_cookie(match["id"]))  # the console cookie is gone
        statuses = [
            stranger.post(path, json={"pin": WRONG}).status_code
            for _ in range(PIN_LIMIT.failures + 3)
        ]
        assert statuses.count(401) == PIN_LIMIT.failures
        assert statuses[-1] == 429
        assert stranger.post(path, json={"pin": match["pin"]}).status_code == 429
        again = referee.post(path, json={"pin": match["pin"]})
        assert again.status_code == 200, again.text


def _login(client: TestClient, password: str) -> int:
    page = client.get("/login")
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found is not None
    data = {"username": ORGANISER[0], "password": password, "csrf_token": found.group(1)}
    return client.post("/login", data=data, follow_redirects=False).status_code


def test_a_stranger_at_the_same_address_does_not_lock_out_the_organiser(
    settings: Settings,
) -> None:
    desk, stranger = _clients(settings, "198.51.100.7", "198.51.100.7")
    with desk, stranger:
        assert _login(desk, PASSWORD) == 303
        desk.cookies.delete("r61_org")
        statuses = [_login(stranger, "guess") for _ in range(CLIENT_LIMIT.failures + 2)]
        assert statuses[-1] == 429
        assert stranger.get("/desk", auth=ORGANISER).status_code == 429
        assert _login(desk, PASSWORD) == 303


def test_guesses_from_many_addresses_are_bounded_per_target(settings: Settings) -> None:
    tight = dataclasses.replace(settings, target_limit=Limit(failures=4, window_s=600))
    referee, *strangers, newcomer = _clients(
        tight, "192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"
    )
    with referee, strangers[0], strangers[1], strangers[2], newcomer:
        match = create_match(referee)
        path = f"/api/matches/{match['id']}/referee-token"
        assert referee.post(path, json={"pin": match["pin"]}).status_code == 200
        referee.cookies.delete(referee_cookie(match["id"]))
        for stranger in strangers[:2]:
            for _ in range(2):
                assert stranger.post(path, json={"pin": WRONG}).status_code == 401
        refused = strangers[2].post(path, json={"pin": WRONG})
        assert refused.status_code == 429
        assert "devices new to it" in refused.json()["detail"]
        assert newcomer.post(path, json={"pin": match["pin"]}).status_code == 429
        assert referee.post(path, json={"pin": match["pin"]}).status_code == 200
        other = create_match(referee)  # another target: its own budget
        assert (
            newcomer.post(
                f"/api/matches/{other['id']}/referee-token", json={"pin": other["pin"]}
            ).status_code
            == 200
        )


def test_a_forged_device_cookie_counts_as_no_device(settings: Settings) -> None:
    tight = dataclasses.replace(settings, target_limit=Limit(failures=2, window_s=600))
    (stranger,) = _clients(tight, "192.0.2.9")
    with stranger:
        match = create_match(stranger)
        path = f"/api/matches/{match['id']}/referee-token"
        forged = Signer("not the app's secret").device_cookie("d", [f"m{match['id']}"])
        stranger.cookies.set(DEVICE_COOKIE, forged)
        for _ in range(2):
            assert stranger.post(path, json={"pin": WRONG}).status_code == 401
        assert stranger.post(path, json={"pin": match["pin"]}).status_code == 429


def test_pins_have_eight_digits(settings: Settings) -> None:
    (client,) = _clients(settings, "192.0.2.20")
    with client:
        pin = create_match(client)["pin"]
    assert re.fullmatch(r"\d{8}", pin), pin
