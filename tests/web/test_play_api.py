"""The play API: games on the engine, judged by the referee, refused inputs change nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rotation61.geometry import Point, get_table
from rotation61.records import from_json, verify
from rotation61.sim import SimTable, Stroke, playable_layout, simulate
from rotation61.web.app import create_app
from rotation61.web.core.settings import Settings
from tests.web.helpers import ORGANISER, PASSWORD
from tests.web.play_helpers import choose_stroke


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        yield client


def new_game(client: TestClient, mode: str = "hotseat", **fields: Any) -> tuple[int, str]:
    body = {"mode": mode, "player_a": "An", "player_b": "Binh", **fields}
    r = client.post("/api/play", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], data["token"]


def state(client: TestClient, game: int) -> dict[str, Any]:
    r = client.get(f"/api/play/{game}?lang=en")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def shoot(client: TestClient, game: int, token: str, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/play/{game}/shots?lang=en", json=body, headers={"X-Play-Token": token}
    )


def test_a_new_game_is_a_rack_with_the_cue_ball_in_hand(app_client: TestClient) -> None:
    game, token = new_game(app_client, table_size="8ft")
    view = state(app_client, game)
    assert token.startswith("AB.")
    assert view["seq"] == 0
    assert view["in_hand"]
    assert view["to_act"] == "A"
    assert sorted(int(b) for b in view["balls"]) == list(range(1, 16))
    assert view["table"]["length"] == 92.0
    assert len(view["table"]["pockets"]) == 6
    assert view["lowest"] == 1
    assert view["phase"] == "shot"
    # the game is a match: the hall and the scoreboard show it
    assert app_client.get(f"/api/matches/{game}").json()["players"] == ["An", "Binh"]


REFUSED = [
    ({"speed": 40.0}, 422, "speed 40.0"),
    ({"speed": 0.0}, 422, "speed"),
    ({"theta": 75.0}, 422, "elevation 75.0"),
    ({"a": 0.5, "b": 0.4}, 422, "miscue"),
    ({"phi": "north"}, 422, "phi"),
    ({"placement": [40.0, 25.0]}, 422, "not behind head string"),
    ({"placement": [-3.0, 25.0]}, 422, "off table"),
    ({"placement": None}, 409, "in hand"),
    ({"expected_seq": 3}, 409, "stale"),
]


def test_a_refused_stroke_changes_nothing(app_client: TestClient) -> None:
    game, token = new_game(app_client)
    before = state(app_client, game)
    for change, status, words in REFUSED:
        body = {"expected_seq": 0, "speed": 8.0, "phi": 0.0, "placement": [20.0, 25.0], **change}
        r = shoot(app_client, game, token, body)
        assert r.status_code == status, (change, r.text)
        assert words in r.json()["detail"], change
        assert state(app_client, game) == before
    assert app_client.get(f"/api/play/{game}/replay").json() == []


def test_a_player_concedes_the_game(app_client: TestClient) -> None:
    game, token = new_game(app_client)
    r = app_client.post(
        f"/api/play/{game}/concede?lang=en",
        json={"expected_seq": 0},
        headers={"X-Play-Token": token},
    )
    assert r.status_code == 200, r.text
    view = r.json()
    assert view["over"]
    assert view["board"]["winner"] == "Binh"
    again = app_client.post(
        f"/api/play/{game}/concede", json={"expected_seq": 1}, headers={"X-Play-Token": token}
    )
    assert again.status_code == 409


def test_only_the_seat_to_act_may_shoot(app_client: TestClient) -> None:
    game, _ = new_game(app_client, mode="online")
    created = app_client.post(
        "/api/play", json={"mode": "online", "player_a": "An", "player_b": "Binh"}
    ).json()
    key = created["invite"].split("#k=")[1]
    joined = app_client.post(f"/api/play/{created['id']}/join", json={"key": key}).json()
    assert joined["seats"] == "B"
    body = {"expected_seq": 0, "speed": 8.0, "phi": 0.0, "placement": [20.0, 25.0]}
    before = state(app_client, created["id"])
    r = shoot(app_client, created["id"], joined["token"], body)
    assert r.status_code == 409
    assert "turn" in r.json()["detail"]
    assert shoot(app_client, created["id"], "AB.forged", body).status_code == 401
    assert shoot(app_client, game, joined["token"], body).status_code == 401  # another game's
    wrong = app_client.post(f"/api/play/{created['id']}/join", json={"key": "x" + key})
    assert wrong.status_code == 401
    assert state(app_client, created["id"]) == before


def test_a_placement_on_a_ball_or_without_the_ball_in_hand_is_refused(
    app_client: TestClient,
) -> None:
    game, token = new_game(app_client)
    view = state(app_client, game)
    r = shoot(app_client, game, token, choose_stroke(view))
    assert r.status_code == 200, r.text
    after = state(app_client, game)
    if after["in_hand"]:  # a scratch on the break: place it on a ball instead
        ball = next(p for b, p in after["balls"].items() if p[0] < after["table"]["head_string_x"])
        body = {**choose_stroke(after), "placement": ball}
        assert shoot(app_client, game, token, body).status_code == 422
    else:
        body = {**choose_stroke(after), "placement": [20.0, 25.0]}
        r = shoot(app_client, game, token, body)
        assert r.status_code == 409
        assert "not in hand" in r.json()["detail"]
    assert state(app_client, game) == after


def play_rack(client: TestClient, game: int, token: str, limit: int = 150) -> list[dict[str, Any]]:
    """Scripted strokes (and the first option after a foul) until the game is over."""
    shots = []
    for _ in range(limit):
        view = state(client, game)
        if view["over"]:
            return shots
        if view["phase"] == "decision":
            option = view["options"][0]["value"]
            r = client.post(
                f"/api/play/{game}/decisions",
                json={"expected_seq": view["seq"], "option": option},
                headers={"X-Play-Token": token},
            )
            assert r.status_code == 200, r.text
            continue
        r = shoot(client, game, token, choose_stroke(view))
        assert r.status_code == 200, r.text
        shots.append(r.json())
    raise AssertionError(f"the rack did not end in {limit} inputs")


def test_a_whole_rack_is_a_record_that_verifies_and_replays(app_client: TestClient) -> None:
    game, token = new_game(app_client)
    shots = play_rack(app_client, game, token)
    view = state(app_client, game)
    assert view["over"]
    assert view["board"]["winner"] in ("An", "Binh")
    assert max(view["board"]["scores"]) >= 61
    text = app_client.get(f"/api/matches/{game}/export.json", auth=ORGANISER).text
    record = from_json(text)
    assert verify(record) == []
    entries = [e for rack in record.racks for e in rack.entries if hasattr(e, "positions")]
    assert entries
    assert all(e.positions for e in entries)
    # every shot replays from its stored positions and stroke to the same rest positions
    seqs = app_client.get(f"/api/play/{game}/replay").json()
    assert seqs == [s["seq"] for s in shots]
    for shot in shots[:: max(1, len(shots) // 5)]:
        again = app_client.get(f"/api/play/{game}/shots/{shot['seq']}?lang=en").json()
        assert again["final"] == shot["final"]
        assert again["segments"] == shot["segments"]
        assert again["lines"] == shot["lines"]
    # every ruling is worded, every foul with its section
    assert all(s["lines"] for s in shots)
    fouls = [line for s in shots for line in s["lines"] if line.startswith("Foul")]
    assert all(line.startswith("Foul (§") for line in fouls), fouls


def test_a_game_after_a_restart_is_the_replay_of_its_inputs(database_url: str) -> None:
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    settings = Settings(database_url=url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as first:
        game, token = new_game(first)
        for _ in range(4):
            view = state(first, game)
            if view["phase"] == "decision":
                first.post(
                    f"/api/play/{game}/decisions",
                    json={"expected_seq": view["seq"], "option": view["options"][-1]["value"]},
                    headers={"X-Play-Token": token},
                )
                continue
            assert shoot(first, game, token, choose_stroke(view)).status_code == 200
        before = state(first, game)
    with TestClient(create_app(settings)) as second:
        assert state(second, game) == before


def test_the_decision_after_a_foul_must_be_offered(app_client: TestClient) -> None:
    game, token = new_game(app_client)
    view = state(app_client, game)
    # a break straight into the head rail from behind the head string: the cue ball's
    # first event is that cushion, a foul before it crosses the string (§XVI), and under
    # the standard preset the incoming player decides
    body = {"expected_seq": 0, "speed": 3.0, "phi": 180.0, "placement": [10.0, 25.0]}
    r = shoot(app_client, game, token, body)
    assert r.status_code == 200, r.text
    shot = r.json()
    assert shot["events"][0][1:3] == ["cushion", 0], shot["events"][:3]
    assert shot["lines"][0].startswith("Foul (§XVI)"), shot["lines"]
    view = shot["state"]
    assert view["phase"] == "decision", shot["lines"]
    offered = {o["value"] for o in view["options"]}
    assert "accept_table" in offered
    bad = app_client.post(
        f"/api/play/{game}/decisions",
        json={"expected_seq": view["seq"], "option": "no_such_option"},
        headers={"X-Play-Token": token},
    )
    assert bad.status_code == 422
    assert "no_such_option" in bad.json()["detail"]
    assert state(app_client, game) == view


def test_accepting_the_table_after_a_foul_from_hand_plays_the_cue_ball_where_it_lies(
    app_client: TestClient,
) -> None:
    game, token = new_game(app_client)
    # a break from hand that misses every ball: the cue ball stops on the table
    body = {"expected_seq": 0, "speed": 3.0, "phi": 180.0, "placement": [10.0, 25.0]}
    r = shoot(app_client, game, token, body)
    assert r.status_code == 200, r.text
    view = r.json()["state"]
    assert view["phase"] == "decision"
    assert "accept_table" in {o["value"] for o in view["options"]}
    # while the incoming player decides, the cue ball is shown where it stopped
    lies = view["balls"]["0"]
    r = app_client.post(
        f"/api/play/{game}/decisions",
        json={"expected_seq": view["seq"], "option": "accept_table"},
        headers={"X-Play-Token": token},
    )
    assert r.status_code == 200, r.text
    after = state(app_client, game)
    assert after["phase"] == "shot"
    assert not after["in_hand"]
    assert after["balls"]["0"] == lies
    # and a placement is refused: the cue ball is not in hand
    placed = {"expected_seq": after["seq"], "speed": 2.0, "phi": 0.0, "placement": [20.0, 25.0]}
    assert shoot(app_client, game, token, placed).status_code == 409
    assert state(app_client, game) == after


def wait_for_turn(client: TestClient, game: int, seat: str = "A") -> dict[str, Any]:
    """The game once the computer has played (it plays in the background)."""
    deadline = time.monotonic() + 60
    while True:
        view = state(client, game)
        if view["over"] or view["to_act"] == seat:
            return view
        assert time.monotonic() < deadline, "the computer never played"
        time.sleep(0.05)


def test_a_whole_rack_against_the_computer_at_level_1(app_client: TestClient) -> None:
    game, token = new_game(app_client, mode="computer", level=1)
    assert token.startswith("A.")
    notes = set()
    for _ in range(200):
        view = wait_for_turn(app_client, game)
        if view["over"]:
            break
        if view["computer_note"]:
            notes.add(view["computer_note"])
        if view["phase"] == "decision":
            body = {"expected_seq": view["seq"], "option": view["options"][0]["value"]}
            r = app_client.post(
                f"/api/play/{game}/decisions", json=body, headers={"X-Play-Token": token}
            )
        else:
            r = shoot(app_client, game, token, choose_stroke(view))
        assert r.status_code == 200, r.text
    view = state(app_client, game)
    assert view["over"]
    assert max(view["board"]["scores"]) >= 61
    assert notes  # the computer said why it played what it played
    text = app_client.get(f"/api/matches/{game}/export.json", auth=ORGANISER).text
    record = from_json(text)
    assert verify(record) == []
    assert record.header.tag("Level") == "1"
    # nothing is played once the game is over
    assert shoot(app_client, game, token, choose_stroke(view)).status_code == 409


def test_rest_positions_are_settled_into_a_layout_the_engine_accepts() -> None:
    spec = get_table("9ft")
    rest = {
        0: Point(30.0, 25.0),
        4: Point(32.2495, 25.0),  # overlapping within the engine's tolerance
        2: Point(98.2, 0.46),  # in the foot-right pocket's mouth
        3: Point(98.875, 2.0),  # against the foot cushion, the 2 moved onto it
    }
    out = playable_layout(spec, rest)
    assert all(spec.is_inside(p) for p in out.values())
    for a in out:
        for b in out:
            if a < b:
                assert out[a].distance_to(out[b]) >= spec.ball_diameter
    simulate(out, Stroke(speed=1.0, phi=0.0), table=SimTable.from_spec(spec))  # accepted
    assert playable_layout(spec, {1: Point(50.0, 25.0)}) == {1: Point(50.0, 25.0)}
