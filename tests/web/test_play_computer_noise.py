"""The play page's computer executes its stroke under the noise model it chose it under."""

from __future__ import annotations

import dataclasses
import math

import pytest
from fastapi.testclient import TestClient

from rotation61.ai import StrokeAction
from rotation61.ai.levels import get_level
from rotation61.sim import STROKE_LIMITS, Stroke, simulate_strokes
from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings
from rotation61.web.services.computer import AiComputer, execution_rng
from rotation61.web.services.game import Game
from tests.web.helpers import PASSWORD


@pytest.mark.parametrize("scale", [None, 400.0])
def test_the_computers_stroke_is_its_searchs_sample_under_the_levels_noise(
    sqlite_url: str, scale: float | None
) -> None:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        body = {"mode": "hotseat", "player_a": "An", "player_b": "Binh"}
        created = client.post("/api/play", json=body)
        assert created.status_code == 201, created.text
        play = client.app.state.ctx.play  # type: ignore[attr-defined]
        game = play.game(created.json()["id"])
    level = 1  # the widest noise of the levels: the execution is far from the stroke meant
    player = get_level(level)
    if scale is not None:  # so wide that every clamp of the noise model binds
        player = dataclasses.replace(player, noise_scale=scale)
    computer = AiComputer({str(level): player})
    move = computer.move(game, level)
    again = computer.move(game, level)
    assert move == again  # a replay of the game draws the same
    assert move.stroke is not None
    assert move.placement is not None
    # what the search meant: the same move played exactly (no noise) ...
    meant = _meant(computer, game, level)
    assert move.stroke != meant
    # ... and the stroke played is the search's own sample of it under the level's noise,
    # drawn from the same generator
    layout = dict(game.layout) | {0: move.placement}
    sample = simulate_strokes(
        layout, [meant], samples=1, noise=player.noise, rng=execution_rng(game)
    )
    assert move.stroke.as_tuple() == tuple(sample.strokes[0])
    assert not sample.miscue[0]
    if scale is not None:
        lim = STROKE_LIMITS
        assert move.stroke.speed in (lim.min_speed, lim.max_speed)
        assert math.hypot(move.stroke.a, move.stroke.b) == pytest.approx(lim.tip_offset * 0.98)


def _meant(computer: AiComputer, game: Game, level: int) -> Stroke:
    action = computer.choose(game, level).action
    assert isinstance(action, StrokeAction)
    return Stroke(speed=action.speed, phi=action.phi, theta=action.theta, a=action.a, b=action.b)
