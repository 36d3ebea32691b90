"""The wording catalogue: every sentence rotation61 shows to people, read from ``.po`` files.

The wording lives in gettext ``.po`` files shipped with the package, one per language and
domain: ``rotation61/text/locale/<language>/<domain>.po`` (see ``docs/translating.md``).
Each message is keyed by its ``msgid``, a stable dotted key (``foul.wrong_first_contact``,
``score.err.unknown``, ``desk.title``); the ``msgstr`` is a ``str.format`` template with
named ``{placeholders}``. A message with plural forms (``msgid_plural``, ``msgstr[N]``) is
chosen by its ``{count}`` field under the language's ``Plural-Forms`` rule.

A file is read the first time one of its messages is asked for, checked, and kept. The
Vietnamese wording uses the rulebook's own terms (``bi cái``, ``bi mục tiêu chính``,
``lằn ngang đầu bàn``, ``phạm lỗi``); the English wording uses the glossary of the
translation (cue ball, ball in play, head string, foul).

>>> gettext(Language.EN, Domain.RULES, "state.to_shoot", player="Ann")
'Ann to shoot.'
>>> gettext(Language.VI, Domain.RULES, "state.to_shoot", player="An")
'Đến lượt An.'
>>> [ngettext(Language.EN, Domain.SCOREKEEPER, "record.verify.racks", n) for n in (1, 2)]
['1 rack', '2 racks']
>>> ngettext(Language.VI, Domain.SCOREKEEPER, "record.verify.racks", 1)
'1 ván'
"""

from __future__ import annotations

import dataclasses
import functools
import re
import string
from collections.abc import Mapping
from enum import StrEnum
from importlib import resources
from types import MappingProxyType
from typing import Final

from rotation61.text.errors import (
    MalformedPoError,
    MessageFieldError,
    PluralFormsError,
    UnknownMessageError,
)
from rotation61.text.plural import PluralRule, parse_plural_forms
from rotation61.text.po import PoEntry, PoFile, parse_po

__all__ = [
    "Catalogue",
    "Domain",
    "Language",
    "Message",
    "catalogue",
    "gettext",
    "has_message",
    "message",
    "ngettext",
    "placeholders",
    "read_catalogue",
]


class Language(StrEnum):
    """A language rotation61 speaks; the value is the ISO 639-1 code (its locale folder)."""

    VI = "vi"
    """Vietnamese, the language of the rulebook."""
    EN = "en"
    """English, in the wording of the rulebook's translation."""


class Domain(StrEnum):
    """A part of the wording, one ``.po`` file per language (the value is the file name)."""

    RULES = "rules"
    """The referee's wording: fouls, options, rulings, rack results, the scoreboard."""
    SCOREKEEPER = "scorekeeper"
    """The terminal commands: ``rotation61 score`` and ``rotation61 record``."""
    WEB = "web"
    """The web app's screens: titles, buttons and labels."""
    AI = "ai"
    """The computer player's explanations: shots, pockets, options (``rotation61.ai``)."""
    TOURNAMENT = "tournament"
    """The tournament engine's refusals (``rotation61.tournament``), by their code."""


_COUNT: Final = "count"
"""The field that chooses the form of a message with plural forms."""

_KEY: Final = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)*")
_FIELD: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CHECKED_NUMBERS: Final = range(200)
"""The numbers a plural rule is tried on when its file is loaded."""


def placeholders(template: str) -> frozenset[str]:
    """The names of the ``{placeholders}`` of a template.

    Args:
        template: a ``str.format`` template.

    Returns:
        The field names it uses.

    Raises:
        ValueError: the template's braces are unbalanced.

    >>> sorted(placeholders("{ball} and {lowest}"))
    ['ball', 'lowest']
    """
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Message:
    """One message of a catalogue.

    Attributes:
        key: its stable key (the ``msgid``).
        forms: its template, or one template per plural form.
        is_plural: whether it has plural forms (chosen by its ``{count}`` field).
        fields: the placeholders every form uses.
        line: the line of its ``msgid`` in the file.
    """

    key: str
    forms: tuple[str, ...]
    is_plural: bool
    fields: frozenset[str]
    line: int


