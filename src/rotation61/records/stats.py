"""Statistics from records, per player and per match, derived by replay.

Definitions:

- an *inning* is a turn at the table: a player's consecutive shots in a rack, from the
  shot after the opponent's (or the break) to the shot that ends his turn (a miss, a
  foul, the end of the rack); a §XVI replay after a restore is a new inning;
- *points* are the rack points credited on legal shots (not a tie-rule bonus point);
- the *high run* is the most points in one inning;
- a *run-out* is an inning whose points alone reach the shooter's target (61 by
  default): the inning that wins the rack without the opponent coming back; a rack won
  from the break (below) is a run-out too, and is also counted apart;
- *break yield* counts legal breaks and the balls and points they pocketed;
- *fouls* are counted by kind (a shot with two fouls counts both);
- a rack is *won from the break* when its breaker wins it in his first inning (break
  and run: the opponent never came to the table);
- *racks played* counts racks that ended, replays included;
- a *time foul* (A50) is a turn at the table that ends the inning, counted among the
  fouls by kind but not among the shots (no stroke was played);
- *shot times* are the times on the shot clock of the shots and time fouls whose time
  the record holds (A50), in milliseconds; *extensions* are the extensions taken.

>>> from rotation61.records import MatchHeader, MatchLog
>>> from rotation61.rules import Shot
>>> log = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=1))
>>> log, _ = log.play(Shot(first_contact=1, pocketed=(1, 2, 3, 15)))
>>> log, _ = log.play(Shot(first_contact=4, pocketed=(4, 14, 13, 12)))
>>> found = stats([log.record])
>>> an = found.players[0]
>>> an.player, an.points, an.high_run, an.racks_won_from_break, an.innings, an.runouts
('An', 64, 64, 1, 1, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction

from rotation61.match import MatchState
from rotation61.records.inputs import ShotInput, TimeFoulInput
from rotation61.records.model import MatchRecord
from rotation61.records.replay import replay
from rotation61.rules import FoulKind, RackResultType, Seat

__all__ = ["MatchStats", "PlayerStats", "Stats", "stats"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats:
    """One player's numbers over one match or several.

    Attributes:
        player: the player's name.
        matches: matches played.
        matches_won: matches won.
        racks_played: racks that ended while he played them (replays included).
        racks_won: racks won.
        racks_won_from_break: racks he broke and won in his first inning.
        innings: turns at the table.
        shots: shots played.
        points: points scored on legal shots.
        high_run: the most points in one inning.
        runouts: innings whose points alone reached the target (breaks included).
        breaks: break shots played.
        legal_breaks: legal break shots.
        break_balls: balls pocketed on legal breaks.
        break_points: points scored on legal breaks.
        fouled_shots: shots with at least one foul.
        fouls: foul counts by kind, in :class:`FoulKind` order, kinds never committed
            left out (time fouls included, A50).
        shot_times_ms: the shot-clock times of his timed shots and time fouls, in
            record order, in milliseconds (A50).
        extensions: shot-clock extensions taken (A50).
    """

    player: str
    matches: int = 0
    matches_won: int = 0
    racks_played: int = 0
    racks_won: int = 0
    racks_won_from_break: int = 0
    innings: int = 0
    shots: int = 0
    points: int = 0
    high_run: int = 0
    runouts: int = 0
    breaks: int = 0
    legal_breaks: int = 0
    break_balls: int = 0
    break_points: int = 0
    fouled_shots: int = 0
    fouls: tuple[tuple[FoulKind, int], ...] = ()
    shot_times_ms: tuple[int, ...] = ()
    extensions: int = 0

    @property
    def timed_shots(self) -> int:
        """Shots and time fouls whose time the records hold."""
        return len(self.shot_times_ms)

    @property
    def mean_shot_ms(self) -> Fraction | None:
        """The mean shot time in milliseconds, exact; ``None`` with no timed shot."""
        times = self.shot_times_ms
        return Fraction(sum(times), len(times)) if times else None

    @property
    def median_shot_ms(self) -> Fraction | None:
        """The median shot time in milliseconds, exact; ``None`` with no timed shot.

        >>> PlayerStats(player="An", shot_times_ms=(9000, 31000, 12000, 20000)).median_shot_ms
        Fraction(16000, 1)
        """
        times = sorted(self.shot_times_ms)
        if not times:
            return None
        middle = len(times) // 2
        if len(times) % 2:
            return Fraction(times[middle])
        return Fraction(times[middle - 1] + times[middle], 2)

    @property
    def longest_shot_ms(self) -> int | None:
        """The longest shot time in milliseconds; ``None`` with no timed shot."""
        return max(self.shot_times_ms, default=None)

    @property
    def points_per_inning(self) -> Fraction:
        """Points per inning, exact (0 with no inning)."""
        return Fraction(self.points, self.innings) if self.innings else Fraction(0)

    @property
    def foul_count(self) -> int:
        """Fouls of every kind."""
        return sum(n for _, n in self.fouls)

    def fouls_of(self, kind: FoulKind) -> int:
        """Fouls of one kind.

        Args:
            kind: the foul kind.

        Returns:
            How many.
        """
        return dict(self.fouls).get(kind, 0)

    def merged(self, other: PlayerStats) -> PlayerStats:
        """The numbers of both (the high run is the higher one).

        Args:
            other: numbers of the same player elsewhere.

        Returns:
            The sum.
        """
        counts = {kind: self.fouls_of(kind) + other.fouls_of(kind) for kind in FoulKind}
        summed = {
            f.name: getattr(self, f.name) + getattr(other, f.name)
            for f in dataclasses.fields(self)
            if f.name not in ("player", "high_run", "fouls")
        }
        return PlayerStats(
            player=self.player,
            high_run=max(self.high_run, other.high_run),
            fouls=tuple((kind, n) for kind, n in counts.items() if n),
            **summed,
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchStats:
    """One match's numbers.

    Attributes:
        index: the match's position in the records given (from 0).
        players: the names, seat A then seat B.
        race_to: racks needed to win.
        racks_won: racks won per seat.
        winner: the winner's name, once the match is over.
        seats: each seat's numbers in this match.
    """

    index: int
    players: tuple[str, str]
    race_to: int
    racks_won: tuple[int, int]
    winner: str | None
    seats: tuple[PlayerStats, PlayerStats]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Stats:
    """Statistics over several records.

    Attributes:
        matches: each match's numbers, in the order given.
        players: each player's numbers over every match, by name.
    """

    matches: tuple[MatchStats, ...]
    players: tuple[PlayerStats, ...]


class _Tally:
    """Mutable counters for one seat while a match is replayed."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = dict.fromkeys(
            (
                "racks_played",
                "racks_won",
                "racks_won_from_break",
                "innings",
                "shots",
                "points",
                "high_run",
                "runouts",
                "breaks",
                "legal_breaks",
                "break_balls",
                "break_points",
                "fouled_shots",
                "extensions",
            ),
            0,
        )
        self.fouls: dict[FoulKind, int] = {}
        self.times: list[int] = []

    def add(self, key: str, n: int = 1) -> None:
        self.counts[key] += n

    def freeze(self, name: str, *, won: bool) -> PlayerStats:
        return PlayerStats(
            player=name,
            matches=1,
            matches_won=int(won),
            fouls=tuple((kind, self.fouls[kind]) for kind in FoulKind if kind in self.fouls),
            shot_times_ms=tuple(self.times),
            **self.counts,
        )


