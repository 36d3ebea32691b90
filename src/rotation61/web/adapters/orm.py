"""The database tables (SQLAlchemy 2.0), shared by the repository and the migrations.

Portable types only (integers, strings, text holding JSON), so the same tables and the
same Alembic migrations serve SQLite and PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "HallTableRow",
    "InputRow",
    "LoginFailureRow",
    "MatchRow",
    "OrganiserRow",
    "OrganiserSessionRow",
    "PlayStrokeRow",
    "SettingRow",
    "ShotClockRow",
    "TournamentEntryRow",
    "TournamentInputRow",
    "TournamentRow",
]


class Base(DeclarativeBase):
    """Declarative base of the app's tables."""


class MatchRow(Base):
    """A match: its setup, its referee PIN and a summary of its input log."""

    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_game_status", "game", "status"),
        Index("ix_matches_game_touched", "game", "touched_at"),
    )

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
    final_for: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """Set when an event stores the match's result: no input is accepted after it."""
    game: Mapped[str | None] = mapped_column(String(12), nullable=True, default=None)
    """A browser game's mode (the ``Game`` tag, kept here and not in ``tags``); ``NULL``
    for a match of the hall."""
    touched_at: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    """When its last input was stored (its creation before that): the age of a game."""


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


class ShotClockRow(Base):
    """The shot clock of a match's next shot (A50): one row per match, the newest only.

    ``seq`` is the number of inputs the match stood at when the clock was set; the
    clock belongs to that shot. Times are milliseconds of the server's wall clock, so
    a restarted worker (or another one) reads the same running clock.
    """

    __tablename__ = "shot_clocks"

    match_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    allowance_ms: Mapped[int] = mapped_column(BigInteger)
    elapsed_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    running_since_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    extensions: Mapped[int] = mapped_column(Integer, default=0)


class TournamentRow(Base):
    """An event: its name, its settings (JSON) and the number of its stored inputs."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(100))
    settings: Mapped[str] = mapped_column(Text)
    log_length: Mapped[int] = mapped_column(Integer, default=0)
    entries_version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[str] = mapped_column(String(32))


class TournamentEntryRow(Base):
    """A player entered in an event (frozen once the event is drawn)."""

    __tablename__ = "tournament_entries"
    __table_args__ = (
        UniqueConstraint("tournament_id", "player_id", name="uq_tournament_entries_player"),
        UniqueConstraint("tournament_id", "name_key", name="uq_tournament_entries_name"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(100))
    club: Mapped[str] = mapped_column(String(100), default="")
    name_key: Mapped[str] = mapped_column(String(210))
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player_class: Mapped[str] = mapped_column(String(40), default="")
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False)


class TournamentInputRow(Base):
    """One stored input of an event (the tournament layer's codec); ``seq`` from 1, no gap.

    ``match_ref`` links a ``call`` to the scorekeeper match created for it.
    """

    __tablename__ = "tournament_inputs"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_tournament_inputs_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[str] = mapped_column(Text)
    match_ref: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("matches.id", ondelete="SET NULL"), nullable=True, index=True
    )
    created_at: Mapped[str] = mapped_column(String(32))


class HallTableRow(Base):
    """A table of the hall and its referee PIN (the console at ``/tables/N/console``)."""

    __tablename__ = "hall_tables"

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    pin: Mapped[str] = mapped_column(String(12))
