"""Known positions: the computer player's choices of stroke and option."""

from __future__ import annotations

import dataclasses

import numpy as np

from rotation61.ai import GameConfig, GameState, OptionAction, position, transition
from rotation61.ai.decide import choose, choose_option, choose_stroke
from rotation61.ai.levels import get_level
from rotation61.ai.shots import ShotKind
from rotation61.geometry import Point
from rotation61.records import ShotInput
from rotation61.rules import OBJECT_BALLS, Option, Seat, Shot, setup_rack
from rotation61.sim.table import PocketId
from rotation61.text import Language

POTS = {ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION}


def _state(layout: dict[int, Point], *, seed: int = 0, **rack: object) -> GameState:
    on_table = frozenset(b for b in layout if b != 0)
    gone = sum(OBJECT_BALLS - on_table)
    scores = rack.pop("scores", (gone // 2, gone - gone // 2))
    state = setup_rack(on_table=on_table, scores=scores, **rack)  # type: ignore[arg-type]
    return position(GameConfig(), state, layout, seed=seed)


def test_a_straight_pot_is_found_and_made_at_low_noise() -> None:
    layout = {
        0: Point(70.0, 30.0),
        1: Point(90.0, 10.0),
        2: Point(20.0, 40.0),
        3: Point(30.0, 45.0),
    }
    level = get_level("olympiad")
    state = _state(layout)
    choice = choose_stroke(state, level)
    best = choice.best
    assert best is not None
    assert best.candidate.kind is ShotKind.DIRECT
    assert best.candidate.pocket is PocketId.FOOT_RIGHT
    assert best.pot >= 0.9
    made = 0
    for seed in range(5):
        game = _state(layout, seed=seed)
        noisy = GameState(
            config=GameConfig(noise=level.noise), seed=seed, log=game.log, layout=game.layout
        )
        after = transition(noisy, choice.action)
        step = after.log.last
        assert step is not None
        assert step.ruling is not None
        made += 1 in step.ruling.credited
    assert made >= 4
    assert "foot right corner" in choice.reason(Language.EN)
    assert "lỗ góc chân bàn bên phải" in choice.reason(Language.VI)


def test_a_hidden_ball_in_play_leads_to_a_kick_bank_or_safety() -> None:
    layout = {
        0: Point(20.0, 25.0),
        1: Point(80.0, 25.0),
        2: Point(50.0, 25.0),
        3: Point(50.0, 22.7),
        4: Point(50.0, 27.3),
        5: Point(50.0, 20.4),
        6: Point(50.0, 29.6),
    }
    choice = choose_stroke(_state(layout), get_level("8"))
    best = choice.best
    assert best is not None
    assert best.candidate.kind in {ShotKind.KICK, ShotKind.BANK, ShotKind.SAFETY}
    assert best.foul < 0.5


def test_a_combination_onto_the_15_is_preferred_when_it_is_worth_more() -> None:
    # the 1 lines up with the 15, which sits near the foot right corner; the 1 alone has
    # no clean pocket (the 15 covers its way to the corner)
    one = Point(84.0, 12.0)
    layout = {0: Point(60.0, 24.0), 1: one, 15: Point(89.6, 7.8), 14: Point(30.0, 45.0)}
    choice = choose_stroke(_state(layout, scores=(45, 45)), get_level("10"))
    best = choice.best
    assert best is not None
    assert best.candidate.kind is ShotKind.COMBINATION
    assert best.candidate.ball == 15
    others = [e for e in choice.evaluations if e.candidate.kind is ShotKind.DIRECT]
    assert all(best.points > e.points for e in others)


def test_after_a_foul_with_the_ball_in_play_hanging_the_table_is_accepted() -> None:
    layout: dict[int, Point] = {0: Point(80.0, 14.0), 1: Point(98.6, 1.4)}
    wall = [Point(35.0, 2.0 + 3.4 * k) for k in range(14)]
    layout.update(dict(zip(range(2, 16), wall, strict=True)))
    state = _state(layout, scores=(0, 0), shooter=Seat.B)
    log = state.log.append(ShotInput(shot=Shot()))  # B touches nothing: a foul
    after = GameState(config=state.config, seed=3, log=log, layout=state.layout)
    assert after.rack.pending is not None
    assert Option.ACCEPT_TABLE in after.rack.pending.options
    choice = choose_option(after, get_level("7"))
    assert choice.action == OptionAction(option=Option.ACCEPT_TABLE)
    assert next(o.option for o in choice.options) is Option.ACCEPT_TABLE
    assert len(choice.options) == len(after.rack.pending.options)
    assert choice.reason(Language.VI).startswith("Chọn")


def test_on_three_fouls_the_player_takes_the_fewest_fouls() -> None:
    layout = {
        0: Point(20.0, 25.0),
        1: Point(80.0, 25.0),
        2: Point(50.0, 25.0),
        3: Point(50.0, 22.7),
        4: Point(50.0, 27.3),
    }
    state = _state(layout, consecutive_fouls=(3, 0), warned=(True, False))
    choice = choose_stroke(state, get_level("9"))
    best = choice.best
    assert best is not None
    assert best.candidate.kind is not ShotKind.TAP
    assert best.foul <= min(e.foul for e in choice.evaluations) + 0.02


def test_a_deliberate_foul_is_considered_when_the_opponent_sits_on_three() -> None:
    layout = {0: Point(20.0, 25.0), 1: Point(80.0, 25.0), 2: Point(50.0, 40.0)}
    state = _state(layout, consecutive_fouls=(0, 3), warned=(False, True))
    choice = choose_stroke(state, get_level("9"))
    assert any(e.candidate.kind is ShotKind.TAP for e in choice.evaluations)
    calm = choose_stroke(_state(layout), get_level("9"))
    assert all(e.candidate.kind is not ShotKind.TAP for e in calm.evaluations)


def test_choices_are_deterministic_for_a_state() -> None:
    layout = {0: Point(40.0, 20.0), 1: Point(70.0, 30.0), 5: Point(60.0, 10.0)}
    one = choose(_state(layout, seed=4), get_level("5"))
    two = choose(_state(layout, seed=4), get_level("5"))
    assert one.action == two.action
    assert [e.value for e in one.evaluations] == [e.value for e in two.evaluations]
    assert np.isfinite([e.value for e in one.evaluations]).all()


def test_a_carom_onto_the_15_is_played_when_the_1_has_no_good_pot() -> None:
    # the cue ball glances off the 1 into the 15, which hangs near the foot right corner
    layout = {
        0: Point(41.9, 32.2),
        1: Point(81.6, 23.2),
        15: Point(83.8, 17.1),
        2: Point(84.0, 39.6),
    }
    choice = choose_stroke(_state(layout), get_level("olympiad"))
    best = choice.best
    assert best is not None
    assert best.candidate.kind is ShotKind.KISS
    assert best.candidate.target == 1
    assert best.candidate.ball == 15
    assert best.candidate.pocket is PocketId.FOOT_RIGHT
    assert best.points > max(
        e.points for e in choice.evaluations if e.candidate.kind is ShotKind.DIRECT
    )
    assert "kiss" in choice.reason(Language.EN).lower()


def test_the_best_candidates_are_rechecked_with_fresh_samples() -> None:
    layout = {0: Point(70.0, 30.0), 1: Point(90.0, 10.0), 2: Point(20.0, 40.0)}
    level = get_level("10")
    choice = choose_stroke(_state(layout), level)
    checked = [e for e in choice.evaluations if e.samples == 3 * level.samples]
    assert len(checked) == min(level.recheck, len(choice.evaluations))
    assert choice.best in checked
    plain = choose_stroke(_state(layout), dataclasses.replace(level, recheck=0))
    assert all(e.samples == level.samples for e in plain.evaluations)
