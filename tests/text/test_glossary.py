"""The Vietnamese glossary of docs/translating.md: every catalogue uses its words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rotation61.text import Domain, Language
from rotation61.text.catalogue import catalogue

DOC = Path(__file__).resolve().parents[2] / "docs" / "translating.md"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    english: str
    vietnamese: str
    never: tuple[str, ...]


def _glossary() -> tuple[Term, ...]:
    """The rows of the table under the doc's "## Glossary" heading."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Glossary\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    terms = []
    for row in rows[1:]:
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if set(cells[0]) <= {"-", " "}:
            continue
        never = tuple(word.strip() for word in cells[2].split(";") if word.strip())
        vietnamese = cells[1].split(" (", 1)[0]
        terms.append(Term(english=cells[0], vietnamese=vietnamese, never=never))
    return tuple(terms)


GLOSSARY = _glossary()


def _texts(language: Language) -> dict[tuple[Domain, str], str]:
    return {
        (domain, key): " ".join(msg.forms)
        for domain in Domain
        for key, msg in catalogue(language, domain).messages.items()
    }


def test_the_glossary_is_read() -> None:
    assert len(GLOSSARY) >= 8
    assert all(term.english and term.vietnamese for term in GLOSSARY)


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda term: term.english)
def test_no_vietnamese_message_uses_a_word_the_glossary_refuses(term: Term) -> None:
    found = [
        f"{domain.value}:{key}: {text!r} has {word!r}"
        for (domain, key), text in _texts(Language.VI).items()
        for word in term.never
        if word.casefold() in text.casefold()
    ]
    assert not found, f"say {term.vietnamese!r}:\n" + "\n".join(found)


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda term: term.english)
def test_where_english_uses_the_term_vietnamese_uses_its_word(term: Term) -> None:
    vi = _texts(Language.VI)
    missing = [
        f"{domain.value}:{key}: {vi[(domain, key)]!r}"
        for (domain, key), text in _texts(Language.EN).items()
        if term.english.casefold() in text.casefold()
        and term.vietnamese.casefold() not in vi[(domain, key)].casefold()
    ]
    assert not missing, f"{term.english!r} is {term.vietnamese!r}:\n" + "\n".join(missing)
