"""Progress of a long run on stderr: racks done, rate and time left.

On a terminal, one line rewritten in place (a carriage return) at most :data:`TTY_INTERVAL_S`
apart; otherwise (a file, a pipe, a log) a plain line at most :data:`PLAIN_INTERVAL_S`
apart, and always one at the end.

>>> import io
>>> out = io.StringIO()
>>> clock = iter([0.0, 30.0, 35.0, 60.0]).__next__
>>> progress = Progress(total=4, label="level 1 vs level 2", stream=out, clock=clock)
>>> progress.advance(2)
>>> progress.advance(2)  # 5 s after the last line: not shown
>>> progress.finish()
>>> print(out.getvalue(), end="")
rotation61: level 1 vs level 2: 2/4 racks, 0.07 racks/s, 30 s left
rotation61: level 1 vs level 2: 4/4 racks, 0.07 racks/s, 1 min 00 s in all
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, TextIO

__all__ = ["PLAIN_INTERVAL_S", "TTY_INTERVAL_S", "Progress", "format_seconds"]

TTY_INTERVAL_S: Final = 0.5
"""Least seconds between two updates of the line on a terminal."""
PLAIN_INTERVAL_S: Final = 10.0
"""Least seconds between two plain lines (not a terminal)."""


def format_seconds(seconds: float) -> str:
    """A duration for people: ``42 s``, ``3 min 05 s``, ``2 h 07 min``.

    >>> format_seconds(42.4), format_seconds(185), format_seconds(7620)
    ('42 s', '3 min 05 s', '2 h 07 min')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class Progress:
    """Racks done out of a total, reported on a stream as they are played.

    Args:
        total: racks to play.
        label: what is played (``"level 1 vs level 2"``).
        stream: where to write (``sys.stderr`` in the commands).
        clock: seconds, monotonic (``time.monotonic`` by default).
        unit: what is counted (``"racks"``; ``"episodes"`` for training).
    """

    def __init__(
        self,
        *,
        total: int,
        label: str,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
        unit: str = "racks",
    ) -> None:
        self.unit = unit
        self.total = total
        self.label = label
        self.stream = stream
        self.clock = clock
        self.done = 0
        self.tty = stream.isatty()
        self.started = clock()
        self.shown = self.started

    def _line(self, now: float, *, final: bool) -> str:
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        if final:
            when = f"{format_seconds(elapsed)} in all"
        elif rate > 0:
            when = f"{format_seconds((self.total - self.done) / rate)} left"
        else:
            when = "time left unknown"
        return (
            f"rotation61: {self.label}: {self.done}/{self.total} {self.unit}, "
            f"{rate:.2f} {self.unit}/s, {when}"
        )

    def advance(self, racks: int = 1) -> None:
        """Count ``racks`` more racks done, and show it if it is time."""
        self.done += racks
        now = self.clock()
        if now - self.shown < (TTY_INTERVAL_S if self.tty else PLAIN_INTERVAL_S):
            return
        self.shown = now
        self._write(self._line(now, final=False))

    def _write(self, line: str) -> None:
        if self.tty:
            self.stream.write("\r\x1b[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Show the last line (the total time), ending the terminal's line."""
        self._write(self._line(self.clock(), final=True))
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
