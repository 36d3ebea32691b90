"""Seeding: the seed order of the field, and where each seed stands in a bracket.

The random draw is the one place the tournament layer uses randomness: an explicit
``random.Random(seed)`` built from the seed shown before the draw and stored with it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rotation61.tournament.errors import (
    DuplicateEntryError,
    ErrorCode,
    InvalidEventError,
    SeedingError,
    SeedProblem,
    SeedProblemKind,
    UnknownPlayerError,
)
from rotation61.tournament.model import Entry, SeedingMethod

__all__ = ["bracket_positions", "bracket_size", "order_of_seeds", "seed_order"]


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
        raise InvalidEventError(
            f"bracket size {size!r} is not a power of two", ErrorCode.BRACKET_SIZE, size=size
        )
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
            raise UnknownPlayerError(
                f"the hand seeding names {player!r}, who is not entered",
                ErrorCode.HAND_UNKNOWN_PLAYER,
                player=player,
            )
        if player in seen:
            raise DuplicateEntryError(
                f"the hand seeding names {player!r} twice", ErrorCode.HAND_TWICE, player=player
            )
        seen.add(player)
    missing = [player for player in ids if player not in seen]
    if missing:
        raise InvalidEventError(
            f"the hand seeding misses {missing!r}",
            ErrorCode.HAND_MISSING,
            players=", ".join(missing),
        )
    return tuple(hand)


def order_of_seeds(entries: Sequence[Entry], seeds: Mapping[str, int | None]) -> tuple[str, ...]:
    """The hand order from a seed number per player: every seed 1..N given once.

    Args:
        entries: the field, in entry order (N players).
        seeds: each player id's seed (``None``: none given).

    Returns:
        The player ids in seed order, seed 1 first.

    Raises:
        SeedingError: naming every problem at once (see :class:`SeedProblemKind`): a
            seed for a player not entered, a player without a seed, a seed outside 1..N,
            a seed given twice, a seed given to nobody.

    >>> from rotation61.tournament.model import Entry
    >>> field = [Entry(id="a", name="An"), Entry(id="b", name="Bình"), Entry(id="c", name="Cúc")]
    >>> order_of_seeds(field, {"a": 2, "b": 3, "c": 1})
    ('c', 'a', 'b')
    >>> try:
    ...     order_of_seeds(field, {"a": 1, "b": 1, "c": 4})
    ... except SeedingError as err:
    ...     print(str(err).replace("; ", ";" + chr(10)))
    the hand seeding is refused: seed 4 of Cúc (c) is outside 1..3;
    seed 1 is given to An (a), Bình (b);
    seeds 2, 3 are given to nobody
    """
    field = len(entries)
    names = {entry.id: entry.name for entry in entries}
    problems: list[SeedProblem] = []
    for player, seed in seeds.items():
        if player not in names:
            problems.append(
                SeedProblem(kind=SeedProblemKind.UNKNOWN_PLAYER, seed=seed, players=(player,))
            )
    holders: dict[int, list[str]] = {}
    for entry in entries:
        seed = seeds.get(entry.id)
        if seed is None:
            problems.append(SeedProblem(kind=SeedProblemKind.NO_SEED, players=(entry.id,)))
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= field:
            problems.append(
                SeedProblem(kind=SeedProblemKind.OUT_OF_RANGE, seed=seed, players=(entry.id,))
            )
        else:
            holders.setdefault(seed, []).append(entry.id)
    for seed in sorted(holders):
        if len(holders[seed]) > 1:
            problems.append(
                SeedProblem(kind=SeedProblemKind.DUPLICATE, seed=seed, players=tuple(holders[seed]))
            )
    problems += [
        SeedProblem(kind=SeedProblemKind.UNUSED, seed=seed)
        for seed in range(1, field + 1)
        if seed not in holders
    ]
    if problems:
        raise SeedingError(
            f"the hand seeding is refused: {_describe(problems, names, field)}",
            tuple(problems),
            field,
        )
    return tuple(holders[seed][0] for seed in range(1, field + 1))


def _describe(problems: Sequence[SeedProblem], names: Mapping[str, str], field: int) -> str:
    def who(player: str) -> str:
        return f"{names[player]} ({player})" if player in names else repr(player)

    parts: list[str] = []
    unused = [p.seed for p in problems if p.kind is SeedProblemKind.UNUSED]
    for problem in problems:
        players = ", ".join(who(p) for p in problem.players)
        match problem.kind:
            case SeedProblemKind.UNKNOWN_PLAYER:
                parts.append(f"{players} is not entered (seed {problem.seed!r})")
            case SeedProblemKind.NO_SEED:
                parts.append(f"{players} has no seed")
            case SeedProblemKind.OUT_OF_RANGE:
                parts.append(f"seed {problem.seed!r} of {players} is outside 1..{field}")
            case SeedProblemKind.DUPLICATE:
                parts.append(f"seed {problem.seed} is given to {players}")
            case SeedProblemKind.UNUSED:
                pass
    if unused:
        listed = ", ".join(str(seed) for seed in unused)
        parts.append(
            f"seed {listed} is given to nobody"
            if len(unused) == 1
            else f"seeds {listed} are given to nobody"
        )
    return "; ".join(parts)
