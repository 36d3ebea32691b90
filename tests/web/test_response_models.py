"""The JSON routes return their declared response models, and FastAPI checks them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.exceptions import ResponseValidationError
from fastapi.testclient import TestClient
from pydantic import ValidationError

from rotation61.geometry import TableSize
from rotation61.rules import BreakerPolicy, Phase, Seat
from rotation61.rules.text_fields import CLASS_MAX_LENGTH, NAME_MAX_LENGTH
from rotation61.sim import STROKE_LIMITS
from rotation61.web.api.routes import console
from rotation61.web.core.limits import MAX_RACE_TO, MAX_TABLES
from rotation61.web.core.model import GameMode
from rotation61.web.schemas import (
    ConsoleView,
    MatchCreate,
    MatchOut,
    MatchWithPin,
    ScoreboardView,
    TokenOut,
)
from tests.web.helpers import BREAK_RAILS, ORGANISER, create_match, post, referee_headers, shot


def _ref(schema: dict[str, Any]) -> str:
    return str(schema["$ref"]).rsplit("/", 1)[1]


def _ok(openapi: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    schema: dict[str, Any] = openapi["paths"][path][method]["responses"]["200"]["content"][
        "application/json"
    ]["schema"]
    return schema


def test_openapi_lists_the_response_models(sqlite_client: TestClient) -> None:
    openapi = sqlite_client.get("/openapi.json").json()
    models = set(openapi["components"]["schemas"])
    assert {
        "ConsoleView",
        "ScoreboardView",
        "OptionOut",
        "HistoryEntry",
        "LabelOut",
        "OverrideBase",
        "MatchOut",
        "MatchWithPin",
        "TokenOut",
        "ErrorOut",
    } <= models
    assert _ref(_ok(openapi, "/api/matches/{match_id}/console", "get")) == "ConsoleView"
    assert _ref(_ok(openapi, "/api/matches/{match_id}", "get")) == "ScoreboardView"
    assert _ref(_ok(openapi, "/api/hall", "get")["items"]) == "ScoreboardView"
    assert _ref(_ok(openapi, "/api/matches/{match_id}/referee-token", "post")) == "TokenOut"
    created = openapi["paths"]["/api/matches"]["post"]["responses"]["201"]
    assert _ref(created["content"]["application/json"]["schema"]) == "MatchWithPin"
    inputs = openapi["paths"]["/api/matches/{match_id}/inputs"]["post"]["responses"]
    assert _ref(inputs["200"]["content"]["application/json"]["schema"]) == "ConsoleView"
    assert _ref(inputs["409"]["content"]["application/json"]["schema"]) == "ErrorOut"
    console_fields = openapi["components"]["schemas"]["ConsoleView"]["properties"]
    assert {"options", "history", "override_base", "general_rules_labels"} <= set(console_fields)


def test_every_json_body_is_exactly_its_model(sqlite_client: TestClient) -> None:
    client = sqlite_client
    match = create_match(client)
    MatchWithPin.model_validate(match)
    token = client.post(f"/api/matches/{match['id']}/referee-token", json={"pin": match["pin"]})
    TokenOut.model_validate(token.json())
    ref = referee_headers(client, match)
    mid = match["id"]
    bodies = [
        post(client, mid, ref, 0, kind="shot", shot=shot(1, 5, break_rails=BREAK_RAILS)).json(),
        post(client, mid, ref, 1, kind="shot", shot=shot(3, 1)).json(),
        post(client, mid, ref, 2, kind="decision", option="cue_in_hand_kitchen").json(),
        post(client, mid, ref, 3, kind="shot", shot=shot(2)).json(),
        post(client, mid, ref, 4, kind="override", shot=shot(2, 2), note="2 first").json(),
        client.get(f"/api/matches/{mid}/console?lang=en", headers=ref).json(),
    ]
    for body in bodies:
        view = ConsoleView.model_validate(body)  # extra fields are refused
        assert view.model_dump(mode="json") == body
    assert ConsoleView.model_validate(bodies[1]).spotting_svg is not None
    assert ConsoleView.model_validate(bodies[-1]).override_base is not None
    board = client.get(f"/api/matches/{mid}").json()
    assert ScoreboardView.model_validate(board).model_dump(mode="json") == board
    for item in client.get("/api/hall").json():
        ScoreboardView.model_validate(item)
    for item in client.get("/api/matches", auth=ORGANISER).json():
        assert "pin" not in item
        MatchOut.model_validate(item)


def test_a_field_the_model_does_not_declare_is_refused(sqlite_client: TestClient) -> None:
    board = ScoreboardView.model_validate(
        sqlite_client.get(f"/api/matches/{create_match(sqlite_client)['id']}").json()
    )
    with pytest.raises(ValidationError):
        ScoreboardView.model_validate({**board.model_dump(), "pin": "123456"})


def test_the_route_checks_what_it_returns(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create_match(sqlite_client)
    ref = referee_headers(sqlite_client, match)
    monkeypatch.setattr(console, "console_view", lambda *_: {"id": match["id"]})
    with pytest.raises(ResponseValidationError):
        sqlite_client.get(f"/api/matches/{match['id']}/console", headers=ref)


def test_the_request_schemas_state_the_domain_values_and_limits(
    sqlite_client: TestClient,
) -> None:
    schemas = sqlite_client.get("/openapi.json").json()["components"]["schemas"]

    def enum(model: str, field: str) -> list[Any]:
        spec = schemas[model]["properties"][field]
        spec = next((s for s in spec.get("anyOf", [spec]) if s.get("type") != "null"), spec)
        if "$ref" in spec:
            spec = schemas[_ref(spec)]
        return list(spec["enum"])

    assert enum("PlayCreate", "mode") == [m.value for m in GameMode]
    assert enum("PlayCreate", "table_size") == [s.value for s in TableSize]
    assert enum("MatchCreate", "breaker_policy") == [p.value for p in BreakerPolicy]
    assert enum("MatchCreate", "first_breaker") == ["A", "B"]
    assert enum("PlayView", "to_act") == ["A", "B"]
    assert enum("ScoreboardView", "to_act") == ["A", "B"]
    assert enum("ScoreboardView", "phase") == [p.value for p in Phase]
    match = schemas["MatchCreate"]["properties"]
    assert match["race_to"]["maximum"] == MAX_RACE_TO
    assert match["player_a"]["maxLength"] == NAME_MAX_LENGTH
    assert schemas["TournamentCreate"]["properties"]["tables"]["maximum"] == MAX_TABLES
    assert schemas["EntryIn"]["properties"]["player_class"]["maxLength"] == CLASS_MAX_LENGTH
    stroke = schemas["PlayStrokeIn"]["properties"]
    assert stroke["speed"]["maximum"] == STROKE_LIMITS.max_speed


def test_a_seat_is_its_name_on_the_wire() -> None:
    assert (
        MatchCreate.model_validate(
            {"player_a": "Ann", "player_b": "Bo", "race_to": 3, "first_breaker": "B"}
        ).first_breaker
        is Seat.B
    )
    for wrong in (0, 1, "a", "C"):
        with pytest.raises(ValidationError):
            MatchCreate.model_validate(
                {"player_a": "Ann", "player_b": "Bo", "race_to": 3, "first_breaker": wrong}
            )
