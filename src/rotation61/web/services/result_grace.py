"""The grace period of a table's finished match: its result held for the referee's check.

When a match called by an event ends on its table, the event does not take its result at
once: the table's console shows a "match over" screen (the final score, Undo, "Confirm
result") for ``grace_s`` seconds after the match's last input. Until then the result is
*held*: the scorekeeper match is not final, so the referee may still undo a mistyped last
rack (the match is then no longer over, and nothing reached the event). The result moves
the bracket (and the queue calls the next match) only when it is confirmed: by the table
("Confirm result", :meth:`ResultGrace.confirm`), or by itself once the grace period is
over (:meth:`ResultGrace.sweep`, run every second by :meth:`ResultGrace.run`).

Nothing of the hold lives in memory alone: a held result is a called match whose
scorekeeper match is over and not final, and it is due at its last input's time plus the
grace period, both read from storage. A restarted server (or another worker) therefore
resumes every hold where it stood. With ``grace_s == 0`` the event takes every result as
the match ends, in the thread that stored the last input (as without this service).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from rotation61.tournament import Match
from rotation61.web.services.matches import MatchService
from rotation61.web.services.results import MatchFinished
from rotation61.web.services.tournament_model import LiveEvent
from rotation61.web.services.tournaments import TournamentService

__all__ = ["HeldResult", "ResultGrace"]

_log = logging.getLogger(__name__)


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HeldResult:
    """A table's finished match whose result its event has not taken yet.

    Attributes:
        event_id: the event.
        match: the event's match id (``W1-5``).
        table: the table it is playing on.
        match_ref: its scorekeeper match.
        length: the scorekeeper match's inputs (the last one ended it).
        due_at: when the event takes the result by itself.
        grace_s: the grace period it was held for.
    """

    event_id: int
    match: str
    table: int
    match_ref: int
    length: int
    due_at: datetime
    grace_s: float

    def seconds_left(self, now: datetime) -> float:
        """Seconds until the result is taken by itself (0 once due)."""
        return max(0.0, (self.due_at - now).total_seconds())


class ResultGrace:
    """Holds each table's finished match for ``grace_s`` seconds, then confirms it.

    Args:
        tournaments: the events (their results go in through it).
        matches: the scorekeeper matches.
        grace_s: the grace period in seconds (0: no hold).
        now: the current time (UTC).

    Wire it as the match service's subscriber instead of the tournament service:
    ``matches.subscribe(grace)``.
    """

    def __init__(
        self,
        tournaments: TournamentService,
        matches: MatchService,
        *,
        grace_s: float,
        now: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._tournaments = tournaments
        self._matches = matches
        self.grace_s = grace_s
        self._now = now

    # --- The match service's subscriber ------------------------------------------------

    def match_finished(self, event: MatchFinished) -> None:
        """A match ended: with no grace period its event takes the result now."""
        if self.grace_s <= 0:
            self._tournaments.match_finished(event)
        # Else it is held: the table confirms it, or the sweep once it is due.

    # --- Reading -----------------------------------------------------------------------

    def held(self, live: LiveEvent, table: int, match: Match, match_ref: int) -> HeldResult | None:
        """The held result of a match on a table (``None``: not over, or already final)."""
        if self.grace_s <= 0:
            return None
        stored, log = self._matches.board(match_ref)
        if not log.match.is_over or stored.final_for is not None:
            return None
        fresh = self._matches.get_match(match_ref)  # its last input's time
        if fresh.final_for is not None:
            return None
        last = datetime.fromisoformat(fresh.touched_at or fresh.created_at)
        if last.tzinfo is None:
            last = last.replace(tzinfo=UTC)
        return HeldResult(
            event_id=live.stored.id,
            match=match.id,
            table=table,
            match_ref=match_ref,
            length=log.length,
            due_at=last + timedelta(seconds=self.grace_s),
            grace_s=self.grace_s,
        )

    def held_on(self, table: int) -> HeldResult | None:
        """The result held on a table now, if any."""
        now = self._tournaments.table_now(table)
        if now is None:
            return None
        live, match, ref = now
        return self.held(live, table, match, ref)

    def is_held(self, live: LiveEvent, match: Match, match_ref: int) -> bool:
        """Whether a called match's result is held and not due yet (for the resume)."""
        if self.grace_s <= 0 or not match.table.isdigit():
            return False
        held = self.held(live, int(match.table), match, match_ref)
        return held is not None and held.due_at > self._now()

    # --- Writing -----------------------------------------------------------------------

    def confirm(self, event_id: int, table: int, code: str) -> LiveEvent:
        """The table confirms its finished match: the event takes the result now.

        Raises:
            WrongTableError: that match is not the one playing on that table, or not
                over (an undo got there first).
        """
        return self._tournaments.report_from_table(event_id, table, code)

    def sweep(self) -> int:
        """Confirm every held result that is due; the number confirmed."""
        if self.grace_s <= 0:
            return 0
        now = self._now()
        done = 0
        for live in self._tournaments.running_events():
            for table, (match, ref) in live.on_tables().items():
                held = self.held(live, table, match, ref)
                if held is None or held.due_at > now:
                    continue
                if self._tournaments.match_over(ref) is not None:
                    _log.info(
                        "event %s: result of %s on table %s confirmed after the grace period",
                        live.stored.id,
                        match.id,
                        table,
                    )
                    done += 1
        return done

    async def run(self, interval_s: float = 1.0) -> None:
        """Sweep every ``interval_s`` seconds until cancelled (the app's lifespan task)."""
        while True:
            try:
                await asyncio.to_thread(self.sweep)
            except Exception:  # storage down for a moment: the next sweep tries again
                _log.exception("confirming the held results failed")
            await asyncio.sleep(interval_s)
