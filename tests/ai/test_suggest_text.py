"""``ai suggest``'s wording: the pocket named is where the ball dropped in simulation."""

from __future__ import annotations

import numpy as np
import pytest

from rotation61.ai import GameConfig, GameState, PhaseKind, initial, phase_of, transition
from rotation61.ai.decide import Choice, choose, describe
from rotation61.ai.evaluate import evaluate
from rotation61.ai.levels import get_level
from rotation61.ai.shots import ShotKind
from rotation61.rules import CUE_BALL
from rotation61.sim import simulate
from rotation61.text import Domain, Language, gettext

POTS = {ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION, ShotKind.KISS}


def _positions(count: int) -> list[GameState]:
    """Positions from level-6 self-play (two racks), where a stroke is due."""
    found: list[GameState] = []
    level = get_level("6")
    for seed in (11, 12):
        state = initial(GameConfig(race_to=1), seed)
        while phase_of(state) is not PhaseKind.OVER and len(found) < count * seed // 11:
            choice = choose(state, level, workers=1)
            if phase_of(state) in (PhaseKind.STROKE, PhaseKind.IN_HAND):
                found.append(state)
            state = transition(state, choice.action)
    return found


def test_the_named_pocket_is_the_simulated_outcomes_pocket() -> None:
    level = get_level("6")
    checked = 0
    for state in _positions(10):
        choice = choose(state, level, workers=1)
        cands = [e.candidate for e in choice.evaluations if e.candidate.kind in POTS]
        exact = evaluate(
            state.rack,
            state.balls(),
            cands,
            samples=1,
            noise=None,
            rng=np.random.default_rng(0),
            sigma_deg=level.sigma_deg,
        )
        for ev in exact:
            cand = ev.candidate
            balls = state.balls()
            if cand.placement is not None:
                balls[CUE_BALL] = cand.placement
            dropped = dict(simulate(balls, cand.stroke, table=state.config.table).pocketed)
            if ev.potted:
                assert ev.pot_pocket is dropped[cand.ball], (cand, dropped)
                named = gettext(Language.EN, Domain.AI, f"ai.pocket.{dropped[cand.ball].value}")
                assert named in describe(ev, Language.EN)
                checked += 1
            else:
                assert ev.pot_pocket is None
    assert checked >= 5


def test_chances_carry_their_interval_and_sample_count() -> None:
    state = _positions(1)[0]
    choice = choose(state, get_level("4"), workers=1)
    best = choice.best
    assert best is not None
    line = describe(best, Language.EN)
    assert f"{best.samples} samples" in line
    if best.candidate.kind in POTS:
        assert "95% interval" in line
    assert f"{best.samples} lần mô phỏng" in describe(best, Language.VI)


def test_prudence_over_value_is_explained_and_alternatives_are_told_apart() -> None:
    state = _positions(1)[0]
    choice = choose(state, get_level("olympiad"), workers=1)
    best = choice.best
    assert best is not None
    highest = max(e.value for e in choice.evaluations)
    explained = "chosen over a higher mean value" in choice.reason(Language.EN)
    assert explained == (highest > best.value)
    # a Choice ranked by prudence, made up from the evaluations: its reason explains it
    low_first = sorted(choice.evaluations, key=lambda e: e.value)
    reordered = Choice(action=choice.action, evaluations=tuple(low_first))
    assert "chosen over a higher mean value" in reordered.reason(Language.EN)
    assert "được chọn thay cho" in reordered.reason(Language.VI)
    texts = [line.rsplit(" [", 1)[0] for line in choice.alternatives(Language.EN)]
    assert len(texts) > 1
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize("language", list(Language), ids=[x.value for x in Language])
def test_the_plot_legend_speaks_the_language(language: Language) -> None:
    labels = [gettext(language, Domain.AI, f"ai.plot.{key}") for key in ("cue_path", "start")]
    assert all(labels)
    if language is Language.VI:
        assert labels == ["đường bi cái", "vị trí đầu"]
