"""Real server processes for the live, durability and multi-worker tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests import processes
from tests.web.helpers import PASSWORD

START_S = 90
"""How long a server may take to answer: a 2-worker server imports the app in three
processes, which takes over 20 s on a loaded 2-core machine (polled: no wait once up)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]

    def kill(self) -> None:
        """SIGKILL to the server and its workers: no shutdown handler runs."""
        _signal_group(self.process, signal.SIGKILL)
        self.process.wait(timeout=10)


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    """Signal the server's process group: the server and every worker it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def start_server(
    database_url: str,
    *,
    port: int | None = None,
    workers: int = 1,
    options: Sequence[str] = (),
    stderr: Path | None = None,
    result_grace_s: float = 0,
) -> Server:
    """A server process on ``database_url`` (``options``: more ``serve`` options).

    ``stderr``: a file for the server's log (else a pipe, read if it fails to start).
    ``result_grace_s``: how long a table's finished match is held (0: the event takes
    its result at once, as most tests expect).
    """
    port = port or free_port()
    env = processes.server_env()
    env["ROTATION61_RESULT_GRACE_S"] = f"{result_grace_s:g}"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rotation61.cli.serve",
            "--port",
            str(port),
            "--database-url",
            database_url,
            "--organiser-password",
            PASSWORD,
            "--workers",
            str(workers),
            *options,
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE if stderr is None else stderr.open("ab"),
        start_new_session=True,  # a group of its own, so that its workers end with it
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = process.stderr.read() if process.stderr else b""
            err = (log or (stderr.read_bytes() if stderr else b"")).decode()
            _signal_group(process, signal.SIGKILL)
            raise RuntimeError(f"server exited with {process.returncode}: {err[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return Server(url=url, process=process)
        time.sleep(0.05)
    _signal_group(process, signal.SIGKILL)
    process.wait()
    raise RuntimeError(f"server did not start within {START_S} s")


def stop(server: Server) -> None:
    """SIGTERM (the server stops its workers), then SIGKILL to whatever of the group is left."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()
    _signal_group(server.process, signal.SIGKILL)


@contextlib.contextmanager
def running(database_url: str, **kwargs: Any) -> Iterator[Server]:
    server = start_server(database_url, **kwargs)
    try:
        yield server
    finally:
        stop(server)


class SseReader:
    """Reads a server-sent events stream in a thread; ``board`` views land in a queue.

    A plain socket speaking HTTP/1.0 (no chunked encoding), so that :meth:`close` can
    cut it at once from another thread.
    """

    def __init__(self, url: str) -> None:
        import queue
        import threading
        from urllib.parse import urlsplit

        self.url = url
        parts = urlsplit(url)
        self.views: queue.Queue[tuple[float, dict[str, object]]] = queue.Queue()
        self.headers: dict[str, str] = {}
        self._sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        target = parts.path + ("?" + parts.query if parts.query else "")
        self._sock.sendall(
            f"GET {target} HTTP/1.0\r\nHost: {parts.hostname}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        self._sock.settimeout(None)
        self._file = self._sock.makefile("rb")
        status = self._file.readline().decode()
        if " 200 " not in status:
            raise RuntimeError(f"SSE {url}: {status.strip()}")
        while True:
            line = self._file.readline().decode().strip()
            if not line:
                break
            name, _, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import json

        event, data = "", ""
        with contextlib.suppress(OSError, ValueError):
            for raw in self._file:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data = line[5:].strip()
                elif line == "" and data:
                    if event == "board":
                        self.views.put((time.monotonic(), json.loads(data)))
                    event, data = "", ""

    def wait_for_seq(self, seq: int, timeout: float = 5.0) -> tuple[float, dict[str, object]]:
        """The first view with at least input ``seq``, and when it arrived."""
        import queue

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no view with seq >= {seq} from {self.url}")
            try:
                arrived, view = self.views.get(timeout=left)
            except queue.Empty:
                continue
            if int(str(view["seq"])) >= seq:
                return arrived, view

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        self._thread.join(timeout=2)
