"""Live updates: every worker's hub of spectators, fed by its own process or by PostgreSQL.

A spectator's screen subscribes to one match (or to the whole hall) in one language.
When input ``seq`` of a match is stored, the hub renders the scoreboard once per
language that has subscribers and hands the same frame to each of them. Frames carry
the whole scoreboard, so a screen that missed one is whole again with the next;
renders are coalesced, never queued.

- Every backend: the service's :class:`LocalNotifier` wakes its own worker's hub right
  after the commit; the hub renders from the worker's memory, with no I/O.
- PostgreSQL (several workers or hosts): the repository also sends ``NOTIFY`` in the
  input's own transaction, carrying the input; every worker's
  :class:`PostgresListener` LISTENs, advances its memory with the input and wakes its
  hub, so a spectator on any worker sees every input from any other. Announcements
  already shown are skipped; a gap in the memory is read from storage.

Each client address holds a bounded number of streams (:class:`ClientStreams`, shared by
both hubs): one more is refused with 429 before anything is read or rendered for it (a
flood from one client costs a refusal each), and should two start at once past the
cap, the newer ends the oldest.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Hashable,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeVar

from rotation61.records import Input, MatchLog
from rotation61.text import Language
from rotation61.web.adapters.matches import parse_payload
from rotation61.web.core.errors import MatchNotFoundError, TooManyStreamsError
from rotation61.web.core.model import StoredMatch

__all__ = [
    "HALL",
    "Audience",
    "Boards",
    "ClientStreams",
    "FragmentHub",
    "Frame",
    "Hub",
    "LocalNotifier",
    "NullNotifier",
    "PostgresListener",
    "Renders",
    "Subscriber",
    "Waker",
    "data_frame",
    "sse_frame",
]

_log = logging.getLogger(__name__)
HALL: Final = 0
"""The pseudo match number of the hall subscription (every match)."""

Board = tuple[StoredMatch, MatchLog]
K = TypeVar("K", bound=Hashable)


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


View = Callable[[StoredMatch, MatchLog, Language], Frame]
"""Renders a match's scoreboard in a language (pure)."""


class Boards(Protocol):
    """Where the hub gets a match's state: the worker's memory, else storage."""

    def cached(self, match_id: int, seq: int = 0) -> Board | None:
        """The remembered state if it replays input ``seq`` or later (no I/O)."""
        ...

    def board(self, match_id: int) -> Board:
        """The current state, read from storage (:class:`MatchNotFoundError` if none)."""
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
    """

    lang: Language
    frames: dict[int, bytes] = field(default_factory=dict)
    ended: bool = False
    _waiter: asyncio.Future[None] | None = field(default=None, repr=False)
    _timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    _sent_at: float | None = field(default=None, repr=False)

    def push(self, slot: int, frame: bytes) -> None:
        """Keep a frame in its slot and wake the screen's stream."""
        self.frames[slot] = frame
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

        A ping comment instead when nothing was sent for ``ping_s`` seconds.
        """
        loop = asyncio.get_running_loop()
        if self._sent_at is None:
            self._sent_at = loop.time()
        if not self.frames and not self.ended:
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
def _counted(
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


async def _updates(subscriber: Subscriber, ping_s: float) -> AsyncIterator[bytes]:
    """A screen's chunks, until its stream is ended."""
    while not subscriber.ended:
        chunk = await subscriber.next_chunk(ping_s)
        if subscriber.ended:
            return
        yield chunk


