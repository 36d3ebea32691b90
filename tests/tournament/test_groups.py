"""Groups then knockout: round-robin groups, then the top M of each group, cross-seeded."""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.tournament import (
    BYE,
    Call,
    Config,
    CorrectionRefusedError,
    EventState,
    Format,
    InvalidEventError,
    Match,
    Races,
    Result,
    Stage,
    Status,
    TieBreak,
    Walkover,
    Withdrawal,
    from_json,
    new_event,
    play,
    replay,
    to_json,
)
from rotation61.tournament.bracket import cross_seeds
from rotation61.tournament.model import group_count
from rotation61.tournament.seeding import bracket_size
from tests.tournament.helpers import drawn, field, losses, play_out

SWEEP = int(os.environ.get("ROTATION61_SIM_SWEEP", "1"))


def members(state: EventState) -> dict[int, set[str]]:
    """Each group's players, from its matches."""
    groups: dict[int, set[str]] = {}
    for match in state.matches:
        if match.stage is Stage.GROUP:
            groups.setdefault(match.group, set()).update(p for p in match.players if p)
    return groups


def knockout(state: EventState) -> list[Match]:
    return [m for m in state.matches if m.stage is not Stage.GROUP]


def first_round(state: EventState) -> list[Match]:
    """The knockout's first round (single: ``K1``; double: the winners' side ``W1``)."""
    stage = (
        Stage.WINNERS if any(m.stage is Stage.WINNERS for m in state.matches) else Stage.KNOCKOUT
    )
    return [m for m in state.matches if m.stage is stage and m.round == 1]


def same_group_meetings(
    pairs: Sequence[tuple[str | None, str | None]], group: dict[str, int]
) -> int:
    return sum(1 for a, b in pairs if a and b and a != BYE and b != BYE and group[a] == group[b])


