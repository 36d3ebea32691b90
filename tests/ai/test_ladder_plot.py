"""The ladder's picture: ratings with their intervals, in the chosen language."""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.ai.ladder_plot import ladder_entries, player_label, plot_ladder
from rotation61.ratings import RackTally


def _tallies(scale: int) -> list[RackTally]:
    return [
        RackTally(player="1", opponent="2", won=4 * scale, lost=6 * scale),
        RackTally(player="2", opponent="agent:x", won=3 * scale, lost=7 * scale),
        RackTally(player="1", opponent="agent:x", won=2 * scale, lost=8 * scale),
    ]


def test_entries_are_best_first_and_their_errors_shrink_with_more_racks() -> None:
    few, many = ladder_entries(_tallies(1)), ladder_entries(_tallies(16))
    assert [e.player for e in few] == ["agent:x", "2", "1"]
    assert [e.racks for e in many] == [16 * 20] * 3
    for small, large in zip(few, many, strict=True):
        assert large.error < small.error / 2.5  # about 1/sqrt(16) = 1/4, priors aside
        assert large.error > 0


def test_labels_speak_the_chosen_language() -> None:
    assert player_label("3") == "level 3"
    assert player_label("agent:x") == "learned agent x"
    assert player_label("3", "vi") == "cấp 3"
    assert player_label("agent:x", "vi") == "máy tự học x"


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_picture_is_a_png(tmp_path: Path, language: str) -> None:
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    path = tmp_path / f"ladder-{language}.png"
    plot_ladder(ladder_entries(_tallies(2)), path, language=language)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
