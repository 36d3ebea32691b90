"""The shot clock of a scored match (A50): kept on the server, stored with the match.

The clock of the next shot starts when the input before it is stored (the shooter is
at the table), runs on the server's wall clock (every screen, worker and restart reads
the same second), and stops when the shot is entered: the time it ran goes into the
shot's ``time_ms`` with the extensions taken (the record's schema 1.1). The referee
starts, pauses, resets it and grants extensions (:meth:`ShotClockService.act`); an
extension is an official input of the rules (:func:`rotation61.match.extend`), judged
before it is stored. When the time runs out the clock says so (``expired``); the time
foul is the referee's input (``time_foul``), never applied by the clock itself.

Every change is conditional on the input number the referee's screen showed, in the
same transaction as the write: a refused change writes nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from enum import StrEnum
from typing import Final

from rotation61.match import MatchState, extend
from rotation61.records import (
    DecisionInput,
    Input,
    MatchLog,
    OverrideInput,
    ShotInput,
    TimeFoulInput,
)
from rotation61.rules import (
    WARNING_MS,
    Phase,
    Seat,
    ShotClock,
    ShotClockError,
    ShotClockProblem,
    extension_ms,
    extensions_left,
    shot_allowance_ms,
)
from rotation61.web.adapters.matches import final_message
from rotation61.web.adapters.shot_clocks import ShotClockStore, StoredClock, stale_clock
from rotation61.web.core.errors import MatchFinalError
from rotation61.web.core.model import StoredMatch
from rotation61.web.services.matches import MatchService

__all__ = [
    "LAST_SECONDS_MS",
    "ClockAction",
    "ClockNow",
    "ClockStatus",
    "ShotClockService",
    "wall_ms",
]

LAST_SECONDS_MS: Final = 5_000
"""The last seconds of a shot, shown apart from the 10 s warning (A50)."""

_CACHE_SIZE: Final = 512
_log = logging.getLogger(__name__)


def wall_ms() -> int:
    """The server's wall clock in milliseconds (the scale every stored clock uses)."""
    return time.time_ns() // 1_000_000


class ClockAction(StrEnum):
    """What the referee does to the clock; the value is the wire format."""

    START = "start"
    """Start the clock, or resume it after a pause."""
    PAUSE = "pause"
    """Pause it (a time out, a ball to clean, a dispute)."""
    RESET = "reset"
    """Give the shot its whole time again, running from now."""
    EXTEND = "extend"
    """The player at the table takes an extension (an official input, A50)."""


class ClockStatus(StrEnum):
    """What the clock is doing; the value is the wire format."""

    OFF = "off"
    """The match's rule set keeps no shot clock."""
    IDLE = "idle"
    """No shot is timed now: a choice is pending, the break is not timed, or it is over."""
    WAITING = "waiting"
    """The shot is timed and its clock has not been started (the referee starts it)."""
    RUNNING = "running"
    PAUSED = "paused"
    EXPIRED = "expired"
    """The time has run out: the console proposes the time foul to the referee."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ClockNow:
    """The clock of a match's next shot as the screens show it, at one instant.

    Attributes:
        seq: the number of inputs the match stands at (the clock is of the next one).
        status: what the clock is doing.
        server_ms: the instant, on the server's wall clock.
        allowance_ms: the shot's time, extensions included (0 when not timed).
        remaining_ms: the time left at ``server_ms``.
        shooter: the seat at the table, when a shot is timed.
        extensions_used: extensions taken for this shot.
        extensions_left: extensions the shooter may still take in this rack.
        extensions_per_rack: the rule set's extensions per player per rack.
        extension_ms: the length of one extension.
    """

    seq: int
    status: ClockStatus
    server_ms: int
    allowance_ms: int = 0
    remaining_ms: int = 0
    shooter: Seat | None = None
    extensions_used: int = 0
    extensions_left: int = 0
    extensions_per_rack: int = 0
    extension_ms: int = 0

    @property
    def warning(self) -> bool:
        """10 s or less are left (A50: the referee announces it)."""
        return (
            self.status is not ClockStatus.EXPIRED
            and self.timed
            and (self.remaining_ms <= WARNING_MS)
        )

    @property
    def last_seconds(self) -> bool:
        """5 s or less are left."""
        return self.warning and self.remaining_ms <= LAST_SECONDS_MS

    @property
    def timed(self) -> bool:
        """A shot is timed now."""
        return self.status not in (ClockStatus.OFF, ClockStatus.IDLE)


def _after_break(log: MatchLog) -> bool:
    """The next shot is the first after the break (the last inputs were its break)."""
    last = log.last
    if last is None:
        return False
    if isinstance(last.step, DecisionInput) and log.parent is not None:
        last = log.parent.last
        if last is None:
            return False
    return last.before.rack.is_break and not last.after.rack.is_break


def _allowance(log: MatchLog) -> int | None:
    """The time of the match's next shot, ``None`` when no shot is timed now."""
    match = log.match
    rack = match.rack
    if match.is_over or rack.is_over or rack.phase is not Phase.SHOT:
        return None
    return shot_allowance_ms(rack.rules, is_break=rack.is_break, after_break=_after_break(log))