def fewest_meetings(count: int, advance: int) -> int:
    """The fewest first-round meetings of one group's players over every cross-seeding
    that keeps the seeds by place (every assignment of groups within each pot)."""
    total = count * advance
    size = bracket_size(total)
    pairs = [(s, size + 1 - s) for s in range(1, size // 2 + 1) if size + 1 - s <= total]
    best = total
    for pots in itertools.product(itertools.permutations(range(count)), repeat=advance):
        seeds = [g for pot in pots for g in pot]
        best = min(best, sum(seeds[a - 1] == seeds[b - 1] for a, b in pairs))
    return best


def check_event(state: EventState, config: Config) -> None:
    """The properties every finished groups-then-knockout event has."""
    n = len(state.event.entries)
    assert state.finished
    champion = state.champion
    assert champion is not None
    groups = members(state)
    count = group_count(n, config)
    assert sorted(groups) == list(range(1, count + 1))
    assert set().union(*groups.values()) == {e.id for e in state.event.entries}
    for g, players in groups.items():
        pairs = [frozenset(m.players) for m in state.matches if m.group == g]
        expected = {frozenset(p) for p in itertools.combinations(sorted(players), 2)}
        assert sorted(pairs, key=sorted) == sorted(expected, key=sorted), g
    entered = {p for m in first_round(state) for p in m.players if p}
    assert len(entered) == count * config.advance
    tops = {line.player for g in groups for line in state.standings(g)[: config.advance]}
    assert entered == tops
    group_of = {p: g for g, players in groups.items() for p in players}
    if count >= 3:
        assert same_group_meetings([m.players for m in first_round(state)], group_of) == 0
    assert state.standings()[0].player == champion
    assert sum(line.out for line in state.standings()) == n - 1
    counts = losses(state)
    knockout_losses = dict.fromkeys(entered, 0)
    for match in knockout(state):
        if match.status in (Status.DONE, Status.WALKOVER):
            knockout_losses[match.loser] += 1
    decided = [m for m in knockout(state) if m.status in (Status.DONE, Status.WALKOVER)]
    qualified = count * config.advance
    if config.knockout is Format.SINGLE:
        assert knockout_losses.pop(champion) == 0
        assert set(knockout_losses.values()) == {1}
        assert len(decided) == qualified - 1
    else:
        assert knockout_losses.pop(champion) <= 1
        assert set(knockout_losses.values()) <= {1, 2}
        if not config.single_from:
            assert len(decided) in (2 * qualified - 2, 2 * qualified - 1)
    assert sum(counts.values()) >= len(decided)


@st.composite
def group_settings(draw: st.DrawFn, sizes: st.SearchStrategy[int]) -> tuple[int, Config]:
    """A field size and valid settings: group count or size, M, the knockout's format."""
    n = draw(sizes)
    by_count = draw(st.booleans())
    if by_count:
        count, size = draw(st.integers(1, max(1, min(n // 2, 64)))), 0
    else:
        count, size = (
            0,
            draw(
                st.sampled_from([0, 3, 4, 5, 6, 8]) if n <= 12 else st.sampled_from([3, 4, 5, 6, 8])
            ),
        )
    probe = Config(format=Format.GROUPS, group_count=count, group_size=size)
    groups = group_count(n, probe)
    smallest = n // groups
    low = 2 if groups == 1 else 1
    advance = draw(st.integers(low, max(low, min(smallest, 4))))
    double = draw(st.booleans())
    last = 0
    if double and draw(st.booleans()):
        half = bracket_size(groups * advance) // 2
        last = draw(st.sampled_from([k for k in (2, 4, 8, 16) if k <= half] or [0]))
    config = Config(
        format=Format.GROUPS,
        races=Races(default=2),
        group_count=count,
        group_size=size,
        advance=advance,
        knockout=Format.DOUBLE if double else Format.SINGLE,
        grand_final_reset=draw(st.booleans()),
        single_from=last,
    )
    return n, config


def event(n: int, config: Config) -> EventState:
    from rotation61.tournament import draw

    return draw(new_event("Groups", field(n), config), seed=n)


@settings(max_examples=6)
@given(case=group_settings(st.integers(2, 256)), seed=st.integers(0, 999))
def test_groups_then_knockout_over_field_sizes(case: tuple[int, Config], seed: int) -> None:
    n, config = case
    state = play_out(event(n, config), seed)
    check_event(state, config)
    assert replay(state.event) == state
    assert from_json(to_json(state)) == state


@pytest.mark.parametrize("n", [*range(2, 25), 63, 64, 65, 129, 256])
def test_every_size_of_a_sample_with_groups_of_four_and_top_two(n: int) -> None:
    config = Config(format=Format.GROUPS, races=Races(default=2), group_size=4)
    check_event(play_out(event(n, config), n), config)


@pytest.mark.slow
@pytest.mark.skipif(SWEEP < 10, reason="a thorough run only: ROTATION61_SIM_SWEEP=10")
@pytest.mark.parametrize(
    "settings_",
    [
        {"group_size": 4},
        {"group_size": 5, "advance": 2, "knockout": Format.DOUBLE},
        {"group_size": 8, "advance": 4},
        {"group_size": 3, "advance": 1},
    ],
    ids=str,
)
def test_every_field_size_from_2_to_256(settings_: dict[str, object]) -> None:
    for n in range(2, 257):
        config = Config(format=Format.GROUPS, races=Races(default=2), **settings_)  # type: ignore[arg-type]
        if (
            n // group_count(n, config) < config.advance
            or group_count(n, config) * config.advance < 2
        ):
            continue
        state = play_out(event(n, config), n)
        check_event(state, config)
        assert replay(state.event) == state


def check_cross_seeds(count: int, advance: int) -> None:
    """Every qualifier once, seeds by place, and no first-round meeting of one group's
    players unless every by-place seeding has as many (brute force for two groups)."""
    seeds = cross_seeds(count, advance)
    assert sorted(seeds) == sorted(
        (g, p) for g in range(1, count + 1) for p in range(1, advance + 1)
    )
    assert [p for _, p in seeds] == sorted(p for _, p in seeds)
    size = bracket_size(len(seeds))
    met = sum(
        seeds[s - 1][0] == seeds[size - s][0]
        for s in range(1, size // 2 + 1)
        if size + 1 - s <= len(seeds)
    )
    if count >= 3:
        assert met == 0, (count, advance)
    elif count == 2 and advance <= 8:
        assert met == fewest_meetings(count, advance), (count, advance)


def test_cross_seeds_keep_one_group_apart_in_the_first_round_when_avoidable() -> None:
    for count in range(1, 129):
        most = 256 // count
        for advance in sorted({1, 2, 3, 4, 5, 8, most - 1, most} & set(range(1, most + 1))):
            if count * advance >= 2:
                check_cross_seeds(count, advance)


@pytest.mark.slow
@pytest.mark.skipif(SWEEP < 10, reason="a thorough run only: ROTATION61_SIM_SWEEP=10")
def test_cross_seeds_for_every_group_count_and_advance() -> None:
    for count in range(1, 129):
        for advance in range(1, 256 // count + 1):
            if count * advance >= 2:
                check_cross_seeds(count, advance)


def test_small_cross_seedings_are_the_fewest_meetings_of_any() -> None:
    for count, advance in [(3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (4, 3), (5, 2)]:
        seeds = cross_seeds(count, advance)
        size = bracket_size(len(seeds))
        met = sum(
            seeds[s - 1][0] == seeds[size - s][0]
            for s in range(1, size // 2 + 1)
            if size + 1 - s <= len(seeds)
        )
        assert met == fewest_meetings(count, advance) == 0


def test_group_winner_meets_the_next_groups_runner_up() -> None:
    assert cross_seeds(2, 2) == ((1, 1), (2, 1), (1, 2), (2, 2))
    state = drawn(8, Format.GROUPS, group_count=2)
    state = play_out(state, 5)
    winners = {g: state.standings(g)[0].player for g in (1, 2)}
    runners = {g: state.standings(g)[1].player for g in (1, 2)}
    pairs = {frozenset(m.players) for m in first_round(state)}
    assert pairs == {
        frozenset((winners[1], runners[2])),
        frozenset((winners[2], runners[1])),
    }


def _all_but_last_group_match(state: EventState) -> tuple[EventState, Match]:
    while True:
        ready = [m for m in state.matches if m.status is Status.READY]
        undecided = [m for m in state.matches if not m.decided]
        if len(undecided) == 1:
            return state, undecided[0]
        match = ready[0]
        state = play(state, Result(match=match.id, racks=(2, 1)))


def test_the_knockout_is_drawn_only_when_every_group_match_is_decided() -> None:
    state, last = _all_but_last_group_match(drawn(9, Format.GROUPS, group_size=3))
    assert not knockout(state)
    assert state.champion is None
    assert not state.finished
    assert all(m.stage is Stage.GROUP for m in state.matches)
    a = last.players[0]
    assert a is not None
    walked = play(state, Walkover(match=last.id, winner=a))
    assert len({p for m in first_round(walked) for p in m.players if p}) == 6
    played = play(state, Result(match=last.id, racks=(0, 2)))
    assert first_round(played)
    assert replay(played.event) == played


def test_a_withdrawn_player_is_passed_over_for_the_knockout() -> None:
    state = drawn(8, Format.GROUPS, group_size=4)
    state = play(state, Withdrawal(player="p1"))
    state = play_out(state, 1)
    entered = {p for m in first_round(state) for p in m.players if p}
    assert "p1" not in entered
    assert len(entered) == 4
    # a group of two sending both through: the withdrawn player fills the place and forfeits
    small = play(drawn(4, Format.GROUPS, group_size=2), Withdrawal(player="p1"))
    small = play_out(small, 1)
    assert {p for m in first_round(small) for p in m.players if p} == {"p1", "p2", "p3", "p4"}
    forfeited = [m for m in knockout(small) if m.has("p1")]
    assert [m.status for m in forfeited] == [Status.WALKOVER]
    assert small.champion not in (None, "p1")


def _flip(match: Match, winner: str) -> Result:
    return Result(match=match.id, racks=(2, 0) if match.players[0] == winner else (0, 2))


def test_a_group_correction_redraws_the_knockout_until_it_starts() -> None:
    # one group of four, the lower number always wins: p1 and p2 go through
    base = drawn(4, Format.GROUPS, group_count=1, advance=2)
    order = list(base.matches)
    assert len(order) == 6
    for match in order:
        a, b = match.players
        assert a is not None
        assert b is not None
        wins_a = min(a, b, key=lambda p: int(p[1:])) == a
        base = play(base, Result(match=match.id, racks=(2, 0) if wins_a else (0, 2)))
    final = knockout(base)[0]
    assert set(final.players) == {"p1", "p2"}
    p2_p3 = next(m for m in order if set(m.players) == {"p2", "p3"})
    p3_p4 = next(m for m in order if set(m.players) == {"p3", "p4"})
    flipped = play(base, _flip(p2_p3, "p3"))  # p3 now has two wins, p2 one
    assert set(knockout(flipped)[0].players) == {"p1", "p3"}
    assert replay(flipped.event) == flipped
    called = play(base, Call(match=final.id, table="t1"))
    kept = play(
        called, Result(match=p3_p4.id, racks=(2, 1) if p3_p4.players[0] == "p3" else (1, 2))
    )
    assert knockout(kept)[0].players == final.players  # the same players: allowed
    assert kept.match(final.id).status is Status.PLAYING
    with pytest.raises(CorrectionRefusedError, match=f"match {final.id!r}, which depends on it"):
        play(kept, _flip(p2_p3, "p3"))


def test_races_by_stage_and_knockout_round() -> None:
    races = Races(
        default=3,
        by_stage=((Stage.GROUP, 2), (Stage.KNOCKOUT, 4)),
        by_round=((Stage.KNOCKOUT, 2, 5),),
        final=6,
    )
    config = Config(format=Format.GROUPS, races=races, group_count=4, advance=2)
    state = play_out(event(16, config), 3)
    assert {m.race for m in state.matches if m.stage is Stage.GROUP} == {2}
    by_round = {m.round: m.race for m in knockout(state)}
    assert by_round == {1: 4, 2: 5, 3: 6}
    double = Config(
        format=Format.GROUPS,
        races=Races(default=3, by_stage=((Stage.LOSERS, 2),), final=5),
        group_count=2,
        advance=2,
        knockout=Format.DOUBLE,
    )
    state = play_out(event(8, double), 3)
    stages = {m.stage: m.race for m in knockout(state) if m.status is not Status.VOID}
    assert stages[Stage.WINNERS] == 3
    assert stages[Stage.LOSERS] == 2
    assert stages[Stage.GRAND_FINAL] == 5
    assert state.champion is not None


@pytest.mark.parametrize(
    ("settings_", "n", "message"),
    [
        ({"advance": 0}, 8, "players going through from each group 0 is not an integer 1"),
        ({"group_count": -1}, 8, "group count -1 is not an integer 0"),
        ({"group_count": 2, "group_size": 4}, 8, "group count 2 and group size 4: give one"),
        ({"knockout": Format.SWISS}, 8, "knockout format 'swiss' is not single or double"),
        ({"knockout": "ladder"}, 8, "'ladder' is not a valid Format"),
        ({"single_from": 4}, 8, "the knockout after the groups is already single"),
        ({"group_count": 5}, 8, "group count 5 for 8 players leaves a group of fewer than 2"),
        ({"group_size": 4, "advance": 3}, 5, "top 3 of each group: the smallest group has 2"),
        ({"group_count": 1, "advance": 1}, 8, "top 1 of 1 group: a knockout needs 2 players"),
        (
            {"group_count": 2, "knockout": Format.DOUBLE, "single_from": 4},
            8,
            "last 4: more than half the knockout bracket of 4",
        ),
    ],
)
def test_bad_settings_name_the_bad_value(
    settings_: dict[str, object], n: int, message: str
) -> None:
    def build() -> None:
        config = Config(format=Format.GROUPS, **settings_)  # type: ignore[arg-type]
        new_event("Groups", field(n), config)

    with pytest.raises(InvalidEventError, match=message):
        build()


def test_the_group_count_also_sets_round_robin_groups() -> None:
    state = play_out(drawn(9, Format.ROUND_ROBIN, group_count=3), 1)
    assert sorted(len(p) for p in members(state).values()) == [3, 3, 3]
    with pytest.raises(InvalidEventError, match="group count 5 for 9 players"):
        drawn(9, Format.ROUND_ROBIN, group_count=5)


@pytest.mark.parametrize(
    "settings_",
    [
        {"group_size": 4},
        {"group_size": 4, "knockout": Format.DOUBLE},
        {"group_count": 2, "advance": 4, "knockout": Format.DOUBLE, "single_from": 4},
    ],
    ids=str,
)
def test_codec_round_trip_and_schema(settings_: dict[str, object]) -> None:
    import json

    import jsonschema

    from rotation61.tournament import Feature, from_json, to_dict, to_json
    from tests.conftest import REPO

    schema = json.loads((REPO / "schemas" / "tournament.schema.json").read_text(encoding="utf-8"))
    state = drawn(11, Format.GROUPS, **settings_)
    first = state.matches[0]
    state = play(state, Feature(match=first.id))
    state = play(state, Call(match=first.id, table="t1"))
    state = play(state, Withdrawal(player="p11"))
    midway = state
    state = play_out(play(state, Result(match=first.id, racks=(2, 1), record="g1.r61")), 4)
    for stop in (midway, state):
        document = to_dict(stop)
        jsonschema.validate(document, schema)
        assert from_json(to_json(stop)) == stop
    assert state.champion is not None
    assert {m["stage"] for m in to_dict(state)["matches"]} > {"group"}


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"advance": "two"}, "config: 'advance' is 'two', not an integer"),
        ({"group_count": True}, "config: 'group_count' is True, not an integer"),
        ({"knockout": "swiss"}, "knockout format 'swiss' is not single or double"),
        ({"advance": 5}, "top 5 of each group: the smallest group has 4 players"),
    ],
)
def test_a_malformed_group_config_is_refused_on_import(
    patch: dict[str, object], message: str
) -> None:
    from rotation61.tournament import from_dict, to_dict

    document = to_dict(drawn(8, Format.GROUPS, group_size=4))
    with pytest.raises(InvalidEventError, match=message):
        from_dict({**document, "config": {**document["config"], **patch}})


@pytest.mark.parametrize(
    ("tie_breaks", "through"),
    [
        ((TieBreak.MATCHES_WON, TieBreak.RACK_DIFFERENCE), "p1"),
        ((TieBreak.MATCHES_WON, TieBreak.POINT_DIFFERENCE), "p5"),
    ],
)
def test_the_events_tie_breaks_decide_who_goes_through(
    tie_breaks: tuple[TieBreak, ...], through: str
) -> None:
    # group 1 is p1, p4, p5 (serpentine): each wins once; racks favour p1, points p5
    state = drawn(6, Format.GROUPS, group_count=2, advance=1, tie_breaks=tie_breaks)
    assert members(state)[1] == {"p1", "p4", "p5"}
    scores = {
        ("p1", "p4"): ((2, 0), (200, 150)),
        ("p4", "p5"): ((2, 0), (130, 120)),
        ("p5", "p1"): ((2, 1), (300, 100)),
    }
    for match in state.matches:
        a, b = match.players
        assert a is not None
        assert b is not None
        if (a, b) in scores or (b, a) in scores:
            racks, points = scores[(a, b)] if (a, b) in scores else scores[(b, a)]
            if (a, b) not in scores:
                racks, points = (racks[1], racks[0]), (points[1], points[0])
            state = play(state, Result(match=match.id, racks=racks, points=points))
        else:
            state = play(state, Result(match=match.id, racks=(2, 0)))
    assert {p for m in first_round(state) for p in m.players if p} == {through, "p2"}


def test_a_document_from_before_groups_then_knockout_still_reads_and_validates() -> None:
    import json

    import jsonschema

    from rotation61.tournament import from_dict, to_dict
    from tests.conftest import REPO

    schema = json.loads((REPO / "schemas" / "tournament.schema.json").read_text(encoding="utf-8"))
    state = play_out(drawn(6, Format.DOUBLE), 2)
    document = to_dict(state)
    old = {
        k: v
        for k, v in document["config"].items()
        if k not in ("group_count", "advance", "knockout")
    }
    older = {**document, "config": old}
    jsonschema.validate(older, schema)
    assert from_dict(older) == state
