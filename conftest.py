"""Doctest collection over ``src/``: modules whose optional extra is missing are left out.

Such a module is named in the summary (CI installs every extra, so there every module is
collected).

Any other import error of a module is collected, and fails the run, as usual.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent / "src"

EXTRA_PACKAGES = frozenset(
    {
        "numpy",
        "numba",
        "matplotlib",
        "gymnasium",
        "pettingzoo",
        "ray",
        "fastapi",
        "starlette",
        "pydantic",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "psycopg",
        "jinja2",
        "segno",
        "platformdirs",
        "multipart",
    }
)
"""The top-level packages of the optional extras (pyproject.toml)."""

MIGRATIONS_ENV = SRC / "rotation61" / "web" / "migrations" / "env.py"
"""Alembic's script: Alembic runs it, nothing imports it."""

_left_out: dict[str, str] = {}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out a source module that needs a missing extra (and Alembic's script)."""
    if SRC not in collection_path.parents:
        return None
    if collection_path == MIGRATIONS_ENV:
        return True
    if collection_path.is_dir():  # a package whose own module needs an extra: all of it
        collection_path /= "__init__.py"
    if collection_path.suffix != ".py" or not collection_path.is_file():
        return None
    module = _module_name(collection_path)
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as err:
        missing = (err.name or "").partition(".")[0]
        if missing in EXTRA_PACKAGES:
            _left_out[module] = missing
            return True
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name the modules left out."""
    if _left_out:
        terminalreporter.write_line(
            f"doctests of {len(_left_out)} module(s) not collected, an extra is missing: "
            + ", ".join(f"{m} ({p})" for m, p in sorted(_left_out.items())),
            yellow=True,
        )
