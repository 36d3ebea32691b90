"""Writing a record as a match is played: one input at a time, each ruled at once.

A :class:`RecordBuilder` is an immutable pair of a record and the states of its replay:
every method returns a new builder (and the ruling), so an app can keep the previous
one for undo, and save :attr:`RecordBuilder.record` after every input.

>>> from rotation61.rules import Option, Shot
>>> b = RecordBuilder.start(players=("An", "Binh"), race_to=2)
>>> b, ruling = b.play(Shot(first_contact=2))
>>> [f.kind.value for f in ruling.fouls]
['wrong_first_contact', 'break_requirement_not_met']
>>> b = b.decide(Option.ACCEPT_TABLE)
>>> [type(e).__name__ for e in b.record.racks[0].entries]
['ShotEntry', 'DecisionEntry']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from rotation61.geometry import Point
from rotation61.match import MatchState, decide, officiate, play, start_match
from rotation61.records.discrepancy import DiscrepancyKind
from rotation61.records.errors import IllegalEntryError
from rotation61.records.model import (
    ENGINE_VERSION,
    BallPosition,
    DecisionEntry,
    Entry,
    EventEntry,
    MatchRecord,
    Override,
    RackRecord,
    RulingSummary,
    ShotEntry,
    config_of,
)
from rotation61.records.replay import replay
from rotation61.rules import (
    IllegalActionError,
    OfficialEvent,
    Option,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    get_ruleset,
)

__all__ = ["RecordBuilder"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RecordBuilder:
    """A record being written, with the match after each of its inputs.

    Attributes:
        record: the record so far (stored rulings included).
        history: the match before the first input, then after each input.
    """

    record: MatchRecord
    history: tuple[MatchState, ...]

    @classmethod
    def start(
        cls,
        *,
        players: tuple[str, str],
        race_to: int,
        rules: RuleSet | str = "standard",
        first_breaker: Seat = Seat.A,
        tags: Iterable[tuple[str, str]] = (),
        engine: str = ENGINE_VERSION,
    ) -> RecordBuilder:
        """A new match with no input yet.

        Args:
            players: the names, seat A then seat B.
            race_to: racks needed to win.
            rules: a rule set, or a preset name.
            first_breaker: who breaks the first rack.
            tags: free tags, e.g. ``[("Event", "Open"), ("Date", "2025-05-01")]``.
            engine: the engine version to store (default: this package's version).

        Returns:
            The builder.

        Raises:
            InvalidRecordError: a bad name, tag or race length.
            UnknownRuleSetError: an unknown preset.
        """
        ruleset = get_ruleset(rules) if isinstance(rules, str) else rules
        preset, config = config_of(ruleset)
        record = MatchRecord(
            players=players,
            race_to=race_to,
            first_breaker=first_breaker,
            rules=preset,
            config=config,
            tags=tuple(tags),
            engine=engine,
        )
        match = start_match(record.ruleset, race_to=race_to, first_breaker=first_breaker)
        return cls(record=record, history=(match,))

    @classmethod
    def resume(cls, record: MatchRecord) -> RecordBuilder:
        """Continue a saved record.

        Args:
            record: the record (e.g. read back after a crash).

        Returns:
            A builder whose next input follows the record's last.

        Raises:
            IllegalEntryError: the referee rejects one of its inputs, or its racks do
                not follow the match.
        """
        done = replay(record)
        for found in done.discrepancies:
            if found.kind is not DiscrepancyKind.RULING:
                raise IllegalEntryError(f"{found.where}: {found.detail}", path=found.path)
        return cls(record=record, history=done.states)

    @property
    def match(self) -> MatchState:
        """The match after the last input."""
        return self.history[-1]

    def _append(self, entry: Entry, after: MatchState) -> RecordBuilder:
        before = self.match
        racks = list(self.record.racks)
        rack_index = len(before.completed)
        if rack_index < len(racks):
            last = racks[rack_index]
            racks[rack_index] = dataclasses.replace(last, entries=(*last.entries, entry))
        else:
            racks.append(RackRecord(breaker=before.rack.breaker, entries=(entry,)))
        record = dataclasses.replace(self.record, racks=tuple(racks))
        return RecordBuilder(record=record, history=(*self.history, after))

    def play(
        self,
        shot: Shot,
        *,
        placement: Point | None = None,
        positions: Iterable[BallPosition] = (),
    ) -> tuple[RecordBuilder, Ruling]:
        """Play a shot and store it with its ruling.

        Args:
            shot: the observed facts.
            placement: where the cue ball was placed by hand, if known.
            positions: ball centres before the shot, if known.

        Returns:
            The new builder and the ruling.

        Raises:
            IllegalActionError: the match is over, or a decision is pending.
            InvalidShotError: the shot does not fit the table.
        """
        after, ruling = play(self.match, shot)
        entry = ShotEntry(
            shot=shot,
            ruling=RulingSummary.from_ruling(ruling),
            placement=placement,
            positions=tuple(positions),
        )
        return self._append(entry, after), ruling

    def override(self, shot: Shot, *, note: str = "") -> tuple[RecordBuilder, Ruling]:
        """Replace the ruling on the last shot by the referee's: re-judge corrected facts.

        The shot as entered and the engine's ruling on it stay in the record.

        Args:
            shot: the corrected facts.
            note: the referee's reason.

        Returns:
            The new builder and the ruling on the corrected facts.

        Raises:
            IllegalActionError: the last input is not a shot.
            InvalidShotError: the corrected shot does not fit the table.
        """
        last = self._last_entry()
        if not isinstance(last, ShotEntry):
            raise IllegalActionError("only a shot can be overridden, and only the last input")
        previous = self.undo()
        after, ruling = play(previous.match, shot)
        entry = dataclasses.replace(
            last,
            override=Override(shot=shot, note=note, ruling=RulingSummary.from_ruling(ruling)),
        )
        return previous._append(entry, after), ruling

    def decide(self, option: Option, *, by: Seat | None = None) -> RecordBuilder:
        """The incoming player's decision after a foul.

        Args:
            option: the option chosen.
            by: who chooses (default: the player the engine waits for).

        Returns:
            The new builder.

        Raises:
            IllegalActionError: no decision is pending, the option was not offered, or
                ``by`` is not the chooser.
        """
        pending = self.match.rack.pending
        chooser = by if by is not None else (pending.chooser if pending is not None else Seat.A)
        after = decide(self.match, option, by=chooser)
        return self._append(DecisionEntry(option=option, by=chooser), after)

    def officiate(
        self, event: OfficialEvent, player: Seat | None = None
    ) -> tuple[RecordBuilder, Ruling]:
        """A concession, a disqualification or a declared stalemate.

        Args:
            event: the event.
            player: the player concerned (``None`` for a stalemate).

        Returns:
            The new builder and the ruling.

        Raises:
            IllegalActionError: the match is over, or the player is missing (or given
                for a stalemate).
        """
        after, ruling = officiate(self.match, event, player)
        entry = EventEntry(event=event, player=player, ruling=RulingSummary.from_ruling(ruling))
        return self._append(entry, after), ruling

    def _last_entry(self) -> Entry | None:
        for rack in reversed(self.record.racks):
            if rack.entries:
                return rack.entries[-1]
        return None

    def undo(self) -> RecordBuilder:
        """The builder without its last input.

        Returns:
            The new builder.

        Raises:
            IllegalActionError: there is no input to undo.
        """
        racks = list(self.record.racks)
        while racks and not racks[-1].entries:
            racks.pop()
        if not racks:
            raise IllegalActionError("there is no input to undo")
        last = racks[-1]
        if len(last.entries) == 1:
            racks.pop()
        else:
            racks[-1] = dataclasses.replace(last, entries=last.entries[:-1])
        record = dataclasses.replace(self.record, racks=tuple(racks))
        return RecordBuilder(record=record, history=self.history[:-1])
