"""A worker's connected screens: one screen's frames, the screens by key, the renders.

The plumbing both hubs share (:class:`~rotation61.web.adapters.broker.Hub` for
scoreboards, :class:`~rotation61.web.adapters.fragments.FragmentHub` for an event's
fragments): a :class:`Subscriber` per screen, an :class:`Audience` of them by key and
language, :class:`Renders` that coalesce changes (never queue them), and the
server-sent events' framing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeVar

from rotation61.text import Language

__all__ = [
    "PENDING_KEPT",
    "Audience",
    "Frame",
    "Renders",
    "Screens",
    "Subscriber",
    "data_frame",
    "sse_frame",
    "updates",
]

_log = logging.getLogger(__name__)
K = TypeVar("K", bound=Hashable)
PENDING_KEPT: Final = 256
"""The most frames a screen keeps unsent; past that it is dropped (see :class:`Subscriber`)."""


class Frame(Protocol):
    """A rendered scoreboard (a response model): its match, its input count, its JSON."""

    @property
    def id(self) -> int:
        """The match."""
        ...

    @property
    def seq(self) -> int:
        """How many inputs the board replays."""
        ...

    def model_dump_json(self) -> str:
        """The board as compact JSON (non-ASCII characters kept as they are)."""
        ...


_PING: Final = b": ping\n\n"


def _release(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


@dataclass(eq=False)
class Subscriber:
    """One connected screen: the frames not sent yet, by slot, and its waiting stream.

    A slot is where a frame waits: a match (its newest frame replaces the one before,
    as scoreboards are whole) or a frame number (every frame kept, in order, as a
    fragment may be a change from the frame before). A push costs a dictionary write,
    and wakes the screen's stream only if it is waiting (one future, no task). The
    ping's timer is armed once per ping interval, not once per frame: when it fires
    after a frame was sent, it re-arms itself for a ping interval after that frame.

    Bounded: a screen that falls :data:`PENDING_KEPT` frames behind (a stalled
    connection) is dropped: its frames are forgotten and its stream ends
    (:attr:`dropped`, :attr:`ended`), so the browser reconnects and starts again from a
    whole frame.
    """

    lang: Language
    frames: dict[int, bytes] = field(default_factory=dict)
    ended: bool = False
    dropped: bool = False
    _waiter: asyncio.Future[None] | None = field(default=None, repr=False)
    _timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    _sent_at: float | None = field(default=None, repr=False)

    def push(self, slot: int, frame: bytes) -> None:
        """Keep a frame in its slot and wake the screen's stream."""
        if self.ended:
            return
        self.frames[slot] = frame
        if len(self.frames) > PENDING_KEPT:
            self.frames.clear()
            self.dropped = True
            self.end()
            return
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            _release(waiter)

    def end(self) -> None:
        """End the screen's stream (its client opened too many): it returns at once."""
        self.ended = True
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            _release(waiter)

    def take(self) -> list[bytes]:
        """The frames not sent yet, oldest first."""
        frames = list(self.frames.values())
        self.frames.clear()
        return frames

    async def next_chunk(self, ping_s: float) -> bytes:
        """The frames not sent yet as one write, once there are some.

        A ping comment instead when nothing was sent for ``ping_s`` seconds; nothing
        (``b""``) once its stream is ended (the screen dropped, or its client holds too
        many streams).
        """
        if self.ended:
            return b""
        loop = asyncio.get_running_loop()
        if self._sent_at is None:
            self._sent_at = loop.time()
        if not self.frames:
            waiter = self._waiter = loop.create_future()
            if self._timer is None:
                self._timer = loop.call_at(self._sent_at + ping_s, self._tick, ping_s)
            try:
                await waiter
            finally:
                if self._waiter is waiter:
                    self._waiter = None
        self._sent_at = loop.time()
        if not self.frames:
            return _PING
        frames = self.take()
        return frames[0] if len(frames) == 1 else b"".join(frames)

    def _tick(self, ping_s: float) -> None:
        self._timer = None
        waiter = self._waiter
        if waiter is None or waiter.done():
            return  # the stream is writing; it re-arms the timer when it waits again
        due = (self._sent_at or 0.0) + ping_s
        loop = asyncio.get_running_loop()
        if loop.time() >= due:
            self._waiter = None
            _release(waiter)
        else:
            self._timer = loop.call_at(due, self._tick, ping_s)

    def close(self) -> None:
        """Stop the ping's timer (the screen is gone)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


async def updates(subscriber: Subscriber, ping_s: float) -> AsyncIterator[bytes]:
    """A screen's chunks, until its stream is ended."""
    while not subscriber.ended:
        chunk = await subscriber.next_chunk(ping_s)
        if subscriber.ended:
            return
        yield chunk


