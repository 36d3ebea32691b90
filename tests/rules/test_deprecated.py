"""``Ruling.is_foul`` is a deprecated spelling of ``ruling.legal is False`` for one release."""

from __future__ import annotations

import pytest

from rotation61.rules import OfficialEvent, Ruling, Seat, Shot, judge, new_rack, officiate

BREAK = Shot(first_contact=1, pocketed=(5, 12), break_rail_balls=frozenset({2, 3, 4, 6}))


@pytest.mark.parametrize(
    "ruling",
    [
        judge(new_rack(), BREAK),
        judge(new_rack(), Shot(first_contact=2)),
        officiate(new_rack(), OfficialEvent.CONCEDE_RACK, Seat.A)[1],
    ],
    ids=["legal", "foul", "event"],
)
def test_is_foul_warns_and_says_what_legal_is_false_says(ruling: Ruling) -> None:
    with pytest.warns(DeprecationWarning, match="ruling.legal is False") as caught:
        is_foul = ruling.is_foul
    assert [w.filename for w in caught] == [__file__]
    assert is_foul is (ruling.legal is False)
