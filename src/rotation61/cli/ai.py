"""``rotation61 ai``: computer players: self-play matches, a ladder of levels, a suggestion.

- ``ai match --a LEVEL --b LEVEL --racks N``: N racks between two levels (they take
  turns to break), with points per inning, run-outs, foul rate, pot success and think
  times per side; ``--records DIR`` saves every rack as a match record (each verified
  against the referee first); ``--json`` prints the figures for machines.
- ``ai ladder --levels 1,4,7,10 --racks N``: every pairing of the levels (or, with
  ``--pairs neighbours``, each level and the next, and the first and the last), N racks
  each, and a logistic rating per level fitted to all the rack results, with its
  standard error; each series' result goes to stderr as soon as it is played;
  ``--plot FILE.png [--lang vi]`` draws the ratings with their 95% intervals.
- ``ai train --seed S --episodes N --out FILE``: trains the learning agent
  (:mod:`rotation61.ai.learn`) and writes its file; a player of ``ai match`` and
  ``ai ladder`` is a level or such a file (``--a agent.json``, ``--levels 1,agent.json``).
- ``ai suggest --record FILE [--at N] --level L``: the best shot and its alternatives
  for the position before shot entry N of a record (positions included); ``--plot``
  draws it.

Self-play runs on all cores by default (``--workers K``), or as Ray tasks on a cluster
with ``--ray ADDRESS`` (``auto``, ``HOST:PORT``, ``local``; the ``[ray]`` extra); the
results do not depend on the number of workers or on where they run. The executor is
chosen in :func:`executor_from`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from rotation61.ai import GameConfig, GameState, PhaseKind, phase_of
from rotation61.ai.decide import choose
from rotation61.ai.learn import format_agent, parse_agent, train
from rotation61.ai.levels import LEVELS, UnknownLevelError, get_level
from rotation61.ai.selfplay import (
    Executor,
    Pairings,
    RackOutcome,
    Summary,
    iter_outcomes,
    jobs_for,
    pairings,
    process_executor,
    summarize,
)
from rotation61.cli.progress import Progress
from rotation61.cli.record import load_records
from rotation61.records import (
    MatchLog,
    ShotInput,
    from_json,
    replay_inputs,
    verify,
)
from rotation61.records.errors import InvalidRecordError
from rotation61.rules import CUE_BALL
from rotation61.text import Domain, Language, gettext

__all__ = [
    "AGENT_PREFIX",
    "add_arguments",
    "add_executor_arguments",
    "executor_from",
    "player_label",
    "run",
]

AGENT_PREFIX: Final = "agent:"
"""How a learned agent's name starts in the figures and records (a level's is its name)."""


def player_label(player: str, language: Language | str = Language.EN) -> str:
    """A player's name in words: ``level 3``, ``learned agent x`` (in ``language``)."""
    if player.startswith(AGENT_PREFIX):
        return gettext(language, Domain.AI, "ai.plot.agent", name=player[len(AGENT_PREFIX) :])
    return gettext(language, Domain.AI, "ai.plot.level", name=player)


