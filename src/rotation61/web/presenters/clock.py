"""The shot clock as the screens show it (A50): :class:`~rotation61.web.schemas.ClockOut`.

A pure function of the service's :class:`~rotation61.web.services.shot_clock.ClockNow`;
the status is worded from the screens' catalogue (``clock.status.*``).
"""

from __future__ import annotations

from rotation61.text import Language
from rotation61.web.core.i18n import ui
from rotation61.web.schemas import ClockOut
from rotation61.web.services.shot_clock import ClockNow

__all__ = ["clock_out"]


def clock_out(now: ClockNow, names: tuple[str, str], lang: Language) -> ClockOut:
    """The clock of a match's next shot for a screen, in its language."""
    return ClockOut(
        seq=now.seq,
        status=now.status.value,
        status_label=ui(f"clock.status.{now.status.value}", lang),
        server_ms=now.server_ms,
        allowance_ms=now.allowance_ms,
        remaining_ms=now.remaining_ms,
        warning=now.warning,
        last_seconds=now.last_seconds,
        shooter=now.shooter,
        shooter_name=None if now.shooter is None else names[now.shooter],
        extensions_used=now.extensions_used,
        extensions_left=now.extensions_left,
        extensions_per_rack=now.extensions_per_rack,
        extension_s=now.extension_ms // 1000,
    )
