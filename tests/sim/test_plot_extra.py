"""matplotlib is the [plot] extra's: the simulator never imports it, --plot asks for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rotation61.cli.main import main
from rotation61.geometry import Point
from rotation61.sim import DEFAULT_TABLE, Stroke, simulate
from rotation61.sim.plot import MissingPlotExtraError, plot_shot

_IMPORTED_MATPLOTLIB = """
import json, sys
import rotation61.sim, rotation61.sim.plot, rotation61.cli.simulate
print(json.dumps(sorted(m for m in sys.modules if m.partition(".")[0] == "matplotlib")))
"""


def test_importing_the_simulator_and_its_command_imports_no_matplotlib() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTED_MATPLOTLIB], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import matplotlib`` fail, as it does without the [plot] extra."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)


@pytest.mark.usefixtures("no_matplotlib")
def test_simulate_with_plot_but_no_matplotlib_exits_2_saying_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "break.png"
    assert main(["simulate", "break", "--plot", str(picture)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before simulating
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("rotation61: error: --plot: drawing a shot needs matplotlib")
    assert "pip install 'rotation61[plot]'" in lines[0]
    assert not picture.exists()


@pytest.mark.usefixtures("no_matplotlib")
def test_plot_shot_without_matplotlib_raises_saying_how_to_install_it(tmp_path: Path) -> None:
    layout = {0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}
    result = simulate(layout, Stroke(speed=2.0, phi=0.0), trajectory=True)
    with pytest.raises(MissingPlotExtraError, match=r"pip install 'rotation61\[plot\]'"):
        plot_shot(result, layout, DEFAULT_TABLE, tmp_path / "shot.png")
    assert not (tmp_path / "shot.png").exists()