class Catalogue:
    """The messages of one domain in one language, read from its ``.po`` file.

    Build one with :func:`catalogue` (which reads each file once).

    Attributes:
        language: the language.
        domain: the domain.
        source: the file it was read from.
        plural_rule: the language's plural rule (its ``Plural-Forms`` header).
    """

    __slots__ = ("_messages", "domain", "language", "plural_rule", "source")

    def __init__(
        self,
        *,
        language: Language,
        domain: Domain,
        source: str,
        plural_rule: PluralRule,
        messages: Mapping[str, Message],
    ) -> None:
        self.language = language
        self.domain = domain
        self.source = source
        self.plural_rule = plural_rule
        self._messages: Mapping[str, Message] = MappingProxyType(dict(messages))

    def __repr__(self) -> str:
        return f"<Catalogue {self.language.value}/{self.domain.value}: {len(self._messages)}>"

    def __contains__(self, key: object) -> bool:
        return key in self._messages

    @property
    def keys(self) -> frozenset[str]:
        """The key of every message."""
        return frozenset(self._messages)

    @property
    def messages(self) -> Mapping[str, Message]:
        """Every message, by key, in file order."""
        return self._messages

    def message(self, key: str) -> Message:
        """One message.

        Args:
            key: its key.

        Returns:
            The message.

        Raises:
            UnknownMessageError: no message has this key.
        """
        try:
            return self._messages[key]
        except KeyError:
            raise UnknownMessageError(
                f"no message {key!r} in domain {self.domain.value!r} "
                f"for language {self.language.value!r} ({self.source})"
            ) from None

    def templates(self) -> Mapping[str, str]:
        """The template of every message without plural forms, by key.

        Returns:
            A read-only mapping (the web pages hand it to their scripts).
        """
        return MappingProxyType(
            {key: found.forms[0] for key, found in self._messages.items() if not found.is_plural}
        )

    def gettext(self, key: str, /, **fields: object) -> str:
        """A message, its placeholders filled in.

        Args:
            key: the message's key.
            **fields: the values of its placeholders; for a message with plural forms,
                ``count`` (an int) chooses the form.

        Returns:
            The finished sentence.

        Raises:
            UnknownMessageError: no message has this key.
            MessageFieldError: a placeholder has no value, or a plural message has no
                int ``count``.
        """
        found = self.message(key)
        form = 0
        if found.is_plural:
            count = fields.get(_COUNT)
            if not isinstance(count, int):
                raise MessageFieldError(
                    f"message {key!r} ({self.source}) has plural forms: give an int "
                    f"{_COUNT}=, not {count!r}"
                )
            form = self.plural_rule.form(count)
        missing = found.fields - fields.keys()
        if missing:
            raise MessageFieldError(
                f"message {key!r} ({self.source}) needs the field(s) {sorted(missing)}; "
                f"given {sorted(fields)}"
            )
        return found.forms[form].format(**fields)

    def ngettext(self, key: str, count: int, /, **fields: object) -> str:
        """A message with plural forms, in the form ``count`` takes.

        Args:
            key: the message's key.
            count: the number; it chooses the form and fills ``{count}``.
            **fields: the values of the other placeholders.

        Returns:
            The finished sentence.

        Raises:
            UnknownMessageError: no message has this key.
            MessageFieldError: the message has no plural forms, or a placeholder has no
                value.
        """
        if not self.message(key).is_plural:
            raise MessageFieldError(
                f"message {key!r} ({self.source}) has no plural forms: use gettext"
            )
        return self.gettext(key, **fields, count=count)


def _fields(template: str, source: str, line: int) -> frozenset[str]:
    try:
        names = placeholders(template)
    except ValueError as err:
        raise MalformedPoError(
            f"bad placeholder in {template!r}: {err}", source=source, line=line
        ) from err
    for name in names:
        if not _FIELD.fullmatch(name):
            raise MalformedPoError(
                f"placeholder {{{name}}} is not a plain name (letters, digits, _)",
                source=source,
                line=line,
            )
    return names


