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
}


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
