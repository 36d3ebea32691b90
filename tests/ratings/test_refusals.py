"""Bad input to the ratings layer: refused with a code and the values it names."""

from __future__ import annotations

import math
import random
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation61.ratings import (
    RACE_LIMIT,
    RackTally,
    RatingsError,
    RatingsProblem,
    RatingsWarning,
    fair_race,
    fit,
    race_probability,
    rack_probability,
)
from rotation61.rules.text_fields import TextFieldError
from rotation61.text import Language, describe_refusal

TALLY = RackTally(player="An", opponent="Bình", won=3, lost=2)


@pytest.mark.parametrize("anchor", [math.nan, math.inf, -math.inf], ids=str)
def test_an_anchor_that_is_not_finite_is_refused(anchor: float) -> None:
    with pytest.raises(RatingsError, match=r"anchor .* is not a finite number") as caught:
        fit([TALLY], anchor=anchor)
    assert caught.value.code is RatingsProblem.NOT_FINITE
    assert caught.value.params["name"] == "anchor"
    assert caught.value.params["value"] is anchor


@pytest.mark.parametrize(
    ("settings", "code", "name"),
    [
        ({"prior_racks": -1.0}, RatingsProblem.NEGATIVE, "prior_racks"),
        ({"prior_racks": math.nan}, RatingsProblem.NOT_FINITE, "prior_racks"),
        ({"preliminary_below": 2.5}, RatingsProblem.NOT_A_COUNT, "preliminary_below"),
        ({"tolerance": -1e-9}, RatingsProblem.NEGATIVE, "tolerance"),
        ({"max_iterations": -3}, RatingsProblem.NEGATIVE, "max_iterations"),
        ({"anchor": "500"}, RatingsProblem.NOT_A_NUMBER, "anchor"),
    ],
    ids=lambda v: str(v),
)
def test_bad_settings_of_the_fit_are_refused_by_name(
    settings: dict[str, object], code: RatingsProblem, name: str
) -> None:
    with pytest.raises(RatingsError) as caught:
        fit([TALLY], **settings)  # type: ignore[arg-type]
    assert caught.value.code is code
    assert caught.value.params["name"] == name


@pytest.mark.parametrize(
    ("won", "lost", "code"),
    [(-1, 0, RatingsProblem.NEGATIVE), (1.5, 0, RatingsProblem.NOT_A_COUNT)],
    ids=["negative", "fraction"],
)
def test_bad_rack_counts_are_refused(won: int, lost: int, code: RatingsProblem) -> None:
    with pytest.raises(RatingsError) as caught:
        RackTally(player="a", opponent="b", won=won, lost=lost)
    assert caught.value.code is code
    assert caught.value.params == {"name": "won", "value": won}


def test_names_are_cleaned_as_every_person_facing_text_so_bob_is_one_player() -> None:
    rated = fit(
        [
            RackTally(player="Bob ", opponent="An", won=3, lost=1),
            RackTally(player="Bob", opponent="Nguye\u0302\u0303n", won=2, lost=2),
            RackTally(player="Nguyễn", opponent="An", won=1, lost=1),
        ]
    )
    assert sorted(r.player for r in rated) == ["An", "Bob", "Nguyễn"]
    assert {r.player: r.racks for r in rated}["Bob"] == 8
    with pytest.raises(RatingsError) as caught:
        RackTally(player="Bob ", opponent=" Bob", won=1, lost=0)
    assert caught.value.code is RatingsProblem.SELF_TALLY
    assert caught.value.params == {"player": "Bob"}
    with pytest.raises(TextFieldError, match="character 2 is U\\+0009"):
        RackTally(player="A\tB", opponent="C", won=1, lost=0)


def test_an_unbeaten_player_without_virtual_racks_is_refused_not_an_overflow() -> None:
    tallies = [
        RackTally(player="a", opponent="b", won=5, lost=0),
        RackTally(player="b", opponent="c", won=3, lost=2),
    ]
    with pytest.raises(RatingsError, match="'a' never lost") as caught:
        fit(tallies, prior_racks=0)
    assert caught.value.code is RatingsProblem.NO_FINITE_RATING
    assert caught.value.params == {"players": ("a",)}
    assert all(math.isfinite(r.rating) for r in fit(tallies))


def test_a_group_that_beat_the_rest_without_virtual_racks_is_refused_by_its_players() -> None:
    tallies = [
        RackTally(player="a", opponent="b", won=2, lost=1),
        RackTally(player="a", opponent="c", won=3, lost=0),
        RackTally(player="b", opponent="c", won=1, lost=0),
        RackTally(player="c", opponent="d", won=2, lost=2),
    ]
    with pytest.raises(RatingsError) as caught:
        fit(tallies, prior_racks=0)
    assert caught.value.params == {"players": ("a", "b")}


def test_a_probability_outside_0_to_1_is_refused() -> None:
    for p in (1.5, -0.1, math.nan):
        with pytest.raises(RatingsError) as caught:
            race_probability(p, 3, 3)
        assert caught.value.code in (RatingsProblem.PROBABILITY_RANGE, RatingsProblem.NOT_FINITE)
    assert race_probability(0.0, 3, 3) == 0.0
    assert race_probability(1.0, 3, 3) == 1.0


