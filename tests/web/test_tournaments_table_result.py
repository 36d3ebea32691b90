"""Who may report a table's result: an organiser, or that table's console (real app, SQLite)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from rotation61.web.core.security import Signer
from tests.web.helpers import ORGANISER
from tests.web.tournament_helpers import act, create_event, get_event, playing


def _report(client: TestClient, table: int, body: dict[str, Any], **kwargs: Any) -> Any:
    return client.post(f"/api/tables/{table}/result", json=body, **kwargs)


def _pins(client: TestClient) -> dict[int, str]:
    tables = client.get("/api/tables", auth=ORGANISER).json()
    return {int(k): v for k, v in tables.items()}


def test_only_an_organiser_or_that_tables_console_may_report(sqlite_client: TestClient) -> None:
    client = sqlite_client
    signer: Signer = client.app.state.ctx.signer  # type: ignore[attr-defined]
    event = create_event(client, 4, format="single", tables=2)
    act(client, event["id"], "draw")
    old = _pins(client)
    started = act(client, event["id"], "start")
    pins = _pins(client)
    on_one = next(m for m in playing(started) if m["table"] == "1")
    body = {"event": event["id"], "match": on_one["id"]}
    client.cookies.clear()

    def bearer(table: int, pin: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {signer.table_token(table, pin)}"}

    refused = [
        (_report(client, 1, body), 403),  # no credentials: a cookie request needs CSRF
        (_report(client, 1, body, headers=bearer(2, pins[2])), 401),  # another table's
        (_report(client, 1, body, headers=bearer(1, old[1])), 401),  # before the start
        (_report(client, 1, body, headers={"Authorization": "Bearer t1.forged"}), 401),
        (_report(client, 1, body, auth=(ORGANISER[0], "wrong")), 401),
        (_report(client, 99, body, auth=ORGANISER), 401),  # no such table
    ]
    assert [r.status_code for r, _ in refused] == [status for _, status in refused]
    assert "table 99" in refused[-1][0].json()["detail"]
    assert get_event(client, event["id"])["seq"] == started["seq"]
    # Let in: the match is not over yet, which only those allowed are told.
    for allowed in (
        _report(client, 1, body, headers=bearer(1, pins[1])),
        _report(client, 1, body, auth=ORGANISER),
    ):
        assert allowed.status_code == 409, allowed.text
        assert "is not over" in allowed.json()["detail"]
    unknown = _report(client, 1, {"event": event["id"], "match": "X9"}, auth=ORGANISER)
    assert unknown.status_code == 409
    assert "'X9' is not playing on table 1" in unknown.json()["detail"]


def test_the_tables_cookie_reports_with_the_csrf_token_only(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single", tables=1)
    act(client, event["id"], "draw")
    started = act(client, event["id"], "start")
    body = {"event": event["id"], "match": playing(started)[0]["id"]}
    client.cookies.clear()
    form = client.get("/tables/1/console")
    csrf = form.text.split('name="csrf_token" value="')[1].split('"')[0]
    opened = client.post(
        "/tables/1/console",
        data={"pin": _pins(client)[1], "csrf_token": csrf},
        follow_redirects=False,
    )
    assert opened.status_code == 303
    assert _report(client, 1, body).status_code == 403
    with_csrf = _report(client, 1, body, headers={"X-CSRF-Token": csrf})
    assert with_csrf.status_code == 409, with_csrf.text
    assert "is not over" in with_csrf.json()["detail"]
