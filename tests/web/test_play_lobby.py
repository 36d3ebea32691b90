"""Browser games are guests of the venue: their own lobby, never the hall; they expire.

The hall and the desk list matches without reading a game (the filter is the
database's), abandoned games are removed after their age, and the desk removes any
match but one an event called.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, inspect

from rotation61.records import EventInput, ShotInput
from rotation61.rules import OfficialEvent, Seat, Shot
from rotation61.web.adapters.matches import SqlRepository
from rotation61.web.app import open_database
from rotation61.web.core.errors import MatchNotFoundError
from rotation61.web.core.model import MatchStatus
from rotation61.web.core.settings import Settings
from rotation61.web.services.game import GameMode
from rotation61.web.services.matches import MatchService
from rotation61.web.services.play import GameExpiry, PlayService
from tests.web.fakes import RecordingNotifier
from tests.web.helpers import ORGANISER, create_match, desk, organiser_login
from tests.web.play_helpers import choose_stroke
from tests.web.tournament_helpers import act, create_event, playing

_HOUR = 3600.0
BREAK = ShotInput(
    shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
)


class _Clock:
    """A clock the test moves on (ISO 8601 text, as the service stores times)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="milliseconds")

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


@pytest.fixture
def stored(database_url: str) -> Iterator[tuple[MatchService, PlayService, _Clock, Any]]:
    """The match and play services on a real database of each backend, with a clock."""
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    engine = open_database(Settings(database_url=url))
    clock = _Clock()
    matches = MatchService(SqlRepository(engine), RecordingNotifier(), clock=clock)
    play = PlayService(matches, _NoStrokes(), expiry=GameExpiry(idle_s=24 * _HOUR))
    try:
        yield matches, play, clock, engine
    finally:
        engine.dispose()


class _NoStrokes:
    def load_strokes(self, match_id: int) -> dict[int, dict[str, float]]:
        return {}


def _game(play: PlayService, name: str = "Khách") -> int:
    stored = play.create(
        mode=GameMode.HOTSEAT, players=(name, "B"), race_to=1, rules="standard", table_size="9ft"
    )
    return stored.id


def test_the_hall_and_the_desk_never_list_a_game_and_the_database_filters_them(
    stored: tuple[MatchService, PlayService, _Clock, Any],
) -> None:
    matches, play, _, engine = stored
    hall_match = matches.create_match(desk(players=("Hùng", "Lan")))
    games = [_game(play, f"Spam {i}") for i in range(30)]
    matches.submit(games[0], 0, BREAK)  # a live game
    matches.submit(hall_match.id, 0, BREAK)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        assert [m.id for m, _ in matches.hall()] == [hall_match.id]
        assert [m.id for m in matches.list_matches()] == [hall_match.id]
        assert [m.id for m in matches.list_matches(MatchStatus.SCHEDULED)] == []
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    lists = [s for s in statements if "FROM matches" in s and "WHERE" in s]
    assert lists
    assert all("matches.game IS NULL" in s for s in lists), lists
    # The lobby lists the live games only, newest first, and the mode comes back whole.
    lobby = play.lobby()
    assert [g.id for g in lobby] == [games[0]]
    assert lobby[0].game == "hotseat"
    assert matches.get_match(games[0]).header.tag("Game") == "hotseat"
    indexes = {ix["name"] for ix in inspect(engine).get_indexes("matches")}
    assert {"ix_matches_game_status", "ix_matches_game_touched"} <= indexes


def test_abandoned_games_expire_after_their_age_and_matches_never_do(
    stored: tuple[MatchService, PlayService, _Clock, Any],
) -> None:
    matches, play, clock, _ = stored
    hall_match = matches.create_match(desk())
    idle = _game(play, "Idle")
    active = _game(play, "Active")
    finished = _game(play, "Done")
    matches.submit(finished, 0, EventInput(event=OfficialEvent.CONCEDE_MATCH, player=Seat.A))
    clock.advance(20)
    matches.submit(active, 0, BREAK)  # an input makes the game young again
    clock.advance(5)  # idle: 25 h without an input; active: 5 h
    assert sorted(play.sweep(force=True)) == [idle]
    with pytest.raises(MatchNotFoundError):
        matches.board(idle)
    assert matches.get_match(finished).status is MatchStatus.FINISHED
    clock.advance(24 * 7)  # a week on: the finished game and the idle one go
    assert sorted(play.sweep(force=True)) == sorted([active, finished])
    assert [m.id for m in matches.list_matches()] == [hall_match.id]


