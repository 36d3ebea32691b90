"""Storage of matches and their input logs: the repository port and its SQLAlchemy adapter.

Every write is one short transaction, committed before the method returns: an input is
durable before the app acknowledges it. Two inputs racing for the same place in a log
cannot both land: ``(match_id, seq)`` is unique, and the loser gets
:class:`~rotation61.web.core.errors.StaleInputError`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Final, Protocol

from sqlalchemy import Connection, Engine, bindparam, delete, event, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from rotation61.records import Input, MatchHeader, input_from_dict, input_to_dict
from rotation61.rules import Rotation61Error, Seat
from rotation61.web.adapters.orm import (
    InputRow,
    MatchRow,
    PlayStrokeRow,
    SettingRow,
    ShotClockRow,
    TournamentInputRow,
)
from rotation61.web.adapters.play import write_stroke
from rotation61.web.core.database import write_lock
from rotation61.web.core.errors import (
    DuplicateFormError,
    MatchFinalError,
    MatchInEventError,
    MatchNotFoundError,
    StaleInputError,
)
from rotation61.web.core.model import (
    DEFAULT_TABLE_SIZE,
    GAME_TAG,
    TABLE_SIZE_TAG,
    TABLE_TAG,
    MatchStatus,
    StoredMatch,
)

__all__ = [
    "MAX_MATCH_ID",
    "NOTIFY_CHANNEL",
    "Repository",
    "SqlRepository",
    "final_label",
    "final_message",
    "make_final_in",
    "match_row",
    "notify_payload",
    "parse_payload",
]

NOTIFY_CHANNEL: Final = "rotation61_inputs"
"""The PostgreSQL NOTIFY channel; the payload is ``"<match id>:<seq>:<input JSON>"``."""
MAX_MATCH_ID: Final = 2**31 - 1
"""The largest match number the ``matches.id`` column holds (a 32-bit integer)."""
_INSERT_CHUNK: Final = 1000
"""Inputs per ``executemany`` when a whole log is stored (an import)."""
PAYLOAD_LIMIT: Final = 7900
"""PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; longer inputs go without."""


# Built once: SQLAlchemy then reuses their compiled form instead of rebuilding them per input.
_LOAD_INPUTS: Final = (
    select(InputRow.payload)
    .where(InputRow.match_id == bindparam("p_match"), InputRow.seq > bindparam("p_after"))
    .order_by(InputRow.seq)
)
_MOVE_LOG: Final = (
    update(MatchRow)
    .where(
        MatchRow.id == bindparam("p_match"),
        MatchRow.log_length == bindparam("p_prev"),
        MatchRow.final_for.is_(None),
    )
    .values(
        log_length=bindparam("p_seq"),
        status=bindparam("p_status"),
        racks_won_a=bindparam("p_racks_a"),
        racks_won_b=bindparam("p_racks_b"),
        touched_at=bindparam("p_created_at"),
    )
)
_STORE_INPUT: Final = insert(InputRow).values(
    match_id=bindparam("p_match"),
    seq=bindparam("p_seq"),
    kind=bindparam("p_kind"),
    payload=bindparam("p_payload"),
    created_at=bindparam("p_created_at"),
)
_STORE_INPUT_NOTIFY: Final = _STORE_INPUT.returning(
    func.pg_notify(bindparam("p_channel"), bindparam("p_notice"))
)


class Repository(Protocol):
    """What the services need from storage."""

    def add_match(
        self,
        header: MatchHeader,
        *,
        pin: str,
        created_at: str,
        form_id: str | None = None,
        inputs: Sequence[Input] = (),
        status: MatchStatus = MatchStatus.SCHEDULED,
        racks_won: tuple[int, int] = (0, 0),
    ) -> StoredMatch:
        """Store a new match (and, for an import, its whole log) in one transaction."""
        ...

    def get_match(self, match_id: int) -> StoredMatch:
        """A stored match; :class:`MatchNotFoundError` if there is none."""
        ...

    def list_matches(
        self, status: MatchStatus | None = None, *, games: bool = False, limit: int | None = None
    ) -> list[StoredMatch]:
        """The hall's matches (or, with ``games``, the browser games), newest first."""
        ...

    def delete_match(self, match_id: int) -> StoredMatch:
        """Remove a match and its inputs; :class:`MatchInEventError` if an event called it."""
        ...

    def expire_games(self, *, idle_before: str, finished_before: str) -> list[int]:
        """Remove the browser games untouched since those times; their numbers."""
        ...

    def load_inputs(self, match_id: int, *, after: int = 0) -> list[Input]:
        """The inputs of a match with ``seq > after``, in order."""
        ...

    def append_input(
        self,
        match_id: int,
        seq: int,
        item: Input,
        *,
        status: MatchStatus,
        racks_won: tuple[int, int],
        created_at: str,
        stroke: Mapping[str, float] | None = None,
    ) -> None:
        """Store input number ``seq`` (and a browser game's stroke with it), or nothing.

        Raises:
            StaleInputError: that place is taken.
            MatchFinalError: the match is final (an event has stored its result).
        """
        ...

    def make_final(self, match_id: int, length: int, final_for: str) -> bool:
        """Mark a match final if it still stands at ``length`` inputs (or already is)."""
        ...


