"""A small JSON Schema (draft 2020-12) checker for the keywords our schema uses.

The real ``jsonschema`` package is optional; this checks generated records against
``schemas/match-record.schema.json`` everywhere, so the schema cannot drift unseen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SUPPORTED = frozenset(
    {
        "$schema", "$id", "$ref", "$defs", "title", "description", "type", "const", "enum",
        "properties", "required", "additionalProperties", "propertyNames", "items",
        "prefixItems", "minItems", "maxItems", "minimum", "maximum", "minLength", "pattern",
        "oneOf", "not", "uniqueItems",
    }
)  # fmt: skip

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) in (int, float),
}


def keywords(schema: object) -> set[str]:
    """Every keyword used anywhere in a schema (property names excluded)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            found.add(key)
            if key in ("properties", "$defs"):
                for sub in value.values():
                    found |= keywords(sub)
            elif key != "enum" and key != "const":
                found |= keywords(value)
    elif isinstance(schema, list):
        for item in schema:
            found |= keywords(item)
    return found


def errors(
    value: object, schema: Mapping[str, Any], root: Mapping[str, Any], path: str = "$"
) -> list[str]:
    """The places where ``value`` breaks ``schema``."""
    out: list[str] = []
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        out += errors(value, root["$defs"][name], root, path)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            return [f"{path}: {value!r} is not of type {kinds}"]
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: {value!r} != {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} not in enum")
    if "not" in schema and not errors(value, schema["not"], root, path):
        out.append(f"{path}: {value!r} matches a 'not'")
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not errors(value, s, root, path)]
        if len(matching) != 1:
            out.append(f"{path}: {value!r} matches {len(matching)} of oneOf")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            out.append(f"{path}: too short")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if type(value) in (int, float):
        if "minimum" in schema and value < schema["minimum"]:  # type: ignore[operator]
            out.append(f"{path}: below minimum")
        if "maximum" in schema and value > schema["maximum"]:  # type: ignore[operator]
            out.append(f"{path}: above maximum")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1e9):
            out.append(f"{path}: wrong length {len(value)}")
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items")
            if sub is not None:
                out += errors(item, sub, root, f"{path}[{i}]")
        if schema.get("uniqueItems") and len({repr(v) for v in value}) != len(value):
            out.append(f"{path}: items not unique")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        for key, item in value.items():
            if "propertyNames" in schema:
                out += errors(key, schema["propertyNames"], root, f"{path}.<{key}>")
            if key in props:
                out += errors(item, props[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                out.append(f"{path}: unexpected {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                out += errors(item, schema["additionalProperties"], root, f"{path}.{key}")
    return out