class Audience(Generic[K]):
    """The screens of one worker by key (a match, a stream), grouped by language.

    Delivery hands each language's bytes, encoded once, to that language's screens:
    no render, encoding or scheduling per screen.
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


class Hub:
    """The spectators of one worker process, by match.

    A render needs no I/O when the worker already remembers the match at the announced
    input (it stored the input itself, or the notification carried it); otherwise the
    new inputs are read from storage in a thread. Each frame is encoded once per
    language and the same bytes go to every screen of that language.
    """

    def __init__(self, boards: Boards, view: View, streams: ClientStreams | None = None) -> None:
        self._boards = boards
        self._view = view
        self._streams = streams
        self._audience: Audience[int] = Audience()
        self._latest: dict[int, int] = {}
        self._rendered: dict[int, int] = {}
        self._reload: set[int] = set()
        self._renders: Renders[int] = Renders(self._render, self._reload.add)
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

    def subscribe(self, match_id: int, lang: Language) -> Subscriber:
        """Register a screen for a match (:data:`HALL` for every match)."""
        return self._audience.subscribe(match_id, lang)

    def unsubscribe(self, match_id: int, subscriber: Subscriber) -> None:
        """Forget a screen."""
        self._audience.unsubscribe(match_id, subscriber)

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored; safe to call from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self.wake, match_id, seq)

    def refresh_all(self) -> None:
        """Re-render every watched match from storage (after a lost notification connection)."""
        for match_id in self._audience.watched_keys():
            if match_id != HALL:
                self.reload(match_id)

    def changed(self, match_id: int) -> None:
        """A match's screens show something new besides its inputs (its shot clock).

        Re-rendered from storage; safe to call from any thread.
        """
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self.reload, match_id)

    def reload(self, match_id: int) -> None:
        """On the loop: re-render a match from storage, whatever was announced."""
        self._reload.add(match_id)
        self.wake(match_id, self._latest.get(match_id, 0))

    def wake(self, match_id: int, seq: int) -> None:
        """On the loop: note the newest input and make sure a render is under way."""
        if seq > self._latest.get(match_id, -1):
            self._latest[match_id] = seq
        if self._renders.running(match_id):
            self._renders.kick(match_id)  # it renders the newest input before it ends
            return
        if not self._audience.watched(match_id) and not self._audience.watched(HALL):
            self._rendered[match_id] = max(seq, self._rendered.get(match_id, -1))
            self._reload.discard(match_id)
            return
        if self._due(match_id):
            self._renders.kick(match_id)

    def _due(self, match_id: int) -> bool:
        return match_id in self._reload or self._rendered.get(match_id, -1) < self._latest.get(
            match_id, 0
        )

    async def _render(self, match_id: int) -> None:
        while self._due(match_id):
            target = self._latest.get(match_id, 0)
            board = None
            if match_id in self._reload:
                self._reload.discard(match_id)
            else:
                board = self._boards.cached(match_id, target)
            if board is None:
                try:
                    board = await asyncio.to_thread(self._boards.board, match_id)
                except MatchNotFoundError:
                    self._rendered[match_id] = target
                    continue
            keys = (match_id, HALL) if board[0].game is None else (match_id,)  # no game on the hall
            frames = {
                lang: sse_frame(self._view(*board, lang)) for lang in self._audience.languages(keys)
            }
            self._audience.deliver(keys, match_id, frames)
            self._rendered[match_id] = max(target, board[1].length)

    async def stream(
        self,
        match_id: int,
        lang: Language,
        first: Sequence[Frame],
        *,
        client: str | None = None,
        ping_s: float = 15,
    ) -> AsyncIterator[bytes]:
        """The server-sent events of one screen: the current view(s), then every update.

        ``client`` (its address) is counted against the streams each client may hold.
        """
        subscriber = self.subscribe(match_id, lang)
        try:
            with _counted(self._streams, client, subscriber):
                yield b"retry: 1000\n\n"
                for view in first:
                    yield sse_frame(view)
                shown = first[0].seq if match_id != HALL and first else None
                if shown is not None and self._latest.get(match_id, -1) > shown:
                    self.reload(match_id)  # an input landed while the first view was read
                async for chunk in _updates(subscriber, ping_s):
                    yield chunk
        finally:
            self.unsubscribe(match_id, subscriber)

    async def close(self) -> None:
        """Cancel the renders under way (at shutdown)."""
        await self._renders.close()


def sse_frame(view: Frame) -> bytes:
    """A scoreboard view as one server-sent event (``id`` is ``<match>:<seq>``), UTF-8."""
    return f"id: {view.id}:{view.seq}\nevent: board\ndata: {view.model_dump_json()}\n\n".encode()


class LocalNotifier:
    """Wakes this process's hub at once (every backend; PostgreSQL also notifies the others).

    Attributes:
        hub: the hub to wake (set after the hub is made, as the hub reads the service).
    """

    def __init__(self, hub: Hub | None = None) -> None:
        self.hub = hub

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored."""
        if self.hub is not None:
            self.hub.published(match_id, seq)