def _message(entry: PoEntry, rule: PluralRule, source: str) -> Message:
    """One entry as a message, checked: key, forms, placeholders."""
    line = entry.line
    if entry.msgctxt is not None:
        raise MalformedPoError(
            f"msgctxt {entry.msgctxt!r}: the catalogue keys messages by msgid alone",
            source=source,
            line=line,
        )
    if not _KEY.fullmatch(entry.msgid):
        raise MalformedPoError(
            f"msgid {entry.msgid!r} is not a key like 'foul.scratch' (a-z, 0-9, _, dots)",
            source=source,
            line=line,
        )
    if "fuzzy" in entry.flags:
        raise MalformedPoError(
            f"{entry.msgid!r} is marked fuzzy: check its wording, then remove the flag",
            source=source,
            line=line,
        )
    if entry.is_plural:
        if entry.msgid_plural != entry.msgid:
            raise MalformedPoError(
                f"msgid_plural {entry.msgid_plural!r} must repeat the key {entry.msgid!r}",
                source=source,
                line=line,
            )
        if len(entry.msgstr) != rule.nplurals:
            raise MalformedPoError(
                f"{entry.msgid!r} has {len(entry.msgstr)} plural forms; the Plural-Forms "
                f"header says nplurals={rule.nplurals}",
                source=source,
                line=line,
            )
    if any(not form.strip() for form in entry.msgstr):
        raise MalformedPoError(
            f"{entry.msgid!r} has an empty msgstr: every message needs wording",
            source=source,
            line=line,
        )
    fields = [_fields(form, source, line) for form in entry.msgstr]
    if any(other != fields[0] for other in fields[1:]):
        raise MalformedPoError(
            f"the plural forms of {entry.msgid!r} use different placeholders: "
            + " / ".join(str(sorted(names)) for names in fields),
            source=source,
            line=line,
        )
    if entry.is_plural and _COUNT not in fields[0]:
        raise MalformedPoError(
            f"{entry.msgid!r} has plural forms but no {{{_COUNT}}} placeholder",
            source=source,
            line=line,
        )
    return Message(
        key=entry.msgid,
        forms=entry.msgstr,
        is_plural=entry.is_plural,
        fields=fields[0],
        line=line,
    )


def _plural_rule(po: PoFile, language: Language) -> PluralRule:
    header = po.header_entry
    if header is None:
        raise MalformedPoError('no header entry (msgid "")', source=po.source, line=1)
    fields = po.header
    if fields.get("Language") != language.value:
        raise MalformedPoError(
            f"header says Language: {fields.get('Language')!r}; the file is for {language.value!r}",
            source=po.source,
            line=header.line,
        )
    content_type = fields.get("Content-Type", "charset=UTF-8")
    if "charset=utf-8" not in content_type.lower().replace(" ", ""):
        raise MalformedPoError(
            f"Content-Type {content_type!r}: the files are UTF-8",
            source=po.source,
            line=header.line,
        )
    if "Plural-Forms" not in fields:
        raise MalformedPoError("the header has no Plural-Forms", source=po.source, line=header.line)
    try:
        rule = parse_plural_forms(fields["Plural-Forms"])
        for n in _CHECKED_NUMBERS:
            rule.form(n)
    except PluralFormsError as err:
        raise MalformedPoError(str(err), source=po.source, line=header.line) from err
    return rule


def read_catalogue(text: str, *, language: Language, domain: Domain, source: str) -> Catalogue:
    """Read and check the text of one ``.po`` file.

    Args:
        text: the file's text.
        language: the language it is for (its header must say so).
        domain: the domain it holds.
        source: the file name errors give.

    Returns:
        The catalogue.

    Raises:
        MalformedPoError: the file cannot be read, or a message cannot be used (a bad
            key, a fuzzy or empty translation, the wrong number of plural forms,
            placeholders that differ between forms); the message names the line.
    """
    po = parse_po(text, source=source)
    rule = _plural_rule(po, language)
    messages = {entry.msgid: _message(entry, rule, source) for entry in po.messages}
    return Catalogue(
        language=language, domain=domain, source=source, plural_rule=rule, messages=messages
    )


