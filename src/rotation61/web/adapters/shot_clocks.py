"""Storage of the shot clock of each match's next shot (A50): the ``shot_clocks`` table.

A match has at most one clock row, the clock of the shot its next input will be
(:class:`StoredClock`). A write is conditional on the match standing at the clock's
input number, in the same transaction: a clock set for an input the match has moved
past is refused and nothing is written.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from sqlalchemy import Engine, delete, insert, select, update

from rotation61.rules import ShotClock
from rotation61.web.adapters.orm import MatchRow, ShotClockRow
from rotation61.web.core.database import write_lock
from rotation61.web.core.errors import MatchNotFoundError, StaleInputError

__all__ = ["ShotClockStore", "SqlShotClocks", "StoredClock", "stale_clock"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredClock:
    """The clock of a match's next shot, as stored.

    Attributes:
        seq: the number of inputs the match stood at: the clock is that of input ``seq + 1``.
        clock: the clock (times in milliseconds of the server's wall clock).
        extensions: extensions the player at the table took for this shot (A50).
    """

    seq: int
    clock: ShotClock
    extensions: int = 0


def stale_clock(match_id: int, seq: int) -> StaleInputError:
    """The refusal of a clock change made for input ``seq`` of a match that moved on."""
    return StaleInputError(
        f"stale shot clock: it was set for input {seq + 1} of match {match_id}, "
        "which has moved on; reload the match"
    )


class ShotClockStore(Protocol):
    """Where the clocks are kept."""

    def load_clock(self, match_id: int) -> StoredClock | None:
        """The match's clock row, ``None`` when none was ever set."""
        ...

    def save_clock(self, match_id: int, clock: StoredClock) -> None:
        """Replace the match's clock, if the match stands at ``clock.seq`` inputs.

        Raises:
            StaleInputError: the match stands at another number of inputs.
            MatchNotFoundError: no match has that number.
        """
        ...


class SqlShotClocks:
    """The clocks over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._write_lock = write_lock(engine)

    def load_clock(self, match_id: int) -> StoredClock | None:
        """The match's clock row, ``None`` when none was ever set."""
        with self._engine.connect() as conn:
            row = conn.execute(
                select(ShotClockRow).where(ShotClockRow.match_id == match_id)
            ).first()
        if row is None:
            return None
        return StoredClock(
            seq=row.seq,
            clock=ShotClock(
                allowance_ms=row.allowance_ms,
                elapsed_ms=row.elapsed_ms,
                running_since_ms=row.running_since_ms,
            ),
            extensions=row.extensions,
        )

    def save_clock(self, match_id: int, clock: StoredClock) -> None:
        """Replace the match's clock in one transaction, conditional on its input number.

        The match's row is touched first (``log_length`` set to itself where it equals
        ``clock.seq``): on PostgreSQL that locks it against an input landing meanwhile.

        Raises:
            StaleInputError: the match stands at another number of inputs.
            MatchNotFoundError: no match has that number.
        """
        with self._write_lock, self._engine.begin() as conn:
            held = conn.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id, MatchRow.log_length == clock.seq)
                .values(log_length=MatchRow.log_length)
            ).rowcount
            if held != 1:
                exists = conn.scalar(select(MatchRow.id).where(MatchRow.id == match_id))
                if exists is None:
                    raise MatchNotFoundError(f"no match number {match_id!r}")
                raise stale_clock(match_id, clock.seq)
            conn.execute(delete(ShotClockRow).where(ShotClockRow.match_id == match_id))
            conn.execute(
                insert(ShotClockRow).values(
                    match_id=match_id,
                    seq=clock.seq,
                    allowance_ms=clock.clock.allowance_ms,
                    elapsed_ms=clock.clock.elapsed_ms,
                    running_since_ms=clock.clock.running_since_ms,
                    extensions=clock.extensions,
                )
            )
