"""Self-play: computer players against each other, rack by rack, on any executor.

A :class:`RackJob` is one rack (a race to 1: a 60-60 replay or a declared stalemate
continues it until someone wins) between two levels, with its own seed; the level
named ``a`` breaks on even rack numbers and the level named ``b`` on odd ones (seats
swap). :func:`play_racks` plays a job and returns a :class:`RackOutcome` (picklable,
numbers and the record's JSON only), so jobs run anywhere: :func:`run_jobs` takes any
map-like executor (``executor(function, jobs) -> iterable of outcomes``, in order):

- ``None``: in this process;
- :func:`process_executor`: all cores through ``concurrent.futures.ProcessPoolExecutor``;
- a Ray executor (the env shell's ``--ray``) plugs in the same way.

The games do not depend on the executor: a job's outcome depends only on the job
(its seed), so the same seeds give the same results on any number of workers. Only the
think times (wall clock) differ; :meth:`RackOutcome.without_times` drops them.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Final, TypeAlias

from rotation61.ai.aim import RelativeStrokeAction
from rotation61.ai.core import (
    Action,
    GameConfig,
    GameState,
    PhaseKind,
    initial,
    phase_of,
    transition,
)
from rotation61.ai.decide import choose
from rotation61.ai.learn import parse_agent
from rotation61.ai.levels import get_level
from rotation61.ai.shots import ShotKind
from rotation61.records import PlayerStats, ShotInput, stats, to_json
from rotation61.rules import Ball, Rotation61Error, Seat
from rotation61.sim import ExecutionNoise

__all__ = [
    "Executor",
    "Pairings",
    "RackError",
    "RackJob",
    "RackOutcome",
    "SideStats",
    "Summary",
    "iter_outcomes",
    "jobs_for",
    "pairings",
    "play_racks",
    "process_executor",
    "run_jobs",
    "summarize",
]

_POTS: Final = frozenset({ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION, ShotKind.KISS})
_MAX_ACTIONS: Final = 2000
"""Actions after which a rack job stops (never reached: the stalemate cap ends racks)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RackJob:
    """One rack between two levels.

    Attributes:
        a: the first level's name.
        b: the second level's name.
        index: the rack's number in its series (level ``a`` breaks when it is even).
        seed: the rack's seed (racking and every execution noise).
        rules: the rule-set preset.
        record: keep the match record's JSON in the outcome.
        workers: engine threads per search.
        max_actions: stop the rack after this many actions, undecided (quick runs).
        agents: learned agents playing under a name instead of a level: (name, the
            agent file's text) pairs (:func:`rotation61.ai.learn.parse_agent`).
    """

    a: str
    b: str
    index: int
    seed: int
    rules: str = "standard"
    record: bool = False
    workers: int = 1
    max_actions: int = _MAX_ACTIONS
    agents: tuple[tuple[str, str], ...] = ()


_Decide: TypeAlias = Callable[[GameState], tuple[Action, Ball | None]]
"""A player's action, and the ball it means to pot (``None``: not a pot attempt)."""