def _enum(kind: type[Language] | type[Domain], value: str) -> str:
    try:
        return kind(value).value
    except ValueError:
        known = ", ".join(member.value for member in kind)
        noun = "language" if kind is Language else "domain"
        raise UnknownMessageError(
            f"no {noun} {value!r} in the catalogue (known: {known})"
        ) from None


@functools.cache
def _load(language: Language, domain: Domain) -> Catalogue:
    resource = resources.files("rotation61.text") / "locale" / language.value / f"{domain.value}.po"
    source = str(resource)
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnknownMessageError(
            f"no {domain.value!r} wording for language {language.value!r} ({source} is missing)"
        ) from None
    return read_catalogue(text, language=language, domain=domain, source=source)


def catalogue(language: Language | str, domain: Domain | str) -> Catalogue:
    """The catalogue of one domain in one language, read once and kept.

    Args:
        language: a :class:`Language` or its code (``"vi"``).
        domain: a :class:`Domain` or its name (``"rules"``).

    Returns:
        The catalogue.

    Raises:
        UnknownMessageError: the language or the domain is unknown.
        MalformedPoError: its file cannot be read.

    >>> catalogue("en", "web").gettext("board.race_to", n=3)
    'race to 3'
    """
    try:
        return _LOADED[language, domain]
    except (KeyError, TypeError):
        pass
    found = _load(Language(_enum(Language, language)), Domain(_enum(Domain, domain)))
    _LOADED[language, domain] = found
    return found


_LOADED: Final[dict[tuple[object, object], Catalogue]] = {}
"""The catalogues asked for, by the arguments they were asked with (a ``Language`` and
its code hash and compare alike, so they share an entry): every wording call looks
here first, without converting and checking its arguments again."""


def gettext(language: Language | str, domain: Domain | str, key: str, /, **fields: object) -> str:
    """A message in a language, its placeholders filled in.

    Args:
        language: a :class:`Language` or its code.
        domain: a :class:`Domain` or its name.
        key: the message's key (``"state.to_shoot"``).
        **fields: the values of its placeholders; for a message with plural forms,
            ``count`` chooses the form.

    Returns:
        The finished sentence.

    Raises:
        UnknownMessageError: the language, the domain or the key is unknown.
        MessageFieldError: a placeholder has no value.
    """
    return catalogue(language, domain).gettext(key, **fields)


def ngettext(
    language: Language | str, domain: Domain | str, key: str, count: int, /, **fields: object
) -> str:
    """A message with plural forms, in the form ``count`` takes in the language.

    Args:
        language: a :class:`Language` or its code.
        domain: a :class:`Domain` or its name.
        key: the message's key (``"ruling.legal_pocketed"``).
        count: the number; it chooses the form and fills ``{count}``.
        **fields: the values of the other placeholders.

    Returns:
        The finished sentence.

    Raises:
        UnknownMessageError: the language, the domain or the key is unknown.
        MessageFieldError: the message has no plural forms, or a placeholder has no value.

    >>> ngettext("en", "rules", "ruling.legal_pocketed", 1, player="Ann", balls="1")
    'Legal shot: Ann pockets 1 (+1 point).'
    """
    return catalogue(language, domain).ngettext(key, count, **fields)


def has_message(msg_id: str) -> bool:
    """Whether the rules domain has a message (in every language, as a test checks).

    Args:
        msg_id: the message's key.

    Returns:
        True if the key exists.
    """
    return msg_id in catalogue(Language.EN, Domain.RULES)


def message(msg_id: str, lang: Language, /, **fields: object) -> str:
    """A message of the rules domain in a language, its placeholders filled in.

    The same as ``gettext(lang, Domain.RULES, msg_id, **fields)``.

    Args:
        msg_id: the message's key (``"state.to_shoot"``).
        lang: the language.
        **fields: the values of its placeholders; ``count`` chooses a plural form.

    Returns:
        The finished sentence.

    Raises:
        UnknownMessageError: the key is unknown (a :class:`KeyError`).
        MessageFieldError: a placeholder has no value.
    """
    return gettext(lang, Domain.RULES, msg_id, **fields)
