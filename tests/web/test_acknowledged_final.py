"""Acknowledged means final: a refused input writes nothing, on both backends.

A refused ``/play`` stroke (a stale or replayed one) stores no stroke, so the
acknowledged shot's replay and the table after it are the same after a restart; a
match is stored conditionally on its expected input in one transaction with
everything that goes with it; any interleaving of accepted and refused inputs from
two clients leaves the stored log equal to the accepted inputs in order.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rotation61.records import ShotInput, UndoInput
from rotation61.rules import Rotation61Error, Shot
from rotation61.web.adapters.matches import SqlRepository
from rotation61.web.app import create_app
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.errors import StaleInputError
from rotation61.web.core.settings import Settings
from rotation61.web.services.matches import MatchService
from tests.web.fakes import FakeRepository, RecordingNotifier
from tests.web.helpers import ORGANISER, PASSWORD, desk
from tests.web.play_helpers import choose_stroke
from tests.web.tournament_helpers import (
    act,
    concede,
    create_event,
    get_event,
    play_out,
    playing,
    referee,
)


@pytest.fixture
def play_client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=database_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        yield client


def _new_game(client: TestClient) -> tuple[int, str]:
    r = client.post("/api/play", json={"mode": "hotseat", "player_a": "An", "player_b": "Bình"})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


def _view(client: TestClient, game: int) -> dict[str, Any]:
    r = client.get(f"/api/play/{game}?lang=en")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _shoot(client: TestClient, game: int, token: str, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/play/{game}/shots?lang=en", json=body, headers={"X-Play-Token": token}
    )


def test_a_stale_stroke_does_not_rewrite_the_acknowledged_shot(
    database_url: str, play_client: TestClient
) -> None:
    game, token = _new_game(play_client)
    first = _view(play_client, game)
    body = choose_stroke(first)
    r = _shoot(play_client, game, token, body)
    assert r.status_code == 200, r.text
    after = _view(play_client, game)
    replay = play_client.get(f"/api/play/{game}/shots/1").json()
    # the same stroke sent again for input 0 (a double submit), then a different one:
    # both are stale and must change nothing, now or after a restart
    twice = _shoot(play_client, game, token, body)
    assert twice.status_code == 409, twice.text
    other = {**body, "speed": 1.0, "phi": (float(body["phi"]) + 90.0) % 360}
    stale = _shoot(play_client, game, token, other)
    assert stale.status_code == 409, stale.text
    assert _view(play_client, game)["balls"] == after["balls"]
    # a new app on the same database (a restart): the shot replays as acknowledged
    settings = Settings(database_url=database_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as restarted:
        again = _view(restarted, game)
        assert again["balls"] == after["balls"]
        assert again["seq"] == after["seq"]
        assert restarted.get(f"/api/play/{game}/shots/1").json() == replay


def test_a_stroke_is_stored_only_with_its_input() -> None:
    repo = FakeRepository()
    service = MatchService(repo, RecordingNotifier())
    match = service.create_match(desk(players=("An", "Bình"), race_to=3))
    item = _SHOTS[0]
    service.submit(match.id, 0, item, stroke={"speed": 8.0, "phi": 0.0})
    with pytest.raises(StaleInputError):
        service.submit(match.id, 0, item, stroke={"speed": 1.0, "phi": 90.0})
    assert repo.strokes == {(match.id, 1): {"speed": 8.0, "phi": 0.0}}


# --- Any interleaving of two clients -----------------------------------------------------

_SHOTS = [
    ShotInput(shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))),
    ShotInput(shot=Shot(first_contact=1, pocketed=(1,))),
    ShotInput(shot=Shot(first_contact=2, rail_after_contact=frozenset({2}))),
    ShotInput(shot=Shot(first_contact=2, pocketed=(2,))),
    UndoInput(),
]


@settings(max_examples=40, deadline=None)
@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from([0, 1]),  # which client
            st.integers(min_value=0, max_value=len(_SHOTS) - 1),  # what it sends
            st.booleans(),  # whether its screen is fresh (else it sends its old seq)
        ),
        max_size=24,
    )
)
def test_any_interleaving_stores_exactly_the_accepted_inputs(
    moves: list[tuple[int, int, bool]],
) -> None:
    repo = FakeRepository()
    notifier = RecordingNotifier()
    clients = [MatchService(repo, notifier), MatchService(repo, notifier)]
    match = clients[0].create_match(desk(players=("An", "Bình"), race_to=3))
    seen = [0, 0]  # the input count each client's screen shows
    accepted: list[object] = []
    for who, what, fresh in moves:
        service = clients[who]
        if fresh:
            seen[who] = service.board(match.id)[1].length
        item = _SHOTS[what]
        try:
            _stored, log = service.submit(match.id, seen[who], item)
        except (StaleInputError, Rotation61Error):
            continue
        accepted.append(item)
        seen[who] = log.length
    assert repo.inputs[match.id] == accepted
    assert [seq for _m, seq in notifier.published_inputs] == list(range(1, len(accepted) + 1))


# --- A finished tournament match is final -------------------------------------------------


def _tables(client: TestClient) -> dict[int, str]:
    return {int(k): v for k, v in client.get("/api/tables", auth=ORGANISER).json().items()}


def test_a_reported_match_is_final_and_the_event_and_record_agree(
    database_url: str, client: TestClient
) -> None:
    event = create_event(client, n=4, format="single", tables=2)
    act(client, event["id"], "draw")
    before_start = _tables(client)
    event = act(client, event["id"], "start")
    after_start = _tables(client)
    assert all(before_start[t] != after_start[t] for t in (1, 2))  # PINs per event
    first = playing(event)[0]
    ref = first["scorekeeper_match"]
    headers = referee(client, ref)
    for _rack in range(2):  # race to 2: B concedes two racks, A wins on the table
        assert concede(client, ref, "B", event="concede_rack").status_code == 200
    reported = get_event(client, event["id"])
    done = next(m for m in reported["matches"] if m["id"] == first["id"])
    assert done["status"] == "done"
    board = client.get(f"/api/matches/{ref}").json()
    assert board["final"] is True
    seq = board["seq"]
    # the console takes nothing more: no undo, no new input, whoever sends it
    for body in ({"kind": "undo"}, {"kind": "event", "event": "concede_match", "player": "A"}):
        r = client.post(
            f"/api/matches/{ref}/inputs", json={"expected_seq": seq, **body}, headers=headers
        )
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "MatchFinalError"
        r = client.post(
            f"/api/matches/{ref}/inputs", json={"expected_seq": seq, **body}, auth=ORGANISER
        )
        assert r.status_code == 409, r.text
    console = client.get(f"/api/matches/{ref}/console?lang=vi", headers=headers).json()
    assert console["final"] is True
    assert console["can_undo"] is False
    assert client.get(f"/api/matches/{ref}").json()["seq"] == seq
    assert get_event(client, event["id"])["matches"] == reported["matches"]
    # a restart: still final
    settings = Settings(database_url=database_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as restarted:
        r = restarted.post(
            f"/api/matches/{ref}/inputs",
            json={"expected_seq": seq, "kind": "undo"},
            headers=headers,
        )
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "MatchFinalError"


def test_table_pins_change_as_an_event_starts_and_finishes(client: TestClient) -> None:
    event = create_event(client, n=2, format="single", tables=1)
    act(client, event["id"], "draw")
    act(client, event["id"], "start")
    during = _tables(client)[1]
    play_out(client, event["id"])
    after = _tables(client)[1]
    assert after != during  # the event's table sessions end with it
    r = client.post("/api/tables/1/pin", auth=ORGANISER)
    assert r.status_code == 200, r.text
    assert _tables(client)[1] == r.json()["1"] != after
    assert client.post("/api/tables/99/pin", auth=ORGANISER).status_code == 404
    assert client.post("/api/tables/1/pin").status_code == 401


# --- The same on real storage, and two workers racing -------------------------------------


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    moves=st.lists(
        st.tuples(st.sampled_from([0, 1]), st.integers(0, len(_SHOTS) - 1), st.booleans()),
        max_size=12,
    )
)
def test_any_interleaving_on_real_storage_stores_exactly_the_accepted_inputs(
    database_url: str, moves: list[tuple[int, int, bool]]
) -> None:
    engine = create_db_engine(database_url)
    migrate(engine)
    try:
        repo = SqlRepository(engine)
        notifier = RecordingNotifier()
        clients = [MatchService(repo, notifier), MatchService(repo, notifier)]
        match = clients[0].create_match(desk(players=("An", "Bình"), race_to=3))
        seen = [0, 0]
        accepted: list[object] = []
        for who, what, fresh in moves:
            service = clients[who]
            if fresh:
                seen[who] = service.board(match.id)[1].length
            try:
                _stored, log = service.submit(match.id, seen[who], _SHOTS[what])
            except (StaleInputError, Rotation61Error):
                continue
            accepted.append(_SHOTS[what])
            seen[who] = log.length
        assert repo.load_inputs(match.id) == accepted
    finally:
        engine.dispose()


def test_two_workers_racing_for_one_shot_store_one_stroke(database_url: str) -> None:
    settings_ = Settings(database_url=database_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings_)) as one, TestClient(create_app(settings_)) as two:
        game, token = _new_game(one)
        view = _view(one, game)
        body = choose_stroke(view)
        other = {**body, "speed": 1.5}
        barrier = threading.Barrier(2)
        answers: dict[str, Any] = {}

        def send(name: str, client: TestClient, stroke: dict[str, Any]) -> None:
            barrier.wait()
            answers[name] = _shoot(client, game, token, stroke)

        threads = [
            threading.Thread(target=send, args=("one", one, body)),
            threading.Thread(target=send, args=("two", two, other)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 409], {k: r.text[:200] for k, r in answers.items()}
        winner = next(k for k, r in answers.items() if r.status_code == 200)
        sent = body if winner == "one" else other
        balls = _view(one, game)["balls"]
        shot = one.get(f"/api/play/{game}/shots/1").json()
        assert shot["stroke"]["speed"] == pytest.approx(sent["speed"])
    with TestClient(create_app(settings_)) as restarted:  # a restart replays the winner's
        assert _view(restarted, game)["balls"] == balls
        assert restarted.get(f"/api/play/{game}/shots/1").json() == shot
