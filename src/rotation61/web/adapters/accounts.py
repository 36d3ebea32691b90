"""Organiser logins and the app's signing secret: the accounts repository.

The organiser login form, HTTP Basic on the API and ``rotation61 serve`` all reach the
``organisers`` and ``settings`` tables through this repository.
"""

from __future__ import annotations

import secrets
from typing import Final, Protocol

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from rotation61.web.adapters.orm import OrganiserRow, SettingRow
from rotation61.web.core.security import hash_password, verify_password

__all__ = ["SECRET_KEY", "Accounts", "SqlAccounts"]

SECRET_KEY: Final = "secret_key"
"""The key of the signing secret in the ``settings`` table."""


class Accounts(Protocol):
    """What the account services need from storage."""

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser."""
        ...


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


def _organiser(session: Session, username: str) -> OrganiserRow | None:
    return session.scalar(select(OrganiserRow).where(OrganiserRow.username == username))
