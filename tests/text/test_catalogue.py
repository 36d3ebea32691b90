"""The wording catalogue: every key in every language, the same placeholders, plural forms."""

from __future__ import annotations

import ast
import re
import sys
from importlib import resources
from pathlib import Path

import pytest

from rotation61.rules import (
    Foul,
    FoulKind,
    OfficialEvent,
    Option,
    RackResult,
    RackResultType,
    Seat,
)
from rotation61.text import (
    Domain,
    Language,
    describe_event,
    describe_foul,
    describe_option,
    describe_result,
    gettext,
    message,
    ngettext,
)
from rotation61.text.catalogue import catalogue, placeholders, read_catalogue
from rotation61.text.errors import MalformedPoError, MessageFieldError, UnknownMessageError

SRC = Path(__file__).resolve().parents[2] / "src" / "rotation61"
TEXT_SRC = SRC / "text"
LANGS = list(Language)
DOMAINS = list(Domain)
PREFIXES = {
    Domain.RULES: (
        "foul",
        "label",
        "option",
        "result",
        "event",
        "ruling",
        "spot",
        "choice",
        "state",
        "refusal",
    ),
    Domain.SCOREKEEPER: ("score", "record", "ratings"),
    Domain.AI: ("ai",),
    Domain.TOURNAMENT: ("tournament",),
}
"""The first part of the keys of each domain (the web domain has the rest)."""

SAME_IN_BOTH = {
    Domain.RULES: ("event.line",),
    Domain.SCOREKEEPER: ("score.prompt", "ratings.summary"),
    Domain.WEB: ("desk.link.overlay", "desk.link.json"),
    Domain.TOURNAMENT: ("tournament.error.file_encoding",),
}
"""Keys (and their variants) whose wording may be the same in both languages."""


def _keys(domain: Domain) -> list[str]:
    return sorted(catalogue(Language.EN, domain).keys)


ALL_KEYS = [(domain, key) for domain in DOMAINS for key in _keys(domain)]


# --- Files and keys ----------------------------------------------------------------------


def test_every_language_has_a_file_for_every_domain_and_no_other() -> None:
    locale = resources.files("rotation61.text") / "locale"
    folders = sorted(entry.name for entry in locale.iterdir() if entry.is_dir())
    assert folders == sorted(lang.value for lang in Language)
    for lang in Language:
        files = sorted(entry.name for entry in (locale / lang.value).iterdir())
        assert files == sorted(f"{domain.value}.po" for domain in Domain), lang


@pytest.mark.parametrize("domain", DOMAINS, ids=str)
def test_both_languages_define_the_same_keys(domain: Domain) -> None:
    assert catalogue(Language.VI, domain).keys == catalogue(Language.EN, domain).keys


@pytest.mark.parametrize("domain", DOMAINS, ids=str)
def test_every_key_is_in_the_right_domain(domain: Domain) -> None:
    for key in _keys(domain):
        first = key.split(".")[0]
        owner = next((d for d, prefixes in PREFIXES.items() if first in prefixes), Domain.WEB)
        assert owner is domain, f"{key} is in {domain.value}, not {owner.value}"


@pytest.mark.parametrize(("domain", "key"), ALL_KEYS, ids=lambda v: str(v))
def test_both_languages_use_the_same_placeholders_and_forms(domain: Domain, key: str) -> None:
    vi = catalogue(Language.VI, domain).message(key)
    en = catalogue(Language.EN, domain).message(key)
    assert vi.fields == en.fields, key
    assert vi.is_plural == en.is_plural, key
    assert all(form.strip() for form in (*vi.forms, *en.forms))
    if not key.startswith(SAME_IN_BOTH.get(domain, ())):
        assert vi.forms[0] != en.forms[0], key


