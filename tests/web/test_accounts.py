"""Organiser accounts: the repository on both backends, the service with a fake, logout."""

from __future__ import annotations

import argparse
import dataclasses
import re

import pytest
from fastapi.testclient import TestClient

from rotation61.cli import serve
from rotation61.web.adapters.accounts import SqlAccounts, SqlFailureLog
from rotation61.web.app import create_app
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.errors import AuthenticationError, TooManyAttemptsError
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import Settings, normalise_database_url
from rotation61.web.services.accounts import CLIENT_LIMIT, PIN_LIMIT, AccountService, Limit
from rotation61.web.services.matches import MatchService
from tests.web.fakes import FakeRepository, RecordingNotifier
from tests.web.helpers import ORGANISER, create_match, desk


class FakeAccounts:
    def __init__(self, users: dict[str, str]) -> None:
        self.users = users
        self.checks = 0
        self.sessions: dict[str, tuple[str, float]] = {}

    def check_organiser(self, username: str, password: str) -> bool:
        self.checks += 1
        return self.users.get(username) == password

    def open_session(self, username: str, *, expires_at: float, now: float) -> str:
        token = f"session-{len(self.sessions)}"
        self.sessions[token] = (username, expires_at)
        return token

    def session_user(self, token: str, *, now: float) -> str | None:
        user, expires_at = self.sessions.get(token, ("", 0.0))
        return user if expires_at > now else None

    def close_session(self, token: str) -> None:
        self.sessions.pop(token, None)


def _service(accounts: FakeAccounts) -> tuple[AccountService, MatchService]:
    matches = MatchService(FakeRepository(), RecordingNotifier(), pin_factory=lambda: "123456")
    engine = create_db_engine("sqlite://")
    migrate(engine)
    service = AccountService(
        accounts,
        matches,
        Signer("s" * 64),
        SqlFailureLog(engine),
        client="10.0.0.7",
        client_limit=Limit(failures=5, window_s=60),
        pin_limit=Limit(failures=3, window_s=60),
    )
    return service, matches


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


def test_login_gives_a_session_and_wrong_passwords_are_throttled_per_client() -> None:
    fake = FakeAccounts({"admin": "pw"})
    service, _ = _service(fake)
    session = service.log_in("admin", "pw")
    assert session is not None
    assert service.session_user(session) == "admin"
    service.log_out(session)
    assert service.session_user(session) is None
    for _ in range(5):
        assert service.log_in("admin", "wrong") is None
    checks = fake.checks
    with pytest.raises(TooManyAttemptsError, match=r"10\.0\.0\.7"):
        service.log_in("admin", "pw")
    assert fake.checks == checks  # refused before the password is checked
    with pytest.raises(TooManyAttemptsError):  # per client, whatever the username
        service.check_organiser("other", "x")
    assert service.for_client("10.0.0.8").log_in("admin", "pw") is not None  # not this one


def test_referee_token_counts_every_failure_per_client_and_match() -> None:
    service, matches = _service(FakeAccounts({}))
    stored = matches.create_match(desk())
    token = service.referee_token(stored.id, "123456")
    assert Signer("s" * 64).referee_ok(token, stored.id, "123456")
    for wrong in ("000000", "000001", "000002"):
        with pytest.raises(AuthenticationError):
            service.referee_token(stored.id, wrong)
    with pytest.raises(TooManyAttemptsError):
        service.referee_token(stored.id, "123456")
    referee = service.for_client("10.0.0.9")  # the real referee, who has not failed
    assert referee.referee_token(stored.id, "123456") == token
    for _ in range(2):  # an unknown match counts for this client too
        with pytest.raises(LookupError):
            service.referee_token(99, "123456")
    with pytest.raises(TooManyAttemptsError):  # five failures from 10.0.0.7 in all
        service.referee_token(99, "123456")


