"""The desk's hand seeding and the public page of groups then knockout.

The storage-facing flows (the draw in the organiser's order, refused seedings) run on
SQLite and PostgreSQL; the others on SQLite.

Hand seeding: the organiser gives each checked-in player a seed; the draw follows it,
and every refused seeding (a seed given twice, a player without one, a seed out of
range, a player not entered, no seeds at all) is 422 naming the problem, in the
request's language, and changes nothing. Groups: each group's standings and matches,
the knockout once the groups are done, and the live frames that carry them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rotation61.text import Language
from rotation61.tournament import CURRENT_PAIRING, Format, PairingRules, SeedingMethod
from rotation61.web.presenters.tournaments import event_frame, event_parts
from rotation61.web.services.tournaments import EventSettings, TournamentService
from tests.web.helpers import ORGANISER
from tests.web.tournament_helpers import act, create_event, get_event, play_out, players_csv


def _post(client: TestClient, path: str, **kwargs: Any) -> Any:
    return client.post(path, auth=ORGANISER, **kwargs)


def _draw(client: TestClient, event_id: int, seeds: Any, lang: str = "en") -> Any:
    body = None if seeds is None else {"seeds": seeds}
    return _post(client, f"/api/tournaments/{event_id}/draw?lang={lang}", json=body)


def _stored_inputs(client: TestClient, event_id: int) -> int:
    service: TournamentService = client.app.state.ctx.tournaments  # type: ignore[attr-defined]
    return len(service._repo.load_inputs(event_id))


def test_hand_seeding_draws_in_the_organisers_order(client: TestClient) -> None:
    event = create_event(client, 5, format="single", seeding="hand")
    assert event["settings"]["seeding"] == "hand"
    event_id = event["id"]
    # The desk's form starts from the ratings (p1 is rated highest) and names each input.
    desk = client.get(f"/desk/tournaments/{event_id}?lang=en", auth=ORGANISER)
    assert 'id="hand-seeds"' in desk.text
    assert 'id="draw"' not in desk.text  # the form's button is the draw
    assert 'name="seed-p1" data-player="p1" value="1"' in desk.text
    assert "Give each player a seed from 1 to 5" in desk.text
    seeds = {"p1": 5, "p2": 4, "p3": 3, "p4": 2, "p5": 1}
    drawn = _draw(client, event_id, seeds)
    assert drawn.status_code == 200, drawn.text
    assert drawn.json()["seed_order"] == ["p5", "p4", "p3", "p2", "p1"]
    first = next(m for m in drawn.json()["matches"] if m["id"] == "R1-1")
    assert first["players"] == ["p5", ""]  # the top seed has the bye
    # Drawn again before the start, with other seeds; the form shows the draw made.
    again = _draw(client, event_id, {"p1": 1, "p2": 2, "p3": 5, "p4": 4, "p5": 3})
    assert again.json()["seed_order"] == ["p1", "p2", "p5", "p4", "p3"]
    desk = client.get(f"/desk/tournaments/{event_id}?lang=vi", auth=ORGANISER)
    assert 'name="seed-p5" data-player="p5" value="3"' in desk.text
    assert "Bốc thăm theo các hạt giống này" in desk.text
    act(client, event_id, "start")
    started = client.get(f"/desk/tournaments/{event_id}", auth=ORGANISER)
    assert 'id="hand-seeds"' not in started.text
    # The export replays: the stored order is the hand order.
    exported = client.get(f"/api/tournaments/{event_id}/export.json", auth=ORGANISER).json()
    assert exported["seed_order"] == ["p1", "p2", "p5", "p4", "p3"]
    assert exported["config"]["seeding"] == "hand"


GOOD = {"p1": 1, "p2": 2, "p3": 3, "p4": 4}


@pytest.mark.parametrize(
    ("seeds", "english", "vietnamese"),
    [
        (
            GOOD | {"p3": 2},
            [
                "seed 2 is given to more than one player: Player 2 (p2), Player 3 (p3)",
                "no player has seed 3",
            ],
            ["hạt giống 2 bị trùng: Player 2 (p2), Player 3 (p3)"],
        ),
        (
            {"p1": 1, "p2": 2, "p3": 3},
            ["Player 4 (p4) has no seed", "no player has seed 4"],
            ["Player 4 (p4) chưa có hạt giống"],
        ),
        (GOOD | {"p4": None}, ["Player 4 (p4) has no seed"], ["chưa có hạt giống"]),
        (
            GOOD | {"p4": 9},
            ["seed 9 of Player 4 (p4) is not between 1 and 4"],
            ["hạt giống 9 của Player 4 (p4) không nằm trong khoảng 1 đến 4"],
        ),
        (GOOD | {"p1": 0}, ["seed 0 of Player 1 (p1) is not between 1 and 4"], ["hạt giống 0"]),
        (
            GOOD | {"p77": 2},
            ["p77 is not entered in this event (seed 2)"],
            ["p77 không có trong giải này (hạt giống 2)"],
        ),
        (
            None,
            ["Player 1 (p1) has no seed", "no player has seed 1, 2, 3, 4"],
            ["chưa ai có hạt giống 1, 2, 3, 4"],
        ),
    ],
    ids=["duplicate", "missing-player", "null", "above-n", "zero", "unknown-player", "no-body"],
)
def test_refused_seeds_are_named_and_change_nothing(
    client: TestClient,
    seeds: dict[str, int | None] | None,
    english: list[str],
    vietnamese: list[str],
) -> None:
    event = create_event(client, 4, format="single", seeding="hand")
    event_id = event["id"]
    for lang, words in (("en", english), ("vi", vietnamese)):
        refused = _draw(client, event_id, seeds, lang)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"] == "SeedsRefusedError"
        for word in words:
            assert word in refused.json()["detail"]
    assert refused.json()["detail"].startswith("Hạt giống chưa hợp lệ, không có gì thay đổi")
    after = get_event(client, event_id)
    assert not after["drawn"]
    assert after["seq"] == event["seq"]
    assert _stored_inputs(client, event_id) == 0
    # A refused redraw keeps the draw already made.
    assert _draw(client, event_id, GOOD).status_code == 200
    made = get_event(client, event_id)
    again = _draw(client, event_id, seeds)
    assert again.status_code == 422
    kept = get_event(client, event_id)
    assert kept["seed_order"] == ["p1", "p2", "p3", "p4"]
    assert kept["seq"] == made["seq"]


def test_seeds_are_refused_for_an_event_not_seeded_by_hand(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single", seeding="rating")
    refused = _draw(client, event["id"], GOOD)
    assert refused.status_code == 422
    assert "seeded 'rating'" in refused.json()["detail"]
    assert not get_event(client, event["id"])["drawn"]
    desk = client.get(f"/desk/tournaments/{event['id']}", auth=ORGANISER)
    assert 'id="hand-seeds"' not in desk.text
    assert 'id="draw"' in desk.text
    # A malformed body (a seed that is not a number) is refused by the schema.
    bad = _draw(client, event["id"], {"p1": "first"})
    assert bad.status_code == 422


def test_settings_stored_before_groups_read_with_their_defaults() -> None:
    settings = EventSettings(format=Format.GROUPS, seeding=SeedingMethod.HAND, group_count=2)
    data = settings.to_dict()
    assert EventSettings.from_dict(data) == settings
    old = {k: v for k, v in data.items() if k not in ("group_count", "advance", "knockout")}
    old["format"] = "double"
    read = EventSettings.from_dict(old)
    assert (read.group_count, read.advance, read.knockout) == (0, 2, Format.SINGLE)


def _result(client: TestClient, event_id: int, match: str, racks: list[int]) -> dict[str, Any]:
    response = _post(
        client, f"/api/tournaments/{event_id}/matches/{match}/result", json={"racks": racks}
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_groups_page_shows_each_group_then_the_knockout(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(
        client, 8, format="groups", group_count=2, advance=2, race=2, seeding="rating"
    )
    event_id = event["id"]
    assert event["settings"]["group_count"] == 2
    drawn = act(client, event_id, "draw")
    page = client.get(f"/events/{event_id}?lang=en").text
    assert page.count('class="group"') == 2
    assert 'id="g1-head">Group 1</h3>' in page
    assert "Each group is ranked by: matches won, rack difference" in page
    assert "The top 2 of each group go through to the knockout." in page
    assert 'id="knockout-pending">The knockout is drawn as soon as the last group match' in page
    assert "decided: 4 players, group winners first.</p>" in page
    assert "<svg" not in page
    assert 'id="m-G1-R1-1"' in page
    assert page.count('id="g2-st-') == 4
    vi = client.get(f"/events/{event_id}?lang=vi").text
    assert "Bảng 2" in vi
    assert "Vòng loại trực tiếp được bốc ngay khi" in vi

    # The live frames: a group result changes its match row and the group's lines only.
    service: TournamentService = client.app.state.ctx.tournaments  # type: ignore[attr-defined]
    before = event_parts(service.event(event_id), Language.EN)
    group_matches = [m for m in drawn["matches"] if m["stage"] == "group"]
    first = next(m for m in group_matches if m["group"] == 1)
    _result(client, event_id, first["id"], [2, 0])
    after_live = service.event(event_id)
    after = event_parts(after_live, Language.EN)
    frame = event_frame(after_live.seq, after, (after_live.seq - 1, before.boxes)).decode()
    assert '"base"' in frame
    assert f"m-{first['id']}" in frame
    assert "g1-st-1" in frame
    assert "g2-st-1" not in frame  # group 2 did not change
    assert "2 – 0" in after.boxes[f"m-{first['id']}"]

    # Every group match decided: the knockout is drawn, its players marked "Through".
    for match in group_matches:
        if match["id"] != first["id"]:
            _result(client, event_id, match["id"], [2, 1])
    done = get_event(client, event_id)
    knockout = [m for m in done["matches"] if m["stage"] == "knockout"]
    assert len(knockout) == 3
    page = client.get(f"/events/{event_id}?lang=en").text
    assert "Group 1 · complete" in page
    assert page.count("<svg") == 1
    assert 'id="m-K1-1"' in page
    assert "Knockout" in page
    assert page.count(">Through</td>") == 4
    assert 'id="knockout-pending"' not in page
    whole = event_frame(
        done["seq"],
        event_parts(service.event(event_id), Language.EN),
        (after_live.seq, after.boxes),
    )
    assert b'"body"' in whole  # new elements (the bracket): the page gets the whole body
    final = play_out_desk(client, event_id)
    assert final["champion"]
    page = client.get(f"/events/{event_id}?lang=vi").text
    assert 'id="champion"' in page
    assert "Đi tiếp" in page


def play_out_desk(client: TestClient, event_id: int) -> dict[str, Any]:
    """Enter a 2-0 for the first player of every undecided knockout match, in order."""
    event = get_event(client, event_id)
    for _ in range(10):
        if event["finished"]:
            return event
        ready = [m for m in event["matches"] if m["status"] in ("ready", "playing")]
        event = _result(client, event_id, ready[0]["id"], [2, 0])
    raise AssertionError("the knockout did not finish")


def test_groups_event_runs_from_the_tables(sqlite_client: TestClient) -> None:
    client = sqlite_client
    event = create_event(client, 6, format="groups", group_size=3, advance=1, tables=2)
    act(client, event["id"], "draw")
    act(client, event["id"], "start")
    final = play_out(client, event["id"])
    assert final["champion"]
    page = client.get(f"/events/{event['id']}?lang=en").text
    assert page.count('class="group"') == 2
    assert "The top 1 of each group go through" in page
    assert 'id="m-K1-1"' in page


def test_a_groups_field_too_small_for_its_groups_waits_for_more_players(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    made = _post(
        client,
        "/api/tournaments",
        json={"name": "Bảng", "format": "groups", "group_count": 2, "advance": 2, "race": 2},
    )
    assert made.status_code == 201, made.text
    event_id = made.json()["id"]
    base = f"/api/tournaments/{event_id}"
    # Entered one by one: two groups of 1, then a group of 1 (fewer than the 2 through).
    for n in (1, 2, 3):
        added = _post(client, f"{base}/entries", json={"name": f"Player {n}"})
        assert added.status_code == 201, added.text
        desk = client.get(f"/desk/tournaments/{event_id}?lang=en", auth=ORGANISER)
        assert desk.status_code == 200
        if n >= 2:
            assert 'id="field-unfit"' in desk.text
            assert "cannot be drawn with the event&#39;s settings yet" in desk.text
        assert client.get(f"/events/{event_id}").status_code == 200
    _post(client, f"{base}/checkin", json={"players": ["p1", "p2", "p3"]})
    refused = _post(client, f"{base}/draw")
    assert refused.status_code == 422
    assert "cannot be drawn with 3 player(s)" in refused.json()["detail"]
    assert "advance" in refused.json()["detail"] or "group" in refused.json()["detail"]
    assert not get_event(client, event_id)["drawn"]
    assert _stored_inputs(client, event_id) == 0
    _post(client, f"{base}/entries", json={"name": "Player 4"})
    _post(client, f"{base}/checkin", json={"players": ["p4"]})
    desk = client.get(f"/desk/tournaments/{event_id}", auth=ORGANISER)
    assert 'id="field-unfit"' not in desk.text
    drawn = act(client, event_id, "draw")
    assert len([m for m in drawn["matches"] if m["stage"] == "group"]) == 2


def test_a_double_knockout_after_the_groups_is_drawn_as_its_sides(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    event = create_event(client, 8, format="groups", group_count=2, knockout="double", race=2)
    event_id = event["id"]
    assert event["settings"]["knockout"] == "double"
    drawn = act(client, event_id, "draw")
    for match in (m for m in drawn["matches"] if m["stage"] == "group"):
        _result(client, event_id, match["id"], [2, 0])
    page = client.get(f"/events/{event_id}?lang=en").text
    assert page.count("<svg") == 3  # winners' side, losers' side, finals
    assert "Winners&#x27; side" in page
    assert 'id="m-W1-1"' in page
    final = play_out_desk(client, event_id)
    assert final["finished"]


@pytest.mark.parametrize(
    "seeds",
    [{"p1": "first"}, {"p1": True}, {"p1": 1.5}, {"p1": "1"}, {f"p{i}": i for i in range(300)}],
    ids=["text", "boolean", "fraction", "numeric-text", "too-many"],
)
def test_malformed_seeds_are_refused_by_the_schema_and_change_nothing(
    sqlite_client: TestClient, seeds: dict[str, Any]
) -> None:
    client = sqlite_client
    event = create_event(client, 4, format="single", seeding="hand")
    refused = _draw(client, event["id"], seeds)
    assert refused.status_code == 422
    assert refused.json()["error"] == "RequestValidationError"
    assert "seeds" in refused.json()["detail"]
    assert not get_event(client, event["id"])["drawn"]
    assert _stored_inputs(client, event["id"]) == 0


def test_settings_stored_before_the_pairing_rules_keep_the_old_rules() -> None:
    settings = EventSettings(format=Format.SWISS, swiss_rounds=7)
    assert settings.pairing is CURRENT_PAIRING
    old = {k: v for k, v in settings.to_dict().items() if k != "pairing"}
    read = EventSettings.from_dict(old)
    assert read.pairing is PairingRules.V1
    assert read.config().pairing is PairingRules.V1
    assert EventSettings.from_dict(read.to_dict()) == read


def test_stored_events_keep_their_pairing_rules(sqlite_client: TestClient) -> None:
    service: TournamentService = sqlite_client.app.state.ctx.tournaments  # type: ignore[attr-defined]
    new = create_event(sqlite_client, 5, format="swiss", swiss_rounds=7)
    assert service._repo.get_event(new["id"]).settings["pairing"] == CURRENT_PAIRING.value
    settings = EventSettings(format=Format.SWISS, swiss_rounds=7).to_dict()
    del settings["pairing"]
    stored = service._repo.create_event("Cúp cũ", settings, created_at="2026-01-01T00:00:00Z")
    assert service.resume(stored.id).settings.pairing is PairingRules.V1
    service.import_csv(stored.id, players_csv(5))
    for event_id, rules in ((new["id"], CURRENT_PAIRING), (stored.id, PairingRules.V1)):
        assert json.loads(service.export_json(event_id))["config"]["pairing"] == rules.value
