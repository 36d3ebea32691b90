"""Limits of the play page: rate limits per client and token, the engine pool's bound.

Beyond a rate limit: 429; beyond the pool's capacity: 503. Both with ``Retry-After`` in
whole seconds, the reason in the request's language, nothing stored.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from rotation61.cli import serve
from rotation61.web.app import create_app
from rotation61.web.core.errors import RateLimitedError, ServerBusyError
from rotation61.web.core.ratelimit import RateLimiter
from rotation61.web.core.settings import (
    DEFAULT_PLAY_CREATE_LIMIT,
    DEFAULT_PLAY_STROKE_LIMIT,
    Limit,
    Settings,
)
from rotation61.web.services.engine_pool import EnginePool
from tests.web.helpers import PASSWORD
from tests.web.play_helpers import choose_stroke


@pytest.fixture
def limited(database_url: str) -> Iterator[tuple[FastAPI, TestClient]]:
    """An app allowing 3 new games and 2 strokes per client (and token) a minute."""
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    settings = Settings(
        database_url=url,
        organiser_password=PASSWORD,
        play_create_limit=Limit(failures=3, window_s=60),
        play_stroke_limit=Limit(failures=2, window_s=60),
    )
    app = create_app(settings)
    with TestClient(app) as client:
        yield app, client


def _new(client: TestClient, lang: str = "") -> Any:
    body = {"mode": "hotseat", "player_a": "A", "player_b": "B"}
    return client.post(f"/api/play{lang}", json=body)


def _stroke(client: TestClient, game: dict[str, Any], lang: str = "") -> Any:
    view = client.get(f"/api/play/{game['id']}").json()
    return client.post(
        f"/api/play/{game['id']}/shots{lang}",
        json=choose_stroke(view),
        headers={"X-Play-Token": game["token"]},
    )


def _games(app: FastAPI) -> int:
    return len(app.state.ctx.service.list_matches(games=True))


def test_new_games_beyond_the_limit_get_429_with_retry_after_and_store_nothing(
    limited: tuple[FastAPI, TestClient],
) -> None:
    app, client = limited
    for _ in range(3):
        assert _new(client).status_code == 201
    refused = _new(client)
    assert refused.status_code == 429, refused.text
    assert 1 <= int(refused.headers["Retry-After"]) <= 20  # one game every 20 s
    assert refused.json()["error"] == "RateLimitedError"
    assert "giây" in refused.json()["detail"]  # Vietnamese by default
    english = _new(client, "?lang=en")
    assert english.status_code == 429
    assert "try again in" in english.json()["detail"]
    assert _games(app) == 3
    # Another client address has its own allowance.
    other = TestClient(app, client=("192.0.2.7", 50000))
    assert _new(other).status_code == 201


def test_strokes_beyond_the_limit_get_429_per_client_and_per_token(
    limited: tuple[FastAPI, TestClient],
) -> None:
    app, client = limited
    game = _new(client).json()
    for _ in range(2):
        assert _stroke(client, game).status_code == 200
    seq = client.get(f"/api/play/{game['id']}").json()["seq"]
    refused = _stroke(client, game, "?lang=en")
    assert refused.status_code == 429, refused.text
    assert int(refused.headers["Retry-After"]) >= 1
    assert "too many requests" in refused.json()["detail"].lower()
    assert client.get(f"/api/play/{game['id']}").json()["seq"] == seq  # nothing stored
    # The same client with another game's token: its address is at the limit.
    second = _new(client).json()
    assert _stroke(client, second).status_code == 429
    # The same token from another address: the token is at the limit.
    elsewhere = TestClient(app, client=("192.0.2.8", 50000))
    assert _stroke(elsewhere, game).status_code == 429
    # Another address with another token plays.
    third = _new(elsewhere).json()
    assert _stroke(elsewhere, third).status_code == 200


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_bucket_refills_at_its_rate_and_keeps_a_bounded_number_of_keys() -> None:
    clock = _Clock()
    limiter = RateLimiter(Limit(failures=2, window_s=10), "strokes", clock=clock, max_keys=3)
    limiter.take("a")
    limiter.take("a")
    with pytest.raises(RateLimitedError) as refused:
        limiter.take("a")
    assert refused.value.retry_after == 5  # one every 5 s
    assert "at most 2/10" in str(refused.value)
    clock.now = 4.0
    with pytest.raises(RateLimitedError) as again:
        limiter.take("a")
    assert again.value.retry_after == 1
    clock.now = 5.0
    limiter.take("a")
    for key in ("b", "c", "d"):
        limiter.take(key)
    assert len(limiter._buckets) == 3  # "a" was dropped, as a full bucket


def test_the_limits_are_settings_and_serve_options() -> None:
    assert Settings.from_env({}).play_create_limit == DEFAULT_PLAY_CREATE_LIMIT
    assert Settings.from_env({}).play_stroke_limit == DEFAULT_PLAY_STROKE_LIMIT
    env = {"ROTATION61_PLAY_STROKE_LIMIT": "120/60", "ROTATION61_PLAY_CREATE_LIMIT": "5/60"}
    settings = Settings.from_env(env)
    assert settings.play_stroke_limit == Limit(failures=120, window_s=60)
    assert settings.play_create_limit == Limit(failures=5, window_s=60)
    with pytest.raises(ValueError, match="ROTATION61_PLAY_STROKE_LIMIT='fast'"):
        Settings.from_env({"ROTATION61_PLAY_STROKE_LIMIT": "fast"})
    with pytest.raises(ValueError, match="ROTATION61_GAME_IDLE_HOURS='-1'"):
        Settings.from_env({"ROTATION61_GAME_IDLE_HOURS": "-1"})
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args(["--play-stroke-limit", "30/60", "--game-idle-hours", "2"])
    assert args.play_stroke_limit == "30/60"
    assert args.game_idle_hours == "2"
    with pytest.raises(SystemExit):
        parser.parse_args(["--play-create-limit", "many"])


def _warmed_up() -> None:
    for thread in threading.enumerate():
        if thread.name == "play-warm-up":
            thread.join()


def test_strokes_beyond_the_pool_get_503_with_retry_after_and_store_nothing(
    sqlite_url: str,
) -> None:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD, play_pool=(0, 1))
    app = create_app(settings)
    pool = app.state.ctx.play.pool
    with TestClient(app) as client:
        _warmed_up()
        game = _new(client).json()
        release = threading.Event()
        holder = threading.Thread(target=pool.run, args=("a test", release.wait, 30))
        holder.start()  # the pool's only place is taken
        try:
            time.sleep(0.2)
            refused = _stroke(client, game)
            assert refused.status_code == 503, refused.text
            assert refused.headers["Retry-After"] == "1"
            assert refused.json()["error"] == "ServerBusyError"
            assert "Máy chủ đang bận" in refused.json()["detail"]
            assert client.get(f"/api/play/{game['id']}").json()["seq"] == 0
        finally:
            release.set()
            holder.join()
        assert _stroke(client, game).status_code == 200  # the place is free again


def test_strokes_are_simulated_in_the_pool_s_process_and_it_stops_with_the_app(
    sqlite_url: str,
) -> None:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD, play_pool=(1, 2))
    with TestClient(create_app(settings)) as client:
        _warmed_up()
        game = _new(client).json()
        assert _stroke(client, game).status_code == 200
        children = multiprocessing.active_children()
        assert children  # the engine's process, at a lower priority
        assert os.getpriority(os.PRIO_PROCESS, children[0].pid) > os.getpriority(os.PRIO_PROCESS, 0)
    for child in children:
        child.join(timeout=10)
        assert not child.is_alive()


def test_a_full_pool_refuses_at_once() -> None:
    pool = EnginePool(processes=0, queue=2)
    release = threading.Event()
    holders = [threading.Thread(target=pool.run, args=("hold", release.wait, 30)) for _ in "ab"]
    for holder in holders:
        holder.start()
    try:
        time.sleep(0.2)
        started = time.perf_counter()
        with pytest.raises(ServerBusyError) as refused:
            pool.run("a stroke", sum, (1, 2))
        assert time.perf_counter() - started < 0.05
        assert refused.value.retry_after == 1
        assert pool.refused == 1
    finally:
        release.set()
        for holder in holders:
            holder.join()
    assert pool.run("a stroke", sum, (1, 2)) == 3
    with pytest.raises(ValueError, match="PROCESSES/QUEUE"):
        EnginePool(processes=0, queue=0)
