"""The bracket's SVG: a line from each match to the one its winner plays next."""

import re

import pytest

from rotation61.text import Language
from rotation61.tournament import Format, UnknownMatchError
from rotation61.web.adapters.tournaments import StoredEvent
from rotation61.web.presenters.brackets import _BOX_H, _BOX_W, bracket_svgs
from rotation61.web.services.tournaments import EventSettings, LiveEvent
from tests.tournament.helpers import drawn, play_out

_LINE = re.compile(r'<path d="M(\d+) (\d+) H\d+ V(\d+) H(\d+)"')


def _figures(players: int) -> list[str]:
    state = play_out(drawn(players, Format.DOUBLE), seed=5)
    stored = StoredEvent(
        id=1, name="Open", settings={}, log_length=0, entries_version=0, created_at=""
    )
    live = LiveEvent(
        stored=stored, settings=EventSettings(format=Format.DOUBLE), seq=0, entries=(),
        state=state, refs={},
    )  # fmt: skip
    return re.findall(r"<figure.*?</figure>", bracket_svgs(live, Language.EN), flags=re.S)


def _boxes(figure: str) -> dict[str, tuple[int, int]]:
    found = re.findall(r'<g id="m-([^"]+)".*?<rect x="(\d+)" y="(\d+)"', figure, flags=re.S)
    return {match: (int(x), int(y)) for match, x, y in found}


def _joined(figure: str, feeder: str, match: str) -> bool:
    boxes = _boxes(figure)
    (x1, y1), (x2, y2) = boxes[feeder], boxes[match]
    return (x1 + _BOX_W, y1 + _BOX_H // 2, y2 + _BOX_H // 2, x2) in {
        tuple(int(v) for v in line) for line in _LINE.findall(figure)
    }


def test_the_losers_side_joins_every_round_to_the_next_one_to_one_rounds_too() -> None:
    winners, losers, finals = _figures(16)
    # 16 players: L1 4 matches, L2 4, L3 2, L4 2, L5 1, L6 1; a match of L2, L4 and L6
    # takes the winner of one match before it (the other slot: a loser from the winners'
    # side, drawn there), a match of L3 and L5 the winners of two
    assert len(_LINE.findall(losers)) == 4 + 4 + 2 + 2 + 1
    assert _joined(losers, "L5-1", "L6-1")
    assert _joined(losers, "L1-3", "L2-3")
    assert _joined(losers, "L2-1", "L3-1")
    assert _joined(losers, "L2-2", "L3-1")
    assert not _joined(losers, "L1-1", "L3-1")
    # the winners' side halves every round: two lines into each match after the first round
    assert len(_LINE.findall(winners)) == 8 + 4 + 2
    assert _joined(winners, "W3-2", "W4-1")
    assert finals.count("<g id=") >= 1


def test_winners_into_names_the_winners_lines_only_and_refuses_an_unknown_match() -> None:
    state = drawn(16, Format.DOUBLE)
    assert state.winners_into("W2-1") == ("W1-1", "W1-2")
    assert state.winners_into("L2-1") == ("L1-1",)  # its other slot: a loser's drop
    assert state.winners_into("W1-1") == ()
    with pytest.raises(UnknownMatchError, match="no match 'X9-9' in the event"):
        state.winners_into("X9-9")
