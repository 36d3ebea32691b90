"""What the screens show: spotting drawings from the geometry layer, warnings, wording."""

from __future__ import annotations

import re

from rotation61.geometry import TABLE_9FT, spot_balls
from rotation61.records import DecisionInput, MatchHeader, ShotInput, replay_inputs
from rotation61.rules import Option, Shot
from rotation61.text import Language
from rotation61.web.core.model import MatchStatus, StoredMatch
from rotation61.web.presenters.boards import console_view, scoreboard_view

SETUP = MatchHeader(players=("An", "Bình"), race_to=2)
STORED = StoredMatch(
    id=1,
    header=SETUP,
    pin="1",
    log_length=0,
    status=MatchStatus.LIVE,
    racks_won=(0, 0),
    created_at="",
)
BREAK = ShotInput(shot=Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 6})))


def test_spotting_drawing_places_the_balls_where_geometry_says() -> None:
    foul = ShotInput(shot=Shot(first_contact=3, pocketed=(1, 9), rail_after_contact=frozenset({0})))
    timeline = replay_inputs(SETUP, [BREAK, foul])
    svg = console_view(STORED, timeline, Language.EN).spotting_svg
    assert isinstance(svg, str)
    expected = spot_balls(TABLE_9FT, occupied={}, cue_ball=None, lowest=1, others=[9])
    for ball, centre in expected.items():
        found = re.search(rf'data-ball="{ball}"><circle cx="([\d.]+)"', svg)
        assert found is not None
        assert abs(float(found.group(1)) - (centre.x + 4) * 8) < 0.1
    assert "§IX" in svg
    assert "§XIII" in svg


def test_third_foul_warning_is_shown_until_the_run_ends() -> None:
    miss_foul = ShotInput(shot=Shot(first_contact=None))
    log: list[ShotInput | DecisionInput] = [BREAK]
    accept = DecisionInput(option=Option.ACCEPT_TABLE)
    # After A's break B shoots: B, A, B, A, B foul in turn (each accepts the table).
    log += [miss_foul, accept] * 5
    timeline = replay_inputs(SETUP, log)
    view = scoreboard_view(STORED, timeline, Language.VI)
    assert view.warning is not None
    assert "§XV" in str(view.warning)
    assert view.fouls == [2, 3]


def test_no_drawing_without_spotting() -> None:
    timeline = replay_inputs(SETUP, [BREAK])
    assert console_view(STORED, timeline, Language.VI).spotting_svg is None
