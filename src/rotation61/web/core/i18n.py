"""The web app's own wording: page titles, buttons and labels, in Vietnamese and English.

The words of the screens are the ``web`` domain of the wording catalogue
(:mod:`rotation61.text.catalogue`, files ``rotation61/text/locale/<lang>/web.po``);
rulings, options and the scoreboard lines are its ``rules`` domain, worded by
:mod:`rotation61.text`. The mappings here read the catalogue when first used.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from rotation61.text import Domain, Language, gettext
from rotation61.text.catalogue import catalogue

__all__ = ["UI_CATALOGUES", "UI_EN", "UI_VI", "parse_language", "ui"]


class _ScreenWording(Mapping[str, str]):
    """The web domain's templates in one language, by id, read when first used."""

    __slots__ = ("_language",)

    def __init__(self, language: Language) -> None:
        self._language = language

    def _templates(self) -> Mapping[str, str]:
        return catalogue(self._language, Domain.WEB).templates()

    def __getitem__(self, msg_id: str) -> str:
        return self._templates()[msg_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._templates())

    def __len__(self) -> int:
        return len(self._templates())


class _AllScreenWording(Mapping[Language, Mapping[str, str]]):
    """The web domain's templates of every language."""

    __slots__ = ()

    def __getitem__(self, lang: Language) -> Mapping[str, str]:
        if lang not in {language.value for language in Language}:
            raise KeyError(lang)
        return _ScreenWording(Language(lang))

    def __iter__(self) -> Iterator[Language]:
        return iter(Language)

    def __len__(self) -> int:
        return len(Language)


UI_VI: Final[Mapping[str, str]] = _ScreenWording(Language.VI)
"""Vietnamese templates of the screens, by id."""

UI_EN: Final[Mapping[str, str]] = _ScreenWording(Language.EN)
"""English templates of the screens, by id."""

UI_CATALOGUES: Final[Mapping[Language, Mapping[str, str]]] = _AllScreenWording()
"""The templates of the screens, by language then id (the pages give them to scripts)."""


def ui(msg_id: str, lang: Language, /, **fields: object) -> str:
    """A screen string in a language, placeholders filled in.

    Raises:
        UnknownMessageError: the id is unknown (a :class:`KeyError`).
    """
    return gettext(lang, Domain.WEB, msg_id, **fields)


def parse_language(value: str | None, default: Language = Language.VI) -> Language:
    """A language from a query parameter or cookie value; unknown values give ``default``."""
    if value in {language.value for language in Language}:
        return Language(value)
    return default
