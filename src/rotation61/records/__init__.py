"""Records: the persistent, open shape of matches, with replay, verify and statistics.

- the model (:class:`MatchRecord`, its racks and entries): inputs are authoritative,
  stored rulings are an audit trail;
- JSON, the canonical machine format (:func:`to_json` / :func:`from_json`, schema
  ``schemas/match-record.schema.json``);
- the text notation, PGN-like (:func:`parse_match` / :func:`format_match`, grammar in
  ``docs/notation.md``);
- the one model of a match being played: its header (:class:`MatchHeader`) and the log
  of its inputs (:class:`MatchLog`: shots, decisions, official events, overrides,
  undos), which every client creates, extends, undoes and exports matches through;
  its steps in effect, like the entries of a replayed record, are applied steps
  (:class:`AppliedStep`);
- :func:`replay` and :func:`verify`; :func:`stats`.

:class:`RecordBuilder` (use :class:`MatchLog`) and the name ``ReplayStep`` (now
:class:`AppliedStep`) are deprecated and go in the next release.

Pure: strings and text streams in, strings out; no file is opened by path.

>>> from rotation61.records import MatchHeader, MatchLog, format_match, parse_match, verify
>>> from rotation61.rules import Shot
>>> log = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=1))
>>> log, ruling = log.play(Shot(first_contact=1, pocketed=(2, 3)))
>>> record = parse_match(format_match(log.record))
>>> record == log.record, verify(record)
(True, [])

>>> from rotation61.records import shot_from_dict, shot_to_dict
>>> shot = shot_from_dict({"first_contact": 3, "pocketed": [3], "rail_after_contact": ["cue"]})
>>> shot_to_dict(shot)["pocketed"]
[3]
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from rotation61.records.builder import RecordBuilder
from rotation61.records.discrepancy import Discrepancy, DiscrepancyKind
from rotation61.records.errors import (
    IllegalEntryError,
    InvalidRecordError,
    MalformedInputError,
    NotationError,
    ReplayMismatchError,
    SchemaVersionError,
)
from rotation61.records.inputs import (
    AppliedStep,
    DecisionInput,
    EventInput,
    Input,
    InputKind,
    OverrideInput,
    ShotInput,
    Step,
    TimeFoulInput,
    UndoInput,
    apply_step,
    input_from_dict,
    input_to_dict,
)
from rotation61.records.json_codec import from_dict, from_json, to_dict, to_json
from rotation61.records.log import MatchLog, replay_inputs
from rotation61.records.model import (
    ENGINE_VERSION,
    FORMAT_NAME,
    RESERVED_TAGS,
    SCHEMA_VERSION,
    DecisionEntry,
    Entry,
    EventEntry,
    MatchHeader,
    MatchRecord,
    Override,
    RackRecord,
    RulingSummary,
    ShotEntry,
    TimeFoulEntry,
    config_of,
)
from rotation61.records.notation import (
    format_entry,
    format_match,
    format_ruling,
    format_shot,
    parse_match,
    parse_ruling,
    parse_shot,
    read_matches,
)
from rotation61.records.replay import Replay, annotate, replay, verify
from rotation61.records.shot_codec import shot_from_dict, shot_to_dict
from rotation61.records.stats import MatchStats, PlayerStats, Stats, stats

__all__ = [
    "ENGINE_VERSION",
    "FORMAT_NAME",
    "RESERVED_TAGS",
    "SCHEMA_VERSION",
    "AppliedStep",
    "DecisionEntry",
    "DecisionInput",
    "Discrepancy",
    "DiscrepancyKind",
    "Entry",
    "EventEntry",
    "EventInput",
    "IllegalEntryError",
    "Input",
    "InputKind",
    "InvalidRecordError",
    "MalformedInputError",
    "MatchHeader",
    "MatchLog",
    "MatchRecord",
    "MatchStats",
    "NotationError",
    "Override",
    "OverrideInput",
    "PlayerStats",
    "RackRecord",
    "RecordBuilder",
    "Replay",
    "ReplayMismatchError",
    "RulingSummary",
    "SchemaVersionError",
    "ShotEntry",
    "ShotInput",
    "Stats",
    "Step",
    "TimeFoulEntry",
    "TimeFoulInput",
    "UndoInput",
    "annotate",
    "apply_step",
    "config_of",
    "format_entry",
    "format_match",
    "format_ruling",
    "format_shot",
    "from_dict",
    "from_json",
    "input_from_dict",
    "input_to_dict",
    "parse_match",
    "parse_ruling",
    "parse_shot",
    "read_matches",
    "replay",
    "replay_inputs",
    "shot_from_dict",
    "shot_to_dict",
    "stats",
    "to_dict",
    "to_json",
    "verify",
]

if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        """``ReplayStep``: the deprecated name of :class:`AppliedStep`."""
        if name == "ReplayStep":
            warnings.warn(
                "ReplayStep is deprecated and will be removed in the next release; use "
                "AppliedStep (its 'input' is 'step' or 'entry()', 'entry' is 'index', "
                "'original' is 'engine_ruling')",
                DeprecationWarning,
                stacklevel=2,
            )
            return AppliedStep
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
