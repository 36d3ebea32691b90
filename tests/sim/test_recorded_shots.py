"""Shots recorded from the engine before its kernel became a package play out the same.

The expected values are literals written down from the engine as it was (one long module,
``sim/_kernel.py``), so a refactoring of the kernel that changes any result fails here. The
cases cover breaks (compliant multi-ball impacts and the two-ball
sequence, a pocketed ball, a frozen rack), a random layout shot, a straight pot and a kitchen
shot crossing the head string. Positions are inches, rounded to 1e-9. They are played with
the parameters they were recorded with (:data:`RECORDED_PARAMS`: the spin about the vertical
decaying at 37.8 rad/s^2, a ball-ball restitution of 0.95 and a rolling resistance of 0.01,
before their calibration). The
two shots with side english (``random8_seed7``, ``kitchen_bank``) were recorded again when
squirt was modelled.
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import pytest

from rotation61.geometry import TABLE_9FT, Point
from rotation61.rules.balls import Ball
from rotation61.sim import (
    Params,
    Stroke,
    aim_at,
    break_layout,
    break_stroke,
    random_layout,
    simulate,
    simulate_batch,
)

ROUNDING_IN: Final = 1e-9
"""The recorded positions are rounded to this (inches); compared within the rounding."""

ROUNDING_S: Final = 1e-9
"""The recorded durations are rounded to this (seconds)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Recorded:
    events: int
    duration: float
    first_contact: Ball | None
    pocketed: tuple[tuple[Ball, str], ...]
    positions: tuple[tuple[Ball, float, float], ...]


Case = tuple[dict[Ball, Point], Stroke, Params]

RECORDED_PARAMS: Final = Params(mu_spin=0.044, e_ball=0.95, mu_roll=0.01)
"""The parameters the shots were recorded with (before the spin decay, the ball-ball
restitution and the rolling resistance were calibrated)."""


def _cases() -> dict[str, Case]:
    default = RECORDED_PARAMS
    out: dict[str, Case] = {}
    rng = np.random.default_rng(61)
    layout = break_layout(TABLE_9FT, rng)
    out["break_seed61"] = (layout, break_stroke(layout, 8.0, rng), default)
    rng = np.random.default_rng(4)
    layout = break_layout(TABLE_9FT, rng)
    out["break_seed4"] = (layout, break_stroke(layout, 8.0, rng), default)
    layout = break_layout(TABLE_9FT, None, gap=0.0, wiggle=0.0)
    out["break_frozen"] = (layout, break_stroke(layout, 8.0), default)
    rng = np.random.default_rng(7)
    layout = random_layout(rng, 8)
    stroke = Stroke(speed=3.0, phi=aim_at(layout[0], layout[1]) + 1.0, a=0.2, b=-0.2)
    out["random8_seed7"] = (layout, stroke, default)
    layout = {0: Point(80.0, 20.0), 1: Point(90.0, 10.0)}
    out["straight_in"] = (
        layout,
        Stroke(speed=1.5, phi=aim_at(layout[0], layout[1]), b=-0.3),
        default,
    )
    layout = {0: Point(20.0, 30.0), 3: Point(70.0, 12.0), 5: Point(85.0, 40.0)}
    stroke = Stroke(speed=3.5, phi=aim_at(layout[0], layout[3]) + 1.0, theta=2.0, a=-0.3, b=0.3)
    out["kitchen_bank"] = (layout, stroke, default)
    rng = np.random.default_rng(61)
    layout = break_layout(TABLE_9FT, rng)
    out["break_two_ball"] = (
        layout,
        break_stroke(layout, 8.0, rng),
        dataclasses.replace(RECORDED_PARAMS, compliant_impacts=False),
    )
    return out


CASES: Final = _cases()

