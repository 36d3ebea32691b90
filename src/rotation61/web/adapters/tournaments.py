"""Storage of events: settings, entries, the stored inputs, and the hall's table PINs.

An event's state is the replay of its inputs (:mod:`rotation61.tournament`); the inputs
are stored in order, one row each (the tournament codec's JSON), under a per-event
sequence number: ``tournaments.log_length`` moves from ``prev`` to ``prev + n`` only if it
still stands at ``prev``, and ``(tournament_id, seq)`` is unique, so two writers racing
for the same place cannot both land (the loser gets
:class:`~rotation61.web.core.errors.StaleInputError` and retries on the newer state).

A call (``Call``) creates the scorekeeper match its table will score, in the same
transaction: the match row and the input row (``match_ref``) commit together or not at
all. On PostgreSQL the transaction also sends ``NOTIFY rotation61_tournaments`` with
``"<event>:<seq>"`` so that every worker catches up.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from sqlalchemy import Engine, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from rotation61.records import MatchHeader
from rotation61.tournament import DuplicateEntryError, Input, UnknownPlayerError
from rotation61.tournament.codec import input_from_dict, input_to_dict
from rotation61.web.adapters.matches import make_final_in, match_row
from rotation61.web.adapters.orm import (
    HallTableRow,
    TournamentEntryRow,
    TournamentInputRow,
    TournamentRow,
)
from rotation61.web.core.database import write_lock
from rotation61.web.core.errors import (
    EntriesClosedError,
    StaleInputError,
    TournamentNotFoundError,
)

__all__ = [
    "EVENTS_CHANNEL",
    "MAX_EVENT_ID",
    "NewCall",
    "SqlTournaments",
    "StoredEntry",
    "StoredEvent",
    "StoredInput",
    "TournamentRepository",
    "name_key",
    "parse_event_payload",
]

EVENTS_CHANNEL: Final = "rotation61_tournaments"
"""The PostgreSQL NOTIFY channel of events; the payload is ``"<event id>:<seq>"``."""
MAX_EVENT_ID: Final = 2**31 - 1


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredEvent:
    """An event's row: its settings (the web's JSON) and how many inputs it has."""

    id: int
    name: str
    settings: dict[str, Any]
    log_length: int
    entries_version: int
    created_at: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredEntry:
    """A player entered in an event."""

    player_id: str
    name: str
    club: str = ""
    rating: int | None = None
    player_class: str = ""
    checked_in: bool = False


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StoredInput:
    """A stored input and, for a call, the scorekeeper match created for it."""

    seq: int
    item: Input
    match_ref: int | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class NewCall:
    """The scorekeeper match to create with a call: its header and the table's PIN."""

    header: MatchHeader
    pin: str


def name_key(name: str, club: str) -> str:
    """The key two entries may not share: name and club, case and outer spaces ignored."""
    return f"{name.strip().casefold()}\x1f{club.strip().casefold()}"


def _event(row: TournamentRow) -> StoredEvent:
    return StoredEvent(
        id=row.id,
        name=row.name,
        settings=json.loads(row.settings),
        log_length=row.log_length,
        entries_version=row.entries_version,
        created_at=row.created_at,
    )


def _entry(row: TournamentEntryRow) -> StoredEntry:
    return StoredEntry(
        player_id=row.player_id,
        name=row.name,
        club=row.club,
        rating=row.rating,
        player_class=row.player_class,
        checked_in=row.checked_in,
    )


