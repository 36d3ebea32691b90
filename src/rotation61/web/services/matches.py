"""Use cases of the scorekeeper: create, list, score, undo, override, export and import.

The services play matches through the records layer's
:class:`~rotation61.records.MatchLog` (the referee judges every input) and store
through a :class:`~rotation61.web.adapters.matches.Repository`; they know nothing of HTTP.
Every input is validated by the referee *before* it is stored, stored (committed)
before it is acknowledged, and announced to the spectators after the commit.
"""

from __future__ import annotations

import hmac
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Final, Protocol

from rotation61.records import (
    Input,
    MatchHeader,
    MatchLog,
    MatchRecord,
    format_match,
    from_json,
    to_json,
)
from rotation61.rules import Rotation61Error
from rotation61.web.adapters.matches import Repository, final_message
from rotation61.web.core.errors import (
    AuthenticationError,
    MatchFinalError,
    MatchInEventError,
    StaleInputError,
)
from rotation61.web.core.model import (
    MatchStatus,
    StoredMatch,
    status_of,
)
from rotation61.web.core.security import new_pin
from rotation61.web.services.headers import (
    check_header,
    check_record_shape,
    clean_names,
)
from rotation61.web.services.results import MatchFinished, MatchSubscriber

__all__ = [
    "MatchService",
    "Notifier",
    # At home in services.headers; still named here for the play service.
    "clean_names",
]

_CACHE_SIZE: Final = 512
_log = logging.getLogger(__name__)


