"""Settings of the web app, from the command line or the environment.

``ROTATION61_DATABASE_URL`` points the app at PostgreSQL (``postgresql://...``); without
it the app keeps an SQLite database in the user's data directory (platformdirs: XDG
rules on Linux). ``ROTATION61_ORGANISER_PASSWORD`` sets the desk password of the
``admin`` organiser on first run. ``ROTATION61_MAX_UPLOAD_BYTES`` limits every request
body (an imported record included; default 2 MB). ``ROTATION61_CLIENT_LIMIT`` and
``ROTATION61_PIN_LIMIT`` set the lockouts as ``FAILURES/SECONDS``: the wrong passwords and
PINs one client address (or device that opened the target before) may enter (default
``30/900``), and the wrong PINs it may enter for one match or table (default ``10/600``);
``ROTATION61_TARGET_LIMIT`` the wrong PINs or passwords for one target from every client
new to it (default ``100/3600``).

The connections (:mod:`rotation61.web.api.connections`): ``ROTATION61_HEADER_TIMEOUT``
and ``ROTATION61_BODY_TIMEOUT`` (seconds a request's headers, then its body, may take),
``ROTATION61_CLIENT_CONNECTIONS`` and ``ROTATION61_MAX_CONNECTIONS`` (open connections
per client address and in all, per worker), ``ROTATION61_CLIENT_CONNECTS`` (new
connections per second of one client address), ``ROTATION61_CLIENT_STREAMS`` (live-update
streams per client address: more are refused with 429).
``ROTATION61_GAME_IDLE_HOURS`` and
``ROTATION61_GAME_KEEP_HOURS`` set when browser games expire: a game with no input for
that many hours is removed (default 24), a finished one after the second age (default
168, a week). ``ROTATION61_PLAY_CREATE_LIMIT`` and ``ROTATION61_PLAY_STROKE_LIMIT`` set
the play page's rate limits as ``REQUESTS/SECONDS``: the games one client may create
(default ``20/600``) and the strokes one client, and one seat token, may play (default
``60/60``). ``ROTATION61_PLAY_POOL`` sizes the pool that simulates strokes and thinks
for the computer as ``PROCESSES/QUEUE`` (default ``1/4``; ``0/N`` runs them in the
server's threads). ``ROTATION61_RESULT_GRACE_S`` is how long (seconds, default 60) a table's
finished match is held on its "match over" screen, for the referee to undo or confirm it,
before its event takes the result by itself (``0``: at once).
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
    "BODY_TIMEOUT_ENV",
    "CLIENT_CONNECTIONS_ENV",
    "CLIENT_CONNECTS_ENV",
    "CLIENT_LIMIT_ENV",
    "CLIENT_STREAMS_ENV",
    "DATABASE_URL_ENV",
    "DEFAULT_CLIENT_LIMIT",
    "DEFAULT_GAME_IDLE_HOURS",
    "DEFAULT_GAME_KEEP_HOURS",
    "DEFAULT_MAX_UPLOAD_BYTES",
    "DEFAULT_PIN_LIMIT",
    "DEFAULT_PLAY_CREATE_LIMIT",
    "DEFAULT_PLAY_POOL",
    "DEFAULT_PLAY_STROKE_LIMIT",
    "DEFAULT_RESULT_GRACE_S",
    "DEFAULT_TARGET_LIMIT",
    "GAME_IDLE_HOURS_ENV",
    "GAME_KEEP_HOURS_ENV",
    "HEADER_TIMEOUT_ENV",
    "MAX_CONNECTIONS_ENV",
    "MAX_UPLOAD_BYTES_ENV",
    "ORGANISER_PASSWORD_ENV",
    "PIN_LIMIT_ENV",
    "PLAY_CREATE_LIMIT_ENV",
    "PLAY_POOL_ENV",
    "PLAY_STROKE_LIMIT_ENV",
    "RESULT_GRACE_ENV",
    "SECURE_COOKIES_ENV",
    "TARGET_LIMIT_ENV",
    "ConnectionLimits",
    "Limit",
    "Settings",
    "default_database_url",
    "normalise_database_url",
    "parse_hours",
    "parse_limit",
    "parse_pool",
    "parse_seconds",
    "parse_upload_limit",
]

DATABASE_URL_ENV: Final = "ROTATION61_DATABASE_URL"
ORGANISER_PASSWORD_ENV: Final = "ROTATION61_ORGANISER_PASSWORD"
MAX_UPLOAD_BYTES_ENV: Final = "ROTATION61_MAX_UPLOAD_BYTES"
SECURE_COOKIES_ENV: Final = "ROTATION61_SECURE_COOKIES"
CLIENT_LIMIT_ENV: Final = "ROTATION61_CLIENT_LIMIT"
PIN_LIMIT_ENV: Final = "ROTATION61_PIN_LIMIT"
TARGET_LIMIT_ENV: Final = "ROTATION61_TARGET_LIMIT"
GAME_IDLE_HOURS_ENV: Final = "ROTATION61_GAME_IDLE_HOURS"
GAME_KEEP_HOURS_ENV: Final = "ROTATION61_GAME_KEEP_HOURS"
PLAY_CREATE_LIMIT_ENV: Final = "ROTATION61_PLAY_CREATE_LIMIT"
PLAY_STROKE_LIMIT_ENV: Final = "ROTATION61_PLAY_STROKE_LIMIT"
PLAY_POOL_ENV: Final = "ROTATION61_PLAY_POOL"
RESULT_GRACE_ENV: Final = "ROTATION61_RESULT_GRACE_S"
DEFAULT_RESULT_GRACE_S: Final = 60.0
"""A table's finished match waits this long for its referee's confirmation (or undo)."""
DEFAULT_PLAY_POOL: Final = (1, 4)
"""One process for the physics and the computer (per server worker), four jobs waiting."""
DEFAULT_GAME_IDLE_HOURS: Final = 24.0
"""A browser game with no input for this long is removed."""
DEFAULT_GAME_KEEP_HOURS: Final = 7 * 24.0
"""A finished browser game is removed this long after its last input."""
DEFAULT_MAX_UPLOAD_BYTES: Final = 2 * 1024 * 1024
HEADER_TIMEOUT_ENV: Final = "ROTATION61_HEADER_TIMEOUT"
BODY_TIMEOUT_ENV: Final = "ROTATION61_BODY_TIMEOUT"
CLIENT_CONNECTIONS_ENV: Final = "ROTATION61_CLIENT_CONNECTIONS"
CLIENT_CONNECTS_ENV: Final = "ROTATION61_CLIENT_CONNECTS"
MAX_CONNECTIONS_ENV: Final = "ROTATION61_MAX_CONNECTIONS"
CLIENT_STREAMS_ENV: Final = "ROTATION61_CLIENT_STREAMS"
_LANGUAGE_ENV: Final = "ROTATION61_LANGUAGE"


def parse_upload_limit(text: str) -> int:
    """An upload limit in bytes from text (a positive whole number).

    Raises:
        ValueError: not a positive whole number.
    """
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError(f"{MAX_UPLOAD_BYTES_ENV}={text!r}: expected a positive number of bytes")
    return int(text)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Limit:
    """At most ``failures`` failures in ``window_s`` seconds (a lockout).

    Raises:
        ValueError: fewer than one failure, or a window that is not a positive number of
            seconds.
    """

    failures: int
    window_s: float

    def __post_init__(self) -> None:
        if isinstance(self.failures, bool) or not isinstance(self.failures, int):
            raise ValueError(f"lockout failures = {self.failures!r}: expected a whole number")
        if self.failures < 1:
            raise ValueError(f"lockout failures = {self.failures}: expected at least 1")
        if not (isinstance(self.window_s, int | float) and 0 < self.window_s < float("inf")):
            raise ValueError(f"lockout window = {self.window_s!r}: expected seconds > 0")

    def __str__(self) -> str:
        return f"{self.failures}/{self.window_s:g}"


DEFAULT_CLIENT_LIMIT: Final = Limit(failures=30, window_s=15 * 60)
"""Wrong passwords and PINs of one client address, whatever it tried."""
DEFAULT_PIN_LIMIT: Final = Limit(failures=10, window_s=10 * 60)
"""Wrong PINs of one client address (or device) for one match or table."""
DEFAULT_TARGET_LIMIT: Final = Limit(failures=100, window_s=60 * 60)
"""Wrong PINs (or passwords) for one target from every client new to it: more than
one address may enter in the window (``DEFAULT_PIN_LIMIT``: 60 an hour)."""
"""Wrong PINs of one client address for one match."""
DEFAULT_PLAY_CREATE_LIMIT: Final = Limit(failures=20, window_s=10 * 60)
"""Browser games one client address may create (a rate limit, not a lockout)."""
DEFAULT_PLAY_STROKE_LIMIT: Final = Limit(failures=60, window_s=60)
"""Strokes one client address, and one seat token, may play (a rate limit)."""


def parse_pool(text: str, *, name: str = PLAY_POOL_ENV) -> tuple[int, int]:
    """The engine pool's ``PROCESSES/QUEUE`` from text.

    >>> parse_pool("2/8")
    (2, 8)

    Raises:
        ValueError: not two whole numbers (0..64) with room for one job (the message
            names ``name``).
    """
    processes, slash, queue = text.strip().partition("/")
    if not (slash and processes.strip().isdigit() and queue.strip().isdigit()):
        raise ValueError(f"{name}={text!r}: expected PROCESSES/QUEUE, e.g. 1/4")
    pool = int(processes), int(queue)
    if pool[0] > 64 or pool[1] > 1024 or sum(pool) < 1:
        raise ValueError(f"{name}={text!r}: expected 0..64 processes, 0..1024 waiting, 1 in all")
    return pool


def parse_hours(text: str, *, name: str) -> float:
    """A positive number of hours from text.

    >>> parse_hours("1.5", name="--game-idle-hours")
    1.5

    Raises:
        ValueError: not a positive, finite number (the message names ``name``).
    """
    try:
        hours = float(text)
    except ValueError:
        hours = float("nan")
    if not 0 < hours < float("inf"):
        raise ValueError(f"{name}={text!r}: expected a positive number of hours")
    return hours


def parse_seconds(text: str, *, name: str) -> float:
    """A number of seconds, 0 or more, from text.

    >>> parse_seconds("30", name="--result-grace")
    30.0

    Raises:
        ValueError: not a finite number of seconds from 0 to a day (the message names
            ``name``).
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 <= seconds <= 86_400:
        raise ValueError(f"{name}={text!r}: expected a number of seconds from 0 to 86400")
    return seconds