class TournamentRepository(Protocol):
    """What the tournament service needs from storage (:class:`SqlTournaments`)."""

    def create_event(self, name: str, settings: dict[str, Any], *, created_at: str) -> StoredEvent:
        """Store a new event (no entries, no inputs)."""
        ...

    def list_events(self) -> list[StoredEvent]:
        """Every event, newest first."""
        ...

    def get_event(self, event_id: int) -> StoredEvent:
        """An event's row (raises ``TournamentNotFoundError`` if there is none)."""
        ...

    def entries(self, event_id: int) -> list[StoredEntry]:
        """The entries of an event, in entry order."""
        ...

    def add_entries(self, event_id: int, entries: Sequence[StoredEntry]) -> None:
        """Add entries in one transaction: all or none (closed once drawn)."""
        ...

    def check_in(self, event_id: int, players: Sequence[str], checked_in: bool) -> None:
        """Mark players as checked in (or not)."""
        ...

    def remove_entries(self, event_id: int, players: Sequence[str] | None) -> int:
        """Remove entries (``None``: every player not checked in); how many went."""
        ...

    def load_inputs(self, event_id: int, *, after: int = 0) -> list[StoredInput]:
        """The inputs of an event with ``seq > after``, in order."""
        ...

    def append(
        self,
        event_id: int,
        prev: int,
        items: Sequence[tuple[Input, NewCall | None]],
        *,
        created_at: str,
        entries_version: int | None = None,
        finals: Sequence[tuple[int, int, str]] = (),
        pins: Mapping[int, str] | None = None,
    ) -> list[StoredInput]:
        """Store inputs ``prev + 1 ..``, their calls' matches, ``finals`` and ``pins`` at once.

        Raises ``StaleInputError`` (storing nothing) if the event has moved past
        ``prev``, the entries past ``entries_version``, or a match of ``finals`` past
        its number of inputs.
        """
        ...

    def event_of_match(self, match_id: int) -> tuple[int, str] | None:
        """The event and match code a scorekeeper match was created for, if any."""
        ...

    def ensure_tables(self, count: int, pin_factory: Callable[[], str]) -> dict[int, str]:
        """Make sure tables 1..count have a PIN; every table's PIN."""
        ...

    def set_table_pins(self, pins: Mapping[int, str]) -> None:
        """Give tables new PINs (their open sessions end)."""
        ...

    def table_pins(self) -> dict[int, str]:
        """Every table's PIN, by number."""
        ...


