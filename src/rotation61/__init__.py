"""rotation61: the exact software referee for 15-ball rotation pool (61).

The root package re-exports the pure referee API; optional layers are imported
explicitly (``rotation61.geometry``, ``rotation61.match``, ``rotation61.text``).

>>> import rotation61
>>> rotation61.judge(rotation61.new_rack(), rotation61.Shot(first_contact=2)).fouls[0].kind.value
'wrong_first_contact'
"""

from __future__ import annotations

from rotation61._version import __version__
from rotation61.rules import (
    DEFAULT_RULESET,
    PRESETS,
    Foul,
    FoulKind,
    IllegalActionError,
    InvalidShotError,
    InvalidStateError,
    Option,
    RackState,
    Rotation61Error,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    apply,
    decide,
    get_ruleset,
    judge,
    new_rack,
    officiate,
    play,
)

__all__ = [
    "DEFAULT_RULESET",
    "PRESETS",
    "Foul",
    "FoulKind",
    "IllegalActionError",
    "InvalidShotError",
    "InvalidStateError",
    "Option",
    "RackState",
    "Rotation61Error",
    "RuleSet",
    "Ruling",
    "Seat",
    "Shot",
    "__version__",
    "apply",
    "decide",
    "get_ruleset",
    "judge",
    "new_rack",
    "officiate",
    "play",
]
