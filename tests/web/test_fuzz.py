"""No 5xx under fuzzing: random and malformed requests to every route, through the ASGI app.

Hypothesis draws a route of the app (every method and path template, the pages
included), fills its path parameters with huge, negative or non-numeric values, adds
random query parameters, a body (random JSON, deeply nested JSON, wrong types, missing
fields, form data, bytes that are not UTF-8) and credentials (none, right, wrong), and
asserts that the answer is never a server error. The number of examples follows the
Hypothesis profile: 100 (dev) or 200 (ci) per test by default, 5,000 with
``HYPOTHESIS_PROFILE=thorough`` for a long sweep.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings

from .helpers import BREAK_RAILS, ORGANISER, PASSWORD, create_match, shot

# Streams never end: they are fuzzed through their path parameters only, elsewhere.
_STREAMS = re.compile(r".*/events$")


@dataclasses.dataclass(frozen=True)
class Fuzz:
    """The app's client, and credentials made once (a password costs a scrypt hash)."""

    client: TestClient
    organiser: dict[str, str]
    referee: dict[str, str]


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzz]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    settings = Settings(database_url=f"sqlite:///{path}", organiser_password=PASSWORD)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        match = create_match(client)
        page = client.get("/login")
        found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
        assert found is not None
        login = {"username": ORGANISER[0], "password": PASSWORD, "csrf_token": found.group(1)}
        client.post("/login", data=login, follow_redirects=False)
        cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        organiser = {"cookie": cookies, "x-csrf-token": found.group(1)}
        token = client.post(f"/api/matches/{match['id']}/referee-token", json={"pin": match["pin"]})
        referee = {"authorization": f"Bearer {token.json()['token']}"}
        client.cookies.clear()
        yield Fuzz(client=client, organiser=organiser, referee=referee)


def _routes() -> list[tuple[str, str]]:
    app = create_app(Settings(database_url="sqlite://", organiser_password=PASSWORD))
    found = {
        (method, route.path)
        for route in app.routes
        if isinstance(route, APIRoute) and not _STREAMS.fullmatch(route.path)
        for method in route.methods
    }
    return sorted(found)


ROUTES = _routes()

_numbers = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64 + 1, 10**100]),
).map(str)
_path_values = st.one_of(
    _numbers,
    st.text(max_size=30).map(lambda t: quote(t, safe="")),
    st.sampled_from(["1e9", "0x10", "1.5", "%00", "..", "NaN", "-0", " 1"]),
)
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=15), children, max_size=5)
    ),
    max_leaves=25,
)
_fields = st.sampled_from(
    [
        "player_a",
        "player_b",
        "race_to",
        "preset",
        "tags",
        "pin",
        "expected_seq",
        "kind",
        "shot",
        "option",
        "event",
        "note",
        "form_id",
        "table_size",
        "overrides",
        "racks",
        "players",
    ]
)
_shaped = st.dictionaries(_fields, _json, max_size=8)
_deep = st.integers(min_value=1, max_value=50_000).map(lambda n: "[" * n + "]" * n)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    method, template = draw(st.sampled_from(ROUTES))
    url = re.sub(r"\{[^}]+\}", lambda _: draw(_path_values), template)
    query = draw(
        st.dictionaries(
            st.sampled_from(["lang", "status", "next", "notice", "after", "created"]),
            st.text(max_size=20),
            max_size=3,
        )
    )
    kind = draw(st.sampled_from(["none", "json", "shaped", "deep", "form", "bytes"]))
    request: dict[str, Any] = {"method": method, "url": url, "params": query}
    if kind == "json":
        request["content"] = json.dumps(draw(_json))
        request["headers"] = {"content-type": "application/json"}
    elif kind == "shaped":
        request["content"] = json.dumps(draw(_shaped))
        request["headers"] = {"content-type": "application/json"}
    elif kind == "deep":
        request["content"] = draw(_deep)
        request["headers"] = {"content-type": "application/json"}
    elif kind == "form":
        request["data"] = {k: json.dumps(v) for k, v in draw(_shaped).items()}
    elif kind == "bytes":
        request["content"] = draw(st.binary(max_size=200))
    request["auth"] = draw(st.sampled_from(["none", "organiser", "referee", "bearer"]))
    if request["auth"] == "bearer":
        request.setdefault("headers", {})["authorization"] = "Bearer " + draw(
            st.text(st.characters(codec="ascii"), max_size=40)
        )
    return request


def _send(fuzz: Fuzz, request: dict[str, Any]) -> int:
    request = dict(request)
    auth = request.pop("auth", "none")
    headers = dict(request.pop("headers", {}))
    if auth == "organiser":
        headers |= fuzz.organiser
    elif auth == "referee":
        headers |= fuzz.referee
    fuzz.client.cookies.clear()
    response = fuzz.client.request(**request, headers=headers, follow_redirects=False)
    return response.status_code


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(request=requests())
def test_no_route_answers_5xx(fuzz: Fuzz, request: dict[str, Any]) -> None:
    status = _send(fuzz, request)
    assert status < 500, request


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    seq=st.integers(min_value=-(2**70), max_value=2**70),
    body=_shaped,
    shot_fields=st.dictionaries(
        st.sampled_from(["first_contact", "pocketed", "rail_after_contact", "break_rail_balls"]),
        _json,
    ),
)
def test_referee_inputs_never_5xx(
    fuzz: Fuzz, seq: int, body: dict[str, Any], shot_fields: dict[str, Any]
) -> None:
    for payload in (
        {**body, "expected_seq": seq},
        {"expected_seq": 0, "kind": "shot", "shot": shot_fields},
        {"expected_seq": 0, "kind": "shot", "shot": shot(1, break_rails=BREAK_RAILS) | shot_fields},
    ):
        request = {"method": "POST", "url": "/api/matches/1/inputs", "auth": "referee"}
        status = _send(fuzz, request | {"json": payload})
        assert status < 500, payload


def test_huge_numbers_in_every_path(fuzz: Fuzz) -> None:
    for method, template in ROUTES:
        for number in ("0", "-1", str(2**63), str(2**64 + 1), str(10**40)):
            url = re.sub(r"\{[^}]+\}", number, template)
            for auth in ("organiser", "referee"):
                status = _send(fuzz, {"method": method, "url": url, "auth": auth})
                assert status < 500, (method, url)
    for number in (str(2**63), str(10**40), "0", "-5"):
        status = _send(fuzz, {"method": "GET", "url": f"/api/matches/{number}/events"})
        assert status in (404, 422), number
    wrong = fuzz.client.get("/api/matches/1/export.json", auth=("admin", "wrong\u00e9"))
    assert wrong.status_code == 401
