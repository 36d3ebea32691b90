"""``rotation61 tournament``: create, draw, play, show, export and simulate events.

Sub-commands:

- ``create --players FILE.csv --format F [--seed S] -o EVENT.json``: a new event
  (CSV columns ``name, club, rating, class`` under a header line);
- ``draw EVENT [--seed S] [--order ID,...]``: make the draw (the seed is printed);
- ``result EVENT MATCH RACKS_A RACKS_B [--points A B] [--record LINK]``: a result or a
  correction; ``walkover EVENT MATCH WINNER``; ``withdraw EVENT PLAYER``;
- ``call EVENT``: call the ready matches to the free tables (the queue);
- ``show EVENT``: matches by stage and round, then the standings;
- ``export EVENT [--json OUT] [--csv OUT]`` and ``import FILE -o EVENT.json``;
- ``simulate --format F --players N --seed S [--json]``: play a whole event.

``--format`` is ``single``, ``double``, ``round-robin``, ``swiss`` or ``groups`` (groups
then knockout: ``--groups G`` or ``--group-size N``, ``--advance M``, ``--knockout
single|double``).

The event file is the JSON of ``schemas/tournament.schema.json``; commands that move
the event on write it back in place. Files are read as UTF-8 (a byte-order mark
allowed) or UTF-16 with a byte-order mark (:func:`rotation61.tournament.decode_text`).
A refusal is one line on stderr, worded in ``--lang vi|en`` (Vietnamese by default),
exit code 1, nothing written.
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from rotation61.ratings import rack_probability
from rotation61.text import Domain, Language, describe_tournament_error, gettext
from rotation61.tournament import (
    Config,
    Entry,
    ErrorCode,
    EventState,
    Format,
    InvalidEventError,
    Line,
    Match,
    PlayersCsvError,
    Races,
    Result,
    SeedingMethod,
    Stage,
    Status,
    TieBreak,
    TournamentError,
    Walkover,
    Withdrawal,
    check_settings_used,
    decode_text,
    draw,
    from_json,
    new_event,
    next_calls,
    play,
    read_players_csv,
    standings_csv,
    to_json,
)
from rotation61.tournament.model import setting_member
from rotation61.tournament.queue import priority

__all__ = ["add_arguments", "read_players", "refusal_line", "run", "simulate"]

_FORMATS: Final = {
    "single": Format.SINGLE,
    "double": Format.DOUBLE,
    "round-robin": Format.ROUND_ROBIN,
    "swiss": Format.SWISS,
    "groups": Format.GROUPS,
}
_RACK_POINTS: Final = 120
_WIN_POINTS: Final = 61


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the sub-commands of ``rotation61 tournament`` to a parser."""
    commands = parser.add_subparsers(dest="tournament_command", required=True, metavar="SUBCOMMAND")
    language = argparse.ArgumentParser(add_help=False)
    language.add_argument(
        "--lang",
        choices=[lang.value for lang in Language],
        default=Language.VI.value,
        help="language of the refusals: vi or en (default: vi)",
    )
    with_lang = _WithLanguage(commands, language)
    create = with_lang.add_parser("create", help="a new event from a CSV of players")
    create.add_argument("--players", type=Path, required=True, metavar="FILE.csv")
    _add_settings(create)
    create.add_argument("--name", default="Tournament")
    create.add_argument("-o", "--output", type=Path, required=True, metavar="EVENT.json")

    drawing = with_lang.add_parser("draw", help="make the draw")
    drawing.add_argument("event", type=Path, metavar="EVENT.json")
    drawing.add_argument("--seed", type=int, help="the draw seed (default: the event's)")
    drawing.add_argument("--order", help="hand seeding: player ids, seed 1 first, by commas")

    result = with_lang.add_parser("result", help="enter (or correct) a match result")
    result.add_argument("event", type=Path, metavar="EVENT.json")
    result.add_argument("match", metavar="MATCH_ID")
    result.add_argument("racks_a", type=int, metavar="RACKS_A")
    result.add_argument("racks_b", type=int, metavar="RACKS_B")
    result.add_argument("--points", type=int, nargs=2, default=(0, 0), metavar=("A", "B"))
    result.add_argument("--record", default="", help="a link to the match record")

    walkover = with_lang.add_parser("walkover", help="a no-show or forfeit: WINNER goes through")
    walkover.add_argument("event", type=Path, metavar="EVENT.json")
    walkover.add_argument("match", metavar="MATCH_ID")
    walkover.add_argument("winner", metavar="PLAYER_ID")

    withdraw = with_lang.add_parser("withdraw", help="a player leaves the event")
    withdraw.add_argument("event", type=Path, metavar="EVENT.json")
    withdraw.add_argument("player", metavar="PLAYER_ID")

    call = with_lang.add_parser("call", help="call ready matches to the free tables")
    call.add_argument("event", type=Path, metavar="EVENT.json")
    call.add_argument("--tables", help="table names by commas (default: the event's)")

    show = with_lang.add_parser("show", help="print the matches and the standings")
    show.add_argument("event", type=Path, metavar="EVENT.json")

    export = with_lang.add_parser("export", help="write the event as JSON and/or standings CSV")
    export.add_argument("event", type=Path, metavar="EVENT.json")
    export.add_argument("--json", type=Path, metavar="OUT.json")
    export.add_argument("--csv", type=Path, metavar="OUT.csv")

    imported = with_lang.add_parser("import", help="read an event file, replay and store it")
    imported.add_argument("file", type=Path, metavar="FILE.json")
    imported.add_argument("-o", "--output", type=Path, required=True, metavar="EVENT.json")

    sim = with_lang.add_parser("simulate", help="play a whole event with random racks")
    _add_settings(sim)
    sim.add_argument("--players", type=int, required=True, metavar="N")
    sim.add_argument(
        "--players-file",
        type=Path,
        metavar="FILE.csv",
        help="ratings set the odds; its first N players play (it must hold N or more)",
    )
    sim.add_argument("--json", action="store_true", help="print the event as JSON")


