"""Browser games apart from the hall's matches: ``matches.game`` and ``matches.touched_at``.

The ``Game`` tag moves out of ``matches.tags`` into its own indexed column, so that the
hall and the desk list matches without loading the games; ``touched_at`` (the time of
the last input) is the age by which abandoned games expire.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_GAME_TAG = "Game"


def _dumps(tags: dict[str, str]) -> str:
    return json.dumps(tags, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def upgrade() -> None:
    """Add the columns and indexes; move each game's tag into its column."""
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("game", sa.String(12), nullable=True))
        batch.add_column(sa.Column("touched_at", sa.String(32), nullable=True))
    op.create_index("ix_matches_game_status", "matches", ["game", "status"])
    op.create_index("ix_matches_game_touched", "matches", ["game", "touched_at"])
    conn = op.get_bind()
    matches = sa.table(
        "matches",
        sa.column("id", sa.Integer),
        sa.column("tags", sa.Text),
        sa.column("game", sa.String),
        sa.column("created_at", sa.String),
        sa.column("touched_at", sa.String),
    )
    inputs = sa.table("inputs", sa.column("match_id", sa.Integer), sa.column("created_at"))
    last = (
        sa.select(sa.func.max(inputs.c.created_at))
        .where(inputs.c.match_id == matches.c.id)
        .scalar_subquery()
    )
    conn.execute(matches.update().values(touched_at=sa.func.coalesce(last, matches.c.created_at)))
    rows = conn.execute(
        sa.select(matches.c.id, matches.c.tags).where(matches.c.tags.like('%"Game"%'))
    ).all()
    for match_id, text in rows:
        tags = json.loads(text)
        mode = tags.pop(_GAME_TAG, None)
        if mode is None:
            continue
        conn.execute(
            matches.update().where(matches.c.id == match_id).values(game=mode, tags=_dumps(tags))
        )


def downgrade() -> None:
    """Put each game's tag back into ``tags``; drop the indexes and columns."""
    conn = op.get_bind()
    matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("tags"), sa.column("game"))
    rows = conn.execute(
        sa.select(matches.c.id, matches.c.tags, matches.c.game).where(matches.c.game.is_not(None))
    ).all()
    for match_id, text, mode in rows:
        tags = {**json.loads(text), _GAME_TAG: mode}
        conn.execute(matches.update().where(matches.c.id == match_id).values(tags=_dumps(tags)))
    op.drop_index("ix_matches_game_touched", "matches")
    op.drop_index("ix_matches_game_status", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("touched_at")
        batch.drop_column("game")
