"""Refusals worded in the request's language: text fields, players files, rate limits, events.

The engine's message names the bad value in English (the log and the API's ``detail``
keep it); a person reads the catalogue's words for the same facts: which field, which
character and where, which line and column of a file.
"""

from __future__ import annotations

from typing import Final

from rotation61.rules.text_fields import TextFieldError, TextProblem
from rotation61.text import Language, describe_refusal, describe_tournament_error
from rotation61.tournament import ErrorCode, TournamentError
from rotation61.tournament.csvfiles import PlayersCsvError
from rotation61.web.core.errors import RateLimitedError, ServerBusyError, WordedError
from rotation61.web.core.i18n import ui

__all__ = ["worded_refusal"]

_FIELDS: Final = {
    "name": "field.name",
    "club": "field.club",
    "class": "field.class",
    "rating": "field.rating",
    "event name": "field.event_name",
    "player A": "field.player_a",
    "player B": "field.player_b",
    "player A's name": "field.player_a",
    "player B's name": "field.player_b",
    "table name": "field.table_name",
    "override note": "field.note",
}


def _field(name: str, lang: Language) -> str:
    key = _FIELDS.get(name)
    if key is not None:
        return ui(key, lang)
    if name.startswith("tag "):
        return ui("field.tag", lang, name=name[4:])
    return name


def _text_refusal(err: TextFieldError, lang: Language) -> str:
    fields: dict[str, object] = {"field": _field(err.field, lang), "limit": err.limit}
    if err.problem in (TextProblem.CONTROL, TextProblem.BIDI, TextProblem.INVISIBLE):
        assert isinstance(err.value, str)
        fields.update(position=err.position, code=f"{ord(err.value[err.position - 1]):04X}")
    return ui(f"error.text.{err.problem.value}", lang, **fields)


def _cause(err: BaseException) -> TextFieldError | None:
    seen: BaseException | None = err
    for _ in range(4):
        if seen is None:
            return None
        if isinstance(seen, TextFieldError):
            return seen
        seen = seen.__cause__
    return None


def worded_refusal(err: BaseException, lang: Language) -> str | None:
    """The words of a refusal worded anew, ``None`` for others.

    A text field's (or a players file's), a rate limit's, a full pool's (with the
    seconds to wait), the rules layer's coded refusals (a rule-set value out of range, a
    shot-clock input not allowed now: :func:`rotation61.text.describe_refusal`) and the
    tournament engine's, by its code.
    """
    coded = describe_refusal(err, lang)
    if coded is not None:
        return coded
    if isinstance(err, RateLimitedError):
        return ui("error.rate_limited", lang, seconds=err.retry_after)
    if isinstance(err, ServerBusyError):
        return ui("error.busy", lang, seconds=err.retry_after)
    if isinstance(err, WordedError) and err.key:
        return ui(err.key, lang, **err.fields)
    worded = err.__cause__
    if isinstance(err, PlayersCsvError) and isinstance(worded, WordedError) and worded.key:
        detail = ui(worded.key, lang, **worded.fields)
        return ui(
            "error.csv.at", lang, line=err.line, column=_field(err.column, lang), detail=detail
        )
    cause = _cause(err)
    if cause is None:
        if isinstance(err, TournamentError) and err.code is not ErrorCode.UNSPECIFIED:
            return describe_tournament_error(err, lang)
        return None
    detail = _text_refusal(cause, lang)
    if isinstance(err, PlayersCsvError) and err.line:
        return ui(
            "error.csv.at", lang, line=err.line, column=_field(err.column, lang), detail=detail
        )
    return detail
