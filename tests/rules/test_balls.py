"""The one ball-number check, and the error type each layer raises with it."""

from __future__ import annotations

import pytest

from rotation61.geometry import TABLE_9FT, GeometryError, spot_balls
from rotation61.records import InvalidRecordError, RulingSummary, shot_from_dict
from rotation61.rules import (
    InvalidShotError,
    InvalidStateError,
    ObstacleMove,
    Shot,
    check_object_ball,
    setup_rack,
)


@pytest.mark.parametrize("ball", [1, 8, 15])
def test_object_balls_pass_unchanged(ball: int) -> None:
    assert check_object_ball(ball, "pocketed", error=InvalidShotError) is ball


@pytest.mark.parametrize("ball", [0, 16, -1, True, 3.0, "3", None], ids=repr)
def test_anything_else_raises_the_given_error_naming_the_value(ball: object) -> None:
    with pytest.raises(InvalidStateError) as caught:
        check_object_ball(ball, "ball on the table", error=InvalidStateError)
    assert str(caught.value) == f"ball on the table: {ball!r} is not an object ball (1..15)"


def test_each_layer_keeps_its_error_type() -> None:
    message = "16 is not an object ball"
    with pytest.raises(InvalidShotError, match=f"pocketed: {message}"):
        Shot(first_contact=1, pocketed=(16,))
    with pytest.raises(InvalidShotError, match=f"obstacle moved: {message}"):
        ObstacleMove(ball=16)
    with pytest.raises(InvalidShotError, match=f"events.first_contact: {message}"):
        shot_from_dict({"first_contact": 16})
    with pytest.raises(InvalidStateError, match=f"ball on the table: {message}"):
        setup_rack(on_table={16}, scores=(104, 0))
    with pytest.raises(GeometryError, match=f"ball to spot: {message}"):
        spot_balls(TABLE_9FT, occupied={}, cue_ball=None, lowest=16, others=())
    with pytest.raises(InvalidRecordError, match=f"ruling spotted: {message}"):
        RulingSummary(legal=True, spotted=(16,))
