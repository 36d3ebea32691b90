"""Errors of the wording catalogue: a bad ``.po`` file, an unknown message, wrong fields.

Every error names its place: the file and line of a ``.po`` file, or the language,
domain and key of a message.
"""

from __future__ import annotations

from rotation61.rules import Rotation61Error

__all__ = ["MalformedPoError", "MessageFieldError", "PluralFormsError", "UnknownMessageError"]


class MalformedPoError(Rotation61Error, ValueError):
    """A ``.po`` file that cannot be read, or whose wording cannot be used.

    Attributes:
        source: the file (or the name given for a string).
        line: the 1-based line of the bad text.
        detail: what is wrong, without the place.
    """

    def __init__(self, detail: str, *, source: str, line: int) -> None:
        self.detail = detail
        self.source = source
        self.line = line
        super().__init__(f"{source}:{line}: {detail}")


class PluralFormsError(Rotation61Error, ValueError):
    """A ``Plural-Forms`` header that is not ``nplurals=N; plural=EXPRESSION;``."""


class UnknownMessageError(Rotation61Error, KeyError):
    """A language, domain or message key that the catalogue does not have."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class MessageFieldError(Rotation61Error, ValueError):
    """A message asked for with the wrong fields: one missing, or no ``count`` for a plural."""
