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
    check_object_ball,
)

__all__ = ["shot_from_dict", "shot_to_dict"]

_E = TypeVar("_E", Zone, ContactType, MovedBy)

SHOT_FIELDS: Final = frozenset(
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
    }
)
"""The fields of a shot's ``events`` object that a shot is made of."""

_FIELDS: Final = SHOT_FIELDS | {"notes"}

_KITCHEN_FIELDS: Final = frozenset(
    {
        "cue_crossed_head_string_before_first_contact",
        "first_contact_type",
        "first_ball_zone",
        "cue_crossed_head_string",
    }
)


def _ball_list(value: object, field: str, *, distinct: bool = False) -> tuple[Ball, ...]:
    if not isinstance(value, list):
        raise InvalidShotError(f"{field}: expected a list of balls, got {value!r}")
    balls = tuple(check_object_ball(v, field, error=InvalidShotError) for v in value)
    if distinct and len(set(balls)) != len(balls):
        raise InvalidShotError(f"{field}: a ball is listed twice in {value!r}")
    return balls


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidShotError(f"{field}: expected true or false, got {value!r}")
    return value


def _enum(kind: type[_E], value: object, field: str) -> _E:
    allowed = ", ".join(repr(m.value) for m in kind)
    if not isinstance(value, str):
        raise InvalidShotError(f"{field}: {value!r} is not one of {allowed}")
    try:
        return kind(value)
    except ValueError:
        raise InvalidShotError(f"{field}: {value!r} is not one of {allowed}") from None


def _kitchen(value: object, path: str) -> KitchenFacts | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidShotError(f"{path}.kitchen: expected an object or null, got {value!r}")
    unknown = set(value) - _KITCHEN_FIELDS
    if unknown:
        raise InvalidShotError(f"{path}.kitchen: unknown field(s) {sorted(unknown)!r}")
    zone = value.get("first_ball_zone")
    where = f"{path}.kitchen"
    try:
        return KitchenFacts(
            crossed_before_first_contact=_flag(
                value.get("cue_crossed_head_string_before_first_contact", True),
                f"{where}.cue_crossed_head_string_before_first_contact",
            ),
            first_contact_type=_enum(
                ContactType,
                value.get("first_contact_type", "ball"),
                f"{where}.first_contact_type",
            ),
            first_ball_zone=(
                None if zone is None else _enum(Zone, zone, f"{where}.first_ball_zone")
            ),
            crossed=_flag(
                value.get("cue_crossed_head_string", True), f"{where}.cue_crossed_head_string"
            ),
        )
    except InvalidShotError as err:
        raise _placed(err, where) from err


def _obstacle(value: object, path: str) -> ObstacleMove | None:
    if value is None:
        return None
    where = f"{path}.obstacle_moved_jump_masse"
    if not isinstance(value, Mapping) or "ball" not in value:
        raise InvalidShotError(f"{where}: expected {{'ball': n, 'moved_by': ...}}, got {value!r}")
    unknown = set(value) - {"ball", "moved_by"}
    if unknown:
        raise InvalidShotError(f"{where}: unknown field(s) {sorted(unknown)!r}")
    return ObstacleMove(
        ball=check_object_ball(value["ball"], f"{where}.ball", error=InvalidShotError),
        moved_by=_enum(MovedBy, value.get("moved_by", "cue"), f"{where}.moved_by"),
    )


def _rails(value: object, field: str) -> frozenset[Ball]:
    if not isinstance(value, list):
        raise InvalidShotError(f"{field}: expected a list, got {value!r}")
    balls = [
        CUE_BALL if v == "cue" else check_object_ball(v, field, error=InvalidShotError)
        for v in value
    ]
    if len(set(balls)) != len(balls):
        raise InvalidShotError(f"{field}: a ball is listed twice in {value!r}")
    return frozenset(balls)


def _placed(err: InvalidShotError, path: str) -> InvalidShotError:
    """The error with ``path`` in front, unless its message already names a place there."""
    text = str(err)
    return err if text.startswith(path) else InvalidShotError(f"{path}: {text}")


def shot_from_dict(data: Mapping[str, object], *, path: str = "events") -> Shot:
    """Read a shot from the scenario schema's ``events`` object; missing fields default.

    Args:
        data: the ``events`` object, as decoded from JSON.
        path: where the object lies in its document, for the error messages (a match
            record passes e.g. ``racks[0].entries[3].shot``).

    Returns:
        The shot.

    Raises:
        InvalidShotError: an unknown field or a bad value, named by its path in the
            message, or facts that contradict each other.
    """
    if not isinstance(data, Mapping):
        raise InvalidShotError(f"{path}: expected an object, got {data!r}")
    unknown = set(data) - _FIELDS
    if unknown:
        raise InvalidShotError(f"{path}: unknown field(s) {sorted(unknown)!r}")
    first = data.get("first_contact")
    rail_balls = data.get("break_rail_balls")
    grf = data.get("general_rules_foul")
    if grf is not None and not isinstance(grf, str):
        raise InvalidShotError(f"{path}.general_rules_foul: expected a name, got {grf!r}")
    notes = data.get("notes")
    if notes is not None and not isinstance(notes, str):
        raise InvalidShotError(f"{path}.notes: expected a text or null, got {notes!r}")
    try:
        return Shot(
            first_contact=None
            if first is None
            else check_object_ball(first, f"{path}.first_contact", error=InvalidShotError),
            pocketed=_ball_list(data.get("pocketed", []), f"{path}.pocketed"),
            off_table=_ball_list(data.get("off_table", []), f"{path}.off_table"),
            rail_after_contact=_rails(
                data.get("rail_after_contact", []), f"{path}.rail_after_contact"
            ),
            break_rail_balls=(
                None
                if rail_balls is None
                else frozenset(_ball_list(rail_balls, f"{path}.break_rail_balls", distinct=True))
            ),
            cue_pocketed=_flag(data.get("cue_pocketed", False), f"{path}.cue_pocketed"),
            cue_off_table=_flag(data.get("cue_off_table", False), f"{path}.cue_off_table"),
            kitchen=_kitchen(data.get("kitchen"), path),
            lowest_rest_zone=_enum(
                Zone, data.get("lowest_rest_zone", "outside"), f"{path}.lowest_rest_zone"
            ),
            obstacle_moved=_obstacle(data.get("obstacle_moved_jump_masse"), path),
            general_rules_foul=grf,
        )
    except InvalidShotError as err:
        raise _placed(err, path) from err


def shot_to_dict(shot: Shot, *, notes: bool = True) -> dict[str, object]:
    """Write a shot as the scenario schema's ``events`` object (canonical, every field).

    Args:
        shot: the shot.
        notes: write the schema's ``notes`` field (always null: a shot has no notes);
            match records leave it out.

    Returns:
        A JSON-ready dict, keys in the schema's order, balls sorted where their order
        is not meaningful (pocketed and off-table balls keep their order).
    """
    k = shot.kitchen
    moved = shot.obstacle_moved
    out = _shot_dict(shot, k, moved)
    if notes:
        out["notes"] = None
    return out


def _shot_dict(shot: Shot, k: KitchenFacts | None, moved: ObstacleMove | None) -> dict[str, object]:
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
    }