class Notifier(Protocol):
    """Tells the spectators that a match has a new input (after the commit)."""

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of match ``match_id`` is stored."""
        ...


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class MatchService:
    """The scorekeeper's use cases over a repository.

    Args:
        repository: where matches and inputs are stored.
        notifier: told of every stored input, after its commit.
        subscribers: told of every match that ends (more join with :meth:`subscribe`).
        clock: the current time as ISO 8601 text.
        pin_factory: makes referee PINs.
    """

    def __init__(
        self,
        repository: Repository,
        notifier: Notifier,
        *,
        subscribers: Iterable[MatchSubscriber] = (),
        clock: Callable[[], str] = _utc_now,
        pin_factory: Callable[[], str] = new_pin,
    ) -> None:
        self._repo = repository
        self._notifier = notifier
        self._subscribers = tuple(subscribers)
        self._clock = clock
        self._pins = pin_factory
        self._cache: OrderedDict[int, tuple[StoredMatch, MatchLog]] = OrderedDict()
        self._lock = threading.Lock()

    def subscribe(self, subscriber: MatchSubscriber) -> None:
        """Tell ``subscriber`` too of every match that ends from now on (at wiring time).

        For a service built on this one (it cannot be given at construction).
        """
        with self._lock:
            self._subscribers = (*self._subscribers, subscriber)

    # --- Desk ----------------------------------------------------------------------------

    def create_match(self, header: MatchHeader, *, form_id: str | None = None) -> StoredMatch:
        """Create a match from its header (see :func:`desk_header`).

        ``form_id`` is an idempotency key (one per rendered desk form): the same form
        submitted again returns the match it created, not a new one.

        Raises:
            OutOfRangeError: a value out of range (see :func:`check_header`).
            UnknownTableError: an unknown table size.
        """
        check_header(header)
        return self._repo.add_match(
            header, pin=self._pins(), created_at=self._clock(), form_id=form_id
        )

    def list_matches(
        self, status: MatchStatus | None = None, *, games: bool = False, limit: int | None = None
    ) -> list[StoredMatch]:
        """The hall's matches, or those with one status, newest first (never a browser game).

        With ``games``, the browser games instead (the play page's lobby); ``limit``
        keeps the newest ones.
        """
        return self._repo.list_matches(status, games=games, limit=limit)

    def delete_match(self, match_id: int, *, by: str) -> StoredMatch:
        """Remove a match and its inputs (the desk's), with a log line naming who did it.

        Raises:
            MatchNotFoundError: no match has that number.
            MatchInEventError: an event called it: its removal goes through the event.
        """
        try:
            stored = self._repo.delete_match(match_id)
        except MatchInEventError:
            _log.warning("removal of match %s by %s refused: an event called it", match_id, by)
            raise
        self.forget(match_id)
        _log.warning(
            "match %s (%s v %s, %s, %d inputs) removed by %s",
            match_id,
            *stored.header.players,
            stored.status.value,
            stored.log_length,
            by,
        )
        return stored

    def expire_games(self, *, idle_s: float, finished_s: float) -> list[int]:
        """Remove the browser games with no input for ``idle_s`` seconds.

        Finished games go after ``finished_s`` seconds. Returns their numbers.
        """
        now = datetime.fromisoformat(self._clock())

        def before(seconds: float) -> str:
            return (now - timedelta(seconds=seconds)).isoformat(timespec="milliseconds")

        ids = self._repo.expire_games(
            idle_before=before(idle_s), finished_before=before(finished_s)
        )
        for match_id in ids:
            self.forget(match_id)
        if ids:
            _log.info("%d abandoned browser game(s) removed: %s", len(ids), ids[:20])
        return ids

    def hall(self) -> list[tuple[StoredMatch, MatchLog]]:
        """The live matches, then the scheduled ones, newest first, each with its state."""
        return [
            self.board(stored.id)
            for status in (MatchStatus.LIVE, MatchStatus.SCHEDULED)
            for stored in self.list_matches(status)
        ]

    def get_match(self, match_id: int) -> StoredMatch:
        """A stored match.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        return self._repo.get_match(match_id)

    def check_pin(self, match_id: int, pin: str) -> StoredMatch:
        """The match, if ``pin`` is its referee PIN.

        Raises:
            MatchNotFoundError: no match has that number.
            AuthenticationError: the PIN is wrong.
        """
        stored = self.stored(match_id)
        if not hmac.compare_digest(stored.pin.encode(), pin.strip().encode()):
            raise AuthenticationError(f"wrong referee PIN for match {match_id}")
        return stored

    # --- Scoring -------------------------------------------------------------------------

    def stored(self, match_id: int) -> StoredMatch:
        """A match's setup and PIN (which never change), from memory when known.

        Its ``log_length`` and ``status`` may be old; :meth:`board` has the current ones.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        known = self.cached(match_id)
        return known[0] if known is not None else self._repo.get_match(match_id)

    def cached(self, match_id: int, seq: int = 0) -> tuple[StoredMatch, MatchLog] | None:
        """The remembered match and log if it replays input ``seq`` or later; no I/O.

        The memory only ever holds committed prefixes of the stored log (the log is
        append-only), so a remembered log with ``length >= seq`` is the state at
        ``seq`` or at a later input. ``None`` when it is not known or older than ``seq``.
        """
        with self._lock:
            known = self._cache.get(match_id)
        if known is None or known[1].length < seq:
            return None
        return known

    def board(self, match_id: int) -> tuple[StoredMatch, MatchLog]:
        """A match and its state, rebuilt from the stored inputs through the referee.

        Only the inputs stored since the remembered log are read (another worker may
        have stored them) and the state is advanced from it: the engine's states are
        immutable values, and an undo returns to the remembered previous log, so the
        result equals a replay of the whole log. The first call for a match replays it all.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        known = self.cached(match_id)
        if known is None:
            stored = self._repo.get_match(match_id)
            log = MatchLog.begin(stored.header)
        else:
            stored, log = known
        for item in self._repo.load_inputs(match_id, after=log.length):
            log = log.append(item)
        if (
            known is not None
            and log.match.is_over
            and stored.final_for is None
            and stored.header.tag("Event")  # only an event's match is ever made final
        ):
            stored = self._repo.get_match(match_id)  # another worker may have made it final
        self._remember(match_id, stored, log)
        return stored, log

    def offer(self, match_id: int, seq: int, item: Input) -> bool:
        """Advance the remembered log by input ``seq``, stored (committed) elsewhere.

        Used with PostgreSQL's notifications, which carry the committed input: the
        remembered log moves on only if it stands at ``seq - 1``; otherwise (a gap,
        or not remembered) nothing changes and the next read goes to storage.

        Returns:
            Whether the remembered log now replays input ``seq``.
        """
        known = self.cached(match_id)
        if known is None or known[1].length != seq - 1:
            return known is not None and known[1].length >= seq
        try:
            new = known[1].append(item)
        except Rotation61Error:  # pragma: no cover - a stored input was judged already
            return False
        self._remember(match_id, known[0], new)
        return True

    def make_final(self, match_id: int, length: int, final_for: str) -> bool:
        """Mark a match final while it stands at ``length`` inputs (see the repository).

        Returns:
            Whether it is now final at ``length`` inputs.
        """
        done = self._repo.make_final(match_id, length, final_for)
        self.forget(match_id)
        return done

    def forget(self, match_id: int) -> None:
        """Drop a match from memory: its stored setup changed (final) or it was removed."""
        with self._lock:
            self._cache.pop(match_id, None)

    def _remember(self, match_id: int, stored: StoredMatch, log: MatchLog) -> None:
        with self._lock:
            current = self._cache.get(match_id)
            if current is None or current[1].length <= log.length:
                self._cache[match_id] = (stored, log)
            self._cache.move_to_end(match_id)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    def submit(
        self,
        match_id: int,
        expected_seq: int,
        item: Input,
        *,
        stroke: Mapping[str, float] | None = None,
    ) -> tuple[StoredMatch, MatchLog]:
        """Judge an input, store it, then announce it; a refused input stores nothing.

        The store is conditional on ``expected_seq`` in the same transaction as the
        write (the repository's :meth:`~Repository.append_input`), so two racing inputs
        cannot both land, and nothing else is written for a refused one. An input that
        ends the match is then published as :class:`MatchFinished` to the subscribers,
        before this returns.

        Args:
            match_id: the match.
            expected_seq: the number of inputs the referee's screen showed; any other
                value means the screen was stale or the form was replayed.
            item: the input.
            stroke: a browser game's cue stroke of a shot input, stored with it.

        Returns:
            The match and its new log.

        Raises:
            MatchNotFoundError: no match has that number.
            StaleInputError: ``expected_seq`` is not the current number of inputs.
            MatchFinalError: an event has stored the match's result (it is final).
            IllegalActionError: the referee does not allow the input now.
            InvalidShotError: the shot does not fit the table.
        """
        known = self.cached(match_id)
        if known is not None and known[1].length == expected_seq:
            # Optimistic: storage refuses the input if another worker stored one since.
            stored, log = known
        else:
            stored, log = self.board(match_id)
        if expected_seq != log.length:
            raise StaleInputError(
                f"stale input: the screen showed {expected_seq} input(s) but match "
                f"{match_id} has {log.length}; reload and enter it again"
            )
        if stored.final_for is not None:
            raise MatchFinalError(final_message(match_id, stored.final_for))
        new = log.append(item)
        match = new.match
        try:
            self._repo.append_input(
                match_id,
                new.length,
                item,
                status=status_of(match, new.length),
                racks_won=match.racks_won,
                created_at=self._clock(),
                stroke=stroke,
            )
        except MatchFinalError:
            self.forget(match_id)  # the remembered setup is older than the lock
            raise
        self._remember(match_id, stored, new)
        self._notifier.published(match_id, new.length)
        if match.is_over:
            self._finished(MatchFinished(match_id=match_id, length=new.length))
        return stored, new

    def _finished(self, event: MatchFinished) -> None:
        """Tell the subscribers, in this thread, before the input is acknowledged.

        The input is stored whatever a subscriber does: a failure is logged (the
        tournaments take the result again when the event is resumed).
        """
        with self._lock:
            subscribers = self._subscribers
        for subscriber in subscribers:
            try:
                subscriber.match_finished(event)
            except Exception:  # the match is stored; its subscriber catches up later
                _log.exception("telling %r that match %s ended failed", subscriber, event.match_id)

    # --- Records -------------------------------------------------------------------------

    def record(self, match_id: int) -> MatchRecord:
        """The match record (records layer): every input in effect, rulings, overrides.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        return self.board(match_id)[1].record

    def export_json(self, match_id: int) -> str:
        """The match record as the records layer's canonical JSON.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        return to_json(self.record(match_id))

    def export_text(self, match_id: int) -> str:
        """The match record in the records layer's text notation.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        return format_match(self.record(match_id))

    def import_json(self, text: str) -> StoredMatch:
        """Create a match from a JSON record, replaying every input through the referee.

        Nothing is stored unless the whole record is valid. The text's shape is checked
        first (:func:`check_record_shape`), the header next (:func:`check_header`), and
        only then are the inputs replayed: each step is linear in the inputs.

        Raises:
            OutOfRangeError: too deep, too many inputs, or a header value out of range.
            NotationError: not JSON, another format, or an unknown schema version.
            InvalidRecordError: a field out of range.
            IllegalEntryError: an input the referee rejects.
            UnknownRuleSetError: an unknown preset or rule-set key.
        """
        check_record_shape(text)
        # The inputs are checked by the replay of ``import_record``, after the header.
        return self.import_record(from_json(text, check=False))

    def import_record(self, record: MatchRecord) -> StoredMatch:
        """Create a match from a record (see :meth:`import_json`)."""
        check_header(record.header)
        log = MatchLog.from_record(record)
        inputs = log.inputs()
        match = log.match
        return self._repo.add_match(
            record.header,
            pin=self._pins(),
            created_at=self._clock(),
            inputs=inputs,
            status=status_of(match, len(inputs)),
            racks_won=match.racks_won,
        )
