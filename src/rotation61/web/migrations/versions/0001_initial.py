"""Initial schema: matches, their input logs, organisers and app settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_a", sa.String(100), nullable=False),
        sa.Column("player_b", sa.String(100), nullable=False),
        sa.Column("race_to", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(50), nullable=False),
        sa.Column("overrides", sa.Text(), nullable=False),
        sa.Column("first_breaker", sa.String(1), nullable=False),
        sa.Column("table_name", sa.String(100), nullable=False),
        sa.Column("table_size", sa.String(10), nullable=False),
        sa.Column("tags", sa.Text(), nullable=False),
        sa.Column("pin", sa.String(12), nullable=False),
        sa.Column("log_length", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("racks_won_a", sa.Integer(), nullable=False),
        sa.Column("racks_won_b", sa.Integer(), nullable=False),
        sa.Column("form_id", sa.String(64), nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.UniqueConstraint("form_id", name="uq_matches_form_id"),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "inputs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.UniqueConstraint("match_id", "seq", name="uq_inputs_match_seq"),
    )
    op.create_index("ix_inputs_match_id", "inputs", ["match_id"])
    op.create_table(
        "organisers",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.UniqueConstraint("username", name="uq_organisers_username"),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    """Drop the tables."""
    op.drop_table("settings")
    op.drop_table("organisers")
    op.drop_index("ix_inputs_match_id", table_name="inputs")
    op.drop_table("inputs")
    op.drop_index("ix_matches_status", table_name="matches")
    op.drop_table("matches")
