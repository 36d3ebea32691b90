"""The game layer's error: an action the game does not allow (for the core and its actions)."""

from __future__ import annotations

from rotation61.rules import Rotation61Error

__all__ = ["IllegalGameActionError"]


class IllegalGameActionError(Rotation61Error, ValueError):
    """An action the game does not allow now (wrong kind, bad placement, bad stroke)."""
