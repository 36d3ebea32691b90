"""The cue strokes of browser games (the play page), one per shot input.

Revision ID: 0005
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of strokes."""
    op.create_table(
        "play_strokes",
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("stroke", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    """Drop the table of strokes."""
    op.drop_table("play_strokes")
