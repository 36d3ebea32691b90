"""Malformed input is rejected with a message naming its place, and never half-loads."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rotation61.records import (
    IllegalEntryError,
    NotationError,
    SchemaVersionError,
    from_json,
    parse_match,
    parse_ruling,
    parse_shot,
    read_matches,
    to_dict,
    to_json,
)
from rotation61.rules import IllegalActionError

GOLDEN = Path(__file__).parent / "golden" / "race-to-2-tie-concession.r61"
TEXT = GOLDEN.read_text(encoding="utf-8")
HEAD = '[PlayerA "An"]\n[PlayerB "Binh"]\n[RaceTo "1"]\n'


def _json() -> dict[str, object]:
    return to_dict(parse_match(TEXT))


def _entries(data: dict[str, object], rack: int) -> list[dict[str, object]]:
    racks = data["racks"]
    assert isinstance(racks, list)
    entries = racks[rack]["entries"]
    assert isinstance(entries, list)
    return entries


# --- JSON ----------------------------------------------------------------------------


def test_truncated_json_names_line_and_column() -> None:
    text = to_json(parse_match(TEXT))
    cut = text[: len(text) // 2]
    with pytest.raises(NotationError, match=r"^line \d+, column \d+: invalid JSON") as err:
        from_json(cut)
    assert err.value.line is not None
    assert err.value.line > 1
    assert err.value.column is not None


def test_unknown_foul_kind_in_json_names_its_path() -> None:
    data = _json()
    ruling = _entries(data, 0)[2]["ruling"]
    assert isinstance(ruling, dict)
    ruling["fouls"] = ["push_out"]
    with pytest.raises(NotationError, match=r"racks\[0\]\.entries\[2\]\.ruling\.fouls\[0\]") as e:
        from_json(json.dumps(data))
    assert "'push_out' is not a known foul kind" in str(e.value)
    assert e.value.path == "racks[0].entries[2].ruling.fouls[0]"


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda d: _entries(d, 0)[3].update(option="coin_toss"),
            "racks[0].entries[3].option",
            "option",
        ),
        (
            lambda d: _entries(d, 0)[0]["shot"].update(pocketed=[5, 16]),
            "racks[0].entries[0].shot.pocketed",
            "16 is not an object ball",
        ),
        (
            lambda d: _entries(d, 0)[0]["shot"].update(pocketed=[5, 5]),
            "racks[0].entries[0].shot",
            "twice",
        ),
        (
            lambda d: _entries(d, 0)[0]["shot"].update(spin="left"),
            "racks[0].entries[0].shot",
            "unknown field",
        ),
        (lambda d: _entries(d, 1)[0].update(type="foul"), "racks[1].entries[0].type", "expected"),
        (
            lambda d: _entries(d, 1)[0].update(placement=[1, "x"]),
            "racks[1].entries[0].placement[1]",
            "number",
        ),
        (lambda d: d.update(race_to=0), "race_to", "positive"),
        (lambda d: d.update(race_to="2"), "race_to", "integer"),
        (lambda d: d["players"].update(A=""), "players", "empty"),
        (lambda d: d["rules"].update(preset="snooker"), "rules", "known presets"),
        (lambda d: d["rules"].update(config={"push_out": True}), "rules", "push_out"),
        (lambda d: d["tags"].update(RaceTo="3"), "tags", "reserved"),
        (lambda d: d["racks"][0].update(breaker="C"), "racks[0].breaker", '"A" or "B"'),
        (lambda d: d.pop("players"), "$", "missing field"),
        (lambda d: d.update(extra=1), "$", "unknown field"),
    ],
    ids=[
        "option",
        "ball-16",
        "ball-twice",
        "unknown-shot-field",
        "entry-type",
        "placement",
        "race-to-0",
        "race-to-text",
        "empty-name",
        "preset",
        "config-key",
        "reserved-tag",
        "seat",
        "missing",
        "unknown-top-field",
    ],
)
def test_bad_json_values_name_their_path(change: object, path: str, message: str) -> None:
    data = _json()
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError) as err:
        from_json(json.dumps(data))
    assert err.value.path == path
    assert str(err.value).startswith(path)
    assert message in str(err.value)


def test_wrong_schema_version_is_refused_with_the_version() -> None:
    data = _json()
    data["schema"] = "2.0"
    with pytest.raises(SchemaVersionError, match=r"schema version '2\.0' is not supported") as e:
        from_json(json.dumps(data))
    assert e.value.version == "2.0"
    assert isinstance(e.value, NotationError)


def test_a_newer_minor_version_is_read_and_its_new_fields_ignored() -> None:
    data = _json()
    data["schema"] = "1.7"
    data["clock"] = {"A": 1200}
    assert from_json(json.dumps(data)) == parse_match(TEXT)


def test_another_format_is_refused() -> None:
    data = _json()
    data["format"] = "pgn"
    with pytest.raises(NotationError, match="not a match record"):
        from_json(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    ['{"format": "rotation61-match", "format": "x"}', '{"a": NaN}', "[1, 2]", "{"],
    ids=["duplicate-key", "nan", "not-an-object", "truncated"],
)
def test_json_that_is_not_a_record_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        from_json(text)


def test_a_shot_after_the_match_ended_is_refused_in_json_at_its_path() -> None:
    data = _json()
    _entries(data, 2).append(dict(_entries(data, 2)[4]))
    with pytest.raises(IllegalEntryError, match=r"racks\[2\]\.entries\[7\].*match is over") as e:
        from_json(json.dumps(data))
    assert isinstance(e.value, IllegalActionError)
    assert from_json(json.dumps(data), check=False).racks[2].entries[7] is not None


# --- Text ----------------------------------------------------------------------------


def _fails(text: str) -> NotationError:
    with pytest.raises(NotationError) as err:
        parse_match(text)
    return err.value


@pytest.mark.parametrize(
    ("movetext", "line", "column", "needle"),
    [
        ("R1 A:\n  1:5.12q", 5, 9, "unknown flag 'q' in shot '1:5.12q'"),
        ("R1 A:\n  1:16", 5, 3, "pocketed: 16 is not a ball"),
        ("R1 A:\n  1:3.3", 5, 3, "listed twice"),
        ("R1 A:\n  0:3", 5, 3, "touched none"),
        ("R1 A:\n  1k(ball,moon,early)", 5, 4, "bad kitchen facts"),
        ("R1 A:\n  1 B>toss", 5, 5, "unknown token 'B>toss'"),
        ("R1 A:\n  1 <foul:push_out>", 5, 6, "unknown foul kind 'push_out'"),
        ("R1 A:\n  1 <legal +x>", 5, 12, "bad item '+x'"),
        ("R1 A:\n  1 <legal", 5, 5, "unterminated ruling"),
        ("R2 A:\n  1", 4, 1, "out of order"),
        ("1:3", 4, 1, "expected a rack header"),
        ("R1 A:\n  B>cih <legal>", 5, 9, "must follow a shot or an event"),
        ("R1 A:\n  1 !", 5, 5, "must be followed by the corrected shot"),
        ("R1 A:\n  1 {comment", 5, 5, "unterminated comment"),
        ("R1 A:\n  =concede_rack", 5, 3, "takes the player concerned"),
        ("R1 A:\n  1 @(1,x)", 5, 5, "unknown token '@(1,x)'"),
        ("R1 A:\n  1 pos(0=1)", 5, 5, "bad position"),
    ],
)
def test_syntax_errors_name_line_column_and_token(
    movetext: str, line: int, column: int, needle: str
) -> None:
    err = _fails(HEAD + movetext + "\n")
    assert (err.line, err.column) == (line, column), str(err)
    assert needle in str(err)
    assert str(err).startswith(f"line {line}, column {column}: ")


@pytest.mark.parametrize(
    ("tags", "needle"),
    [
        ('[PlayerA "An"]\n[RaceTo "1"]\n', 'missing tag [PlayerB "..."]'),
        (HEAD.replace('"1"', '"0"'), "RaceTo must be a positive integer"),
        (HEAD.replace('"1"', '"two"'), "RaceTo must be a positive integer"),
        (HEAD + '[Rules "snooker"]\n', "known presets"),
        (HEAD + '[Config "tie_rule=coin"]\n', "tie_rule"),
        (HEAD + '[Config "referee_present=maybe"]\n', "true or false"),
        (HEAD + '[Config "push_out=true"]\n', "bad Config item"),
        (HEAD + '[FirstBreaker "C"]\n', "FirstBreaker"),
        (HEAD + '[Event "unterminated]\n', "bad tag pair"),
        (HEAD + '[Schema "2.0"]\n', "schema version '2.0' is not supported"),
    ],
)
def test_bad_tags_are_refused(tags: str, needle: str) -> None:
    err = _fails(tags + "R1 A:\n  1\n")
    assert needle in str(err)
    assert err.line is not None


def test_wrong_schema_version_in_text_is_a_schema_version_error() -> None:
    with pytest.raises(SchemaVersionError) as err:
        parse_match('[Schema "3.1"]\n' + HEAD)
    assert (err.value.line, err.value.column, err.value.version) == (1, 1, "3.1")


def test_a_shot_after_the_match_ended_is_refused_at_its_line_and_column() -> None:
    text = TEXT.rstrip("\n") + "\n  4 <legal>\n"
    last = len(text.splitlines())
    with pytest.raises(IllegalEntryError, match="the match is over") as err:
        parse_match(text)
    assert (err.value.line, err.value.column) == (last, 3)
    assert "rack 3, entry 8" in str(err.value)
    assert parse_match(text, check=False).racks[2].entries[-1] is not None


def test_a_decision_not_offered_is_refused() -> None:
    with pytest.raises(IllegalEntryError, match="'restore_and_offender_replays' was not offered"):
        parse_match(HEAD + "R1 A:\n  1:5.12b2.3.4.5.6k\n  2-\n  B>restore\n")


def test_a_wrong_breaker_is_refused_at_the_rack_header() -> None:
    text = TEXT.replace("R2 B:", "R2 A:")
    with pytest.raises(IllegalEntryError, match="breaker: stored A, recomputed B") as err:
        parse_match(text)
    assert err.value.column == 1
    assert text.splitlines()[err.value.line - 1 if err.value.line else 0] == "R2 A:"


def test_a_rack_that_ends_too_early_is_refused() -> None:
    text = TEXT.replace("  14:14 <legal +14 end:reached_61>\n", "")
    with pytest.raises(IllegalEntryError, match="rack 1 ends after 12 entries"):
        parse_match(text)


def test_reading_several_matches_stops_at_the_bad_one_having_yielded_the_good() -> None:
    bad = HEAD + "R1 A:\n  1:5.12q\n"
    matches = read_matches(io.StringIO(TEXT + "\n" + bad))
    first = next(matches)
    assert first.players[1] == "Trần Bình"
    with pytest.raises(NotationError) as err:
        next(matches)
    assert err.value.line == len(TEXT.splitlines()) + 6


def test_parse_match_wants_exactly_one_match() -> None:
    with pytest.raises(NotationError, match="a second match begins here"):
        parse_match(TEXT + "\n" + HEAD)
    with pytest.raises(NotationError, match="no match found"):
        parse_match("  { nothing here }  ")


def test_parse_shot_and_parse_ruling_name_the_column() -> None:
    with pytest.raises(NotationError, match="column 4") as err:
        parse_shot("1:3z")
    assert err.value.text == "1:3z"
    with pytest.raises(NotationError, match="bad item 'when:now'"):
        parse_ruling("<legal when:now>")
    with pytest.raises(NotationError, match="starts with 'legal'"):
        parse_ruling("<maybe>")