def test_long_races_and_big_gaps_neither_overflow_nor_underflow() -> None:
    assert race_probability(0.5, 700, 700) == pytest.approx(0.5, abs=1e-12)
    high = race_probability(0.55, 700, 700)
    assert 0.99 < high < 1.0
    assert race_probability(0.45, 700, 700) == pytest.approx(1 - high, rel=1e-9)
    tiny = race_probability(0.01, 700, 1)  # 0.01 ** 700: far below the smallest float
    assert tiny == 0.0
    assert race_probability(0.999, 9000, 9000) == 1.0
    assert rack_probability(1e6, 0) == 1.0
    assert rack_probability(0, 1e6) == 0.0
    with pytest.raises(RatingsError) as caught:
        race_probability(0.5, RACE_LIMIT + 1, 3)
    assert caught.value.code is RatingsProblem.RACE_RANGE


def test_fair_race_refuses_a_rating_that_is_not_a_number() -> None:
    for bad in (math.nan, math.inf):
        with pytest.raises(RatingsError) as caught:
            fair_race(bad, 500, 7)
        assert caught.value.code is RatingsProblem.NOT_FINITE
    assert fair_race(2000, 0, 700) == (700, 1)


@given(
    st.floats(min_value=0.0, max_value=1.0),
    st.integers(min_value=1, max_value=800),
    st.integers(min_value=1, max_value=800),
)
def test_the_two_players_chances_of_a_race_add_up_to_one(p: float, a: int, b: int) -> None:
    mine = race_probability(p, a, b)
    assert 0.0 <= mine <= 1.0
    assert mine + race_probability(1.0 - p, b, a) == pytest.approx(1.0, abs=1e-9)


@given(
    st.floats(min_value=-1e5, max_value=1e5),
    st.floats(min_value=-1e5, max_value=1e5),
    st.integers(min_value=1, max_value=60),
)
def test_fair_race_is_always_a_race_the_weaker_player_can_run(
    rating: float, opponent: float, longest: int
) -> None:
    mine, theirs = fair_race(rating, opponent, longest)
    assert longest in (mine, theirs)
    assert 1 <= min(mine, theirs) <= longest
    if rating < opponent:
        assert mine <= theirs


def _two_clubs(seed: int) -> list[RackTally]:
    """Two clubs that never met, their true means 697 and 381."""
    rng = random.Random(seed)
    truth = {"h1": 750, "h2": 700, "h3": 640, "l1": 430, "l2": 380, "l3": 333}
    tallies = []
    for club in ("h", "l"):
        names = [n for n in truth if n.startswith(club)]
        for _ in range(600):
            a, b = rng.sample(names, 2)
            won = rng.random() < rack_probability(truth[a], truth[b])
            tallies.append(RackTally(player=a, opponent=b, won=int(won), lost=int(not won)))
    return tallies


def test_groups_that_never_met_are_reported_and_anchored_each_on_its_own() -> None:
    with pytest.warns(RatingsWarning, match="2 groups that never met") as caught:
        rated = fit(_two_clubs(7), prior_racks=0)
    warning = caught[0].message
    assert isinstance(warning, RatingsWarning)
    assert warning.groups == (("h1", "h2", "h3"), ("l1", "l2", "l3"))
    by_group: dict[int, list[float]] = {}
    for r in rated:
        by_group.setdefault(r.group, []).append(r.rating)
    assert sorted(by_group) == [1, 2]
    for ratings in by_group.values():
        assert sum(ratings) / len(ratings) == pytest.approx(500.0, abs=1e-6)


def test_one_group_fits_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rated = fit([TALLY, RackTally(player="Bình", opponent="Cường", won=1, lost=1)])
    assert {r.group for r in rated} == {1}
    zero = fit([RackTally(player="x", opponent="y", won=0, lost=0)])
    assert {(r.player, r.group, r.rating) for r in zero} == {("x", 0, 500.0), ("y", 0, 500.0)}


@pytest.mark.parametrize("lang", list(Language), ids=str)
def test_every_ratings_refusal_is_worded_in_both_languages(lang: Language) -> None:
    refusals: list[RatingsError] = []
    for call in (
        lambda: fit([TALLY], anchor=math.nan),
        lambda: fit([TALLY], anchor="x"),  # type: ignore[arg-type]
        lambda: fit([TALLY], preliminary_below=1.5),
        lambda: fit([TALLY], prior_racks=-2),
        lambda: RackTally(player="a", opponent="a", won=1, lost=0),
        lambda: race_probability(1.5, 1, 1),
        lambda: race_probability(0.5, 0, 1),
        lambda: fit([RackTally(player="a", opponent="b", won=1, lost=0)], prior_racks=0),
    ):
        with pytest.raises(RatingsError) as caught:
            call()
        refusals.append(caught.value)
    refusals.append(RatingsError(RatingsProblem.NUMERIC_UNAVAILABLE, "no numpy"))
    assert {e.code for e in refusals} == set(RatingsProblem)
    for err in refusals:
        words = describe_refusal(err, lang)
        assert words, err
        assert "{" not in words
        for key, value in err.params.items():
            if key == "name":  # worded: the anchor rating, điểm mốc
                assert lang is Language.EN or str(value) not in words, words
            elif isinstance(value, int | float | str) and not isinstance(value, bool):
                assert str(value) in words, (err.code, words)
    english = describe_refusal(refusals[0], Language.EN)
    assert english == "The anchor rating nan is not a finite number."
