"""The one validation of person-facing text: every refused character, normalisation."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation61.records import InvalidRecordError, MatchHeader
from rotation61.rules.text_fields import (
    TextFieldError,
    TextProblem,
    check_text,
    clean_text,
    printable_text,
)
from rotation61.tournament import Entry

REFUSED = [
    ("\t", TextProblem.CONTROL),
    ("\x00", TextProblem.CONTROL),
    ("\x1b", TextProblem.CONTROL),
    ("\x7f", TextProblem.CONTROL),
    ("\n", TextProblem.CONTROL),
    ("\u202e", TextProblem.BIDI),
    ("\u2066", TextProblem.BIDI),
    ("\u200f", TextProblem.BIDI),
    ("\u2028", TextProblem.INVISIBLE),
    ("\ufeff", TextProblem.INVISIBLE),
]


@pytest.mark.parametrize(("char", "problem"), REFUSED)
def test_a_refused_character_is_named_with_its_place(char: str, problem: TextProblem) -> None:
    with pytest.raises(TextFieldError) as caught:
        clean_text(f"Trần{char}Bình", "name", max_length=100)
    err = caught.value
    assert (err.field, err.problem, err.position) == ("name", problem, 5)
    assert f"U+{ord(char):04X}" in str(err)
    assert str(err).startswith("name ")


@pytest.mark.parametrize(("char", "problem"), REFUSED)
def test_every_layer_refuses_the_same_characters(char: str, problem: TextProblem) -> None:
    name = f"An{char}B"
    with pytest.raises(TextFieldError):
        Entry(id="p1", name=name)
    with pytest.raises(InvalidRecordError):
        MatchHeader.of(players=(name, "Bình"), race_to=1)


def test_names_are_normalised_and_trimmed() -> None:
    decomposed = unicodedata.normalize("NFD", "  Nguyễn Thị Bích  ")
    assert clean_text(decomposed, "name", max_length=100) == "Nguyễn Thị Bích"
    assert clean_text("Bob ", "name", max_length=100) == clean_text("Bob", "name", max_length=100)


def test_lengths_and_emptiness_are_bounded() -> None:
    with pytest.raises(TextFieldError, match="longer than 5"):
        clean_text("abcdef", "club", max_length=5)
    with pytest.raises(TextFieldError, match="must not be empty"):
        clean_text("   ", "name", max_length=5)
    assert clean_text("  ", "club", max_length=5, required=False) == ""
    with pytest.raises(TextFieldError, match="must be a text"):
        check_text(12, "name", max_length=5)


@given(st.text(max_size=60))
def test_clean_text_accepts_exactly_what_check_text_holds(value: str) -> None:
    try:
        cleaned = clean_text(value, "name", max_length=100)
    except TextFieldError:
        return
    assert check_text(cleaned, "name", max_length=100) == cleaned
    assert unicodedata.is_normalized("NFC", cleaned)
    assert cleaned == cleaned.strip()


@given(st.text(max_size=60))
def test_printable_text_is_always_a_name_a_match_holds(value: str) -> None:
    shown = printable_text(value, max_length=100)
    assert check_text(shown, "name", max_length=100) == shown
    MatchHeader.of(players=(shown, "Bình"), race_to=1)
