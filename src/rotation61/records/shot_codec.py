"""JSON conversion of a shot's observed events (the scenario schema's ``events`` object).

Hand-written in both directions. Reading validates every field and names the bad one;
writing is canonical (every field present, balls sorted where order is not meaningful).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeVar

from rotation61.rules import (
    CUE_BALL,
    Ball,
    ContactType,
    InvalidShotError,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    Shot,
    Zone,
)

__all__ = ["shot_from_dict", "shot_to_dict"]

_E = TypeVar("_E", Zone, ContactType, MovedBy)

_FIELDS: Final = frozenset(
    {
        "first_contact",
        "pocketed",
        "off_table",
        "rail_after_contact",
        "break_rail_balls",
        "cue_pocketed",
        "cue_off_table",
        "kitchen",
        "lowest_rest_zone",
        "obstacle_moved_jump_masse",
        "general_rules_foul",
        "notes",
    }
)
_KITCHEN_FIELDS: Final = frozenset(
    {
        "cue_crossed_head_string_before_first_contact",
        "first_contact_type",
        "first_ball_zone",
        "cue_crossed_head_string",
    }
)


def _ball(value: object, field: str) -> Ball:
    if type(value) is not int or not 1 <= value <= 15:
        raise InvalidShotError(f"events.{field}: {value!r} is not an object ball (1..15)")
    return value


def _ball_list(value: object, field: str) -> tuple[Ball, ...]:
    if not isinstance(value, list):
        raise InvalidShotError(f"events.{field}: expected a list of balls, got {value!r}")
    return tuple(_ball(v, field) for v in value)


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidShotError(f"events.{field}: expected true or false, got {value!r}")
    return value


def _enum(kind: type[_E], value: object, field: str) -> _E:
    allowed = ", ".join(repr(m.value) for m in kind)
    if not isinstance(value, str):
        raise InvalidShotError(f"events.{field}: {value!r} is not one of {allowed}")
    try:
        return kind(value)
    except ValueError:
        raise InvalidShotError(f"events.{field}: {value!r} is not one of {allowed}") from None


def _kitchen(value: object) -> KitchenFacts | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidShotError(f"events.kitchen: expected an object or null, got {value!r}")
    unknown = set(value) - _KITCHEN_FIELDS
    if unknown:
        raise InvalidShotError(f"events.kitchen: unknown field(s) {sorted(unknown)!r}")
    zone = value.get("first_ball_zone")
    return KitchenFacts(
        crossed_before_first_contact=_flag(
            value.get("cue_crossed_head_string_before_first_contact", True),
            "kitchen.cue_crossed_head_string_before_first_contact",
        ),
        first_contact_type=_enum(
            ContactType, value.get("first_contact_type", "ball"), "kitchen.first_contact_type"
        ),
        first_ball_zone=None if zone is None else _enum(Zone, zone, "kitchen.first_ball_zone"),
        crossed=_flag(
            value.get("cue_crossed_head_string", True), "kitchen.cue_crossed_head_string"
        ),
    )


def _obstacle(value: object) -> ObstacleMove | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or "ball" not in value:
        raise InvalidShotError(
            "events.obstacle_moved_jump_masse: expected {'ball': n, 'moved_by': ...}, "
            f"got {value!r}"
        )
    return ObstacleMove(
        ball=_ball(value["ball"], "obstacle_moved_jump_masse.ball"),
        moved_by=_enum(MovedBy, value.get("moved_by", "cue"), "obstacle_moved_jump_masse.moved_by"),
    )


def _rails(value: object) -> frozenset[Ball]:
    if not isinstance(value, list):
        raise InvalidShotError(f"events.rail_after_contact: expected a list, got {value!r}")
    return frozenset(CUE_BALL if v == "cue" else _ball(v, "rail_after_contact") for v in value)


def shot_from_dict(data: Mapping[str, object]) -> Shot:
    """Read a shot from the scenario schema's ``events`` object; missing fields default.

    Raises:
        InvalidShotError: an unknown field or a bad value, named in the message.
    """
    if not isinstance(data, Mapping):
        raise InvalidShotError(f"events: expected an object, got {data!r}")
    unknown = set(data) - _FIELDS
    if unknown:
        raise InvalidShotError(f"events: unknown field(s) {sorted(unknown)!r}")
    first = data.get("first_contact")
    rail_balls = data.get("break_rail_balls")
    grf = data.get("general_rules_foul")
    if grf is not None and not isinstance(grf, str):
        raise InvalidShotError(f"events.general_rules_foul: expected a name, got {grf!r}")
    return Shot(
        first_contact=None if first is None else _ball(first, "first_contact"),
        pocketed=_ball_list(data.get("pocketed", []), "pocketed"),
        off_table=_ball_list(data.get("off_table", []), "off_table"),
        rail_after_contact=_rails(data.get("rail_after_contact", [])),
        break_rail_balls=(
            None if rail_balls is None else frozenset(_ball_list(rail_balls, "break_rail_balls"))
        ),
        cue_pocketed=_flag(data.get("cue_pocketed", False), "cue_pocketed"),
        cue_off_table=_flag(data.get("cue_off_table", False), "cue_off_table"),
        kitchen=_kitchen(data.get("kitchen")),
        lowest_rest_zone=_enum(Zone, data.get("lowest_rest_zone", "outside"), "lowest_rest_zone"),
        obstacle_moved=_obstacle(data.get("obstacle_moved_jump_masse")),
        general_rules_foul=grf,
    )


def shot_to_dict(shot: Shot) -> dict[str, object]:
    """Write a shot as the scenario schema's ``events`` object (canonical, every field)."""
    k = shot.kitchen
    moved = shot.obstacle_moved
    rails: list[object] = ["cue"] if CUE_BALL in shot.rail_after_contact else []
    rails += sorted(shot.rail_after_contact - {CUE_BALL})
    return {
        "first_contact": shot.first_contact,
        "pocketed": list(shot.pocketed),
        "off_table": list(shot.off_table),
        "rail_after_contact": rails,
        "break_rail_balls": None
        if shot.break_rail_balls is None
        else sorted(shot.break_rail_balls),
        "cue_pocketed": shot.cue_pocketed,
        "cue_off_table": shot.cue_off_table,
        "kitchen": None
        if k is None
        else {
            "cue_crossed_head_string_before_first_contact": k.crossed_before_first_contact,
            "first_contact_type": k.first_contact_type.value,
            "first_ball_zone": None if k.first_ball_zone is None else k.first_ball_zone.value,
            "cue_crossed_head_string": k.crossed,
        },
        "lowest_rest_zone": shot.lowest_rest_zone.value,
        "obstacle_moved_jump_masse": None
        if moved is None
        else {"ball": moved.ball, "moved_by": moved.moved_by.value},
        "general_rules_foul": shot.general_rules_foul,
        "notes": None,
    }
