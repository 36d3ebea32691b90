"""Seeding: the seed order of the field, and where each seed stands in a bracket.

The random draw is the one place the tournament layer uses randomness: an explicit
``random.Random(seed)`` built from the seed shown before the draw and stored with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rotation61.tournament.errors import DuplicateEntryError, InvalidEventError, UnknownPlayerError
from rotation61.tournament.model import Entry, SeedingMethod

__all__ = ["bracket_positions", "bracket_size", "seed_order"]


def bracket_size(field: int) -> int:
    """The smallest power of two holding the field (at least 2).

    >>> bracket_size(2), bracket_size(5), bracket_size(256)
    (2, 8, 256)
    """
    size = 2
    while size < field:
        size *= 2
    return size


def bracket_positions(size: int) -> tuple[int, ...]:
    """The seed (1-based) standing at each line of a bracket of ``size`` lines.

    Seeds 1 and 2 can meet only in the final, 1 to 4 only in the semi-finals, and so
    on; line ``2i`` meets line ``2i + 1`` in round 1.

    >>> bracket_positions(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    if size < 2 or size & (size - 1):
        raise InvalidEventError(f"bracket size {size!r} is not a power of two")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return tuple(order)


def seed_order(
    entries: Sequence[Entry],
    method: SeedingMethod,
    *,
    seed: int = 0,
    hand: Sequence[str] = (),
) -> tuple[str, ...]:
    """The draw: the player ids in seed order (seed 1 first).

    Args:
        entries: the field, in entry order.
        method: by rating (highest first, unrated last, ties in entry order), by hand
            (``hand`` gives every id once), or a random draw.
        seed: the random draw's seed: ``random.Random(seed).shuffle`` of the entry order.
        hand: the hand order.

    Raises:
        UnknownPlayerError: the hand order names a player not entered.
        DuplicateEntryError: the hand order names a player twice.
        InvalidEventError: the hand order misses a player.

    >>> from rotation61.tournament.model import Entry
    >>> field = [Entry(id="a", name="An", rating=600), Entry(id="b", name="Bình", rating=700)]
    >>> seed_order(field, SeedingMethod.RATING)
    ('b', 'a')
    """
    ids = [entry.id for entry in entries]
    if method is SeedingMethod.RATING:
        ranked = sorted(
            range(len(entries)),
            key=lambda i: (entries[i].rating is None, -(entries[i].rating or 0), i),
        )
        return tuple(ids[i] for i in ranked)
    if method is SeedingMethod.RANDOM:
        drawn = list(ids)
        random.Random(seed).shuffle(drawn)
        return tuple(drawn)
    return _hand_order(ids, hand)


def _hand_order(ids: Sequence[str], hand: Sequence[str]) -> tuple[str, ...]:
    known = set(ids)
    seen: set[str] = set()
    for player in hand:
        if player not in known:
            raise UnknownPlayerError(f"the hand seeding names {player!r}, who is not entered")
        if player in seen:
            raise DuplicateEntryError(f"the hand seeding names {player!r} twice")
        seen.add(player)
    missing = [player for player in ids if player not in seen]
    if missing:
        raise InvalidEventError(f"the hand seeding misses {missing!r}")
    return tuple(hand)
