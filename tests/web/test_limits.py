"""Limits of every way in: upload size, record shape, match setup values, match numbers."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from rotation61.records import MatchHeader, MatchLog, to_json
from rotation61.web.app import create_app
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.limits import MAX_DEPTH, MAX_INPUTS
from rotation61.web.core.settings import Settings
from rotation61.web.services.headers import check_header, check_record_shape

from .helpers import ORGANISER, PASSWORD, create_match, organiser_login


def _record(**header: Any) -> str:
    fields: dict[str, Any] = {"players": ("An", "Binh"), "race_to": 2} | header
    return to_json(MatchLog.begin(MatchHeader(**fields)).record)


def _count(client: TestClient) -> int:
    return len(client.get("/api/matches").json())


def test_uploads_over_the_limit_get_413_and_store_nothing(sqlite_url: str) -> None:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD, max_upload_bytes=4096)
    with TestClient(create_app(settings)) as client:
        big = _record(tags=(("Event", "x" * 150),)).replace('"engine"', '"pad": 0, "engine"')
        body = big + " " * 5000
        declared = client.post("/api/matches/import", content=body, auth=ORGANISER)
        assert declared.status_code == 413
        assert "4096 bytes" in declared.json()["detail"]

        def chunks() -> Any:  # no Content-Length: counted while read
            for _ in range(10):
                yield b" " * 1000

        streamed = client.post("/api/matches/import", content=chunks(), auth=ORGANISER)
        assert streamed.status_code == 413
        token = organiser_login(client)
        form = client.post(
            "/desk/import",
            data={"csrf_token": token},
            files={"record": ("big.json", body.encode(), "application/json")},
        )
        assert form.status_code == 413
        small = client.post("/api/matches/import", content=_record(), auth=ORGANISER)
        assert small.status_code == 201, small.text
        assert _count(client) == 1


def test_deep_or_huge_records_get_422(sqlite_client: TestClient) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for body in (deep, '{"racks": ' + deep + "}", "{" * 50_000):
        response = sqlite_client.post("/api/matches/import", content=body, auth=ORGANISER)
        assert response.status_code == 422, response.text
    assert _count(sqlite_client) == 0
    with pytest.raises(OutOfRangeError, match="deeper than"):
        check_record_shape("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    check_record_shape("[" * MAX_DEPTH + "]" * MAX_DEPTH)  # at the limit: fine
    check_record_shape('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[\\"[[[["}')  # brackets in strings
    data = json.loads(_record())
    data["racks"] = [{"breaker": "A", "entries": [{}] * (MAX_INPUTS // 2 + 1)}] * 2
    with pytest.raises(OutOfRangeError, match=f"more than {MAX_INPUTS} inputs"):
        check_record_shape(json.dumps(data))
    response = sqlite_client.post("/api/matches/import", content=json.dumps(data), auth=ORGANISER)
    assert response.status_code == 413 or response.status_code == 422


@pytest.mark.parametrize(
    ("header", "named"),
    [
        ({"players": ("x" * 10_000, "B")}, "player A's name 'xxxxxxxxxxxxxxxxxxxx'... (10000"),
        ({"race_to": 10**9}, "race_to 1000000000"),
        ({"tags": tuple((f"T{i}", "v") for i in range(17))}, "17 tags"),
        ({"tags": (("Event", "e" * 201),)}, "tag Event's value"),
        ({"tags": (("Table", "t" * 101),)}, "table name"),
    ],
)
def test_imported_records_follow_the_desk_limits(
    sqlite_client: TestClient, header: dict[str, Any], named: str
) -> None:
    response = sqlite_client.post("/api/matches/import", content=_record(**header), auth=ORGANISER)
    assert response.status_code == 422, response.text
    assert named in response.json()["detail"]
    assert _count(sqlite_client) == 0


def test_one_check_for_every_header() -> None:
    with pytest.raises(OutOfRangeError):
        check_header(MatchHeader(players=("A", "B"), race_to=100))
    with pytest.raises(ValueError, match="table"):
        check_header(MatchHeader(players=("A", "B"), race_to=1, tags=(("TableSize", "12ft"),)))
    ok = MatchHeader(players=("A" * 100, "B"), race_to=99, tags=(("Event", "e" * 200),))
    assert check_header(ok) is ok


@pytest.mark.parametrize(
    "fields",
    [{"race_to": 0}, {"race_to": 1000}, {"race_to": 10**30}, {"player_a": "x" * 10_000}],
)
def test_out_of_range_desk_values_get_4xx(
    sqlite_client: TestClient, fields: dict[str, Any]
) -> None:
    body = {"player_a": "An", "player_b": "Binh", "race_to": 3} | fields
    api = sqlite_client.post("/api/matches", json=body, auth=ORGANISER)
    assert api.status_code == 422, api.text
    token = organiser_login(sqlite_client)
    form = {k: str(v) for k, v in body.items()} | {"csrf_token": token}
    desk = sqlite_client.post("/desk/matches", data=form, follow_redirects=False)
    assert 400 <= desk.status_code < 500, desk.text
    assert _count(sqlite_client) == 0


def test_tags_over_the_limit_on_the_desk(sqlite_client: TestClient) -> None:
    tags = {f"t{i}": "v" for i in range(17)}
    body = {"player_a": "An", "player_b": "Binh", "race_to": 3, "tags": tags}
    response = sqlite_client.post("/api/matches", json=body, auth=ORGANISER)
    assert response.status_code == 422
    assert "17 tags" in response.json()["detail"]


@pytest.mark.parametrize("number", [2**31, 2**63, 2**64 + 1, 10**30, 0, -1])
def test_huge_match_numbers_are_not_found(client: TestClient, number: int) -> None:
    create_match(client)
    for path in (
        f"/api/matches/{number}",
        f"/matches/{number}/scoreboard",
        f"/matches/{number}/overlay",
        f"/api/matches/{number}/export.json",
    ):
        response = client.get(path, auth=ORGANISER)
        assert response.status_code in (404, 422), (path, response.status_code)
    pin = client.post(f"/api/matches/{number}/referee-token", json={"pin": "123456"})
    assert pin.status_code in (401, 404, 422, 429)


def test_the_api_documents_413_on_the_import(sqlite_url: str) -> None:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD)
    responses = create_app(settings).openapi()["paths"]["/api/matches/import"]["post"]["responses"]
    assert responses["413"]["content"]["application/json"]["schema"]["$ref"].endswith("ErrorOut")


def test_the_play_api_and_the_environments_share_the_stroke_limits(sqlite_url: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from rotation61.ai import GameConfig
    from rotation61.ai.envs.spaces import action_space
    from rotation61.sim import STROKE_LIMITS, Stroke
    from rotation61.web.services.game import check_stroke

    lim = STROKE_LIMITS
    box = action_space(GameConfig())["stroke"]
    assert isinstance(box, gymnasium.spaces.Box)
    assert box.high[0] == lim.max_speed
    assert box.low[0] == np.float32(lim.min_speed)
    assert box.high[2] == lim.max_elevation
    assert box.high[3] == lim.tip_offset
    hardest = Stroke(speed=lim.max_speed, phi=0.0, theta=lim.max_elevation, b=-lim.tip_offset)
    assert check_stroke(hardest) is hardest
    assert box.contains(np.array(hardest.as_tuple(), np.float32))
    with pytest.raises(OutOfRangeError, match=f"speed {lim.max_speed + 0.5!r} m/s"):
        check_stroke(Stroke(speed=lim.max_speed + 0.5, phi=0.0))
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        schema = client.get("/openapi.json").json()["components"]["schemas"]["PlayStrokeIn"]
        body = {"mode": "hotseat", "player_a": "An", "player_b": "Binh"}
        game = client.post("/api/play", json=body).json()["id"]
        page = client.get(f"/play/{game}").text
    assert f'aria-valuemin="0.2" aria-valuemax="{lim.max_speed}"' in page  # the power bar
    assert f'aria-valuemin="0" aria-valuemax="{lim.max_elevation}"' in page  # the elevation bar
    assert f'data-tip-limit="{lim.tip_offset}"' in page
    speed, theta = schema["properties"]["speed"], schema["properties"]["theta"]
    assert (speed["maximum"], theta["maximum"]) == (lim.max_speed, lim.max_elevation)
    assert f"within the miscue limit {lim.tip_offset}" in schema["properties"]["a"]["description"]
