"""Slow and greedy clients against a real ``rotation61 serve`` (as shipped, on uvicorn).

Every connection goes to 127.0.0.1; an "other client" connects from another loopback
address (127.0.0.2, 127.0.0.3: Linux routes all of 127/8 to the loopback), so the caps
per client address can be seen apart from the test's own requests.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from rotation61.text import Language
from rotation61.web.adapters.screens import Subscriber
from rotation61.web.adapters.streams import ClientStreams
from rotation61.web.api.connections import ConnectionGuard
from rotation61.web.core.errors import TooManyStreamsError
from rotation61.web.core.settings import ConnectionLimits
from tests.web.helpers import ORGANISER
from tests.web.server import Server, running

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("connections")
    options = [
        "--header-timeout",
        "1",
        "--body-timeout",
        "1",
        "--client-connections",
        "8",
        "--client-streams",
        "2",
    ]
    url = f"sqlite:///{folder / 'web.sqlite3'}"
    with running(url, options=options, stderr=folder / "server.log") as started:
        yield started


def _connect(server: Server, source: str = "127.0.0.1") -> socket.socket:
    port = urlsplit(server.url).port
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    return sock


def _read_all(sock: socket.socket, timeout: float) -> tuple[bytes, float]:
    """What the server sends until it closes the connection, and how long that took."""
    sock.settimeout(timeout)
    started = time.monotonic()
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data, time.monotonic() - started


def test_partial_headers_are_answered_408_and_closed(server: Server) -> None:
    with _connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        data, took = _read_all(sock, timeout=8)
    assert data.startswith(b"HTTP/1.1 408"), data
    assert took < 4


def test_a_silent_connection_is_closed(server: Server) -> None:
    with _connect(server) as sock:
        data, took = _read_all(sock, timeout=8)
    assert data.startswith(b"HTTP/1.1 408"), data
    assert took < 4


def test_a_slow_body_is_cut(server: Server) -> None:
    with _connect(server) as sock:
        sock.sendall(
            b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
            b"\r\nContent-Length: 1000\r\n\r\nusername=ad"
        )
        _data, took = _read_all(sock, timeout=8)
    assert took < 4


def test_connections_past_the_client_cap_are_refused_and_others_served(server: Server) -> None:
    held = [_connect(server, "127.0.0.2") for _ in range(8)]
    try:
        time.sleep(0.2)
        with _connect(server, "127.0.0.2") as extra:
            data, took = _read_all(extra, timeout=5)
        assert data.startswith(b"HTTP/1.1 503"), data
        assert b"retry-after: 5" in data.lower()
        assert took < 1
        assert httpx.get(server.url + "/healthz", timeout=5).status_code == 200
    finally:
        for sock in held:
            sock.close()


def _stream_of(server: Server, source: str, path: str) -> tuple[socket.socket, bytes]:
    sock = _connect(server, source)
    sock.sendall(f"GET {path} HTTP/1.0\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock, sock.recv(65536)


def _stream(server: Server, source: str) -> tuple[socket.socket, bytes]:
    return _stream_of(server, source, "/api/hall/events")


def _drain(sock: socket.socket) -> None:
    while sock.recv(65536):
        pass


def test_a_stream_past_the_client_cap_is_refused_and_others_stay(server: Server) -> None:
    opened = [_stream(server, "127.0.0.3") for _ in range(2)]
    mine = _stream(server, "127.0.0.1")
    extra, head = _stream(server, "127.0.0.3")
    try:
        assert all(b" 200 " in first.split(b"\r\n", 1)[0] for _, first in [*opened, mine])
        assert head.startswith(b"HTTP/1.1 429"), head
        assert b"live-update streams" in head + extra.recv(65536)
        for sock, _ in [*opened, mine]:  # the others stay open
            sock.settimeout(0.5)
            with pytest.raises(TimeoutError):
                _drain(sock)
    finally:
        for sock, _ in [*opened, mine, (extra, b"")]:
            sock.close()


def test_streams_of_unknown_matches_hold_no_place(server: Server) -> None:
    for _ in range(4):  # more than the cap of 2: each is a 404, none a 429
        sock, head = _stream_of(server, "127.0.0.5", "/api/matches/999/events")
        sock.close()
        assert head.startswith(b"HTTP/1.1 404"), head
    sock, head = _stream_of(server, "127.0.0.5", "/api/hall/events")
    sock.close()
    assert b" 200 " in head.split(b"\r\n", 1)[0], head


def test_the_descriptor_limit_is_raised_to_the_hard_limit(server: Server) -> None:
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    line = next(row for row in limits.splitlines() if row.startswith("Max open files"))
    soft, hard = line.split()[3:5]
    assert soft == hard, line


def test_forwarded_for_is_not_trusted_by_default(server: Server) -> None:
    """A wrong PIN with forged X-Forwarded-For addresses still counts against the peer."""
    created = httpx.post(
        server.url + "/api/matches",
        json={"player_a": "An", "player_b": "Bình", "race_to": 2},
        auth=ORGANISER,
        timeout=5,
    )
    match_id = created.json()["id"]
    statuses = [
        httpx.post(
            f"{server.url}/api/matches/{match_id}/referee-token",
            json={"pin": "000000" if n % 2 else "999999"},
            headers={"X-Forwarded-For": f"10.0.{n // 250}.{n % 250}"},
            timeout=5,
        ).status_code
        for n in range(12)
    ]
    assert 429 in statuses, statuses


def test_guard_counts_per_address_and_in_all() -> None:
    limits = ConnectionLimits(client_connections=2)
    guard = ConnectionGuard(limits, total=3, trusted=frozenset({"10.0.0.1"}))
    assert guard.admit("a")
    assert guard.admit("a")
    assert not guard.admit("a")
    assert guard.admit("10.0.0.1")
    assert not guard.admit("b")  # 3 in all
    guard.release("a")
    assert guard.admit("b")
    assert guard.count == 3


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"ROTATION61_HEADER_TIMEOUT": "soon"}, "ROTATION61_HEADER_TIMEOUT='soon'"),
        ({"ROTATION61_CLIENT_STREAMS": "0"}, "client_streams = 0"),
        ({"ROTATION61_BODY_TIMEOUT": "-1"}, "body_timeout_s = -1.0"),
    ],
)
def test_bad_connection_settings_are_named(env: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        ConnectionLimits.from_env(env)


def test_stream_places_are_held_until_the_stream_runs_or_a_while() -> None:
    now = [0.0]
    streams = ClientStreams(2, hold_s=10, clock=lambda: now[0])
    streams.check("a")
    streams.check("a")
    with pytest.raises(TooManyStreamsError):
        streams.check("a")
    streams.check("b")  # another client has its own
    first = Subscriber(lang=Language.VI)
    streams.admit("a", first)
    assert streams.count("a") == 2
    now[0] = 11.0  # the second checked stream never ran: its place is free again
    assert streams.count("a") == 1
    streams.check("a")
    second, third = Subscriber(lang=Language.VI), Subscriber(lang=Language.EN)
    streams.admit("a", second)
    streams.admit("a", third)  # past the cap all the same: the oldest ends
    assert first.ended
    assert not second.ended
    streams.release("a", second)
    assert streams.count("a") == 1
    streams.check("a")
    streams.unhold("a")  # that stream will not run (its first read failed)
    assert streams.count("a") == 1


def test_new_connections_of_one_address_are_paced_after_a_burst() -> None:
    now = [0.0]
    limits = ConnectionLimits(client_connections=3, client_connects_per_s=2.0)
    guard = ConnectionGuard(limits, total=100, clock=lambda: now[0])
    for _ in range(3):  # the burst
        assert guard.admit("a")
        guard.release("a")
    assert not guard.admit("a")  # closed again at once, but too fast
    assert guard.admit("b")
    now[0] = 0.5  # one more a half second later
    assert guard.admit("a")
    assert not guard.admit("a")
