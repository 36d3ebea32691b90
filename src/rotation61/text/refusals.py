"""Refusals of the rules layer worded by their code: rule-set values and shot-clock inputs.

The engine's message names the bad value in English (logs and APIs keep it); a person
reads the catalogue's words for the same code (``refusal.ruleset.<code>``,
``refusal.shot_clock.<code>`` in the ``rules`` domain).

>>> from rotation61.rules import RuleSet, UnknownRuleSetError
>>> try:
...     RuleSet(shot_clock_s=0)
... except UnknownRuleSetError as err:
...     print(describe_refusal(err, Language.EN))
The shot clock 0 s is outside 1 to 3600 seconds.
"""

from __future__ import annotations

from rotation61.rules import RuleSetValueError, ShotClockError
from rotation61.text.catalogue import Language, message

__all__ = ["describe_refusal"]


def describe_refusal(err: BaseException, lang: Language) -> str | None:
    """The words of a coded refusal of the rules layer, ``None`` for any other error.

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
    return None
