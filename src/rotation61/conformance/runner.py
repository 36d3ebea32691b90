"""The conformance runner: adjudication scenarios (the scenario schema) run through the engine.

Every expected field present in a scenario is compared with what the engine computes;
a field the runner does not know fails the scenario, so a scenario never passes by
being skipped. Rule scenarios run through the match layer, geometry scenarios through
the geometry layer, on the 9-ft table of the schema.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Final

from rotation61.geometry import TABLE_9FT, Point, placement_ok, rack_layout, spot_balls
from rotation61.match import MatchState, decide, officiate, play, time_foul
from rotation61.records import shot_from_dict
from rotation61.rules import (
    DEFAULT_RULESET,
    OfficialEvent,
    Option,
    RackPattern,
    RackState,
    RuleSet,
    Ruling,
    Seat,
    setup_rack,
)
from rotation61.rules.errors import Rotation61Error

__all__ = [
    "Mismatch",
    "ScenarioError",
    "ScenarioReport",
    "load_scenarios",
    "run_scenario",
    "run_scenarios",
]

GEOMETRY_TOLERANCE_IN: Final = 0.01
"""Coordinates match within ±0.01 in (scenario schema §1)."""


class ScenarioError(Rotation61Error, ValueError):
    """A scenario file or scenario that does not follow the schema."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Mismatch:
    """The first expected field that differs.

    Attributes:
        step: the step index (from 1), or 0 for the scenario as a whole.
        field: the field path, e.g. ``incoming_options`` or ``placements.4``.
        expected: the expected value.
        actual: the value the engine computed.
    """

    step: int
    field: str
    expected: object
    actual: object


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioReport:
    """The outcome of one scenario.

    Attributes:
        id: the scenario id.
        passed: every expected field matched.
        mismatch: the first differing field, if any.
        error: an error raised while running it (a scenario the engine rejected).
    """

    id: str
    passed: bool
    mismatch: Mismatch | None = None
    error: str | None = None

    def line(self) -> str:
        """One line: id, PASS/FAIL and, for a failure, the first difference."""
        if self.passed:
            return f"{self.id} PASS"
        if self.mismatch is not None:
            m = self.mismatch
            where = f"step {m.step} " if m.step else ""
            return (
                f"{self.id} FAIL {where}{m.field}: expected {_show(m.expected)}, "
                f"got {_show(m.actual)}"
            )
        return f"{self.id} FAIL {self.error}"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict of the report."""
        out: dict[str, object] = {"id": self.id, "passed": self.passed}
        if self.mismatch is not None:
            out["mismatch"] = dataclasses.asdict(self.mismatch)
        if self.error is not None:
            out["error"] = self.error
        return out


def _show(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=str)


class _DiffError(Exception):
    def __init__(self, mismatch: Mismatch) -> None:
        super().__init__(mismatch.field)
        self.mismatch = mismatch


def load_scenarios(lines: Iterable[str]) -> list[dict[str, object]]:
    """Parse JSON Lines into scenario objects; blank lines are skipped.

    Raises:
        ScenarioError: a line that is not a JSON object with an ``id`` (line number given).
    """
    out: list[dict[str, object]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            raise ScenarioError(f"line {number}: not JSON ({err.msg}, column {err.colno})") from err
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise ScenarioError(f"line {number}: a scenario must be an object with a string 'id'")
        out.append(data)
    return out


def run_scenarios(scenarios: Iterable[Mapping[str, object]]) -> list[ScenarioReport]:
    """Run every scenario; one report each, in order."""
    return [run_scenario(s) for s in scenarios]


def run_scenario(scenario: Mapping[str, object]) -> ScenarioReport:
    """Run one scenario of any kind and compare every expected field."""
    sid = str(scenario.get("id"))
    kind = scenario.get("kind")
    runner = _RUNNERS.get(str(kind))
    try:
        if runner is None:
            raise ScenarioError(f"unknown scenario kind {kind!r}")
        runner(scenario)
    except _DiffError as diff:
        return ScenarioReport(id=sid, passed=False, mismatch=diff.mismatch)
    except (Rotation61Error, ValueError, KeyError, TypeError) as err:
        return ScenarioReport(id=sid, passed=False, error=f"{type(err).__name__}: {err}")
    return ScenarioReport(id=sid, passed=True)


# --- comparison ---------------------------------------------------------------------

_UNORDERED: Final = frozenset({"incoming_options", "balls_on_table_after"})


def _compare(step: int, expect: Mapping[str, object], actual: Mapping[str, object]) -> None:
    for field, expected in expect.items():
        if field not in actual:
            raise _DiffError(
                Mismatch(step=step, field=field, expected=expected, actual="<unknown field>")
            )
        _compare_value(step, field, expected, actual[field])


def _compare_value(step: int, field: str, expected: object, actual: object) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            if key not in actual:
                raise _DiffError(
                    Mismatch(step=step, field=f"{field}.{key}", expected=value, actual=None)
                )
            _compare_value(step, f"{field}.{key}", value, actual[key])
        return
    leaf = field.rsplit(".", 1)[-1]
    if (
        leaf not in _UNORDERED
        and isinstance(expected, list)
        and isinstance(actual, list)
        and len(expected) == len(actual)
        and any(isinstance(a, float) for a in actual)
    ):
        for e, a in zip(expected, actual, strict=True):
            if not _same_leaf(e, a):
                raise _DiffError(Mismatch(step=step, field=field, expected=expected, actual=actual))
        return
    if leaf in _UNORDERED and isinstance(expected, list) and isinstance(actual, list):
        same = sorted(map(str, expected)) == sorted(map(str, actual))
    else:
        same = _same_leaf(expected, actual)
    if not same:
        raise _DiffError(Mismatch(step=step, field=field, expected=expected, actual=actual))


def _same_leaf(expected: object, actual: object) -> bool:
    """Equal values of the same type; coordinates within the geometry tolerance."""
    if isinstance(actual, float) and type(expected) in (int, float):
        return math.isclose(float(expected), actual, abs_tol=GEOMETRY_TOLERANCE_IN)  # type: ignore[arg-type]
    return expected == actual and type(expected) is type(actual)


def _seat(value: object, what: str) -> Seat:
    if value not in ("A", "B"):
        raise ScenarioError(f"{what}: {value!r} is not a seat ('A' or 'B')")
    return Seat.A if value == "A" else Seat.B


def _name(seat: Seat | None) -> str | None:
    return None if seat is None else seat.name


def _pair(pair: tuple[int, int]) -> dict[str, int]:
    return {"A": pair[0], "B": pair[1]}


def _per_seat(value: object, what: str) -> tuple[int, int]:
    if not isinstance(value, Mapping) or set(value) != {"A", "B"}:
        raise ScenarioError(f"{what}: expected {{'A': n, 'B': n}}, got {value!r}")
    a, b = value["A"], value["B"]
    if type(a) is not int or type(b) is not int:
        raise ScenarioError(f"{what}: expected integers, got {value!r}")
    return (a, b)


# --- rule scenarios -----------------------------------------------------------------


def _rules_of(scenario: Mapping[str, object]) -> RuleSet:
    config = scenario.get("config") or {}
    if not isinstance(config, Mapping):
        raise ScenarioError(f"config: expected an object, got {config!r}")
    return DEFAULT_RULESET.with_overrides(config)


def _initial_match(scenario: Mapping[str, object], rules: RuleSet) -> MatchState:
    before = scenario["before"]
    if not isinstance(before, Mapping):
        raise ScenarioError("before: expected an object")
    balls = before["balls_on_table"]
    if not isinstance(balls, list):
        raise ScenarioError("before.balls_on_table: expected a list")
    warnings = _per_seat(before.get("warnings_given", {"A": 0, "B": 0}), "before.warnings_given")
    rack = setup_rack(
        rules,
        on_table=frozenset(balls),
        scores=_per_seat(before["scores"], "before.scores"),
        shooter=_seat(before["shooter"], "before.shooter"),
        cue_in_hand=bool(before.get("cue_ball_in_hand_kitchen", False)),
        is_break=bool(before.get("is_break", False)),
        rack_started=bool(before.get("rack_started", True)),
        breaker=_seat(before.get("breaker", before["shooter"]), "before.breaker"),
        consecutive_fouls=_per_seat(
            before.get("consecutive_fouls", {"A": 0, "B": 0}), "before.consecutive_fouls"
        ),
        warned=(bool(warnings[0]), bool(warnings[1])),
    )
    last = before.get("last_legal_pocketer")
    if last is not None:
        rack = dataclasses.replace(rack, last_pocketer=_seat(last, "before.last_legal_pocketer"))
    match_info = before.get("match") or {"racks": {"A": 0, "B": 0}, "race_to": 1}
    if not isinstance(match_info, Mapping):
        raise ScenarioError("before.match: expected an object")
    race_to = match_info["race_to"]
    if type(race_to) is not int:
        raise ScenarioError(f"before.match.race_to: expected an int, got {race_to!r}")
    return MatchState(
        rules=rules,
        race_to=race_to,
        racks_won=_per_seat(match_info["racks"], "before.match.racks"),
        rack=rack,
    )


def _rack_just_played(match: MatchState, ruling: Ruling) -> RackState:
    return match.completed[-1] if ruling.result is not None else match.rack


def _ruling_fields(match: MatchState, ruling: Ruling) -> dict[str, object]:
    rack = _rack_just_played(match, ruling)
    over = match.is_over
    rack_over = ruling.result is not None
    points = [0, 0]
    points[ruling.shooter] = ruling.points
    result = ruling.result
    if result is not None and result.bonus_point is not None:
        points[result.bonus_point] += 1
    spotting = None
    if ruling.spotted:
        spotting = {
            "lowest": ruling.spot_lowest,
            "lowest_rule": "IX" if ruling.spot_lowest is not None else None,
            "others_from_foot_rail": list(ruling.spot_others),
            "others_rule": "XIII" if ruling.spot_others else None,
        }
    if over:
        in_hand_next: bool | None = None
    elif rack_over:
        in_hand_next = True
    else:
        in_hand_next = ruling.cue_in_hand_next
    return {
        "legal": ruling.legal,
        "fouls": [f.kind.value for f in ruling.fouls],
        "points": {"A": points[0], "B": points[1]},
        "scores_after": {"A": rack.points(Seat.A), "B": rack.points(Seat.B)},
        "balls_on_table_after": sorted(rack.on_table),
        "spotting": spotting,
        "object_ball_in_play_next": None if over else match.rack.lowest,
        "next_shooter": None if over else _name(match.rack.to_act),
        "shooter_continues": ruling.shooter_continues,
        "incoming_options": [o.value for o in ruling.options],
        "chooser": _name(ruling.chooser),
        "cue_ball_in_hand_kitchen_next": in_hand_next,
        "consecutive_fouls_after": _pair(ruling.consecutive_fouls),
        "foul_counted": ruling.foul_counted,
        "warning_due": _name(ruling.warning_due),
        "unsportsmanlike_review": ruling.unsportsmanlike_review,
        "rack_over": rack_over,
        "rack_result": None
        if result is None
        else {
            "type": result.type.value,
            "winner": _name(result.winner),
            "loser": _name(result.loser),
            "offender": _name(result.offender),
        },
        "next_rack_breaker": _name(match.rack.breaker) if rack_over and not over else None,
        "match_score_after": _pair(match.racks_won),
        "match_over": over,
        "match_winner": _name(match.winner),
    }


def _choice_fields(
    match: MatchState, option: Option, lowest_before: int | None
) -> dict[str, object]:
    rack = match.rack
    return {
        "option": option.value,
        "next_shooter": _name(rack.to_act),
        "cue_ball_in_hand_kitchen_next": rack.cue_in_hand,
        "moved_to_foot_spot_per_IX": lowest_before
        if option is Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN
        else None,
        "balls_restored": option is Option.RESTORE_AND_OFFENDER_REPLAYS,
        "consecutive_fouls_after": _pair(rack.consecutive_fouls),
        "object_ball_in_play_next": rack.lowest,
    }


def _expect(step: Mapping[str, object], index: int) -> Mapping[str, object]:
    expect = step.get("expect", {})
    if not isinstance(expect, Mapping):
        raise ScenarioError(f"step {index}: expect must be an object")
    return expect


def _run_rules(scenario: Mapping[str, object]) -> None:
    rules = _rules_of(scenario)
    match = _initial_match(scenario, rules)
    steps = scenario.get("shots", [])
    if not isinstance(steps, list):
        raise ScenarioError("shots: expected a list")
    for index, step in enumerate(steps, start=1):
        if not isinstance(step, Mapping):
            raise ScenarioError(f"step {index}: expected an object")
        match = _run_rule_step(match, step, index)


def _run_rule_step(match: MatchState, step: Mapping[str, object], index: int) -> MatchState:
    kind = step.get("type")
    expect = _expect(step, index)
    if kind in ("shot", "time_foul"):
        before = match.rack
        _compare(
            index,
            {k: step[k] for k in ("shooter", "is_break") if k in step},
            {"shooter": _name(before.to_act), "is_break": before.is_break},
        )
        if kind == "time_foul":  # A50: the clock ran out; no ball moved
            match, ruling = time_foul(match)
        else:
            events = step.get("events", {})
            if not isinstance(events, Mapping):
                raise ScenarioError(f"step {index}: events must be an object")
            match, ruling = play(match, shot_from_dict(events))
        _compare(index, expect, _ruling_fields(match, ruling))
    elif kind == "choice":
        option = Option(str(step["option"]))
        lowest = match.rack.lowest
        match = decide(match, option, by=_seat(step.get("by"), f"step {index}: by"))
        _compare(index, expect, _choice_fields(match, option, lowest))
    elif kind == "event":
        event = OfficialEvent(str(step["event"]))
        player = step.get("player")
        seat = None if player is None else _seat(player, f"step {index}: player")
        match, ruling = officiate(match, event, seat)
        _compare(index, expect, _ruling_fields(match, ruling))
    elif kind == "place_cue_ball":
        others = step.get("other_balls_xy", [])
        if not isinstance(others, list):
            raise ScenarioError(f"step {index}: other_balls_xy must be a list")
        point = Point(float(step["x"]), float(step["y"]))  # type: ignore[arg-type]
        obstacles = [Point(float(x), float(y)) for _, x, y in others]
        _compare(index, expect, {"valid": placement_ok(TABLE_9FT, point, obstacles)})
    else:
        raise ScenarioError(f"step {index}: unknown step type {kind!r}")
    return match


# --- geometry scenarios -------------------------------------------------------------


def _xy(value: object, what: str) -> Point:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) for v in value)
    ):
        raise ScenarioError(f"{what}: expected [x, y], got {value!r}")
    return Point(float(value[0]), float(value[1]))


def _ball_number(value: object, what: str) -> int:
    if type(value) is not int:
        raise ScenarioError(f"{what}: {value!r} is not a ball number")
    return value


def _placements(placed: Mapping[int, Point]) -> dict[str, object]:
    return {str(ball): [p.x, p.y] for ball, p in placed.items()}


def _run_spotting(scenario: Mapping[str, object]) -> None:
    rules = _rules_of(scenario)
    before = scenario.get("before", {})
    request = scenario.get("request", {})
    if not isinstance(before, Mapping) or not isinstance(request, Mapping):
        raise ScenarioError("before and request must be objects")
    balls_xy = before.get("balls_xy") or {}
    if not isinstance(balls_xy, Mapping):
        raise ScenarioError("before.balls_xy: expected an object")
    occupied = {int(b): _xy(xy, f"before.balls_xy.{b}") for b, xy in balls_xy.items()}
    cue = before.get("cue_ball_xy")
    others = request.get("others") or []
    if not isinstance(others, list):
        raise ScenarioError("request.others: expected a list")
    lowest = request.get("lowest")
    lifted = {lowest, *others}  # a ball being spotted is lifted first and obstructs nothing
    placed = spot_balls(
        TABLE_9FT,
        occupied={ball: xy for ball, xy in occupied.items() if ball not in lifted},
        cue_ball=None if cue is None else _xy(cue, "before.cue_ball_xy"),
        lowest=None if lowest is None else _ball_number(lowest, "request.lowest"),
        others=[_ball_number(b, "request.others") for b in others],
        cue_ball_gap=float(rules.cue_ball_spot_gap_in),
        direction=rules.spot_others_direction,
    )
    _compare(
        0,
        _expect(scenario, 0),
        {
            "placements": _placements(placed),
            "placement_order": list(placed),
            "cue_ball_gap_in": float(rules.cue_ball_spot_gap_in),
        },
    )


def _run_rack(scenario: Mapping[str, object]) -> None:
    """A rack layout; the request's pattern, else the configuration's (§III, A43).

    In the standard pattern only the 1, 2, 3 and 15 have fixed places; the other balls
    are placed at random, so an expected layout matches when each of them is in a
    distinct free slot of the triangle.
    """
    rules = _rules_of(scenario)
    request = scenario.get("request", {})
    if not isinstance(request, Mapping):
        raise ScenarioError("request must be an object")
    pattern = RackPattern(str(request.get("rack", rules.rack_pattern.value)))
    layout = rack_layout(TABLE_9FT, pattern)
    actual = _placements(layout)
    expect = _expect(scenario, 0)
    expected = expect.get("placements")
    if pattern is RackPattern.STANDARD and isinstance(expected, Mapping):
        actual = _match_random_slots(actual, expected)
    _compare(0, expect, {"placements": actual})


_FIXED_IN_STANDARD: Final = frozenset({"1", "2", "3", "15"})


def _match_random_slots(
    actual: dict[str, object], expected: Mapping[str, object]
) -> dict[str, object]:
    """Give each randomly placed ball the expected slot when that slot is free for it."""
    free = [xy for ball, xy in actual.items() if ball not in _FIXED_IN_STANDARD]
    out = dict(actual)
    for ball, xy in expected.items():
        if ball in _FIXED_IN_STANDARD or ball not in actual:
            continue
        for slot in free:
            if (
                isinstance(slot, list)
                and isinstance(xy, list)
                and len(xy) == 2
                and all(_same_leaf(e, a) for e, a in zip(xy, slot, strict=True))
            ):
                out[ball] = slot
                free.remove(slot)
                break
    return out


_RUNNERS: Final[Mapping[str, Callable[[Mapping[str, object]], None]]] = {
    "rules": _run_rules,
    "spotting_geometry": _run_spotting,
    "rack_geometry": _run_rack,
}
