"""Use cases of the scorekeeper: create, list, score, undo, override, export and import.

The services play matches through the records layer's
:class:`~rotation61.records.MatchLog` (the referee judges every input) and store
through a :class:`~rotation61.web.adapters.matches.Repository`; they know nothing of HTTP.
Every input is validated by the referee *before* it is stored, stored (committed)
before it is acknowledged, and announced to the spectators after the commit.
"""

from __future__ import annotations

import hmac
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Final, Protocol

from rotation61.geometry import get_table
from rotation61.records import (
    RESERVED_TAGS,
    Input,
    MalformedInputError,
    MatchHeader,
    MatchLog,
    MatchRecord,
    format_match,
    from_json,
    to_json,
)
from rotation61.rules import Rotation61Error, Seat
from rotation61.web.adapters.matches import Repository
from rotation61.web.core.errors import AuthenticationError, StaleInputError
from rotation61.web.core.model import (
    DEFAULT_TABLE_SIZE,
    TABLE_SIZE_TAG,
    TABLE_TAG,
    MatchStatus,
    StoredMatch,
    status_of,
)
from rotation61.web.core.security import new_pin

__all__ = ["MatchService", "Notifier", "desk_header"]

_ROSTER: Final = {
    "event": "Event",
    "venue": "Venue",
    "date": "Date",
    "round": "Round",
    "referee": "Referee",
}
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
_DESK_RESERVED: Final = RESERVED_TAGS | {TABLE_TAG, TABLE_SIZE_TAG}

_CACHE_SIZE: Final = 512


class Notifier(Protocol):
    """Tells the spectators that a match has a new input (after the commit)."""

    def published(self, match_id: int, seq: int) -> None:
        """Input ``seq`` of match ``match_id`` is stored."""
        ...


def _desk_tags(tags: Mapping[str, str]) -> list[tuple[str, str]]:
    """Desk tags as header tags: ``event`` becomes ``Event``...; bad names are refused."""
    out: list[tuple[str, str]] = []
    for raw, value in tags.items():
        name = _ROSTER.get(raw.strip().lower(), raw.strip())
        if not _TAG_NAME.fullmatch(name) or name in _DESK_RESERVED:
            raise MalformedInputError(
                f"tag name {raw!r} must be a letter then letters, digits or '_' "
                f"(not one of {', '.join(sorted(_DESK_RESERVED))})"
            )
        if not value.isprintable():
            raise MalformedInputError(f"tag {name} holds a line break or control character")
        out.append((name, value))
    return out


def desk_header(
    *,
    players: tuple[str, str],
    race_to: int,
    preset: str,
    overrides: Mapping[str, object],
    first_breaker: Seat,
    table_name: str = "",
    table_size: str = DEFAULT_TABLE_SIZE,
    tags: Mapping[str, str],
) -> MatchHeader:
    """The header of a match as the desk sets it up (the table as header tags).

    Raises:
        UnknownRuleSetError: an unknown preset, rule-set key or value.
        UnknownTableError: an unknown table size.
        MalformedInputError: a tag name a record cannot hold.
        InvalidRecordError: a player name, tag value or race a record cannot hold.
    """
    get_table(table_size)
    table = [(TABLE_TAG, table_name)] if table_name else []
    return MatchHeader(
        players=players,
        race_to=race_to,
        first_breaker=first_breaker,
        rules=preset,
        config=tuple(overrides.items()),  # type: ignore[arg-type]  # checked by the header
        tags=(*_desk_tags(tags), *table, (TABLE_SIZE_TAG, table_size)),
    )


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class MatchService:
    """The scorekeeper's use cases over a repository.

    Args:
        repository: where matches and inputs are stored.
        notifier: told of every stored input, after its commit.
        clock: the current time as ISO 8601 text.
        pin_factory: makes referee PINs.
    """

    def __init__(
        self,
        repository: Repository,
        notifier: Notifier,
        *,
        clock: Callable[[], str] = _utc_now,
        pin_factory: Callable[[], str] = new_pin,
    ) -> None:
        self._repo = repository
        self._notifier = notifier
        self._clock = clock
        self._pins = pin_factory
        self._cache: OrderedDict[int, tuple[StoredMatch, MatchLog]] = OrderedDict()
        self._lock = threading.Lock()

    # --- Desk ----------------------------------------------------------------------------

    def create_match(self, header: MatchHeader, *, form_id: str | None = None) -> StoredMatch:
        """Create a match from its header (see :func:`desk_header`).

        Raises:
            UnknownTableError: an unknown table size.
            DuplicateFormError: the same form was already submitted.
        """
        get_table(header.tag(TABLE_SIZE_TAG) or DEFAULT_TABLE_SIZE)
        return self._repo.add_match(
            header, pin=self._pins(), created_at=self._clock(), form_id=form_id
        )

    def list_matches(self, status: MatchStatus | None = None) -> list[StoredMatch]:
        """Every match, or those with one status, newest first."""
        return self._repo.list_matches(status)

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

    def _remember(self, match_id: int, stored: StoredMatch, log: MatchLog) -> None:
        with self._lock:
            current = self._cache.get(match_id)
            if current is None or current[1].length <= log.length:
                self._cache[match_id] = (stored, log)
            self._cache.move_to_end(match_id)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    def submit(self, match_id: int, expected_seq: int, item: Input) -> tuple[StoredMatch, MatchLog]:
        """Judge an input, store it, then announce it.

        Args:
            match_id: the match.
            expected_seq: the number of inputs the referee's screen showed; any other
                value means the screen was stale or the form was replayed.
            item: the input.

        Returns:
            The match and its new log.

        Raises:
            MatchNotFoundError: no match has that number.
            StaleInputError: ``expected_seq`` is not the current number of inputs.
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
        new = log.append(item)
        match = new.match
        self._repo.append_input(
            match_id,
            new.length,
            item,
            status=status_of(match, new.length),
            racks_won=match.racks_won,
            created_at=self._clock(),
        )
        self._remember(match_id, stored, new)
        self._notifier.published(match_id, new.length)
        return stored, new

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

        Nothing is stored unless the whole record is valid.

        Raises:
            NotationError: not JSON, another format, or an unknown schema version.
            InvalidRecordError: a field out of range.
            IllegalEntryError: an input the referee rejects.
            UnknownRuleSetError: an unknown preset or rule-set key.
        """
        return self.import_record(from_json(text))

    def import_record(self, record: MatchRecord) -> StoredMatch:
        """Create a match from a record (see :meth:`import_json`)."""
        log = MatchLog.from_record(record)
        get_table(record.tag(TABLE_SIZE_TAG) or DEFAULT_TABLE_SIZE)
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