def add_executor_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose where self-play runs (``--workers``, ``--ray``)."""
    parser.add_argument(
        "--workers", type=int, default=None, metavar="K", help="processes (default: all cores)"
    )
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the racks as tasks on the Ray cluster at ADDRESS (auto, HOST:PORT, "
        "local) instead of local processes [ray]",
    )


def executor_from(args: argparse.Namespace) -> Executor:
    """The executor the options ask for: ``K`` local processes (all cores by default).

    Another executor (a Ray cluster) plugs in here: any callable
    ``executor(play_racks, jobs)`` that returns the outcomes in job order.

    With ``--ray ADDRESS``, the racks run as Ray tasks on that cluster
    (:func:`rotation61.ai.distributed.ray_executor`), with the same results.

    Raises:
        InvalidRecordError: ``--workers`` is below 1, or given with ``--ray``.
        RayUnavailableError: ``--ray`` without Ray installed, or an empty address.
    """
    workers = args.workers
    if workers is not None and workers < 1:
        raise InvalidRecordError(f"--workers {workers!r} must be at least 1")
    if args.ray is not None:
        if workers is not None:
            raise InvalidRecordError(
                "--ray and --workers exclude each other (the cluster's CPUs run the racks)"
            )
        from rotation61.ai.distributed import ray_executor

        return ray_executor(args.ray)
    return process_executor(workers)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``ai`` sub-commands (``match``, ``ladder``, ``suggest``) to a parser."""
    commands = parser.add_subparsers(dest="ai_command", required=True, metavar="KIND")
    names = ", ".join(LEVELS)
    match = commands.add_parser("match", help="self-play racks between two levels")
    match.add_argument(
        "--a", required=True, metavar="PLAYER", help=f"a level ({names}) or an agent file"
    )
    match.add_argument("--b", required=True, metavar="PLAYER", help="the other player")
    ladder = commands.add_parser("ladder", help="every pairing of levels, and ratings")
    ladder.add_argument(
        "--levels",
        required=True,
        metavar="L1,L2,...",
        help="levels (or agent files, *.json), comma-separated",
    )
    ladder.add_argument(
        "--pairs",
        choices=[p.value for p in Pairings],
        default=Pairings.ALL.value,
        help="all: every pairing (default); neighbours: each level and the next, and the "
        "first and the last",
    )
    ladder.add_argument(
        "--plot", type=Path, metavar="FILE.png", help="draw the ratings and their intervals"
    )
    ladder.add_argument("--lang", choices=[x.value for x in Language], default="en")
    for sub in (match, ladder):
        sub.add_argument("--racks", type=int, required=True, metavar="N", help="racks per pairing")
        sub.add_argument("--seed", type=int, default=0, help="random seed (0)")
        sub.add_argument("--rules", default="standard", help="rule set preset (standard)")
        sub.add_argument("--records", type=Path, metavar="DIR", help="save every rack's record")
        sub.add_argument("--json", action="store_true", help="print the figures as JSON")
        add_executor_arguments(sub)
    learn = commands.add_parser("train", help="train the learning agent and write its file")
    learn.add_argument("--seed", type=int, default=0, help="random seed (0)")
    learn.add_argument(
        "--episodes", type=int, default=4096, metavar="N", help="practice innings (4096)"
    )
    learn.add_argument("--out", type=Path, required=True, metavar="FILE.json")
    learn.add_argument(
        "--noise-level", default="10", metavar="LEVEL", help="whose execution noise (10)"
    )
    suggest = commands.add_parser("suggest", help="the best shot for a position of a record")
    suggest.add_argument("--record", type=Path, required=True, metavar="FILE")
    suggest.add_argument("--at", type=int, metavar="N", help="shot entry N (default: the last)")
    suggest.add_argument("--level", default="olympiad", metavar="LEVEL")
    suggest.add_argument("--lang", choices=[x.value for x in Language], default="en")
    suggest.add_argument("--plot", type=Path, metavar="FILE.png", help="draw the best shot")
    parser.set_defaults(handler=run)


def _positive(value: int, what: str) -> None:
    if value < 1:
        raise InvalidRecordError(f"{what} {value!r} must be at least 1")


