"""Live updates of server-rendered fragments: an event's page, a hall table's stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence

from rotation61.text import Language
from rotation61.web.adapters.screens import Screens, updates
from rotation61.web.adapters.streams import ClientStreams, counted

__all__ = ["FragmentHub", "Render"]


Render = Callable[[str, Language, bool], bytes | None]
"""Renders one stream's frame in a language, whole (``True``) or as a change from the
last one rendered (may read storage; run in a thread)."""


class FragmentHub(Screens[str]):
    """Spectators of server-rendered fragments, by stream key (``"event:3"``, ``"table:2"``).

    Like :class:`~rotation61.web.adapters.broker.Hub` (the same :class:`Audience` and
    :class:`Renders`): a change wakes every stream it touches; each stream is rendered
    once per language with watchers, in a thread, encoded once, and the same bytes go
    to every screen. A screen's first
    frame is whole; the next ones may be changes from the frame before (the renderer
    decides), so every frame is kept for the screen, in order, until it is sent
    (changes are coalesced before rendering, not after).

    Args:
        render: renders a stream's frame in a language (``None``: nothing to send).
        touched: the stream keys a change of item ``key`` touches.
        streams: the streams each client address holds (``None``: not counted).
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
        self._frame_number = 0
        super().__init__(self._fan_out)

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
            with counted(self._streams, client, subscriber):
                yield b"retry: 1000\n\n"
                if subscriber.ended:
                    return
                first = await asyncio.to_thread(self._render, key, lang, True)
                if first is not None:
                    yield first
                async for chunk in updates(subscriber, ping_s):
                    yield chunk
        finally:
            self.unsubscribe(key, subscriber)

    async def snapshot(self, key: str, lang: Language) -> bytes | None:
        """A stream's whole frame now, for a screen that missed a change (in a thread)."""
        return await asyncio.to_thread(self._render, key, lang, True)
