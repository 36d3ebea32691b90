"""The tournament presenter's memo of the standings (a change renders two languages)."""

from rotation61.tournament import Format
from rotation61.web.presenters.tournaments import _standings
from tests.tournament.helpers import drawn, play_out


def test_standings_are_ranked_once_per_state_and_follow_a_new_state() -> None:
    start = drawn(8, Format.DOUBLE)
    finished = play_out(start, seed=3)
    first = _standings(start)
    assert first == start.standings()
    assert _standings(start) is first  # the same state: ranked once
    assert _standings(finished) == finished.standings()
    assert _standings(finished) != first  # a new state is ranked anew, never the old lines
    assert _standings(start) is first
