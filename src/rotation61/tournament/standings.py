"""Standings and tie-breaks.

Each player's line counts the matches decided so far: played matches by their racks
and points, walkovers as a match won (or lost) with no racks, and, in Swiss only, a
bye as a match won with no racks. Players are ranked by the configured criteria in
order; head-to-head counts matches won among the players still tied, afresh for each
tied group; the seed decides last. Elimination formats rank by how far a player got
first (see :func:`finish`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rotation61.tournament.matches import Match, Status
from rotation61.tournament.model import BYE, Stage, TieBreak

__all__ = ["Line", "finish", "rank", "tally"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """One player's line in the standings.

    Attributes:
        place: the rank, from 1.
        player: the player id.
        played: matches decided (played or walked over; a Swiss bye counts).
        won: matches won.
        lost: matches lost.
        racks_won: racks won.
        racks_lost: racks lost.
        points_for: points scored.
        points_against: points conceded.
        out: eliminated (elimination formats) or withdrawn.
    """

    place: int
    player: str
    played: int = 0
    won: int = 0
    lost: int = 0
    racks_won: int = 0
    racks_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    out: bool = False

    @property
    def rack_difference(self) -> int:
        """Racks won minus racks lost."""
        return self.racks_won - self.racks_lost

    @property
    def point_difference(self) -> int:
        """Points scored minus points conceded."""
        return self.points_for - self.points_against


def tally(players: Iterable[str], matches: Iterable[Match], *, bye_wins: bool) -> dict[str, Line]:
    """Every player's counts from the decided matches (places left at 0)."""
    lines = {p: Line(place=0, player=p) for p in players}
    for match in matches:
        if match.status is Status.BYE:
            if bye_wins and match.winner in lines:
                line = lines[match.winner]
                lines[match.winner] = _add(line, won=1)
            continue
        if match.status not in (Status.DONE, Status.WALKOVER):
            continue
        for side in (0, 1):
            player = match.players[side]
            if player is None or player == BYE or player not in lines:
                continue
            won = player == match.winner
            lines[player] = _add(
                lines[player],
                won=int(won),
                lost=int(not won),
                racks_won=match.racks[side],
                racks_lost=match.racks[1 - side],
                points_for=match.points[side],
                points_against=match.points[1 - side],
            )
    return lines


def _add(line: Line, **counts: int) -> Line:
    return Line(
        place=line.place,
        player=line.player,
        played=line.played + 1,
        won=line.won + counts.get("won", 0),
        lost=line.lost + counts.get("lost", 0),
        racks_won=line.racks_won + counts.get("racks_won", 0),
        racks_lost=line.racks_lost + counts.get("racks_lost", 0),
        points_for=line.points_for + counts.get("points_for", 0),
        points_against=line.points_against + counts.get("points_against", 0),
        out=line.out,
    )


_STAGE_FINISH = {Stage.GRAND_FINAL: 1000, Stage.RESET: 1001}
_KNOCKOUT_FINISH = 500


def finish(match: Match) -> int:
    """How far a player knocked out in ``match`` got: later stages and rounds rank higher.

    A losers' side or single-elimination round counts as its number; the grand final
    as 1000 and the reset as 1001; a round of the knockout after a double elimination
    as 500 plus its number.
    """
    if match.stage is Stage.KNOCKOUT:
        return _KNOCKOUT_FINISH + match.round
    return _STAGE_FINISH.get(match.stage, match.round)


Criterion = Callable[[Sequence[str]], Mapping[str, int]]
"""A ranking criterion: a value per player of a tied group (higher is better)."""


def _criterion(
    tie_break: TieBreak, lines: Mapping[str, Line], matches: Sequence[Match]
) -> Criterion:
    if tie_break is TieBreak.MATCHES_WON:
        return lambda group: {p: lines[p].won for p in group}
    if tie_break is TieBreak.RACK_DIFFERENCE:
        return lambda group: {p: lines[p].rack_difference for p in group}
    if tie_break is TieBreak.POINT_DIFFERENCE:
        return lambda group: {p: lines[p].point_difference for p in group}
    return lambda group: _head_to_head(group, matches)


def _head_to_head(group: Sequence[str], matches: Sequence[Match]) -> dict[str, int]:
    members = set(group)
    wins = dict.fromkeys(group, 0)
    for match in matches:
        if match.status in (Status.DONE, Status.WALKOVER) and set(match.players) <= members:
            wins[match.winner] += 1
    return wins


def rank(
    lines: Mapping[str, Line],
    matches: Sequence[Match],
    tie_breaks: Sequence[TieBreak],
    seeds: Mapping[str, int],
    *,
    first: Sequence[Criterion] = (),
) -> tuple[Line, ...]:
    """The lines in standing order, places filled in.

    Args:
        lines: every player's counts.
        matches: the event's matches (for head-to-head).
        tie_breaks: the criteria in order.
        seeds: each player's seed (the last decider).
        first: criteria applied before the tie-breaks (elimination: how far).
    """
    criteria = [*first, *(_criterion(t, lines, matches) for t in tie_breaks)]
    ordered = _order(list(lines), criteria, seeds)
    return tuple(
        Line(
            place=i,
            player=p,
            played=lines[p].played,
            won=lines[p].won,
            lost=lines[p].lost,
            racks_won=lines[p].racks_won,
            racks_lost=lines[p].racks_lost,
            points_for=lines[p].points_for,
            points_against=lines[p].points_against,
            out=lines[p].out,
        )
        for i, p in enumerate(ordered, start=1)
    )


def _order(group: list[str], criteria: Sequence[Criterion], seeds: Mapping[str, int]) -> list[str]:
    if len(group) <= 1 or not criteria:
        return sorted(group, key=lambda p: seeds[p])
    values = criteria[0](group)
    ordered: list[str] = []
    for value in sorted(set(values.values()), reverse=True):
        tied = [p for p in group if values[p] == value]
        ordered.extend(_order(tied, criteria[1:], seeds))
    return ordered
