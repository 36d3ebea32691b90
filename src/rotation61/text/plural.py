"""Plural rules: the ``Plural-Forms`` header of a ``.po`` file, read without ``eval``.

The header says how many forms a language has and which one a number takes, in the C
expression language of GNU gettext (``n``, integers, ``?:``, ``||``, ``&&``, ``!``,
comparisons and ``+ - * / %``):

>>> english = parse_plural_forms("nplurals=2; plural=(n != 1);")
>>> [english.form(n) for n in (0, 1, 2, 5)]
[1, 0, 1, 1]
>>> parse_plural_forms("nplurals=1; plural=0;").form(5)
0
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Final, TypeAlias

from rotation61.text.errors import PluralFormsError

__all__ = ["PluralRule", "parse_plural_forms"]

_Evaluate: TypeAlias = Callable[[int], int]

_HEADER: Final = re.compile(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*")
_TOKEN: Final = re.compile(r"\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])")

_BINARY: Final[dict[str, Callable[[int, int], int]]] = {
    "||": lambda a, b: int(bool(a) or bool(b)),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: _divide(a, b, "/"),
    "%": lambda a, b: _divide(a, b, "%"),
}
_LEVELS: Final[tuple[frozenset[str], ...]] = (
    frozenset({"||"}),
    frozenset({"&&"}),
    frozenset({"==", "!="}),
    frozenset({"<", "<=", ">", ">="}),
    frozenset({"+", "-"}),
    frozenset({"*", "/", "%"}),
)
"""Binary operators from the loosest to the tightest, as in C."""


def _divide(a: int, b: int, operator: str) -> int:
    if b == 0:
        raise PluralFormsError(f"division by zero in a plural expression ({a} {operator} 0)")
    return a // b if operator == "/" else a % b


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PluralRule:
    """How many plural forms a language has, and which form a number takes.

    Attributes:
        nplurals: the number of forms (1 for Vietnamese, 2 for English).
        expression: the ``plural=`` expression as written.
    """

    nplurals: int
    expression: str
    _evaluate: _Evaluate = dataclasses.field(repr=False, compare=False)

    def form(self, n: int) -> int:
        """The index of the form a number takes (the ``N`` of ``msgstr[N]``).

        Args:
            n: the number; a negative number takes the form of its absolute value.

        Returns:
            An index in ``0 .. nplurals - 1``.

        Raises:
            PluralFormsError: the expression gives an index out of range for ``n``.
        """
        index = self._evaluate(abs(n))
        if not 0 <= index < self.nplurals:
            raise PluralFormsError(
                f"plural={self.expression} gives form {index} for n={n}, "
                f"but nplurals={self.nplurals}"
            )
        return index


class _Parser:
    """A recursive-descent parser of the C subset of ``plural=`` expressions."""

    def __init__(self, expression: str) -> None:
        self.expression = expression
        self.tokens = self._tokenize(expression)
        self.position = 0

    @staticmethod
    def _tokenize(expression: str) -> list[str]:
        tokens: list[str] = []
        position = 0
        while position < len(expression):
            found = _TOKEN.match(expression, position)
            if found is None:
                if not expression[position:].strip():
                    break
                raise PluralFormsError(
                    f"unexpected {expression[position:].strip()[0]!r} in plural={expression}"
                )
            tokens.append(found.group(1))
            position = found.end()
        return tokens

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            wanted = repr(expected) if expected is not None else "more"
            found = "the end" if token is None else repr(token)
            raise PluralFormsError(f"expected {wanted}, found {found} in plural={self.expression}")
        self.position += 1
        return token

    def parse(self) -> _Evaluate:
        evaluate = self.ternary()
        if self.peek() is not None:
            raise PluralFormsError(f"unexpected {self.peek()!r} in plural={self.expression}")
        return evaluate

    def ternary(self) -> _Evaluate:
        condition = self.binary(0)
        if self.peek() != "?":
            return condition
        self.take("?")
        then = self.ternary()
        self.take(":")
        otherwise = self.ternary()
        return lambda n: then(n) if condition(n) else otherwise(n)

    def binary(self, level: int) -> _Evaluate:
        if level == len(_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while (operator := self.peek()) is not None and operator in _LEVELS[level]:
            self.take()
            left = self._combine(left, _BINARY[operator], self.binary(level + 1))
        return left

    @staticmethod
    def _combine(
        left: _Evaluate, operate: Callable[[int, int], int], right: _Evaluate
    ) -> _Evaluate:
        return lambda n: operate(left(n), right(n))

    def unary(self) -> _Evaluate:
        if self.peek() == "!":
            self.take("!")
            operand = self.unary()
            return lambda n: int(not operand(n))
        return self.primary()

    def primary(self) -> _Evaluate:
        token = self.take()
        if token == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if token == "n":
            return lambda n: n
        if token.isdigit():
            value = int(token)
            return lambda n: value
        raise PluralFormsError(f"unexpected {token!r} in plural={self.expression}")


def parse_plural_forms(header: str) -> PluralRule:
    """Read the value of a ``Plural-Forms`` header.

    Args:
        header: e.g. ``"nplurals=2; plural=(n != 1);"``.

    Returns:
        The rule.

    Raises:
        PluralFormsError: the header is not ``nplurals=N; plural=EXPRESSION;``, ``N`` is
            0, or the expression cannot be read.

    >>> parse_plural_forms("nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2;").form(21)
    0
    """
    found = _HEADER.fullmatch(header)
    if found is None:
        raise PluralFormsError(f"Plural-Forms {header!r} is not 'nplurals=N; plural=EXPRESSION;'")
    nplurals = int(found.group(1))
    if nplurals < 1:
        raise PluralFormsError(f"Plural-Forms {header!r}: nplurals must be at least 1")
    expression = found.group(2)
    return PluralRule(
        nplurals=nplurals, expression=expression, _evaluate=_Parser(expression).parse()
    )