def _stored(row: MatchRow) -> StoredMatch:
    overrides: dict[str, object] = json.loads(row.overrides)
    tags: dict[str, str] = json.loads(row.tags)
    table = [(TABLE_TAG, row.table_name)] if row.table_name else []
    game = [(GAME_TAG, row.game)] if row.game is not None else []
    header = MatchHeader(
        players=(row.player_a, row.player_b),
        race_to=row.race_to,
        first_breaker=Seat[row.first_breaker],
        rules=row.preset,
        config=tuple(overrides.items()),  # type: ignore[arg-type]  # checked by the header
        tags=(*game, *tags.items(), *table, (TABLE_SIZE_TAG, row.table_size)),
    )
    return StoredMatch(
        id=row.id,
        header=header,
        pin=row.pin,
        log_length=row.log_length,
        status=MatchStatus(row.status),
        racks_won=(row.racks_won_a, row.racks_won_b),
        created_at=row.created_at,
        final_for=row.final_for,
        touched_at=row.touched_at,
    )


def match_row(header: MatchHeader, *, pin: str, created_at: str) -> MatchRow:
    """The row of a new, scheduled match (the table's and the game's tags in columns)."""
    table = {TABLE_TAG: "", TABLE_SIZE_TAG: DEFAULT_TABLE_SIZE}
    tags: dict[str, str] = {}
    game: str | None = None
    for name, value in header.tags:
        if name == GAME_TAG:
            game = value
        elif name in table:
            table[name] = value
        else:
            tags[name] = value
    return MatchRow(
        player_a=header.players[0],
        player_b=header.players[1],
        race_to=header.race_to,
        preset=header.rules,
        overrides=_dumps(dict(header.config)),
        first_breaker=header.first_breaker.name,
        table_name=table[TABLE_TAG],
        table_size=table[TABLE_SIZE_TAG],
        tags=_dumps(tags),
        pin=pin,
        log_length=0,
        status=MatchStatus.SCHEDULED.value,
        racks_won_a=0,
        racks_won_b=0,
        form_id=None,
        created_at=created_at,
        game=game,
        touched_at=created_at,
    )