def test_the_sweep_runs_when_a_game_is_created_at_most_once_a_minute(
    stored: tuple[MatchService, PlayService, _Clock, Any],
) -> None:
    matches, _, clock, _ = stored
    ticks = iter([0.0, 10.0, 100.0])
    play = PlayService(
        matches, _NoStrokes(), expiry=GameExpiry(idle_s=_HOUR), monotonic=lambda: next(ticks)
    )
    first = _game(play)  # swept at 0 s (nothing to sweep)
    clock.advance(2)
    second = _game(play)  # 10 s later: no sweep, the first game stays
    assert matches.get_match(first).id == first
    clock.advance(2)
    third = _game(play)  # 100 s: swept, the first and second games are 4 h and 2 h old
    assert third > second  # a removed game's number is never given again
    with pytest.raises(MatchNotFoundError):
        matches.get_match(first)
    with pytest.raises(MatchNotFoundError):
        matches.get_match(second)


def test_the_desk_removes_a_match_and_a_game_but_not_one_an_event_called(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    match = create_match(client)
    game = client.post("/api/play", json={"mode": "hotseat", "player_a": "A", "player_b": "B"})
    assert game.status_code == 201
    game_id = game.json()["id"]
    assert client.delete(f"/api/matches/{match['id']}").status_code == 401
    with caplog.at_level(logging.INFO, logger="rotation61.web.services.matches"):
        for number in (match["id"], game_id):
            assert client.delete(f"/api/matches/{number}", auth=ORGANISER).status_code == 204
            assert client.get(f"/api/matches/{number}").status_code == 404
    removals = [r.getMessage() for r in caplog.records if "removed by" in r.getMessage()]
    assert len(removals) == 2
    assert all("organiser admin" in m for m in removals)
    assert client.delete(f"/api/matches/{match['id']}", auth=ORGANISER).status_code == 404
    created = create_event(client, 4, tables=2)
    act(client, created["id"], "draw")
    called = playing(act(client, created["id"], "start"))
    number = called[0]["scorekeeper_match"]
    with caplog.at_level(logging.INFO, logger="rotation61.web.services.matches"):
        refused = client.delete(f"/api/matches/{number}", auth=ORGANISER)
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"] == "MatchInEventError"
    assert f"event {created['id']}" in refused.json()["detail"]
    assert any("refused" in r.getMessage() for r in caplog.records)
    assert client.get(f"/api/matches/{number}").status_code == 200


def test_the_lobby_lists_live_games_in_vietnamese_and_the_hall_does_not(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/play", json={"mode": "hotseat", "player_a": "Khách lạ", "player_b": "Người qua"}
    ).json()
    quiet = client.post("/api/play", json={"mode": "online", "player_a": "X", "player_b": "Y"})
    assert quiet.status_code == 201
    hall_match = create_match(client)
    body = choose_stroke(client.get(f"/api/play/{made['id']}").json())
    shot_response = client.post(
        f"/api/play/{made['id']}/shots", json=body, headers={"X-Play-Token": made["token"]}
    )
    assert shot_response.status_code == 200, shot_response.text
    page = client.get("/play")
    assert page.status_code == 200
    assert "Các ván đang chơi" in page.text
    assert "Khách lạ" in page.text
    assert f'href="/play/{made["id"]}"' in page.text
    assert f'data-game="{quiet.json()["id"]}"' not in page.text  # no shot yet: not live
    assert "Games being played" not in page.text
    english = client.get("/play?lang=en")
    assert "Games being played" in english.text
    assert "Watch" in english.text
    hall = client.get("/api/hall").json()
    assert [b["id"] for b in hall] == [hall_match["id"]]
    listed = client.get("/api/matches").json()
    assert [m["id"] for m in listed] == [hall_match["id"]]
    organiser_login(client)
    desk_page = client.get("/desk")
    assert "Khách lạ" not in desk_page.text


def test_games_stored_before_the_column_are_moved_out_of_the_hall(database_url: str) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from rotation61.web.core.database import MIGRATIONS, create_db_engine, migrate

    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    engine = create_db_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
        command.downgrade(config, "0006")  # a database already at the newest goes back
    columns = "player_a, player_b, race_to, preset, overrides, first_breaker, table_name, "
    columns += "table_size, tags, pin, log_length, status, racks_won_a, racks_won_b, created_at"
    with engine.begin() as conn:
        for tags in ('{"Game":"online"}', '{"Event":"Cúp"}'):
            conn.execute(
                text(
                    f"INSERT INTO matches ({columns}) VALUES ('A', 'B', 1, 'standard', '{{}}', "
                    f"'A', '', '9ft', :tags, '1234', 0, 'scheduled', 0, 0, '2026-12-01T10:00')"
                ),
                {"tags": tags},
            )
    migrate(engine)
    matches = MatchService(SqlRepository(engine), RecordingNotifier())
    try:
        listed = matches.list_matches()
        assert [m.header.tag("Event") for m in listed] == ["Cúp"]
        (game,) = matches.list_matches(games=True)
        assert game.game == "online"
        assert game.event_tags == {"Game": "online"}
    finally:
        engine.dispose()
