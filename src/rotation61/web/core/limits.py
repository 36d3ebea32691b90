"""The web app's limits on what a request, a record or an event may hold.

One home for each bound: the services check them (naming the bad value) and the HTTP
schemas declare them, so the OpenAPI document states the same numbers the services
enforce. Text lengths live with the text checks (:mod:`rotation61.rules.text_fields`),
stroke bounds with the engine (:data:`rotation61.sim.STROKE_LIMITS`).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "MAX_DEPTH",
    "MAX_ENTRIES_PER_RACK",
    "MAX_INPUTS",
    "MAX_RACE_TO",
    "MAX_RACKS",
    "MAX_TABLES",
    "MAX_TAGS",
    "MAX_TAG_VALUE_LENGTH",
]

MAX_RACE_TO: Final = 99
"""Races run from 1 to this many racks."""
MAX_TAGS: Final = 16
"""The most event tags a match carries (the table's own tags not counted)."""
MAX_TAG_VALUE_LENGTH: Final = 200
"""The longest tag value."""
MAX_DEPTH: Final = 16
"""The deepest nesting of arrays and objects an imported record may have (a record needs 6)."""
MAX_RACKS: Final = 10_000
"""The most racks an imported record may hold."""
MAX_ENTRIES_PER_RACK: Final = 100_000
"""The most entries one rack of an imported record may hold."""
MAX_INPUTS: Final = 100_000
"""The most inputs an imported record may hold in all (overrides count as inputs)."""
MAX_TABLES: Final = 64
"""The most tables an event (and the hall) may have."""
