"""Human wording of the engine's values, in Vietnamese (the rulebook's terms) and English.

Pure and stdlib-only: it reads :mod:`rotation61.rules` and :mod:`rotation61.match` values
and returns strings; it never prints. Every sentence comes from the wording catalogue
of :mod:`rotation61.text.catalogue`: gettext ``.po`` files shipped in the package, one per
language and domain (``rules``, ``scorekeeper``, ``web``, ``ai``, ``tournament``), read
with :func:`gettext` and :func:`ngettext` (plural forms).

>>> from rotation61.rules import Foul, FoulKind
>>> describe_foul(Foul(FoulKind.SCRATCH), lowest=4, lang=Language.VI)
'Phạm lỗi (§X): bi cái vào lỗ'
>>> ngettext(Language.EN, Domain.RULES, "ruling.warning", 1, player="Ann")
'Warning (§XV): Ann has 1 consecutive foul; one more foul loses the rack.'
"""

from __future__ import annotations

from rotation61.text.catalogue import Domain, Language, gettext, message, ngettext
from rotation61.text.refusals import describe_refusal
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
from rotation61.text.scoreboard import describe_ruleset, describe_state
from rotation61.text.tournament import describe_tournament_error

__all__ = [
    "DEFAULT_NAMES",
    "Domain",
    "Language",
    "OptionWording",
    "describe_choice",
    "describe_event",
    "describe_foul",
    "describe_option",
    "describe_refusal",
    "describe_result",
    "describe_ruleset",
    "describe_ruling",
    "describe_state",
    "describe_tournament_error",
    "format_balls",
    "gettext",
    "message",
    "ngettext",
    "section_cite",
]