class ShotClockService:
    """The shot clocks of the scored matches, over the match service and a store.

    Args:
        matches: the match service (the inputs go through it).
        store: where the clocks are kept.
        now_ms: the server's wall clock in milliseconds.
        changed: told of a match whose clock changed without an input (its screens
            re-render); an input's own announcement covers the clock set after it.

    Attributes:
        changed: as the argument (set after the hub is made: the hub reads this service).
    """

    def __init__(
        self,
        matches: MatchService,
        store: ShotClockStore,
        *,
        now_ms: Callable[[], int] = wall_ms,
        changed: Callable[[int], None] | None = None,
    ) -> None:
        self._matches = matches
        self._store = store
        self._now = now_ms
        self.changed = changed
        self._cache: OrderedDict[int, StoredClock | None] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def matches(self) -> MatchService:
        """The match service the inputs go through."""
        return self._matches

    # --- Reading ---------------------------------------------------------------------

    def clock(self, match_id: int) -> ClockNow:
        """The clock of the match's next shot now (reads storage: another worker may move it).

        Raises:
            MatchNotFoundError: no match has that number.
        """
        _, log = self._matches.board(match_id)
        stored = self._store.load_clock(match_id)
        self._keep(match_id, stored)
        return self._now_of(log, stored, self._now())

    def cached(self, log: MatchLog, match_id: int) -> ClockNow | None:
        """The clock from memory, without I/O; ``None`` when this worker does not know it.

        A match without a clock, or with no shot timed now, needs no memory.
        """
        if not log.match.rules.shot_clock or _allowance(log) is None:
            return self._now_of(log, None, self._now())
        with self._lock:
            if match_id not in self._cache:
                return None
            stored = self._cache[match_id]
        return self._now_of(log, stored, self._now())

    def _now_of(self, log: MatchLog, stored: StoredClock | None, now: int) -> ClockNow:
        match = log.match
        rules = match.rules
        seq = log.length
        if not rules.shot_clock:
            return ClockNow(seq=seq, status=ClockStatus.OFF, server_ms=now)
        allowance = _allowance(log)
        if allowance is None:
            return ClockNow(seq=seq, status=ClockStatus.IDLE, server_ms=now)
        shooter = match.rack.to_act
        used = 0
        clock = ShotClock(allowance_ms=allowance)
        if stored is not None and stored.seq == seq:
            clock, used = stored.clock, stored.extensions
        remaining = clock.remaining_ms(now)
        if remaining == 0:
            status = ClockStatus.EXPIRED
        elif clock.running:
            status = ClockStatus.RUNNING
        elif stored is None or stored.seq != seq:
            status = ClockStatus.WAITING
        else:
            status = ClockStatus.PAUSED
        return ClockNow(
            seq=seq,
            status=status,
            server_ms=now,
            allowance_ms=clock.allowance_ms,
            remaining_ms=remaining,
            shooter=shooter,
            extensions_used=used,
            extensions_left=max(0, extensions_left(match.rack, shooter) - used),
            extensions_per_rack=rules.shot_clock_extensions,
            extension_ms=extension_ms(rules),
        )

    def _current(self, log: MatchLog, match_id: int, now: int) -> StoredClock | None:
        """The stored clock of the next shot (not started when none is stored for it)."""
        allowance = _allowance(log)
        if allowance is None:
            return None
        stored = self._store.load_clock(match_id)
        if stored is not None and stored.seq == log.length:
            return stored
        return StoredClock(seq=log.length, clock=ShotClock(allowance_ms=allowance))

    # --- The referee's changes ---------------------------------------------------------

    def act(self, match_id: int, expected_seq: int, action: ClockAction) -> ClockNow:
        """Start, pause, reset or extend the clock of the next shot; refused, nothing changes.

        Args:
            match_id: the match.
            expected_seq: the number of inputs the referee's screen showed.
            action: what to do.

        Returns:
            The clock after the change.

        Raises:
            MatchNotFoundError: no match has that number.
            StaleInputError: the match has moved past ``expected_seq`` (or not reached it).
            MatchFinalError: an event has stored the match's result.
            ShotClockError: the match keeps no clock or times no shot now (``clock_off``,
                ``not_shooting``), or no extension is left (``no_extension_left``).
        """
        stored_match, log = self._matches.board(match_id)
        if expected_seq != log.length:
            raise stale_clock(match_id, expected_seq)
        if stored_match.final_for is not None:
            raise MatchFinalError(final_message(match_id, stored_match.final_for))
        now = self._now()
        current = self._checked(log, match_id, now)
        clock = current.clock
        extensions = current.extensions
        match action:
            case ClockAction.START:
                clock = clock.start(now)
            case ClockAction.PAUSE:
                clock = clock.pause(now)
            case ClockAction.RESET:
                clock = ShotClock(allowance_ms=clock.allowance_ms).start(now)
            case ClockAction.EXTEND:
                _extended(log.match, extensions + 1)  # judged by the rules first (A50)
                clock = clock.extend(extension_ms(log.match.rules))
                extensions += 1
        new = StoredClock(seq=log.length, clock=clock, extensions=extensions)
        self._store.save_clock(match_id, new)
        self._keep(match_id, new)
        _log.info("match %s: shot clock %s at input %s", match_id, action.value, log.length + 1)
        if self.changed is not None:
            self.changed(match_id)
        return self._now_of(log, new, now)

    def _checked(self, log: MatchLog, match_id: int, now: int) -> StoredClock:
        """The clock a change applies to; refused (with its code) when no shot is timed now."""
        rules = log.match.rules
        rack = log.match.rack
        if not rules.shot_clock:
            raise ShotClockError(
                ShotClockProblem.CLOCK_OFF, f"match {match_id} keeps no shot clock (A50)"
            )
        current = self._current(log, match_id, now)
        if current is not None:
            return current
        if rack.is_break and rack.phase is Phase.SHOT and not log.match.is_over:
            raise ShotClockError(
                ShotClockProblem.BREAK_NOT_TIMED, f"match {match_id}: the break is not timed (A50)"
            )
        raise ShotClockError(
            ShotClockProblem.NOT_SHOOTING,
            f"match {match_id} times no shot now (phase={rack.phase.value}, "
            f"over={log.match.is_over}, input {log.length + 1})",
        )

    # --- Inputs ------------------------------------------------------------------------

    def submit(self, match_id: int, expected_seq: int, item: Input) -> tuple[StoredMatch, MatchLog]:
        """Enter an input with the clock: a shot takes its time, the next shot's clock starts.

        A shot or a time foul entered while a clock is kept carries the time the clock
        ran (``time_ms``) and the extensions taken, unless the input gives its own time.
        After the input is stored, the clock of the next timed shot is set running (an
        override keeps the clock of the shot to come as it was).

        Raises:
            Everything :meth:`MatchService.submit` raises; a refused input stores
            nothing, and no clock.
        """
        if not self._matches.stored(match_id).header.ruleset.shot_clock:
            return self._matches.submit(match_id, expected_seq, item)  # no clock: as ever
        _, log = self._matches.board(match_id)
        now = self._now()
        current: StoredClock | None = None
        if expected_seq == log.length:
            current = self._current(log, match_id, now)
        item = _timed(item, current, now)
        stored_match, new = self._matches.submit(match_id, expected_seq, item)
        self._after_input(match_id, new, item, current, now)
        return stored_match, new

    def _after_input(
        self,
        match_id: int,
        log: MatchLog,
        item: Input,
        before: StoredClock | None,
        now: int,
    ) -> None:
        """Set the clock of the next shot once the input is stored."""
        allowance = _allowance(log)
        if allowance is None or not log.match.rules.shot_clock:
            self._keep(match_id, None)
            return
        if isinstance(item, OverrideInput) and before is not None:
            clock = before.clock  # the same shot is still to come
            extensions = before.extensions
        else:
            clock, extensions = ShotClock(allowance_ms=allowance).start(now), 0
        new = StoredClock(seq=log.length, clock=clock, extensions=extensions)
        try:
            self._store.save_clock(match_id, new)
        except Exception:  # the input is stored and acknowledged whatever the clock's write does
            _log.exception(
                "match %s: the shot clock of input %s was not stored (shown waiting)",
                match_id,
                log.length + 1,
            )
            self._forget(match_id)
            return
        self._keep(match_id, new)

    # --- Memory ------------------------------------------------------------------------

    def _keep(self, match_id: int, stored: StoredClock | None) -> None:
        with self._lock:
            self._cache[match_id] = stored
            self._cache.move_to_end(match_id)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    def _forget(self, match_id: int) -> None:
        with self._lock:
            self._cache.pop(match_id, None)


def _extended(match: MatchState, count: int) -> MatchState:
    """The match after the shooter took ``count`` extensions (each judged by the rules)."""
    seat = match.rack.to_act
    for _ in range(count):
        match = extend(match, seat)
    return match


def _timed(item: Input, clock: StoredClock | None, now: int) -> Input:
    """A shot or time foul with the clock's time and extensions (unless it has its own)."""
    if clock is None or not isinstance(item, ShotInput | TimeFoulInput):
        return item
    time_ms = item.time_ms
    if time_ms is None and (clock.clock.running or clock.clock.elapsed_ms):
        time_ms = clock.clock.elapsed_at(now)
    return dataclasses.replace(
        item, time_ms=time_ms, extensions=item.extensions or clock.extensions
    )