def test_plural_forms_follow_each_language() -> None:
    assert catalogue(Language.VI, Domain.RULES).plural_rule.nplurals == 1
    english = catalogue(Language.EN, Domain.RULES).plural_rule
    assert english.nplurals == 2
    assert [english.form(n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1]


PLURAL_KEYS = [
    (domain, key)
    for domain, key in ALL_KEYS
    if catalogue(Language.EN, domain).message(key).is_plural
]


def _fields(domain: Domain, key: str) -> dict[str, object]:
    found = catalogue(Language.EN, domain).message(key)
    return {name: f"<{name}>" for name in found.fields if name != "count"}


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize(("domain", "key"), PLURAL_KEYS, ids=lambda v: str(v))
def test_plural_messages_for_0_1_2_5(domain: Domain, key: str, lang: Language) -> None:
    fields = _fields(domain, key)
    said = {n: ngettext(lang, domain, key, n, **fields) for n in (0, 1, 2, 5)}
    for n, text in said.items():
        assert re.search(rf"(?<!\d){n}(?!\d)", text), text
        assert "{" not in text
    forms = catalogue(lang, domain).message(key).forms
    if lang is Language.EN:
        assert said[1] == forms[0].format(count=1, **fields)
        assert said[2] == forms[1].format(count=2, **fields)
        assert said[1] != said[2].replace("2", "1")
    else:
        assert len(forms) == 1


def test_the_plural_fixes() -> None:
    en, vi = Language.EN, Language.VI
    rules = Domain.RULES
    pocket = {"player": "Ann", "balls": "1"}
    assert ngettext(en, rules, "ruling.legal_pocketed", 1, **pocket).endswith("(+1 point).")
    assert ngettext(en, rules, "ruling.legal_pocketed", 3, **pocket).endswith("(+3 points).")
    assert ngettext(vi, rules, "ruling.legal_pocketed", 1, **pocket).endswith("(+1 điểm).")
    table = {"lowest": 15, "points": 15}
    assert ngettext(en, rules, "state.table", 1, **table).endswith("(1 ball)")
    assert ngettext(en, rules, "state.table", 3, **table).endswith("(3 balls)")
    assert ngettext(vi, rules, "state.table", 1, **table).endswith("(1 bi)")
    assert "has 1 consecutive foul;" in ngettext(en, rules, "ruling.warning", 1, player="A")
    assert "has 2 consecutive fouls;" in ngettext(en, rules, "ruling.warning", 2, player="A")
    keeper = Domain.SCOREKEEPER
    assert ngettext(en, keeper, "record.verify.racks", 1) == "1 rack"
    assert ngettext(en, keeper, "record.verify.entries", 1) == "1 entry"
    assert ngettext(en, keeper, "record.verify.entries", 0) == "0 entries"


# --- The API -----------------------------------------------------------------------------


def test_catalogues_are_read_once() -> None:
    assert catalogue(Language.VI, Domain.RULES) is catalogue("vi", "rules")


def test_gettext_takes_a_plural_form_from_count() -> None:
    assert gettext("en", "rules", "state.table", lowest=1, points=1, count=1).endswith("(1 ball)")
    assert message("ruling.warning", Language.EN, player="A", count=1).endswith(
        "has 1 consecutive foul; one more foul loses the rack."
    )


@pytest.mark.parametrize(
    ("call", "error", "detail"),
    [
        (lambda: gettext("fr", "rules", "state.to_shoot"), UnknownMessageError, "no language 'fr'"),
        (lambda: gettext("vi", "menus", "x"), UnknownMessageError, "no domain 'menus'.*rules"),
        (lambda: gettext("vi", "web", "no.such"), UnknownMessageError, r"no message 'no\.such'"),
        (lambda: message("state.to_shoot", Language.EN), MessageFieldError, "player"),
        (
            lambda: gettext("en", "rules", "state.table", lowest=1, points=1),
            MessageFieldError,
            "count=",
        ),
        (
            lambda: ngettext("en", "rules", "state.to_shoot", 1, player="A"),
            MessageFieldError,
            "no plural",
        ),
    ],
)
def test_clear_errors(call: object, error: type[Exception], detail: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=detail):
        call()


def test_unknown_message_id_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match=r"no\.such"):
        message("no.such", Language.EN)


# --- Malformed files ---------------------------------------------------------------------

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)


@pytest.mark.parametrize(
    ("body", "line", "detail"),
    [
        ('msgid "Bad Key"\nmsgstr "x"\n', 6, "is not a key"),
        ('msgctxt "c"\nmsgid "a.b"\nmsgstr "x"\n', 6, "msgctxt"),
        ('#, fuzzy\nmsgid "a.b"\nmsgstr "x"\n', 7, "fuzzy"),
        ('msgid "a.b"\nmsgstr ""\n', 6, "empty msgstr"),
        ('msgid "a.b"\nmsgstr "{ball"\n', 6, "bad placeholder"),
        ('msgid "a.b"\nmsgstr "{ball.__class__}"\n', 6, "not a plain name"),
        ('msgid "a.b"\nmsgid_plural "a.b"\nmsgstr[0] "{count} x"\n', 6, "nplurals=2"),
        ('msgid "a.b"\nmsgid_plural "a.c"\nmsgstr[0] "x"\nmsgstr[1] "y"\n', 6, "repeat the key"),
        (
            'msgid "a.b"\nmsgid_plural "a.b"\nmsgstr[0] "{count} x"\nmsgstr[1] "{n} y"\n',
            6,
            "different placeholders",
        ),
        ('msgid "a.b"\nmsgid_plural "a.b"\nmsgstr[0] "one"\nmsgstr[1] "two"\n', 6, "no {count}"),
    ],
)
def test_unusable_messages_name_the_file_and_line(body: str, line: int, detail: str) -> None:
    with pytest.raises(MalformedPoError, match=rf"^en/x\.po:{line}: .*{re.escape(detail)}"):
        read_catalogue(HEADER + body, language=Language.EN, domain=Domain.WEB, source="en/x.po")


