"""Random input sequences: only documented errors, nothing changed by a refusal, replay equal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.tournament import (
    Call,
    Feature,
    Format,
    Result,
    Status,
    TournamentError,
    Walkover,
    Withdrawal,
    play,
    replay,
)
from tests.tournament.helpers import drawn, losses


@st.composite
def scripts(draw: st.DrawFn) -> tuple[int, Format, list[tuple[str, int, int, int]]]:
    n = draw(st.integers(2, 20))
    fmt = draw(st.sampled_from(list(Format)))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["result", "correct", "call", "walkover", "withdraw", "feature"]),
                st.integers(0, 400),
                st.integers(0, 3),
                st.integers(0, 3),
            ),
            max_size=120,
        )
    )
    return n, fmt, steps


@settings(max_examples=40)
@given(script=scripts())
def test_random_inputs_raise_only_documented_errors_and_replay_equal(
    script: tuple[int, Format, list[tuple[str, int, int, int]]],
) -> None:
    n, fmt, steps = script
    state = drawn(n, fmt)
    tables = ["t1", "t2", "t3"]
    for kind, pick, a, b in steps:
        matches = state.matches
        match = matches[pick % len(matches)]
        item: object
        if kind in ("result", "correct"):
            item = Result(match=match.id, racks=(a, b) if a != b else (match.race, b))
        elif kind == "call":
            item = Call(match=match.id, table=tables[a % 3])
        elif kind == "walkover":
            item = Walkover(match=match.id, winner=match.players[a % 2] or "p1")
        elif kind == "withdraw":
            if a or b:
                continue
            item = Withdrawal(player=state.event.entries[pick % n].id)
        else:
            item = Feature(match=match.id)
        before = state
        try:
            state = play(state, item)  # type: ignore[arg-type]
        except TournamentError:
            assert state is before
    assert replay(state.event) == state
    if state.finished and fmt in (Format.SINGLE, Format.DOUBLE):
        assert state.champion is not None
        assert sum(1 for m in state.matches if m.status is Status.PENDING) == 0
        limit = 1 if fmt is Format.SINGLE else 2
        assert all(v <= limit for v in losses(state).values())
