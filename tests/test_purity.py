"""The pure layers import only what they may: no I/O, clocks, randomness or logging in the core.

import-linter checks third-party packages and the layer order; this checks the stdlib.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

SRC = REPO / "src" / "rotation61"

FORBIDDEN = {
    "rules": {
        "random",
        "time",
        "datetime",
        "logging",
        "os",
        "io",
        "sys",
        "pathlib",
        "math",
        "socket",
    },
    "match": {"random", "time", "datetime", "logging", "os", "io", "sys", "pathlib", "math"},
    "geometry": {"time", "datetime", "logging", "os", "io", "sys", "pathlib", "socket"},
    "text": {"random", "time", "datetime", "logging", "os", "io", "sys", "pathlib"},
    "records": {"random", "time", "datetime", "logging", "os", "sys", "pathlib"},
    "tournament": {"time", "datetime", "logging", "os", "io", "sys", "pathlib", "math", "socket"},
    "ratings": {"random", "time", "datetime", "logging", "os", "io", "sys", "pathlib", "socket"},
}

DRAW_MODULE = SRC / "tournament" / "seeding.py"
"""The one tournament module allowed ``random``: the draw, from an explicit seed."""


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_pure_layer_imports_no_forbidden_stdlib_module(layer: str) -> None:
    files = sorted((SRC / layer).rglob("*.py"))
    assert files, f"layer {layer} has no modules"
    for path in files:
        bad = _imports(path) & FORBIDDEN[layer]
        assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"


def test_rules_layer_uses_no_floats() -> None:
    for path in sorted((SRC / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        floats = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, float)
        ]
        assert not floats, f"{path.relative_to(REPO)} has float literals at lines {floats}"


def test_tournament_uses_random_only_in_the_draw_through_an_explicit_seed() -> None:
    for path in sorted((SRC / "tournament").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        uses = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ]
        if path != DRAW_MODULE:
            assert "random" not in _imports(path), f"{path.relative_to(REPO)} imports random"
            continue
        assert uses, "the draw builds a random.Random"
        assert {node.attr for node in uses} == {"Random"}, "only random.Random(seed), no module RNG"
        module_level = [
            n for n in tree.body if isinstance(n, ast.Assign | ast.AnnAssign | ast.Expr)
        ]
        assert not any(
            isinstance(node, ast.Name) and node.id == "random"
            for statement in module_level
            for node in ast.walk(statement)
        ), "no module-level RNG"


def test_tournament_layer_uses_no_floats() -> None:
    for path in sorted((SRC / "tournament").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        floats = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, float)
        ]
        assert not floats, f"{path.relative_to(REPO)} has float literals at lines {floats}"
