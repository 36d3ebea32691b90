"""Tournaments: events, their entries and stored inputs, and the hall's table PINs.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tournament tables."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("log_length", sa.Integer(), nullable=False),
        sa.Column("entries_version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("player_id", sa.String(40), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("club", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(210), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("player_class", sa.String(40), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("tournament_id", "player_id", name="uq_tournament_entries_player"),
        sa.UniqueConstraint("tournament_id", "name_key", name="uq_tournament_entries_name"),
    )
    op.create_index("ix_tournament_entries_tournament_id", "tournament_entries", ["tournament_id"])
    op.create_table(
        "tournament_inputs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column(
            "match_ref",
            sa.Integer(),
            sa.ForeignKey("matches.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_tournament_inputs_seq"),
    )
    op.create_index("ix_tournament_inputs_tournament_id", "tournament_inputs", ["tournament_id"])
    op.create_index("ix_tournament_inputs_match_ref", "tournament_inputs", ["match_ref"])
    op.create_table(
        "hall_tables",
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("pin", sa.String(12), nullable=False),
    )


def downgrade() -> None:
    """Drop the tournament tables."""
    op.drop_table("hall_tables")
    op.drop_index("ix_tournament_inputs_match_ref", table_name="tournament_inputs")
    op.drop_index("ix_tournament_inputs_tournament_id", table_name="tournament_inputs")
    op.drop_table("tournament_inputs")
    op.drop_index("ix_tournament_entries_tournament_id", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
