"""The web app's layout: one definition of each shared alias, routers that stand alone,
and the import-linter contracts that keep the layers apart."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "rotation61" / "web"
ROUTES = WEB / "api" / "routes"
SHARED = {
    "Ctx",
    "Lang",
    "Service",
    "Tournaments",
    "Accounts",
    "Organiser",
    "Referee",
    "Csrf",
    "ERRORS",
}


def _assigned(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_shared_aliases_are_defined_once_in_deps() -> None:
    where: dict[str, list[str]] = {}
    for path in WEB.rglob("*.py"):
        for name in _assigned(path) & SHARED:
            where.setdefault(name, []).append(str(path.relative_to(WEB)))
    assert where == {name: ["api/deps.py"] for name in SHARED}


def test_no_router_imports_another() -> None:
    routers = {p.stem for p in ROUTES.glob("*.py") if p.stem != "__init__"}
    assert {"matches", "console", "live", "pages", "accounts", "desk", "tournaments"} <= routers
    for path in ROUTES.glob("*.py"):
        others = {
            module for module in _imports(path) if module.startswith("rotation61.web.api.routes")
        }
        assert not others, f"{path.name} imports {sorted(others)}"


def test_no_utils_module() -> None:
    assert not list(WEB.rglob("utils.py"))


def test_import_linter_guards_the_web_layers() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["name"]: c for c in config["tool"]["importlinter"]["contracts"]}
    layers = [c for c in contracts.values() if c.get("containers") == ["rotation61.web"]]
    assert [c["layers"] for c in layers] == [
        ["app", "api", "presenters", "schemas", "services", "adapters", "core"]
    ]
    independent = [c for c in contracts.values() if c["type"] == "independence"]
    assert [c["modules"] for c in independent] == [["rotation61.web.api.routes.*"]]
    storage = [
        c
        for c in contracts.values()
        if c["type"] == "forbidden" and "rotation61.web.services" in c["source_modules"]
    ]
    assert storage
    assert {"sqlalchemy", "rotation61.web.core.database"} <= set(storage[0]["forbidden_modules"])
