"""Rate limits per client: a token bucket per key, in the worker's memory.

A key (a client address, a seat token) may make ``limit.failures`` requests at once,
then one every ``limit.window_s / limit.failures`` seconds; a request beyond that is
refused with :class:`~rotation61.web.core.errors.RateLimitedError`, which carries the
seconds until the next one is allowed (the ``Retry-After`` of the 429). Each worker
counts its own requests (a client spread over ``N`` workers may make up to ``N`` times
as many); the buckets kept are bounded (the least recently used are dropped first, and
a dropped bucket is a full one, which only ever errs towards the client).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from rotation61.web.core.errors import RateLimitedError
from rotation61.web.core.settings import Limit

__all__ = ["MAX_KEYS", "RateLimiter"]

MAX_KEYS: Final = 50_000
"""The most buckets one limiter keeps (about 100 bytes each)."""


class RateLimiter:
    """A token bucket per key.

    Args:
        limit: the burst (``failures``) and the window it refills in (``window_s``).
        what: what is limited, for the error's message ("strokes", "new games").
        clock: monotonic seconds.
        max_keys: the most buckets kept.
    """

    def __init__(
        self,
        limit: Limit,
        what: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.limit = limit
        self._what = what
        self._rate = limit.failures / limit.window_s
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Count one request of ``key``.

        Raises:
            RateLimitedError: ``key`` has used its burst; ``retry_after`` is the whole
                number of seconds until its next request is allowed (at least 1).
        """
        now = self._clock()
        with self._lock:
            tokens, at = self._buckets.get(key, (float(self.limit.failures), now))
            tokens = min(float(self.limit.failures), tokens + (now - at) * self._rate)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                self._buckets.move_to_end(key)
                wait = max(1, math.ceil((1.0 - tokens) / self._rate))
                raise RateLimitedError(
                    f"too many {self._what} from {key} (at most {self.limit}): "
                    f"try again in {wait} s",
                    retry_after=wait,
                )
            self._buckets[key] = (tokens - 1.0, now)
            self._buckets.move_to_end(key)
            while len(self._buckets) > self._max_keys:
                self._buckets.popitem(last=False)
