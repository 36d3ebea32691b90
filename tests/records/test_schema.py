"""The published JSON Schema describes what to_json writes."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given

from rotation61.records import MatchRecord, parse_match, to_dict, to_json
from rotation61.records.model import RESERVED_TAGS
from rotation61.rules import (
    PRESETS,
    RULESET_KEYS,
    FoulKind,
    OfficialEvent,
    Option,
    RackResultType,
)
from tests.conftest import REPO
from tests.records.factories import records

SCHEMA_PATH = REPO / "schemas" / "match-record.schema.json"
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.r61"))


def _schema() -> dict[str, Any]:
    data = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def _validator() -> Any:
    """A validator of the draft the schema declares (2020-12), built once."""
    schema = _schema()
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _errors(data: object) -> list[str]:
    """Every schema violation, as ``"<JSON path>: <message>"``."""
    return [f"{e.json_path}: {e.message}" for e in _validator().iter_errors(data)]


def test_schema_file_is_a_valid_draft_2020_12_schema() -> None:
    schema = _schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "object"
    assert jsonschema.validators.validator_for(schema) is jsonschema.Draft202012Validator
    jsonschema.Draft202012Validator.check_schema(schema)


def test_schema_top_level_required_keys_are_what_to_dict_writes() -> None:
    record = parse_match(GOLDEN[0].read_text(encoding="utf-8"))
    written = list(to_dict(record))
    schema = _schema()
    assert sorted(schema["required"]) == sorted(written)
    assert sorted(schema["properties"]) == sorted(written)


def test_schema_enumerations_follow_the_engine() -> None:
    defs = _schema()["$defs"]
    assert defs["ruling"]["properties"]["fouls"]["items"]["enum"] == [k.value for k in FoulKind]
    assert defs["decision_entry"]["properties"]["option"]["enum"] == [o.value for o in Option]
    assert defs["event_entry"]["properties"]["event"]["enum"] == [e.value for e in OfficialEvent]
    results = defs["ruling"]["properties"]["result"]["oneOf"][1]["enum"]
    assert results == [r.value for r in RackResultType]
    assert sorted(defs["config"]["properties"]) == sorted(RULESET_KEYS)
    props = _schema()["properties"]
    assert props["rules"]["properties"]["preset"]["enum"] == list(PRESETS)
    assert sorted(props["tags"]["propertyNames"]["not"]["enum"]) == sorted(RESERVED_TAGS)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_validate_against_the_schema(path: Path) -> None:
    data = json.loads(to_json(parse_match(path.read_text(encoding="utf-8"))))
    assert _errors(data) == []


@given(records())
def test_generated_records_validate_against_the_schema(record: MatchRecord) -> None:
    assert _errors(json.loads(to_json(record))) == []


def test_the_validator_sees_a_bad_record() -> None:
    data = json.loads(to_json(parse_match(GOLDEN[0].read_text(encoding="utf-8"))))
    data["racks"][0]["entries"][0]["ruling"]["fouls"] = ["push_out"]
    data["race_to"] = 0
    found = _errors(data)
    assert any(e.startswith("$.race_to:") for e in found), found
    assert any(e.startswith("$.racks[0].entries[0]") for e in found), found
