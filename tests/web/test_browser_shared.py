"""The browser's shared definitions agree with the server's, in Debian's chromium.

The play page's cue-ball placement check (``static/play_table.js``) and the geometry
layer's :func:`~rotation61.geometry.placement_problem` give the same answer on
borderline positions (balls touching, 10⁻⁸ in apart, overlapping; the cue ball at the
head string and at the cushions), the balls the pages draw take the colours of the
server's SVG, and a refusal on the play pages leads in the page's language.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import httpx
import pytest

from rotation61.geometry import CONTACT_TOL_IN, EPS_IN, Point, get_table, placement_problem
from rotation61.text import Language
from rotation61.web.core.i18n import UI_CATALOGUES
from rotation61.web.presenters.shared import BALL_COLOURS, CUE_COLOUR, ball_colour
from tests.web.server import Server

pytestmark = [pytest.mark.browser, pytest.mark.server]

# Offsets (in) around each boundary: both sides of each tolerance, and far from it.
OFFSETS = (-1e-6, -2e-7, -1e-7, -5e-8, -1e-8, -2e-9, -1e-9, -1e-10, 0.0)
OFFSETS = tuple(sorted(set(OFFSETS + tuple(-o for o in OFFSETS))))


def borderline(size: str) -> tuple[dict[str, list[float]], list[tuple[float, float]]]:
    """Object balls in and near the kitchen, and cue-ball centres on every boundary."""
    spec = get_table(size)
    r, d, head = spec.ball_radius, spec.ball_diameter, spec.head_string_x
    length, width = spec.length, spec.width
    # Ball 3 clear of everything, ball 5 against the head cushion, ball 9 across the
    # head string (a cue ball touching it lies at the line), the cue ball's own centre
    # (never an obstacle) in the way.
    balls = {
        "0": [head / 2, width / 2],
        "3": [head / 2, width / 2 + 5.0],
        "5": [r, r + 8.0],
        "9": [head + 0.5, width / 2 - 6.0],
    }
    cases: list[tuple[float, float]] = []
    bx, by = balls["3"]
    for off in OFFSETS:
        cases += [
            (bx + d + off, by),  # touching along x, then 1e-8 ... apart or overlapping
            (bx, by - d + off),  # along y
            (bx - d - off, by),
            (r + d + off, r + 8.0),  # touching the ball against the cushion
            (head + off, width / 2),  # at the head string
            (head - 1e-9 + off, width / 4),
            (r + off, width / 3),  # at each cushion
            (r + 4.0, r + off),
            (r + 4.0, width - r + off),
            (length - r + off, width / 2),  # past the head string as well
            (r + off, r + 8.0 + d),  # at the cushion and touching ball 5
        ]
    for angle, off in itertools.product((0.3, 0.9, 2.2), (-1e-6, -5e-8, 5e-8, 1e-6)):
        cases.append(placed_at(bx, by, d + off, angle))
    cases += [(head / 2, width / 2), (bx + 1.0, by), (-1.0, 3.0), (head + 0.5 - d, width / 2 - 6.0)]
    return balls, cases


def placed_at(x: float, y: float, distance: float, angle: float) -> tuple[float, float]:
    return (x + distance * math.cos(angle), y + distance * math.sin(angle))


def python_answers(size: str, balls: dict[str, list[float]], cases: list[Any]) -> list[Any]:
    spec = get_table(size)
    others = [Point(x, y) for k, (x, y) in balls.items() if k != "0"]
    out = []
    for x, y in cases:
        problem = placement_problem(spec, Point(x, y), others, kitchen=True)
        out.append(None if problem is None else problem.value)
    return out


@pytest.mark.parametrize("size", ["9ft", "7ft"])
def test_placement_check_agrees_with_geometry(browser: Any, server: Server, size: str) -> None:
    made = httpx.post(
        server.url + "/api/play",
        json={"mode": "hotseat", "player_a": "An", "player_b": "Bình", "table_size": size},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    game = made.json()["id"]
    view = httpx.get(f"{server.url}/api/play/{game}?lang=en", timeout=10).json()
    balls, cases = borderline(size)
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/play/{game}")
        page.wait_for_selector("#play[data-seq]", state="attached")
        answers = page.evaluate(
            """([table, balls, cases]) => cases.map(([x, y]) => [
                window.R61Table.placementProblem(table, balls, x, y),
                window.R61Table.placementOk(table, balls, x, y)])""",
            [view["table"], balls, cases],
        )
        tolerances = page.evaluate("window.R61.shared.tolerances")
    finally:
        page.close()
    assert tolerances == {"position_in": EPS_IN, "contact_in": CONTACT_TOL_IN}
    expected = python_answers(size, balls, cases)
    disagree = [
        (case, js, py)
        for case, (js, ok), py in zip(cases, answers, expected, strict=True)
        if js != py or ok != (py is None)
    ]
    assert not disagree, f"{len(disagree)} of {len(cases)} positions disagree: {disagree[:8]}"
    # The set reaches every answer, and the contact tolerance's own borderline: 10⁻⁸ in
    # closer than touching is legal, 2 x 10⁻⁷ in is an overlap.
    assert set(expected) == {None, "off_table", "not_behind_head_string", "overlaps_ball"}
    bx, by = balls["3"]
    d = get_table(size).ball_diameter
    assert expected[cases.index((bx + d - 1e-8, by))] is None
    assert expected[cases.index((bx + d - 2e-7, by))] == "overlaps_ball"


def test_pages_draw_balls_in_the_servers_colours(browser: Any, server: Server) -> None:
    page = browser.new_page()
    try:
        page.goto(server.url + "/hall")
        page.wait_for_selector("#hall", state="attached")
        drawn = page.evaluate(
            """() => {
                const out = {};
                const probe = document.createElement("span");
                document.body.append(probe);
                for (let b = 1; b <= 15; b++) {
                    probe.className = "ball-chip b" + b;
                    out[b] = getComputedStyle(probe).getPropertyValue("--c").trim();
                }
                probe.remove();
                out.canvas = [0, 3, 11].map((b) => window.R61.ballColour(b));
                return out;
            }"""
        )
    finally:
        page.close()
    resolved = {str(b): drawn[str(b)] for b in range(1, 16)}
    assert resolved == {str(b): ball_colour(b) for b in range(1, 16)}
    assert drawn["canvas"] == [CUE_COLOUR, BALL_COLOURS[3], BALL_COLOURS[3]]


def test_play_refusal_leads_in_the_pages_language(browser: Any, server: Server) -> None:
    made = httpx.post(
        server.url + "/api/play",
        json={"mode": "online", "player_a": "An", "player_b": "Bình"},
        timeout=10,
    )
    game = made.json()["id"]
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/play/{game}/join?lang=vi#k=not-the-key")
        page.wait_for_selector("#join-error span")
        shown = page.text_content("#join-error") or ""
        detail_lang = page.get_attribute("#join-error span", "lang")
        detail = page.text_content("#join-error span") or ""
    finally:
        page.close()
    lead = UI_CATALOGUES[Language.VI]["error.lead.refused"]
    assert shown == f"{lead} {detail}"
    assert detail_lang == "en"
    assert f"wrong invite key for game {game}" in detail
