"""The database tables (SQLAlchemy 2.0), shared by the repository and the migrations.

Portable types only (integers, strings, text holding JSON), so the same tables and the
same Alembic migrations serve SQLite and PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "InputRow",
    "LoginFailureRow",
    "MatchRow",
    "OrganiserRow",
    "OrganiserSessionRow",
    "PlayStrokeRow",
    "SettingRow",
]


class Base(DeclarativeBase):
    """Declarative base of the app's tables."""


class MatchRow(Base):
    """A match: its setup, its referee PIN and a summary of its input log."""

    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_a: Mapped[str] = mapped_column(String(100))
    player_b: Mapped[str] = mapped_column(String(100))
    race_to: Mapped[int] = mapped_column(Integer)
    preset: Mapped[str] = mapped_column(String(50))
    overrides: Mapped[str] = mapped_column(Text, default="{}")
    first_breaker: Mapped[str] = mapped_column(String(1))
    table_name: Mapped[str] = mapped_column(String(100), default="")
    table_size: Mapped[str] = mapped_column(String(10), default="9ft")
    tags: Mapped[str] = mapped_column(Text, default="{}")
    pin: Mapped[str] = mapped_column(String(12))
    log_length: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(12), index=True)
    racks_won_a: Mapped[int] = mapped_column(Integer, default=0)
    racks_won_b: Mapped[int] = mapped_column(Integer, default=0)
    form_id: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[str] = mapped_column(String(32))


class InputRow(Base):
    """One stored input of a match; ``seq`` counts from 1 and never has a gap."""

    __tablename__ = "inputs"
    __table_args__ = (UniqueConstraint("match_id", "seq", name="uq_inputs_match_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("matches.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[str] = mapped_column(String(32))


class OrganiserRow(Base):
    """A tournament-desk login."""

    __tablename__ = "organisers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))


class SettingRow(Base):
    """An app-wide setting shared by every worker (the signing secret)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class LoginFailureRow(Base):
    """A failed password or PIN, under each key it counts against (client, client+match)."""

    __tablename__ = "login_failures"
    __table_args__ = (
        Index("ix_login_failures_key_at", "key", "at"),
        Index("ix_login_failures_at", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


class OrganiserSessionRow(Base):
    """An open organiser session: the hash of its cookie, deleted at logout."""

    __tablename__ = "organiser_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class PlayStrokeRow(Base):
    """The cue stroke of a browser game's shot input (the input itself is in ``inputs``)."""

    __tablename__ = "play_strokes"

    match_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    stroke: Mapped[str] = mapped_column(Text)
