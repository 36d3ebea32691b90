"""Organiser accounts: the repository on both backends, the service with a fake, logout."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from rotation61.web.adapters.accounts import SqlAccounts
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.errors import AuthenticationError, TooManyAttemptsError
from rotation61.web.core.security import Attempts, Signer
from rotation61.web.core.settings import normalise_database_url
from rotation61.web.services.accounts import AccountService
from rotation61.web.services.matches import MatchService
from tests.web.fakes import FakeRepository, RecordingNotifier
from tests.web.helpers import ORGANISER, desk


class FakeAccounts:
    def __init__(self, users: dict[str, str]) -> None:
        self.users = users
        self.checks = 0

    def check_organiser(self, username: str, password: str) -> bool:
        self.checks += 1
        return self.users.get(username) == password


def _service(accounts: FakeAccounts) -> tuple[AccountService, MatchService]:
    matches = MatchService(FakeRepository(), RecordingNotifier(), pin_factory=lambda: "123456")
    return AccountService(accounts, matches, Signer("s" * 64), Attempts(limit=3)), matches


def test_repository_creates_checks_and_changes_organisers(database_url: str) -> None:
    engine = create_db_engine(normalise_database_url(database_url))
    migrate(engine)
    accounts = SqlAccounts(engine)
    secret = accounts.ensure_secret()
    assert accounts.ensure_secret() == secret
    assert accounts.ensure_organiser("first") == "first"
    assert accounts.ensure_organiser("second") is None
    assert accounts.check_organiser("admin", "first")
    assert not accounts.check_organiser("admin", "second")
    assert not accounts.check_organiser("nobody", "first")
    accounts.set_organiser_password("admin", "second")
    accounts.set_organiser_password("desk2", "third")
    assert accounts.check_organiser("admin", "second")
    assert not accounts.check_organiser("admin", "first")
    assert accounts.check_organiser("desk2", "third")
    engine.dispose()


def test_login_gives_a_session_and_wrong_passwords_are_throttled() -> None:
    fake = FakeAccounts({"admin": "pw"})
    service, _ = _service(fake)
    session = service.log_in("admin", "pw")
    assert session is not None
    assert Signer("s" * 64).session_user(session) == "admin"
    for _ in range(3):
        assert service.log_in("admin", "wrong") is None
    checks = fake.checks
    with pytest.raises(TooManyAttemptsError):
        service.log_in("admin", "pw")
    assert fake.checks == checks  # refused before the password is checked
    assert service.check_organiser("other", "x") is False  # per username


def test_referee_token_counts_every_failure() -> None:
    service, matches = _service(FakeAccounts({}))
    stored = matches.create_match(desk())
    token = service.referee_token(stored.id, "123456")
    assert Signer("s" * 64).referee_ok(token, stored.id, "123456")
    for wrong in ("000000", "000001", "000002"):
        with pytest.raises(AuthenticationError):
            service.referee_token(stored.id, wrong)
    with pytest.raises(TooManyAttemptsError):
        service.referee_token(stored.id, "123456")
    for _ in range(3):  # an unknown match counts too, under its own number
        with pytest.raises(LookupError):
            service.referee_token(99, "123456")
    with pytest.raises(TooManyAttemptsError):
        service.referee_token(99, "123456")


def test_logout_closes_the_session(sqlite_client: TestClient) -> None:
    client = sqlite_client
    page = client.get("/login")
    found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
    assert found is not None
    token = found.group(1)
    login = {"username": ORGANISER[0], "password": ORGANISER[1], "csrf_token": token}
    assert client.post("/login", data=login, follow_redirects=False).status_code == 303
    assert client.get("/desk", follow_redirects=False).status_code == 200
    assert client.post("/logout", follow_redirects=False).status_code == 403  # no CSRF token
    out = client.post("/logout", data={"csrf_token": token}, follow_redirects=False)
    assert out.status_code == 303
    assert out.headers["location"] == "/hall"
    assert "r61_org=" in out.headers["set-cookie"]
    desk = client.get("/desk", follow_redirects=False)
    assert desk.status_code == 303
    assert desk.headers["location"] == "/login"
