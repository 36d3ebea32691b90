"""simulate_strokes: noisy samples from one layout, facts as arrays, equal to simulate()'s."""

from __future__ import annotations

import numpy as np
import pytest

from rotation61.sim import (
    OLYMPIAD_NOISE,
    ExecutionNoise,
    SimulationError,
    Stroke,
    StrokeSamples,
    random_layout,
    simulate,
    simulate_strokes,
)
from tests.sim.conftest import SWEEP


def _strokes(rng: np.random.Generator, layout: dict, count: int) -> list[Stroke]:  # type: ignore[type-arg]
    out = []
    for _ in range(count):
        out.append(
            Stroke(
                speed=float(rng.uniform(0.5, 6.0)),
                phi=float(rng.uniform(0.0, 360.0)),
                theta=float(rng.uniform(0.0, 20.0)),
                a=float(rng.uniform(-0.5, 0.5)),
                b=float(rng.uniform(-0.5, 0.5)),
            )
        )
    return out


def _check_against_simulate(layout: dict, samples: StrokeSamples) -> int:  # type: ignore[type-arg]
    checked = 0
    for i in range(len(samples)):
        if samples.miscue[i] or samples.invalid[i]:
            assert samples.played[i] == -1
            assert samples.first_contact[i] == -1
            continue
        assert not samples.event_limit[i]
        shot = simulate(layout, samples.stroke(i)).shot
        assert samples.shot(i) == shot
        first = -1 if shot.first_contact is None else shot.first_contact
        assert samples.first_contact[i] == first
        pocketed = {samples.balls[c] for c in np.nonzero(samples.pocketed_mask[i])[0]}
        assert pocketed == set(shot.pocketed) | ({0} if shot.cue_pocketed else set())
        assert bool(samples.cue_scratch[i]) == shot.cue_pocketed
        rails = {samples.balls[c] for c in np.nonzero(samples.rail_after_contact[i])[0]}
        assert rails == set(shot.rail_after_contact)
        if shot.kitchen is not None:
            assert bool(samples.crossed_head_string[i]) == shot.kitchen.crossed
        checked += 1
    return checked


@pytest.mark.parametrize("seed", [1, 2])
def test_the_samples_facts_equal_the_referee_facts_of_simulate(seed: int) -> None:
    rng = np.random.default_rng(seed)
    layout = random_layout(rng, 8)
    strokes = _strokes(rng, layout, 20 * SWEEP)
    samples = simulate_strokes(layout, strokes, samples=8, rng=rng)
    assert len(samples) == 160 * SWEEP
    assert _check_against_simulate(layout, samples) > 100 * SWEEP
    # offsets up to 0.5 R plus noise would cross the miscue limit: the noise model keeps
    # every sample playable (pulled back), as a stroke executed with noise is
    near = np.hypot(samples.strokes[:, 3], samples.strokes[:, 4]) > 0.45
    assert near.any()
    assert not samples.miscue.any()
    assert not samples.invalid.any()


def test_a_seeded_batch_is_reproducible_bit_for_bit() -> None:
    layout = random_layout(np.random.default_rng(5), 10)
    strokes = _strokes(np.random.default_rng(6), layout, 10)
    one = simulate_strokes(layout, strokes, samples=20, rng=np.random.default_rng(7), workers=1)
    two = simulate_strokes(layout, strokes, samples=20, rng=np.random.default_rng(7))
    assert one.strokes.tobytes() == two.strokes.tobytes()
    assert one.final_positions.tobytes() == two.final_positions.tobytes()
    assert (one.first_contact == two.first_contact).all()
    assert (one.pocketed_mask == two.pocketed_mask).all()
    other = simulate_strokes(layout, strokes, samples=20, rng=np.random.default_rng(8))
    assert other.strokes.tobytes() != one.strokes.tobytes()


