"""The errors of the tournament layer: every one a ``ValueError`` naming the bad input.

Every error carries a :class:`ErrorCode` and its parameters (the bad value, the match,
the line of a file...): the message is English for logs and APIs, and the shells word
the code in the user's language (:func:`rotation61.text.describe_tournament_error`).

>>> err = InvalidResultError("racks 7-7 ...", ErrorCode.RACKS_DO_NOT_FINISH, a=7, b=7,
...                          match="R1-1", race=7)
>>> err.code.value, dict(err.params)
('racks_do_not_finish', {'a': 7, 'b': 7, 'match': 'R1-1', 'race': 7})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rotation61.rules.errors import Rotation61Error

__all__ = [
    "CorrectionRefusedError",
    "DrawError",
    "DuplicateEntryError",
    "ErrorCode",
    "InvalidEventError",
    "InvalidResultError",
    "MatchNotReadyError",
    "SeedProblem",
    "SeedProblemKind",
    "SeedingError",
    "TournamentError",
    "UnknownMatchError",
    "UnknownPlayerError",
]


class ErrorCode(StrEnum):
    """What a tournament refusal is about.

    The value is the catalogue's key (``tournament.error.<value>``) and never changes
    once released.
    """

    UNSPECIFIED = "unspecified"
    """Raised without a code (by a caller outside the tournament layer)."""
    # entries, settings, the event
    NOT_AN_ID = "not_an_id"
    RACE_OUT_OF_RANGE = "race_out_of_range"
    ROUND_OUT_OF_RANGE = "round_out_of_range"
    EMPTY_NAME = "empty_name"
    RATING_NOT_INTEGER = "rating_not_integer"
    SINGLE_FROM_NOT_POWER = "single_from_not_power"
    SINGLE_FROM_ABOVE_HALF = "single_from_above_half"
    SINGLE_FROM_SINGLE_KNOCKOUT = "single_from_single_knockout"
    UNKNOWN_SETTING_VALUE = "unknown_setting_value"
    TIE_BREAKS_REPEAT = "tie_breaks_repeat"
    GROUP_SIZE_INVALID = "group_size_invalid"
    SWISS_ROUNDS_NEGATIVE = "swiss_rounds_negative"
    TABLES_REPEAT = "tables_repeat"
    TV_TABLES_UNKNOWN = "tv_tables_unknown"
    COUNT_TOO_SMALL = "count_too_small"
    GROUP_COUNT_AND_SIZE = "group_count_and_size"
    KNOCKOUT_FORMAT = "knockout_format"
    GROUP_TOO_SMALL = "group_too_small"
    ADVANCE_ABOVE_GROUP = "advance_above_group"
    KNOCKOUT_TOO_SMALL = "knockout_too_small"
    SETTING_NOT_USED = "setting_not_used"
    NOT_TWO_COUNTS = "not_two_counts"
    FIELD_SIZE = "field_size"
    DUPLICATE_ID = "duplicate_id"
    DUPLICATE_NAME = "duplicate_name"
    UNKNOWN_PLAYER = "unknown_player"
    # the draw and the seeding
    BRACKET_SIZE = "bracket_size"
    HAND_UNKNOWN_PLAYER = "hand_unknown_player"
    HAND_TWICE = "hand_twice"
    HAND_MISSING = "hand_missing"
    SEEDING_REFUSED = "seeding_refused"
    BEFORE_DRAW = "before_draw"
    DRAW_AFTER_START = "draw_after_start"
    DRAW_ORDER = "draw_order"
    # matches, calls, results
    UNKNOWN_MATCH = "unknown_match"
    UNKNOWN_TABLE = "unknown_table"
    MATCH_NOT_READY = "match_not_ready"
    TABLE_BUSY = "table_busy"
    PLAYER_BUSY = "player_busy"
    RACKS_DO_NOT_FINISH = "racks_do_not_finish"
    NO_RESULT = "no_result"
    NO_WALKOVER = "no_walkover"
    NOT_IN_MATCH = "not_in_match"
    ALREADY_WITHDRAWN = "already_withdrawn"
    CORRECTION_REFUSED = "correction_refused"
    # event files
    NOT_JSON = "not_json"
    NOT_EVENT_FILE = "not_event_file"
    SCHEMA_VERSION = "schema_version"
    MISSING_KEY = "missing_key"
    BAD_VALUE = "bad_value"
    NOT_OBJECT = "not_object"
    UNKNOWN_INPUT = "unknown_input"
    # players files, any file
    FILE_ENCODING = "file_encoding"
    CSV_SYNTAX = "csv_syntax"
    CSV_FIELD_TOO_LONG = "csv_field_too_long"
    CSV_HEADER = "csv_header"
    CSV_COLUMNS = "csv_columns"
    CSV_EMPTY_NAME = "csv_empty_name"
    CSV_RATING = "csv_rating"
    CSV_ENTRY = "csv_entry"
    FEWER_PLAYERS = "fewer_players"


class TournamentError(Rotation61Error, ValueError):
    """Base class of the tournament layer's errors.

    Args:
        message: the English message naming the bad value (logs and APIs keep it).
        code: what the refusal is about.
        **params: the values the wording names (ints, texts, tuples of texts).

    Attributes:
        code: what the refusal is about.
        params: the values the wording names, read-only.
    """

    def __init__(
        self, message: str, code: ErrorCode = ErrorCode.UNSPECIFIED, /, **params: object
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(params)


class InvalidEventError(TournamentError):
    """An entry, a setting or a stored event whose fields are malformed or contradict."""


class DuplicateEntryError(TournamentError):
    """A player entered twice (the same id, or the same name and club)."""


class UnknownPlayerError(TournamentError):
    """A player id that is not among the entries."""


class UnknownMatchError(TournamentError):
    """A match id that is not in the event (or not yet drawn or paired)."""


class DrawError(TournamentError):
    """A draw that is not allowed now (a match has started), or an input before the draw."""


class MatchNotReadyError(TournamentError):
    """A call, result or walkover for a match whose players are not both known, or busy."""


class InvalidResultError(TournamentError):
    """A rack score that does not finish the race (exactly one player reaches it)."""


class CorrectionRefusedError(TournamentError):
    """A corrected result that would change a match that has already started."""


class SeedProblemKind(StrEnum):
    """What is wrong with a hand seeding given as a seed number per player."""

    UNKNOWN_PLAYER = "unknown_player"
    """A seed for a player id that is not entered."""
    NO_SEED = "no_seed"
    """An entered player without a seed."""
    OUT_OF_RANGE = "out_of_range"
    """A seed outside 1..N (N players entered)."""
    DUPLICATE = "duplicate"
    """A seed given to two players or more."""
    UNUSED = "unused"
    """A seed of 1..N given to nobody."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeedProblem:
    """One problem of a hand seeding.

    Attributes:
        kind: what is wrong.
        seed: the seed concerned (``None`` for a player without one).
        players: the player ids concerned (none for an unused seed).
    """

    kind: SeedProblemKind
    seed: int | None = None
    players: tuple[str, ...] = ()


class SeedingError(InvalidEventError):
    """A hand seeding that does not give every seed 1..N to exactly one entered player.

    Attributes:
        problems: every problem found, in a stable order (unknown players, players
            without a seed, seeds out of range, seeds given twice, unused seeds).
        field: N, the number of players entered.
    """

    def __init__(self, message: str, problems: tuple[SeedProblem, ...], field: int) -> None:
        super().__init__(message, ErrorCode.SEEDING_REFUSED, field=field)
        self.problems = problems
        self.field = field
