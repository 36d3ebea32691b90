"""The server's connections: read timeouts and caps per client address and in all.

``rotation61 serve`` runs uvicorn with :class:`GuardedHttpProtocol`, uvicorn's httptools
protocol with what it lacks against slow or greedy clients on a venue's Wi-Fi:

- a connection must send a request's headers within ``header_timeout_s`` of opening
  (or of the request's first byte), then its body within ``body_timeout_s``: a slower
  one is answered 408 (or, once the app reads the body, cut) and closed;
- one client address holds at most ``client_connections`` open connections and opens
  at most ``client_connects_per_s`` a second (after a burst of ``client_connections``:
  a flood of reconnections costs an accept and a close each, never a request), and the
  worker at most :meth:`ConnectionLimits.total` (from the descriptor limit, which
  ``rotation61 serve`` raises to the hard limit): a connection past either is answered
  503 with ``Retry-After`` and closed at once, so the descriptors never run out. The
  addresses of trusted proxies (``--forwarded-allow-ips``) are not capped per client.

Idle keep-alive connections are closed by uvicorn after ``timeout_keep_alive``. The
limits are read once per worker from the ``ROTATION61_*`` variables
(:class:`~rotation61.web.core.settings.ConnectionLimits`). Refusals are logged, one line
per client address and second at most, with the number refused.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import os
import time
import weakref
from typing import Any, Final

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from rotation61.web.core.settings import ConnectionLimits

__all__ = ["ConnectionGuard", "GuardedHttpProtocol", "descriptor_limit"]

_log = logging.getLogger(__name__)


def _answer(status: bytes, text: bytes, *extra: bytes) -> bytes:
    """A whole HTTP response that closes the connection."""
    head = [b"HTTP/1.1 " + status, b"content-type: text/plain; charset=utf-8", *extra]
    head += [b"content-length: " + str(len(text)).encode(), b"connection: close"]
    return b"\r\n".join(head) + b"\r\n\r\n" + text


_BUSY: Final = _answer(
    b"503 Service Unavailable", b"too many connections: try again soon", b"retry-after: 5"
)
_SLOW: Final = _answer(b"408 Request Timeout", b"the request took too long to send")


def descriptor_limit() -> int:
    """The files this process may open (its ``RLIMIT_NOFILE`` soft limit; 1024 if unknown)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return 1024
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@dataclasses.dataclass
class _Refusals:
    """Refusals of one address not logged yet, and when the last line was written."""

    pending: int = 0
    logged_at: float = 0.0


