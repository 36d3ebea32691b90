"""The ``rotation61`` command: argument parsing and the single place errors become exit codes."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Protocol

from rotation61 import __version__
from rotation61.cli import ratings, record, score, tournament
from rotation61.conformance import load_scenarios, run_scenarios
from rotation61.rules import Rotation61Error

__all__ = ["build_parser", "main"]


class _Command(Protocol):
    """A command module: its options, and what it runs."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


_COMMANDS: Final[dict[str, tuple[_Command, str, str]]] = {
    "score": (
        score,
        "score a match at the table, shot by shot (interactive)",
        "Interactive terminal scorekeeper for a real match.",
    ),
    "record": (
        record,
        "show, verify, convert match records and compute statistics",
        "Match records (JSON or text notation): show, verify, convert, stats.",
    ),
    "tournament": (
        tournament,
        "tournaments: create, draw, results, queue, standings, export, simulate",
        "Tournament events (single, double, round robin, Swiss) in a JSON file.",
    ),
    "ratings": (
        ratings,
        "fit and show player ratings from match records",
        "Ratings from every rack of the records (odds double every 100 points).",
    ),
}
"""The commands of the core, always available: (module, help, description)."""

_OPTIONAL_COMMANDS: Final = {
    "serve": ("rotation61.cli.serve", "web", "run the scorekeeper web app (console, scoreboards)"),
    "simulate": (
        "rotation61.cli.simulate",
        "sim",
        "simulate a break or a shot in the physics engine",
    ),
    "ai": (
        "rotation61.cli.ai",
        "ai",
        "computer players: self-play matches, a ladder of levels, shot suggestions",
    ),
}
"""Commands of the optional layers, imported only when invoked: (module, extra, help)."""


class MissingExtraError(Exception):
    """An optional command whose extra is not installed."""


def _add_optional_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, *, load: bool
) -> None:
    module_name, extra, help_text = _OPTIONAL_COMMANDS[name]
    sub = commands.add_parser(name, help=f"{help_text} [{extra}]", description=help_text)
    if not load:
        return
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise MissingExtraError(
            f"'rotation61 {name}' needs the [{extra}] extra: "
            f"pip install 'rotation61[{extra}]' ({err})"
        ) from err
    module.add_arguments(sub)
    sub.set_defaults(handler=module.run)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``rotation61`` command.

    The optional layers' commands (``serve``, ``simulate``) are imported only when
    ``command`` names them, so the other commands start without their packages.

    Raises:
        MissingExtraError: ``command`` is an optional command whose extra is missing.
    """
    parser = argparse.ArgumentParser(
        prog="rotation61",
        description="Referee and scorekeeper for 15-ball rotation pool (61).",
    )
    parser.add_argument("--version", action="version", version=f"rotation61 {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    conf = commands.add_parser(
        "conformance",
        help="run adjudication scenarios (JSON Lines) through the engine",
        description="Run every scenario of FILE; one line per scenario, then 'N passed, M failed'.",
    )
    conf.add_argument("file", type=Path, metavar="FILE.jsonl")
    conf.add_argument("--json", type=Path, metavar="REPORT", help="also write a JSON report")
    conf.set_defaults(handler=_conformance)

    for name, (module, help_text, description) in _COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=description)
        module.add_arguments(sub)
        sub.set_defaults(handler=module.run)

    for name in _OPTIONAL_COMMANDS:
        _add_optional_command(commands, name, load=name == command)
    return parser


def _conformance(args: argparse.Namespace) -> int:
    path: Path = args.file
    with path.open(encoding="utf-8") as handle:
        scenarios = load_scenarios(handle)
    reports = run_scenarios(scenarios)
    for report in reports:
        print(report.line())
    passed = sum(r.passed for r in reports)
    failed = len(reports) - passed
    print(f"{passed} passed, {failed} failed")
    if args.json is not None:
        document = {
            "file": str(path),
            "passed": passed,
            "failed": failed,
            "scenarios": [r.to_dict() for r in reports],
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0 if failed == 0 and reports else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; errors print one line and exit 1 (2 for usage errors)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in arguments if not a.startswith("-")), None)
    try:
        parser = build_parser(command)
    except (MissingExtraError, Rotation61Error) as err:  # a missing extra, a bad setting
        print(f"rotation61: error: {err}", file=sys.stderr)
        return 1
    args = parser.parse_args(arguments)
    try:
        code: int = args.handler(args)
    except (Rotation61Error, OSError) as err:
        print(f"rotation61: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
