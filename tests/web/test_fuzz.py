"""No 5xx under fuzzing: random and malformed requests to every route, through the ASGI app.

Hypothesis draws a route of the app (every method and path template, the pages
included), fills its path parameters with huge, negative or non-numeric values, adds
random query parameters, a body (random JSON, deeply nested JSON, wrong types, missing
fields, form data, bytes that are not UTF-8, integers at and past what the databases
store, players files with huge ratings and fields) and credentials (none, right, wrong,
and any bytes in the Bearer and Basic headers, the session, referee, device and CSRF
cookies, the CSRF and ``X-Play-Token`` headers), and asserts that the answer is never a
server error. The number of examples follows the
Hypothesis profile: 100 (dev) or 200 (ci) per test by default, 5,000 with
``HYPOTHESIS_PROFILE=thorough`` for a long sweep.
"""

from __future__ import annotations

import base64
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

from rotation61.web.app import ROUTERS, create_app
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
    """Every route: the app's own and its routers' (which the app keeps as included routers)."""
    app = create_app(Settings(database_url="sqlite://", organiser_password=PASSWORD))
    found = {
        (method, route.path)
        for route in [*app.routes, *(r for router in ROUTERS for r in router.routes)]
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
_bounds = st.sampled_from(
    [2**31 - 1, 2**31, -(2**31) - 1, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30]
)
_bounded = st.dictionaries(_fields, _bounds | _json, min_size=1, max_size=8)
# Header and cookie bytes: anything but the line breaks no HTTP client sends.
_credential_bytes = st.binary(max_size=60).map(
    lambda b: b.replace(b"\r", b"").replace(b"\n", b"").replace(b";", b"")
)
_players = st.lists(
    st.tuples(
        st.text(max_size=12).map(lambda t: t.replace('"', "")),
        st.one_of(_bounds.map(str), st.integers().map(str), st.text(max_size=8)),
        st.sampled_from(["", "x" * (128 * 1024 + 1)]),
    ),
    max_size=4,
).map(
    lambda rows: (
        "name,club,rating,class\n"
        + "".join(f'"{name}",,{rating},{big}\n' for name, rating, big in rows)
    )
)
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
    kind = draw(
        st.sampled_from(["none", "json", "shaped", "bounded", "deep", "form", "bytes", "csv"])
    )
    request: dict[str, Any] = {"method": method, "url": url, "params": query}
    if kind == "json":
        request["content"] = json.dumps(draw(_json))
        request["headers"] = {"content-type": "application/json"}
    elif kind == "shaped":
        request["content"] = json.dumps(draw(_shaped))
        request["headers"] = {"content-type": "application/json"}
    elif kind == "bounded":
        request["content"] = json.dumps(draw(_bounded))
        request["headers"] = {"content-type": "application/json"}
    elif kind == "csv":
        request["content"] = draw(_players).encode("utf-8", "surrogatepass")
        request["headers"] = {"content-type": "text/csv"}
    elif kind == "deep":
        request["content"] = draw(_deep)
        request["headers"] = {"content-type": "application/json"}
    elif kind == "form":
        request["data"] = {k: json.dumps(v) for k, v in draw(_shaped).items()}
    elif kind == "bytes":
        request["content"] = draw(st.binary(max_size=200))
    request["auth"] = draw(
        st.sampled_from(["none", "organiser", "referee", "bearer", "credential-bytes"])
    )
    if request["auth"] == "bearer":
        request.setdefault("headers", {})["authorization"] = "Bearer " + draw(
            st.text(st.characters(codec="ascii"), max_size=40)
        )
    elif request["auth"] == "credential-bytes":
        request.setdefault("headers", {}).update(draw(_credentials()))
    return request


@st.composite
def _credentials(draw: st.DrawFn) -> dict[str, bytes]:
    """Some credential headers and cookies, each of arbitrary bytes."""
    junk = draw(_credential_bytes)
    where = draw(
        st.sets(
            st.sampled_from(
                ["bearer", "basic", "csrf", "play", "org", "ref", "device", "csrf-cookie"]
            ),
            min_size=1,
        )
    )
    headers: dict[str, bytes] = {}
    if "bearer" in where:
        headers["authorization"] = b"Bearer " + junk
    elif "basic" in where:
        headers["authorization"] = b"Basic " + junk
    if "csrf" in where:
        headers["x-csrf-token"] = junk
    if "play" in where:
        headers["x-play-token"] = b"A." + junk
    cookies = [
        name + b"=" + junk
        for key, name in (
            ("org", b"r61_org"),
            ("ref", b"r61_ref_1"),
            ("device", b"r61_device"),
            ("csrf-cookie", b"r61_csrf"),
        )
        if key in where
    ]
    if cookies:
        headers["cookie"] = b"; ".join(cookies)
    return headers


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


_JUNK = b"\xe9\xff\x80\x00 \x7f"
_CREDENTIALS: dict[str, dict[str, bytes]] = {
    "bearer": {"authorization": b"Bearer " + _JUNK},
    "basic": {"authorization": b"Basic " + _JUNK},
    "basic-base64": {"authorization": b"Basic " + base64.b64encode(_JUNK)},
    "csrf": {"x-csrf-token": _JUNK},
    "play": {"x-play-token": b"AB." + _JUNK},
    "session": {"cookie": b"r61_org=" + _JUNK},
    "referee-cookie": {"cookie": b"r61_ref_1=" + _JUNK},
    "device": {"cookie": b"r61_device=" + _JUNK + b".m1." + _JUNK},
    "csrf-cookie": {"cookie": b"r61_csrf=" + _JUNK, "x-csrf-token": _JUNK},
}


@pytest.mark.parametrize("credential", list(_CREDENTIALS))
def test_credential_bytes_on_every_route(fuzz: Fuzz, credential: str) -> None:
    for method, template in ROUTES:
        url = re.sub(r"\{[^}]+\}", "1", template)
        request = {"method": method, "url": url, "headers": _CREDENTIALS[credential]}
        if method != "GET":
            request["json"] = {"expected_seq": 0, "pin": "1", "kind": "undo"}
        status = _send(fuzz, request)
        assert status < 500, (method, url, credential)


@pytest.mark.parametrize("bound", [2**31, 2**63, -(2**63) - 1])
def test_integer_bounds_in_every_body(fuzz: Fuzz, bound: int) -> None:
    fields = ("expected_seq", "race_to", "rating", "level", "draw_seed", "race", "seq")
    numbers = dict.fromkeys(fields, bound)
    for method, template in ROUTES:
        if method == "GET":
            continue
        url = re.sub(r"\{[^}]+\}", "1", template)
        for auth in ("organiser", "referee"):
            status = _send(fuzz, {"method": method, "url": url, "json": numbers, "auth": auth})
            assert status < 500, (method, url, bound)


def test_every_route_is_fuzzed() -> None:
    paths = {path for _, path in ROUTES}
    assert len(ROUTES) > 50
    assert {"/api/matches/{match_id}/inputs", "/api/play/{match_id}/shots", "/login"} <= paths
