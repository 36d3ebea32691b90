"""Tournaments: entries, the draw, brackets, rounds, standings and the table queue.

Pure, exact and deterministic: the event is data (entries, settings, the stored
inputs), and every state is derived by replaying the inputs. The only randomness is
the draw, made by an explicit ``random.Random(seed)`` from a stored seed.

>>> from rotation61.tournament import Config, Entry, Format, Result, draw, new_event, play
>>> field = [Entry(id=f"p{i}", name=f"Player {i}", rating=700 - 10 * i) for i in range(1, 4)]
>>> state = draw(new_event("Cup", field, Config(format=Format.SINGLE)))
>>> [(m.id, m.players, m.status.value) for m in state.matches]
[('R1-1', ('p1', ''), 'bye'), ('R1-2', ('p2', 'p3'), 'ready'), ('R2-1', ('p1', None), 'pending')]
>>> state = play(state, Result(match="R1-2", racks=(7, 4)))
>>> state = play(state, Result(match="R2-1", racks=(5, 7)))
>>> state.champion
'p2'
"""

from __future__ import annotations

from rotation61.tournament.codec import from_dict, from_json, to_dict, to_json
from rotation61.tournament.csvfiles import (
    PLAYER_COLUMNS,
    EncodingProblem,
    FileEncodingError,
    PlayersCsvError,
    csv_text,
    decode_text,
    read_players_csv,
    standings_csv,
)
from rotation61.tournament.errors import (
    CorrectionRefusedError,
    DrawError,
    DuplicateEntryError,
    ErrorCode,
    InvalidEventError,
    InvalidResultError,
    MatchNotReadyError,
    SeedingError,
    SeedProblem,
    SeedProblemKind,
    TournamentError,
    UnknownMatchError,
    UnknownPlayerError,
)
from rotation61.tournament.matches import Match, Status
from rotation61.tournament.model import (
    BYE,
    CURRENT_PAIRING,
    ID_MAX_LENGTH,
    MAX_FIELD,
    Call,
    Config,
    Draw,
    Entry,
    Event,
    Feature,
    Format,
    Input,
    PairingRules,
    Races,
    Result,
    SeedingMethod,
    Stage,
    TieBreak,
    Walkover,
    WalkoverReason,
    Withdrawal,
)
from rotation61.tournament.options import check_settings_used, unused_settings
from rotation61.tournament.queue import next_calls
from rotation61.tournament.seeding import order_of_seeds, seed_order
from rotation61.tournament.standings import Line
from rotation61.tournament.state import EventState, draw, new_event, play, replay

__all__ = [
    "BYE",
    "CURRENT_PAIRING",
    "ID_MAX_LENGTH",
    "MAX_FIELD",
    "PLAYER_COLUMNS",
    "Call",
    "Config",
    "CorrectionRefusedError",
    "Draw",
    "DrawError",
    "DuplicateEntryError",
    "EncodingProblem",
    "Entry",
    "ErrorCode",
    "Event",
    "EventState",
    "Feature",
    "FileEncodingError",
    "Format",
    "Input",
    "InvalidEventError",
    "InvalidResultError",
    "Line",
    "Match",
    "MatchNotReadyError",
    "PairingRules",
    "PlayersCsvError",
    "Races",
    "Result",
    "SeedProblem",
    "SeedProblemKind",
    "SeedingError",
    "SeedingMethod",
    "Stage",
    "Status",
    "TieBreak",
    "TournamentError",
    "UnknownMatchError",
    "UnknownPlayerError",
    "Walkover",
    "WalkoverReason",
    "Withdrawal",
    "check_settings_used",
    "csv_text",
    "decode_text",
    "draw",
    "from_dict",
    "from_json",
    "new_event",
    "next_calls",
    "order_of_seeds",
    "play",
    "read_players_csv",
    "replay",
    "seed_order",
    "standings_csv",
    "to_dict",
    "to_json",
    "unused_settings",
]
