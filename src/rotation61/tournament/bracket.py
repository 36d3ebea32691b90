"""The fixed match structure of each format: who plays whom, or whose winner or loser.

A match's two slots name a player (or a bye), or the winner or loser of an earlier
match; the state layer fills them in as results come.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rotation61.tournament.errors import ErrorCode, InvalidEventError
from rotation61.tournament.model import BYE, CURRENT_PAIRING, PairingRules, Stage
from rotation61.tournament.seeding import bracket_positions, bracket_size

__all__ = [
    "MatchSpec",
    "Slot",
    "SlotKind",
    "cross_seeds",
    "double_elimination",
    "groups",
    "knockout",
    "round_robin",
    "single_elimination",
]


class SlotKind(StrEnum):
    """Where a slot's player comes from."""

    PLAYER = "player"
    """A player id, or :data:`~rotation61.tournament.model.BYE`."""
    WINNER = "winner"
    """The winner of the match ``ref``."""
    LOSER = "loser"
    """The loser of the match ``ref``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Slot:
    """One side of a match: a player, or the winner or loser of another match."""

    kind: SlotKind
    ref: str

    @classmethod
    def player(cls, player: str) -> Slot:
        """A slot holding a player id (or the bye)."""
        return cls(kind=SlotKind.PLAYER, ref=player)

    @classmethod
    def winner(cls, match: str) -> Slot:
        """A slot taken by the winner of ``match``."""
        return cls(kind=SlotKind.WINNER, ref=match)

    @classmethod
    def loser(cls, match: str) -> Slot:
        """A slot taken by the loser of ``match``."""
        return cls(kind=SlotKind.LOSER, ref=match)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchSpec:
    """A match of the structure.

    Attributes:
        id: the match id (``R2-1``, ``W1-3``, ``L4-1``, ``GF``, ``GF2``, ``G1-R3-2``, ``S2-4``).
        stage: the stage.
        round: the round within the stage, from 1.
        index: the position within the round, from 1 (bracket order).
        slots: the two sides.
        group: the round-robin group (from 1), 0 elsewhere.
        final: the event's last match (its race is the final's).
        conditional: played only if the second slot's player wins the match its
            players come from (the grand-final reset).
    """

    id: str
    stage: Stage
    round: int
    index: int
    slots: tuple[Slot, Slot]
    group: int = 0
    final: bool = False
    conditional: bool = False


def _first_round(order: Sequence[str], size: int) -> list[str]:
    """The occupant of each bracket line: the player of that seed, or a bye."""
    return [order[seed - 1] if seed <= len(order) else BYE for seed in bracket_positions(size)]


def _knockout(order: Sequence[str], stage: Stage, prefix: str) -> list[MatchSpec]:
    size = bracket_size(len(order))
    lines = [Slot.player(p) for p in _first_round(order, size)]
    return _ladder(lines, stage, prefix)


def _ladder(lines: Sequence[Slot], stage: Stage, prefix: str) -> list[MatchSpec]:
    """A knockout over ``lines`` (a power of two): line 2i meets 2i+1, winners go on."""
    size = len(lines)
    specs = [
        MatchSpec(
            id=f"{prefix}1-{i + 1}",
            stage=stage,
            round=1,
            index=i + 1,
            slots=(lines[2 * i], lines[2 * i + 1]),
        )
        for i in range(size // 2)
    ]
    count, round_ = size // 4, 2
    while count >= 1:
        specs.extend(
            MatchSpec(
                id=f"{prefix}{round_}-{i + 1}",
                stage=stage,
                round=round_,
                index=i + 1,
                slots=(
                    Slot.winner(f"{prefix}{round_ - 1}-{2 * i + 1}"),
                    Slot.winner(f"{prefix}{round_ - 1}-{2 * i + 2}"),
                ),
            )
            for i in range(count)
        )
        count, round_ = count // 2, round_ + 1
    return specs


def single_elimination(order: Sequence[str]) -> tuple[MatchSpec, ...]:
    """Single elimination: byes go to the top seeds, one per first-round match at most.

    >>> [s.id for s in single_elimination(["a", "b", "c"])]
    ['R1-1', 'R1-2', 'R2-1']
    """
    specs = _knockout(order, Stage.MAIN, "R")
    last = specs[-1]
    return (*specs[:-1], _as_final(last))


def _as_final(spec: MatchSpec) -> MatchSpec:
    return MatchSpec(
        id=spec.id,
        stage=spec.stage,
        round=spec.round,
        index=spec.index,
        slots=spec.slots,
        final=True,
        conditional=spec.conditional,
    )


def _losers_side(size: int) -> list[MatchSpec]:
    """The losers' side of a bracket of ``size`` lines.

    Round 1 pairs the first-round losers; each even round ``2j`` sends the losers of
    winners' round ``j + 1`` against the survivors, in reversed order when ``j`` is
    odd (so that two players from the same corner do not meet again at once); each odd
    round after the first halves the field.
    """
    rounds = 2 * (size.bit_length() - 2)
    specs: list[MatchSpec] = []
    if rounds == 0:
        return specs
    specs.extend(
        MatchSpec(
            id=f"L1-{i + 1}",
            stage=Stage.LOSERS,
            round=1,
            index=i + 1,
            slots=(Slot.loser(f"W1-{2 * i + 1}"), Slot.loser(f"W1-{2 * i + 2}")),
        )
        for i in range(size // 4)
    )
    count = size // 4
    for round_ in range(2, rounds + 1):
        if round_ % 2 == 0:
            j = round_ // 2
            dropped = [count - 1 - i if j % 2 else i for i in range(count)]
            specs.extend(
                MatchSpec(
                    id=f"L{round_}-{i + 1}",
                    stage=Stage.LOSERS,
                    round=round_,
                    index=i + 1,
                    slots=(
                        Slot.winner(f"L{round_ - 1}-{i + 1}"),
                        Slot.loser(f"W{j + 1}-{dropped[i] + 1}"),
                    ),
                )
                for i in range(count)
            )
        else:
            count //= 2
            specs.extend(
                MatchSpec(
                    id=f"L{round_}-{i + 1}",
                    stage=Stage.LOSERS,
                    round=round_,
                    index=i + 1,
                    slots=(
                        Slot.winner(f"L{round_ - 1}-{2 * i + 1}"),
                        Slot.winner(f"L{round_ - 1}-{2 * i + 2}"),
                    ),
                )
                for i in range(count)
            )
    return specs


def double_elimination(
    order: Sequence[str],
    *,
    reset: bool,
    single_from: int = 0,
    pairing: PairingRules = CURRENT_PAIRING,
) -> tuple[MatchSpec, ...]:
    """True double elimination: winners' side, losers' side, grand final and reset.

    With ``single_from`` (K), the two sides stop when K/2 players are left on each, and
    a single-elimination knockout follows, each winners' side qualifier against the
    losers' side qualifier fed by the loser of the winners' match ``K/4`` places away
    (in the other half of the knockout: no immediate rematch, see :func:`_crossover`);
    under ``pairing`` V1, the crossover of :func:`_crossover_v1`.

    >>> [s.id for s in double_elimination(["a", "b", "c", "d"], reset=True)]
    ['W1-1', 'W1-2', 'W2-1', 'L1-1', 'L2-1', 'GF', 'GF2']
    >>> [s.id for s in double_elimination(list("abcdefgh"), reset=True, single_from=4)][-3:]
    ['K1-1', 'K1-2', 'K2-1']
    """
    size = bracket_size(len(order))
    if single_from:
        return _double_then_single(order, size, single_from, pairing)
    winners = _knockout(order, Stage.WINNERS, "W")
    losers = _losers_side(size)
    top = winners[-1].id
    bottom = Slot.winner(losers[-1].id) if losers else Slot.loser(top)
    final = MatchSpec(
        id="GF",
        stage=Stage.GRAND_FINAL,
        round=1,
        index=1,
        slots=(Slot.winner(top), bottom),
        final=True,
    )
    specs = [*winners, *losers, final]
    if reset:
        specs.append(
            MatchSpec(
                id="GF2",
                stage=Stage.RESET,
                round=1,
                index=1,
                slots=(Slot.winner("GF"), Slot.loser("GF")),
                final=True,
                conditional=True,
            )
        )
    return tuple(specs)


def _crossover(half: int, drop_round: int) -> list[int]:
    """The losers' side qualifier (0-based) met by each winners' side qualifier ``i``.

    The losers' side's last round (an even round ``2j``, ``j = drop_round``) takes the
    losers of the winners' side's last round, in reversed order when ``j`` is odd
    (:func:`_losers_side`); the qualifier fed by the loser of winners' match ``w`` goes
    to the other half of the knockout, against winners' qualifier ``w + half/2`` (mod
    half), so a match's winner and loser can meet again only in the knockout's final.
    With ``half`` 1 (the last two) the one losers' qualifier meets the one winners'
    qualifier, as in a grand final.
    """
    fed_by = [half - 1 - x if drop_round % 2 else x for x in range(half)]
    slot_of = {w: x for x, w in enumerate(fed_by)}
    return [slot_of[(i + half // 2) % half] for i in range(half)]


def _crossover_v1(half: int) -> list[int]:
    """The crossover of events drawn under :attr:`PairingRules.V1 <PairingRules>`.

    Events stored before their settings named the pairing rules replay with it:
    winners' side qualifier ``i`` (0-based) meets losers' side qualifier ``half - 1 - i``,
    which, for about half of the fields and K, is the slot fed by the loser of its own
    winners' match (an immediate rematch).
    """
    return [half - 1 - i for i in range(half)]


def _double_then_single(
    order: Sequence[str], size: int, last: int, pairing: PairingRules
) -> tuple[MatchSpec, ...]:
    if last * 2 > size:
        raise InvalidEventError(
            f"single elimination from the last {last}: more than half the bracket of {size}",
            ErrorCode.SINGLE_FROM_ABOVE_HALF,
            value=last,
            size=size,
        )
    k, m = size.bit_length() - 1, last.bit_length() - 1
    winners_rounds, losers_rounds = k - m + 1, 2 * (k - m)
    winners = [s for s in _knockout(order, Stage.WINNERS, "W") if s.round <= winners_rounds]
    losers = [s for s in _losers_side(size) if s.round <= losers_rounds]
    half = last // 2
    if pairing is PairingRules.V1:
        against = _crossover_v1(half)
    else:
        against = _crossover(half, losers_rounds // 2)
    lines = [
        slot
        for i in range(half)
        for slot in (
            Slot.winner(f"W{winners_rounds}-{i + 1}"),
            Slot.winner(f"L{losers_rounds}-{against[i] + 1}"),
        )
    ]
    knockout = _ladder(lines, Stage.KNOCKOUT, "K")
    return (*winners, *losers, *knockout[:-1], _as_final(knockout[-1]))


def groups(order: Sequence[str], size: int, count: int = 0) -> tuple[tuple[str, ...], ...]:
    """The round-robin groups, dealt from the seed order in a serpentine.

    ``size`` is the largest group (0: one group of everyone); ``count``, when given,
    is the number of groups instead.

    >>> groups(["1", "2", "3", "4", "5", "6"], 3)
    (('1', '4', '5'), ('2', '3', '6'))
    >>> groups(["1", "2", "3", "4", "5", "6"], 0, count=3)
    (('1', '6'), ('2', '5'), ('3', '4'))
    """
    if not count and (size == 0 or size >= len(order)):
        return (tuple(order),)
    count = count or -(-len(order) // size)
    dealt: list[list[str]] = [[] for _ in range(count)]
    for i, player in enumerate(order):
        row, col = divmod(i, count)
        dealt[col if row % 2 == 0 else count - 1 - col].append(player)
    return tuple(tuple(group) for group in dealt)


def berger(players: Sequence[str]) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The Berger (circle) schedule: rounds of pairs, every pair once, the last fixed.

    An odd group gets a bye (that player sits the round out).

    >>> berger(["a", "b", "c", "d"])
    ((('a', 'd'), ('b', 'c')), (('c', 'd'), ('a', 'b')), (('b', 'd'), ('c', 'a')))
    """
    circle = list(players) + ([BYE] if len(players) % 2 else [])
    n = len(circle)
    rounds: list[tuple[tuple[str, str], ...]] = []
    for _ in range(n - 1):
        pairs = tuple((circle[i], circle[n - 1 - i]) for i in range(n // 2))
        rounds.append(tuple(p for p in pairs if BYE not in p))
        rest = circle[:-1]
        circle = [*rest[-1:], *rest[:-1], circle[-1]]
    return tuple(rounds)


def round_robin(
    order: Sequence[str], group_size: int, *, count: int = 0, prefixed: bool = False
) -> tuple[MatchSpec, ...]:
    """Round robin: groups dealt by seed, each played in the Berger schedule.

    Match ids are ``R<round>-<i>``, or ``G<group>-R<round>-<i>`` with several groups
    (or ``prefixed``, as the groups before a knockout always are).

    >>> [s.id for s in round_robin(["a", "b", "c"], 0)]
    ['R1-1', 'R2-1', 'R3-1']
    """
    dealt = groups(order, group_size, count)
    specs: list[MatchSpec] = []
    for g, group in enumerate(dealt, start=1):
        prefix = "" if len(dealt) == 1 and not prefixed else f"G{g}-"
        for r, pairs in enumerate(berger(group), start=1):
            specs.extend(
                MatchSpec(
                    id=f"{prefix}R{r}-{i}",
                    stage=Stage.GROUP,
                    round=r,
                    index=i,
                    slots=(Slot.player(a), Slot.player(b)),
                    group=g,
                )
                for i, (a, b) in enumerate(pairs, start=1)
            )
    return tuple(specs)


def _pot_preferences(
    positions: Sequence[int], assigned: dict[int, int], partner: dict[int, int], count: int
) -> list[tuple[list[int], int | None]]:
    """Each position's groups in order of preference, and the group it must avoid.

    A position whose first-round opponent is already placed (in an earlier pot) avoids
    that opponent's group ``g`` and prefers ``g + 1, g + 2, …`` (group A's winner meets
    group B's runner-up); any other position prefers its own index in the pot onwards.
    """
    out: list[tuple[list[int], int | None]] = []
    for i, seed in enumerate(positions):
        other = partner.get(seed)
        avoid = assigned.get(other) if other is not None else None
        start = i if avoid is None else avoid + 1
        out.append(([(start + k) % count for k in range(count)], avoid))
    return out


def _seat_pot(preferences: Sequence[tuple[list[int], int | None]], count: int) -> list[int]:
    """The group of each position of a pot.

    No position meets its avoided group if any assignment allows it (a maximum matching
    by augmenting paths, positions in seed order, each trying its groups in preference
    order); positions left over take the groups left, in group order.
    """
    owner: dict[int, int] = {}

    def seat(position: int, seen: set[int]) -> bool:
        wanted, avoid = preferences[position]
        for group in wanted:
            if group == avoid or group in seen:
                continue
            seen.add(group)
            if group not in owner or seat(owner[group], seen):
                owner[group] = position
                return True
        return False

    for position in range(len(preferences)):
        seat(position, set())
    chosen = {position: group for group, position in owner.items()}
    left = iter(g for g in range(count) if g not in owner)
    return [chosen[p] if p in chosen else next(left) for p in range(len(preferences))]


def cross_seeds(count: int, advance: int) -> tuple[tuple[int, int], ...]:
    """The knockout seeds after the groups: ``(group, place)`` of seed 1, 2, … (from 1).

    Seeds go by place first (every group winner, then every runner-up, …: a "pot" per
    place, so the byes go to the group winners first); within a pot the groups are
    placed so that no two players of one group meet in the first round whenever the
    pots allow it (see :func:`_seat_pot`); the bracket then stands the seeds in the
    standard order, seed ``s`` against seed ``size + 1 − s``.

    >>> cross_seeds(2, 2)
    ((1, 1), (2, 1), (1, 2), (2, 2))
    >>> cross_seeds(4, 2)[4:]
    ((1, 2), (4, 2), (3, 2), (2, 2))
    """
    total = count * advance
    size = bracket_size(total)
    partner = {s: size + 1 - s for s in range(1, total + 1) if size + 1 - s <= total}
    assigned: dict[int, int] = {}
    for place in range(advance):
        positions = list(range(place * count + 1, (place + 1) * count + 1))
        seats = _seat_pot(_pot_preferences(positions, assigned, partner, count), count)
        assigned.update(zip(positions, seats, strict=True))
    return tuple((assigned[s] + 1, (s - 1) // count + 1) for s in range(1, total + 1))


def knockout(
    order: Sequence[str],
    *,
    double: bool,
    reset: bool,
    single_from: int = 0,
    pairing: PairingRules = CURRENT_PAIRING,
) -> tuple[MatchSpec, ...]:
    """The knockout after the groups over its seed order.

    Single elimination (``K<round>-<i>``, stage knockout), or a double elimination
    exactly as :func:`double_elimination`.

    >>> [s.id for s in knockout(["a", "b", "c"], double=False, reset=False)]
    ['K1-1', 'K1-2', 'K2-1']
    """
    if double:
        return double_elimination(order, reset=reset, single_from=single_from, pairing=pairing)
    specs = _knockout(order, Stage.KNOCKOUT, "K")
    return (*specs[:-1], _as_final(specs[-1]))
