"""The foul that loses the rack under §XV still returns its balls (A07(1), SCHEMA §3.4)."""

from __future__ import annotations

from rotation61.rules import RackResultType, Seat, Shot, play, setup_rack


def test_rack_losing_foul_spots_the_balls_it_pocketed() -> None:
    state = setup_rack(
        on_table={4, 5, 6, 9, 12},
        scores=(50, 34),
        shooter=Seat.A,
        consecutive_fouls=(3, 0),
        warned=(True, False),
    )
    after, ruling = play(state, Shot(first_contact=9, pocketed=(4, 12)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.LOSS_BY_CONSECUTIVE_FOULS
    assert ruling.spot_lowest == 4
    assert ruling.spot_others == (12,)
    assert set(ruling.spotted) <= after.on_table
    assert after.on_table == state.on_table
    assert ruling.points == 0


def test_rack_losing_foul_with_nothing_pocketed_spots_nothing() -> None:
    state = setup_rack(
        on_table={4, 5, 6}, scores=(60, 45), consecutive_fouls=(3, 0), warned=(True, False)
    )
    _, ruling = play(state, Shot(first_contact=5, rail_after_contact=frozenset({5})))
    assert ruling.result is not None
    assert ruling.spotted == ()