class ConnectionGuard:
    """The open connections of one worker, counted per client address.

    Args:
        limits: the caps and timeouts.
        total: the connections the worker holds at most.
        trusted: addresses not capped per client (trusted proxies; ``"*"``: every one).
        clock: monotonic seconds (for the log's pace).
    """

    def __init__(
        self,
        limits: ConnectionLimits,
        *,
        total: int,
        trusted: frozenset[str] = frozenset(),
        clock: Any = time.monotonic,
    ) -> None:
        self.limits = limits
        self.total = total
        self._trusted = trusted
        self._open: dict[str, int] = {}
        self._budget: dict[str, tuple[float, float]] = {}  # tokens, when counted
        self._count = 0
        self._refusals: dict[str, _Refusals] = {}
        self._clock = clock

    @property
    def count(self) -> int:
        """How many connections are open."""
        return self._count

    def admit(self, peer: str) -> bool:
        """Count a new connection of ``peer``; ``False`` (and not counted) past a cap."""
        held = self._open.get(peer, 0)
        per_client = "*" not in self._trusted and peer not in self._trusted
        if self._count >= self.total or (
            per_client and (held >= self.limits.client_connections or not self._spend(peer))
        ):
            self._refused(peer, held)
            return False
        self._open[peer] = held + 1
        self._count += 1
        return True

    def _spend(self, peer: str) -> bool:
        """Take one new connection from the address's budget (a token bucket)."""
        now = self._clock()
        burst = float(self.limits.client_connections)
        tokens, then = self._budget.get(peer, (burst, now))
        tokens = min(burst, tokens + (now - then) * self.limits.client_connects_per_s)
        if tokens < 1:
            self._budget[peer] = (tokens, now)
            return False
        self._budget[peer] = (tokens - 1, now)
        if len(self._budget) > 4096:  # forget the addresses whose budget is whole again
            rate = self.limits.client_connects_per_s
            self._budget = {
                k: (t, w) for k, (t, w) in self._budget.items() if t + (now - w) * rate < burst
            }
        return True

    def release(self, peer: str) -> None:
        """A connection counted by :meth:`admit` closed."""
        held = self._open.get(peer, 0) - 1
        if held > 0:
            self._open[peer] = held
        else:
            self._open.pop(peer, None)
        self._count = max(0, self._count - 1)

    def _refused(self, peer: str, held: int) -> None:
        entry = self._refusals.setdefault(peer, _Refusals())
        entry.pending += 1
        now = self._clock()
        if now - entry.logged_at < 1.0:
            return
        _log.warning(
            "refused %d connection(s) from %s: it holds %d of %d per client, %d of %d in all",
            entry.pending,
            peer,
            held,
            self.limits.client_connections,
            self._count,
            self.total,
        )
        entry.pending = 0
        entry.logged_at = now
        if len(self._refusals) > 4096:  # forget the quiet addresses
            self._refusals = {k: v for k, v in self._refusals.items() if v.pending}


_GUARDS: weakref.WeakKeyDictionary[ServerState, ConnectionGuard] = weakref.WeakKeyDictionary()


@functools.cache
def _limits() -> ConnectionLimits:
    return ConnectionLimits.from_env(os.environ)


def _guard(config: Config, state: ServerState) -> ConnectionGuard:
    """The guard of a server (one per worker), made on its first connection."""
    guard = _GUARDS.get(state)
    if guard is None:
        trusted: frozenset[str] = frozenset()
        if config.proxy_headers:
            allowed = config.forwarded_allow_ips
            names = allowed if isinstance(allowed, list) else str(allowed or "").split(",")
            trusted = frozenset(name.strip() for name in names if name.strip())
        limits = _limits()
        guard = _GUARDS[state] = ConnectionGuard(
            limits, total=limits.total(descriptor_limit()), trusted=trusted
        )
    return guard


class GuardedHttpProtocol(HttpToolsProtocol):
    """Uvicorn's httptools protocol with read timeouts and connection caps (see the module)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._guard = _guard(config, server_state)
        self._peer: str | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Admit the connection, or answer 503 and close it; then wait for its headers."""
        super().connection_made(transport)
        peer = self.client[0] if self.client else "unknown"
        if not self._guard.admit(peer):
            transport.write(_BUSY)
            transport.close()
            return
        self._peer = peer
        self._arm(self._guard.limits.header_timeout_s, "headers")

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock and uncount the connection."""
        self._disarm()
        if self._peer is not None:
            self._guard.release(self._peer)
            self._peer = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        """A request starts: its headers are due within the header timeout."""
        super().on_message_begin()
        if self._peer is not None:
            self._arm(self._guard.limits.header_timeout_s, "headers")

    def on_headers_complete(self) -> None:
        """The headers are in: the body is due within the body timeout."""
        super().on_headers_complete()
        if self._peer is not None:
            self._arm(self._guard.limits.body_timeout_s, "body")

    def on_message_complete(self) -> None:
        """The whole request is in: no clock runs while the app answers."""
        super().on_message_complete()
        self._disarm()

    def _arm(self, seconds: float, part: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow, part, seconds)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self, part: str, seconds: float) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        _log.warning(
            "closed a connection from %s: its request's %s took more than %g s",
            self._peer,
            part,
            seconds,
        )
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(_SLOW)
        self.transport.close()
