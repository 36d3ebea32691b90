"""The kernel's integer protocol: one module defines it, and the public enums mirror it exactly."""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping
from enum import Enum
from pathlib import Path

import pytest

from rotation61.geometry import Point
from rotation61.rules import ContactType
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    CushionId,
    EventKind,
    MotionState,
    PocketId,
    Stroke,
    _facts,
    events,
    simulate,
    table,
)
from rotation61.sim._kernel import protocol

KERNEL = Path(protocol.__file__).parent


def _group(prefix: str) -> dict[str, int]:
    """The protocol's constants whose names start with ``prefix``, by the rest of the name."""
    return {
        name.removeprefix(prefix): value
        for name, value in vars(protocol).items()
        if name.startswith(prefix)
    }


_POCKET_OF_ROW = {row: pocket for pocket, row in table._POCKET_ROWS.items()}

CODE_GROUPS = [
    pytest.param("EV_", EventKind, events._EVENT_KINDS, id="EventKind"),
    pytest.param("MOTION_", MotionState, events._MOTION_STATES, id="MotionState"),
    pytest.param("CUSHION_", CushionId, table._CUSHIONS, id="CushionId"),
    pytest.param("POCKET_", PocketId, _POCKET_OF_ROW, id="PocketId"),
    pytest.param("CUE_FIRST_", ContactType, _facts.CONTACT_TYPES, id="ContactType"),
]


@pytest.mark.parametrize(("prefix", "enum", "table_of_code"), CODE_GROUPS)
def test_every_public_member_has_exactly_its_own_protocol_code(
    prefix: str, enum: type[Enum], table_of_code: Mapping[int, Enum]
) -> None:
    codes = _group(prefix)
    # every code names a member and every member has a code
    assert set(codes) == {member.name for member in enum}
    assert len(set(codes.values())) == len(codes), f"two {prefix} codes share a value"
    # the table that decodes the kernel's codes pairs each member with its own code
    assert dict(table_of_code) == {codes[member.name]: member for member in enum}


def test_pocket_codes_are_the_rows_of_the_pockets_array() -> None:
    rows = _group("POCKET_")
    assert sorted(rows.values()) == list(range(len(PocketId)))
    assert len(DEFAULT_TABLE.arrays()[2]) == len(PocketId)
    for name, row in rows.items():
        assert table.POCKETS[row] is PocketId[name]


def test_each_pocket_row_holds_the_hole_of_that_pocket() -> None:
    length, width = DEFAULT_TABLE.length, DEFAULT_TABLE.width
    corners = {
        PocketId.HEAD_RIGHT: (0.0, 0.0),
        PocketId.SIDE_RIGHT: (0.5 * length, 0.0),
        PocketId.FOOT_RIGHT: (length, 0.0),
        PocketId.FOOT_LEFT: (length, width),
        PocketId.SIDE_LEFT: (0.5 * length, width),
        PocketId.HEAD_LEFT: (0.0, width),
    }
    holes = DEFAULT_TABLE.arrays()[2]
    for pocket, (x, y) in corners.items():
        hole = holes[table._POCKET_ROWS[pocket]]
        distance = math.hypot(hole[protocol.HOLE_X] - x, hole[protocol.HOLE_Y] - y)
        assert distance < 0.1, pocket


def test_every_cushion_has_lines_and_the_jaws_are_tagged_as_jaws() -> None:
    lines = DEFAULT_TABLE.arrays()[0]
    cushions = [DEFAULT_TABLE.cushion_of(k) for k in range(len(lines))]
    assert set(cushions) == set(CushionId)
    assert cushions.count(CushionId.JAW) == 2 * len(PocketId)
    for k, cushion in enumerate(cushions):
        assert (lines[k, protocol.LINE_CUSHION] == protocol.CUSHION_JAW) == (
            cushion is CushionId.JAW
        )


@pytest.mark.parametrize(
    ("prefix", "width"),
    [
        ("STATE_", protocol.STATE_WIDTH),
        ("LINE_", protocol.LINE_WIDTH),
        ("POINT_", protocol.POINT_WIDTH),
        ("HOLE_", protocol.HOLE_WIDTH),
        ("RECT_", protocol.RECT_WIDTH),
        ("STROKE_", protocol.STROKE_WIDTH),
    ],
)
def test_columns_are_distinct_and_inside_their_row(prefix: str, width: int) -> None:
    columns = {name: col for name, col in _group(prefix).items() if name != "WIDTH"}
    assert len(set(columns.values())) == len(columns)
    assert all(0 <= col < width for col in columns.values())


def test_the_log_row_is_five_columns_then_two_state_blocks() -> None:
    single = [protocol.LOG_TIME, protocol.LOG_KIND, protocol.LOG_BALL, protocol.LOG_OTHER]
    single.append(protocol.LOG_SPEED)
    assert sorted(single) == list(range(protocol.LOG_BALL_STATE))
    assert protocol.LOG_OTHER_STATE == protocol.LOG_BALL_STATE + protocol.STATE_WIDTH
    assert protocol.LOG_WIDTH == protocol.LOG_OTHER_STATE + protocol.STATE_WIDTH
    log = simulate(*_straight_shot()).log
    assert log.shape[1] == protocol.LOG_WIDTH
    assert log[0, protocol.LOG_KIND] == protocol.EV_STRIKE


def test_the_facts_vector_has_its_fixed_fields_before_the_pocketed_balls() -> None:
    fixed = {name: col for name, col in _group("F_").items() if name != "POCKETED"}
    assert sorted(fixed.values()) == list(range(protocol.F_POCKETED))


def test_the_parameter_vector_has_one_column_per_parameter() -> None:
    columns = _group("P_")
    assert sorted(columns.values()) == list(range(protocol.N_PARAMS))
    p = DEFAULT_PARAMS.vector()
    assert p.shape == (protocol.N_PARAMS,)
    assert p[protocol.P_R] == DEFAULT_PARAMS.ball_radius
    assert p[protocol.P_MU_S] == DEFAULT_PARAMS.mu_slide


def test_a_stroke_row_follows_the_stroke_columns() -> None:
    row = Stroke(speed=1.5, phi=10.0, theta=2.0, a=0.1, b=-0.2).as_tuple()
    assert len(row) == protocol.STROKE_WIDTH
    assert row[protocol.STROKE_SPEED] == 1.5
    assert row[protocol.STROKE_PHI] == 10.0
    assert row[protocol.STROKE_THETA] == 2.0
    assert row[protocol.STROKE_A] == 0.1
    assert row[protocol.STROKE_B] == -0.2


@pytest.mark.parametrize(
    "module",
    sorted(p.name for p in KERNEL.glob("*.py") if p.name != "protocol.py"),
)
def test_no_kernel_module_but_the_protocol_defines_a_constant(module: str) -> None:
    tree = ast.parse((KERNEL / module).read_text(encoding="utf-8"))
    names = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name) and target.id != "__all__"
    ]
    assert names == [], f"{module} defines {names}: the protocol module owns every constant"


def _straight_shot() -> tuple[dict[int, Point], Stroke]:
    layout = {0: Point(80.0, 20.0), 1: Point(90.0, 10.0)}
    return layout, Stroke(speed=1.5, phi=-45.0)