def _add_settings(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=sorted(_FORMATS), required=True)
    parser.add_argument(
        "--seeding", choices=[m.value for m in SeedingMethod], default=SeedingMethod.RATING.value
    )
    parser.add_argument("--seed", type=int, default=0, help="the draw seed, shown before the draw")
    parser.add_argument("--race", type=int, default=7, help="the default race (7)")
    parser.add_argument(
        "--race-stage",
        action="append",
        default=[],
        metavar="STAGE=N",
        help=f"the race of a stage ({', '.join(s.value for s in Stage)}); repeatable",
    )
    parser.add_argument("--race-final", type=int, default=0, help="the race of the final")
    parser.add_argument("--no-reset", action="store_true", help="double: no grand-final reset")
    parser.add_argument(
        "--single-from",
        type=int,
        default=0,
        metavar="K",
        help="double: single elimination once K players are left (a power of two)",
    )
    parser.add_argument(
        "--tie-breaks",
        default="",
        metavar="A,B,...",
        help=f"standings criteria in order ({', '.join(t.value for t in TieBreak)})",
    )
    parser.add_argument(
        "--group-size", type=int, default=0, help="round robin, groups: largest group"
    )
    parser.add_argument(
        "--groups",
        type=int,
        default=0,
        metavar="G",
        help="round robin, groups: the number of groups (instead of --group-size)",
    )
    parser.add_argument(
        "--advance",
        type=int,
        default=2,
        metavar="M",
        help="groups: the top M of each group go into the knockout (2)",
    )
    parser.add_argument(
        "--knockout",
        choices=[Format.SINGLE.value, Format.DOUBLE.value],
        default=Format.SINGLE.value,
        help="groups: the knockout's format (single)",
    )
    parser.add_argument("--rounds", type=int, default=0, help="Swiss: rounds (default log2 N)")
    parser.add_argument("--tables", default="", help="table names by commas")
    parser.add_argument("--tv", default="", help="TV table names by commas")


class _WithLanguage:
    """The sub-command parsers, each with the ``--lang`` option."""

    def __init__(
        self,
        commands: argparse._SubParsersAction[argparse.ArgumentParser],
        language: argparse.ArgumentParser,
    ) -> None:
        self._commands = commands
        self._language = language

    def add_parser(self, name: str, *, help: str) -> argparse.ArgumentParser:
        return self._commands.add_parser(name, help=help, parents=[self._language])


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(t.strip() for t in (text or "").split(",") if t.strip())


def _config(args: argparse.Namespace) -> Config:
    by_stage: list[tuple[Stage, int]] = []
    for item in args.race_stage:
        stage, _, race = item.partition("=")
        try:
            by_stage.append((Stage(stage.strip()), int(race)))
        except ValueError as err:
            raise InvalidEventError(
                f"--race-stage {item!r} is not STAGE=N",
                ErrorCode.UNKNOWN_SETTING_VALUE,
                setting="races",
                value=item,
                known=", ".join(f"{s.value}=N" for s in Stage),
            ) from err
    tie_breaks = tuple(setting_member(TieBreak, t, "tie_breaks") for t in _split(args.tie_breaks))
    config = Config(
        format=_FORMATS[args.format],
        tie_breaks=tie_breaks or Config(format=Format.SINGLE).tie_breaks,
        seeding=SeedingMethod(args.seeding),
        draw_seed=args.seed,
        races=Races(default=args.race, by_stage=tuple(by_stage), final=args.race_final),
        grand_final_reset=not args.no_reset,
        single_from=args.single_from,
        group_size=args.group_size,
        group_count=args.groups,
        advance=args.advance,
        knockout=Format(args.knockout),
        swiss_rounds=args.rounds,
        tables=_split(args.tables),
        tv_tables=_split(args.tv),
    )
    check_settings_used(config)
    return config


