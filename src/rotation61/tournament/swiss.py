"""Swiss pairing: adjacent players of the current ranking, no rematch until unavoidable.

The ranking comes from the standings (matches won, then the tie-breaks, then seed).
With an odd field, the bye goes to the lowest-ranked player among those with the fewest
byes (so no one has a second bye while someone has none, however many rounds); if no
pairing of the others avoids a rematch, the next such player up takes it. Only when
no bye and no pairing avoids a rematch does a rematch happen, paired top-down. Events
drawn under :attr:`PairingRules.V1 <rotation61.tournament.model.PairingRules>` choose
the bye as before (:func:`_bye_candidates_v1`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from rotation61.tournament.model import CURRENT_PAIRING, PairingRules

__all__ = ["Pairing", "pair_round", "swiss_rounds"]

Pairing = tuple[tuple[tuple[str, str], ...], str | None]
"""The pairs of a round, top first, and the player with the bye (or ``None``)."""

_SEARCH_BUDGET: Final = 200_000
"""The most search steps for a pairing without rematch before pairing top-down."""


def swiss_rounds(field: int, configured: int) -> int:
    """The number of Swiss rounds: as configured, else ceil(log2(field)), at least 1.

    >>> swiss_rounds(8, 0), swiss_rounds(9, 0), swiss_rounds(9, 6)
    (3, 4, 6)
    """
    return configured or max(1, (field - 1).bit_length())


def pair_round(
    ranked: Sequence[str],
    played: frozenset[frozenset[str]],
    byes: Mapping[str, int],
    pairing: PairingRules = CURRENT_PAIRING,
) -> Pairing:
    """Pair a Swiss round.

    Args:
        ranked: the players still in, best first.
        played: the pairs that have met.
        byes: how many byes each player has had (a player not named: none).
        pairing: the event's pairing rules (they choose the bye's candidates).

    >>> pair_round(["a", "b", "c", "d"], frozenset({frozenset({"a", "b"})}), frozenset())
    ((('a', 'c'), ('b', 'd')), None)
    >>> pair_round(["a", "b", "c"], frozenset(), {"c": 1})
    ((('a', 'c'),), 'b')
    >>> pair_round(["a", "b", "c"], frozenset(), {"a": 1, "b": 2, "c": 1})
    ((('a', 'b'),), 'c')
    """
    players = list(ranked)
    if len(players) % 2 == 0:
        pairs = _without_rematch(players, played)
        return (pairs if pairs is not None else _top_down(players, played)), None
    if pairing is PairingRules.V1:
        candidates = _bye_candidates_v1(players, byes)
    else:
        candidates = _bye_candidates(players, byes)
    for bye in candidates:
        rest = [p for p in players if p != bye]
        pairs = _without_rematch(rest, played)
        if pairs is not None:
            return pairs, bye
    bye = candidates[0]
    return _top_down([p for p in players if p != bye], played), bye


def _bye_candidates(players: list[str], byes: Mapping[str, int]) -> list[str]:
    """Who may take the bye, in order: the fewest byes, lowest-ranked first."""
    fewest = min(byes.get(p, 0) for p in players)
    return [p for p in reversed(players) if byes.get(p, 0) == fewest]


def _bye_candidates_v1(players: list[str], byes: Mapping[str, int]) -> list[str]:
    """The bye's candidates of events drawn under ``PairingRules.V1``.

    Events stored before their settings named the pairing rules replay with it: the
    players without a bye, lowest-ranked first; once all have had one, everyone, so
    the same player can take them all.
    """
    return [p for p in reversed(players) if not byes.get(p, 0)] or list(reversed(players))


def _without_rematch(
    players: list[str], played: frozenset[frozenset[str]]
) -> tuple[tuple[str, str], ...] | None:
    """The first pairing in ranking order with no rematch (depth-first), or ``None``."""
    budget = [_SEARCH_BUDGET]
    pairs: list[tuple[str, str]] = []

    def search(free: list[str]) -> bool:
        if not free:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        first = free[0]
        for i in range(1, len(free)):
            other = free[i]
            if frozenset((first, other)) in played:
                continue
            pairs.append((first, other))
            if search(free[1:i] + free[i + 1 :]):
                return True
            pairs.pop()
        return False

    return tuple(pairs) if search(players) else None


def _top_down(players: list[str], played: frozenset[frozenset[str]]) -> tuple[tuple[str, str], ...]:
    """Each player in turn with the best free player not met yet, else the best free one."""
    free = list(players)
    pairs: list[tuple[str, str]] = []
    while free:
        first = free.pop(0)
        pick = next((q for q in free if frozenset((first, q)) not in played), free[0])
        free.remove(pick)
        pairs.append((first, pick))
    return tuple(pairs)