def _dumps(value: Mapping[str, object]) -> str:
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class SqlRepository:
    """The repository over a SQLAlchemy engine (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._is_postgres = engine.dialect.name == "postgresql"
        # SQLite has one writer at a time; queueing writers here avoids busy retries.
        self._write_lock = write_lock(engine)

    def add_match(
        self,
        header: MatchHeader,
        *,
        pin: str,
        created_at: str,
        form_id: str | None = None,
        inputs: Sequence[Input] = (),
        status: MatchStatus = MatchStatus.SCHEDULED,
        racks_won: tuple[int, int] = (0, 0),
    ) -> StoredMatch:
        """Store a new match (and, for an import, its whole log) in one transaction.

        ``form_id`` is an idempotency key: a form submitted again (the Back button, a
        second click, a retried request) returns the match it created the first time.

        Raises:
            DuplicateFormError: the match could not be stored, nor the form's found.
        """
        row = match_row(header, pin=pin, created_at=created_at)
        row.log_length = len(inputs)
        row.status = status.value
        row.racks_won_a, row.racks_won_b = racks_won
        row.form_id = form_id
        with self._write_lock, self._sessions() as session:
            try:
                session.add(row)
                session.flush()
                # One executemany in chunks: linear in the inputs, bounded extra memory.
                for chunk in _chunks(inputs, _INSERT_CHUNK):
                    session.execute(
                        insert(InputRow),
                        [_input_params(row.id, seq, item, created_at) for seq, item in chunk],
                    )
                session.commit()
            except IntegrityError as err:
                session.rollback()
                if form_id is not None:  # the same form again: the match it created
                    query = select(MatchRow).where(MatchRow.form_id == form_id)
                    existing = session.scalar(query)
                    if existing is not None:
                        return _stored(existing)
                raise DuplicateFormError(
                    f"this form was already submitted (form_id={form_id!r}); "
                    "reload the desk to create another match"
                ) from err
            return _stored(row)

    def get_match(self, match_id: int) -> StoredMatch:
        """A stored match.

        Raises:
            MatchNotFoundError: no match has that number.
        """
        if not 1 <= match_id <= MAX_MATCH_ID:  # the database would refuse the number
            raise MatchNotFoundError(
                f"no match number {match_id!r}", key="error.not_found.match", number=match_id
            )
        with self._sessions() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise MatchNotFoundError(
                    f"no match number {match_id!r}", key="error.not_found.match", number=match_id
                )
            return _stored(row)

    def list_matches(
        self, status: MatchStatus | None = None, *, games: bool = False, limit: int | None = None
    ) -> list[StoredMatch]:
        """The hall's matches, or those with one status, newest first.

        With ``games``, the browser games instead: the two never mix, and the filter is
        the database's (``matches.game``, indexed), so a list of matches never reads a game.
        """
        kind = MatchRow.game.is_not(None) if games else MatchRow.game.is_(None)
        query = select(MatchRow).where(kind).order_by(MatchRow.id.desc()).limit(limit)
        if status is not None:
            query = query.where(MatchRow.status == status.value)
        with self._sessions() as session:
            return [_stored(row) for row in session.scalars(query)]

    def delete_match(self, match_id: int) -> StoredMatch:
        """Remove a match, its inputs and strokes, in one transaction.

        Returns:
            The match as it was.

        Raises:
            MatchNotFoundError: no match has that number.
            MatchInEventError: an event called it (its removal goes through the event).
        """
        stored = self.get_match(match_id)
        with self._write_lock, self._engine.begin() as conn:
            event = conn.scalar(
                select(TournamentInputRow.tournament_id)
                .where(TournamentInputRow.match_ref == match_id)
                .limit(1)
            )
            if event is not None:
                raise MatchInEventError(
                    f"match {match_id} was called by event {event}: "
                    "it is removed through the event, not on its own"
                )
            if not _delete_matches(conn, [match_id]):
                raise MatchNotFoundError(
                    f"no match number {match_id!r}", key="error.not_found.match", number=match_id
                )
        return stored

    def expire_games(self, *, idle_before: str, finished_before: str) -> list[int]:
        """Remove the browser games untouched since those times (ISO 8601, UTC).

        Unfinished games with no input since ``idle_before``, finished ones since
        ``finished_before``; one indexed query (``game``, ``touched_at``) finds them.

        Returns:
            The numbers of the games removed.
        """
        unfinished = MatchRow.status != MatchStatus.FINISHED.value
        query = select(MatchRow.id).where(
            MatchRow.game.is_not(None),
            ((MatchRow.touched_at < idle_before) & unfinished)
            | (MatchRow.touched_at < finished_before),
        )
        with self._write_lock, self._engine.begin() as conn:
            ids = list(conn.scalars(query))
            _delete_matches(conn, ids)
        return ids

    def load_inputs(self, match_id: int, *, after: int = 0) -> list[Input]:
        """The inputs of a match with ``seq > after``, in order."""
        if not 1 <= match_id <= MAX_MATCH_ID:
            return []
        with self._engine.connect() as conn:
            rows = conn.scalars(_LOAD_INPUTS, {"p_match": match_id, "p_after": after})
            return [input_from_dict(json.loads(p)) for p in rows]

    def append_input(
        self,
        match_id: int,
        seq: int,
        item: Input,
        *,
        status: MatchStatus,
        racks_won: tuple[int, int],
        created_at: str,
        stroke: Mapping[str, float] | None = None,
    ) -> None:
        """Store input number ``seq`` and commit; PostgreSQL notifies every worker.

        One transaction, conditional on the match standing at input ``seq - 1`` and not
        being final: the input, the match's summary and a browser game's ``stroke`` are
        all stored, or nothing is.

        Raises:
            StaleInputError: input ``seq`` already exists (another input won the race).
            MatchFinalError: the match is final (an event has stored its result).
        """
        data = input_to_dict(item)
        payload = json.dumps(data, separators=(",", ":"))
        params: dict[str, object] = {
            "p_match": match_id,
            "p_prev": seq - 1,
            "p_seq": seq,
            "p_status": status.value,
            "p_racks_a": racks_won[0],
            "p_racks_b": racks_won[1],
            "p_kind": str(data["kind"]),
            "p_payload": payload,
            "p_created_at": created_at,
        }
        if self._is_postgres:  # every worker is told at the commit
            params.update(p_channel=NOTIFY_CHANNEL, p_notice=notify_payload(match_id, seq, payload))
        with self._write_lock:
            try:
                with self._engine.begin() as conn:
                    if conn.execute(_MOVE_LOG, params).rowcount != 1:
                        final = conn.scalar(
                            select(MatchRow.final_for).where(MatchRow.id == match_id)
                        )
                        if final is not None:
                            raise MatchFinalError(final_message(match_id, final))
                        raise StaleInputError(
                            f"stale input: it was made for input {seq} of match {match_id}, "
                            "which another input already took; reload the match"
                        )
                    store = _STORE_INPUT_NOTIFY if self._is_postgres else _STORE_INPUT
                    conn.execute(store, params).close()
                    if stroke is not None:
                        write_stroke(conn, match_id, seq, stroke)
            except IntegrityError as err:
                raise StaleInputError(
                    f"stale input: input {seq} of match {match_id} already exists; reload"
                ) from err

    def make_final(self, match_id: int, length: int, final_for: str) -> bool:
        """Mark a match final if it still stands at ``length`` inputs (or is already).

        Returns:
            Whether the match is now final at ``length`` inputs (``False``: it has moved
            on, or is final for something else).
        """
        with self._write_lock, self._engine.begin() as conn:
            return make_final_in(conn, match_id, length, final_for)

    def count_matches(self) -> int:
        """How many matches are stored."""
        with self._sessions() as session:
            return int(session.scalar(select(func.count()).select_from(MatchRow)) or 0)


_REMOVED_UP_TO: Final = "matches.removed_up_to"
"""The settings key of the largest match number ever removed (SQLite's floor of new ones)."""


def _delete_matches(conn: Connection, ids: Sequence[int]) -> int:
    """Delete matches with their inputs and strokes (not left to the foreign keys).

    A removed number is never given again: PostgreSQL's sequence never goes back, and
    on SQLite (which would reuse the largest number) the largest removed one is kept
    as the floor of new numbers (:func:`_number_above_removed`). A screen, a link or a
    seat token of a removed game then never opens another match.
    """
    removed = 0
    for start in range(0, len(ids), _INSERT_CHUNK):
        chunk = list(ids[start : start + _INSERT_CHUNK])
        conn.execute(delete(PlayStrokeRow).where(PlayStrokeRow.match_id.in_(chunk)))
        conn.execute(delete(ShotClockRow).where(ShotClockRow.match_id.in_(chunk)))
        conn.execute(delete(InputRow).where(InputRow.match_id.in_(chunk)))
        removed += conn.execute(delete(MatchRow).where(MatchRow.id.in_(chunk))).rowcount
    if ids and conn.dialect.name == "sqlite":
        floor = conn.scalar(select(SettingRow.value).where(SettingRow.key == _REMOVED_UP_TO))
        top = max(max(ids), int(floor or 0))
        if floor is None:
            conn.execute(insert(SettingRow).values(key=_REMOVED_UP_TO, value=str(top)))
        else:
            conn.execute(
                update(SettingRow).where(SettingRow.key == _REMOVED_UP_TO).values(value=str(top))
            )
    return removed


@event.listens_for(MatchRow, "before_insert")
def _number_above_removed(_mapper: object, conn: Connection, target: MatchRow) -> None:
    """On SQLite, number a new match above every removed one (see :func:`_delete_matches`)."""
    if conn.dialect.name != "sqlite" or target.id is not None:
        return
    floor = conn.scalar(select(SettingRow.value).where(SettingRow.key == _REMOVED_UP_TO))
    if floor is not None:
        top = conn.scalar(select(func.max(MatchRow.id))) or 0
        if int(floor) >= top:
            target.id = int(floor) + 1


def final_label(event_id: int, code: str) -> str:
    """The ``final_for`` of a match whose result event ``event_id`` stored for ``code``."""
    return f"{event_id}:{code}"


def final_message(match_id: int, final_for: str) -> str:
    """Why a final match takes no input (the engine's words; the shells word it anew)."""
    event, _, code = final_for.partition(":")
    return (
        f"match {match_id} is final: event {event} has stored its result ({code}); "
        "a change goes through the event's correction on the desk"
    )


def make_final_in(conn: Connection, match_id: int, length: int, final_for: str) -> bool:
    """:meth:`SqlRepository.make_final` inside the caller's transaction."""
    moved = conn.execute(
        update(MatchRow)
        .where(
            MatchRow.id == match_id,
            MatchRow.log_length == length,
            MatchRow.final_for.is_(None),
        )
        .values(final_for=final_for)
    )
    if moved.rowcount == 1:
        return True
    row = conn.execute(
        select(MatchRow.log_length, MatchRow.final_for).where(MatchRow.id == match_id)
    ).first()
    return row is not None and row[0] == length and row[1] == final_for


def notify_payload(match_id: int, seq: int, stored_input: str) -> str:
    """The NOTIFY payload of a stored input: ``"<match>:<seq>:<input JSON>"``.

    The input is left out (``"<match>:<seq>"``) when it would make the payload too long;
    listeners then read it from storage.
    """
    payload = f"{match_id}:{seq}:{stored_input}"
    return payload if len(payload.encode()) < PAYLOAD_LIMIT else f"{match_id}:{seq}"


def parse_payload(payload: str) -> tuple[int, int, Input | None] | None:
    """The match, seq and (when carried) input of a NOTIFY payload; ``None`` if malformed."""
    match_id, _, rest = payload.partition(":")
    seq, _, data = rest.partition(":")
    if not (match_id.isdigit() and seq.isdigit()):
        return None
    item: Input | None = None
    if data:
        try:
            item = input_from_dict(json.loads(data))
        except (ValueError, TypeError, Rotation61Error):  # read from storage instead
            item = None
    return int(match_id), int(seq), item


def _chunks(inputs: Sequence[Input], size: int) -> Iterator[list[tuple[int, Input]]]:
    """The inputs numbered from 1, in lists of at most ``size``."""
    for start in range(0, len(inputs), size):
        yield list(enumerate(inputs[start : start + size], start=start + 1))


def _input_params(match_id: int, seq: int, item: Input, created_at: str) -> dict[str, object]:
    data = input_to_dict(item)
    return {
        "match_id": match_id,
        "seq": seq,
        "kind": str(data["kind"]),
        "payload": json.dumps(data, separators=(",", ":")),
        "created_at": created_at,
    }
