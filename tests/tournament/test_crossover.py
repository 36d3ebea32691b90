"""Double elimination until the last K: the crossover into the knockout, no immediate rematch."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.tournament import Format, Stage, Status
from rotation61.tournament.bracket import MatchSpec, SlotKind, double_elimination
from tests.tournament.helpers import drawn, play_out


def _valid_ks(n: int) -> list[int]:
    size = 1 << (n - 1).bit_length()
    return [1 << e for e in range(1, size.bit_length()) if (1 << e) * 2 <= size]


CASES = [(n, k) for n in range(2, 65) for k in _valid_ks(n)]


def _immediate_rematches(specs: tuple[MatchSpec, ...]) -> list[str]:
    """Matches that pair a match's winner with the slot its own loser feeds."""
    by_id = {s.id: s for s in specs}
    found = []
    for spec in specs:
        winners = {s.ref for s in spec.slots if s.kind is SlotKind.WINNER}
        dropped = {s.ref for s in spec.slots if s.kind is SlotKind.LOSER}
        for slot in spec.slots:
            if slot.kind is SlotKind.WINNER:
                source = by_id[slot.ref]
                dropped |= {s.ref for s in source.slots if s.kind is SlotKind.LOSER}
        if winners & dropped:
            found.append(spec.id)
    return found


def _half(spec: MatchSpec, half: int) -> int:
    """Which half of the knockout a first-round match is in (0 top, 1 bottom)."""
    return 0 if spec.index <= half // 2 else 1


@pytest.mark.parametrize(("n", "k"), CASES, ids=[f"n{n}-K{k}" for n, k in CASES])
def test_crossover_never_pairs_a_winner_with_its_own_loser(n: int, k: int) -> None:
    specs = double_elimination([f"p{i}" for i in range(1, n + 1)], reset=True, single_from=k)
    knockout = [s for s in specs if s.stage is Stage.KNOCKOUT]
    assert len(knockout) == k - 1
    rematches = _immediate_rematches(specs)
    if k == 2:
        # the last two: the knockout is the grand final without reset, the losers' side
        # champion against the winners' side champion, as in any double elimination
        assert rematches == ["K1-1"]
        return
    assert rematches == []
    # the winner and the loser of each winners' side last-round match start in opposite
    # halves of the knockout: they can meet again only in its final
    by_id = {s.id: s for s in specs}
    half = k // 2
    where: dict[str, set[int]] = {}
    for spec in knockout:
        if spec.round != 1:
            continue
        top, bottom = spec.slots
        where.setdefault(top.ref, set()).add(_half(spec, half))
        fed = next(s.ref for s in by_id[bottom.ref].slots if s.kind is SlotKind.LOSER)
        where.setdefault(fed, set()).add(_half(spec, half))
    assert len(where) == half
    assert all(halves == {0, 1} for halves in where.values())


@settings(max_examples=20)
@given(n=st.integers(8, 64), e=st.integers(2, 5), seed=st.integers(0, 9999))
def test_played_crossover_never_repeats_the_last_match(n: int, e: int, seed: int) -> None:
    size = 1 << (n - 1).bit_length()
    k = min(1 << e, size // 2)
    state = play_out(drawn(n, Format.DOUBLE, single_from=k), seed)
    last_opponent: dict[str, str] = {}
    for match in state.matches:
        if match.status is not Status.DONE:
            continue
        a, b = match.players
        assert a is not None
        assert b is not None
        if match.stage is Stage.KNOCKOUT and match.round == 1:
            assert last_opponent.get(a) != b, (match.id, a, b)
        last_opponent[a], last_opponent[b] = b, a


def test_the_reported_case_has_no_rematch() -> None:
    state = play_out(drawn(8, Format.DOUBLE, single_from=4), 2)
    previous = {}
    for match in state.matches:
        if match.stage is not Stage.KNOCKOUT:
            a, b = match.players
            previous[a], previous[b] = b, a
    for match in state.matches:
        if match.stage is Stage.KNOCKOUT and match.round == 1:
            a, b = match.players
            assert previous[a] != b
