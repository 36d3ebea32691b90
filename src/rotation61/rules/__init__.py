"""The referee: an exact, pure engine for the 15-ball rotation rulebook.

Stdlib only, no floats, no I/O. A rack is a :class:`RackState`; a shot is a
:class:`Shot` of observed facts; :func:`judge` gives a :class:`Ruling` and :func:`apply`
the next state; :func:`decide` takes the incoming player's decision after a foul;
:func:`officiate` takes concessions, disqualifications and stalemates.

>>> from rotation61.rules import Shot, new_rack, play
>>> state, ruling = play(new_rack(), Shot(first_contact=1, pocketed=(5, 12),
...                                        break_rail_balls=frozenset({2, 3, 4, 5})))
>>> ruling.legal, ruling.points, state.scores, state.lowest
(True, 17, (17, 0), 1)
"""

from __future__ import annotations

from rotation61.rules.balls import CUE_BALL, OBJECT_BALLS, TOTAL_POINTS, Ball, check_object_ball
from rotation61.rules.errors import (
    IllegalActionError,
    InvalidShotError,
    InvalidStateError,
    Rotation61Error,
    UnknownRuleSetError,
)
from rotation61.rules.fouls import FOUL_SECTIONS, GENERAL_RULES_FOULS, Foul, FoulKind
from rotation61.rules.referee import Ruling, apply, decide, judge, judge_time_foul, officiate, play
from rotation61.rules.ruleset import (
    DEFAULT_RULESET,
    PRESETS,
    RULESET_KEYS,
    BreakerPolicy,
    ConfigValue,
    DisqualificationScope,
    RackPattern,
    RuleSet,
    RuleSetProblem,
    RuleSetValueError,
    SpotDirection,
    TieRule,
    config_of,
    config_value,
    get_ruleset,
)
from rotation61.rules.shot import (
    ContactType,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    Shot,
    is_general_rules_foul_name,
)
from rotation61.rules.shot_clock import (
    WARNING_MS,
    ShotClock,
    ShotClockError,
    ShotClockProblem,
    extension_ms,
    extensions_left,
    shot_allowance_ms,
    take_extension,
)
from rotation61.rules.state import (
    OfficialEvent,
    Option,
    PendingDecision,
    Phase,
    RackResult,
    RackResultType,
    RackState,
    Seat,
    new_rack,
    setup_rack,
    with_seat,
)
from rotation61.rules.table import Zone

__all__ = [
    "CUE_BALL",
    "DEFAULT_RULESET",
    "FOUL_SECTIONS",
    "GENERAL_RULES_FOULS",
    "OBJECT_BALLS",
    "PRESETS",
    "RULESET_KEYS",
    "TOTAL_POINTS",
    "WARNING_MS",
    "Ball",
    "BreakerPolicy",
    "ConfigValue",
    "ContactType",
    "DisqualificationScope",
    "Foul",
    "FoulKind",
    "IllegalActionError",
    "InvalidShotError",
    "InvalidStateError",
    "KitchenFacts",
    "MovedBy",
    "ObstacleMove",
    "OfficialEvent",
    "Option",
    "PendingDecision",
    "Phase",
    "RackPattern",
    "RackResult",
    "RackResultType",
    "RackState",
    "Rotation61Error",
    "RuleSet",
    "RuleSetProblem",
    "RuleSetValueError",
    "Ruling",
    "Seat",
    "Shot",
    "ShotClock",
    "ShotClockError",
    "ShotClockProblem",
    "SpotDirection",
    "TieRule",
    "UnknownRuleSetError",
    "Zone",
    "apply",
    "check_object_ball",
    "config_of",
    "config_value",
    "decide",
    "extension_ms",
    "extensions_left",
    "get_ruleset",
    "is_general_rules_foul_name",
    "judge",
    "judge_time_foul",
    "new_rack",
    "officiate",
    "play",
    "setup_rack",
    "shot_allowance_ms",
    "take_extension",
    "with_seat",
]
