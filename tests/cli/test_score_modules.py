"""The scorekeeper's modules keep to their seams: who imports whom, who prints, no words."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

CLI = Path(__file__).resolve().parents[2] / "src" / "rotation61" / "cli"
MODULES = {path.stem: path for path in sorted((CLI / "score").glob("*.py"))}
LOOP = "loop"


_VIETNAMESE = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯạ-ỹ]")


def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def test_the_scorekeeper_modules_are_the_expected_ones() -> None:
    assert set(MODULES) == {"__init__", "grammar", "files", "wording", "session", LOOP}


def _terminal_uses(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ("print", "input"):
            found.append(node.id)
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
            and node.attr in ("stdin", "stdout", "stderr")
        ):
            found.append(f"sys.{node.attr}")
    return found


@pytest.mark.parametrize("name", sorted(set(MODULES) - {LOOP}))
def test_only_the_loop_reads_the_terminal_or_prints(name: str) -> None:
    assert _terminal_uses(_tree(name)) == []


def test_the_loop_reads_the_terminal() -> None:
    assert "input" in _terminal_uses(_tree(LOOP))


@pytest.mark.parametrize("path", sorted(CLI.rglob("*.py")), ids=lambda path: path.name)
def test_no_assert_in_the_cli(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_vietnamese_wording_in_the_scorekeeper_code(name: str) -> None:
    tree = _tree(name)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            assert not _VIETNAMESE.search(node.value), f"{name}:{node.lineno}"


def test_the_foul_name_pattern_is_the_rules_layer_s_only() -> None:
    for name, path in MODULES.items():
        assert "[a-z0-9_]" not in path.read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_examples_in_the_docstrings_run(name: str) -> None:
    dotted = "rotation61.cli.score" + ("" if name == "__init__" else f".{name}")
    module = importlib.import_module(dotted)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
