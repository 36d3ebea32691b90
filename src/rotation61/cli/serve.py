"""``rotation61 serve``: the scorekeeper web app on this machine.

Starts on 127.0.0.1 with an SQLite database in the user's data directory, created and
migrated on first run; ``--database-url`` (or ``ROTATION61_DATABASE_URL``) points it at
PostgreSQL, where ``--workers N`` runs several processes. Prints the URL, and on first
run the organiser's login. Needs the ``[web]`` extra.

At a venue: ``--host 0.0.0.0`` listens on every network and prints the addresses a
tablet on the hall's network can use; ``--certfile``/``--keyfile`` serve HTTPS (the
cookies are then ``Secure``); behind a reverse proxy, ``--forwarded-allow-ips`` names
the proxies whose ``X-Forwarded-*`` headers are trusted (none unless given: docs/web.md,
"At a venue").

Against slow or greedy clients on the hall's Wi-Fi the server times out slow requests,
caps the connections and live-update streams of each client address (and in all), and
raises its descriptor limit to the hard limit at start
(:mod:`rotation61.web.api.connections`).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import ipaddress
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["add_arguments", "lan_addresses", "main", "raise_descriptor_limit", "run", "urls"]

_ANY: frozenset[str] = frozenset({"0.0.0.0", "", "::", "*"})  # names, not binds


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices can reach (no loopback).

    The address of the route to the outside (a UDP socket "connected" to a
    documentation address: no packet is sent), then those of the host name.
    """
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(sockaddr[0]))
    usable = []
    for text in found:
        address = ipaddress.IPv4Address(text)
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            usable.append(text)
    return list(dict.fromkeys(usable))


def urls(host: str, port: int, *, https: bool) -> tuple[list[str], list[str]]:
    """The addresses to open: on this machine, and from other devices on the network."""
    scheme = "https" if https else "http"
    if host in _ANY:
        return [f"{scheme}://127.0.0.1:{port}/"], [
            f"{scheme}://{ip}:{port}/" for ip in lan_addresses()
        ]
    shown = f"[{host}]" if ":" in host else host
    local = host in ("127.0.0.1", "localhost", "::1")
    here = [f"{scheme}://{shown}:{port}/"]
    return (here, []) if local else ([], here)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"port {value} is outside 1..65535")
    return value


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"{value} workers is outside 1..64")
    return value