class Audience(Generic[K]):
    """The screens of one worker by key (a match, a stream), grouped by language.

    Delivery hands each language's bytes, encoded once, to that language's screens:
    no render, encoding or scheduling per screen. Bounded by the connected screens: a
    key is forgotten with its last screen.
    """

    def __init__(self) -> None:
        self._screens: dict[K, dict[Language, set[Subscriber]]] = {}

    @property
    def count(self) -> int:
        """How many screens are connected."""
        return sum(len(s) for groups in self._screens.values() for s in groups.values())

    def watched_keys(self) -> list[K]:
        """The watched keys."""
        return list(self._screens)

    def watched(self, key: K) -> bool:
        """Whether a screen watches ``key``."""
        return key in self._screens

    def languages(self, keys: Iterable[K]) -> set[Language]:
        """The languages of the screens watching any of ``keys``."""
        return {lang for key in keys for lang in self._screens.get(key, ())}

    def subscribe(self, key: K, lang: Language) -> Subscriber:
        """Register a screen."""
        subscriber = Subscriber(lang=lang)
        self._screens.setdefault(key, {}).setdefault(lang, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, key: K, subscriber: Subscriber) -> None:
        """Forget a screen."""
        subscriber.close()
        groups = self._screens.get(key)
        if groups is None:
            return
        group = groups.get(subscriber.lang)
        if group is not None:
            group.discard(subscriber)
            if not group:
                del groups[subscriber.lang]
        if not groups:
            del self._screens[key]

    def deliver(
        self, keys: Iterable[K], slot: int, frames: Mapping[Language, bytes | None]
    ) -> None:
        """Hand each screen watching any of ``keys`` its language's frame (``None``: none)."""
        for key in keys:
            for lang, group in self._screens.get(key, {}).items():
                frame = frames.get(lang)
                if frame is not None:
                    for subscriber in group:
                        subscriber.push(slot, frame)


class Renders(Generic[K]):
    """At most one render task per key: a kick while it runs makes it run once more.

    The renders of both hubs: changes are coalesced before rendering, never queued; a
    render that fails is logged (``failed`` is told) and the next kick retries.

    Args:
        step: renders a key once and delivers its frames.
        failed: told the key of a render that raised.
    """

    def __init__(
        self, step: Callable[[K], Awaitable[None]], failed: Callable[[K], None] | None = None
    ) -> None:
        self._step = step
        self._failed = failed
        self._dirty: set[K] = set()
        self._running: set[K] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def busy(self) -> bool:
        """Whether a render is under way."""
        return bool(self._running)

    def running(self, key: K) -> bool:
        """Whether a render of ``key`` is under way."""
        return key in self._running

    def kick(self, key: K) -> None:
        """On the loop: make sure ``key`` is rendered after this call."""
        self._dirty.add(key)
        if key in self._running:
            return
        self._running.add(key)
        task = asyncio.get_running_loop().create_task(self._run(key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, key: K) -> None:
        try:
            while key in self._dirty:
                self._dirty.discard(key)
                await self._step(key)
        except Exception:  # a render failure must not kill the worker; the next change retries
            _log.exception("rendering %s for spectators failed", key)
            self._dirty.discard(key)
            if self._failed is not None:
                self._failed(key)
        finally:
            self._running.discard(key)

    async def close(self) -> None:
        """Cancel the renders under way (at shutdown)."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task


class Screens(Generic[K]):
    """What both hubs share: their screens by key, their renders, the worker's loop.

    Args:
        step: renders a key once and delivers its frames (see :class:`Renders`).
        failed: told the key of a render that raised.
    """

    def __init__(
        self, step: Callable[[K], Awaitable[None]], failed: Callable[[K], None] | None = None
    ) -> None:
        self._audience: Audience[K] = Audience()
        self._renders: Renders[K] = Renders(step, failed)
        self._loop: asyncio.AbstractEventLoop | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the hub to the worker's event loop (at start-up)."""
        self._loop = loop

    @property
    def subscriber_count(self) -> int:
        """How many screens are connected to this worker."""
        return self._audience.count

    @property
    def busy(self) -> bool:
        """Whether a render is under way."""
        return self._renders.busy

    def subscribe(self, key: K, lang: Language) -> Subscriber:
        """Register a screen for a key."""
        return self._audience.subscribe(key, lang)

    def unsubscribe(self, key: K, subscriber: Subscriber) -> None:
        """Forget a screen."""
        self._audience.unsubscribe(key, subscriber)

    async def close(self) -> None:
        """Cancel the renders under way (at shutdown)."""
        await self._renders.close()


def sse_frame(view: Frame) -> bytes:
    """A scoreboard view as one server-sent event (``id`` is ``<match>:<seq>``), UTF-8."""
    return f"id: {view.id}:{view.seq}\nevent: board\ndata: {view.model_dump_json()}\n\n".encode()


def data_frame(event: str, data: str) -> bytes:
    """One server-sent event of a given name carrying ``data`` (one line of JSON), UTF-8."""
    return f"event: {event}\ndata: {data}\n\n".encode()
