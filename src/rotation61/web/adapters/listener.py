"""Every worker's LISTEN on PostgreSQL: inputs stored by any worker wake this one's hub."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Protocol

from rotation61.records import Input
from rotation61.web.adapters.matches import parse_payload

__all__ = ["PostgresListener", "Waker"]

_log = logging.getLogger(__name__)


class Waker(Protocol):
    """What a listener wakes: a hub of spectators."""

    def wake(self, key: int, seq: int) -> None:
        """On the loop: item ``key`` has input ``seq``."""
        ...

    def refresh_all(self) -> None:
        """On the loop: re-render everything watched (after a lost connection)."""
        ...


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