def _player(job: RackJob, name: str) -> tuple[str, ExecutionNoise, _Decide]:
    """A player of the job by name: a learned agent of ``job.agents``, or a level."""
    texts = dict(job.agents)
    if name in texts:
        agent = parse_agent(texts[name])

        def learned(state: GameState) -> tuple[Action, Ball | None]:
            action = agent(state)
            return action, state.rack.lowest if isinstance(action, RelativeStrokeAction) else None

        return name, get_level(agent.noise_level).noise, learned
    level = get_level(name)

    def search(state: GameState) -> tuple[Action, Ball | None]:
        choice = choose(state, level, workers=job.workers)
        best = choice.best
        pot = best is not None and best.candidate.kind in _POTS
        return choice.action, best.candidate.ball if pot and best is not None else None

    return level.name, level.noise, search


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SideStats:
    """One level's play in a rack (or summed over racks).

    The figures of the game (strokes, points, innings, fouls, run-outs, break-and-runs,
    high run) are those of the referee's replay of the rack's record
    (:func:`rotation61.records.stats`: an inning is one shooter's run of shots until the
    turn passes, a run-out an inning whose points reach the target); the pot attempts
    and think times are the player's own (his intent is not in the record).

    Attributes:
        strokes: strokes played (breaks included).
        pot_attempts: strokes meant to pot a ball (direct, bank, combination, kiss).
        pots_made: of those, the intended ball dropped on a legal shot.
        points: points scored on legal shots.
        innings: turns at the table.
        fouls: strokes that were fouls.
        runouts: innings whose points alone reached the target (break-and-runs included).
        breaks: break shots played.
        break_and_runs: racks won by their breaker in his first inning.
        high_run: the most points in one inning.
        think_ms: the think time of each decision, milliseconds.
    """

    strokes: int = 0
    pot_attempts: int = 0
    pots_made: int = 0
    points: int = 0
    innings: int = 0
    fouls: int = 0
    runouts: int = 0
    breaks: int = 0
    break_and_runs: int = 0
    high_run: int = 0
    think_ms: tuple[float, ...] = ()

    def __add__(self, other: SideStats) -> SideStats:
        return SideStats(
            strokes=self.strokes + other.strokes,
            pot_attempts=self.pot_attempts + other.pot_attempts,
            pots_made=self.pots_made + other.pots_made,
            points=self.points + other.points,
            innings=self.innings + other.innings,
            fouls=self.fouls + other.fouls,
            runouts=self.runouts + other.runouts,
            breaks=self.breaks + other.breaks,
            break_and_runs=self.break_and_runs + other.break_and_runs,
            high_run=max(self.high_run, other.high_run),
            think_ms=self.think_ms + other.think_ms,
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RackOutcome:
    """What a :class:`RackJob` gave.

    Attributes:
        job: the job.
        winner: ``"a"`` or ``"b"``, the level that won the rack; ``None`` if undecided.
        a: the first level's play.
        b: the second level's play.
        record: the match record's JSON, if asked for.
    """

    job: RackJob
    winner: str | None
    a: SideStats
    b: SideStats
    record: str | None = None

    def without_times(self) -> RackOutcome:
        """The outcome without think times (what does not depend on the machine)."""
        return dataclasses.replace(
            self,
            a=dataclasses.replace(self.a, think_ms=()),
            b=dataclasses.replace(self.b, think_ms=()),
        )


def _seat_of_a(job: RackJob) -> Seat:
    return Seat.A if job.index % 2 == 0 else Seat.B


class RackError(Rotation61Error):
    """A rack job that could not be played to its end: the job, and what stopped it.

    The job's numbers (level names, rack index, seed) are in the message, so that the
    rack can be played again alone (``play_racks(RackJob(...))``).
    """


def play_racks(job: RackJob) -> RackOutcome:
    """Play one rack job to its end (see the module).

    Raises:
        RackError: the rack stopped on an error of the game or the engine (naming the
            job and the error).
    """
    try:
        return _play(job)
    except Rotation61Error as err:
        raise RackError(
            f"rack {job.index} of level {job.a} vs level {job.b} (seed {job.seed}, "
            f"rules {job.rules}) stopped: {err}"
        ) from err


def _play(job: RackJob) -> RackOutcome:
    players = {_seat_of_a(job): _player(job, job.a), _seat_of_a(job).opponent: _player(job, job.b)}
    config = GameConfig(
        race_to=1,
        rules=job.rules,
        players=(players[Seat.A][0], players[Seat.B][0]),
        noises=(players[Seat.A][1], players[Seat.B][1]),
    )
    state = initial(config, job.seed)
    intents = {Seat.A: _Tally(), Seat.B: _Tally()}
    actions = 0
    while phase_of(state) is not PhaseKind.OVER and actions < job.max_actions:
        seat = state.rack.to_act
        tally = intents[seat]
        started = time.perf_counter()
        action, ball = players[seat][2](state)
        tally.think.append((time.perf_counter() - started) * 1000.0)
        state = transition(state, action)
        actions += 1
        step = state.log.last
        if step is None or not isinstance(step.step, ShotInput) or step.ruling is None:
            continue
        if ball is not None:
            tally.pot_attempts += 1
            if not step.ruling.fouls and ball in step.ruling.credited:
                tally.pots_made += 1
    record = state.record()
    replayed = stats([record]).matches[0].seats
    winner_seat = state.match.winner
    a_seat = _seat_of_a(job)
    winner = None if winner_seat is None else ("a" if winner_seat is a_seat else "b")
    return RackOutcome(
        job=job,
        winner=winner,
        a=intents[a_seat].freeze(replayed[a_seat]),
        b=intents[a_seat.opponent].freeze(replayed[a_seat.opponent]),
        record=to_json(record) if job.record else None,
    )


@dataclasses.dataclass(slots=True)
class _Tally:
    """What only the player knows: his intents and think times (not in the record)."""

    pot_attempts: int = 0
    pots_made: int = 0
    think: list[float] = dataclasses.field(default_factory=list)

    def freeze(self, replayed: PlayerStats) -> SideStats:
        return SideStats(
            strokes=replayed.shots,
            pot_attempts=self.pot_attempts,
            pots_made=self.pots_made,
            points=replayed.points,
            innings=replayed.innings,
            fouls=replayed.fouled_shots,
            runouts=replayed.runouts,
            breaks=replayed.breaks,
            break_and_runs=replayed.racks_won_from_break,
            high_run=replayed.high_run,
            think_ms=tuple(self.think),
        )


Executor: TypeAlias = Callable[
    [Callable[[RackJob], RackOutcome], Sequence[RackJob]], Iterable[RackOutcome]
]
"""A map-like callable: ``executor(play_racks, jobs)`` gives the outcomes in job order."""


class Pairings(enum.StrEnum):
    """Which pairs of levels a ladder plays (:func:`pairings`)."""

    ALL = "all"
    """Every pair of levels."""
    NEIGHBOURS = "neighbours"
    """Each level and the next one, and the first and the last."""


def pairings(levels: Sequence[str], kind: Pairings = Pairings.ALL) -> list[tuple[str, str]]:
    """The pairs of levels a ladder plays, in the order the levels are given.

    With :attr:`Pairings.NEIGHBOURS`, each level meets the next one, and the first meets
    the last (once there are more than two): a ladder of ``n`` levels in ``n`` series
    instead of ``n (n - 1) / 2``, which still tells whether each level beats the one
    below it and how far apart the ends are.

    Raises:
        ValueError: fewer than two distinct levels.

    >>> pairings(["1", "2", "3", "4"], Pairings.NEIGHBOURS)
    [('1', '2'), ('2', '3'), ('3', '4'), ('1', '4')]
    >>> pairings(["1", "2", "3"])
    [('1', '2'), ('1', '3'), ('2', '3')]
    """
    distinct = list(dict.fromkeys(levels))
    if len(distinct) < 2:
        raise ValueError(f"levels {list(levels)!r} must hold at least two distinct levels")
    if kind is Pairings.ALL:
        return list(itertools.combinations(distinct, 2))
    pairs = list(itertools.pairwise(distinct))
    if len(distinct) > 2:
        pairs.append((distinct[0], distinct[-1]))
    return pairs


def jobs_for(
    a: str,
    b: str,
    racks: int,
    *,
    seed: int = 0,
    rules: str = "standard",
    record: bool = False,
    max_actions: int = _MAX_ACTIONS,
    agents: Mapping[str, str] | None = None,
) -> list[RackJob]:
    """``racks`` rack jobs between players ``a`` and ``b``, seeded from ``seed``.

    A player is a level, or a name of ``agents`` (learned agents: name -> the agent
    file's text).

    Raises:
        UnknownLevelError: a player is neither a level nor a learned agent.
        AgentFileError: an agent's text is not an agent file.
    """
    known = dict(agents or {})
    for name in (a, b):
        if name in known:
            parse_agent(known[name])
        else:
            get_level(name)
    held = tuple(sorted((n, t) for n, t in known.items() if n in (a, b)))
    return [
        RackJob(
            a=a,
            b=b,
            index=i,
            seed=seed * 1_000_003 + i,
            rules=rules,
            record=record,
            max_actions=max_actions,
            agents=held,
        )
        for i in range(racks)
    ]


def process_executor(workers: int | None = None) -> Executor:
    """An executor over ``workers`` processes (``None``: all cores), results in job order."""

    def run(
        function: Callable[[RackJob], RackOutcome], jobs: Sequence[RackJob]
    ) -> Iterator[RackOutcome]:
        if workers == 1:
            yield from map(function, jobs)
            return
        # a fresh interpreter per worker: forking a process whose engine threads are
        # running is unsafe
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            yield from pool.map(function, jobs, chunksize=1)

    return run


def iter_outcomes(
    jobs: Sequence[RackJob], executor: Executor | None = None
) -> Iterator[RackOutcome]:
    """Play every job on ``executor`` (``None``: in this process), outcomes as they come.

    The outcomes come in job order, one by one (a caller can report progress).
    """
    if executor is None:
        yield from map(play_racks, jobs)
    else:
        yield from executor(play_racks, jobs)


def run_jobs(jobs: Sequence[RackJob], executor: Executor | None = None) -> list[RackOutcome]:
    """Play every job on ``executor`` (``None``: in this process), outcomes in job order."""
    return list(iter_outcomes(jobs, executor))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """Results of a series between two levels.

    Attributes:
        a: the first level.
        b: the second level.
        racks: racks played.
        racks_won_a: racks the first level won.
        racks_won_b: racks the second level won.
        side_a: the first level's play, summed.
        side_b: the second level's play, summed.
    """

    a: str
    b: str
    racks: int
    racks_won_a: int
    racks_won_b: int
    side_a: SideStats
    side_b: SideStats

    @staticmethod
    def side_dict(side: SideStats) -> dict[str, float | int]:
        """The figures of one side, for JSON."""
        return {
            "strokes": side.strokes,
            "pot_attempts": side.pot_attempts,
            "pots_made": side.pots_made,
            "pot_success": side.pots_made / side.pot_attempts if side.pot_attempts else 0.0,
            "points": side.points,
            "innings": side.innings,
            "points_per_inning": side.points / side.innings if side.innings else 0.0,
            "fouls": side.fouls,
            "foul_rate": side.fouls / side.strokes if side.strokes else 0.0,
            "runouts": side.runouts,
            "breaks": side.breaks,
            "break_and_runs": side.break_and_runs,
            "high_run": side.high_run,
            "think_ms_median": statistics.median(side.think_ms) if side.think_ms else 0.0,
            "think_ms_p95": _p95(side.think_ms),
        }

    def as_dict(self) -> dict[str, object]:
        """The summary for ``--json``."""
        return {
            "a": self.a,
            "b": self.b,
            "racks": self.racks,
            "racks_won_a": self.racks_won_a,
            "racks_won_b": self.racks_won_b,
            "side_a": self.side_dict(self.side_a),
            "side_b": self.side_dict(self.side_b),
        }


def _p95(values: Sequence[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summarize(outcomes: Sequence[RackOutcome]) -> Summary:
    """The totals of a series (the outcomes of one pairing).

    Raises:
        ValueError: no outcomes, or outcomes of several pairings.
    """
    if not outcomes:
        raise ValueError("no rack outcomes to summarize")
    pairs = {(o.job.a, o.job.b) for o in outcomes}
    if len(pairs) != 1:
        raise ValueError(f"outcomes of several pairings: {sorted(pairs)!r}")
    side_a, side_b = SideStats(), SideStats()
    for o in outcomes:
        side_a += o.a
        side_b += o.b
    first = outcomes[0].job
    return Summary(
        a=first.a,
        b=first.b,
        racks=len(outcomes),
        racks_won_a=sum(o.winner == "a" for o in outcomes),
        racks_won_b=sum(o.winner == "b" for o in outcomes),
        side_a=side_a,
        side_b=side_b,
    )
