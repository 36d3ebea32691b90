"""The shot clock of each match's next shot (A50): ``shot_clocks``.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table (no row: no clock set yet)."""
    op.create_table(
        "shot_clocks",
        sa.Column(
            "match_id",
            sa.Integer,
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("allowance_ms", sa.BigInteger, nullable=False),
        sa.Column("elapsed_ms", sa.BigInteger, nullable=False),
        sa.Column("running_since_ms", sa.BigInteger, nullable=True),
        sa.Column("extensions", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("shot_clocks")
