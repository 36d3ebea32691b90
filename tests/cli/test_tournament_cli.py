"""``rotation61 tournament`` and ``rotation61 ratings`` through main()."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest

from rotation61.cli.main import main
from rotation61.tournament import from_json
from tests.conftest import REPO

SCHEMA = json.loads((REPO / "schemas" / "tournament.schema.json").read_text(encoding="utf-8"))
GOLDEN = REPO / "tests" / "records" / "golden"

PLAYERS = """name,club,rating,class
Nguyễn Văn An,CLB Sài Gòn,720,A
Trần Bình,CLB Hà Nội,690,A
Lê Cường,CLB Đà Nẵng,650,B
Phạm Dũng,,600,B
Hoàng Em,CLB Huế,,C
"""


@pytest.fixture
def players(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS, encoding="utf-8")
    return path


def test_create_draw_call_result_show_export(
    tmp_path: Path, players: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.json"
    base = ["tournament"]
    assert (
        main(
            [
                *base,
                "create",
                "--players",
                str(players),
                "--format",
                "double",
                "--seed",
                "42",
                "--race",
                "5",
                "--race-stage",
                "losers=4",
                "--race-final",
                "7",
                "--tables",
                "t1,t2",
                "-o",
                str(event),
            ]
        )
        == 0
    )
    assert "5 players; draw seed 42" in capsys.readouterr().out
    assert main([*base, "draw", str(event)]) == 0
    out = capsys.readouterr().out
    assert "draw seed 42" in out
    assert "  1. Nguyễn Văn An" in out
    assert main([*base, "call", str(event)]) == 0
    out = capsys.readouterr().out
    assert "table t1: W1-2      Phạm Dũng v Hoàng Em [race 5] playing @t1" in out
    assert main([*base, "result", str(event), "W1-2", "5", "3", "--points", "400", "250"]) == 0
    assert "done 5-3 @t1 → Phạm Dũng" in capsys.readouterr().out
    assert main([*base, "show", str(event)]) == 0
    out = capsys.readouterr().out
    assert "-- losers round 1" in out
    assert "L1-1      (bye) v Hoàng Em [race 4] bye → Hoàng Em" in out
    assert "GF        … v … [race 7] pending" in out
    standings = tmp_path / "standings.csv"
    exported = tmp_path / "out.json"
    assert (
        main([*base, "export", str(event), "--csv", str(standings), "--json", str(exported)]) == 0
    )
    rows = list(csv.DictReader(io.StringIO(standings.read_text(encoding="utf-8"))))
    assert rows[0]["name"] == "Phạm Dũng"
    assert rows[0]["racks_won"] == "5"
    jsonschema.validate(json.loads(exported.read_text(encoding="utf-8")), SCHEMA)
    again = tmp_path / "again.json"
    assert main([*base, "import", str(exported), "-o", str(again)]) == 0
    assert from_json(again.read_text(encoding="utf-8")) == from_json(
        event.read_text(encoding="utf-8")
    )


def test_a_bad_result_is_one_line_and_changes_nothing(
    tmp_path: Path, players: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.json"
    main(
        ["tournament", "create", "--players", str(players), "--format", "single", "-o", str(event)]
    )
    main(["tournament", "draw", str(event)])
    before = event.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["tournament", "result", str(event), "R9-1", "7", "0"]) == 1
    assert capsys.readouterr().err == "rotation61: lỗi: Không có trận R9-1 trong giải.\n"
    assert main(["tournament", "result", str(event), "R9-1", "7", "0", "--lang", "en"]) == 1
    assert capsys.readouterr().err == "rotation61: error: There is no match R9-1 in the event.\n"
    assert main(["tournament", "result", str(event), "R1-2", "7", "7", "--lang", "en"]) == 1
    assert "7–7 does not finish match R1-2, a race to 7" in capsys.readouterr().err
    assert event.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,club\nAn,X\n", "p.csv: Line 1: the header must be name,club,rating,class."),
        (
            "name,club,rating,class\nAn,X,seven,A\n",
            "p.csv: Line 2, column rating: seven is not a whole number.",
        ),
        ("name,club,rating,class\nAn,X,1,A\n,Y,2,B\n", "p.csv: Line 3: the name is empty."),
        ("name,club,rating,class\nAn,X,1\n", "p.csv: Line 2: 3 columns, expected 4."),
        ("name,club,rating,class\nAn,X,1,A\nAn,X,2,A\n", "An of the club X is entered twice."),
    ],
)
def test_a_malformed_players_file_names_line_and_column(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.csv"
    path.write_text(text, encoding="utf-8")
    code = main(
        [
            "tournament",
            "create",
            "--players",
            str(path),
            "--format",
            "single",
            "-o",
            str(tmp_path / "e.json"),
            "--lang",
            "en",
        ]
    )
    assert code == 1
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["single", "double", "round-robin", "swiss", "groups"])
def test_simulate_plays_a_whole_event(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["tournament", "simulate", "--format", fmt, "--players", "9", "--seed", "3", "--json"])
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    jsonschema.validate(document, SCHEMA)
    assert document["champion"]
    assert main(["tournament", "simulate", "--format", fmt, "--players", "9", "--seed", "3"]) == 0
    assert "champion: " in capsys.readouterr().out


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        ["tournament", "simulate", "--format", "double", "--players", "12", "--seed", "8", "--json"]
    )
    first = capsys.readouterr().out
    main(
        ["tournament", "simulate", "--format", "double", "--players", "12", "--seed", "8", "--json"]
    )
    assert capsys.readouterr().out == first


def test_ratings_from_records(capsys: pytest.CaptureFixture[str]) -> None:
    records = sorted(GOLDEN.glob("*.r61"))
    assert records
    assert main(["ratings", *map(str, records), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{len(records)} matches, 3 racks"
    assert "* preliminary: fewer than 100 racks" in out


def test_tie_breaks_are_configurable_and_shown(
    tmp_path: Path, players: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.json"
    assert (
        main(
            [
                "tournament",
                "create",
                "--players",
                str(players),
                "--format",
                "round-robin",
                "--tie-breaks",
                "matches_won,head_to_head",
                "-o",
                str(event),
            ]
        )
        == 0
    )
    main(["tournament", "draw", str(event)])
    capsys.readouterr()
    main(["tournament", "show", str(event)])
    assert "-- standings (by matches_won, head_to_head, then seed)" in capsys.readouterr().out
    code = main(
        [
            "tournament",
            "create",
            "--players",
            str(players),
            "--format",
            "swiss",
            "--tie-breaks",
            "luck",
            "-o",
            str(event),
            "--lang",
            "en",
        ]
    )
    assert code == 1
    assert "Tie-break: luck is not one of matches_won," in capsys.readouterr().err


def test_groups_then_knockout_from_the_command_line(
    tmp_path: Path, players: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.json"
    create = ["tournament", "create", "--players", str(players), "--format", "groups"]
    assert main([*create, "--groups", "2", "--advance", "2", "--race", "3", "-o", str(event)]) == 0
    assert main(["tournament", "draw", str(event)]) == 0
    capsys.readouterr()
    assert main(["tournament", "show", str(event)]) == 0
    out = capsys.readouterr().out
    assert "-- group group 1 round 1" in out
    assert "knockout" not in out  # drawn only when every group match is decided
    document = json.loads(event.read_text(encoding="utf-8"))
    assert document["config"]["group_count"] == 2
    assert document["config"]["advance"] == 2
    assert document["config"]["knockout"] == "single"
    jsonschema.validate(document, SCHEMA)
    for match in document["matches"]:
        assert main(["tournament", "result", str(event), match["id"], "3", "1"]) == 0
    capsys.readouterr()
    assert main(["tournament", "show", str(event)]) == 0
    assert "-- knockout round 1" in capsys.readouterr().out
    state = from_json(event.read_text(encoding="utf-8"))
    assert [m.id for m in state.matches if m.stage.value == "knockout"] == ["K1-1", "K1-2", "K2-1"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--groups", "2", "--group-size", "3"], "groups (2) or the group size (3), not both"),
        (["--groups", "2", "--advance", "3"], "top 3 of each group go through, but the smallest"),
        (["--advance", "0"], "Players going through from each group 0 must be a whole number"),
        (["--single-from", "4"], "the knockout after the groups is already single elimination"),
    ],
)
def test_bad_group_options_are_one_line_and_write_nothing(
    tmp_path: Path,
    players: Path,
    options: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    event = tmp_path / "event.json"
    create = ["tournament", "create", "--players", str(players), "--format", "groups"]
    assert main([*create, *options, "-o", str(event), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert not event.exists()


def test_simulate_groups_with_a_double_knockout(capsys: pytest.CaptureFixture[str]) -> None:
    simulate = ["tournament", "simulate", "--format", "groups", "--players", "12", "--seed", "5"]
    assert main([*simulate, "--group-size", "4", "--knockout", "double", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    jsonschema.validate(document, SCHEMA)
    stages = {m["stage"] for m in document["matches"]}
    assert stages == {"group", "winners", "losers", "grand_final", "reset"}
    assert document["champion"]
    assert from_json(json.dumps(document)).champion == document["champion"]
