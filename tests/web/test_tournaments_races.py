"""Two workers (two apps, each with its own memory of the events) on one database, on
SQLite and PostgreSQL: tables reporting at once, a correction racing a new result.
Exactly one order lands, and each worker's remembered event equals a fresh replay of
the stored inputs."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rotation61.records import EventInput
from rotation61.rules import OfficialEvent, Seat
from rotation61.tournament import CorrectionRefusedError, to_dict
from rotation61.web.adapters.broker import NullNotifier
from rotation61.web.adapters.matches import SqlRepository
from rotation61.web.api.deps import AppContext
from rotation61.web.app import create_app
from rotation61.web.core.database import create_db_engine
from rotation61.web.core.settings import Settings
from rotation61.web.services.matches import MatchService
from tests.web.conftest import PASSWORD
from tests.web.tournament_helpers import act, create_event, playing


@pytest.fixture
def workers(database_url: str) -> Iterator[tuple[TestClient, AppContext, AppContext]]:
    """Two apps on the same database: a client of the first, and both contexts."""
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    settings = Settings(database_url=url, organiser_password=PASSWORD, result_grace_s=0)
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        yield one, one.app.state.ctx, two.app.state.ctx  # type: ignore[attr-defined]


def _together(*jobs: Callable[[], Any]) -> list[Any]:
    """Run the jobs at the same moment in threads; their results or exceptions."""
    barrier = threading.Barrier(len(jobs))
    out: list[Any] = [None] * len(jobs)

    def run(i: int, job: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            out[i] = job()
        except Exception as err:
            out[i] = err

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return out


def _finish(ctx: AppContext, match_id: int) -> Callable[[], Any]:
    """The last input of a scorekeeper match, entered through a worker: B concedes."""
    item = EventInput(event=OfficialEvent.CONCEDE_MATCH, player=Seat.B)
    return lambda: ctx.service.submit(match_id, ctx.service.board(match_id)[1].length, item)


def _consistent(event_id: int, *contexts: AppContext) -> dict[str, Any]:
    """Each worker's event, brought up to date, equals a fresh replay of the storage."""
    fresh = contexts[0].tournaments.__class__(
        contexts[0].tournaments._repo,
        contexts[0].service,
    )
    expected = to_dict(fresh.event(event_id).state)  # type: ignore[arg-type]
    for ctx in contexts:
        state = ctx.tournaments.event(event_id).state
        assert state is not None
        assert to_dict(state) == expected
    return expected


def test_two_tables_report_at_once_on_two_workers(
    workers: tuple[TestClient, AppContext, AppContext],
) -> None:
    client, one, two = workers
    event = create_event(client, 8, tables=2)
    act(client, event["id"], "draw")
    started = act(client, event["id"], "start")
    first, second = (m["scorekeeper_match"] for m in playing(started))
    results = _together(_finish(one, first), _finish(two, second))
    assert not [r for r in results if isinstance(r, Exception)], results
    data = _consistent(event["id"], one, two)
    by_id = {m["id"]: m for m in data["matches"]}
    # Both results landed, each once, and both tables were given the next matches.
    assert [by_id[m["id"]]["status"] for m in playing(started)] == ["walkover", "walkover"]
    results_stored = [i for i in data["inputs"] if i["kind"] == "walkover"]
    assert len(results_stored) == 2
    assert sorted(m["table"] for m in data["matches"] if m["status"] == "playing") == ["1", "2"]


def test_a_correction_racing_a_new_result_lands_in_one_order(
    workers: tuple[TestClient, AppContext, AppContext],
) -> None:
    client, one, two = workers
    event = create_event(client, 4, format="single", tables=1)
    event_id = event["id"]
    act(client, event_id, "draw")
    started = act(client, event_id, "start")
    r11 = playing(started)[0]
    _finish(one, r11["scorekeeper_match"])()  # R1-1 to slot A; R1-2 is called
    r12 = playing(client.get(f"/api/tournaments/{event_id}").json())[0]
    assert r12["id"] == "R1-2"
    # The desk corrects R1-1 (it changes R2-1's players) while table 1 ends R1-2 (which
    # calls R2-1 to the table): whichever lands first decides.
    correct = lambda: two.tournaments.correct(event_id, "R1-1", (0, 2), (0, 0))  # noqa: E731
    outcome = _together(correct, _finish(one, r12["scorekeeper_match"]))
    assert not isinstance(outcome[1], Exception), outcome
    data = _consistent(event_id, one, two)
    by_id = {m["id"]: m for m in data["matches"]}
    assert by_id["R1-2"]["status"] == "walkover"
    assert by_id["R2-1"]["status"] == "playing"
    if isinstance(outcome[0], Exception):
        # The result landed first: R2-1 started, so the correction was refused.
        assert isinstance(outcome[0], CorrectionRefusedError), outcome[0]
        assert by_id["R1-1"]["winner"] == r11["players"][0]
        assert by_id["R2-1"]["players"][0] == r11["players"][0]
    else:
        # The correction landed first: R2-1 was called with the corrected winner.
        assert by_id["R1-1"]["winner"] == r11["players"][1]
        assert by_id["R2-1"]["players"][0] == r11["players"][1]


def test_a_result_lost_between_its_commits_is_taken_from_the_match_at_start_up(
    sqlite_url: str,
) -> None:
    """The last input and the event's result are two commits: if the process dies in
    between, the next start stores the result from the finished match."""
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD, result_grace_s=0)
    with TestClient(create_app(settings)) as client:
        event = create_event(client, 4, format="single", tables=2)
        act(client, event["id"], "draw")
        on_table = playing(act(client, event["id"], "start"))[0]
    # The match ends through a scorekeeper that does not feed the event (the "crash").
    engine = create_db_engine(sqlite_url)
    bare = MatchService(SqlRepository(engine), NullNotifier())
    ref = on_table["scorekeeper_match"]
    bare.submit(ref, 0, EventInput(event=OfficialEvent.CONCEDE_MATCH, player=Seat.B))
    engine.dispose()
    with TestClient(create_app(settings)) as client:
        after = client.get(f"/api/tournaments/{event['id']}").json()
    by_id = {m["id"]: m for m in after["matches"]}
    assert by_id[on_table["id"]]["status"] == "walkover"
    assert by_id[on_table["id"]]["winner"] == on_table["players"][0]
