"""``rotation61 serve``: the scorekeeper web app on this machine.

Starts on 127.0.0.1 with an SQLite database in the user's data directory, created and
migrated on first run; ``--database-url`` (or ``ROTATION61_DATABASE_URL``) points it at
PostgreSQL, where ``--workers N`` runs several processes. Prints the URL, and on first
run the organiser's login. Needs the ``[web]`` extra.
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["add_arguments", "main", "run"]


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
        "--log-level",
        default="warning",
        choices=["critical", "error", "warning", "info", "debug"],
        help="server log level (default: warning)",
    )


def run(args: argparse.Namespace) -> int:
    """Migrate the database, then serve until interrupted.

    Returns:
        The exit code: 0, or 2 for an impossible combination of options.
    """
    try:
        import uvicorn

        from rotation61.web.adapters.accounts import SqlAccounts
        from rotation61.web.core.database import create_db_engine, migrate
        from rotation61.web.core.settings import (
            DATABASE_URL_ENV,
            ORGANISER_PASSWORD_ENV,
            default_database_url,
            normalise_database_url,
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
    password = args.organiser_password or os.environ.get(ORGANISER_PASSWORD_ENV)
    engine = create_db_engine(url, pool_size=2)
    migrate(engine)
    accounts = SqlAccounts(engine)
    accounts.ensure_secret()
    created = accounts.ensure_organiser(password)
    if password and created is None:
        accounts.set_organiser_password("admin", password)
    engine.dispose()
    os.environ[DATABASE_URL_ENV] = url
    os.environ.pop(ORGANISER_PASSWORD_ENV, None)
    shown = url.split("@")[-1] if "@" in url else url
    print(
        f"rotation61 scorekeeper: http://{args.host}:{args.port}/  (database: {shown})", flush=True
    )
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
        timeout_graceful_shutdown=3,
    )
    return 0


def main() -> int:
    """``python -m rotation61.cli.serve``: parse the options and serve."""
    parser = argparse.ArgumentParser(prog="rotation61 serve", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
