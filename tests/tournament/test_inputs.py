"""Bad input raises a precise error and changes nothing; corrections, walkovers, queue."""

from __future__ import annotations

import pytest

from rotation61.tournament import (
    Call,
    Config,
    CorrectionRefusedError,
    Draw,
    DrawError,
    DuplicateEntryError,
    Entry,
    Feature,
    Format,
    InvalidEventError,
    InvalidResultError,
    MatchNotReadyError,
    Result,
    Status,
    UnknownMatchError,
    UnknownPlayerError,
    Walkover,
    Withdrawal,
    draw,
    new_event,
    next_calls,
    play,
    seed_order,
)
from rotation61.tournament.model import SeedingMethod
from tests.tournament.helpers import drawn, field


def test_duplicate_entries_are_refused() -> None:
    with pytest.raises(DuplicateEntryError, match="'p1' is entered twice"):
        new_event(
            "x", [Entry(id="p1", name="A"), Entry(id="p1", name="B")], Config(format="single")
        )  # type: ignore[arg-type]
    with pytest.raises(DuplicateEntryError, match="'an ' of club 'x' is entered twice"):
        new_event(
            "x",
            [Entry(id="a", name="An", club="X"), Entry(id="b", name="an ", club="x")],
            Config(format=Format.SINGLE),
        )


def test_field_size_is_2_to_256() -> None:
    with pytest.raises(InvalidEventError, match=r"1 players is outside 2\.\.256"):
        new_event("x", field(1), Config(format=Format.SINGLE))
    with pytest.raises(InvalidEventError, match="257 players"):
        new_event("x", field(257), Config(format=Format.SINGLE))


