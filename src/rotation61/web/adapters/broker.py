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
  already shown are skipped; a gap in the memory is read from storage
  (:mod:`.listener`).

The screens' plumbing is :mod:`.screens`; an event's fragments have their own hub
(:mod:`.fragments`); the streams each client address may hold, shared by both hubs, are
counted by :class:`~rotation61.web.adapters.streams.ClientStreams`. A browser game is
shown on its own scoreboard, not on the hall's.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Final, Protocol

from rotation61.records import MatchLog
from rotation61.text import Language
from rotation61.web.adapters.fragments import FragmentHub
from rotation61.web.adapters.listener import PostgresListener
from rotation61.web.adapters.screens import Frame, Screens, sse_frame, updates
from rotation61.web.adapters.streams import ClientStreams, counted
from rotation61.web.core.errors import MatchNotFoundError
from rotation61.web.core.model import StoredMatch

__all__ = [
    "HALL",
    "MATCHES_KEPT",
    "Boards",
    "ClientStreams",
    "FragmentHub",
    "Hub",
    "LocalNotifier",
    "NullNotifier",
    "PostgresListener",
]

HALL: Final = 0
"""The pseudo match number of the hall subscription (every match)."""
MATCHES_KEPT: Final = 4096
"""The most matches a hub remembers the newest input of (see :class:`Hub`)."""

Board = tuple[StoredMatch, MatchLog]


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


class Hub(Screens[int]):
    """The spectators of one worker process, by match.

    A render needs no I/O when the worker already remembers the match at the announced
    input (it stored the input itself, or the notification carried it); otherwise the
    new inputs are read from storage in a thread. Each frame is encoded once per
    language and the same bytes go to every screen of that language.

    Bounded: the hub remembers the newest input of at most ``kept`` matches
    (:data:`MATCHES_KEPT`); past that it forgets the matches no screen watches and no
    render is under way for (a forgotten match announced again is simply rendered).
    """

    def __init__(
        self,
        boards: Boards,
        view: View,
        streams: ClientStreams | None = None,
        *,
        kept: int = MATCHES_KEPT,
    ) -> None:
        self._boards = boards
        self._view = view
        self._streams = streams
        self._kept = kept
        self._latest: dict[int, int] = {}
        self._rendered: dict[int, int] = {}
        self._reload: set[int] = set()
        super().__init__(self._render, self._reload.add)

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
        if match_id not in self._latest and len(self._latest) >= self._kept:
            self._forget_unwatched()
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

    @property
    def remembered(self) -> int:
        """How many matches the hub remembers the newest input of."""
        return len(self._latest)

    def _forget_unwatched(self) -> None:
        for match_id in list(self._latest):
            if not self._audience.watched(match_id) and not self._renders.running(match_id):
                del self._latest[match_id]
                self._rendered.pop(match_id, None)
                self._reload.discard(match_id)

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
            with counted(self._streams, client, subscriber):
                yield b"retry: 1000\n\n"
                for view in first:
                    yield sse_frame(view)
                shown = first[0].seq if match_id != HALL and first else None
                if shown is not None and self._latest.get(match_id, -1) > shown:
                    self.reload(match_id)  # an input landed while the first view was read
                async for chunk in updates(subscriber, ping_s):
                    yield chunk
        finally:
            self.unsubscribe(match_id, subscriber)


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
