"""The live-update streams each client address holds, bounded (both hubs share them).

Each client address holds a bounded number of streams (:class:`ClientStreams`): one more
is refused with 429 before anything is read or rendered for it (a flood from one client
costs a refusal each), and should two start at once past the cap, the newer ends the
oldest.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Iterator

from rotation61.web.adapters.screens import Subscriber
from rotation61.web.core.errors import TooManyStreamsError

__all__ = ["ClientStreams", "counted"]

_log = logging.getLogger(__name__)


class ClientStreams:
    """The open streams of each client address: at ``cap``, a new one is refused.

    :meth:`check` refuses it before its first frame is made, and holds its place until
    the stream runs (:meth:`admit`; a place whose stream never ran is freed after
    ``hold_s``); should streams pass the cap all the same, the newest ends the oldest.

    Used on the event loop only (the routes and the stream generators run there).

    Args:
        cap: the streams one client address may hold.
        hold_s: how long a checked stream's place is kept for it.
        clock: monotonic seconds.
    """

    def __init__(
        self, cap: int, *, hold_s: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._cap = cap
        self._hold_s = hold_s
        self._clock = clock
        self._open: dict[str, deque[Subscriber]] = {}
        self._pending: dict[str, deque[float]] = {}

    def count(self, client: str) -> int:
        """How many streams a client holds (those checked and about to run included)."""
        pending = self._pending.get(client)
        if pending:
            stale = self._clock() - self._hold_s
            while pending and pending[0] < stale:
                pending.popleft()
        return len(self._open.get(client, ())) + len(pending or ())

    def check(self, client: str) -> None:
        """Refuse a client's new stream if it holds the most it may, else hold its place.

        Raises:
            TooManyStreamsError: the client holds ``cap`` streams.
        """
        held = self.count(client)
        if held >= self._cap:
            raise TooManyStreamsError(
                f"{client} holds {held} live-update streams, the most one client may "
                "(ROTATION61_CLIENT_STREAMS): close a screen and reload"
            )
        self._pending.setdefault(client, deque()).append(self._clock())

    def unhold(self, client: str) -> None:
        """Free the newest place :meth:`check` held (its stream will not run)."""
        pending = self._pending.get(client)
        if pending:
            pending.pop()
            if not pending:
                del self._pending[client]

    def admit(self, client: str, subscriber: Subscriber) -> None:
        """Count a client's new stream (in its checked place); end the oldest past the cap."""
        pending = self._pending.get(client)
        if pending:
            pending.popleft()
            if not pending:
                del self._pending[client]
        held = self._open.setdefault(client, deque())
        held.append(subscriber)
        ended = 0
        while len(held) > self._cap:
            held.popleft().end()
            ended += 1
        if ended:
            _log.info(
                "ended %d live stream(s) of %s: it holds %d, the most per client",
                ended,
                client,
                self._cap,
            )

    def release(self, client: str, subscriber: Subscriber) -> None:
        """A client's stream is over."""
        held = self._open.get(client)
        if held is None:
            return
        with contextlib.suppress(ValueError):
            held.remove(subscriber)
        if not held:
            del self._open[client]


@contextlib.contextmanager
def counted(
    streams: ClientStreams | None, client: str | None, subscriber: Subscriber
) -> Iterator[None]:
    """Count a client's stream for as long as it is open (nothing without a client)."""
    if streams is None or client is None:
        yield
        return
    streams.admit(client, subscriber)
    try:
        yield
    finally:
        streams.release(client, subscriber)
