"""Organiser logins, the app's signing secret and failed logins: the accounts repositories.

The organiser login form, HTTP Basic on the API and ``rotation61 serve`` all reach the
``organisers`` and ``settings`` tables through :class:`SqlAccounts`; the lockouts count
failed passwords and PINs in ``login_failures`` through :class:`SqlFailureLog`, so that
every worker sees the same counts.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Final, Protocol

from sqlalchemy import Engine, delete, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from rotation61.web.adapters.orm import (
    LoginFailureRow,
    OrganiserRow,
    OrganiserSessionRow,
    SettingRow,
)
from rotation61.web.core.security import hash_password, verify_password

__all__ = ["SECRET_KEY", "Accounts", "FailureLog", "SqlAccounts", "SqlFailureLog"]

SECRET_KEY: Final = "secret_key"
"""The key of the signing secret in the ``settings`` table."""


class Accounts(Protocol):
    """What the account services need from storage."""

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser."""
        ...

    def open_session(self, username: str, *, expires_at: float, now: float) -> str:
        """A new session of an organiser: its cookie value (only its hash is stored)."""
        ...

    def session_user(self, token: str, *, now: float) -> str | None:
        """The organiser of an open, unexpired session."""
        ...

    def close_session(self, token: str) -> None:
        """End a session: its cookie no longer opens anything."""
        ...


class FailureLog(Protocol):
    """What the lockouts need from storage: failures counted per key since a time."""

    def count(self, key: str, *, since: float) -> int:
        """How many failures ``key`` has at or after ``since`` (seconds since the epoch)."""
        ...

    def add(self, keys: Sequence[str], *, at: float, forget_before: float) -> None:
        """Record one failure under each key; failures before ``forget_before`` are dropped."""
        ...


class SqlFailureLog:
    """The failure log over a SQLAlchemy engine: one table shared by every worker."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def count(self, key: str, *, since: float) -> int:
        """How many failures ``key`` has at or after ``since``."""
        query = (
            select(func.count())
            .select_from(LoginFailureRow)
            .where(LoginFailureRow.key == key, LoginFailureRow.at >= since)
        )
        with self._engine.connect() as conn:
            return int(conn.scalar(query) or 0)

    def add(self, keys: Sequence[str], *, at: float, forget_before: float) -> None:
        """Record one failure under each key, and drop the failures too old to count."""
        with self._engine.begin() as conn:
            conn.execute(delete(LoginFailureRow).where(LoginFailureRow.at < forget_before))
            conn.execute(insert(LoginFailureRow), [{"key": key, "at": at} for key in keys])


class SqlAccounts:
    """The accounts repository over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def ensure_secret(self) -> str:
        """The signing secret shared by every worker, created on first run."""
        with self._sessions() as session:
            row = session.get(SettingRow, SECRET_KEY)
            if row is not None:
                return row.value
            session.add(SettingRow(key=SECRET_KEY, value=secrets.token_hex(32)))
            try:
                session.commit()
            except IntegrityError:  # another worker created it first
                session.rollback()
            stored = session.get(SettingRow, SECRET_KEY)
            if stored is None:  # pragma: no cover - the row was just written
                raise RuntimeError("the signing secret could not be stored")
            return stored.value

    def ensure_organiser(self, password: str | None, username: str = "admin") -> str | None:
        """Create the first organiser if there is none.

        Returns:
            The password given or generated for a new organiser, ``None`` if one existed.
        """
        with self._sessions() as session:
            if session.scalar(select(OrganiserRow.id).limit(1)) is not None:
                return None
            chosen = password or secrets.token_urlsafe(12)
            session.add(OrganiserRow(username=username, password_hash=hash_password(chosen)))
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                return None
            return chosen

    def set_organiser_password(self, username: str, password: str) -> None:
        """Create an organiser, or change its password."""
        with self._sessions() as session:
            row = _organiser(session, username)
            if row is None:
                session.add(OrganiserRow(username=username, password_hash=hash_password(password)))
            else:
                row.password_hash = hash_password(password)
            session.commit()

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser.

        An unknown username costs the same hashing as a known one.
        """
        with self._sessions() as session:
            row = _organiser(session, username)
        if row is None:
            verify_password(password, None)
            return False
        return verify_password(password, row.password_hash)

    def open_session(self, username: str, *, expires_at: float, now: float) -> str:
        """A new session of an organiser; sessions expired before ``now`` are dropped.

        Returns:
            The cookie value: random, and stored only as its SHA-256 hash.
        """
        token = secrets.token_urlsafe(32)
        with self._sessions() as session:
            session.execute(delete(OrganiserSessionRow).where(OrganiserSessionRow.expires_at < now))
            session.add(
                OrganiserSessionRow(
                    token_hash=_token_hash(token), username=username, expires_at=expires_at
                )
            )
            session.commit()
        return token

    def session_user(self, token: str, *, now: float) -> str | None:
        """The organiser of an open session that expires after ``now``."""
        query = select(OrganiserSessionRow.username).where(
            OrganiserSessionRow.token_hash == _token_hash(token),
            OrganiserSessionRow.expires_at > now,
        )
        with self._sessions() as session:
            return session.scalar(query)

    def close_session(self, token: str) -> None:
        """Delete a session (logging out)."""
        with self._sessions() as session:
            session.execute(
                delete(OrganiserSessionRow).where(
                    OrganiserSessionRow.token_hash == _token_hash(token)
                )
            )
            session.commit()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _organiser(session: Session, username: str) -> OrganiserRow | None:
    return session.scalar(select(OrganiserRow).where(OrganiserRow.username == username))
