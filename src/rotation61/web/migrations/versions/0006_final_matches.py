"""A match whose result an event has stored is final: ``matches.final_for``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column (``NULL``: the match still takes inputs)."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("final_for", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("final_for")
