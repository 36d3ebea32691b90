"""Settings of the web app, from the command line or the environment.

``ROTATION61_DATABASE_URL`` points the app at PostgreSQL (``postgresql://...``); without
it the app keeps an SQLite database in the user's data directory (platformdirs: XDG
rules on Linux). ``ROTATION61_ORGANISER_PASSWORD`` sets the desk password of the
``admin`` organiser on first run. ``ROTATION61_MAX_UPLOAD_BYTES`` limits every request
body (an imported record included; default 2 MB).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import platformdirs

from rotation61.text import Language

__all__ = [
    "DATABASE_URL_ENV",
    "DEFAULT_MAX_UPLOAD_BYTES",
    "MAX_UPLOAD_BYTES_ENV",
    "ORGANISER_PASSWORD_ENV",
    "SECURE_COOKIES_ENV",
    "Settings",
    "default_database_url",
    "normalise_database_url",
    "parse_upload_limit",
]

DATABASE_URL_ENV: Final = "ROTATION61_DATABASE_URL"
ORGANISER_PASSWORD_ENV: Final = "ROTATION61_ORGANISER_PASSWORD"
MAX_UPLOAD_BYTES_ENV: Final = "ROTATION61_MAX_UPLOAD_BYTES"
SECURE_COOKIES_ENV: Final = "ROTATION61_SECURE_COOKIES"
DEFAULT_MAX_UPLOAD_BYTES: Final = 2 * 1024 * 1024
_LANGUAGE_ENV: Final = "ROTATION61_LANGUAGE"


def parse_upload_limit(text: str) -> int:
    """An upload limit in bytes from text (a positive whole number).

    Raises:
        ValueError: not a positive whole number.
    """
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError(f"{MAX_UPLOAD_BYTES_ENV}={text!r}: expected a positive number of bytes")
    return int(text)


def default_database_url() -> str:
    """The embedded SQLite database in the user's data directory."""
    directory = Path(platformdirs.user_data_dir("rotation61", appauthor=False))
    return f"sqlite:///{directory / 'rotation61.sqlite3'}"


def normalise_database_url(url: str) -> str:
    """Use the psycopg 3 driver for a plain ``postgresql://`` or ``postgres://`` URL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """How the app runs.

    Attributes:
        database_url: a SQLAlchemy URL (SQLite file or PostgreSQL).
        organiser_password: the first-run desk password of ``admin`` (random if unset).
        default_language: the language of a screen that asks for none.
        secure_cookies: mark every cookie ``Secure`` (``ROTATION61_SECURE_COOKIES=1``; set
            by ``rotation61 serve --certfile``). A request that arrives over HTTPS (or
            through a trusted proxy that says so) gets ``Secure`` cookies regardless.
        max_upload_bytes: the largest request body accepted (413 beyond).
    """

    database_url: str = dataclasses.field(default_factory=default_database_url)
    organiser_password: str | None = None
    default_language: Language = Language.VI
    secure_cookies: bool = False
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES

    @property
    def is_postgres(self) -> bool:
        """The database is PostgreSQL."""
        return self.database_url.startswith("postgresql")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment (``ROTATION61_*`` variables).

        Raises:
            ValueError: an upload limit that is not a positive number of bytes.
        """
        source = os.environ if env is None else env
        url = source.get(DATABASE_URL_ENV) or default_database_url()
        lang = source.get(_LANGUAGE_ENV, "vi")
        return cls(
            database_url=normalise_database_url(url),
            organiser_password=source.get(ORGANISER_PASSWORD_ENV) or None,
            default_language=Language(lang) if lang in ("vi", "en") else Language.VI,
            secure_cookies=source.get(SECURE_COOKIES_ENV, "") in ("1", "true", "yes"),
            max_upload_bytes=parse_upload_limit(
                source.get(MAX_UPLOAD_BYTES_ENV) or str(DEFAULT_MAX_UPLOAD_BYTES)
            ),
        )
