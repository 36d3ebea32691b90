"""``rotation61 serve`` options (the server itself runs in the live and browser tests)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from rotation61.cli import serve


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_defaults_bind_to_localhost() -> None:
    args = _parse()
    assert args.host == "127.0.0.1"
    assert args.port == 8061
    assert args.workers == 1


@pytest.mark.parametrize("argv", [["--port", "0"], ["--port", "x"], ["--workers", "0"]])
def test_bad_options_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        _parse(*argv)


def test_several_workers_need_postgresql(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _parse("--workers", "2", "--database-url", "sqlite:///x.sqlite3")
    assert serve.run(args) == 2
    assert "PostgreSQL" in capsys.readouterr().out


def test_default_database_is_in_the_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from rotation61.web.core.settings import Settings

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings = Settings.from_env({})
    assert settings.database_url == f"sqlite:///{tmp_path}/rotation61/rotation61.sqlite3"
    pg = Settings.from_env({"ROTATION61_DATABASE_URL": "postgresql://u@h/db"})
    assert pg.database_url == "postgresql+psycopg://u@h/db"
    assert pg.is_postgres
