"""Between the app's input log and the records layer's match record (JSON and notation).

A match's export is a :class:`rotation61.records.MatchRecord` written by replaying the
inputs in effect through a :class:`rotation61.records.RecordBuilder`, so it carries the
engine's rulings and the referee's overrides exactly as the records layer defines them.
An import goes the other way: the record is replayed (and so checked) by the records
layer, then becomes a setup and an input log.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, assert_never

from rotation61 import __version__
from rotation61.records import (
    DecisionEntry,
    EventEntry,
    MatchRecord,
    RecordBuilder,
    ShotEntry,
)
from rotation61.web.model import MatchSetup
from rotation61.web.timeline import (
    DecisionInput,
    EventInput,
    Input,
    MalformedInputError,
    OverrideInput,
    ShotInput,
    Timeline,
)

__all__ = ["log_of", "normalise_tags", "record_of"]

_TABLE_TAG: Final = "Table"
_SIZE_TAG: Final = "TableSize"
_ROSTER: Final = {"event": "Event", "venue": "Venue", "date": "Date", "round": "Round"}
_ROSTER.update({"referee": "Referee"})
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
_RESERVED: Final = frozenset(
    {"Schema", "Engine", "PlayerA", "PlayerB", "RaceTo", "FirstBreaker", "Rules", "Config"}
    | {_TABLE_TAG, _SIZE_TAG}
)


def normalise_tags(tags: Mapping[str, str]) -> dict[str, str]:
    """Desk tags as record tags: ``event`` becomes ``Event``...; bad names are refused.

    Raises:
        MalformedInputError: a name that is not a letter then letters, digits or ``_``,
            a reserved name, or a value with a line break.
    """
    out: dict[str, str] = {}
    for raw, value in tags.items():
        name = _ROSTER.get(raw.strip().lower(), raw.strip())
        if not _TAG_NAME.fullmatch(name) or name in _RESERVED:
            raise MalformedInputError(
                f"tag name {raw!r} must be a letter then letters, digits or '_' "
                f"(not one of {', '.join(sorted(_RESERVED))})"
            )
        if not value.isprintable():
            raise MalformedInputError(f"tag {name} holds a line break or control character")
        out[name] = value
    return out


def record_of(setup: MatchSetup, timeline: Timeline) -> MatchRecord:
    """The match record of the inputs in effect (with rulings and overrides).

    Raises:
        InvalidRecordError: a player name or tag the records layer refuses.
    """
    tags = [(k, v) for k, v in setup.tags.items()]
    if setup.table_name:
        tags.append((_TABLE_TAG, setup.table_name))
    tags.append((_SIZE_TAG, setup.table_size))
    builder = RecordBuilder.start(
        players=setup.players,
        race_to=setup.race_to,
        rules=setup.rules(),
        first_breaker=setup.first_breaker,
        tags=tags,
        engine=__version__,
    )
    for entry in timeline.entries:
        step = entry.step
        match step:
            case ShotInput(shot=shot):
                builder, _ = builder.play(shot)
                if entry.override is not None:
                    builder, _ = builder.override(entry.override.shot, note=entry.override.note)
            case DecisionInput(option=option):
                builder = builder.decide(option)
            case EventInput(event=event, player=player):
                builder, _ = builder.officiate(event, player)
            case _:
                assert_never(step)
    return builder.record


def log_of(record: MatchRecord) -> tuple[MatchSetup, list[Input]]:
    """The setup and the input log of a match record.

    Raises:
        IllegalEntryError: the referee rejects one of the record's inputs.
    """
    RecordBuilder.resume(record)  # replays every input through the referee
    tags = dict(record.tags)
    table_name = tags.pop(_TABLE_TAG, "")
    table_size = tags.pop(_SIZE_TAG, "9ft")
    setup = MatchSetup(
        players=record.players,
        race_to=record.race_to,
        preset=record.rules,
        overrides=MappingProxyType(dict(record.config)),
        first_breaker=record.first_breaker,
        table_name=table_name,
        table_size=table_size,
        tags=MappingProxyType(tags),
    )
    log: list[Input] = []
    for rack in record.racks:
        for entry in rack.entries:
            match entry:
                case ShotEntry(shot=shot, override=override):
                    log.append(ShotInput(shot=shot))
                    if override is not None:
                        log.append(OverrideInput(shot=override.shot, note=override.note))
                case DecisionEntry(option=option):
                    log.append(DecisionInput(option=option))
                case EventEntry(event=event, player=player):
                    log.append(EventInput(event=event, player=player))
                case _:
                    assert_never(entry)
    return setup, log