def _save(outcomes: Sequence[RackOutcome], folder: Path, prefix: str) -> int:
    """Verify and write every record; the number written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for outcome in outcomes:
        text = outcome.record
        if text is None:
            continue
        found = verify(from_json(text))
        if found:
            raise InvalidRecordError(
                f"rack {outcome.job.index}: the record does not verify: {found[0]}"
            )
        name = f"{prefix}-rack{outcome.job.index:05d}.json"
        (folder / name).write_text(text + "\n", encoding="utf-8")
        written += 1
    return written


def _side_line(label: str, side: dict[str, float | int]) -> str:
    return (
        f"  {label:<10} pots {side['pots_made']}/{side['pot_attempts']} "
        f"({100 * float(side['pot_success']):.1f}%), "
        f"{float(side['points_per_inning']):.2f} points/inning, "
        f"{side['runouts']} run-outs ({side['break_and_runs']} from "
        f"{side['breaks']} breaks), high run {side['high_run']}, fouls {side['fouls']} "
        f"({100 * float(side['foul_rate']):.1f}% of strokes), "
        f"think median {float(side['think_ms_median']):.0f} ms, "
        f"p95 {float(side['think_ms_p95']):.0f} ms"
    )


def _print_summary(summary: Summary) -> None:
    print(
        f"{_label(summary.a)} vs {_label(summary.b)}: {summary.racks} racks, "
        f"{summary.racks_won_a}-{summary.racks_won_b}"
    )
    print(_side_line(_label(summary.a), Summary.side_dict(summary.side_a)))
    print(_side_line(_label(summary.b), Summary.side_dict(summary.side_b)))


def _player(spec: str, agents: dict[str, str]) -> str:
    """A player's name: a level's, or an agent file's stem (its text kept in ``agents``).

    Raises:
        UnknownLevelError: neither a level nor an agent file that exists.
        AgentFileError: the file is not an agent file.
    """
    spec = spec.strip()
    try:
        return get_level(spec).name
    except UnknownLevelError:
        path = Path(spec)
        if path.suffix != ".json" or not path.is_file():
            raise
    text = path.read_text(encoding="utf-8")
    parse_agent(text)
    name = f"{AGENT_PREFIX}{path.stem}"
    agents[name] = text
    return name


def _label(name: str) -> str:
    return name if name.startswith(AGENT_PREFIX) else f"level {name}"


def _series(
    args: argparse.Namespace,
    a: str,
    b: str,
    executor: Executor,
    progress: Progress,
    agents: dict[str, str],
) -> Summary:
    jobs = jobs_for(
        a,
        b,
        args.racks,
        seed=args.seed,
        rules=args.rules,
        record=args.records is not None,
        agents=agents,
    )
    progress.label = f"{_label(a)} vs {_label(b)}"
    outcomes = []
    for outcome in iter_outcomes(jobs, executor):
        outcomes.append(outcome)
        progress.advance()
    if args.records is not None:
        _save(outcomes, args.records, f"{a}-vs-{b}".replace(":", "-"))
    return summarize(outcomes)


def _run_match(args: argparse.Namespace) -> int:
    _positive(args.racks, "--racks")
    agents: dict[str, str] = {}
    a, b = _player(args.a, agents), _player(args.b, agents)
    progress = Progress(total=args.racks, label="", stream=sys.stderr)
    summary = _series(args, a, b, executor_from(args), progress, agents)
    progress.finish()
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2))
    else:
        _print_summary(summary)
    return 0


def _ratings(summaries: Sequence[Summary]) -> list[tuple[str, float, float, int]]:
    """(player, rating, standard error, racks) of every player, best first."""
    from rotation61.ratings import RackTally, fit, standard_errors

    tallies = [
        RackTally(player=s.a, opponent=s.b, won=s.racks_won_a, lost=s.racks_won_b)
        for s in summaries
    ]
    ratings = fit(tallies)
    errors = standard_errors(tallies, ratings)
    return [(r.player, r.rating, errors[r.player], r.racks) for r in ratings]


def _run_ladder(args: argparse.Namespace) -> int:
    _positive(args.racks, "--racks")
    if args.plot is not None and not _can_plot():
        return 2
    agents: dict[str, str] = {}
    levels = [_player(x, agents) for x in args.levels.split(",") if x.strip()]
    if len(set(levels)) < 2:
        raise InvalidRecordError(f"--levels {args.levels!r} must name at least two levels")
    executor = executor_from(args)
    summaries = []
    started = time.monotonic()
    pairs = pairings(levels, Pairings(args.pairs))
    progress = Progress(total=args.racks * len(pairs), label="", stream=sys.stderr)
    for a, b in pairs:
        summary = _series(args, a, b, executor, progress, agents)
        summaries.append(summary)
        print(
            f"rotation61: {_label(a)} vs {_label(b)}: {summary.racks_won_a}-{summary.racks_won_b} "
            f"({summary.racks} racks, {time.monotonic() - started:.0f} s so far)",
            file=sys.stderr,
        )
        for label, side in ((a, summary.side_a), (b, summary.side_b)):
            print(_side_line(_label(label), Summary.side_dict(side)), file=sys.stderr)
        sys.stderr.flush()
    progress.label = "ladder"
    progress.finish()
    ratings = _ratings(summaries)
    if args.plot is not None:
        from rotation61.sim.plot import plot_ratings

        worded = [(player_label(p, args.lang), r, e, n) for p, r, e, n in ratings]
        plot_ratings(worded, args.plot, language=args.lang)
    if args.json:
        document = {
            "pairings": [s.as_dict() for s in summaries],
            "ratings": [{"level": p, "rating": r, "error": e} for p, r, e, _ in ratings],
        }
        print(json.dumps(document, indent=2))
        return 0
    for summary in summaries:
        _print_summary(summary)
    print("ratings (logistic, odds double every 100 points; anchor 500; ± one standard error):")
    for player, rating, error, racks in ratings:
        print(f"  {_label(player):<20} {rating:7.0f} ± {error:3.0f}  ({racks} racks)")
    if args.plot is not None:
        print(f"plot written to {args.plot}")
    return 0


def _state_before(args: argparse.Namespace) -> GameState:
    records = load_records(args.record)
    if len(records) != 1:
        raise InvalidRecordError(f"{args.record}: holds {len(records)} matches, not one")
    record = records[0]
    inputs = MatchLog.from_record(record).inputs()
    shots = [i for i, item in enumerate(inputs) if isinstance(item, ShotInput) and item.positions]
    if not shots:
        raise InvalidRecordError(f"{args.record}: no shot entry carries ball positions")
    at = shots[-1] if args.at is None else args.at
    if at not in shots:
        raise InvalidRecordError(
            f"--at {at!r}: input {at} is not a shot with positions (those are {shots[:20]!r})"
        )
    header = record.header
    log = replay_inputs(header, inputs[:at])
    item = inputs[at]
    if not isinstance(item, ShotInput):  # excluded by the choice of ``at`` above
        raise InvalidRecordError(f"--at {at!r}: input {at} is not a shot")
    balls = dict(item.positions)
    if log.match.rack.cue_in_hand:
        balls.pop(CUE_BALL, None)
    config = GameConfig(race_to=header.race_to, rules=header.rules, players=header.players)
    return GameState(config=config, seed=at, log=log, layout=tuple(sorted(balls.items())))


def _can_plot() -> bool:
    """Whether ``--plot`` can draw; if not, say why (a usage error: exit 2, nothing played)."""
    from rotation61.sim.plot import MissingPlotExtraError, require_matplotlib

    try:
        require_matplotlib()
    except MissingPlotExtraError as err:
        print(f"rotation61: error: --plot: {err}", file=sys.stderr)
        return False
    return True


def _run_suggest(args: argparse.Namespace) -> int:
    if args.plot is not None and not _can_plot():
        return 2
    level = get_level(args.level)
    state = _state_before(args)
    if phase_of(state) is PhaseKind.OVER:
        raise InvalidRecordError("the match is over at that input: nothing to suggest")
    choice = choose(state, level, workers=None)
    lang = Language(args.lang)
    rack = state.rack
    print(
        f"level {level.name}, {rack.to_act.name} to play, ball in play {rack.lowest}, "
        f"scores {rack.scores[0]}-{rack.scores[1]}"
    )
    print(f"best: {choice.reason(lang)}")
    action = choice.action
    print(f"  action: {action!r}")
    print("alternatives (value in points):")
    for line in choice.alternatives(lang)[:8]:
        print(f"  {line}")
    if args.plot is not None and choice.best is not None:
        from rotation61.sim import simulate
        from rotation61.sim.plot import plot_shot

        cand = choice.best.candidate
        balls = state.balls()
        if cand.placement is not None:
            balls[CUE_BALL] = cand.placement
        result = simulate(balls, cand.stroke, table=state.config.table, trajectory=True)
        plot_shot(
            result, balls, state.config.table, args.plot, title=choice.reason(lang), language=lang
        )
        print(f"plot written to {args.plot}")
    return 0


def _run_train(args: argparse.Namespace) -> int:
    progress = Progress(total=args.episodes, label="training", stream=sys.stderr, unit="episodes")
    shown = 0

    def advance(played: int) -> None:
        nonlocal shown
        progress.advance(played - shown)
        shown = played

    training = train(args.seed, args.episodes, noise_level=args.noise_level, progress=advance)
    progress.finish()
    args.out.write_text(format_agent(training.agent) + "\n", encoding="utf-8")
    print("episodes  balls potted per inning in training (population mean)")
    for (played, _), fitness in zip(training.snapshots, training.fitness, strict=True):
        print(f"{played:8d}  {fitness:6.2f}")
    print(f"agent written to {args.out} (seed {args.seed}, noise of level {args.noise_level})")
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``ai match``, ``ai ladder``, ``ai train`` or ``ai suggest``."""
    match args.ai_command:
        case "match":
            return _run_match(args)
        case "ladder":
            return _run_ladder(args)
        case "train":
            return _run_train(args)
        case _:
            return _run_suggest(args)