def test_lockouts_are_shared_by_two_apps_on_one_database(database_url: str) -> None:
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    settings = Settings(database_url=url, organiser_password=ORGANISER[1])
    one = TestClient(create_app(settings), client=("203.0.113.5", 50000))
    two = TestClient(create_app(settings), client=("203.0.113.5", 50001))
    referee = TestClient(create_app(settings), client=("192.0.2.10", 50002))
    with one, two, referee:
        match = create_match(one)
        path = f"/api/matches/{match['id']}/referee-token"
        for n in range(PIN_LIMIT.failures):
            app = one if n % 2 else two  # the failures alternate between the workers
            assert app.post(path, json={"pin": "999999"}).status_code == 401
        assert one.post(path, json={"pin": match["pin"]}).status_code == 429
        assert two.post(path, json={"pin": match["pin"]}).status_code == 429
        assert referee.post(path, json={"pin": match["pin"]}).status_code == 200
        for n in range(CLIENT_LIMIT.failures):
            app = one if n % 2 else two
            bad = app.get("/api/matches/1/export.json", auth=("admin", "wrong"))
            if bad.status_code == 429:
                break
            assert bad.status_code == 401
        assert two.get("/desk", auth=ORGANISER).status_code == 429
        assert referee.get("/desk", auth=ORGANISER, follow_redirects=False).status_code == 200


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


def test_a_copied_session_cookie_dies_at_logout(database_url: str) -> None:
    url = Settings.from_env({"ROTATION61_DATABASE_URL": database_url}).database_url
    settings = Settings(database_url=url, organiser_password=ORGANISER[1])
    with TestClient(create_app(settings)) as owner, TestClient(create_app(settings)) as thief:
        page = owner.get("/login")
        found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
        assert found is not None
        token = found.group(1)
        login = {"username": ORGANISER[0], "password": ORGANISER[1], "csrf_token": token}
        assert owner.post("/login", data=login, follow_redirects=False).status_code == 303
        export = f"/api/matches/{create_match(owner)['id']}/export.json"
        stolen = owner.cookies["r61_org"]
        assert len(stolen) >= 40
        assert "admin" not in stolen
        thief.cookies.set("r61_org", stolen)
        assert thief.get("/desk", follow_redirects=False).status_code == 200
        assert thief.get(export).status_code == 200  # an organiser's download
        owner.post("/logout", data={"csrf_token": token}, follow_redirects=False)
        assert thief.get("/desk", follow_redirects=False).status_code == 303  # to /login
        assert thief.get(export).status_code == 401


def test_the_lockouts_are_settings_read_from_the_environment(sqlite_url: str) -> None:
    env = {
        "ROTATION61_DATABASE_URL": sqlite_url,
        "ROTATION61_PIN_LIMIT": "2/120",
        "ROTATION61_CLIENT_LIMIT": "50/3600",
    }
    settings = dataclasses.replace(Settings.from_env(env), organiser_password=ORGANISER[1])
    assert settings.pin_limit == Limit(failures=2, window_s=120)
    assert settings.client_limit == Limit(failures=50, window_s=3600)
    stranger = TestClient(create_app(settings), client=("203.0.113.9", 50000))
    referee = TestClient(create_app(settings), client=("192.0.2.11", 50001))
    with stranger, referee:
        match = create_match(stranger)
        path = f"/api/matches/{match['id']}/referee-token"
        for _ in range(2):  # the configured two wrong PINs, not the default ten
            assert stranger.post(path, json={"pin": "999999"}).status_code == 401
        refused = stranger.post(path, json={"pin": match["pin"]})
        assert refused.status_code == 429
        assert "2 minutes" in refused.json()["detail"]
        assert referee.post(path, json={"pin": match["pin"]}).status_code == 200


@pytest.mark.parametrize(
    ("text", "named"),
    [("ten/60", "ten/60"), ("0/60", "at least 1"), ("5/0", "seconds > 0"), ("5", "'5'")],
)
def test_a_bad_lockout_setting_is_refused_naming_it(text: str, named: str) -> None:
    with pytest.raises(ValueError, match="ROTATION61_PIN_LIMIT") as refused:
        Settings.from_env({"ROTATION61_PIN_LIMIT": text})
    assert named in str(refused.value)


def test_serve_refuses_a_bad_lockout_option(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert parser.parse_args(["--pin-limit", "3/60"]).pin_limit == "3/60"
    with pytest.raises(SystemExit):
        parser.parse_args(["--client-limit", "lots"])
    assert "--client-limit='lots'" in capsys.readouterr().err
