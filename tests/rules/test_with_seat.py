"""The per-seat pair updater shared by the referee and the match layer."""

from __future__ import annotations

from rotation61.rules import Seat, with_seat


def test_with_seat_replaces_only_that_seats_value() -> None:
    assert with_seat((1, 2), Seat.A, 7) == (7, 2)
    assert with_seat((1, 2), Seat.B, 7) == (1, 7)
    assert with_seat((False, False), Seat.B, True) == (False, True)
