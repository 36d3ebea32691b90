"""Hand seeding from a seed number per player: every seed 1..N given to one player."""

from __future__ import annotations

import pytest

from rotation61.tournament import (
    Config,
    Entry,
    Format,
    InvalidEventError,
    SeedingError,
    SeedingMethod,
    SeedProblem,
    SeedProblemKind,
    draw,
    new_event,
    order_of_seeds,
    replay,
)

FIELD = [Entry(id=f"p{i}", name=f"Player {i}") for i in range(1, 5)]


def test_seeds_give_the_order_seed_one_first() -> None:
    order = order_of_seeds(FIELD, {"p1": 3, "p2": 1, "p3": 4, "p4": 2})
    assert order == ("p2", "p4", "p1", "p3")
    config = Config(format=Format.SINGLE, seeding=SeedingMethod.HAND)
    state = draw(new_event("Cup", FIELD, config), hand=order)
    assert state.order == order
    assert replay(state.event).order == order
    first = state.match("R1-1")
    assert first.players == ("p2", "p3")  # seed 1 meets seed 4


@pytest.mark.parametrize(
    ("seeds", "problems", "words"),
    [
        (
            {"p1": 1, "p2": 2, "p3": 2, "p4": 4},
            [
                SeedProblem(kind=SeedProblemKind.DUPLICATE, seed=2, players=("p2", "p3")),
                SeedProblem(kind=SeedProblemKind.UNUSED, seed=3),
            ],
            ["seed 2 is given to Player 2 (p2), Player 3 (p3)", "seed 3 is given to nobody"],
        ),
        (
            {"p1": 1, "p2": 2, "p3": 3},
            [
                SeedProblem(kind=SeedProblemKind.NO_SEED, players=("p4",)),
                SeedProblem(kind=SeedProblemKind.UNUSED, seed=4),
            ],
            ["Player 4 (p4) has no seed"],
        ),
        (
            {"p1": 1, "p2": 2, "p3": 3, "p4": None},
            [
                SeedProblem(kind=SeedProblemKind.NO_SEED, players=("p4",)),
                SeedProblem(kind=SeedProblemKind.UNUSED, seed=4),
            ],
            ["Player 4 (p4) has no seed"],
        ),
        (
            {"p1": 0, "p2": 2, "p3": 3, "p4": 5},
            [
                SeedProblem(kind=SeedProblemKind.OUT_OF_RANGE, seed=0, players=("p1",)),
                SeedProblem(kind=SeedProblemKind.OUT_OF_RANGE, seed=5, players=("p4",)),
                SeedProblem(kind=SeedProblemKind.UNUSED, seed=1),
                SeedProblem(kind=SeedProblemKind.UNUSED, seed=4),
            ],
            ["seed 0 of Player 1 (p1) is outside 1..4", "seeds 1, 4 are given to nobody"],
        ),
        (
            {"p1": 1, "p2": 2, "p3": 3, "p4": 4, "p9": 2},
            [SeedProblem(kind=SeedProblemKind.UNKNOWN_PLAYER, seed=2, players=("p9",))],
            ["'p9' is not entered (seed 2)"],
        ),
    ],
    ids=["duplicate", "missing-player", "none", "out-of-range", "unknown-player"],
)
def test_bad_seeds_name_every_problem(
    seeds: dict[str, int | None], problems: list[SeedProblem], words: list[str]
) -> None:
    with pytest.raises(SeedingError) as caught:
        order_of_seeds(FIELD, seeds)
    assert list(caught.value.problems) == problems
    assert caught.value.field == 4
    assert isinstance(caught.value, InvalidEventError)
    for word in words:
        assert word in str(caught.value)
