"""Seat tokens of the browser games: what each device is given, and what a token holds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from rotation61.rules import IllegalActionError, Seat
from rotation61.web.app import create_app
from rotation61.web.core.errors import AuthenticationError
from rotation61.web.core.model import GameMode, StoredMatch
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import Settings
from rotation61.web.services.seats import grant_invited, grant_new_game, seats_of
from tests.web.fakes import FakeRepository
from tests.web.helpers import PASSWORD, desk

SIGNER = Signer("secret")


def _game(pin: str = "123456") -> StoredMatch:
    repo = FakeRepository()
    repo.add_match(desk(), pin="000000", created_at="t")
    return repo.add_match(desk(players=("An", "Bình")), pin=pin, created_at="t")


def test_a_shared_device_holds_both_seats_and_has_no_invite() -> None:
    game = _game()
    grant = grant_new_game(SIGNER, game, GameMode.HOTSEAT)
    assert (grant.seats, grant.invite) == ("AB", None)
    assert seats_of(SIGNER, game, grant.token) == {Seat.A, Seat.B}
    computer = grant_new_game(SIGNER, game, GameMode.COMPUTER)
    assert (computer.seats, computer.invite) == ("A", None)


def test_the_invite_of_an_online_game_gives_seat_b_only() -> None:
    game = _game()
    creator = grant_new_game(SIGNER, game, GameMode.ONLINE)
    assert creator.seats == "A"
    assert creator.invite is not None
    assert seats_of(SIGNER, game, creator.token) == {Seat.A}
    joined = grant_invited(SIGNER, game, GameMode.ONLINE, creator.invite)
    assert (joined.seats, joined.invite) == ("B", None)
    assert seats_of(SIGNER, game, joined.token) == {Seat.B}


@pytest.mark.parametrize("key", ["", "forged", "é"])
def test_a_wrong_invite_key_is_refused(key: str) -> None:
    with pytest.raises(AuthenticationError, match="wrong invite key for game 2"):
        grant_invited(SIGNER, _game(), GameMode.ONLINE, key)


def test_only_an_online_game_has_an_invite() -> None:
    game = _game()
    key = grant_new_game(SIGNER, game, GameMode.ONLINE).invite
    assert key is not None
    with pytest.raises(IllegalActionError, match="game 2 is not an online game"):
        grant_invited(SIGNER, game, GameMode.HOTSEAT, key)


def test_a_token_holds_only_its_own_games_seats() -> None:
    game = _game()
    token = grant_new_game(SIGNER, game, GameMode.HOTSEAT).token
    seats, _, mac = token.partition(".")
    for wrong in (
        "",
        "AB",
        f"A.{mac}",  # the signature of other seats
        f"C.{mac}",
        "AB.é",  # not ASCII: refused like any other, not an error of the server
        grant_new_game(SIGNER, _game(pin="654321"), GameMode.HOTSEAT).token,  # old PIN
        grant_new_game(Signer("other"), game, GameMode.HOTSEAT).token,
    ):
        with pytest.raises(AuthenticationError, match="does not play in game 2"):
            seats_of(SIGNER, game, wrong)
    assert seats == "AB"


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=sqlite_url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as client:
        yield client


def test_the_api_refuses_a_wrong_or_unreadable_seat_token_and_changes_nothing(
    app_client: TestClient,
) -> None:
    created = app_client.post(
        "/api/play", json={"mode": "online", "player_a": "An", "player_b": "Binh"}
    )
    assert created.status_code == 201, created.text
    game = created.json()
    assert game["seats"] == "A"
    assert game["invite"].startswith(f"/play/{game['id']}/join#k=")
    for token in (b"", b"AB.forged", "AB.\xe9".encode("latin-1")):
        r = app_client.post(
            f"/api/play/{game['id']}/concede",
            json={"expected_seq": 0},
            headers={"X-Play-Token": token},  # type: ignore[dict-item]
        )
        assert r.status_code == 401, r.text
    wrong = app_client.post(f"/api/play/{game['id']}/join", json={"key": "\xe9"})
    assert wrong.status_code == 401, wrong.text
    key = game["invite"].partition("#k=")[2]
    joined = app_client.post(f"/api/play/{game['id']}/join", json={"key": key})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seats"] == "B"
    assert app_client.get(f"/api/play/{game['id']}").json()["seq"] == 0
