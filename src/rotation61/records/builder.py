"""Deprecated: :class:`RecordBuilder`, a view of :class:`~rotation61.records.MatchLog`.

Use the log itself: ``MatchLog.begin(MatchHeader.of(...))`` for
``RecordBuilder.start(...)``, ``MatchLog.from_record`` for ``RecordBuilder.resume``,
``log.history()`` for ``builder.history``; ``play``, ``override``, ``decide``,
``officiate``, ``undo``, ``match`` and ``record`` are the same. The builder warns
(:class:`DeprecationWarning`) when made and is removed in the next release.

>>> import warnings
>>> from rotation61.rules import Option, Shot
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     b = RecordBuilder.start(players=("An", "Binh"), race_to=2)
>>> [w.category.__name__ for w in caught]
['DeprecationWarning']
>>> b, ruling = b.play(Shot(first_contact=2))
>>> b = b.decide(Option.ACCEPT_TABLE)
>>> [type(e).__name__ for e in b.record.racks[0].entries]
['ShotEntry', 'DecisionEntry']
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Iterable
from typing import Final

from rotation61.geometry import Point
from rotation61.match import MatchState
from rotation61.records.log import MatchLog
from rotation61.records.model import ENGINE_VERSION, BallPosition, MatchHeader, MatchRecord
from rotation61.rules import OfficialEvent, Option, RuleSet, Ruling, Seat, Shot

__all__ = ["RecordBuilder"]

_DEPRECATED: Final = (
    "RecordBuilder is deprecated and will be removed in the next release; use MatchLog "
    "(MatchLog.begin(MatchHeader.of(...)), MatchLog.from_record(record))"
)


def _warn(stacklevel: int) -> None:
    warnings.warn(_DEPRECATED, DeprecationWarning, stacklevel=stacklevel + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class RecordBuilder:
    """Deprecated: a record being written, as a view of the match's log; use :class:`MatchLog`.

    Attributes:
        log: the match log.
    """

    log: MatchLog
    _quiet: dataclasses.InitVar[bool] = False

    def __post_init__(self, _quiet: bool) -> None:
        if not _quiet:
            _warn(stacklevel=3)

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
        _warn(stacklevel=2)
        header = MatchHeader.of(
            players=players,
            race_to=race_to,
            rules=rules,
            first_breaker=first_breaker,
            tags=tags,
            engine=engine,
        )
        return cls(MatchLog.begin(header), _quiet=True)

    @classmethod
    def resume(cls, record: MatchRecord) -> RecordBuilder:
        """Continue a saved record.

        Raises:
            IllegalEntryError: the referee rejects one of its inputs, or its racks do
                not follow the match.
        """
        _warn(stacklevel=2)
        return cls(MatchLog.from_record(record), _quiet=True)

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
        return RecordBuilder(log, _quiet=True), ruling

    def override(self, shot: Shot, *, note: str = "") -> tuple[RecordBuilder, Ruling]:
        """Replace the ruling on the last shot by the referee's (see :meth:`MatchLog.override`).

        The shot as entered and the engine's ruling on it stay in the record.
        """
        log, ruling = self.log.override(shot, note=note)
        return RecordBuilder(log, _quiet=True), ruling

    def decide(self, option: Option, *, by: Seat | None = None) -> RecordBuilder:
        """The incoming player's decision after a foul (see :meth:`MatchLog.decide`)."""
        return RecordBuilder(self.log.decide(option, by=by), _quiet=True)

    def officiate(
        self, event: OfficialEvent, player: Seat | None = None
    ) -> tuple[RecordBuilder, Ruling]:
        """A concession, a disqualification or a stalemate (see :meth:`MatchLog.officiate`)."""
        log, ruling = self.log.officiate(event, player)
        return RecordBuilder(log, _quiet=True), ruling

    def undo(self) -> RecordBuilder:
        """The builder without its last input in effect (see :meth:`MatchLog.undo`)."""
        return RecordBuilder(self.log.undo(), _quiet=True)