def _upload_limit(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of bytes")
    return int(text)


def _positive(unit: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number {unit}") from None
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"{value:g} is not a positive number {unit}")
        return value

    return parse


def _count(least: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= {least}")
        return int(text)

    return parse


def raise_descriptor_limit() -> int:
    """Raise this process's limit of open files to its hard limit (workers inherit it).

    Returns:
        The limit now in force (unchanged if the system refuses).
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return int(soft)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return int(resource.getrlimit(resource.RLIMIT_NOFILE)[0])


def _lockout(name: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        from rotation61.web.core.settings import parse_limit

        try:
            return str(parse_limit(text, name=name))
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return parse


_LOCKOUT_OPTIONS: tuple[tuple[str, str, str, str], ...] = (
    (
        "--client-limit",
        "ROTATION61_CLIENT_LIMIT",
        "30/900",
        "wrong passwords and PINs one client address (or known device) may enter in a window",
    ),
    (
        "--pin-limit",
        "ROTATION61_PIN_LIMIT",
        "10/600",
        "wrong PINs one client address (or known device) may enter for one match or table",
    ),
    (
        "--target-limit",
        "ROTATION61_TARGET_LIMIT",
        "100/3600",
        "wrong PINs (or passwords) for one match, table or the organisers' login from "
        "every device that has not opened it before",
    ),
)

_CONNECTION_OPTIONS: tuple[tuple[str, Callable[[str], object], str, str, str, str], ...] = (
    (
        "--header-timeout",
        _positive("of seconds"),
        "SECONDS",
        "ROTATION61_HEADER_TIMEOUT",
        "10",
        "close a connection whose request headers take longer",
    ),
    (
        "--body-timeout",
        _positive("of seconds"),
        "SECONDS",
        "ROTATION61_BODY_TIMEOUT",
        "30",
        "close a connection whose request body takes longer after its headers",
    ),
    (
        "--client-connections",
        _count(1),
        "N",
        "ROTATION61_CLIENT_CONNECTIONS",
        "64",
        "open connections of one client address per worker",
    ),
    (
        "--client-connects",
        _positive("per second"),
        "PER_SECOND",
        "ROTATION61_CLIENT_CONNECTS",
        "20",
        "new connections one client address may open a second, after a burst of "
        "--client-connections",
    ),
    (
        "--max-connections",
        _count(0),
        "N",
        "ROTATION61_MAX_CONNECTIONS",
        "the descriptor limit less 256, at most 16384",
        "open connections per worker",
    ),
    (
        "--client-streams",
        _count(1),
        "N",
        "ROTATION61_CLIENT_STREAMS",
        "16",
        "live-update streams of one client address per worker; more are refused (429)",
    ),
)


def _hours(name: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        from rotation61.web.core.settings import parse_hours

        try:
            return f"{parse_hours(text, name=name):g}"
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return parse


def _pool(text: str) -> str:
    from rotation61.web.core.settings import parse_pool

    try:
        return "{}/{}".format(*parse_pool(text, name="--play-pool"))
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``rotation61 serve`` to a parser.

    Args:
        parser: the ``serve`` sub-command's parser.
    """
    parser.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8061, help="port (default: 8061)")
    parser.add_argument(
        "--database-url",
        metavar="URL",
        default=None,
        help="SQLAlchemy URL, e.g. postgresql://user@127.0.0.1/db (default: "
        "$ROTATION61_DATABASE_URL, else SQLite in the user's data directory)",
    )
    parser.add_argument(
        "--workers",
        type=_workers,
        default=1,
        help="worker processes (PostgreSQL only; default: 1)",
    )
    parser.add_argument(
        "--organiser-password",
        metavar="PASSWORD",
        default=None,
        help="set the desk password of the 'admin' organiser "
        "(default: $ROTATION61_ORGANISER_PASSWORD, else random on first run)",
    )
    parser.add_argument(
        "--max-upload-bytes",
        type=_upload_limit,
        default=None,
        metavar="N",
        help="largest request body, e.g. an imported record "
        "(default: $ROTATION61_MAX_UPLOAD_BYTES, else 2097152)",
    )
    for option, env, default, what in _LOCKOUT_OPTIONS:
        parser.add_argument(
            option,
            type=_lockout(option),
            default=None,
            metavar="FAILURES/SECONDS",
            help=f"lockout: {what} (default: ${env}, else {default})",
        )
    for option, kind, metavar, env, default, what in _CONNECTION_OPTIONS:
        parser.add_argument(
            option,
            type=kind,
            default=None,
            metavar=metavar,
            help=f"{what} (default: ${env}, else {default})",
        )
    parser.add_argument(
        "--game-idle-hours",
        type=_hours("--game-idle-hours"),
        default=None,
        metavar="HOURS",
        help="remove a browser game with no input for this long "
        "(default: $ROTATION61_GAME_IDLE_HOURS, else 24)",
    )
    parser.add_argument(
        "--game-keep-hours",
        type=_hours("--game-keep-hours"),
        default=None,
        metavar="HOURS",
        help="remove a finished browser game this long after its last input "
        "(default: $ROTATION61_GAME_KEEP_HOURS, else 168)",
    )
    parser.add_argument(
        "--play-create-limit",
        type=_lockout("--play-create-limit"),
        default=None,
        metavar="REQUESTS/SECONDS",
        help="rate limit: browser games one client address may create in a window "
        "(default: $ROTATION61_PLAY_CREATE_LIMIT, else 20/600)",
    )
    parser.add_argument(
        "--play-stroke-limit",
        type=_lockout("--play-stroke-limit"),
        default=None,
        metavar="REQUESTS/SECONDS",
        help="rate limit: strokes one client address, and one seat token, may play in a "
        "window (default: $ROTATION61_PLAY_STROKE_LIMIT, else 60/60)",
    )
    parser.add_argument(
        "--play-pool",
        type=_pool,
        default=None,
        metavar="PROCESSES/QUEUE",
        help="processes that simulate strokes and think for the computer, per worker, and "
        "the jobs that may wait; more get 503 (default: $ROTATION61_PLAY_POOL, else 1/4)",
    )
    parser.add_argument("--certfile", type=Path, default=None, help="serve HTTPS: certificate")
    parser.add_argument("--keyfile", type=Path, default=None, help="serve HTTPS: private key")
    parser.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        default=None,
        help="reverse proxies trusted for X-Forwarded-For/-Proto, comma-separated, or '*' "
        "(default: none: every client's own address counts)",
    )
    parser.add_argument(
        "--proxy-headers",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="read the client's address and scheme from the headers of the proxies of "
        "--forwarded-allow-ips (default: on when some are given)",
    )
    parser.add_argument(
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help="server log level (default: warning)",
    )


