"""The public player pages on SQLite and PostgreSQL: a search by name that sets accents
aside, and one player's day (next match, table, opponent, results, status) as the event
goes from the draw to its champion.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from tests.web.tournament_helpers import (
    NAMES,
    act,
    concede,
    get_event,
    play_out,
    playing,
    vietnamese_event,
)


def _text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _id_of(event: dict[str, Any], name: str) -> str:
    return next(e["id"] for e in event["entries"] if e["name"] == name)


def test_a_search_sets_accents_and_case_aside(client: TestClient) -> None:
    event = vietnamese_event(client)
    base = f"/events/{event['id']}/players"
    bracket = client.get(f"/events/{event['id']}").text
    assert f'href="{base}?lang=vi">Cơ thủ: khi nào, bàn nào</a>' in bracket
    page = client.get(base, params={"q": "nguyen van an"})
    assert page.status_code == 200
    found = re.findall(r'href="(/events/\d+/players/p\d+)\?lang=vi"', page.text)
    assert found == [f"{base}/{_id_of(event, 'Nguyễn Văn An')}"]
    assert "Nguyễn Văn An" in page.text
    assert "Trần Thị Bình" not in page.text
    # "đ" is found by "d", whatever the case
    assert "Lê Đức Cường" in client.get(base, params={"q": "DUC cuong"}).text
    everyone = client.get(base).text
    assert all(name in everyone for name in NAMES)
    assert "Số cơ thủ: 4" in _text(everyone)
    none = client.get(base, params={"q": "zzz"})
    assert none.status_code == 200
    assert "Không tìm thấy cơ thủ nào với “zzz”." in _text(none.text)
    english = client.get(base, params={"q": "zzz", "lang": "en"})
    assert "No player found for “zzz”." in _text(english.text)


def test_the_player_page_follows_the_event_to_its_champion(client: TestClient) -> None:
    event = vietnamese_event(client)
    base = f"/events/{event['id']}/players"
    an = _id_of(event, "Nguyễn Văn An")
    assert "Giải chưa bốc thăm" in _text(client.get(f"{base}/{an}").text)

    act(client, event["id"], "draw")
    event = act(client, event["id"], "start")
    mine = next(m for m in playing(event) if an in m["players"])
    other = next(p for p in mine["players"] if p != an)
    other_name = next(e["name"] for e in event["entries"] if e["id"] == other)
    page = _text(client.get(f"{base}/{an}").text)
    assert "Đang thi đấu" in page
    assert mine["id"] in page
    assert f"Bàn {mine['table']}" in page
    assert f"Đối thủ: {other_name}" in page
    assert "Tỉ số ván: 0 – 0 (chạm 2)" in page
    assert "Chưa có trận nào." in page
    # the fragment the page's script fetches on a change is the same day
    part = client.get(f"{base}/{an}/part")
    assert part.status_code == 200
    assert f"Bàn {mine['table']}" in _text(part.text)

    # the opponent concedes a rack: the live rack score moves
    side = "B" if mine["players"][0] == an else "A"
    assert concede(client, mine["scorekeeper_match"], side, "concede_rack").status_code == 200
    page = _text(client.get(f"{base}/{an}").text)
    assert "Tỉ số ván: 1 – 0 (chạm 2)" in page

    # the opponent concedes the match: a result, and the final waits for its opponent
    assert concede(client, mine["scorekeeper_match"], side).status_code == 200
    page = _text(client.get(f"{base}/{an}").text)
    assert "Thắng" in page
    assert "Đang chờ trận" in page or "Đang thi đấu" in page
    lost = _text(client.get(f"{base}/{other}").text)
    assert "Đã bị loại" in lost
    assert "Thua" in lost

    event = play_out(client, event["id"], "B")
    champion = event["matches"][-1]["winner"]  # the single elimination's final
    assert "Vô địch" in _text(client.get(f"{base}/{champion}").text)
    english = _text(client.get(f"{base}/{champion}", params={"lang": "en"}).text)
    assert "Champion" in english
    assert "Results" in english


def test_an_unknown_player_or_event_is_not_found(client: TestClient) -> None:
    event = vietnamese_event(client)
    before = get_event(client, event["id"])
    missing = client.get(f"/events/{event['id']}/players/p999", headers={"Accept": "text/html"})
    assert missing.status_code == 404
    assert "p999" in missing.text
    assert client.get(f"/events/{event['id']}/players/p999/part").status_code == 404
    assert client.get(f"/events/{event['id']}/players/x1").status_code == 422
    assert client.get("/events/99999/players").status_code == 404
    too_long = client.get(f"/events/{event['id']}/players", params={"q": "a" * 101})
    assert too_long.status_code == 422
    assert get_event(client, event["id"]) == before