@pytest.mark.parametrize(
    ("item", "error", "message"),
    [
        (Result(match="R9-9", racks=(2, 0)), UnknownMatchError, "no match 'R9-9'"),
        (Result(match="R1-1", racks=(2, 2)), InvalidResultError, "racks 2-2 do not finish"),
        (Result(match="R1-1", racks=(1, 0)), InvalidResultError, "a race to 2"),
        (Result(match="R2-1", racks=(2, 0)), MatchNotReadyError, "is pending"),
        (Walkover(match="R1-1", winner="zz"), UnknownPlayerError, "no player 'zz'"),
        (Walkover(match="R1-1", winner="p2"), UnknownPlayerError, "'p2' does not play"),
        (Withdrawal(player="zz"), UnknownPlayerError, "no player 'zz'"),
        (Feature(match="nope"), UnknownMatchError, "no match 'nope'"),
        (Call(match="R2-1", table="t1"), MatchNotReadyError, "is pending"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_bad_input_raises_and_changes_nothing(item: object, error: type, message: str) -> None:
    state = drawn(4, Format.SINGLE)
    before = state
    with pytest.raises(error, match=message):
        play(state, item)  # type: ignore[arg-type]
    assert state == before
    assert state.event.inputs == before.event.inputs


def test_input_before_the_draw_and_draw_after_start_are_refused() -> None:
    state = new_event("x", field(4), Config(format=Format.SINGLE))
    with pytest.raises(DrawError, match="result before the draw"):
        play(state, Result(match="R1-1", racks=(2, 0)))
    state = draw(state)
    again = draw(state, seed=5)  # nothing started: a new draw is allowed
    assert again.order == state.order
    state = play(state, Call(match="R1-1", table="t1"))
    with pytest.raises(DrawError, match="a match has started"):
        draw(state)


def test_a_draw_must_match_its_seed() -> None:
    state = new_event("x", field(4), Config(format=Format.SINGLE, seeding=SeedingMethod.RANDOM))
    order = seed_order(state.event.entries, SeedingMethod.RANDOM, seed=7)
    assert play(state, Draw(seed=7, order=order)).order == order
    with pytest.raises(DrawError, match="is not the random draw of seed 8"):
        play(state, Draw(seed=8, order=order))


def test_hand_seeding_names_everyone_once() -> None:
    state = new_event("x", field(3), Config(format=Format.SINGLE, seeding=SeedingMethod.HAND))
    assert draw(state, hand=["p3", "p1", "p2"]).order == ("p3", "p1", "p2")
    with pytest.raises(UnknownPlayerError, match="'p9'"):
        draw(state, hand=["p9", "p1", "p2"])
    with pytest.raises(DuplicateEntryError, match="'p1' twice"):
        draw(state, hand=["p1", "p1", "p2"])
    with pytest.raises(InvalidEventError, match="misses"):
        draw(state, hand=["p1", "p2"])


def test_a_correction_repropagates_until_a_dependent_match_starts() -> None:
    state = drawn(4, Format.SINGLE)
    first = state.match("R1-1")
    state = play(state, Result(match="R1-1", racks=(2, 0)))
    assert state.match("R2-1").players[0] == first.players[0]
    state = play(state, Result(match="R1-1", racks=(1, 2)))
    assert state.match("R2-1").players[0] == first.players[1]
    state = play(state, Result(match="R1-2", racks=(2, 1)))
    state = play(state, Call(match="R2-1", table="t1"))
    before = state
    with pytest.raises(CorrectionRefusedError, match="'R2-1', which depends on it, has started"):
        play(state, Result(match="R1-1", racks=(2, 0)))
    assert state == before
    assert play(state, Result(match="R1-1", racks=(0, 2))).match("R1-1").racks == (0, 2)


def test_a_correction_in_double_elimination_reaches_the_losers_side() -> None:
    state = drawn(4, Format.DOUBLE)
    a, b = state.match("W1-1").players
    state = play(state, Result(match="W1-1", racks=(2, 0)))
    assert state.match("L1-1").players[0] == b
    state = play(state, Result(match="W1-1", racks=(0, 2)))
    assert state.match("L1-1").players[0] == a
    assert state.match("W2-1").players[0] == b


def test_withdrawal_gives_walkovers_and_a_no_show_loses_one_match() -> None:
    state = drawn(4, Format.DOUBLE)
    a, b = state.match("W1-1").players
    assert a is not None
    assert b is not None
    state = play(state, Walkover(match="W1-1", winner=a))
    assert state.match("W1-1").status is Status.WALKOVER
    assert state.match("L1-1").players[0] == b
    state = play(state, Withdrawal(player=b))
    _c, d = state.match("W1-2").players
    state = play(state, Result(match="W1-2", racks=(2, 0)))
    assert state.match("L1-1").status is Status.WALKOVER
    assert state.match("L1-1").winner == d
    with pytest.raises(InvalidEventError, match="already withdrawn"):
        play(state, Withdrawal(player=b))


def test_round_robin_withdrawal_walks_over_every_remaining_match() -> None:
    state = drawn(4, Format.ROUND_ROBIN)
    state = play(state, Withdrawal(player="p1"))
    mine = [m for m in state.matches if m.has("p1")]
    assert all(m.status is Status.WALKOVER and m.winner != "p1" for m in mine)


def test_the_queue_calls_by_round_and_bracket_order_and_never_a_busy_player() -> None:
    config = Config(format=Format.ROUND_ROBIN, tables=("t1", "t2", "tv"), tv_tables=("tv",))
    state = draw(new_event("x", field(4), config))
    calls = next_calls(state)
    assert [(c.match, c.table) for c in calls] == [("R1-1", "t1"), ("R1-2", "t2")]
    for call in calls:
        state = play(state, call)
    assert next_calls(state) == ()  # everyone is playing
    state = play(state, Result(match="R1-1", racks=(7, 0)))
    assert next_calls(state) == ()  # R2 needs a player of R1-2
    with pytest.raises(MatchNotReadyError, match="still playing"):
        play(state, Call(match="R2-1", table="t1"))


def test_a_featured_match_takes_the_tv_table_first() -> None:
    config = Config(format=Format.SINGLE, tables=("t1", "tv"), tv_tables=("tv",))
    state = draw(new_event("x", field(8), config))
    state = play(state, Feature(match="R1-3"))
    calls = next_calls(state)
    assert [(c.match, c.table) for c in calls] == [("R1-3", "tv"), ("R1-1", "t1")]
    with pytest.raises(InvalidEventError, match="no table 'zz'"):
        play(state, Call(match="R1-1", table="zz"))


def test_standings_apply_the_tie_breaks_in_order() -> None:
    state = drawn(3, Format.ROUND_ROBIN)
    by_id = {m.id: m for m in state.matches}
    for match_id, racks, points in [
        ("R1-1", (2, 0), (122, 60)),
        ("R2-1", (2, 1), (150, 140)),
        ("R3-1", (2, 1), (200, 100)),
    ]:
        assert match_id in by_id
        state = play(state, Result(match=match_id, racks=racks, points=points))
    table = state.standings()
    assert [line.won for line in table] == [1, 1, 1]
    assert [line.rack_difference for line in table] == sorted(
        (line.rack_difference for line in table), reverse=True
    )
