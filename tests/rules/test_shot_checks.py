"""Shot's checks: the fast paths for valid input refuse exactly what the plain checks refuse.

Also the simulator's unchecked constructor, :func:`rotation61.rules.shot.simulated_shot`:
its slot setters must be those of Shot's fields, in field order.
"""

from __future__ import annotations

import dataclasses

import pytest

from rotation61.rules import InvalidShotError, Shot, Zone
from rotation61.rules import shot as shot_module
from rotation61.rules.shot import simulated_shot


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"first_contact": 0}, "first contact: 0 is not an object ball"),
        ({"first_contact": True}, "first contact: True is not an object ball"),
        ({"first_contact": 1.0}, r"first contact: 1\.0 is not an object ball"),
        ({"first_contact": 1, "pocketed": (True,)}, "pocketed: True is not an object ball"),
        ({"first_contact": 1, "pocketed": (2, 16)}, "pocketed: 16 is not an object ball"),
        ({"first_contact": 1, "pocketed": (2.0,)}, r"pocketed: 2\.0 is not an object ball"),
        ({"first_contact": 1, "pocketed": [3, 0]}, "pocketed: 0 is not an object ball"),
        ({"first_contact": 1, "pocketed": (3, 3)}, r"pocketed: a ball is listed twice in \[3, 3\]"),
        ({"first_contact": 1, "pocketed": [4, 4]}, r"pocketed: a ball is listed twice in \[4, 4\]"),
        ({"first_contact": 1, "off_table": (0,)}, "off table: 0 is not an object ball"),
        (
            {"first_contact": 1, "pocketed": (2, 5), "off_table": (5, 2)},
            r"ball\(s\) \[2, 5\] both pocketed and off the table",
        ),
        (
            {"first_contact": 1, "rail_after_contact": frozenset({0, True})},
            "rail after contact: True is not an object ball",
        ),
        (
            {"first_contact": 1, "rail_after_contact": frozenset({16})},
            "rail after contact: 16 is not an object ball",
        ),
        (
            {"first_contact": 1, "break_rail_balls": frozenset({0})},
            "break rail balls: 0 is not an object ball",
        ),
        ({"rail_after_contact": frozenset({0, 3})}, "reached a cushion but the cue ball touched"),
        ({"off_table": (4,)}, r"object balls moved \(\[4\]\) but the cue ball touched none"),
    ],
)
def test_bad_shots_are_refused_naming_the_bad_value(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidShotError, match=message):
        Shot(**fields)  # type: ignore[arg-type]


def test_the_plain_checks_still_accept_what_they_accepted() -> None:
    # a cue ball given as 0.0 among the cushion balls passed the plain check (0.0 == 0)
    assert Shot(first_contact=1, rail_after_contact=frozenset({0.0, 2})).first_contact == 1  # type: ignore[arg-type]
    assert Shot(first_contact=1, pocketed=[2, 3]).pocketed == [2, 3]  # type: ignore[arg-type]


def test_simulated_shot_sets_each_field_through_its_own_slot() -> None:
    names = [f.name for f in dataclasses.fields(Shot)]
    for name in names:
        setter = getattr(shot_module, f"_set_{name}")
        assert setter.__self__ is getattr(Shot, name)
    args = (3, (3, 7), (9,), frozenset({0, 3}), frozenset({3, 9}), False, True, None, Zone.KITCHEN)
    built = simulated_shot(*args)
    checked = Shot(
        first_contact=3,
        pocketed=(3, 7),
        off_table=(9,),
        rail_after_contact=frozenset({0, 3}),
        break_rail_balls=frozenset({3, 9}),
        cue_pocketed=False,
        cue_off_table=True,
        kitchen=None,
        lowest_rest_zone=Zone.KITCHEN,
    )
    assert built == checked
    assert repr(built) == repr(checked)
    assert hash(built) == hash(checked)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.first_contact = 4  # type: ignore[misc]
