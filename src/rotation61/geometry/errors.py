"""The errors raised by the geometry layer.

Both are :class:`ValueError` subclasses of the shared
:class:`~rotation61.rules.errors.Rotation61Error`, so callers can catch them with the
rest of the project's input errors.
"""

from __future__ import annotations

from rotation61.rules.errors import Rotation61Error

__all__ = ["GeometryError", "UnknownTableError"]


class GeometryError(Rotation61Error, ValueError):
    """Geometric input that cannot be accepted.

    Examples: a non-finite coordinate, a ball centred off the table, a ball asked to be
    spotted while it still lies on the table, a table with no room left for a ball.
    """


class UnknownTableError(GeometryError):
    """A table preset name that does not exist; the message lists the known names."""
