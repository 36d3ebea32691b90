"""Database engines and migrations.

SQLite runs in WAL mode with ``synchronous=FULL``: a committed input survives a killed
process (and a power cut). The schema is created and upgraded by the Alembic migrations
in ``rotation61/web/migrations``, the same for SQLite and PostgreSQL.
"""

from __future__ import annotations

import threading
import time
import weakref
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InvalidatePoolError
from sqlalchemy.pool import StaticPool

__all__ = ["MIGRATIONS", "create_db_engine", "migrate", "write_lock"]

MIGRATIONS: Final = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_LOCK: Final = 61_061
_IDLE_SINCE: Final = "rotation61_idle_since"
_IDLE_PING_S: Final = 5.0


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def create_db_engine(url: str, *, pool_size: int = 10) -> Engine:
    """An engine for a SQLite file, in-memory SQLite (tests) or PostgreSQL.

    A SQLite file's directory is created if missing.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if not database or database == ":memory:":
            engine = create_engine(
                url, connect_args={"check_same_thread": False}, poolclass=StaticPool
            )
        else:
            Path(database).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 10}, pool_size=pool_size
            )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_size=pool_size, max_overflow=20)
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection on checkout only if it sat idle for a while.

    SQLAlchemy's ``pool_pre_ping`` costs a round trip on *every* checkout; a connection
    in steady use does not need one. One that sat idle (the server may have restarted
    or dropped it) is pinged, and a dead one makes the pool discard its connections
    and connect anew.
    """
    dialect = engine.dialect

    def checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get(_IDLE_SINCE)
        if since is None or time.monotonic() - since < _IDLE_PING_S:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as err:
            raise InvalidatePoolError(f"a pooled connection is gone: {err}") from err

    event.listen(engine, "checkin", checkin)
    event.listen(engine, "checkout", checkout)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (idempotent).

    On PostgreSQL an advisory lock keeps several workers from migrating at once.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


_WRITE_LOCKS: weakref.WeakKeyDictionary[Engine, AbstractContextManager[object]] = (
    weakref.WeakKeyDictionary()
)
_WRITE_LOCKS_GUARD = threading.Lock()


def write_lock(engine: Engine) -> AbstractContextManager[object]:
    """The lock every repository of an engine takes around a write.

    SQLite has one writer at a time: writers queue on one lock per engine (matches,
    events), instead of waiting in SQLite's busy handler. PostgreSQL needs none.
    """
    if engine.dialect.name == "postgresql":
        return nullcontext()
    with _WRITE_LOCKS_GUARD:
        lock = _WRITE_LOCKS.get(engine)
        if lock is None:
            lock = _WRITE_LOCKS[engine] = threading.Lock()
        return lock
