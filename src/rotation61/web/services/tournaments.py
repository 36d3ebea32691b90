"""Use cases of the tournament desk, the table consoles and the public event pages.

The events' state in memory and their optimistic writes are :class:`EventLog`'s
(:mod:`rotation61.web.services.event_log`). The service subscribes to the match
service's :class:`~rotation61.web.services.results.MatchFinished`: when a called match
is over, its result is stored in the event (and the match made final) in the thread
that stored the match's last input, before the referee's input is acknowledged (if that
fails, or the process dies in between, :meth:`TournamentService.resume` stores it later).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence

from rotation61.match import MatchState
from rotation61.rules.text_fields import (
    NAME_MAX_LENGTH,
    clean_text,
)
from rotation61.tournament import (
    Draw,
    DrawError,
    DuplicateEntryError,
    Feature,
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
    StoredEntry,
    name_key,
)
from rotation61.web.core.errors import (
    MatchNotFoundError,
    WrongTableError,
)

# The event's settings and remembered state live in ``tournament_model``; their names
# are also this module's, as before.
from rotation61.web.services.event_log import EventLog, EventNotifier
from rotation61.web.services.results import MatchFinished
from rotation61.web.services.tournament_model import (
    MAX_TABLES,
    CsvError,
    EventSettings,
    LiveEvent,
    clean_entry,
    default_featured,
    parse_players,
    standings_csv,
)

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


Hold = Callable[[LiveEvent, Match, int], bool]
"""Whether a called match's finished scorekeeper match is held (not to be taken yet)."""


def _never(_live: LiveEvent, _match: Match, _match_ref: int) -> bool:
    return False


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


class TournamentService(EventLog):
    """The events' use cases: the desk's, the tables', and the flow of finished matches.

    Args: see :class:`~rotation61.web.services.event_log.EventLog`.

    It consumes the match service's :class:`MatchFinished` (:meth:`match_finished`):
    wire it with ``matches.subscribe(service)``.
    """

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
            features: list[EventInput] = []
            if live.settings.tv_table and live.settings.feature_finals:
                features = [Feature(match=code) for code in default_featured(live.state)]
            state = live.state
            for item in features:
                state = play(state, item)
            return [*features, *next_calls(state)]

        return self._submit(event_id, make)

    def feature(self, event_id: int, match: str) -> LiveEvent:
        """Mark a match for the TV table (an input of the event: stored, in its log).

        The queue then calls it to the TV table when that table is free. Marking a
        match already marked stores nothing.

        Raises:
            DrawError: the event has not been drawn.
            UnknownMatchError: no such match.
            MatchNotReadyError: the match is already decided.
        """

        def make(live: LiveEvent) -> list[EventInput]:
            if not live.drawn or live.state is None:
                raise DrawError(f"event {event_id} has no matches before the draw")
            found = live.state.match(match)
            if found.decided:
                raise MatchNotReadyError(f"match {match!r} is already decided")
            if found.featured:
                return []
            _log.info("event %s: match %s marked for the TV table", event_id, match)
            return [Feature(match=match)]

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

    def resume(self, event_id: int, held: Hold = _never) -> LiveEvent:
        """Store the results of called matches whose scorekeeper match is over.

        After a crash between a match's last input and its result (each is committed on
        its own), the result is taken from the match when the event is next loaded;
        except those ``held`` says are still held for their table's confirmation
        (:mod:`rotation61.web.services.result_grace` takes them when due).
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
            if log.match.is_over and not held(live, match, ref):
                self.match_over(ref)
        live = self.event(event_id)
        self.finalise_reported(live)
        return live

    def resume_all(self, held: Hold = _never) -> None:
        """:meth:`resume` every event that has started (at start-up)."""
        for stored in self._repo.list_events():
            if stored.log_length:
                try:
                    self.resume(stored.id, held)
                except Exception:  # one broken event must not stop the others
                    _log.exception("resuming event %s failed", stored.id)

    def rotate_table_pin(self, table: int) -> str:
        """Give a table a new PIN (the desk's): every open session of it ends.

        A match already called to the table keeps its own referee PIN; the table's
        console opens it again with the new table PIN.

        Raises:
            MatchNotFoundError: no such table.
        """
        if table not in self._repo.table_pins():
            raise MatchNotFoundError(f"no table {table}", key="error.not_found.table", table=table)
        pin = self._pins()
        self._repo.set_table_pins({table: pin})
        return pin