class NullNotifier:
    """Does nothing: on PostgreSQL the input's transaction itself notifies every worker."""

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored."""


class Waker(Protocol):
    """What a listener wakes: a hub of spectators."""

    def wake(self, key: int, seq: int) -> None:
        """On the loop: item ``key`` has input ``seq``."""
        ...

    def refresh_all(self) -> None:
        """On the loop: re-render everything watched (after a lost connection)."""
        ...


Render = Callable[[str, Language, bool], bytes | None]
"""Renders one stream's frame in a language, whole (``True``) or as a change from the
last one rendered (may read storage; run in a thread)."""


class FragmentHub:
    """Spectators of server-rendered fragments, by stream key (``"event:3"``, ``"table:2"``).

    Like :class:`Hub` (the same :class:`Audience` and :class:`Renders`): a change wakes
    every stream it touches; each stream is rendered once per language with watchers,
    in a thread, encoded once, and the same bytes go to every screen. A screen's first
    frame is whole; the next ones may be changes from the frame before (the renderer
    decides), so every frame is kept for the screen, in order, until it is sent
    (changes are coalesced before rendering, not after).

    Args:
        render: renders a stream's frame in a language (``None``: nothing to send).
        touched: the stream keys a change of item ``key`` touches.
    """

    def __init__(
        self,
        render: Render,
        touched: Callable[[int], Sequence[str]],
        streams: ClientStreams | None = None,
    ) -> None:
        self._render = render
        self._touched = touched
        self._streams = streams
        self._audience: Audience[str] = Audience()
        self._renders: Renders[str] = Renders(self._fan_out)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._frame_number = 0

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the hub to the worker's event loop (at start-up)."""
        self._loop = loop

    @property
    def subscriber_count(self) -> int:
        """How many screens are connected."""
        return self._audience.count

    @property
    def busy(self) -> bool:
        """Whether a render is under way."""
        return self._renders.busy

    def streams(self) -> list[str]:
        """The watched stream keys."""
        return self._audience.watched_keys()

    def published(self, key: int, seq: int) -> None:
        """Item ``key`` changed (input ``seq``); safe to call from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self.wake, key, seq)

    def event_changed(self, event_id: int, seq: int) -> None:
        """An event has new inputs (the tournament service's notifier)."""
        self.published(event_id, seq)

    def wake(self, key: int, seq: int) -> None:
        """On the loop: re-render every watched stream that item ``key`` touches."""
        for stream in self._touched(key):
            if self._audience.watched(stream):
                self._renders.kick(stream)

    def refresh_all(self) -> None:
        """On the loop: re-render every watched stream."""
        for stream in self._audience.watched_keys():
            self._renders.kick(stream)

    async def _fan_out(self, stream: str) -> None:
        self._frame_number += 1
        number = self._frame_number
        for lang in self._audience.languages((stream,)):
            # Each language's screens get their frame as soon as it is rendered: their
            # writes overlap the next language's render (in its thread).
            frame = await asyncio.to_thread(self._render, stream, lang, False)
            self._audience.deliver((stream,), number, {lang: frame})

    async def stream(
        self, key: str, lang: Language, *, client: str | None = None, ping_s: float = 15
    ) -> AsyncIterator[bytes]:
        """The server-sent events of one screen: the current frame, then every update.

        ``client`` (its address) is counted against the streams each client may hold.
        """
        subscriber = self.subscribe(key, lang)
        try:
            with _counted(self._streams, client, subscriber):
                yield b"retry: 1000\n\n"
                if subscriber.ended:
                    return
                first = await asyncio.to_thread(self._render, key, lang, True)
                if first is not None:
                    yield first
                async for chunk in _updates(subscriber, ping_s):
                    yield chunk
        finally:
            self.unsubscribe(key, subscriber)

    async def snapshot(self, key: str, lang: Language) -> bytes | None:
        """A stream's whole frame now, for a screen that missed a change (in a thread)."""
        return await asyncio.to_thread(self._render, key, lang, True)

    def subscribe(self, key: str, lang: Language) -> Subscriber:
        """Register a screen for a stream."""
        return self._audience.subscribe(key, lang)

    def unsubscribe(self, key: str, subscriber: Subscriber) -> None:
        """Forget a screen."""
        self._audience.unsubscribe(key, subscriber)

    async def close(self) -> None:
        """Cancel the renders under way (at shutdown)."""
        await self._renders.close()


def data_frame(event: str, data: str) -> bytes:
    """One server-sent event of a given name carrying ``data`` (one line of JSON), UTF-8."""
    return f"event: {event}\ndata: {data}\n\n".encode()


class PostgresListener:
    """``LISTEN`` on the inputs channel and wake the hub; reconnects by itself.

    A notification carries the committed input; ``offer`` (the service's) advances the
    worker's remembered state with it, so the hub renders without reading storage.
    Inputs missed while the connection was down leave a gap, which is read from storage.
    """

    def __init__(
        self,
        conninfo: str,
        channel: str,
        hub: Waker,
        offer: Callable[[int, int, Input], object] | None = None,
        parse: Callable[[str], tuple[int, int, Input | None] | None] = parse_payload,
    ) -> None:
        self._conninfo = conninfo
        self._channel = channel
        self._hub = hub
        self._offer = offer
        self._parse = parse
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    def start(self) -> None:
        """Start listening in the background (on the running loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        import psycopg
        from psycopg import sql

        delay = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))
                    self.ready.set()
                    self._hub.refresh_all()
                    delay = 0.2
                    async for note in conn.notifies():
                        parsed = self._parse(note.payload)
                        if parsed is None:
                            continue
                        match_id, seq, item = parsed
                        if item is not None and self._offer is not None:
                            self._offer(match_id, seq, item)
                        self._hub.wake(match_id, seq)
            except asyncio.CancelledError:
                raise
            except Exception:
                _log.warning("lost the PostgreSQL notification connection; reconnecting")
                self.ready.clear()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def stop(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
