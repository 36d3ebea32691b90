"""Fixtures of the web tests: SQLite and PostgreSQL apps, and clients logged in as referee.

PostgreSQL: a fresh database ``rotation61_test_<random>`` on 127.0.0.1:5432 for the whole
run, dropped at the end; the tables are emptied before each test. Without a server the
PostgreSQL tests skip with a message, unless ``ROTATION61_REQUIRE_POSTGRES=1``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings
from tests.web.browser import browser, server  # noqa: F401  (the browser tests' fixtures)

PG_ADMIN = os.environ.get(
    "ROTATION61_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres"
)
PASSWORD = "organiser-secret"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: needs a PostgreSQL server on 127.0.0.1:5432")
    config.addinivalue_line("markers", "browser: drives Debian's chromium with playwright")
    config.addinivalue_line("markers", "server: starts real server processes")


def _require(var: str) -> bool:
    return os.environ.get(var, "") not in ("", "0", "false", "no")


def _pg_admin_url() -> str:
    return PG_ADMIN.replace("postgresql://", "postgresql+psycopg://", 1)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test run (dropped afterwards)."""
    name = f"rotation61_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = create_engine(_pg_admin_url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as err:
        message = f"PostgreSQL is not reachable at {PG_ADMIN}: {err.__class__.__name__}: {err}"
        if _require("ROTATION61_REQUIRE_POSTGRES"):
            pytest.fail(message + " (ROTATION61_REQUIRE_POSTGRES is set)")
        pytest.skip(message)
    base = PG_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def empty_postgres(url: str) -> None:
    """Empty the app's tables (if they exist) so that each test starts clean."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        tables = [
            name
            for name in (
                "inputs",
                "matches",
                "organisers",
                "settings",
                "login_failures",
                "organiser_sessions",
                "play_strokes",
                "tournaments",
                "tournament_entries",
                "tournament_inputs",
                "hall_tables",
                "shot_clocks",
            )
            if conn.execute(text(f"SELECT to_regclass('public.{name}') IS NOT NULL")).scalar()
        ]
        if tables:
            conn.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
    engine.dispose()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the PostgreSQL variants (marks cannot be used before the markers exist)."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and any(
            isinstance(value, str) and value == "postgres" for value in callspec.params.values()
        ):
            item.add_marker("postgres")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A clean database of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    empty_postgres(url)
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """A test client of an app on a clean database (both backends)."""
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    # An event takes a finished match's result at once (the grace period's own tests
    # set one).
    settings = Settings(database_url=url, organiser_password=PASSWORD, result_grace_s=0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD, result_grace_s=0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client
