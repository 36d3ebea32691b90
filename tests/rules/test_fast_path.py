"""The referee's fast path fills instance dicts by key: every key must be a declared field.

``evolve`` takes a :class:`RackChanges` and ``_ruling`` keywords typed by
:class:`RulingFields`, so mypy rejects a misspelt key at each call site; these tests keep
the two typed dicts in step with the dataclasses, and check the keys actually written
in the referee's source.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
from typing import get_type_hints

from rotation61.rules import referee, state
from rotation61.rules.referee import Ruling, RulingFields
from rotation61.rules.state import RackChanges, RackState

RACK_FIELDS = frozenset(f.name for f in dataclasses.fields(RackState))
RULING_FIELDS = frozenset(f.name for f in dataclasses.fields(Ruling))


def test_rack_changes_has_one_key_per_rack_state_field_with_its_type() -> None:
    assert get_type_hints(RackChanges) == get_type_hints(RackState)
    assert RackChanges.__required_keys__ == frozenset()


def test_ruling_fields_has_one_key_per_ruling_field_with_its_type() -> None:
    assert get_type_hints(RulingFields) == get_type_hints(Ruling)
    required = {
        f.name
        for f in dataclasses.fields(Ruling)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    assert RulingFields.__required_keys__ == required


def _keys_written(module: object) -> tuple[set[str], set[str]]:
    """String keys given to evolve (dict literals, ``changes[...]``) and keywords of _ruling."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    rack: set[str] = set()
    ruling: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "evolve" and isinstance(node.args[1], ast.Dict):
                rack.update(k.value for k in node.args[1].keys if isinstance(k, ast.Constant))
            if node.func.id == "_ruling":
                ruling.update(k.arg for k in node.keywords if k.arg is not None)
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.value, ast.Dict)
            and ast.unparse(node.annotation) == "RackChanges"
        ):
            rack.update(k.value for k in node.value.keys if isinstance(k, ast.Constant))
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == "changes"
            and isinstance(node.slice, ast.Constant)
        ):
            rack.add(node.slice.value)
    return rack, ruling


def test_every_key_the_referee_writes_is_a_declared_field() -> None:
    rack, ruling = _keys_written(referee)
    assert rack, "no evolve() keys found: the scan no longer matches the referee's code"
    assert ruling, "no _ruling() keywords found"
    assert rack <= RACK_FIELDS, sorted(rack - RACK_FIELDS)
    assert ruling <= RULING_FIELDS, sorted(ruling - RULING_FIELDS)
    assert _keys_written(state)[0] <= RACK_FIELDS
