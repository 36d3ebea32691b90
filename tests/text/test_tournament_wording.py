"""The tournament engine's refusals: a code and parameters, worded in vi and en."""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rotation61.text import Domain, Language, describe_tournament_error
from rotation61.text.catalogue import catalogue
from rotation61.tournament import (
    Call,
    Config,
    Draw,
    Entry,
    ErrorCode,
    Format,
    Races,
    Result,
    Stage,
    TournamentError,
    Walkover,
    Withdrawal,
    check_settings_used,
    decode_text,
    draw,
    from_json,
    new_event,
    order_of_seeds,
    play,
    read_players_csv,
    to_json,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "rotation61"


def _field(n: int) -> list[Entry]:
    return [Entry(id=f"p{i}", name=f"Người {i}", rating=900 - i) for i in range(1, n + 1)]


def _drawn(n: int = 4, **settings: object) -> object:
    config = Config(format=Format.SINGLE, **settings)  # type: ignore[arg-type]
    return draw(new_event("Cúp", _field(n), config))


def _started() -> object:
    state = _drawn(4, tables=("t1", "t2"))
    state = play(state, Call(match="R1-1", table="t1"))  # type: ignore[arg-type]
    return state


_DONE = Result(match="R1-1", racks=(7, 1))

REFUSALS: dict[ErrorCode, Callable[[], object]] = {
    ErrorCode.NOT_AN_ID: lambda: Entry(id="a b", name="An"),
    ErrorCode.RACE_OUT_OF_RANGE: lambda: Races(default=0),
    ErrorCode.ROUND_OUT_OF_RANGE: lambda: Races(by_round=((Stage.LOSERS, 0, 5),)),
    ErrorCode.EMPTY_NAME: lambda: Entry(id="a", name=" "),
    ErrorCode.RATING_NOT_INTEGER: lambda: Entry(id="a", name="An", rating="7"),  # type: ignore[arg-type]
    ErrorCode.SINGLE_FROM_NOT_POWER: lambda: Config(format=Format.DOUBLE, single_from=6),
    ErrorCode.SINGLE_FROM_ABOVE_HALF: lambda: draw(
        new_event("Cúp", _field(5), Config(format=Format.DOUBLE, single_from=8))
    ),
    ErrorCode.SINGLE_FROM_SINGLE_KNOCKOUT: lambda: Config(format=Format.GROUPS, single_from=4),
    ErrorCode.UNKNOWN_SETTING_VALUE: lambda: Config(format="ladder"),  # type: ignore[arg-type]
    ErrorCode.TIE_BREAKS_REPEAT: lambda: Config(
        format=Format.SWISS,
        tie_breaks=("matches_won", "matches_won"),  # type: ignore[arg-type]
    ),
    ErrorCode.GROUP_SIZE_INVALID: lambda: Config(format=Format.ROUND_ROBIN, group_size=1),
    ErrorCode.SWISS_ROUNDS_NEGATIVE: lambda: Config(format=Format.SWISS, swiss_rounds=-1),
    ErrorCode.TABLES_REPEAT: lambda: Config(format=Format.SINGLE, tables=("t1", "t1")),
    ErrorCode.TV_TABLES_UNKNOWN: lambda: Config(
        format=Format.SINGLE, tables=("t1",), tv_tables=("tv",)
    ),
    ErrorCode.COUNT_TOO_SMALL: lambda: Config(format=Format.GROUPS, advance=0),
    ErrorCode.GROUP_COUNT_AND_SIZE: lambda: Config(
        format=Format.GROUPS, group_count=2, group_size=3
    ),
    ErrorCode.KNOCKOUT_FORMAT: lambda: Config(format=Format.GROUPS, knockout=Format.SWISS),
    ErrorCode.GROUP_TOO_SMALL: lambda: new_event(
        "Cúp", _field(5), Config(format=Format.GROUPS, group_count=3)
    ),
    ErrorCode.ADVANCE_ABOVE_GROUP: lambda: new_event(
        "Cúp", _field(4), Config(format=Format.GROUPS, group_count=2, advance=3)
    ),
    ErrorCode.KNOCKOUT_TOO_SMALL: lambda: new_event(
        "Cúp", _field(4), Config(format=Format.GROUPS, advance=1)
    ),
    ErrorCode.SETTING_NOT_USED: lambda: check_settings_used(
        Config(format=Format.SINGLE, single_from=4)
    ),
    ErrorCode.NOT_TWO_COUNTS: lambda: Result(match="R1-1", racks=(7, -1)),
    ErrorCode.FIELD_SIZE: lambda: new_event("Cúp", _field(1), Config(format=Format.SINGLE)),
    ErrorCode.DUPLICATE_ID: lambda: new_event(
        "Cúp", [Entry(id="a", name="An"), Entry(id="a", name="Bình")], Config(format=Format.SINGLE)
    ),
    ErrorCode.DUPLICATE_NAME: lambda: new_event(
        "Cúp", [Entry(id="a", name="An"), Entry(id="b", name="An")], Config(format=Format.SINGLE)
    ),
    ErrorCode.UNKNOWN_PLAYER: lambda: play(_drawn(), Withdrawal(player="p9")),  # type: ignore[arg-type]
    ErrorCode.HAND_UNKNOWN_PLAYER: lambda: draw(
        new_event("Cúp", _field(2), Config(format=Format.SINGLE, seeding="hand")),  # type: ignore[arg-type]
        hand=("p1", "p9"),
    ),
    ErrorCode.HAND_TWICE: lambda: draw(
        new_event("Cúp", _field(2), Config(format=Format.SINGLE, seeding="hand")),  # type: ignore[arg-type]
        hand=("p1", "p1"),
    ),
    ErrorCode.HAND_MISSING: lambda: draw(
        new_event("Cúp", _field(3), Config(format=Format.SINGLE, seeding="hand")),  # type: ignore[arg-type]
        hand=("p1",),
    ),
    ErrorCode.SEEDING_REFUSED: lambda: order_of_seeds(_field(3), {"p1": 1, "p2": 1, "p3": 4}),
    ErrorCode.BEFORE_DRAW: lambda: play(
        new_event("Cúp", _field(2), Config(format=Format.SINGLE)), _DONE
    ),
    ErrorCode.DRAW_AFTER_START: lambda: draw(_started()),  # type: ignore[arg-type]
    ErrorCode.UNKNOWN_MATCH: lambda: play(_drawn(), Result(match="R9-9", racks=(7, 0))),  # type: ignore[arg-type]
    ErrorCode.UNKNOWN_TABLE: lambda: play(
        _drawn(tables=("t1",)),  # type: ignore[arg-type]
        Call(match="R1-1", table="t7"),
    ),
    ErrorCode.MATCH_NOT_READY: lambda: play(_drawn(), Call(match="R2-1", table="t1")),  # type: ignore[arg-type]
    ErrorCode.TABLE_BUSY: lambda: play(_started(), Call(match="R1-2", table="t1")),  # type: ignore[arg-type]
    ErrorCode.RACKS_DO_NOT_FINISH: lambda: play(_drawn(), Result(match="R1-1", racks=(7, 7))),  # type: ignore[arg-type]
    ErrorCode.NO_RESULT: lambda: play(_drawn(), Result(match="R2-1", racks=(7, 0))),  # type: ignore[arg-type]
    ErrorCode.NO_WALKOVER: lambda: play(_drawn(), Walkover(match="R2-1", winner="p1")),  # type: ignore[arg-type]
    ErrorCode.NOT_IN_MATCH: lambda: play(_drawn(), Walkover(match="R1-1", winner="p2")),  # type: ignore[arg-type]
    ErrorCode.ALREADY_WITHDRAWN: lambda: play(
        play(_drawn(), Withdrawal(player="p1")),  # type: ignore[arg-type]
        Withdrawal(player="p1"),
    ),
    ErrorCode.CORRECTION_REFUSED: lambda: _correction(),
    ErrorCode.NOT_JSON: lambda: from_json("{"),
    ErrorCode.NOT_EVENT_FILE: lambda: from_json("{}"),
    ErrorCode.SCHEMA_VERSION: lambda: from_json(
        json.dumps({"format": "rotation61-tournament", "version": 9})
    ),
    ErrorCode.MISSING_KEY: lambda: from_json(_without("name")),
    ErrorCode.BAD_VALUE: lambda: from_json(_with(name=7)),
    ErrorCode.NOT_OBJECT: lambda: from_json(_with(config=[])),
    ErrorCode.UNKNOWN_INPUT: lambda: from_json(_with(inputs=[{"kind": "magic"}])),
    ErrorCode.FILE_ENCODING: lambda: decode_text(b"Jos\xe9", source="p.csv"),
    ErrorCode.CSV_FIELD_TOO_LONG: lambda: read_players_csv(
        'name,club,rating,class\n"An' + "x" * 200_000
    ),
    ErrorCode.CSV_HEADER: lambda: read_players_csv("name,club\n"),
    ErrorCode.CSV_COLUMNS: lambda: read_players_csv("name,club,rating,class\nAn,X,1\n"),
    ErrorCode.CSV_EMPTY_NAME: lambda: read_players_csv("name,club,rating,class\n,X,1,A\n"),
    ErrorCode.CSV_RATING: lambda: read_players_csv("name,club,rating,class\nAn,X,bảy,A\n"),
    ErrorCode.CSV_ENTRY: lambda: read_players_csv("name,club,rating,class\nA\tn,X,1,A\n"),
    ErrorCode.PLAYER_BUSY: lambda: _busy(),
    ErrorCode.DRAW_ORDER: lambda: play(
        new_event("Cúp", _field(2), Config(format=Format.SINGLE)), Draw(seed=1, order=("p2", "p1"))
    ),
}
"""A real input refused with each code (the codes raised only by other callers aside)."""

NOT_DRIVEN = {
    ErrorCode.UNSPECIFIED,
    ErrorCode.BRACKET_SIZE,
    ErrorCode.FEWER_PLAYERS,
    ErrorCode.CSV_SYNTAX,
}
"""Raised without a code; a programming error; the terminal's own (tests/cli); any other
error of the csv module (its reader, not strict, refuses only a field over its limit,
which has its own code)."""


def _event_json() -> dict[str, object]:
    return json.loads(to_json(_drawn()))  # type: ignore[arg-type]


def _without(key: str) -> str:
    data = _event_json()
    del data[key]
    return json.dumps(data)


def _with(**fields: object) -> str:
    return json.dumps({**_event_json(), **fields})


def _correction() -> object:
    state = play(_drawn(), Result(match="R1-1", racks=(7, 1)))  # type: ignore[arg-type]
    state = play(state, Result(match="R1-2", racks=(7, 2)))
    state = play(state, Call(match="R2-1", table="t1"))
    return play(state, Result(match="R1-1", racks=(1, 7)))


def _busy() -> object:
    config = Config(format=Format.ROUND_ROBIN)
    state = draw(new_event("Cúp", _field(4), config))
    state = play(state, Call(match="R1-1", table="t1"))
    first = state.match("R1-1").players[0]
    later = next(m for m in state.matches if m.round == 2 and first in m.players)
    return play(state, Call(match=later.id, table="t2"))


def test_every_code_has_wording_in_every_language() -> None:
    for lang in Language:
        keys = catalogue(lang, Domain.TOURNAMENT).keys
        missing = [c.value for c in ErrorCode if f"tournament.error.{c.value}" not in keys]
        assert missing == [], lang


def test_every_code_but_a_few_is_driven_by_a_real_input() -> None:
    assert set(ErrorCode) - set(REFUSALS) == NOT_DRIVEN


@pytest.mark.parametrize("code", list(REFUSALS), ids=str)
def test_a_refusal_has_its_code_and_is_worded_in_both_languages(code: ErrorCode) -> None:
    with pytest.raises(TournamentError) as caught:
        REFUSALS[code]()
    err = caught.value
    assert err.code is code
    vi = describe_tournament_error(err, Language.VI)
    en = describe_tournament_error(err, Language.EN)
    assert vi != en
    assert "{" not in vi
    assert "{" not in en
    assert "\n" not in vi
    # the named values (ids, numbers) are in the words, not only in the English message
    for name in ("match", "player", "table", "line", "value"):
        value = err.params.get(name)
        if isinstance(value, int | str) and value not in ("", None) and name != "value":
            assert str(value) in vi, (name, value, vi)
            assert str(value) in en, (name, value, en)


_VI_ONLY = ("the ", " is ", " not ", " of ", "match ", "player ", "table ")


@pytest.mark.parametrize("code", list(REFUSALS), ids=str)
def test_vietnamese_wording_has_no_english_words(code: ErrorCode) -> None:
    with pytest.raises(TournamentError) as caught:
        REFUSALS[code]()
    vi = f" {describe_tournament_error(caught.value, Language.VI).lower()} "
    assert not [w for w in _VI_ONLY if w in vi], vi


def _codes_passed(path: Path) -> list[tuple[int, str]]:
    """``raise SomeError(...)`` calls of a module that give no ErrorCode."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bare = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call = node.exc
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        if not name.endswith("Error") or name in ("FileEncodingError", "SeedingError"):
            continue
        coded = len(call.args) >= 2 and "ErrorCode." in ast.unparse(call.args[1])
        if not coded:
            bare.append((node.lineno, ast.unparse(call)[:60]))
    return bare


@pytest.mark.parametrize(
    "path",
    [*sorted((SRC / "tournament").glob("*.py")), SRC / "cli" / "tournament.py"],
    ids=lambda p: p.name,
)
def test_every_tournament_refusal_is_raised_with_a_code(path: Path) -> None:
    assert _codes_passed(path) == []
