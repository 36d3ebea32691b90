"""Use cases of the tournament desk, the table consoles and the public event pages.

An event is the tournament layer's :class:`~rotation61.tournament.Event`: its entries,
its settings and the inputs stored so far, in order. Its state is the replay of those
inputs; each worker keeps every event's replayed state in memory (a 256-player double
elimination takes about a second to replay) and catches up with the inputs other
workers stored (one indexed query of the inputs after its own ``seq``) before it
reads or writes.

Writes are optimistic: the new inputs are played on the remembered state, then
stored only if the event still stands at that ``seq`` (else the newer inputs are read,
and the input is judged again on them). After every input of a started event, the
table queue (:func:`rotation61.tournament.next_calls`) calls the ready matches to
the free tables, each call with a new scorekeeper match (the table's PIN) that the
table's console scores. The service subscribes to the match service's
:class:`~rotation61.web.services.results.MatchFinished`: when that match is over, its
result is stored in the event in the thread that stored the match's last input, before
the referee's input is acknowledged (if that fails, or the process dies in between,
:meth:`TournamentService.resume` stores it later).
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Final, Protocol

from rotation61.match import MatchState
from rotation61.rules import Seat
from rotation61.rules.text_fields import (
    NAME_MAX_LENGTH,
    clean_text,
    printable_text,
)
from rotation61.tournament import (
    Call,
    Draw,
    DrawError,
    DuplicateEntryError,
    Event,
    EventState,
    InvalidEventError,
    Match,
    MatchNotReadyError,
    Result,
    SeedingMethod,
    Status,
    UnknownPlayerError,
    Walkover,
    WalkoverReason,
    Withdrawal,
    next_calls,
    order_of_seeds,
    play,
    seed_order,
    to_json,
)
from rotation61.tournament import Input as EventInput
from rotation61.web.adapters.matches import final_label
from rotation61.web.adapters.tournaments import (
    NewCall,
    StoredEntry,
    StoredEvent,
    StoredInput,
    TournamentRepository,
    name_key,
)
from rotation61.web.core.errors import (
    MatchNotFoundError,
    StaleInputError,
    WrongTableError,
)
from rotation61.web.core.security import new_pin
from rotation61.web.services.matches import MatchService, desk_header
from rotation61.web.services.results import MatchFinished
from rotation61.web.services.tournament_model import (
    MAX_TABLES,
    CsvError,
    EventSettings,
    LiveEvent,
    clean_entry,
    loaded_entry,
    parse_players,
    standings_csv,
)

# The event's settings and remembered state live in ``tournament_model``; their names
# are also this module's, as before.
__all__ = [
    "MAX_TABLES",
    "CsvError",
    "EventNotifier",
    "EventSettings",
    "LiveEvent",
    "TournamentService",
    "parse_players",
    "standings_csv",
]

_log = logging.getLogger(__name__)

_RETRIES: Final = 50


class EventNotifier(Protocol):
    """Told that an event has new inputs (after the commit)."""

    def event_changed(self, event_id: int, seq: int) -> None:
        """Input ``seq`` of event ``event_id`` is stored."""
        ...


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _result_of(
    code: str, players: tuple[str | None, str | None], match: MatchState, ref: int
) -> EventInput:
    """The event's input for a finished scorekeeper match (seats A, B = the two slots).

    A match won on the table is a ``Result`` (racks, and the points of every finished
    rack). A match that ended before the race was run (conceded, a disqualification) is
    a ``Walkover`` for its winner, reason ``forfeit``.
    """
    winner = match.winner
    if max(match.racks_won) < match.race_to and winner is not None:
        player = players[winner]
        if player:
            return Walkover(match=code, winner=player, reason=WalkoverReason.FORFEIT)
    points = [0, 0]
    for rack in match.completed:
        points[0] += rack.scores[0]
        points[1] += rack.scores[1]
    return Result(
        match=code,
        racks=match.racks_won,
        points=(points[0], points[1]),
        record=f"/matches/{ref}",
    )


Make = Callable[[LiveEvent], list[EventInput]]
"""Builds the inputs to store from the current event (raises to refuse)."""


class TournamentService:
    """The events' use cases over a repository, with each event's state in memory.

    Args:
        repository: where events are stored.
        matches: the scorekeeper (a called match's console scores a real match).
        notifiers: told of every stored input, after its commit (more join with
            :meth:`subscribe`).
        clock: the current time as ISO 8601 text.
        pin_factory: makes table PINs.
        seed_factory: makes the draw seed shown when an event is created without one.

    It consumes the match service's :class:`MatchFinished` (:meth:`match_finished`):
    wire it with ``matches.subscribe(service)``.
    """

    def __init__(
        self,
        repository: TournamentRepository,
        matches: MatchService,
        *,
        notifiers: Iterable[EventNotifier] = (),
        clock: Callable[[], str] = _utc_now,
        pin_factory: Callable[[], str] = new_pin,
        seed_factory: Callable[[], int] = lambda: secrets.randbelow(10**9),
    ) -> None:
        self._repo = repository
        self._matches = matches
        self._notifiers = tuple(notifiers)
        self._clock = clock
        self._pins = pin_factory
        self._seeds = seed_factory
        self._cache: dict[int, LiveEvent] = {}
        self._lock = threading.Lock()
        self._event_locks: dict[int, threading.Lock] = {}

    def subscribe(self, notifier: EventNotifier) -> None:
        """Tell ``notifier`` too of every stored input from now on (at wiring time).

        For a notifier that reads this service (the spectators' streams).
        """
        with self._lock:
            self._notifiers = (*self._notifiers, notifier)

    def _announce(self, event_id: int, seq: int) -> None:
        with self._lock:
            notifiers = self._notifiers
        for notifier in notifiers:
            notifier.event_changed(event_id, seq)

    # --- Reading -----------------------------------------------------------------------

    def _event_lock(self, event_id: int) -> threading.Lock:
        with self._lock:
            return self._event_locks.setdefault(event_id, threading.Lock())

    def remembered(self, event_id: int) -> LiveEvent | None:
        """The remembered event, without any I/O (``None`` if not loaded yet)."""
        with self._lock:
            return self._cache.get(event_id)

    def remembered_all(self) -> list[LiveEvent]:
        """Every remembered event."""
        with self._lock:
            return list(self._cache.values())

    def event(self, event_id: int) -> LiveEvent:
        """The event now: the remembered state advanced by the inputs stored since.

        The first read of an event replays all its inputs.

        Raises:
            TournamentNotFoundError: no event has that number.
        """
        with self._event_lock(event_id):
            known = self.remembered(event_id)
            if known is None or not known.drawn:
                # Until the draw the entries and their version change: read them afresh.
                stored = self._repo.get_event(event_id)
                known = LiveEvent(
                    stored=stored,
                    settings=EventSettings.from_dict(stored.settings),
                    seq=0,
                    entries=(),
                    state=None,
                    refs={},
                )
                known = self._with_entries(known, self._repo.entries(event_id))
            inputs = self._repo.load_inputs(event_id, after=known.seq)
            if inputs:
                known = self._advance(known, inputs)
            self._remember(known)
            return known

    def _with_entries(self, live: LiveEvent, entries: Sequence[StoredEntry]) -> LiveEvent:
        state = None
        unfit = ""
        if len(entries) >= 2:
            try:
                event = Event(
                    name=live.stored.name,
                    entries=tuple(loaded_entry(e) for e in entries),
                    config=live.settings.config(),
                )
            except InvalidEventError as err:
                # The settings against the field (groups then knockout: each group of 2
                # or more, at least ``advance`` in each): not yet, while entries come in.
                unfit = str(err)
            else:
                state = EventState(event=event)
        names = {e.player_id: e.name for e in entries}
        return dataclasses.replace(
            live, entries=tuple(entries), state=state, names=names, unfit=unfit
        )

    def _advance(self, live: LiveEvent, inputs: Sequence[StoredInput]) -> LiveEvent:
        state = live.state
        if state is None:  # pragma: no cover - a stored draw had two players or more
            raise InvalidEventError(f"event {live.stored.id} has inputs but no field")
        refs = dict(live.refs)
        for stored in inputs:
            state = play(state, stored.item)
            if stored.match_ref is not None and isinstance(stored.item, Call):
                refs[stored.item.match] = stored.match_ref
        return dataclasses.replace(live, state=state, seq=inputs[-1].seq, refs=refs)

    def _remember(self, live: LiveEvent) -> None:
        with self._lock:
            current = self._cache.get(live.stored.id)
            if current is None or current.seq <= live.seq:
                self._cache[live.stored.id] = live

    def list_events(self) -> list[StoredEvent]:
        """Every event, newest first."""
        return self._repo.list_events()

    def table_pins(self) -> dict[int, str]:
        """Every table's PIN."""
        return self._repo.table_pins()

    def table_pin(self, table: int) -> str | None:
        """A table's PIN (``None``: no such table)."""
        return self._repo.table_pins().get(table)

    def running_events(self) -> list[LiveEvent]:
        """The events with a match called and not finished, brought up to date."""
        out = []
        for stored in self._repo.list_events():
            if stored.log_length == 0:
                continue
            live = self.event(stored.id)
            if live.running and not live.finished:
                out.append(live)
        return out

    def table_now(self, table: int) -> tuple[LiveEvent, Match, int] | None:
        """What table ``table`` is playing now: the event, the match, its scorekeeper match."""
        for live in self.running_events():
            found = live.table_match(table)
            if found is not None:
                return live, found[0], found[1]
        return None

    def table_now_remembered(self, table: int) -> int | None:
        """The scorekeeper match playing on a table, from memory (no I/O)."""
        for live in self.remembered_all():
            found = live.table_match(table)
            if found is not None:
                return found[1]
        return None

    # --- The desk ----------------------------------------------------------------------

    def create_event(self, name: str, settings: EventSettings) -> LiveEvent:
        """Create an event (its tables get PINs if new).

        Raises:
            OutOfRangeError: a name outside 1..100 characters.
            InvalidEventError: settings the tournament layer refuses.
        """
        name = clean_text(name, "event name", max_length=NAME_MAX_LENGTH)
        settings.config()
        stored = self._repo.create_event(name, settings.to_dict(), created_at=self._clock())
        self._repo.ensure_tables(settings.tables, self._pins)
        return self.event(stored.id)

    def new_seed(self) -> int:
        """A draw seed to show on the creation form."""
        return self._seeds()

    def add_entries(self, event_id: int, entries: Sequence[StoredEntry]) -> LiveEvent:
        """Enter players (all or none).

        Raises:
            EntriesClosedError: the event has been drawn.
            DuplicateEntryError: a player entered twice (in the list or already).
            InvalidEventError: an entry the tournament layer refuses; too many players.
        """
        live = self.event(event_id)
        entries = [clean_entry(entry) for entry in entries]
        seen = {name_key(e.name, e.club): e.name for e in live.entries}
        for entry in entries:
            key = name_key(entry.name, entry.club)
            if key in seen:
                raise DuplicateEntryError(
                    f"player {entry.name!r} of club {entry.club!r} is already entered"
                )
            seen[key] = entry.name
        if len(seen) > 256:
            raise InvalidEventError(f"a field of {len(seen)} players is over 256")
        self._repo.add_entries(event_id, entries)
        return self._changed(event_id)

    def next_player_number(self, event_id: int) -> int:
        """The number of the next player id (``p<n>``)."""
        numbers = [
            int(e.player_id[1:])
            for e in self.event(event_id).entries
            if e.player_id[:1] == "p" and e.player_id[1:].isdigit()
        ]
        return max(numbers, default=0) + 1

    def add_player(
        self,
        event_id: int,
        *,
        name: str,
        club: str = "",
        rating: int | None,
        player_class: str = "",
    ) -> LiveEvent:
        """Enter one player (id ``p<n>``)."""
        entry = StoredEntry(
            player_id=f"p{self.next_player_number(event_id)}",
            name=name,
            club=club,
            rating=rating,
            player_class=player_class,
        )
        return self.add_entries(event_id, [entry])

    def import_csv(self, event_id: int, text: str) -> LiveEvent:
        """Enter the players of a CSV (see :func:`parse_players`); all or none."""
        return self.add_entries(event_id, parse_players(text, self.next_player_number(event_id)))

    def check_in(self, event_id: int, players: Sequence[str], checked_in: bool = True) -> LiveEvent:
        """Check players in (or out)."""
        self._repo.check_in(event_id, players, checked_in)
        return self._changed(event_id)

    def drop_no_shows(self, event_id: int) -> LiveEvent:
        """Remove every player not checked in."""
        self._repo.remove_entries(event_id, None)
        return self._changed(event_id)

    def remove_players(self, event_id: int, players: Sequence[str]) -> LiveEvent:
        """Remove entries (before the draw)."""
        self._repo.remove_entries(event_id, players)
        return self._changed(event_id)

    def _changed(self, event_id: int) -> LiveEvent:
        live = self.event(event_id)
        self._announce(event_id, live.seq)
        return live

    def draw(self, event_id: int, seeds: Mapping[str, int | None] | None = None) -> LiveEvent:
        """Make (or make again, before any match starts) the draw.

        By rating or random (from the shown seed), or, for an event seeded by hand,
        in the organiser's order: ``seeds`` gives every player's seed, 1..N each once
        (:func:`rotation61.tournament.order_of_seeds`).

        Raises:
            DrawError: a match has started.
            InvalidEventError: fewer than two players; seeds for an event not seeded
                by hand.
            MatchNotReadyError: players not checked in.
            SeedingError: a hand seeding that does not give every seed 1..N to exactly
                one entered player (every problem named; nothing is stored).
        """

        def make(live: LiveEvent) -> list[EventInput]:
            if live.state is None:
                raise InvalidEventError(
                    f"event {event_id} cannot be drawn with {len(live.entries)} player(s): "
                    + (live.unfit or "at least 2 are needed")
                )
            absent = [e.player_id for e in live.entries if not e.checked_in]
            if absent:
                raise MatchNotReadyError(
                    f"players {', '.join(absent)} have not checked in: check them in "
                    "or drop the no-shows first"
                )
            event = live.state.event
            method = event.config.seeding
            if method is SeedingMethod.HAND:
                order = order_of_seeds(event.entries, seeds or {})
            elif seeds is not None:
                raise InvalidEventError(
                    f"event {event_id} is seeded {method.value!r}: only an event seeded "
                    "by hand takes the players' seeds"
                )
            else:
                order = seed_order(event.entries, method, seed=live.settings.draw_seed)
            return [Draw(seed=live.settings.draw_seed, order=order)]

        return self._submit(event_id, make, draw=True)

    def start(self, event_id: int) -> LiveEvent:
        """Call the first matches to the free tables (the queue then runs by itself).

        Raises:
            DrawError: the event has not been drawn.
            MatchNotReadyError: the event has already started.
        """

        def make(live: LiveEvent) -> list[EventInput]:
            if not live.drawn or live.state is None:
                raise DrawError(f"event {event_id} cannot start before the draw")
            if live.running:
                raise MatchNotReadyError(f"event {event_id} has already started")
            return list(next_calls(live.state))

        return self._submit(event_id, make)

    def correct(
        self, event_id: int, match: str, racks: tuple[int, int], points: tuple[int, int]
    ) -> LiveEvent:
        """Enter or correct a result from the desk (the tournament layer decides)."""

        def make(live: LiveEvent) -> list[EventInput]:
            record = live.state.match(match).record if live.state is not None else ""
            return [Result(match=match, racks=racks, points=points, record=record)]

        return self._submit(event_id, make)

    def walkover(self, event_id: int, match: str, winner: str, reason: WalkoverReason) -> LiveEvent:
        """A no-show or forfeit: ``winner`` goes through."""
        return self._submit(
            event_id, lambda _live: [Walkover(match=match, winner=winner, reason=reason)]
        )

    def withdraw(self, event_id: int, player: str) -> LiveEvent:
        """A player leaves the event (every later match of theirs is a walkover)."""

        def make(live: LiveEvent) -> list[EventInput]:
            if all(e.player_id != player for e in live.entries):
                raise UnknownPlayerError(f"no player {player!r} in event {event_id}")
            return [Withdrawal(player=player)]

        return self._submit(event_id, make)

    def export_json(self, event_id: int) -> str:
        """The whole event as the tournament layer's JSON (``schemas/tournament.schema.json``).

        Raises:
            InvalidEventError: fewer than two players entered.
        """
        live = self.event(event_id)
        if live.state is None:
            raise InvalidEventError(f"event {event_id} has fewer than two players")
        return to_json(live.state)

    def export_csv(self, event_id: int) -> str:
        """The standings as CSV."""
        return standings_csv(self.event(event_id))

    # --- The tables --------------------------------------------------------------------

    def report(self, event_id: int, table: int, code: str, match_ref: int) -> LiveEvent:
        """Store the result of a table's finished scorekeeper match, and make it final.

        The result is taken from the match as stored now; in the same transaction the
        match is made final at that input (no more inputs: a change goes through
        :meth:`correct`). If an input lands on the match first (an undo on a second
        tablet), the result is judged again on the match as it then stands.

        Raises:
            WrongTableError: the match is not the one playing on that table, or not over.
        """
        lengths: dict[int, int] = {}

        def make(live: LiveEvent) -> list[EventInput]:
            now = live.table_match(table)
            if now is None or now[0].id != code or now[1] != match_ref:
                raise WrongTableError(
                    f"match {code!r} (scorekeeper match {match_ref}) is not playing on "
                    f"table {table} of event {event_id}"
                )
            _stored, log = self._matches.board(match_ref)
            if not log.match.is_over:
                raise WrongTableError(f"match {code!r} on table {table} is not over")
            lengths[match_ref] = log.length  # the input whose end the result is
            return [_result_of(code, now[0].players, log.match, match_ref)]

        return self._submit(event_id, make, lengths=lengths)

    def report_from_table(self, event_id: int, table: int, code: str) -> LiveEvent:
        """A table's console reports its finished match (see :meth:`report`).

        Raises:
            WrongTableError: the event never called that match, or it is not the one
                playing on that table, or not over.
        """
        ref = self.event(event_id).refs.get(code)
        if ref is None:
            raise WrongTableError(f"match {code!r} is not playing on table {table}")
        return self.report(event_id, table, code, ref)

    def match_finished(self, event: MatchFinished) -> None:
        """The match service's event: store the finished match's result in its event."""
        self.match_over(event.match_id)

    def match_over(self, match_ref: int) -> LiveEvent | None:
        """A scorekeeper match ended: if an event called it, store its result there.

        Nothing happens if the match is no longer playing in its event (the desk
        decided it meanwhile) or is no longer over (an input undid the end first).
        """
        link = self._repo.event_of_match(match_ref)
        if link is None:
            return None
        event_id, code = link
        live = self.event(event_id)
        if live.state is None:
            return None
        match = live.state.match(code)
        if match.status is not Status.PLAYING or live.refs.get(code) != match_ref:
            return None
        try:
            return self.report(event_id, int(match.table), code, match_ref)
        except WrongTableError:  # decided by the desk, or undone, while the result came in
            return None

    def finalise_reported(self, live: LiveEvent) -> None:
        """Make final every called scorekeeper match whose event match is decided.

        Results stored before matches could be final (an older database) are locked
        here when the event is resumed at start-up.
        """
        if live.state is None:
            return
        for match in live.state.matches:
            ref = live.refs.get(match.id)
            if ref is None or not match.decided:
                continue
            stored = self._matches.get_match(ref)
            if stored.final_for is None:
                label = final_label(live.stored.id, match.id)
                self._matches.make_final(ref, stored.log_length, label)

    def resume(self, event_id: int) -> LiveEvent:
        """Store the results of called matches whose scorekeeper match is over.

        After a crash between a match's last input and its result (each is committed on
        its own), the result is taken from the match when the event is next loaded.
        """
        live = self.event(event_id)
        if live.state is None:
            return live
        if not live.running:
            self.finalise_reported(live)
            return live
        for match in live.state.matches:
            ref = live.refs.get(match.id)
            if match.status is not Status.PLAYING or ref is None:
                continue
            _stored, log = self._matches.board(ref)
            if log.match.is_over:
                self.match_over(ref)
        live = self.event(event_id)
        self.finalise_reported(live)
        return live

    def resume_all(self) -> None:
        """:meth:`resume` every event that has started (at start-up)."""
        for stored in self._repo.list_events():
            if stored.log_length:
                try:
                    self.resume(stored.id)
                except Exception:  # one broken event must not stop the others
                    _log.exception("resuming event %s failed", stored.id)

    # --- Writing -----------------------------------------------------------------------

    def _submit(
        self,
        event_id: int,
        make: Make,
        *,
        draw: bool = False,
        lengths: Mapping[int, int] | None = None,
    ) -> LiveEvent:
        """Judge the inputs on the current state, add the queue's calls, store, announce.

        Every called match that the new inputs decide (a result from its table, the
        desk's result, a walkover, a withdrawal) has its scorekeeper match made final
        in the same transaction: after it, the table's console takes no more inputs.
        ``lengths`` gives, for a table's result, the input whose end it is; if the
        match has moved past it, nothing is stored and the inputs are made again.
        """
        for _ in range(_RETRIES):
            live = self.event(event_id)
            items = make(live)
            if live.state is None:
                raise InvalidEventError(f"event {event_id} has fewer than two players")
            state = live.state
            calls: list[tuple[EventInput, NewCall | None]] = []
            starting = not state.started
            table_pins = self._table_pins(live, fresh=starting)
            for item in items:
                state = play(state, item)
                new_call = (
                    self._new_call(live, state, item, table_pins)
                    if isinstance(item, Call)
                    else None
                )
                calls.append((item, new_call))
            if state.started:
                for call in next_calls(state):
                    state = play(state, call)
                    calls.append((call, self._new_call(live, state, call, table_pins)))
            if not calls:
                return live
            finals = self._finals(live, state, lengths or {})
            pins = self._rotated_pins(live, state, starting, table_pins)
            try:
                stored = self._repo.append(
                    event_id,
                    live.seq,
                    calls,
                    created_at=self._clock(),
                    entries_version=live.stored.entries_version if draw else None,
                    finals=finals,
                    pins=pins,
                )
            except StaleInputError:
                continue
            finally:
                for ref, _length, _label in finals:
                    self._matches.forget(ref)
            refs = dict(live.refs)
            for row in stored:
                if row.match_ref is not None and isinstance(row.item, Call):
                    refs[row.item.match] = row.match_ref
            new = dataclasses.replace(live, state=state, seq=stored[-1].seq, refs=refs)
            if draw:
                new = dataclasses.replace(
                    new, stored=dataclasses.replace(live.stored, log_length=new.seq)
                )
            self._remember(new)
            self._announce(event_id, new.seq)
            return new
        raise StaleInputError(f"event {event_id} is too busy: try again")

    def _finals(
        self, live: LiveEvent, state: EventState, lengths: Mapping[int, int]
    ) -> list[tuple[int, int, str]]:
        """The scorekeeper matches the new state decides: (match, its inputs, label)."""
        if live.state is None:
            return []
        out: list[tuple[int, int, str]] = []
        for match in live.state.matches:
            ref = live.refs.get(match.id)
            if ref is None or match.status is not Status.PLAYING:
                continue
            if not state.match(match.id).decided:
                continue
            length = lengths.get(ref)
            if length is None:
                length = self._matches.board(ref)[1].length
            out.append((ref, length, final_label(live.stored.id, match.id)))
        return out

    def _table_pins(self, live: LiveEvent, *, fresh: bool) -> dict[int, str]:
        """The PINs the event's tables have now, or (as it starts) new ones."""
        tables = range(1, live.settings.tables + 1)
        if fresh:
            return {table: self._pins() for table in tables}
        pins = self._repo.table_pins()
        return {table: pins.get(table) or self._pins() for table in tables}

    def _rotated_pins(
        self, live: LiveEvent, state: EventState, starting: bool, pins: dict[int, str]
    ) -> dict[int, str]:
        """The table PINs to store with the inputs: per event, so sessions end with it.

        As an event starts its tables get new PINs (yesterday's table cookies no longer
        open today's consoles); as it finishes they get new ones again, so its table
        sessions end with it.
        """
        if starting and state.started:
            return pins
        if state.finished and not (live.state is not None and live.state.finished):
            return {table: self._pins() for table in pins}
        return {}

    def rotate_table_pin(self, table: int) -> str:
        """Give a table a new PIN (the desk's): every open session of it ends.

        A match already called to the table keeps its own referee PIN; the table's
        console opens it again with the new table PIN.

        Raises:
            MatchNotFoundError: no such table.
        """
        if table not in self._repo.table_pins():
            raise MatchNotFoundError(f"no table {table}")
        pin = self._pins()
        self._repo.set_table_pins({table: pin})
        return pin

    def _new_call(
        self, live: LiveEvent, state: EventState, call: Call, pins: Mapping[int, str]
    ) -> NewCall:
        match = state.match(call.match)
        pin = pins.get(int(call.table)) or self._pins()
        # a name stored before names were checked as they are now is shown as well as it
        # can be: a call never fails on a name, so the event never gets stuck
        names = (
            printable_text(live.name_of(match.players[0]), max_length=NAME_MAX_LENGTH),
            printable_text(live.name_of(match.players[1]), max_length=NAME_MAX_LENGTH),
        )
        header = desk_header(
            players=names,
            race_to=match.race,
            preset=live.settings.preset,
            overrides={},
            first_breaker=Seat.A,
            table_name=call.table,
            tags={"event": live.stored.name, "round": match.id},
        )
        return NewCall(header=header, pin=pin)