RECORDED: Final[dict[str, Recorded]] = {
    "break_seed61": Recorded(
        events=128,
        duration=6.859368533,
        first_contact=1,
        pocketed=(),
        positions=(
            (0, 45.538124958, 39.695869975),
            (1, 54.756455926, 28.03889535),
            (2, 56.9720432, 24.96310901),
            (3, 52.977259848, 25.354764844),
            (4, 52.562500946, 13.523380906),
            (5, 76.896555006, 23.349880286),
            (6, 65.150615634, 29.197940603),
            (7, 64.32825851, 10.993983669),
            (8, 66.303059758, 38.0746481),
            (9, 38.079519923, 10.628898473),
            (10, 50.01551868, 34.215047127),
            (11, 58.847509199, 11.809039486),
            (12, 81.55277236, 30.709503038),
            (13, 16.738080641, 38.232360489),
            (14, 82.716364526, 24.510845868),
            (15, 59.150804558, 25.777525082),
        ),
    ),
    "break_seed4": Recorded(
        events=125,
        duration=7.786124814,
        first_contact=1,
        pocketed=((5, "side_left"),),
        positions=(
            (0, 21.96607685, 26.563751429),
            (1, 58.730672582, 24.347361783),
            (2, 76.176319208, 46.307702553),
            (3, 66.56824479, 9.936200296),
            (4, 54.512497531, 35.128248164),
            (6, 83.932408232, 30.026815739),
            (7, 70.450770971, 36.137015325),
            (8, 77.184043092, 27.615418758),
            (9, 45.874902451, 14.090844709),
            (10, 62.279879646, 36.57923171),
            (11, 68.237644289, 6.374938846),
            (12, 66.798410291, 13.191576156),
            (13, 61.357364315, 27.903592386),
            (14, 35.535454187, 13.900617926),
            (15, 74.675389242, 24.303152805),
        ),
    ),
    "break_frozen": Recorded(
        events=119,
        duration=5.758734913,
        first_contact=1,
        pocketed=(),
        positions=(
            (0, 29.277380879, 25.668636233),
            (1, 45.234424168, 23.716287382),
            (2, 18.393096433, 34.203621345),
            (3, 18.63497702, 15.815620752),
            (4, 35.936290053, 1.21165034),
            (5, 35.936290054, 48.788349658),
            (6, 41.268606447, 16.927226676),
            (7, 41.268606447, 33.072773324),
            (8, 84.021350423, 15.90623099),
            (9, 66.298797017, 17.440946815),
            (10, 68.760486855, 32.985883841),
            (11, 84.021350423, 34.09376901),
            (12, 69.450056625, 2.732335473),
            (13, 75.096583394, 24.981810978),
            (14, 69.450056625, 47.267664527),
            (15, 62.648335941, 24.029723633),
        ),
    ),
    "random8_seed7": Recorded(
        events=13,
        duration=5.078992582,
        first_contact=1,
        pocketed=(),
        positions=(
            (0, 72.942831401, 2.442753904),
            (1, 72.298593754, 39.252962797),
            (2, 30.46625435, 42.837177018),
            (3, 1.639683521, 40.338656978),
            (4, 79.038536661, 23.468893998),
            (5, 30.746419722, 14.419822978),
            (6, 26.038502193, 22.377393606),
            (7, 50.444592313, 27.554498562),
        ),
    ),
    "straight_in": Recorded(
        events=6,
        duration=1.802783392,
        first_contact=1,
        pocketed=((1, "foot_right"),),
        positions=((0, 91.338559635, 8.661440365),),
    ),
    "kitchen_bank": Recorded(
        events=15,
        duration=7.108599387,
        first_contact=3,
        pocketed=(),
        positions=(
            (0, 65.97793023, 22.36739237),
            (3, 25.455066986, 42.650845708),
            (5, 85.0, 40.0),
        ),
    ),
    "break_two_ball": Recorded(
        events=79,
        duration=7.993019911,
        first_contact=1,
        pocketed=(),
        positions=(
            (0, 9.507326486, 9.521618013),
            (1, 52.071845627, 16.330758838),
            (2, 44.006924343, 2.645267497),
            (3, 64.537631091, 23.300903817),
            (4, 79.485186725, 21.472396544),
            (5, 94.153466675, 21.574336214),
            (6, 82.659904509, 27.183988114),
            (7, 81.707160117, 19.757748981),
            (8, 93.278024337, 48.44918524),
            (9, 77.268675546, 23.367870631),
            (10, 77.24511647, 36.238817913),
            (11, 81.169256763, 24.015433165),
            (12, 88.064699063, 27.706111973),
            (13, 76.778050549, 29.344125284),
            (14, 85.295260854, 18.506919811),
            (15, 79.023472678, 25.034166033),
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_a_recorded_shot_plays_out_as_recorded(name: str) -> None:
    layout, stroke, params = CASES[name]
    expected = RECORDED[name]
    result = simulate(layout, stroke, params=params)
    assert result.event_count == expected.events
    assert result.duration == pytest.approx(expected.duration, abs=ROUNDING_S)
    assert result.shot.first_contact == expected.first_contact
    assert tuple((ball, pocket.value) for ball, pocket in result.pocketed) == expected.pocketed
    assert [ball for ball, _ in result.positions] == [ball for ball, _, _ in expected.positions]
    for (ball, point), (_, x, y) in zip(result.positions, expected.positions, strict=True):
        assert (point.x, point.y) == pytest.approx((x, y), abs=ROUNDING_IN), ball


def test_a_batch_of_the_recorded_shots_plays_them_out_as_recorded() -> None:
    names = [name for name in sorted(RECORDED) if CASES[name][2] == RECORDED_PARAMS]
    batch = simulate_batch(
        [CASES[n][0] for n in names], [CASES[n][1] for n in names], params=RECORDED_PARAMS
    )
    assert batch.event_counts.tolist() == [RECORDED[n].events for n in names]
    for index, name in enumerate(names):
        assert batch.shot(index).first_contact == RECORDED[name].first_contact
        pocketed = [b for b, _ in RECORDED[name].pocketed]
        columns = [batch.balls.index(b) for b in pocketed]
        assert batch.pocketed_mask[index, columns].all()
        assert int(batch.pocketed_mask[index].sum()) == len(pocketed)
