"""The wording catalogues are ordinary gettext files: Babel reads them, and the standard
library's ``gettext`` reads them compiled, with the same messages and plural forms.

A translator works with ordinary tools (Poedit, Weblate, Babel's ``pybabel``): these
tests read every catalogue with Babel, compile it to a ``.mo`` with Babel, and check
that :class:`gettext.GNUTranslations` gives every message, and every plural form for
counts 0 to 120, exactly as rotation61's own reader does.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import io
from importlib import resources

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from rotation61.text import Domain, Language
from rotation61.text.catalogue import catalogue

CASES = [(lang, domain) for lang in Language for domain in Domain]


def _read_with_babel(lang: Language, domain: Domain):  # type: ignore[no-untyped-def]
    path = resources.files("rotation61.text") / "locale" / lang.value / f"{domain.value}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang.value, domain=domain.value)


@pytest.mark.parametrize(("lang", "domain"), CASES, ids=[f"{a}-{b}" for a, b in CASES])
def test_babel_reads_every_message_as_we_do(lang: Language, domain: Domain) -> None:
    ours = catalogue(lang, domain)
    theirs = _read_with_babel(lang, domain)
    babel_keys = {m.id[0] if isinstance(m.id, tuple) else m.id for m in theirs if m.id}
    assert babel_keys == set(ours.keys)
    for key, message in ours.messages.items():
        found = theirs[key]
        assert found is not None
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        assert forms == message.forms, key
        assert isinstance(found.id, tuple) == message.is_plural, key
        assert not found.fuzzy, key


@pytest.mark.parametrize(("lang", "domain"), CASES, ids=[f"{a}-{b}" for a, b in CASES])
def test_the_standard_library_reads_them_compiled(lang: Language, domain: Domain) -> None:
    ours = catalogue(lang, domain)
    compiled = io.BytesIO()
    write_mo(compiled, _read_with_babel(lang, domain))
    compiled.seek(0)
    stdlib = stdlib_gettext.GNUTranslations(compiled)
    plural_ids = {
        m.id[0]: m.id[1] for m in _read_with_babel(lang, domain) if isinstance(m.id, tuple)
    }
    for key, message in ours.messages.items():
        if not message.is_plural:
            assert stdlib.gettext(key) == message.forms[0], key
            continue
        for count in range(121):  # a rack is worth 120 points
            form = message.forms[ours.plural_rule.form(count)]
            assert stdlib.ngettext(key, plural_ids[key], count) == form, (key, count)