def read_players(text: str, source: str = "players") -> list[Entry]:
    """The entries of a players CSV (header ``name,club,rating,class``; ids p1, p2, ...).

    Raises:
        PlayersCsvError: a malformed line (the message names the file, the line and
            the column; its parameters name the file too).
    """
    try:
        return read_players_csv(text)
    except PlayersCsvError as err:
        params = {k: v for k, v in err.params.items() if k not in ("line", "column")}
        refusal = PlayersCsvError(
            f"{source} {err}", err.code, line=err.line, column=err.column, **params, file=source
        )
        raise refusal from err.__cause__


def _read(path: Path) -> str:
    """A file's text (UTF-8, or UTF-16 with a byte-order mark)."""
    return decode_text(path.read_bytes(), source=str(path))


def _load(path: Path) -> EventState:
    return from_json(_read(path))


def _save(state: EventState, path: Path) -> None:
    path.write_text(to_json(state), encoding="utf-8")


def refusal_line(err: TournamentError, lang: Language) -> str:
    """The one line a refusal prints: the file (when one is named), then the words."""
    words = describe_tournament_error(err, lang)
    source = err.params.get("file")
    if source and err.code not in (ErrorCode.FILE_ENCODING, ErrorCode.FEWER_PLAYERS):
        words = f"{source}: {words}"
    return gettext(lang, Domain.TOURNAMENT, "tournament.cli.error", detail=words)


