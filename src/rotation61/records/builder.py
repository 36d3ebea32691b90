"""Writing a record as a match is played: one input at a time, each ruled at once.

A :class:`RecordBuilder` is a view of a :class:`~rotation61.records.MatchLog` for apps
that think in records (the terminal scorekeeper saves :attr:`RecordBuilder.record`
after every input). Every method returns a new builder (and the ruling), so an app can
keep the previous one; :meth:`RecordBuilder.undo` takes back the last input in effect.

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
from rotation61.match import MatchState
from rotation61.records.log import MatchLog
from rotation61.records.model import ENGINE_VERSION, BallPosition, MatchHeader, MatchRecord
from rotation61.rules import OfficialEvent, Option, RuleSet, Ruling, Seat, Shot

__all__ = ["RecordBuilder"]


@dataclasses.dataclass(frozen=True, slots=True)
class RecordBuilder:
    """A record being written: a view of the match's log.

    Attributes:
        log: the match log.
    """

    log: MatchLog

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
        """A new match with no input yet (arguments as :meth:`MatchHeader.of`).

        Raises:
            InvalidRecordError: a bad name, tag or race length.
            UnknownRuleSetError: an unknown preset.
        """
        header = MatchHeader.of(
            players=players,
            race_to=race_to,
            rules=rules,
            first_breaker=first_breaker,
            tags=tags,
            engine=engine,
        )
        return cls(MatchLog.begin(header))

    @classmethod
    def resume(cls, record: MatchRecord) -> RecordBuilder:
        """Continue a saved record.

        Raises:
            IllegalEntryError: the referee rejects one of its inputs, or its racks do
                not follow the match.
        """
        return cls(MatchLog.from_record(record))

    @property
    def record(self) -> MatchRecord:
        """The record so far (stored rulings included)."""
        return self.log.record

    @property
    def history(self) -> tuple[MatchState, ...]:
        """The match before the first input, then after each input in effect."""
        return self.log.history()

    @property
    def match(self) -> MatchState:
        """The match after the last input."""
        return self.log.match

    def play(
        self,
        shot: Shot,
        *,
        placement: Point | None = None,
        positions: Iterable[BallPosition] = (),
    ) -> tuple[RecordBuilder, Ruling]:
        """Play a shot and store it with its ruling (see :meth:`MatchLog.play`)."""
        log, ruling = self.log.play(shot, placement=placement, positions=positions)
        return RecordBuilder(log), ruling

    def override(self, shot: Shot, *, note: str = "") -> tuple[RecordBuilder, Ruling]:
        """Replace the ruling on the last shot by the referee's (see :meth:`MatchLog.override`).

        The shot as entered and the engine's ruling on it stay in the record.
        """
        log, ruling = self.log.override(shot, note=note)
        return RecordBuilder(log), ruling

    def decide(self, option: Option, *, by: Seat | None = None) -> RecordBuilder:
        """The incoming player's decision after a foul (see :meth:`MatchLog.decide`)."""
        return RecordBuilder(self.log.decide(option, by=by))

    def officiate(
        self, event: OfficialEvent, player: Seat | None = None
    ) -> tuple[RecordBuilder, Ruling]:
        """A concession, a disqualification or a stalemate (see :meth:`MatchLog.officiate`)."""
        log, ruling = self.log.officiate(event, player)
        return RecordBuilder(log), ruling

    def undo(self) -> RecordBuilder:
        """The builder without its last input in effect (see :meth:`MatchLog.undo`)."""
        return RecordBuilder(self.log.undo())
