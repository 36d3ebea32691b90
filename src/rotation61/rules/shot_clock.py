"""The shot clock (decision A50): the allowance of a shot, extensions, and a pure clock.

Off by default: the seed has no clock. When ``shot_clock_s`` is set, a shot has that
many seconds (``shot_clock_after_break_s`` for the first shot after the break; the
break itself only with ``shot_clock_times_break``), a player may take
``shot_clock_extensions`` extensions per rack, and running out of time is a foul
(:func:`rotation61.rules.judge_time_foul`).

:class:`ShotClock` is the clock itself as a value: every method is given the time
(milliseconds on any monotonic scale the caller chooses); nothing here reads a clock.

>>> from rotation61.rules import get_ruleset
>>> clock = ShotClock.for_shot(get_ruleset("wpa-majors"), after_break=True).start(0)
>>> clock.remaining_ms(45_000), clock.is_warning(45_000), clock.is_warning(51_000)
(15000, False, True)
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Final

from rotation61.rules.errors import IllegalActionError, InvalidStateError
from rotation61.rules.ruleset import RuleSet
from rotation61.rules.state import Phase, RackState, Seat, evolve, with_seat

__all__ = [
    "WARNING_MS",
    "ShotClock",
    "ShotClockError",
    "ShotClockProblem",
    "extension_ms",
    "extensions_left",
    "shot_allowance_ms",
    "take_extension",
]

WARNING_MS: Final = 10_000
"""The referee announces 10 s left (A50)."""


class ShotClockProblem(StrEnum):
    """Why a shot-clock input is refused; the value is the code the shells word."""

    CLOCK_OFF = "clock_off"
    """The rule set keeps no shot clock (``shot_clock_s`` is off)."""
    BREAK_NOT_TIMED = "break_not_timed"
    """A time foul on the break, which is not timed (``shot_clock_times_break`` is false)."""
    NO_EXTENSION_LEFT = "no_extension_left"
    """The player has used every extension of this rack."""
    NOT_SHOOTING = "not_shooting"
    """The player is not the one at the table, or the rack waits for no shot."""
    CLOCK_STOPPED = "clock_stopped"
    """The clock was stopped (the stroke was played); it cannot change any more."""


class ShotClockError(IllegalActionError):
    """A shot-clock input that is not allowed now, with its code.

    Attributes:
        problem: why (the code the shells word).
    """

    def __init__(self, problem: ShotClockProblem, detail: str) -> None:
        self.problem = problem
        super().__init__(detail)


def shot_allowance_ms(rules: RuleSet, *, is_break: bool, after_break: bool) -> int | None:
    """The time allowed for a shot, in milliseconds, or ``None`` when it is not timed (A50).

    Args:
        rules: the rule set.
        is_break: the shot is a break shot (timed only with ``shot_clock_times_break``).
        after_break: the shot is the first one after the break
            (``shot_clock_after_break_s``, by default the limit of a shot).

    >>> from rotation61.rules import get_ruleset
    >>> wpa = get_ruleset("wpa-majors")
    >>> shot_allowance_ms(wpa, is_break=False, after_break=True), shot_allowance_ms(
    ...     wpa, is_break=False, after_break=False)
    (60000, 30000)
    >>> shot_allowance_ms(wpa, is_break=True, after_break=False) is None
    True
    """
    limit = rules.shot_clock_s
    if limit is None or (is_break and not rules.shot_clock_times_break):
        return None
    if after_break and not is_break and rules.shot_clock_after_break_s is not None:
        limit = rules.shot_clock_after_break_s
    return limit * 1000


def extension_ms(rules: RuleSet) -> int:
    """The length of one extension in milliseconds (A50); 0 when the clock is off."""
    length = rules.shot_clock_extension_s
    if length is None:
        length = rules.shot_clock_s or 0
    return length * 1000


def extensions_left(state: RackState, seat: Seat) -> int:
    """The extensions ``seat`` may still take in this rack (A50: per player per rack)."""
    if not state.rules.shot_clock:
        return 0
    return max(0, state.rules.shot_clock_extensions - state.extensions_used[seat])


def take_extension(state: RackState, seat: Seat) -> RackState:
    """An official input: ``seat``, at the table, takes one extension of his shot (A50).

    The state records it (per player, reset with each rack); the clock of the shot adds
    :func:`extension_ms` (:meth:`ShotClock.extend`). It is not a ply: no ruling answers it.

    Raises:
        ShotClockError: the clock is off (``clock_off``), ``seat`` is not the player to
            shoot (``not_shooting``), or he has no extension left (``no_extension_left``).
    """
    rules = state.rules
    if not rules.shot_clock:
        raise ShotClockError(
            ShotClockProblem.CLOCK_OFF, "no extension: the rule set keeps no shot clock (A50)"
        )
    if state.phase is not Phase.SHOT or state.to_act is not seat:
        raise ShotClockError(
            ShotClockProblem.NOT_SHOOTING,
            f"seat {seat.name} cannot take an extension: it is not his shot (ply={state.ply})",
        )
    used = state.extensions_used[seat]
    if used >= rules.shot_clock_extensions:
        raise ShotClockError(
            ShotClockProblem.NO_EXTENSION_LEFT,
            f"seat {seat.name} has used his {rules.shot_clock_extensions} extension(s) "
            "of this rack (A50)",
        )
    return evolve(state, {"extensions_used": with_seat(state.extensions_used, seat, used + 1)})


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ShotClock:
    """The clock of one shot, as a value; every method takes the time in milliseconds.

    It starts when the balls have stopped and the previous decision is done, and stops
    when the cue tip strikes the cue ball (A50). The web layer keeps one per table and
    gives it the server's time.

    Attributes:
        allowance_ms: the time allowed, extensions included.
        elapsed_ms: the time run before the current run (pauses excluded).
        running_since_ms: when the current run began, ``None`` while not running.
        stopped: the stroke was played (:meth:`stop`); the clock no longer changes.
    """

    allowance_ms: int
    elapsed_ms: int = 0
    running_since_ms: int | None = None
    stopped: bool = False

    def __post_init__(self) -> None:
        if type(self.allowance_ms) is not int or self.allowance_ms <= 0:
            raise InvalidStateError(f"allowance_ms {self.allowance_ms!r} must be a positive int")
        if self.elapsed_ms < 0:
            raise InvalidStateError(f"elapsed_ms {self.elapsed_ms!r} must not be negative")

    @classmethod
    def for_shot(
        cls, rules: RuleSet, *, is_break: bool = False, after_break: bool = False
    ) -> ShotClock:
        """The clock of a shot under ``rules``, not yet started (:func:`shot_allowance_ms`).

        Raises:
            ShotClockError: the shot is not timed (``clock_off`` or ``break_not_timed``).
        """
        allowance = shot_allowance_ms(rules, is_break=is_break, after_break=after_break)
        if allowance is None:
            problem = (
                ShotClockProblem.CLOCK_OFF
                if not rules.shot_clock
                else ShotClockProblem.BREAK_NOT_TIMED
            )
            raise ShotClockError(problem, "this shot is not timed (A50)")
        return cls(allowance_ms=allowance)

    @property
    def running(self) -> bool:
        """The clock runs now."""
        return self.running_since_ms is not None

    def _check_open(self) -> None:
        if self.stopped:
            raise ShotClockError(ShotClockProblem.CLOCK_STOPPED, "the shot clock was stopped")

    def elapsed_at(self, now_ms: int) -> int:
        """The time the shot has taken at ``now_ms``, pauses excluded."""
        since = self.running_since_ms
        return self.elapsed_ms + (max(0, now_ms - since) if since is not None else 0)

    def start(self, now_ms: int) -> ShotClock:
        """Start (or resume) the clock at ``now_ms``; a running clock is unchanged."""
        self._check_open()
        if self.running:
            return self
        return dataclasses.replace(self, running_since_ms=now_ms)

    resume = start

    def pause(self, now_ms: int) -> ShotClock:
        """Pause the clock at ``now_ms`` (the referee's time out); a paused clock is unchanged."""
        self._check_open()
        if not self.running:
            return self
        return dataclasses.replace(self, elapsed_ms=self.elapsed_at(now_ms), running_since_ms=None)

    def extend(self, extra_ms: int) -> ShotClock:
        """The clock with an extension added (:func:`extension_ms`; :func:`take_extension`)."""
        self._check_open()
        if type(extra_ms) is not int or extra_ms <= 0:
            raise InvalidStateError(f"an extension of {extra_ms!r} ms must be a positive int")
        return dataclasses.replace(self, allowance_ms=self.allowance_ms + extra_ms)

    def stop(self, now_ms: int) -> ShotClock:
        """The cue tip struck the cue ball at ``now_ms``: the shot's time is :attr:`elapsed_ms`."""
        self._check_open()
        return dataclasses.replace(
            self, elapsed_ms=self.elapsed_at(now_ms), running_since_ms=None, stopped=True
        )

    def remaining_ms(self, now_ms: int) -> int:
        """The time left at ``now_ms``, never below 0."""
        return max(0, self.allowance_ms - self.elapsed_at(now_ms))

    def is_warning(self, now_ms: int) -> bool:
        """10 s or less are left and the time has not run out (A50: the referee announces it)."""
        return 0 < self.remaining_ms(now_ms) <= WARNING_MS

    def is_expired(self, now_ms: int) -> bool:
        """The time has run out: a time foul is due unless the referee rules otherwise."""
        return self.remaining_ms(now_ms) == 0
