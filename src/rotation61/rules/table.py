"""Table identifiers the referee speaks of: zones relative to the head string.

Identifiers only; coordinates live in :mod:`rotation61.geometry`.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Zone"]


class Zone(StrEnum):
    """Where a ball's centre lies relative to the head string (§XVI, A31).

    The kitchen excludes the line itself: a ball centred on the head string is not in
    the kitchen.
    """

    KITCHEN = "kitchen"
    ON_LINE = "on_line"
    OUTSIDE = "outside"
