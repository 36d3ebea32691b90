"""Human wording of the engine's values, in Vietnamese (the rulebook's terms) and English.

Pure and stdlib-only: it reads :mod:`rotation61.rules` and :mod:`rotation61.match` values
and returns strings; it never prints. Every sentence comes from the two catalogues of
:mod:`rotation61.text.catalogue`, which define the same message ids.

>>> from rotation61.rules import Foul, FoulKind
>>> describe_foul(Foul(FoulKind.SCRATCH), lowest=4, lang=Language.VI)
'Phạm lỗi (§X): bi cái vào lỗ'
"""

from __future__ import annotations

from rotation61.text.catalogue import Language, message
from rotation61.text.ruling import (
    DEFAULT_NAMES,
    OptionWording,
    describe_choice,
    describe_event,
    describe_foul,
    describe_option,
    describe_result,
    describe_ruling,
    format_balls,
    section_cite,
)
from rotation61.text.scoreboard import describe_state

__all__ = [
    "DEFAULT_NAMES",
    "Language",
    "OptionWording",
    "describe_choice",
    "describe_event",
    "describe_foul",
    "describe_option",
    "describe_result",
    "describe_ruling",
    "describe_state",
    "format_balls",
    "message",
    "section_cite",
]
