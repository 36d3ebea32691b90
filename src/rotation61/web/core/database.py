"""Database engines and migrations.

SQLite runs in WAL mode with ``synchronous=FULL``: a committed input survives a killed
process (and a power cut). The schema is created and upgraded by the Alembic migrations
in ``rotation61/web/migrations``, the same for SQLite and PostgreSQL.

A database that cannot be opened, created or migrated (a read-only folder, a full disk,
a damaged file, a schema from a newer version, an unreachable PostgreSQL) is said in
one line naming the file or the URL (never its password) and what to do:
:func:`database_fault`, raised as :class:`DatabaseStartError` by :func:`start_database`.
"""

from __future__ import annotations

import errno
import re
import threading
import time
import weakref
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InvalidatePoolError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

__all__ = [
    "MIGRATIONS",
    "STORAGE_FAULTS",
    "DatabaseStartError",
    "create_db_engine",
    "database_fault",
    "display_url",
    "is_disk_full",
    "migrate",
    "start_database",
    "write_lock",
]

STORAGE_FAULTS: Final = (SQLAlchemyError, CommandError, OSError)
"""What opening, creating or migrating a database may raise (for :func:`database_fault`)."""
_UNKNOWN_REVISION: Final = re.compile(r"Can't locate revision identified by '([^']+)'")


class DatabaseStartError(Exception):
    """The database cannot be opened, created or migrated; the message is one line."""


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


def display_url(url: str) -> str:
    """A database URL as shown to people: no driver, no password.

    >>> display_url("postgresql+psycopg://desk:secret@127.0.0.1:5432/r61")
    'postgresql://desk@127.0.0.1:5432/r61'
    """
    parsed = make_url(url)
    shown = parsed.set(drivername=parsed.get_backend_name())._replace(password=None)
    return shown.render_as_string(hide_password=False)


def is_disk_full(err: BaseException) -> bool:
    """Whether a storage error says the disk (or the database's quota) is full."""
    orig = getattr(err, "orig", None) or err
    return (
        getattr(orig, "sqlite_errorname", "") == "SQLITE_FULL"
        or getattr(orig, "sqlstate", "") == "53100"  # PostgreSQL: disk_full
        or (isinstance(orig, OSError) and orig.errno == errno.ENOSPC)
    )


def database_fault(err: BaseException, url: str) -> str:
    """One line saying why a database cannot be used, naming it, and what to do.

    Args:
        err: what opening, creating, migrating or first writing it raised.
        url: the database's URL (shown without its password).
    """
    parsed = make_url(url)
    sqlite = parsed.get_backend_name() == "sqlite"
    where = str(Path(parsed.database or "")) if sqlite else display_url(url)
    orig = getattr(err, "orig", None) or err
    reason = (str(orig).strip().splitlines() or [type(orig).__name__])[0]
    name = getattr(orig, "sqlite_errorname", "")
    newer = _UNKNOWN_REVISION.search(str(err)) if isinstance(err, CommandError) else None
    if newer is not None:
        return (
            f"the database {where} was made by a newer rotation61 (its schema {newer.group(1)} "
            "is unknown to this one): upgrade rotation61, or give another --database-url"
        )
    if is_disk_full(err):
        return f"the disk of the database {where} is full: free some space and start again"
    if sqlite and (
        name in ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")
        or (isinstance(orig, OSError) and orig.errno in (errno.EACCES, errno.EPERM, errno.EROFS))
        or isinstance(orig, FileNotFoundError | NotADirectoryError)
    ):
        folder = Path(where).parent
        return (
            f"cannot write the database {where} ({reason}): make the folder {folder} writable "
            "by this user, or give another --database-url sqlite:///PATH"
        )
    if sqlite and name in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
        return (
            f"{where} is not a rotation61 database, or it is damaged ({reason}): restore a "
            "backup, or move the file away to start a new one"
        )
    if not sqlite and isinstance(err, SQLAlchemyError):
        return (
            f"cannot use PostgreSQL at {where} ({reason}): is the server running, and are the "
            "URL, the user and the database right?"
        )
    return f"cannot open the database {where}: {reason}"


def start_database(url: str, *, pool_size: int = 10) -> Engine:
    """An engine on a database migrated to the newest schema.

    Raises:
        DatabaseStartError: the database cannot be opened, created or migrated (the
            message, from :func:`database_fault`, is one line).
    """
    engine: Engine | None = None
    try:
        engine = create_db_engine(url, pool_size=pool_size)
        migrate(engine)
    except STORAGE_FAULTS as err:
        if engine is not None:
            engine.dispose()
        raise DatabaseStartError(database_fault(err, url)) from err
    return engine


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