@pytest.mark.parametrize(
    ("header", "detail"),
    [
        ('msgid "a"\nmsgstr "b"\n', "no header entry"),
        ('msgid ""\nmsgstr "Language: vi\\nPlural-Forms: nplurals=1; plural=0;\\n"\n', "Language"),
        ('msgid ""\nmsgstr "Language: en\\n"\n', "no Plural-Forms"),
        ('msgid ""\nmsgstr "Language: en\\nPlural-Forms: nplurals=2; plural=n+1;\\n"\n', "form 2"),
        (
            'msgid ""\nmsgstr "Language: en\\nContent-Type: text/plain; charset=latin-1\\n'
            'Plural-Forms: nplurals=1; plural=0;\\n"\n',
            "UTF-8",
        ),
    ],
)
def test_bad_headers_are_rejected(header: str, detail: str) -> None:
    with pytest.raises(MalformedPoError, match=rf"^en/x\.po:1: .*{detail}"):
        read_catalogue(header, language=Language.EN, domain=Domain.WEB, source="en/x.po")


def test_the_shipped_files_round_trip_through_the_reader() -> None:
    from rotation61.text.po import format_po, parse_po

    for lang in Language:
        for domain in Domain:
            resource = resources.files("rotation61.text") / "locale" / lang.value / f"{domain}.po"
            text = resource.read_text(encoding="utf-8")
            assert format_po(parse_po(text)) == text, resource


# --- The engine's values are all worded ---------------------------------------------------


def test_every_foul_template_with_a_ball_has_a_bare_variant() -> None:
    rules = catalogue(Language.EN, Domain.RULES)
    for kind in FoulKind:
        found = rules.message(f"foul.{kind.value}")
        if found.fields:
            assert rules.message(f"foul.{kind.value}.bare").fields == frozenset(), kind


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("kind", list(FoulKind), ids=str)
def test_every_foul_kind_is_worded_with_its_section(kind: FoulKind, lang: Language) -> None:
    heading = "Foul (" if lang is Language.EN else "Phạm lỗi ("
    label = "double_hit" if kind is FoulKind.GENERAL_RULES_FOUL else None
    for ball in (7, None):
        text = describe_foul(Foul(kind, ball, label), lowest=2, lang=lang)
        assert text.startswith(heading)
        section = Foul(kind).section
        if section == "general rules":
            assert ("general rules" if lang is Language.EN else "luật chung") in text
        else:
            assert f"(§{section}):" in text
        assert "{" not in text
        assert "None" not in text


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("option", list(Option), ids=str)
def test_every_option_has_a_label_and_an_explanation_citing_a_section(
    option: Option, lang: Language
) -> None:
    wording = describe_option(option, lang)
    assert 0 < len(wording.label) <= 30
    assert "§" in wording.explanation
    assert len(wording.explanation) > len(wording.label)


def _result(kind: RackResultType) -> RackResult:
    if kind in (RackResultType.TIE_60_60_REPLAY, RackResultType.STALEMATE_REPLAY):
        return RackResult(type=kind, replay_breaker=Seat.B)
    offender = (
        Seat.A
        if kind in (RackResultType.LOSS_BY_CONSECUTIVE_FOULS, RackResultType.DISQUALIFICATION)
        else None
    )
    return RackResult(type=kind, winner=Seat.B, loser=Seat.A, offender=offender)


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("kind", list(RackResultType), ids=str)
def test_every_rack_result_type_names_the_players(kind: RackResultType, lang: Language) -> None:
    text = describe_result(_result(kind), lang, names=("Ann", "Bob"))
    assert "Bob" in text
    assert "{" not in text
    assert "?" not in text


@pytest.mark.parametrize("lang", LANGS, ids=str)
@pytest.mark.parametrize("event", list(OfficialEvent), ids=str)
def test_every_official_event_is_worded(event: OfficialEvent, lang: Language) -> None:
    assert describe_event(event, lang) == message(f"event.{event.value}", lang)
    assert describe_event(event, Language.VI) != describe_event(event, Language.EN)


# --- No wording left in the code ----------------------------------------------------------

_VIETNAMESE = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯạ-ỹ]")
CODE_WITHOUT_WORDING = [
    SRC / "web" / "core" / "i18n.py",
    *sorted((SRC / "cli" / "score").glob("*.py")),
    SRC / "cli" / "record.py",
    *sorted(TEXT_SRC.glob("*.py")),
]


@pytest.mark.parametrize("path", CODE_WITHOUT_WORDING, ids=lambda p: p.name)
def test_no_vietnamese_wording_is_left_in_the_code(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            assert not _VIETNAMESE.search(node.value), f"{path.name}:{node.lineno}: {node.value!r}"


def test_text_package_imports_only_core_layers_text_and_stdlib_and_never_prints() -> None:
    # the ratings and tournament layers' errors are worded here too
    allowed = {
        "rotation61.rules",
        "rotation61.match",
        "rotation61.ratings",
        "rotation61.text",
        "rotation61.tournament",
    }
    for path in sorted(TEXT_SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top == "rotation61":
                    assert any(name.startswith(a) for a in allowed), f"{path.name}: {name}"
                else:
                    assert top in sys.stdlib_module_names or top == "__future__", name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", f"{path.name} prints"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", f"{path.name} opens a file by path"


def test_placeholders_of_a_template() -> None:
    assert placeholders("{a} {b} {a}") == {"a", "b"}
