"""Refusals of the tournament engine worded by their code, in Vietnamese or English.

Every :class:`~rotation61.tournament.TournamentError` carries an
:class:`~rotation61.tournament.ErrorCode` and the values it names; the message of a
code is ``tournament.error.<code>`` in the ``tournament`` domain. The values that are
themselves words (a match's status, a stage, a setting, a format, what a file's bytes
are) are worded too; ids, names, numbers and files are shown as they are. The terminal
(``rotation61 tournament --lang``) and the web desk both word refusals here.

>>> from rotation61.tournament import Config, Format, InvalidEventError
>>> try:
...     Config(format=Format.SINGLE, tables=("t1", "t1"))
... except InvalidEventError as err:
...     print(describe_tournament_error(err, Language.VI))
...     print(describe_tournament_error(err, Language.EN))
Bàn t1 được nêu hai lần: mỗi bàn chỉ nêu một lần.
The table t1 is named twice: give each table once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rotation61.rules.text_fields import TextFieldError, TextProblem
from rotation61.text.catalogue import Domain, Language, catalogue, gettext
from rotation61.tournament import (
    ErrorCode,
    SeedingError,
    SeedProblemKind,
    TournamentError,
)

__all__ = ["describe_tournament_error"]

_WEB_WORDS: Final = {"status": "t.status.", "format": "t.format.", "seeding": "t.seeding."}
"""Parameters worded by the web domain's words for the same values (one home)."""

_OWN_WORDS: Final = {
    "stage": "tournament.stage.",
    "input": "tournament.input.",
    "field": "tournament.field.",
    "what": "tournament.field.",
}
"""Parameters worded by this domain's words."""

_TEXT_FIELDS: Final = {"name": "field.name", "club": "field.club", "class": "field.class"}
"""The web domain's words for the text fields of an entry (a players file's columns)."""

_COLUMNS: Final = {"rating": "tournament.column.rating"}


def _word(lang: Language, domain: Domain, key: str, fallback: str, **fields: object) -> str:
    """A word of the catalogue, or the value itself when the catalogue has none for it."""
    return gettext(lang, domain, key, **fields) if key in catalogue(lang, domain) else fallback


def _setting(value: str, lang: Language) -> str:
    if value.startswith("races."):
        stage = value.removeprefix("races.")
        named = _word(lang, Domain.TOURNAMENT, f"tournament.stage.{stage}", stage)
        return gettext(lang, Domain.TOURNAMENT, "tournament.setting.races", stage=named)
    return _word(lang, Domain.TOURNAMENT, f"tournament.setting.{value}", value)


def _fields(err: TournamentError, lang: Language) -> dict[str, object]:
    """The error's parameters, those that are words worded in ``lang``."""
    fields: dict[str, object] = dict(err.params)
    for name, value in err.params.items():
        if not isinstance(value, str):
            continue
        if name in _WEB_WORDS:
            fields[name] = _word(lang, Domain.WEB, _WEB_WORDS[name] + value, value)
        elif name in _OWN_WORDS:
            fields[name] = _word(lang, Domain.TOURNAMENT, _OWN_WORDS[name] + value, value)
        elif name == "setting":
            fields[name] = _setting(value, lang)
    if err.code is ErrorCode.FILE_ENCODING:
        fields["problem"] = gettext(
            lang, Domain.TOURNAMENT, f"tournament.encoding.{err.params['problem']}", **err.params
        )
    if err.code is ErrorCode.CSV_ENTRY:
        fields["detail"] = _cause_words(err, lang)
    if "column" in fields and isinstance(fields["column"], str):
        column = fields["column"]
        key = _TEXT_FIELDS.get(column)
        fields["column"] = (
            gettext(lang, Domain.WEB, key)
            if key
            else _word(lang, Domain.TOURNAMENT, _COLUMNS.get(column, ""), column)
        )
    if isinstance(err, SeedingError):
        fields["problems"] = _seeding_problems(err, lang)
    fields.setdefault("detail", str(err))
    return fields


def _cause_words(err: TournamentError, lang: Language) -> str:
    """The words of what an entry of a players file was refused for."""
    cause = err.__cause__
    if isinstance(cause, TextFieldError):
        fields: dict[str, object] = {
            "field": gettext(lang, Domain.WEB, _TEXT_FIELDS.get(cause.field, "field.name")),
            "limit": cause.limit,
        }
        if cause.problem in (TextProblem.CONTROL, TextProblem.BIDI, TextProblem.INVISIBLE):
            value = str(cause.value)
            fields.update(position=cause.position, code=f"{ord(value[cause.position - 1]):04X}")
        return gettext(lang, Domain.WEB, f"error.text.{cause.problem.value}", **fields)
    if isinstance(cause, TournamentError) and cause.code is not ErrorCode.UNSPECIFIED:
        return describe_tournament_error(cause, lang)
    return str(err.params.get("detail", err))


def _seeding_problems(err: SeedingError, lang: Language) -> str:
    parts: list[str] = []
    unused = [str(p.seed) for p in err.problems if p.kind is SeedProblemKind.UNUSED]
    for problem in err.problems:
        if problem.kind is SeedProblemKind.UNUSED:
            continue
        parts.append(
            gettext(
                lang,
                Domain.TOURNAMENT,
                f"tournament.seed.{problem.kind.value}",
                players=", ".join(problem.players),
                seed=problem.seed,
                field=err.field,
            )
        )
    if unused:
        parts.append(
            gettext(lang, Domain.TOURNAMENT, "tournament.seed.unused", seeds=", ".join(unused))
        )
    return "; ".join(parts)


_WORD_LEADS: Final = ("{setting}", "{what}", "{field}")
"""Templates that start with a worded value: the sentence's first letter is raised."""


def describe_tournament_error(err: TournamentError, lang: Language) -> str:
    """One sentence saying why the tournament engine refused an input, in ``lang``.

    Args:
        err: the error raised (its code and parameters).
        lang: the language.

    Returns:
        The sentence, naming the bad value; an error raised without a code (outside the
        tournament layer) gives its own message after a worded lead.
    """
    key = f"tournament.error.{err.code.value}"
    if err.code is ErrorCode.UNKNOWN_MATCH and not err.params.get("drawn", True):
        key += ".not_drawn"
    fields: Mapping[str, object] = _fields(err, lang)
    text = gettext(lang, Domain.TOURNAMENT, key, **fields)
    if catalogue(lang, Domain.TOURNAMENT).message(key).forms[0].startswith(_WORD_LEADS):
        text = text[:1].upper() + text[1:]
    return text
