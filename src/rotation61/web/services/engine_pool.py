"""A bounded pool for the physics and the computer's search, out of the server's process.

The strokes' simulation and the computer's thinking are CPU work of hundreds of
milliseconds. Run in the server's threads they take its interpreter (and the cores)
from the event loop and the threads that answer the referees. The pool runs them in
separate processes at a lower scheduling priority (``nice``), at most ``processes`` at
a time, with at most ``queue`` more waiting; a request beyond that is refused at once
with :class:`~rotation61.web.core.errors.ServerBusyError` (503 with ``Retry-After``),
before anything is read or stored. With ``processes=0`` the work runs in the calling
thread, at most ``queue`` at a time (for a machine that cannot start processes).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Final, TypeVar

from rotation61.web.core.errors import ServerBusyError

__all__ = ["DEFAULT_NICE", "EnginePool"]

_log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_NICE: Final = 10
"""How much lower the pool's processes run than the server's (``os.nice``)."""


def _lower_priority(nice: int) -> None:
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # a system that refuses it: run as is
            os.nice(nice)


class EnginePool:
    """At most ``processes`` jobs running and ``queue`` waiting; more are refused.

    Args:
        processes: worker processes (0: run in the calling thread).
        queue: jobs that may wait for a process.
        retry_after_s: the ``Retry-After`` of a refusal.
        nice: the workers' lower priority.
    """

    def __init__(
        self,
        *,
        processes: int = 1,
        queue: int = 4,
        retry_after_s: int = 1,
        nice: int = DEFAULT_NICE,
    ) -> None:
        if processes < 0 or queue < 0 or processes + queue < 1:
            raise ValueError(f"engine pool {processes}/{queue}: expected PROCESSES/QUEUE >= 1")
        self.processes = processes
        self.queue = queue
        self._retry_after = retry_after_s
        self._nice = nice
        self._slots = threading.BoundedSemaphore(processes + queue)
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.refused = 0
        """Jobs refused since the start (the pool was full)."""

    def _pool(self) -> Executor:
        with self._lock:
            if self._closed:
                raise ServerBusyError("the server is stopping", retry_after=self._retry_after)
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_lower_priority,
                    initargs=(self._nice,),
                )
            return self._executor

    def run(self, what: str, fn: Callable[..., T], *args: object, wait: bool = False) -> T:
        """Run ``fn(*args)`` in the pool and wait for its result.

        ``fn`` and its arguments must pickle (a module's function, frozen values).
        With ``wait``, wait for a place instead of being refused (the warm-up).

        Raises:
            ServerBusyError: the pool is full (nothing was run).
        """
        if not self._slots.acquire(blocking=wait):
            self.refused += 1
            _log.warning("refused: the engine pool is full (%s)", what)
            raise ServerBusyError(
                f"the server is busy with other games ({what}): try again in {self._retry_after} s",
                retry_after=self._retry_after,
            )
        try:
            if self.processes == 0:
                return fn(*args)
            return self._pool().submit(fn, *args).result()
        finally:
            self._slots.release()

    def close(self) -> None:
        """Stop the processes (at shutdown); a job after it is refused."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
