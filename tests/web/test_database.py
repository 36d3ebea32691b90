"""Storage on SQLite and PostgreSQL: migrations, WAL, races for the same input."""

from __future__ import annotations

import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from rotation61.records import ShotInput
from rotation61.rules import Shot
from rotation61.web.adapters.matches import SqlRepository
from rotation61.web.adapters.orm import Base
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.errors import StaleInputError
from rotation61.web.core.model import MatchStatus
from rotation61.web.core.settings import normalise_database_url
from tests.web.helpers import desk


def _engine(url: str):  # type: ignore[no-untyped-def]
    engine = create_db_engine(normalise_database_url(url))
    migrate(engine)
    return engine


def test_migrations_match_the_tables_and_are_idempotent(database_url: str) -> None:
    engine = _engine(database_url)
    migrate(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    engine.dispose()
    assert version == "0008"
    assert diff == []


def test_sqlite_runs_in_wal_mode(sqlite_url: str) -> None:
    engine = _engine(sqlite_url)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    engine.dispose()


def test_two_inputs_racing_for_the_same_place_cannot_both_land(database_url: str) -> None:
    engine = _engine(database_url)
    repo = SqlRepository(engine)
    match = repo.add_match(desk(players=("A", "B"), race_to=1), pin="1", created_at="t")
    item = ShotInput(shot=Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 6})))
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def append() -> None:
        barrier.wait()
        try:
            repo.append_input(
                match.id, 1, item, status=MatchStatus.LIVE, racks_won=(0, 0), created_at="t"
            )
            outcomes.append("stored")
        except StaleInputError:
            outcomes.append("stale")

    threads = [threading.Thread(target=append) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale", "stale", "stale", "stored"]
    assert repo.load_inputs(match.id) == [item]
    assert repo.get_match(match.id).log_length == 1
    engine.dispose()


def test_a_failed_import_stores_nothing(database_url: str) -> None:
    engine = _engine(database_url)
    repo = SqlRepository(engine)
    first = repo.add_match(
        desk(players=("A", "B"), race_to=1), pin="1", created_at="t", form_id="f"
    )
    item = ShotInput(shot=Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 6})))
    # The same form again: its insert fails and is rolled back, inputs included, and the
    # match the form created comes back.
    again = repo.add_match(
        desk(players=("C", "D"), race_to=1), pin="2", created_at="t", form_id="f", inputs=[item]
    )
    assert again == first
    assert repo.count_matches() == 1
    assert repo.load_inputs(first.id) == []
    engine.dispose()


@pytest.mark.postgres
def test_a_pooled_connection_dropped_while_idle_is_replaced(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rotation61.web.core import database

    monkeypatch.setattr(database, "_IDLE_PING_S", 0.0)  # every reused connection is "idle"
    engine = _engine(postgres_url)
    with engine.connect() as conn:
        pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
    killer = _engine(postgres_url)
    with killer.connect() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar()
    killer.dispose()
    with engine.connect() as conn:
        assert conn.execute(text("SELECT pg_backend_pid()")).scalar() != pid
    engine.dispose()
