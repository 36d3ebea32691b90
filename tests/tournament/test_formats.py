"""Properties of every format over field sizes 2..256."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.tournament import BYE, Format, Stage, Status, replay
from tests.tournament.helpers import drawn, losses, play_out, played

sizes = st.integers(min_value=2, max_value=256)
small = st.integers(min_value=2, max_value=24)


@settings(max_examples=15)
@given(n=sizes, seed=st.integers(0, 2**16))
def test_single_elimination_has_one_champion_and_n_minus_1_matches(n: int, seed: int) -> None:
    state = play_out(drawn(n, Format.SINGLE), seed)
    assert state.finished
    assert state.champion is not None
    assert len(played(state)) == n - 1
    counts = losses(state)
    assert counts.pop(state.champion) == 0
    assert set(counts.values()) == {1}


@settings(max_examples=10)
@given(n=sizes, seed=st.integers(0, 2**16), reset=st.booleans())
def test_double_elimination_everyone_but_the_champion_loses_twice(
    n: int, seed: int, reset: bool
) -> None:
    state = play_out(drawn(n, Format.DOUBLE, grand_final_reset=reset), seed)
    champion = state.champion
    assert state.finished
    assert champion is not None
    counts = losses(state)
    grand_final = state.match("GF")
    once = set()
    if not reset and grand_final.winner != grand_final.players[0]:
        once = {grand_final.loser}
    assert counts[champion] in (0, 1)
    for player, lost in counts.items():
        if player != champion:
            assert lost == (1 if player in once else 2), (player, lost)
    assert len(played(state)) in (2 * n - 2, 2 * n - 1)


@settings(max_examples=25)
@given(n=sizes)
def test_no_bye_meets_a_bye_after_round_one(n: int) -> None:
    for fmt in (Format.SINGLE, Format.DOUBLE):
        state = drawn(n, fmt)
        for match in state.matches:
            if match.players == (BYE, BYE):
                assert match.round == 1, match
                assert match.stage in (Stage.MAIN, Stage.LOSERS, Stage.WINNERS)
            if match.round > 1 and match.stage in (Stage.MAIN, Stage.WINNERS):
                assert BYE not in match.players


@settings(max_examples=25)
@given(n=st.integers(2, 40), group_size=st.sampled_from([0, 3, 4, 5, 8]), seed=st.integers(0, 99))
def test_round_robin_plays_every_pair_of_a_group_once(n: int, group_size: int, seed: int) -> None:
    state = play_out(drawn(n, Format.ROUND_ROBIN, group_size=group_size), seed)
    assert state.finished
    groups: dict[int, set[str]] = {}
    pairs: dict[int, list[frozenset[str]]] = {}
    for match in state.matches:
        groups.setdefault(match.group, set()).update(p for p in match.players if p)
        pairs.setdefault(match.group, []).append(frozenset(match.players))  # type: ignore[arg-type]
    assert set().union(*groups.values()) == {e.id for e in state.event.entries}
    for group, members in groups.items():
        expected = {frozenset(p) for p in itertools.combinations(sorted(members), 2)}
        assert sorted(pairs[group], key=sorted) == sorted(expected, key=sorted)
    if len(groups) == 1:
        assert state.champion == state.standings()[0].player


def _perfect_without_rematch(players: list[str], met: set[frozenset[str]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met
        and _perfect_without_rematch([p for p in rest if p != other], met)
        for other in rest
    )


@settings(max_examples=30)
@given(n=st.integers(2, 10), seed=st.integers(0, 999), extra=st.integers(0, 4))
def test_swiss_never_repeats_a_pairing_while_another_exists(n: int, seed: int, extra: int) -> None:
    rounds = min(n + extra, 12)
    state = play_out(drawn(n, Format.SWISS, swiss_rounds=rounds), seed)
    assert state.finished
    assert state.champion is not None
    met: set[frozenset[str]] = set()
    had_bye: dict[str, int] = {}
    for round_ in range(1, rounds + 1):
        matches = [m for m in state.matches if m.round == round_]
        pairs = [frozenset(m.players) for m in matches if m.status is not Status.BYE]
        byes = [m.winner for m in matches if m.status is Status.BYE]
        if any(p in met for p in pairs):
            everyone = sorted({p for m in matches for p in m.players if p})
            fewest = min(had_bye.get(p, 0) for p in everyone)
            candidates = [p for p in everyone if had_bye.get(p, 0) == fewest]
            options = (
                [everyone]
                if len(everyone) % 2 == 0
                else [[p for p in everyone if p != bye] for bye in candidates]
            )
            assert not any(_perfect_without_rematch(o, met) for o in options), round_
        if byes:
            assert len(byes) == 1
            # no second bye while another player still has none (fewer byes)
            others = [had_bye.get(p, 0) for m in matches for p in m.players if p and p != byes[0]]
            assert had_bye.get(byes[0], 0) <= min(others), (round_, byes[0], had_bye)
        met.update(pairs)
        for player in byes:
            had_bye[player] = had_bye.get(player, 0) + 1


@settings(max_examples=6)
@given(n=sizes, seed=st.integers(0, 99))
def test_swiss_on_large_fields_has_one_champion_and_no_rematch(n: int, seed: int) -> None:
    state = play_out(drawn(n, Format.SWISS), seed)
    assert state.champion is not None
    pairs = [frozenset(m.players) for m in state.matches if m.status is Status.DONE]
    assert len(pairs) == len(set(pairs))


@settings(max_examples=10)
@given(
    n=st.integers(2, 48),
    fmt=st.sampled_from(list(Format)),
    seed=st.integers(0, 999),
    stop=st.integers(0, 200),
)
def test_replaying_the_stored_inputs_rebuilds_an_equal_event(
    n: int, fmt: Format, seed: int, stop: int
) -> None:
    state = play_out(drawn(n, fmt), seed)
    assert replay(state.event) == state
    partial = replay(
        type(state.event)(
            name=state.event.name,
            entries=state.event.entries,
            config=state.event.config,
            inputs=state.event.inputs[:stop],
        )
    )
    assert replay(partial.event) == partial


def test_every_field_size_draws_byes_only_against_players_in_round_one() -> None:
    sizes = [(n, Format.SINGLE) for n in range(2, 257)]
    sizes += [(n, Format.DOUBLE) for n in (*range(2, 34), *range(40, 257, 23), 255, 256)]
    for n, fmt in sizes:
        state = drawn(n, fmt)
        first = [
            m for m in state.matches if m.round == 1 and m.stage in (Stage.MAIN, Stage.WINNERS)
        ]
        assert sum(m.players.count(BYE) for m in first) == 2 * len(first) - n
        assert all(m.players != (BYE, BYE) for m in first), n
        assert all(m.status in (Status.READY, Status.BYE) for m in first)


@settings(max_examples=8)
@given(n=st.integers(4, 256), k=st.integers(1, 7), seed=st.integers(0, 999))
def test_double_until_the_last_k_then_single(n: int, k: int, seed: int) -> None:
    size = 1 << (n - 1).bit_length()
    last = min(1 << k, size // 2)
    state = play_out(drawn(n, Format.DOUBLE, single_from=last), seed)
    assert state.finished
    champion = state.champion
    assert champion is not None
    knockout = [m for m in state.matches if m.stage is Stage.KNOCKOUT]
    assert len(knockout) == last - 1
    entered = {p for m in knockout if m.round == 1 for p in m.players}
    assert len(entered) == last
    counts = losses(state)
    for player, lost in counts.items():
        if player == champion:
            assert lost <= 1
        elif player in entered:
            assert lost in (1, 2)
        else:
            assert lost == 2
    out = [line for line in state.standings() if line.out]
    assert len(out) == n - 1


def test_single_from_must_be_a_power_of_two_within_half_the_bracket() -> None:
    import pytest

    from rotation61.tournament import Config, InvalidEventError

    with pytest.raises(InvalidEventError, match="last 6: not a power of two"):
        Config(format=Format.DOUBLE, single_from=6)
    with pytest.raises(InvalidEventError, match="last 8: more than half the bracket of 8"):
        drawn(5, Format.DOUBLE, single_from=8)


@pytest.mark.parametrize("seed", range(12))
def test_swiss_five_players_seven_rounds_gives_byes_evenly(seed: int) -> None:
    state = play_out(drawn(5, Format.SWISS, swiss_rounds=7), seed)
    assert state.finished
    byes: dict[str, int] = {e.id: 0 for e in state.event.entries}
    for match in state.matches:
        if match.status is Status.BYE:
            byes[match.winner] += 1
    assert sum(byes.values()) == 7
    assert sorted(byes.values()) == [1, 1, 1, 2, 2], byes


@settings(max_examples=40)
@given(
    n=st.integers(3, 11).filter(lambda n: n % 2), extra=st.integers(0, 8), seed=st.integers(0, 999)
)
def test_swiss_byes_never_twice_while_someone_has_none(n: int, extra: int, seed: int) -> None:
    rounds = n + extra
    state = play_out(drawn(n, Format.SWISS, swiss_rounds=rounds), seed)
    byes: dict[str, int] = {e.id: 0 for e in state.event.entries}
    for round_ in range(1, rounds + 1):
        for match in state.matches:
            if match.round == round_ and match.status is Status.BYE:
                assert byes[match.winner] == min(byes.values()), (round_, byes)
                byes[match.winner] += 1
    assert max(byes.values()) - min(byes.values()) <= 1
