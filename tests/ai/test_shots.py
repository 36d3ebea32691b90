"""Shot generation and levels: legal placements, engine-aimed pots, the chance heuristic."""

from __future__ import annotations

import numpy as np
import pytest

from rotation61.ai.levels import LEVELS, UnknownLevelError, get_level
from rotation61.ai.shots import (
    ShotKind,
    break_candidates,
    candidates,
    chances,
    placements,
    refine_aims,
)
from rotation61.geometry import TABLE_9FT, Point, placement_ok
from rotation61.rules import OBJECT_BALLS, RackState, judge, setup_rack
from rotation61.sim import OLYMPIAD_NOISE, PocketId, break_layout, simulate

ALL = frozenset(ShotKind)


def test_kitchen_placements_are_legal_and_the_best_first() -> None:
    layout = {1: Point(70.0, 30.0), 2: Point(20.0, 25.0), 3: Point(10.0, 10.0)}
    spots = placements(layout, 1, count=4, sigma_deg=0.2)
    assert len(spots) == 4
    for spot in spots:
        assert placement_ok(TABLE_9FT, spot, layout.values())
    cue = np.array([[p.x, p.y] for p in spots])
    obj = np.repeat([[70.0, 30.0]], len(spots), 0)
    others = np.repeat([[[20.0, 25.0], [10.0, 10.0]]], len(spots), 0)
    chance, _ = chances(cue, obj, others, np.ones((len(spots), 2), bool), 0.2)
    assert chance[0] == max(chance)


def test_break_candidates_start_behind_the_head_string() -> None:
    rack = break_layout(TABLE_9FT, np.random.default_rng(1))
    rack.pop(0)
    found = break_candidates(rack, count=3)
    assert found
    assert all(c.kind is ShotKind.BREAK for c in found)
    assert all(c.placement is not None and placement_ok(TABLE_9FT, c.placement, rack.values())
               for c in found)  # fmt: skip


def test_refined_aims_drop_the_ball_when_played_exactly() -> None:
    layout = {0: Point(30.0, 12.0), 1: Point(70.0, 30.0), 9: Point(40.0, 45.0)}
    pots = [c for c in candidates(layout, 1, kinds=ALL, spins=False) if c.kind is ShotKind.DIRECT]
    refined = refine_aims(layout, pots, fan=9, width_deg=4.0)
    assert refined
    for cand in refined:
        assert 1 in simulate(layout, cand.stroke).shot.pocketed


def test_the_chance_heuristic_prefers_short_straight_shots_and_sees_blockers() -> None:
    cue = np.array([[80.0, 20.0], [20.0, 45.0], [80.0, 20.0]])
    obj = np.array([[90.0, 10.0], [90.0, 10.0], [90.0, 10.0]])
    others = np.array([[[5.0, 5.0]], [[5.0, 5.0]], [[85.0, 15.0]]])
    chance, pocket = chances(cue, obj, others, np.ones((3, 1), bool), OLYMPIAD_NOISE.phi)
    assert chance[0] > chance[1] > 0.0
    assert chance[2] < chance[0]
    assert pocket[0] >= 0


def test_levels_get_noisier_and_cheaper_downward() -> None:
    names = [str(n) for n in range(1, 11)]
    scales = [LEVELS[n].noise_scale for n in names]
    assert scales == sorted(scales, reverse=True)
    assert LEVELS["olympiad"].noise == OLYMPIAD_NOISE
    assert get_level(7) is LEVELS["7"]
    with pytest.raises(UnknownLevelError, match="unknown level 'pro'"):
        get_level("pro")


def _rack_of(layout: dict[int, Point]) -> RackState:
    on = frozenset(b for b in layout if b)
    gone = sum(OBJECT_BALLS - on)
    return setup_rack(on_table=on, scores=(gone // 2, gone - gone // 2))


def test_kisses_are_generated_aimed_on_the_engine_and_legal() -> None:
    kiss = frozenset({ShotKind.KISS})
    # the cue ball glances off the 1 (the ball in play) into the 15 at the foot right corner
    carom = {
        0: Point(41.9, 32.2),
        1: Point(81.6, 23.2),
        15: Point(83.8, 17.1),
        2: Point(84.0, 39.6),
    }
    # the 1 glances off the 3 into the foot right corner
    back = {0: Point(27.8, 19.5), 1: Point(65.4, 9.2), 3: Point(71.4, 2.2), 2: Point(48.8, 32.5)}
    for layout, ball in ((carom, 15), (back, 1)):
        found = candidates(layout, 1, kinds=kiss, spins=False)
        assert found
        assert all(c.kind is ShotKind.KISS and c.target == 1 for c in found)
        assert any(c.ball == ball and c.pocket is PocketId.FOOT_RIGHT for c in found)
        refined = [c for c in refine_aims(layout, found, fan=9, width_deg=4.0) if c.ball == ball]
        assert refined
        for cand in refined:
            shot = simulate(layout, cand.stroke).shot
            ruling = judge(_rack_of(layout), shot)
            assert shot.first_contact == 1
            assert not ruling.fouls
            assert ball in ruling.credited
    # no kiss without another ball to kiss
    assert not candidates({0: Point(30.0, 25.0), 1: Point(60.0, 25.0)}, 1, kinds=kiss)
