"""Storage of the cue strokes of browser games, beside their shot inputs.

A game is a match (:mod:`rotation61.web.adapters.matches` stores its inputs); each shot
input of a game has its stroke here, under the same ``(match_id, seq)``. The stroke is
written in the same transaction as its input, and only if that input is stored
(:meth:`~rotation61.web.adapters.matches.SqlRepository.append_input`): an acknowledged
input always has its stroke, and a refused one writes none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Protocol

from sqlalchemy import Connection, Engine, delete, insert, select

from rotation61.web.adapters.orm import PlayStrokeRow

__all__ = ["SqlStrokes", "StrokeStore", "stroke_text", "write_stroke"]


class StrokeStore(Protocol):
    """What the play service reads from storage besides the match's inputs."""

    def load_strokes(self, match_id: int) -> dict[int, dict[str, float]]:
        """Every stored stroke of a match, by input number."""
        ...


def stroke_text(stroke: Mapping[str, float]) -> str:
    """A stroke as its column stores it (canonical JSON)."""
    return json.dumps(dict(stroke), sort_keys=True, separators=(",", ":"))


def write_stroke(conn: Connection, match_id: int, seq: int, stroke: Mapping[str, float]) -> None:
    """Store the stroke of input ``seq`` inside the caller's transaction.

    Called only once input ``seq`` itself has taken its place in the same transaction, so
    a row already there is the leftover of an input that never took it: it is replaced.
    """
    conn.execute(
        delete(PlayStrokeRow).where(PlayStrokeRow.match_id == match_id, PlayStrokeRow.seq == seq)
    )
    conn.execute(
        insert(PlayStrokeRow).values(match_id=match_id, seq=seq, stroke=stroke_text(stroke))
    )


class SqlStrokes:
    """The stroke store over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def load_strokes(self, match_id: int) -> dict[int, dict[str, float]]:
        """Every stored stroke of a match, by input number."""
        query = select(PlayStrokeRow.seq, PlayStrokeRow.stroke).where(
            PlayStrokeRow.match_id == match_id
        )
        with self._engine.connect() as conn:
            return {int(seq): json.loads(text) for seq, text in conn.execute(query)}