def _target(match: MatchState, seat: Seat) -> int:
    """The points that win the rack for ``seat`` (§II, A11, A51)."""
    return match.rack.rules.target(seat)


def _match_stats(index: int, record: MatchRecord) -> MatchStats:
    tally = (_Tally(), _Tally())
    done = replay(record)
    rack = -1
    continuing: Seat | None = None  # the shooter whose inning goes on, if any
    run = 0
    ran_out = False  # the inning going on has been counted as a run-out
    innings_in_rack = 0
    for step in done.steps:
        if step.rack != rack:
            rack, continuing, run, ran_out, innings_in_rack = step.rack, None, 0, False, 0
        ruling = step.ruling
        if ruling is None:
            continuing = None
            continue
        if isinstance(step.step, ShotInput | TimeFoulInput):
            seat = ruling.shooter
            mine = tally[seat]
            if continuing is not seat:
                mine.add("innings")
                innings_in_rack += 1
                run, ran_out = 0, False
            mine.add("extensions", step.step.extensions)
            if step.step.time_ms is not None:
                mine.times.append(step.step.time_ms)
        if isinstance(step.step, TimeFoulInput):
            mine.fouls[FoulKind.TIME_FOUL] = mine.fouls.get(FoulKind.TIME_FOUL, 0) + 1
            continuing = None
        elif isinstance(step.step, ShotInput):
            mine.add("shots")
            if ruling.fouls:
                mine.add("fouled_shots")
            else:
                run += ruling.points
                mine.add("points", ruling.points)
                mine.counts["high_run"] = max(mine.counts["high_run"], run)
                if not ran_out and run >= _target(step.before, seat):
                    mine.add("runouts")
                    ran_out = True
            if ruling.is_break:
                mine.add("breaks")
                if not ruling.fouls:
                    mine.add("legal_breaks")
                    mine.add("break_balls", len(ruling.credited))
                    mine.add("break_points", ruling.points)
            for foul in ruling.fouls:
                mine.fouls[foul.kind] = mine.fouls.get(foul.kind, 0) + 1
            continuing = seat if ruling.shooter_continues else None
        result = ruling.result
        if result is None:
            continue
        for seat_tally in tally:
            seat_tally.add("racks_played")
        if result.winner is not None:
            tally[result.winner].add("racks_won")
            if (
                innings_in_rack == 1
                and ruling.event is None
                and result.type is RackResultType.REACHED_61
                and ruling.shooter is result.winner
            ):
                tally[result.winner].add("racks_won_from_break")
    final = done.final
    winner = final.winner
    return MatchStats(
        index=index,
        players=record.players,
        race_to=record.race_to,
        racks_won=final.racks_won,
        winner=None if winner is None else record.players[winner],
        seats=(
            tally[Seat.A].freeze(record.players[0], won=winner is Seat.A),
            tally[Seat.B].freeze(record.players[1], won=winner is Seat.B),
        ),
    )


def stats(records: Iterable[MatchRecord]) -> Stats:
    """Statistics of every player and match in the records.

    Inputs the referee rejects are skipped (see :func:`rotation61.records.verify`).

    Args:
        records: the records.

    Returns:
        Per-match and per-player numbers; players are merged by name and sorted.
    """
    matches = tuple(_match_stats(i, record) for i, record in enumerate(records))
    players: dict[str, PlayerStats] = {}
    for match in matches:
        for seat in match.seats:
            known = players.get(seat.player)
            players[seat.player] = seat if known is None else known.merged(seat)
    return Stats(matches=matches, players=tuple(players[name] for name in sorted(players)))
