"""Live updates: every worker's hub of spectators, fed by its own process or by PostgreSQL.

A spectator's screen subscribes to one match (or to the whole hall) in one language.
When input ``seq`` of a match is stored, the hub renders the scoreboard once per
language that has subscribers and hands the same frame to each of them. Frames carry
the whole scoreboard, so a screen that missed one is whole again with the next;
renders are coalesced, never queued.

- SQLite (one process): the service's :class:`LocalNotifier` wakes the hub directly.
- PostgreSQL (several workers or hosts): the repository sends ``NOTIFY`` in the input's
  own transaction; every worker's :class:`PostgresListener` LISTENs and wakes its
  hub, so a spectator on any worker sees every input from any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Final

from rotation61.text import Language

__all__ = ["Hub", "LocalNotifier", "NullNotifier", "PostgresListener", "Subscriber"]

_log = logging.getLogger(__name__)
HALL: Final = 0
"""The pseudo match number of the hall subscription (every match)."""

Renderer = Callable[[int, Language], dict[str, object] | None]
"""Renders a match's scoreboard in a language (``None`` if it no longer exists)."""


@dataclass(eq=False)
class Subscriber:
    """One connected screen: the latest frame per match, and a wake-up event."""

    lang: Language
    frames: dict[int, str] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, match_id: int, frame: str) -> None:
        """Keep the newest frame of a match and wake the screen's stream."""
        self.frames[match_id] = frame
        self.wake.set()

    def take(self) -> list[str]:
        """The frames not sent yet, oldest match first."""
        frames = list(self.frames.values())
        self.frames.clear()
        self.wake.clear()
        return frames


class Hub:
    """The spectators of one worker process, by match."""

    def __init__(self, render: Renderer) -> None:
        self._render = render
        self._subscribers: dict[int, set[Subscriber]] = {}
        self._latest: dict[int, int] = {}
        self._rendered: dict[int, int] = {}
        self._running: set[int] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the hub to the worker's event loop (at start-up)."""
        self._loop = loop

    @property
    def subscriber_count(self) -> int:
        """How many screens are connected to this worker."""
        return sum(len(s) for s in self._subscribers.values())

    def subscribe(self, match_id: int, lang: Language) -> Subscriber:
        """Register a screen for a match (:data:`HALL` for every match)."""
        subscriber = Subscriber(lang=lang)
        self._subscribers.setdefault(match_id, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, match_id: int, subscriber: Subscriber) -> None:
        """Forget a screen."""
        group = self._subscribers.get(match_id)
        if group is not None:
            group.discard(subscriber)
            if not group:
                del self._subscribers[match_id]

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored; safe to call from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self.wake, match_id, seq)

    def refresh_all(self) -> None:
        """Re-render every watched match (after a lost notification connection)."""
        for match_id in list(self._subscribers):
            if match_id != HALL:
                self.wake(match_id, self._latest.get(match_id, 0) + 1)

    def wake(self, match_id: int, seq: int) -> None:
        """On the loop: note the newest input and make sure a render is under way."""
        if seq > self._latest.get(match_id, -1):
            self._latest[match_id] = seq
        if match_id in self._running:
            return
        if not self._subscribers.get(match_id) and not self._subscribers.get(HALL):
            self._rendered[match_id] = seq
            return
        self._running.add(match_id)
        task = asyncio.get_running_loop().create_task(self._fan_out(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fan_out(self, match_id: int) -> None:
        try:
            while self._rendered.get(match_id, -1) < self._latest.get(match_id, 0):
                target = self._latest[match_id]
                watchers = list(self._subscribers.get(match_id, ())) + list(
                    self._subscribers.get(HALL, ())
                )
                for lang in {s.lang for s in watchers}:
                    view = await asyncio.to_thread(self._render, match_id, lang)
                    if view is None:
                        continue
                    frame = sse_frame(view)
                    for subscriber in watchers:
                        if subscriber.lang is lang:
                            subscriber.push(match_id, frame)
                self._rendered[match_id] = target
        except Exception:  # a render failure must not kill the worker; the next input retries
            _log.exception("rendering match %s for spectators failed", match_id)
        finally:
            self._running.discard(match_id)

    async def stream(
        self, match_id: int, lang: Language, first: list[dict[str, object]], *, ping_s: float = 15
    ) -> AsyncIterator[str]:
        """The server-sent events of one screen: the current view(s), then every update."""
        subscriber = self.subscribe(match_id, lang)
        try:
            yield "retry: 1000\n\n"
            for view in first:
                yield sse_frame(view)
            while True:
                try:
                    await asyncio.wait_for(subscriber.wake.wait(), timeout=ping_s)
                except TimeoutError:
                    yield ": ping\n\n"
                    continue
                for frame in subscriber.take():
                    yield frame
        finally:
            self.unsubscribe(match_id, subscriber)

    async def close(self) -> None:
        """Cancel the renders under way (at shutdown)."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task


def sse_frame(view: dict[str, object]) -> str:
    """A scoreboard view as one server-sent event (``id`` is ``<match>:<seq>``)."""
    data = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
    return f"id: {view.get('id')}:{view.get('seq')}\nevent: board\ndata: {data}\n\n"


class LocalNotifier:
    """Wakes this process's hub (SQLite: a single worker)."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored."""
        self._hub.published(match_id, seq)


class NullNotifier:
    """Does nothing: on PostgreSQL the input's transaction itself notifies every worker."""

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of a match is stored."""


class PostgresListener:
    """``LISTEN`` on the inputs channel and wake the hub; reconnects by itself."""

    def __init__(self, conninfo: str, channel: str, hub: Hub) -> None:
        self._conninfo = conninfo
        self._channel = channel
        self._hub = hub
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
                        match_id, _, seq = note.payload.partition(":")
                        if match_id.isdigit() and seq.isdigit():
                            self._hub.wake(int(match_id), int(seq))
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
