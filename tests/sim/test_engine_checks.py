"""simulate()'s fast path refuses exactly what it refused before, and builds valid shots.

The engine builds each shot's :class:`~rotation61.rules.Shot` without re-running its
checks (:func:`rotation61.rules.shot.simulated_shot`) and checks a layout inside the
kernel call (``shoot_layout``): these tests hold it to the checked constructor and to the
order and wording of its errors.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from rotation61.geometry import TABLE_9FT, Point
from rotation61.rules import Shot
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    MiscueError,
    Params,
    PocketId,
    SimTable,
    SimulationError,
    Stroke,
    _inputs,
    aim_at,
    break_layout,
    break_stroke,
    engine,
    random_layout,
    simulate,
    simulate_batch,
)
from rotation61.sim._inputs import MAX_CACHED, kernel_inputs


def _rechecked(shot: Shot) -> Shot:
    """The same facts through the checked constructor."""
    return Shot(**{f.name: getattr(shot, f.name) for f in dataclasses.fields(Shot)})


def _cases(seed: int, count: int) -> list[tuple[dict[int, Point], Stroke]]:
    rng = np.random.default_rng(seed)
    cases = []
    for i in range(count):
        if i % 3 == 0:  # breaks: the cue ball in the kitchen, kitchen facts
            layout = break_layout(TABLE_9FT, rng)
            stroke = break_stroke(layout, float(rng.uniform(5.0, 10.0)), rng)
        else:
            layout = random_layout(rng, int(rng.integers(2, 17)))
            target = int(rng.integers(1, len(layout)))
            phi = aim_at(layout[0], layout[sorted(layout)[target]]) + float(rng.uniform(-40, 40))
            stroke = Stroke(speed=float(rng.uniform(0.3, 6.0)), phi=phi)
        cases.append((layout, stroke))
    return cases


def test_simulated_and_batch_shots_pass_the_checked_constructor_unchanged() -> None:
    cases = _cases(61, 150)
    batch = simulate_batch([c[0] for c in cases], [c[1] for c in cases])
    kinds = {"kitchen": 0, "pocketed": 0, "no contact": 0}
    for i, (layout, stroke) in enumerate(cases):
        shot = simulate(layout, stroke).shot
        assert _rechecked(shot) == shot
        assert repr(_rechecked(shot)) == repr(shot)
        assert batch.shot(i) == shot
        assert repr(batch.shot(i)) == repr(shot)
        kinds["kitchen"] += shot.kitchen is not None
        kinds["pocketed"] += bool(shot.pocketed)
        kinds["no contact"] += shot.first_contact is None
    assert all(kinds.values()), kinds  # every kind of fact is exercised


def test_a_bad_layout_is_refused_before_a_bad_stroke() -> None:
    overlap = {0: Point(30.0, 25.0), 1: Point(31.0, 25.0)}
    miscue = Stroke(speed=2.0, phi=0.0, a=0.45, b=0.3)
    with pytest.raises(SimulationError, match="balls 0 and 1 overlap"):
        simulate(overlap, miscue)
    with pytest.raises(SimulationError, match="balls 0 and 1 overlap"):
        simulate(overlap, Stroke(speed=2.0, phi=0.0), check_cue=True)
    with pytest.raises(SimulationError, match=r"ball 0 at Point\(x=0\.5, y=25\.0\) is not inside"):
        simulate({0: Point(0.5, 25.0)}, miscue)
    with pytest.raises(MiscueError, match=r"tip offset \(0\.45, 0\.3\) R"):
        simulate({0: Point(30.0, 25.0)}, miscue)


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ({0: Point(30.0, 25.0), True: Point(60.0, 25.0)}, "layout ball True is not a ball"),
        ({0: Point(30.0, 25.0), 16: Point(60.0, 25.0)}, "layout ball 16 is not a ball"),
        ({0: Point(30.0, 25.0), -1: Point(60.0, 25.0)}, "layout ball -1 is not a ball"),
        ({0: Point(30.0, 25.0), 2.0: Point(60.0, 25.0)}, "layout ball 2.0 is not a ball"),
        ({0: Point(30.0, 25.0), "1": Point(60.0, 25.0)}, "are not ball numbers"),
        ({1: Point(30.0, 25.0)}, "no cue ball"),
        ({0: Point(30.0, 25.0), 5: Point(30.0, 49.9)}, r"ball 5 at .* not inside the cushions"),
        ({0: Point(30.0, 25.0), 4: Point(40.0, 25.0), 9: Point(41.0, 25.0)}, "balls 4 and 9"),
    ],
    ids=["bool", "16", "negative", "float", "str", "no cue ball", "off the table", "overlap"],
)
def test_bad_layouts_are_refused_with_the_bad_value(
    layout: dict[object, Point], message: str
) -> None:
    with pytest.raises(SimulationError, match=message):
        simulate(layout, Stroke(speed=2.0, phi=0.0))  # type: ignore[arg-type]


def test_the_cached_setup_is_never_written_and_equal_tables_give_equal_shots() -> None:
    layout, stroke = _cases(5, 2)[1]
    setup = kernel_inputs(DEFAULT_TABLE, DEFAULT_PARAMS)
    before = setup.p.copy()
    first = simulate(layout, stroke)
    assert np.array_equal(setup.p, before)
    assert np.array_equal(setup.p, DEFAULT_PARAMS.vector())
    assert kernel_inputs(DEFAULT_TABLE, DEFAULT_PARAMS) is setup
    again = simulate(layout, stroke, table=SimTable(), params=Params())  # equal, not identical
    assert again.shot == first.shot
    assert np.array_equal(again.log, first.log)


def test_the_referee_facts_are_built_on_first_access_then_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[Shot] = []

    def counted(*args: Any) -> tuple[Shot, tuple[tuple[int, PocketId], ...]]:
        made = build(*args)
        built.append(made[0])
        return made

    build = engine.referee_facts
    monkeypatch.setattr(engine, "referee_facts", counted)
    # a straight pot of the 1 into the foot-right corner: the cue ball draws back
    layout = {0: Point(80.0, 20.0), 1: Point(90.0, 10.0)}
    stroke = Stroke(speed=1.5, phi=aim_at(layout[0], layout[1]), b=-0.3)
    untouched, looked_at = simulate(layout, stroke), simulate(layout, stroke)
    assert built == []  # nothing built until asked for
    pocketed = looked_at.pocketed
    assert pocketed == ((1, PocketId.FOOT_RIGHT),)
    shot = looked_at.shot
    assert shot.pocketed == (1,)
    assert looked_at.pocketed is pocketed  # kept: the same tuple, not one built again
    assert looked_at.shot is shot
    assert built == [shot]  # one build gave both
    # equality and hashing compare the facts, pocketed balls, duration and event count
    assert untouched == looked_at
    assert hash(untouched) == hash(looked_at)
    assert untouched.pocketed == pocketed
    assert untouched.pocketed is not pocketed  # its own, built when compared
    assert len(built) == 2
    assert repr(untouched).startswith(f"SimResult(shot={shot!r}, pocketed={pocketed!r}")
    # the same stroke hit at the centre: the cue ball follows the 1 in (other facts), and
    # a softer draw that leaves the 1 short (nothing pocketed)
    follow = simulate(layout, dataclasses.replace(stroke, b=0.0))
    short = simulate(layout, dataclasses.replace(stroke, speed=0.3))
    assert follow.pocketed == ((1, PocketId.FOOT_RIGHT), (0, PocketId.FOOT_RIGHT))
    assert short.pocketed == ()
    assert len({untouched, looked_at, follow, short}) == 3
    assert follow != untouched
    assert short != untouched


def test_the_kernel_inputs_cache_keeps_at_most_its_bound_and_drops_the_oldest() -> None:
    tables = [SimTable() for _ in range(MAX_CACHED + 1)]  # equal, not identical
    first = kernel_inputs(tables[0], DEFAULT_PARAMS)
    assert kernel_inputs(tables[0], DEFAULT_PARAMS) is first
    for table in tables[1:]:
        kernel_inputs(table, DEFAULT_PARAMS)
    assert len(_inputs._CACHE) == MAX_CACHED
    last = kernel_inputs(tables[-1], DEFAULT_PARAMS)
    assert kernel_inputs(tables[-1], DEFAULT_PARAMS) is last
    assert kernel_inputs(tables[0], DEFAULT_PARAMS) is not first  # dropped, then rebuilt
