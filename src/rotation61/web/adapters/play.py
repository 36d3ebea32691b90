"""Storage of the cue strokes of browser games, beside their shot inputs.

A game is a match (:mod:`rotation61.web.adapters.matches` stores its inputs); each shot
input of a game has its stroke here, under the same ``(match_id, seq)``. The stroke is
written (committed) *before* its input: an acknowledged input always has its stroke, and
a stroke left by an input that was then refused is replaced by the next one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Protocol

from sqlalchemy import Engine, delete, insert, select

from rotation61.web.adapters.orm import PlayStrokeRow

__all__ = ["SqlStrokes", "StrokeStore"]


class StrokeStore(Protocol):
    """What the play service needs from storage besides the match's inputs."""

    def put_stroke(self, match_id: int, seq: int, stroke: Mapping[str, float]) -> None:
        """Store (replace) the stroke of input ``seq``, committed on return."""
        ...

    def load_strokes(self, match_id: int) -> dict[int, dict[str, float]]:
        """Every stored stroke of a match, by input number."""
        ...


class SqlStrokes:
    """The stroke store over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def put_stroke(self, match_id: int, seq: int, stroke: Mapping[str, float]) -> None:
        """Store (replace) the stroke of input ``seq``, committed on return."""
        text = json.dumps(dict(stroke), sort_keys=True, separators=(",", ":"))
        with self._engine.begin() as conn:
            conn.execute(
                delete(PlayStrokeRow).where(
                    PlayStrokeRow.match_id == match_id, PlayStrokeRow.seq == seq
                )
            )
            conn.execute(insert(PlayStrokeRow).values(match_id=match_id, seq=seq, stroke=text))

    def load_strokes(self, match_id: int) -> dict[int, dict[str, float]]:
        """Every stored stroke of a match, by input number."""
        query = select(PlayStrokeRow.seq, PlayStrokeRow.stroke).where(
            PlayStrokeRow.match_id == match_id
        )
        with self._engine.connect() as conn:
            return {int(seq): json.loads(text) for seq, text in conn.execute(query)}
