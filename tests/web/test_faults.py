"""Faults of storage: one line at start-up, 503 while scoring, nothing lost; quiet 404s.

Start-up runs ``rotation61 serve`` as shipped (a process) on a database it cannot use:
it prints one line naming the file or the URL (never the password) and what to do, and
exits 1. A disk that fills while a referee scores is SQLite's page limit reached on the
app's own engine: the input is refused with 503 in the screen's language, and every
acknowledged input is still there.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from rotation61.web import app as web_app
from rotation61.web.app import create_app
from rotation61.web.core import database
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.settings import Settings
from tests.web.server import Server, free_port, running

from .helpers import BREAK_RAILS, PASSWORD, create_match, referee_headers, shot


def _serve(url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROTATION61_")}
    return subprocess.run(
        [
            *(sys.executable, "-m", "rotation61.cli.serve", "--database-url", url),
            *("--port", str(free_port()), "--organiser-password", PASSWORD, *extra),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
def unwritable(tmp_path: Path) -> Iterator[Path]:
    """A folder this process cannot create files in (root ignores permissions: /proc)."""
    if os.geteuid() == 0:
        yield Path("/proc/self")
        return
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


def test_a_read_only_data_folder_is_one_line(unwritable: Path) -> None:
    path = unwritable / "rotation61.sqlite3"
    line = _one_line(_serve(f"sqlite:///{path}"))
    assert str(path) in line
    assert "writable" in line


def test_a_damaged_database_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rotation61.sqlite3"
    path.write_bytes(b"this is not a database" * 300)
    line = _one_line(_serve(f"sqlite:///{path}"))
    assert str(path) in line
    assert "backup" in line


def test_a_database_of_a_newer_version_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rotation61.sqlite3"
    engine = create_db_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0999'"))
    engine.dispose()
    line = _one_line(_serve(f"sqlite:///{path}"))
    assert "newer rotation61" in line
    assert "0999" in line


def test_an_unreachable_postgresql_is_one_line_without_the_password() -> None:
    port = free_port()  # nothing listens there
    line = _one_line(_serve(f"postgresql://desk:s3cret@127.0.0.1:{port}/rotation61"))
    assert f"postgresql://desk@127.0.0.1:{port}/rotation61" in line
    assert "s3cret" not in line
    assert "running" in line


def test_a_full_disk_at_start_is_named() -> None:
    engine = create_db_engine("sqlite://")
    with engine.connect() as conn:
        conn.exec_driver_sql("CREATE TABLE t (x TEXT)")
        conn.exec_driver_sql("PRAGMA max_page_count = 2")
        with pytest.raises(OperationalError, match="full") as raised:
            conn.exec_driver_sql("INSERT INTO t VALUES (randomblob(100000))")
    line = database.database_fault(raised.value, "sqlite:////data/rotation61.sqlite3")
    assert line == (
        "the disk of the database /data/rotation61.sqlite3 is full: free some space and start again"
    )


def _input(seq: int) -> dict[str, Any]:
    """A break, then its undo, then a break again..."""
    if seq % 2:
        return {"expected_seq": seq, "kind": "undo"}
    return {"expected_seq": seq, "kind": "shot", "shot": shot(1, break_rails=BREAK_RAILS)}


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """An app whose SQLite file may grow to ``limit["pages"]`` pages once it is set."""
    limit = {"pages": 0}
    pragmas = database._sqlite_pragmas

    def limited(connection: sqlite3.Connection, record: object) -> None:
        pragmas(connection, record)
        if limit["pages"]:
            connection.execute(f"PRAGMA max_page_count = {limit['pages']}")

    monkeypatch.setattr(database, "_sqlite_pragmas", limited)
    engines: list[Any] = []
    opened = web_app.open_database
    monkeypatch.setattr(
        web_app, "open_database", lambda settings: engines.append(opened(settings)) or engines[-1]
    )
    limit["engines"] = engines  # type: ignore[assignment]
    return limit


def test_a_full_disk_while_scoring_is_503_in_the_screens_language_and_loses_nothing(
    tmp_path: Path, full_disk: dict[str, Any]
) -> None:
    path = tmp_path / "web.sqlite3"
    settings = Settings(database_url=f"sqlite:///{path}", organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        match = create_match(client)
        headers = referee_headers(client, match)
        engine = full_disk["engines"][-1]
        with engine.connect() as conn:
            pages = int(conn.exec_driver_sql("PRAGMA page_count").scalar_one())
        full_disk["pages"] = pages + 1
        engine.dispose()  # every new connection has the limit
        acknowledged = 0
        refused: Any = None
        for seq in range(400):
            response = client.post(
                f"/api/matches/{match['id']}/inputs?lang=en", headers=headers, json=_input(seq)
            )
            if response.status_code != 200:
                refused = response
                break
            acknowledged += 1
        assert refused is not None, "the disk never filled"
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] == "10"
        assert "disk is full" in refused.json()["detail"]
        vi = client.post(
            f"/api/matches/{match['id']}/inputs?lang=vi", headers=headers, json=_input(acknowledged)
        )
        assert vi.status_code == 503
        assert "đầy" in vi.json()["detail"]
        full_disk["pages"] = 0
        engine.dispose()
        assert client.get(f"/api/matches/{match['id']}").json()["seq"] == acknowledged
        more = client.post(
            f"/api/matches/{match['id']}/inputs", headers=headers, json=_input(acknowledged)
        )
        assert more.status_code == 200, more.text


@pytest.fixture(scope="module")
def quiet_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("quiet")
    log = folder / "server.log"
    url = f"sqlite:///{folder / 'web.sqlite3'}"
    with running(url, options=["--log-level", "info"], stderr=log) as server:
        yield server, log


def test_a_game_that_does_not_exist_is_one_log_line(quiet_server: tuple[Server, Path]) -> None:
    server, log = quiet_server
    before = log.read_text()
    for _ in range(3):
        assert httpx.get(f"{server.url}/api/play/424242", timeout=5).status_code == 404
    time.sleep(0.5)
    written = log.read_text()[len(before) :]
    assert "Traceback" not in written
    lines = [line for line in written.splitlines() if "/api/play/424242" in line]
    assert len(lines) == 3, written
    assert all(len(line) < 200 for line in written.splitlines()), written
