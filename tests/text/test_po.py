"""The .po reader: what translators' editors write, round trips, and precise errors."""

from __future__ import annotations

import pytest

from rotation61.text.errors import MalformedPoError, PluralFormsError
from rotation61.text.plural import parse_plural_forms
from rotation61.text.po import PoEntry, PoFile, format_po, parse_po

SAMPLE = r"""# A translator's comment.
msgid ""
msgstr ""
"Language: en\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. An extracted comment.
#: src/somewhere.py:12
#, python-brace-format
msgid "state.to_shoot"
msgstr "{player} to shoot."

msgctxt "menu"
msgid "open"
msgstr ""
"Open the "
"file"

msgid "balls"
msgid_plural "balls"
msgstr[0] "{count} ball"
msgstr[1] "{count} balls"

msgid "escapes"
msgstr "tab\tquote\" backslash\\ newline\n octal\101 bell\a"

#~ msgid "obsolete"
#~ msgstr "gone"
"""


def test_reads_header_comments_context_plurals_and_continued_strings() -> None:
    po = parse_po(SAMPLE, source="sample.po")
    assert po.header == {"Language": "en", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    keys = [(entry.msgctxt, entry.msgid) for entry in po.messages]
    assert keys == [(None, "state.to_shoot"), ("menu", "open"), (None, "balls"), (None, "escapes")]
    shoot, menu, balls, escapes = po.messages
    assert shoot.comments == (
        "#. An extracted comment.",
        "#: src/somewhere.py:12",
        "#, python-brace-format",
    )
    assert shoot.flags == {"python-brace-format"}
    assert shoot.line == 10
    assert menu.msgstr == ("Open the file",)
    assert balls.is_plural
    assert balls.msgstr == ("{count} ball", "{count} balls")
    assert escapes.msgstr == ('tab\tquote" backslash\\ newline\n octalA bell\a',)
    assert po.header_entry is not None
    assert po.header_entry.comments == ("# A translator's comment.",)


def test_round_trip_keeps_every_entry() -> None:
    po = parse_po(SAMPLE)
    again = parse_po(format_po(po))
    assert again == po
    assert format_po(again) == format_po(po)


def test_round_trip_of_long_multiline_and_odd_strings() -> None:
    long_text = "word " * 40 + "\nsecond line\n\n" + "x" * 120 + '\t"q"\\ \x01 \x7f ờ'
    po = PoFile(
        entries=(
            PoEntry(msgid="", msgstr=("Language: vi\nPlural-Forms: nplurals=1; plural=0;\n",)),
            PoEntry(msgid="long", msgstr=(long_text,), comments=("# note",)),
            PoEntry(msgid="empty", msgstr=("",)),
            PoEntry(msgid="p", msgid_plural="p", msgstr=("{count} bi",), msgctxt="c"),
        )
    )
    text = format_po(po)
    assert parse_po(text) == po
    assert all(len(line) <= 79 for line in text.splitlines() if "x" * 100 not in line)


def test_a_byte_order_mark_and_windows_line_ends_are_accepted() -> None:
    text = '\ufeffmsgid "a"\r\nmsgstr "b"\r\n'
    assert parse_po(text).entries == (PoEntry(msgid="a", msgstr=("b",)),)


@pytest.mark.parametrize(
    ("text", "line", "detail"),
    [
        ('msgid "a"\nmsgstr "b', 2, "unterminated string"),
        ('msgid "a"\nmsgstr "b" c', 2, "text after the closing quote"),
        ('msgid "a"\nmsgstr "\\q"', 2, r"unknown escape \\q"),
        ('msgid "a"\nmsgstr b', 2, "expected a quoted string"),
        ('msgid "a"\nmsgtxt "b"', 2, "found 'msgtxt'"),
        ('msgstr "b"', 1, "msgstr before msgid"),
        ('msgid "a"\nmsgid "b"\nmsgstr ""', 2, "msgid after msgid"),
        ('msgid "a"\nmsgstr "x"\nmsgstr "y"', 3, "second msgstr"),
        ('msgid "a"\nmsgstr[0] "x"', 2, "without msgid_plural"),
        ('msgid "a"\nmsgid_plural "a"\nmsgstr "x"', 3, "needs msgstr"),
        ('msgid "a"\nmsgid_plural "a"\nmsgstr[1] "x"', 3, "out of order"),
        ('msgid "a"\nmsgid[0] "x"', 2, "only msgstr takes a form index"),
        ('msgid "a"\nmsgctxt "c"\nmsgstr "x"', 2, "msgctxt must come first"),
        ('"stray"', 1, "continues no keyword"),
        ('# c\n"stray"', 2, "continues no keyword"),
        (
            'msgid "a"\nmsgstr "x"\n\nmsgid "a"\nmsgstr "y"',
            4,
            r"duplicate entry 'a' \(first at line 1\)",
        ),
        ('msgid "a"\n', 1, "no msgstr"),
        ('msgid "a"\n\nmsgstr "x"', 1, "has no msgstr"),
    ],
)
def test_malformed_files_name_the_file_and_the_line(text: str, line: int, detail: str) -> None:
    with pytest.raises(MalformedPoError, match=rf"^broken\.po:{line}: .*{detail}") as err:
        parse_po(text, source="broken.po")
    assert err.value.source == "broken.po"
    assert err.value.line == line
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(
    ("header", "forms"),
    [
        ("nplurals=1; plural=0;", [0, 0, 0, 0, 0, 0]),
        ("nplurals=2; plural=(n != 1);", [1, 1, 0, 1, 1, 1]),
        ("nplurals=2; plural=n>1;", [1, 0, 0, 1, 1, 1]),
        (
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
            "(n%100<10 || n%100>=20) ? 1 : 2);",
            [2, 2, 0, 1, 2, 0],
        ),
        ("nplurals=2; plural=!(n == 1)", [1, 1, 0, 1, 1, 1]),
        ("nplurals=3; plural=n==1 ? 0 : n/10*10+2-2 == n ? 2 : 1;", [1, 2, 0, 1, 1, 1]),
    ],
)
def test_plural_rules_of_several_languages(header: str, forms: list[int]) -> None:
    rule = parse_plural_forms(header)
    assert [rule.form(n) for n in (-5, 0, 1, 2, 5, 21)] == forms


@pytest.mark.parametrize(
    ("header", "detail"),
    [
        ("plural=(n != 1);", "is not 'nplurals=N"),
        ("nplurals=0; plural=0;", "at least 1"),
        ("nplurals=2; plural=(n != 1;", r"expected '\)'"),
        ("nplurals=2; plural=n $ 1;", r"unexpected '\$'"),
        ("nplurals=2; plural=n 1;", "unexpected '1'"),
        ("nplurals=2; plural=n ? 1;", "expected ':'"),
        ("nplurals=2; plural=import os;", "unexpected 'i'"),
    ],
)
def test_bad_plural_forms_are_rejected(header: str, detail: str) -> None:
    with pytest.raises(PluralFormsError, match=detail):
        parse_plural_forms(header)


def test_a_rule_giving_a_form_out_of_range_is_an_error() -> None:
    rule = parse_plural_forms("nplurals=2; plural=n;")
    assert rule.form(1) == 1
    with pytest.raises(PluralFormsError, match="gives form 2 for n=2"):
        rule.form(2)
    with pytest.raises(PluralFormsError, match="division by zero"):
        parse_plural_forms("nplurals=1; plural=1 % n;").form(0)
