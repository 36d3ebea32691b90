"""Matches: races to N racks, who breaks each rack, replays, concessions.

>>> from rotation61.match import start_match
>>> start_match(race_to=5).racks_won
(0, 0)
"""

from __future__ import annotations

from rotation61.match.state import (
    MatchState,
    RackHistory,
    decide,
    extend,
    next_breaker,
    officiate,
    play,
    start_match,
    time_foul,
)

__all__ = [
    "MatchState",
    "RackHistory",
    "decide",
    "extend",
    "next_breaker",
    "officiate",
    "play",
    "start_match",
    "time_foul",
]
