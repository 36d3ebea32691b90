"""The ladder's picture: ratings with their intervals, in the chosen language."""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.cli.ai import player_label
from rotation61.ratings import RackTally, fit, standard_errors


def _tallies(scale: int) -> list[RackTally]:
    return [
        RackTally(player="1", opponent="2", won=4 * scale, lost=6 * scale),
        RackTally(player="2", opponent="agent:x", won=3 * scale, lost=7 * scale),
        RackTally(player="1", opponent="agent:x", won=2 * scale, lost=8 * scale),
    ]


def _rows(scale: int) -> list[tuple[str, float, float, int]]:
    tallies = _tallies(scale)
    ratings = fit(tallies)
    errors = standard_errors(tallies, ratings)
    return [(r.player, r.rating, errors[r.player], r.racks) for r in ratings]


def test_errors_shrink_with_more_racks() -> None:
    few, many = _rows(1), _rows(16)
    assert [r[0] for r in few] == ["agent:x", "2", "1"]
    assert [r[3] for r in many] == [16 * 20] * 3
    for small, large in zip(few, many, strict=True):
        assert 0 < large[2] < small[2] / 2.5  # about 1/sqrt(16) = 1/4, priors aside


def test_labels_speak_the_chosen_language() -> None:
    assert player_label("3") == "level 3"
    assert player_label("agent:x") == "learned agent x"
    assert player_label("3", "vi") == "cấp 3"
    assert player_label("agent:x", "vi") == "máy tự học x"


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_picture_is_a_png(tmp_path: Path, language: str) -> None:
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    from rotation61.sim.plot import plot_ratings

    path = tmp_path / f"ladder-{language}.png"
    rows = [(player_label(p, language), r, e, n) for p, r, e, n in _rows(2)]
    plot_ratings(rows, path, language=language)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
