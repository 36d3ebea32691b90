"""Organiser sessions kept server-side, so that logging out revokes the cookie.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of open sessions."""
    op.create_table(
        "organiser_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("username", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_organiser_sessions_expires_at", "organiser_sessions", ["expires_at"])


def downgrade() -> None:
    """Drop the table of open sessions."""
    op.drop_index("ix_organiser_sessions_expires_at", table_name="organiser_sessions")
    op.drop_table("organiser_sessions")