def test_many_small_blocks_handed_out_dynamically_give_the_one_thread_arrays() -> None:
    """1,000 samples: ~60 blocks of 16 shots, taken by two threads in whatever order."""
    layout = random_layout(np.random.default_rng(15), 10)
    strokes = _strokes(np.random.default_rng(16), layout, 50)
    one = simulate_strokes(layout, strokes, samples=20, rng=np.random.default_rng(17), workers=1)
    two = simulate_strokes(layout, strokes, samples=20, rng=np.random.default_rng(17), workers=2)
    assert len(one) == 1_000
    assert one.batch.event_counts.tobytes() == two.batch.event_counts.tobytes()
    assert one.final_positions.tobytes() == two.final_positions.tobytes()
    assert (one.first_contact == two.first_contact).all()
    assert (one.pocketed_mask == two.pocketed_mask).all()
    assert (one.rail_after_contact == two.rail_after_contact).all()
    assert (one.batch.durations == two.batch.durations).all()
    rows = np.nonzero(one.played >= 0)[0]
    for i in rows[:: len(rows) // 10]:  # spread over the blocks
        assert two.shot(int(i)) == simulate(layout, two.stroke(int(i))).shot


def test_the_default_noise_is_the_olympiads_and_its_spread_is_right() -> None:
    assert ExecutionNoise(phi=0.125, theta=0.1, speed=0.075, offset=0.0005) == OLYMPIAD_NOISE
    layout = random_layout(np.random.default_rng(3), 2)
    stroke = Stroke(speed=3.0, phi=40.0, theta=10.0)
    samples = simulate_strokes(layout, [stroke], samples=4000, rng=np.random.default_rng(1))
    spread = samples.strokes.std(axis=0)
    r = 0.028575
    np.testing.assert_allclose(spread, [0.075, 0.125, 0.1, 0.0005 / r, 0.0005 / r], rtol=0.05)


def test_no_noise_plays_the_strokes_exactly_and_flags_instead_of_raising() -> None:
    layout = random_layout(np.random.default_rng(3), 5)
    strokes = [Stroke(speed=2.0, phi=10.0), Stroke(speed=2.0, phi=10.0, a=0.6)]
    samples = simulate_strokes(layout, strokes, noise=None)
    assert samples.miscue.tolist() == [False, True]
    assert samples.shot(0) == simulate(layout, strokes[0]).shot
    with pytest.raises(SimulationError):
        samples.shot(1)
    with pytest.raises(SimulationError, match="Generator"):
        simulate_strokes(layout, strokes)


@pytest.mark.slow
@pytest.mark.skipif(SWEEP < 10, reason="a thorough run only: ROTATION61_SIM_SWEEP=10")
def test_ten_thousand_samples_have_the_referee_facts_of_simulate() -> None:
    rng = np.random.default_rng(61)
    checked = 0
    for _ in range(10):
        layout = random_layout(rng, int(rng.integers(2, 16)))
        samples = simulate_strokes(layout, _strokes(rng, layout, 100), samples=10, rng=rng)
        checked += _check_against_simulate(layout, samples)
    assert checked > 7_000  # the rest are miscues (offsets up to 0.5 R, plus noise)


def test_aim_offsets_play_a_fan_of_aims_bit_for_bit_as_the_offset_strokes() -> None:
    rng = np.random.default_rng(5)
    layout = random_layout(rng, balls=7)
    strokes = _strokes(rng, layout, 3)
    offsets = rng.uniform(-2.0, 2.0, (3, 4))
    fan = simulate_strokes(layout, strokes, samples=4, noise=None, aim_offsets=offsets)
    spelled = [
        Stroke(speed=s.speed, phi=s.phi + float(o), theta=s.theta, a=s.a, b=s.b)
        for s, row in zip(strokes, offsets, strict=True)
        for o in row
    ]
    one_each = simulate_strokes(layout, spelled, noise=None)
    assert np.array_equal(fan.strokes, one_each.strokes)
    assert np.array_equal(fan.final_positions, one_each.final_positions)
    assert np.array_equal(fan.first_contact, one_each.first_contact)
    assert np.array_equal(fan.pocketed_mask, one_each.pocketed_mask)


@pytest.mark.parametrize(
    ("offsets", "message"),
    [
        ([[0.0] * 3] * 2, r"aim_offsets has shape \(2, 3\): it must be .* = \(1, 3\)"),
        ([[0.0, float("nan"), 1.0]], "aim_offsets must be finite"),
    ],
)
def test_bad_aim_offsets_are_refused_by_name(offsets: list[list[float]], message: str) -> None:
    layout = random_layout(np.random.default_rng(1), balls=3)
    with pytest.raises(SimulationError, match=message):
        simulate_strokes(
            layout, [Stroke(speed=2.0, phi=0.0)], samples=3, noise=None, aim_offsets=offsets
        )


@pytest.mark.parametrize("seed", [3, 4])
def test_distinct_shots_give_every_sample_its_own_shot(seed: int) -> None:
    rng = np.random.default_rng(seed)
    layout = random_layout(rng, balls=9)
    strokes = _strokes(rng, layout, 6)
    samples = simulate_strokes(layout, strokes, samples=24, rng=rng, max_events=400)
    shots, index = samples.distinct_shots()
    assert len(index) == len(samples)
    assert len(shots) < int((index >= 0).sum())  # noisy samples of a stroke repeat facts
    for i in range(len(samples)):
        if samples.played[i] < 0 or samples.event_limit[i]:
            assert index[i] == -1
        else:
            assert shots[index[i]] == samples.shot(i)