class SqlTournaments:
    """The events' repository over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._is_postgres = engine.dialect.name == "postgresql"
        self._write_lock = write_lock(engine)

    # --- Events ------------------------------------------------------------------------

    def create_event(self, name: str, settings: dict[str, Any], *, created_at: str) -> StoredEvent:
        """Store a new event (no entries, no inputs)."""
        row = TournamentRow(
            name=name,
            settings=json.dumps(settings, ensure_ascii=False, sort_keys=True),
            log_length=0,
            entries_version=0,
            created_at=created_at,
        )
        with self._write_lock, self._sessions() as session:
            session.add(row)
            session.commit()
            return _event(row)

    def list_events(self) -> list[StoredEvent]:
        """Every event, newest first."""
        with self._sessions() as session:
            rows = session.scalars(select(TournamentRow).order_by(TournamentRow.id.desc()))
            return [_event(row) for row in rows]

    def get_event(self, event_id: int) -> StoredEvent:
        """An event's row.

        Raises:
            TournamentNotFoundError: no event has that number.
        """
        if not 1 <= event_id <= MAX_EVENT_ID:
            raise TournamentNotFoundError(
                f"no event number {event_id!r}", key="error.not_found.event", number=event_id
            )
        with self._sessions() as session:
            row = session.get(TournamentRow, event_id)
            if row is None:
                raise TournamentNotFoundError(
                    f"no event number {event_id!r}", key="error.not_found.event", number=event_id
                )
            return _event(row)

    # --- Entries -----------------------------------------------------------------------

    def entries(self, event_id: int) -> list[StoredEntry]:
        """The entries of an event, in entry order."""
        query = (
            select(TournamentEntryRow)
            .where(TournamentEntryRow.tournament_id == event_id)
            .order_by(TournamentEntryRow.id)
        )
        with self._sessions() as session:
            return [_entry(row) for row in session.scalars(query)]

    def _open_entries(self, session: Session, event_id: int) -> None:
        """Bump the entries' version, refusing if the event has been drawn (in the txn)."""
        moved = session.execute(
            update(TournamentRow)
            .where(TournamentRow.id == event_id, TournamentRow.log_length == 0)
            .values(entries_version=TournamentRow.entries_version + 1)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            self.get_event(event_id)  # 404 if there is no such event
            raise EntriesClosedError(
                f"the entries of event {event_id} are closed: the draw has been made"
            )

    def add_entries(self, event_id: int, entries: Sequence[StoredEntry]) -> None:
        """Add entries in one transaction: all or none.

        Raises:
            EntriesClosedError: the event has been drawn.
            DuplicateEntryError: a player id, or a name and club, already entered.
        """
        with self._write_lock, self._sessions() as session:
            self._open_entries(session, event_id)
            for entry in entries:
                session.add(
                    TournamentEntryRow(
                        tournament_id=event_id,
                        player_id=entry.player_id,
                        name=entry.name,
                        club=entry.club,
                        name_key=name_key(entry.name, entry.club),
                        rating=entry.rating,
                        player_class=entry.player_class,
                        checked_in=entry.checked_in,
                    )
                )
            try:
                session.commit()
            except IntegrityError as err:
                session.rollback()
                raise DuplicateEntryError(
                    "a player with that id, or that name and club, is already entered"
                ) from err

    def _known(self, session: Session, event_id: int, players: Sequence[str]) -> None:
        known = set(
            session.scalars(
                select(TournamentEntryRow.player_id).where(
                    TournamentEntryRow.tournament_id == event_id
                )
            )
        )
        unknown = [p for p in players if p not in known]
        if unknown:
            raise UnknownPlayerError(f"no player {unknown[0]!r} in event {event_id}")

    def check_in(self, event_id: int, players: Sequence[str], checked_in: bool) -> None:
        """Mark players as checked in (or not).

        Raises:
            EntriesClosedError: the event has been drawn.
            UnknownPlayerError: a player is not entered.
        """
        with self._write_lock, self._sessions() as session:
            self._open_entries(session, event_id)
            self._known(session, event_id, players)
            session.execute(
                update(TournamentEntryRow)
                .where(
                    TournamentEntryRow.tournament_id == event_id,
                    TournamentEntryRow.player_id.in_(list(players)),
                )
                .values(checked_in=checked_in)
            )
            session.commit()

    def remove_entries(self, event_id: int, players: Sequence[str] | None) -> int:
        """Remove entries (``None``: every player not checked in); how many went.

        Raises:
            EntriesClosedError: the event has been drawn.
            UnknownPlayerError: a player is not entered.
        """
        with self._write_lock, self._sessions() as session:
            self._open_entries(session, event_id)
            query = delete(TournamentEntryRow).where(TournamentEntryRow.tournament_id == event_id)
            if players is None:
                query = query.where(TournamentEntryRow.checked_in.is_(False))
            else:
                self._known(session, event_id, players)
                query = query.where(TournamentEntryRow.player_id.in_(list(players)))
            count = int(session.execute(query).rowcount)  # type: ignore[attr-defined]
            session.commit()
            return count

    # --- Inputs ------------------------------------------------------------------------

    def load_inputs(self, event_id: int, *, after: int = 0) -> list[StoredInput]:
        """The inputs of an event with ``seq > after``, in order."""
        query = (
            select(TournamentInputRow.seq, TournamentInputRow.payload, TournamentInputRow.match_ref)
            .where(TournamentInputRow.tournament_id == event_id, TournamentInputRow.seq > after)
            .order_by(TournamentInputRow.seq)
        )
        with self._engine.connect() as conn:
            return [
                StoredInput(seq=seq, item=input_from_dict(json.loads(payload)), match_ref=ref)
                for seq, payload, ref in conn.execute(query)
            ]

    def append(
        self,
        event_id: int,
        prev: int,
        items: Sequence[tuple[Input, NewCall | None]],
        *,
        created_at: str,
        entries_version: int | None = None,
        finals: Sequence[tuple[int, int, str]] = (),
        pins: Mapping[int, str] | None = None,
    ) -> list[StoredInput]:
        """Store inputs ``prev + 1 ..`` (and the matches of their calls) in one transaction.

        Args:
            event_id: the event.
            prev: the number of inputs the new ones follow.
            items: each input, with the scorekeeper match to create for a call.
            created_at: the time stamp of the rows.
            entries_version: for the draw: the entries' version it was made from.
            finals: scorekeeper matches the inputs decide, made final in the same
                transaction: ``(match, its number of inputs, label)``.
            pins: new table PINs stored in the same transaction (as the event starts
                or finishes).

        Raises:
            StaleInputError: another input took place ``prev + 1`` first (or the entries
                changed since the draw was made), or a match of ``finals`` has moved
                past its number of inputs.
        """
        out: list[StoredInput] = []
        new = prev + len(items)
        with self._write_lock, self._sessions() as session:
            try:
                query = update(TournamentRow).where(
                    TournamentRow.id == event_id, TournamentRow.log_length == prev
                )
                if entries_version is not None:
                    query = query.where(TournamentRow.entries_version == entries_version)
                moved = session.execute(query.values(log_length=new))
                if moved.rowcount != 1:  # type: ignore[attr-defined]
                    raise StaleInputError(
                        f"stale: event {event_id} has moved past input {prev}; retry"
                    )
                for match_id, length, label in finals:
                    if not make_final_in(session.connection(), match_id, length, label):
                        raise StaleInputError(
                            f"stale: match {match_id} has moved past input {length}; retry"
                        )
                for seq, (item, call) in enumerate(items, start=prev + 1):
                    ref: int | None = None
                    if call is not None:
                        match = match_row(call.header, pin=call.pin, created_at=created_at)
                        session.add(match)
                        session.flush()
                        ref = match.id
                    data = input_to_dict(item)
                    session.add(
                        TournamentInputRow(
                            tournament_id=event_id,
                            seq=seq,
                            kind=str(data["kind"]),
                            payload=json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                            match_ref=ref,
                            created_at=created_at,
                        )
                    )
                    out.append(StoredInput(seq=seq, item=item, match_ref=ref))
                if pins:
                    _store_pins(session, pins)
                if self._is_postgres:
                    session.execute(
                        text("SELECT pg_notify(:channel, :payload)"),
                        {"channel": EVENTS_CHANNEL, "payload": f"{event_id}:{new}"},
                    )
                session.commit()
            except IntegrityError as err:
                session.rollback()
                raise StaleInputError(
                    f"stale: input {prev + 1} of event {event_id} already exists; retry"
                ) from err
        return out

    def event_of_match(self, match_id: int) -> tuple[int, str] | None:
        """The event and match code a scorekeeper match was created for, if any."""
        query = select(TournamentInputRow.tournament_id, TournamentInputRow.payload).where(
            TournamentInputRow.match_ref == match_id
        )
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return int(row[0]), str(json.loads(row[1])["match"])

    # --- Tables ------------------------------------------------------------------------

    def ensure_tables(self, count: int, pin_factory: Callable[[], str]) -> dict[int, str]:
        """Make sure tables 1..count have a PIN; every table's PIN."""
        with self._write_lock, self._sessions() as session:
            have = {row.number for row in session.scalars(select(HallTableRow))}
            for number in range(1, count + 1):
                if number not in have:
                    session.add(HallTableRow(number=number, pin=pin_factory()))
            try:
                session.commit()
            except IntegrityError:  # another worker made them first
                session.rollback()
        return self.table_pins()

    def set_table_pins(self, pins: Mapping[int, str]) -> None:
        """Give tables new PINs (their open sessions end), committed on return."""
        with self._write_lock, self._sessions() as session:
            _store_pins(session, pins)
            session.commit()

    def table_pins(self) -> dict[int, str]:
        """Every table's PIN, by number."""
        with self._sessions() as session:
            rows = session.scalars(select(HallTableRow).order_by(HallTableRow.number))
            return {row.number: row.pin for row in rows}

    def count_events(self) -> int:
        """How many events are stored."""
        with self._sessions() as session:
            return int(session.scalar(select(func.count()).select_from(TournamentRow)) or 0)


def _store_pins(session: Session, pins: Mapping[int, str]) -> None:
    """Set (or add) the PINs of tables inside the caller's transaction."""
    have = {row.number: row for row in session.scalars(select(HallTableRow))}
    for number, pin in pins.items():
        row = have.get(number)
        if row is None:
            session.add(HallTableRow(number=number, pin=pin))
        else:
            row.pin = pin
    session.flush()


def parse_event_payload(payload: str) -> tuple[int, int, None] | None:
    """The event and seq of a NOTIFY payload (no input carried); ``None`` if malformed."""
    event_id, _, seq = payload.partition(":")
    if not (event_id.isdigit() and seq.isdigit()):
        return None
    return int(event_id), int(seq), None