def run(args: argparse.Namespace) -> int:
    """Run a ``rotation61 tournament`` sub-command; returns the exit code.

    A refusal of the engine prints one line in the chosen language and returns 1.
    """
    try:
        return _run(args)
    except TournamentError as err:
        print(refusal_line(err, Language(args.lang)), file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    command: str = args.tournament_command
    if command == "create":
        text = _read(args.players)
        state = new_event(args.name, read_players(text, str(args.players)), _config(args))
        _save(state, args.output)
        print(f"{len(state.event.entries)} players; draw seed {state.event.config.draw_seed}")
        return 0
    if command == "simulate":
        return _simulate(args)
    if command == "import":
        state = _load(args.file)
        _save(state, args.output)
        print(f"{state.event.name}: {len(state.event.inputs)} inputs replayed")
        return 0
    state = _load(args.event)
    if command == "show":
        print(render(state))
        return 0
    if command == "export":
        if args.json is not None:
            args.json.write_text(to_json(state), encoding="utf-8")
        if args.csv is not None:
            args.csv.write_text(standings_csv(state), encoding="utf-8")
        if args.json is None and args.csv is None:
            print(to_json(state), end="")
        return 0
    state = _move(state, args)
    _save(state, args.event)
    return 0


def _move(state: EventState, args: argparse.Namespace) -> EventState:
    command: str = args.tournament_command
    if command == "draw":
        seed = state.event.config.draw_seed if args.seed is None else args.seed
        print(f"draw seed {seed}")
        state = draw(state, seed=seed, hand=_split(args.order))
        names = _names(state)
        for i, player in enumerate(state.order, start=1):
            print(f"{i:>3}. {names[player]}")
        return state
    if command == "result":
        item = Result(
            match=args.match,
            racks=(args.racks_a, args.racks_b),
            points=tuple(args.points),
            record=args.record,
        )
        state = play(state, item)
        print(_match_line(state.match(args.match), _names(state)))
        return state
    if command == "walkover":
        return play(state, Walkover(match=args.match, winner=args.winner))
    if command == "withdraw":
        return play(state, Withdrawal(player=args.player))
    calls = next_calls(state, _split(args.tables))
    names = _names(state)
    for call in calls:
        state = play(state, call)
        print(f"table {call.table}: {_match_line(state.match(call.match), names)}")
    if not calls:
        print("no match to call")
    return state


def _names(state: EventState) -> dict[str | None, str]:
    names: dict[str | None, str] = {e.id: e.name for e in state.event.entries}
    names[""] = "(bye)"
    names[None] = "…"
    return names


def _match_line(match: Match, names: dict[str | None, str]) -> str:
    a, b = (names[p] for p in match.players)
    score = ""
    if match.status is Status.DONE:
        score = f" {match.racks[0]}-{match.racks[1]}"
    elif match.status is Status.WALKOVER:
        score = f" w/o ({match.walkover})"
    table = f" @{match.table}" if match.table else ""
    winner = f" → {names[match.winner]}" if match.winner else ""
    return f"{match.id:<9} {a} v {b} [race {match.race}] {match.status}{score}{table}{winner}"


def render(state: EventState) -> str:
    """The event as text: the matches by stage and round, then the standings."""
    event = state.event
    lines = [f"{event.name} · {event.config.format} · {len(event.entries)} players"]
    if not state.drawn:
        lines.append(f"not drawn yet (draw seed {event.config.draw_seed})")
        return "\n".join(lines)
    names = _names(state)
    heading = None
    for match in state.matches:
        if match.status is Status.BYE and not match.winner:
            continue
        key = (match.stage, match.group, match.round)
        if key != heading:
            heading = key
            group = f" group {match.group}" if match.group else ""
            lines.append(f"-- {match.stage}{group} round {match.round}")
        lines.append("   " + _match_line(match, names))
    order = ", ".join(t.value for t in event.config.tie_breaks)
    lines.append(f"-- standings (by {order}, then seed)")
    lines.append("   #  player                    W  L  racks  points")
    for line in state.standings():
        lines.append("   " + _standing_line(line, names))
    champion = state.champion
    if champion:
        lines.append(f"champion: {names[champion]}")
    return "\n".join(lines)


def _standing_line(line: Line, names: dict[str | None, str]) -> str:
    mark = " (out)" if line.out else ""
    return (
        f"{line.place:>2}  {names[line.player][:24]:<24} {line.won:>2} {line.lost:>2} "
        f"{line.rack_difference:>+6} {line.point_difference:>+7}{mark}"
    )


def simulate(state: EventState, rng: random.Random) -> EventState:
    """Play every match of a drawn event with random racks (odds from the ratings).

    Matches are played in queue order (the ready match of the lowest
    :func:`~rotation61.tournament.queue.priority` first); each rack goes to a player with
    the chance :func:`~rotation61.ratings.rack_probability` gives (even without ratings);
    the rack winner scores 61 to 120 points of the 120, the loser the rest. The ready
    matches are kept in a heap, offered when the matches feeding them are decided (or a
    new Swiss round or knockout appears), so an event of M matches takes about M plays
    and M log M steps, not M² scans.
    """
    ratings = {e.id: e.rating for e in state.event.entries}
    ready: list[tuple[tuple[int, int, int, int], int, str]] = []
    offered: set[str] = set()

    def offer(match_ids: Iterable[str]) -> None:
        stack = list(match_ids)
        while stack:
            match = state.match(stack.pop())
            if match.status is Status.READY and match.id not in offered:
                offered.add(match.id)
                heapq.heappush(ready, (priority(match), len(offered), match.id))
            elif match.decided and match.status is not Status.DONE:
                stack.extend(state.fed_by(match.id))  # a bye or void passes its players on

    known = 0
    while True:
        if len(state.matches) != known:  # the draw, a new Swiss round, the knockout
            offer(m.id for m in state.matches[known:])
            known = len(state.matches)
        if not ready:
            break
        match = state.match(heapq.heappop(ready)[2])
        a, b = (p or "" for p in match.players)
        p = rack_probability(ratings.get(a) or 500, ratings.get(b) or 500)
        state = play(state, _random_result(match, p, rng))
        offer(state.fed_by(match.id))
    return state


def _random_result(match: Match, p: float, rng: random.Random) -> Result:
    racks = [0, 0]
    points = [0, 0]
    while max(racks) < match.race:
        side = 0 if rng.random() < p else 1
        won = rng.randint(_WIN_POINTS, _RACK_POINTS)
        racks[side] += 1
        points[side] += won
        points[1 - side] += _RACK_POINTS - won
    return Result(match=match.id, racks=(racks[0], racks[1]), points=(points[0], points[1]))


def _simulate(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    if args.players_file is not None:
        entries = read_players(_read(args.players_file), str(args.players_file))
        if len(entries) < args.players:
            raise InvalidEventError(
                f"{args.players_file} has {len(entries)} players, fewer than {args.players}",
                ErrorCode.FEWER_PLAYERS,
                file=str(args.players_file),
                found=len(entries),
                wanted=args.players,
            )
    else:
        entries = [
            Entry(id=f"p{i}", name=f"Player {i}", rating=rng.randint(300, 800))
            for i in range(1, args.players + 1)
        ]
    state = new_event(f"Simulated {args.format}", entries[: args.players], _config(args))
    state = simulate(draw(state, seed=args.seed), rng)
    print(to_json(state), end="") if args.json else print(render(state))
    return 0
