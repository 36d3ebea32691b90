"""The event's JSON: it validates against the published schema and reads back equal."""

from __future__ import annotations

import json

import jsonschema
import pytest

from rotation61.tournament import (
    Call,
    Feature,
    Format,
    InvalidEventError,
    Walkover,
    Withdrawal,
    from_dict,
    from_json,
    play,
    to_dict,
    to_json,
)
from tests.conftest import REPO
from tests.tournament.helpers import drawn, play_out

SCHEMA = json.loads((REPO / "schemas" / "tournament.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("fmt", list(Format), ids=str)
@pytest.mark.parametrize("n", [2, 5, 9])
def test_exports_validate_and_read_back_equal(fmt: Format, n: int) -> None:
    state = drawn(n, fmt)
    first = state.matches[0]
    if first.real:
        state = play(state, Feature(match=first.id))
        state = play(state, Call(match=first.id, table="t1"))
        a = first.players[0]
        assert a is not None
        state = play(state, Walkover(match=first.id, winner=a))
    state = play(state, Withdrawal(player=state.event.entries[-1].id))
    state = play_out(state, n)
    document = to_dict(state)
    jsonschema.validate(document, SCHEMA)
    assert from_json(to_json(state)) == state
    assert all(
        set(m) >= {"id", "stage", "round", "players", "table", "race", "winner", "racks", "record"}
        for m in document["matches"]
    )


def test_an_undrawn_event_validates() -> None:
    state = drawn(3, Format.SINGLE)
    undrawn = from_dict({**to_dict(state), "inputs": []})
    jsonschema.validate(to_dict(undrawn), SCHEMA)
    assert not undrawn.drawn


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"format": "other"}, "not a rotation61-tournament document"),
        ({"version": 9}, "schema version 9"),
        ({"inputs": [{"kind": "jump"}]}, "unknown input kind 'jump'"),
        ({"entries": [{"id": "a"}]}, "entry 1: missing 'name'"),
    ],
)
def test_malformed_documents_name_the_field(patch: dict[str, object], message: str) -> None:
    document = {**to_dict(drawn(3, Format.SINGLE)), **patch}
    with pytest.raises(InvalidEventError, match=message):
        from_dict(document)