def log_config(level: str) -> dict[str, Any]:
    """Uvicorn's logging, with the app's own loggers (``rotation61.*``) at ``level`` too.

    Refusals (``rotation61.web.refused``: one line each) show from ``info``; the
    connections' warnings and any error from ``warning``, the default.
    """
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["rotation61"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    return config


def run(args: argparse.Namespace) -> int:
    """Migrate the database, then serve until interrupted.

    Returns:
        The exit code: 0; 1 for a database that cannot be used (one line says why and
        what to do); 2 for an impossible combination of options.
    """
    try:
        import uvicorn

        from rotation61.web.adapters.accounts import SqlAccounts
        from rotation61.web.core.database import (
            STORAGE_FAULTS,
            DatabaseStartError,
            database_fault,
            display_url,
            start_database,
        )
        from rotation61.web.core.settings import (
            BODY_TIMEOUT_ENV,
            CLIENT_CONNECTIONS_ENV,
            CLIENT_CONNECTS_ENV,
            CLIENT_LIMIT_ENV,
            CLIENT_STREAMS_ENV,
            DATABASE_URL_ENV,
            GAME_IDLE_HOURS_ENV,
            GAME_KEEP_HOURS_ENV,
            HEADER_TIMEOUT_ENV,
            MAX_CONNECTIONS_ENV,
            MAX_UPLOAD_BYTES_ENV,
            ORGANISER_PASSWORD_ENV,
            PIN_LIMIT_ENV,
            PLAY_CREATE_LIMIT_ENV,
            PLAY_POOL_ENV,
            PLAY_STROKE_LIMIT_ENV,
            RESULT_GRACE_ENV,
            SECURE_COOKIES_ENV,
            TARGET_LIMIT_ENV,
            ConnectionLimits,
            default_database_url,
            normalise_database_url,
            parse_hours,
            parse_limit,
            parse_pool,
            parse_seconds,
        )
    except ImportError as err:
        print(f"rotation61: error: the web app needs the [web] extra ({err.name} is missing)")
        return 2
    url = normalise_database_url(
        args.database_url or os.environ.get(DATABASE_URL_ENV) or default_database_url()
    )
    if not url.startswith("postgresql") and args.workers > 1:
        print("rotation61: error: several workers need PostgreSQL (--database-url)")
        return 2
    checks: dict[str, Callable[..., object]] = {
        CLIENT_LIMIT_ENV: parse_limit,
        PIN_LIMIT_ENV: parse_limit,
        TARGET_LIMIT_ENV: parse_limit,
        PLAY_CREATE_LIMIT_ENV: parse_limit,
        PLAY_STROKE_LIMIT_ENV: parse_limit,
        GAME_IDLE_HOURS_ENV: parse_hours,
        GAME_KEEP_HOURS_ENV: parse_hours,
        PLAY_POOL_ENV: parse_pool,
        RESULT_GRACE_ENV: parse_seconds,
    }
    for env, check in checks.items():
        if os.environ.get(env):
            try:
                check(os.environ[env], name=env)
            except ValueError as err:
                print(f"rotation61: error: {err}")
                return 2
    try:
        ConnectionLimits.from_env(os.environ)
    except ValueError as err:
        print(f"rotation61: error: {err}")
        return 2
    if (args.certfile is None) != (args.keyfile is None):
        print("rotation61: error: HTTPS needs both --certfile and --keyfile")
        return 2
    for path in (args.certfile, args.keyfile):
        if path is not None and not path.is_file():
            print(f"rotation61: error: {path} is not a file")
            return 2
    https = args.certfile is not None
    password = args.organiser_password or os.environ.get(ORGANISER_PASSWORD_ENV)
    try:
        engine = start_database(url, pool_size=2)
    except DatabaseStartError as err:
        print(f"rotation61: error: {err}", flush=True)
        return 1
    try:
        accounts = SqlAccounts(engine)
        accounts.ensure_secret()
        created = accounts.ensure_organiser(password)
        if password and created is None:
            accounts.set_organiser_password("admin", password)
    except STORAGE_FAULTS as err:
        print(f"rotation61: error: {database_fault(err, url)}", flush=True)
        return 1
    finally:
        engine.dispose()
    os.environ[DATABASE_URL_ENV] = url
    os.environ.pop(ORGANISER_PASSWORD_ENV, None)
    if args.max_upload_bytes is not None:
        os.environ[MAX_UPLOAD_BYTES_ENV] = str(args.max_upload_bytes)
    if args.client_limit is not None:
        os.environ[CLIENT_LIMIT_ENV] = args.client_limit
    if args.pin_limit is not None:
        os.environ[PIN_LIMIT_ENV] = args.pin_limit
    if args.target_limit is not None:
        os.environ[TARGET_LIMIT_ENV] = args.target_limit
    for env, value in (
        (GAME_IDLE_HOURS_ENV, args.game_idle_hours),
        (GAME_KEEP_HOURS_ENV, args.game_keep_hours),
        (PLAY_CREATE_LIMIT_ENV, args.play_create_limit),
        (PLAY_STROKE_LIMIT_ENV, args.play_stroke_limit),
        (PLAY_POOL_ENV, args.play_pool),
    ):
        if value is not None:
            os.environ[env] = value
    if https:
        os.environ[SECURE_COOKIES_ENV] = "1"
    for env, value in (
        (HEADER_TIMEOUT_ENV, args.header_timeout),
        (BODY_TIMEOUT_ENV, args.body_timeout),
        (CLIENT_CONNECTIONS_ENV, args.client_connections),
        (CLIENT_CONNECTS_ENV, args.client_connects),
        (MAX_CONNECTIONS_ENV, args.max_connections),
        (CLIENT_STREAMS_ENV, args.client_streams),
    ):
        if value is not None:
            os.environ[env] = str(value)
    raise_descriptor_limit()
    shown = display_url(url)
    here, network = urls(args.host, args.port, https=https)
    print(f"rotation61 scorekeeper  (database: {shown})", flush=True)
    for address in here:
        print(f"  on this machine:   {address}")
    for address in network:
        print(f"  tablets, TV, phones on this network:   {address}")
    if args.host in _ANY and not network:
        print("  no network address found: join the hall's Wi-Fi, or give --host <address>")
    if created is not None and not password:
        print(f"organiser login: admin / {created}  (change it with --organiser-password)")
    print("press Ctrl+C to stop", flush=True)
    uvicorn.run(
        "rotation61.web.app:app_from_env",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level,
        log_config=log_config(args.log_level),
        timeout_graceful_shutdown=3,
        ssl_certfile=str(args.certfile) if https else None,
        ssl_keyfile=str(args.keyfile) if https else None,
        proxy_headers=args.proxy_headers and bool(args.forwarded_allow_ips),
        forwarded_allow_ips=args.forwarded_allow_ips or "",
        http="rotation61.web.api.connections:GuardedHttpProtocol",
    )
    return 0


def main() -> int:
    """``python -m rotation61.cli.serve``: parse the options and serve."""
    parser = argparse.ArgumentParser(prog="rotation61 serve", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