def parse_limit(text: str, *, name: str = "lockout") -> Limit:
    """A lockout from ``FAILURES/SECONDS`` text, e.g. ``10/600``.

    >>> parse_limit("10/600")
    Limit(failures=10, window_s=600.0)
    >>> parse_limit("ten", name="--pin-limit")
    Traceback (most recent call last):
    ...
    ValueError: --pin-limit='ten': expected FAILURES/SECONDS, e.g. 10/600

    Raises:
        ValueError: not two positive numbers separated by ``/`` (the message names
            ``name`` and the text).
    """
    failures, slash, seconds = text.strip().partition("/")
    if not (slash and failures.strip().isdigit()):
        raise ValueError(f"{name}={text!r}: expected FAILURES/SECONDS, e.g. 10/600")
    try:
        window = float(seconds)
    except ValueError:
        raise ValueError(f"{name}={text!r}: expected FAILURES/SECONDS, e.g. 10/600") from None
    try:
        return Limit(failures=int(failures), window_s=window)
    except ValueError as err:
        raise ValueError(f"{name}={text!r}: {err}") from None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ConnectionLimits:
    """How long a request may take to arrive, and how many connections a worker holds.

    Attributes:
        header_timeout_s: seconds from a connection's opening (or a request's first
            byte) to the end of its headers; a slower client is closed (408).
        body_timeout_s: seconds from the end of the headers to the end of the body.
        client_connections: open connections of one client address (a trusted proxy's
            are not counted); more are answered 503 and closed at once.
        client_connects_per_s: new connections one client address may open a second
            (after a burst of ``client_connections``); faster ones are answered 503.
        max_connections: open connections in all (``0``: from the descriptor limit, see
            :meth:`total`).
        client_streams: live-update streams of one client address (the forwarded one
            behind a trusted proxy); more are refused with 429.

    Raises:
        ValueError: a timeout that is not a positive number of seconds, or a count
            below 1 (0 for ``max_connections``).
    """

    header_timeout_s: float = 10.0
    body_timeout_s: float = 30.0
    client_connections: int = 64
    client_connects_per_s: float = 20.0
    max_connections: int = 0
    client_streams: int = 16

    def __post_init__(self) -> None:
        for name in ("header_timeout_s", "body_timeout_s", "client_connects_per_s"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and 0 < value < float("inf")):
                raise ValueError(f"{name} = {value!r}: expected seconds > 0")
        for name, least in (
            ("client_connections", 1),
            ("max_connections", 0),
            ("client_streams", 1),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(f"{name} = {value!r}: expected a whole number >= {least}")

    def total(self, descriptors: int) -> int:
        """The connections one worker holds at most, with ``descriptors`` files it may open.

        ``max_connections`` if set; else the descriptors less 256 kept for the database,
        the logs and the threads, at most 16,384 (and at least 32).

        >>> ConnectionLimits().total(1024), ConnectionLimits(max_connections=10).total(1024)
        (768, 10)
        """
        if self.max_connections:
            return self.max_connections
        return max(32, min(16_384, descriptors - 256))

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ConnectionLimits:
        """The limits from ``ROTATION61_*`` variables (the defaults for those unset).

        Raises:
            ValueError: a value that is not a number, or out of range (the message
                names the variable).
        """
        values: dict[str, float | int] = {}
        for name, var, kind in (
            ("header_timeout_s", HEADER_TIMEOUT_ENV, float),
            ("body_timeout_s", BODY_TIMEOUT_ENV, float),
            ("client_connections", CLIENT_CONNECTIONS_ENV, int),
            ("client_connects_per_s", CLIENT_CONNECTS_ENV, float),
            ("max_connections", MAX_CONNECTIONS_ENV, int),
            ("client_streams", CLIENT_STREAMS_ENV, int),
        ):
            text = env.get(var, "").strip()
            if not text:
                continue
            try:
                values[name] = kind(text)
            except ValueError:
                raise ValueError(f"{var}={text!r}: expected a number") from None
        try:
            return cls(**values)  # type: ignore[arg-type]
        except ValueError as err:
            raise ValueError(f"{err} (ROTATION61_* connection settings)") from None


def _hours(source: Mapping[str, str], name: str, default: float) -> float:
    return parse_hours(source.get(name) or str(default), name=name)


def _limit(source: Mapping[str, str], name: str, default: Limit) -> Limit:
    return parse_limit(source.get(name) or str(default), name=name)


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
        client_limit: the wrong passwords and PINs one client address may enter.
        pin_limit: the wrong PINs one client address may enter for one match.
        target_limit: the wrong PINs (or passwords) for one target from every client
            that has not opened it before.
        connections: timeouts and caps of connections and live-update streams.
        game_idle_hours: a browser game with no input for this long is removed.
        game_keep_hours: a finished browser game is removed this long after its last input.
        play_create_limit: the browser games one client address may create.
        play_stroke_limit: the strokes one client address, and one seat token, may play.
        play_pool: the engine pool's processes and waiting jobs (per server worker).
        result_grace_s: how long a table's finished match is held (its "match over"
            screen: undo or confirm) before its event takes the result by itself.
    """

    database_url: str = dataclasses.field(default_factory=default_database_url)
    organiser_password: str | None = None
    default_language: Language = Language.VI
    secure_cookies: bool = False
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES
    client_limit: Limit = DEFAULT_CLIENT_LIMIT
    pin_limit: Limit = DEFAULT_PIN_LIMIT
    target_limit: Limit = DEFAULT_TARGET_LIMIT
    connections: ConnectionLimits = dataclasses.field(default_factory=ConnectionLimits)
    game_idle_hours: float = DEFAULT_GAME_IDLE_HOURS
    game_keep_hours: float = DEFAULT_GAME_KEEP_HOURS
    play_create_limit: Limit = DEFAULT_PLAY_CREATE_LIMIT
    play_stroke_limit: Limit = DEFAULT_PLAY_STROKE_LIMIT
    play_pool: tuple[int, int] = DEFAULT_PLAY_POOL
    result_grace_s: float = DEFAULT_RESULT_GRACE_S

    @property
    def is_postgres(self) -> bool:
        """The database is PostgreSQL."""
        return self.database_url.startswith("postgresql")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment (``ROTATION61_*`` variables).

        Raises:
            ValueError: an upload limit that is not a positive number of bytes, a
                lockout or rate limit that is not ``COUNT/SECONDS``, an age that is not
                a positive number of hours, a grace that is not 0 to 86400 seconds.
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
            client_limit=parse_limit(
                source.get(CLIENT_LIMIT_ENV) or str(DEFAULT_CLIENT_LIMIT), name=CLIENT_LIMIT_ENV
            ),
            pin_limit=parse_limit(
                source.get(PIN_LIMIT_ENV) or str(DEFAULT_PIN_LIMIT), name=PIN_LIMIT_ENV
            ),
            target_limit=parse_limit(
                source.get(TARGET_LIMIT_ENV) or str(DEFAULT_TARGET_LIMIT), name=TARGET_LIMIT_ENV
            ),
            connections=ConnectionLimits.from_env(source),
            game_idle_hours=_hours(source, GAME_IDLE_HOURS_ENV, DEFAULT_GAME_IDLE_HOURS),
            game_keep_hours=_hours(source, GAME_KEEP_HOURS_ENV, DEFAULT_GAME_KEEP_HOURS),
            play_create_limit=_limit(source, PLAY_CREATE_LIMIT_ENV, DEFAULT_PLAY_CREATE_LIMIT),
            play_stroke_limit=_limit(source, PLAY_STROKE_LIMIT_ENV, DEFAULT_PLAY_STROKE_LIMIT),
            play_pool=parse_pool(source.get(PLAY_POOL_ENV) or "{}/{}".format(*DEFAULT_PLAY_POOL)),
            result_grace_s=parse_seconds(
                source.get(RESULT_GRACE_ENV) or str(DEFAULT_RESULT_GRACE_S), name=RESULT_GRACE_ENV
            ),
        )
