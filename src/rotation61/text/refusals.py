"""Refusals worded by their code: rule-set values, shot-clock inputs, ratings inputs.

The engine's message names the bad value in English (logs and APIs keep it); a person
reads the catalogue's words for the same code (``refusal.ruleset.<code>``,
``refusal.shot_clock.<code>``, ``refusal.ratings.<code>`` in the ``rules`` domain).

>>> from rotation61.rules import RuleSet, UnknownRuleSetError
>>> try:
...     RuleSet(shot_clock_s=0)
... except UnknownRuleSetError as err:
...     print(describe_refusal(err, Language.EN))
The shot clock 0 s is outside 1 to 3600 seconds.
>>> from rotation61.ratings import RatingsError, fit
>>> try:
...     fit([], anchor=float("nan"))
... except RatingsError as err:
...     print(describe_refusal(err, Language.VI))
Giá trị điểm mốc nan không phải là một số hữu hạn.
"""

from __future__ import annotations

from typing import Final

from rotation61.ratings import RatingsError
from rotation61.rules import RuleSetValueError, ShotClockError
from rotation61.text.catalogue import Language, has_message, message

__all__ = ["describe_refusal"]

_SHOWN_PLAYERS: Final = 5
"""The players a refusal names before it says how many more."""


def _ratings_refusal(err: RatingsError, lang: Language) -> str:
    fields = dict(err.params)
    name = fields.get("name")
    if isinstance(name, str) and has_message(f"refusal.ratings.field.{name}"):
        fields["name"] = message(f"refusal.ratings.field.{name}", lang)
    players = fields.get("players")
    if isinstance(players, tuple):
        shown = ", ".join(map(str, players[:_SHOWN_PLAYERS]))
        fields["players"] = shown + (" …" if len(players) > _SHOWN_PLAYERS else "")
    return message(f"refusal.ratings.{err.code.value}", lang, **fields)


def describe_refusal(err: BaseException, lang: Language) -> str | None:
    """The words of a coded refusal of the rules or ratings layer, ``None`` for any other error.

    Args:
        err: the error raised.
        lang: the language.

    Returns:
        One sentence naming the bad value, or ``None`` when ``err`` carries no code.
    """
    if isinstance(err, RuleSetValueError):
        value = err.value
        if isinstance(value, tuple):
            value = ":".join(map(str, value))
        return message(f"refusal.ruleset.{err.problem.value}", lang, value=value)
    if isinstance(err, ShotClockError):
        return message(f"refusal.shot_clock.{err.problem.value}", lang)
    if isinstance(err, RatingsError):
        return _ratings_refusal(err, lang)
    return None
