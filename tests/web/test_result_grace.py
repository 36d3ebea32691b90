"""A table's finished match is held for the grace period: undo, confirm, or by itself.

Real app, real SQLite; the grace period's clock is the only thing moved (a sweep with a
clock past the period), so no test waits a minute.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings
from rotation61.web.services.result_grace import ResultGrace
from tests.web.helpers import ORGANISER, PASSWORD
from tests.web.tournament_helpers import (
    act,
    concede,
    create_event,
    get_event,
    play_out,
    playing,
    referee,
)

GRACE_S = 60.0


def _app(url: str, grace_s: float = GRACE_S) -> TestClient:
    return TestClient(
        create_app(Settings(database_url=url, organiser_password=PASSWORD, result_grace_s=grace_s))
    )


@pytest.fixture
def held_client(sqlite_url: str) -> Iterator[TestClient]:
    with _app(sqlite_url) as client:
        yield client


def _later(client: TestClient, seconds: float) -> ResultGrace:
    """The app's grace period with a clock ``seconds`` ahead (the sweep's view then)."""
    grace = client.app.state.ctx.grace  # type: ignore[attr-defined]
    assert grace is not None
    shifted = datetime.now(UTC) + timedelta(seconds=seconds)
    return ResultGrace(
        grace._tournaments, grace._matches, grace_s=grace.grace_s, now=lambda: shifted
    )


def _started(client: TestClient, n: int = 4, **settings: Any) -> dict[str, Any]:
    event = create_event(client, n, **({"format": "single", "race": 1, "tables": 2} | settings))
    act(client, event["id"], "draw")
    return act(client, event["id"], "start")


def _undo(client: TestClient, ref: int) -> Any:
    board = client.get(f"/api/matches/{ref}").json()
    return client.post(
        f"/api/matches/{ref}/inputs",
        json={"expected_seq": board["seq"], "kind": "undo"},
        headers=referee(client, ref),
    )


def test_a_finished_match_is_held_and_can_be_undone(held_client: TestClient) -> None:
    event = _started(held_client)
    match = playing(event)[0]
    ref, table = match["scorekeeper_match"], int(match["table"])
    assert concede(held_client, ref).status_code == 200
    # Over on the table, not in the event: nothing moved, the next match is not called.
    after = get_event(held_client, event["id"])
    assert next(m for m in after["matches"] if m["id"] == match["id"])["status"] == "playing"
    assert after["seq"] == event["seq"]
    status = held_client.get(f"/api/tables/{table}/status").json()
    assert status["match"]["id"] == match["id"]
    assert 0 < status["held"]["seconds_left"] <= GRACE_S
    assert status["event"]["name"] == "Cúp 61"
    # The mistyped end is undone: the match goes on, nothing is held.
    assert _undo(held_client, ref).status_code == 200
    assert held_client.get(f"/api/tables/{table}/status").json()["held"] is None
    assert not held_client.get(f"/api/matches/{ref}").json()["final"]
    assert get_event(held_client, event["id"])["seq"] == event["seq"]


def test_confirming_moves_the_event_and_then_the_result_is_final(held_client: TestClient) -> None:
    event = _started(held_client)
    match = playing(event)[0]
    ref, table = match["scorekeeper_match"], int(match["table"])
    concede(held_client, ref)
    confirmed = held_client.post(
        f"/api/tables/{table}/result",
        json={"event": event["id"], "match": match["id"]},
        auth=ORGANISER,
    )
    assert confirmed.status_code == 200, confirmed.text
    done = next(m for m in confirmed.json()["matches"] if m["id"] == match["id"])
    assert done["status"] == "walkover"
    # Acknowledged means final: the console refuses an undo now.
    refused = _undo(held_client, ref)
    assert refused.status_code == 409
    assert refused.json()["error"] == "MatchFinalError"


def test_the_sweep_confirms_only_what_is_due(held_client: TestClient) -> None:
    event = _started(held_client)
    match = playing(event)[0]
    concede(held_client, match["scorekeeper_match"])
    assert _later(held_client, GRACE_S - 30).sweep() == 0
    assert get_event(held_client, event["id"])["seq"] == event["seq"]
    assert _later(held_client, GRACE_S + 1).sweep() == 1
    after = get_event(held_client, event["id"])
    assert next(m for m in after["matches"] if m["id"] == match["id"])["status"] == "walkover"
    assert held_client.get(f"/api/matches/{match['scorekeeper_match']}").json()["final"]


def test_a_held_result_stays_held_across_a_restart(sqlite_url: str) -> None:
    with _app(sqlite_url) as client:
        event = _started(client)
        match = playing(event)[0]
        concede(client, match["scorekeeper_match"])
    with _app(sqlite_url) as client:  # the start-up's resume leaves the hold alone
        after = get_event(client, event["id"])
        assert next(m for m in after["matches"] if m["id"] == match["id"])["status"] == "playing"
        status = client.get(f"/api/tables/{match['table']}/status").json()
        assert status["held"] is not None
        assert _later(client, GRACE_S + 1).sweep() == 1
    with _app(sqlite_url, grace_s=0) as client:  # and it is not taken twice
        after = get_event(client, event["id"])
        assert next(m for m in after["matches"] if m["id"] == match["id"])["status"] == "walkover"


def test_without_a_grace_period_the_event_takes_the_result_at_once(sqlite_url: str) -> None:
    with _app(sqlite_url, grace_s=0) as client:
        event = _started(client)
        match = playing(event)[0]
        concede(client, match["scorekeeper_match"])
        after = get_event(client, event["id"])
        assert next(m for m in after["matches"] if m["id"] == match["id"])["status"] == "walkover"


def test_the_grace_period_is_a_setting_of_the_environment() -> None:
    assert Settings.from_env({}).result_grace_s == 60
    assert Settings.from_env({"ROTATION61_RESULT_GRACE_S": "15"}).result_grace_s == 15
    with pytest.raises(ValueError, match="ROTATION61_RESULT_GRACE_S='soon'"):
        Settings.from_env({"ROTATION61_RESULT_GRACE_S": "soon"})
    with pytest.raises(ValueError, match="ROTATION61_RESULT_GRACE_S='-1'"):
        Settings.from_env({"ROTATION61_RESULT_GRACE_S": "-1"})


def test_the_final_and_semi_finals_are_featured_and_the_desk_marks_more(
    sqlite_client: TestClient,
) -> None:
    event = _started(sqlite_client, 8, tv_table=1)
    assert _featured(sqlite_client, event["id"]) == {"R2-1", "R2-2", "R3-1"}
    marked = sqlite_client.post(
        f"/api/tournaments/{event['id']}/feature", json={"match": "R1-4"}, auth=ORGANISER
    )
    assert marked.status_code == 200, marked.text
    assert "R1-4" in _featured(sqlite_client, event["id"])
    # Stored as an event input, in its log (its export holds it).
    exported = sqlite_client.get(f"/api/tournaments/{event['id']}/export.json", auth=ORGANISER)
    assert '"kind": "feature"' in exported.text.replace('":"', '": "')
    unknown = sqlite_client.post(
        f"/api/tournaments/{event['id']}/feature", json={"match": "R9-9"}, auth=ORGANISER
    )
    assert unknown.status_code in (404, 409, 422)
    assert _featured(sqlite_client, event["id"]) == {"R1-4", "R2-1", "R2-2", "R3-1"}


def _featured(client: TestClient, event_id: int) -> set[str]:
    ctx = client.app.state.ctx  # type: ignore[attr-defined]
    live = ctx.tournaments.event(event_id)
    return {m.id for m in live.state.matches if m.featured}


def test_an_idle_tv_table_shows_the_event_and_its_next_featured_match(
    sqlite_client: TestClient,
) -> None:
    event = _started(sqlite_client, 8, tables=4, tv_table=4)
    on_tv = next(m for m in playing(event) if m["table"] == "4")
    concede(sqlite_client, on_tv["scorekeeper_match"])
    # No match is ready for it yet: the TV table's screens show the event, never blank.
    for page in ("overlay", "scoreboard"):
        html = sqlite_client.get(f"/tables/4/{page}").text
        assert 'data-testid="idle-event"' in html
        assert "Cúp 61" in html
        assert 'data-testid="idle-next-featured"' in html
    status = sqlite_client.get("/api/tables/4/status").json()
    assert status["match"] is None
    assert status["next_featured"]["id"] in {"R2-1", "R2-2"}
    assert len(status["playing"]) == 3


def test_after_the_event_a_table_shows_its_champion(sqlite_client: TestClient) -> None:
    event = _started(sqlite_client, 4, tables=2)
    finished = play_out(sqlite_client, event["id"])
    champion = next(e["name"] for e in finished["entries"] if e["id"] == finished["champion"])
    html = sqlite_client.get("/tables/1/overlay").text
    assert 'data-testid="idle-end"' in html
    assert champion in html
    assert f"/events/{event['id']}/standings" in html
