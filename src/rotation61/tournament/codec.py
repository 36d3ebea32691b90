"""The event's JSON: entries, settings, the draw seed, the stored inputs and the matches.

``to_dict`` writes the whole event (``schemas/tournament.schema.json``); ``from_dict``
reads the entries, settings and inputs back and replays them, so the ``matches`` and
``standings`` of a file are a view, never trusted on import.
"""

from __future__ import annotations

import json
from typing import Any, Final

from rotation61.tournament.errors import ErrorCode, InvalidEventError
from rotation61.tournament.matches import Match
from rotation61.tournament.model import (
    Call,
    Config,
    Draw,
    Entry,
    Event,
    Feature,
    Format,
    Input,
    PairingRules,
    Races,
    Result,
    SeedingMethod,
    Stage,
    TieBreak,
    Walkover,
    WalkoverReason,
    Withdrawal,
)
from rotation61.tournament.standings import Line
from rotation61.tournament.state import EventState, replay

__all__ = ["SCHEMA_VERSION", "from_dict", "from_json", "to_dict", "to_json"]

SCHEMA_VERSION: Final = 1
FORMAT_NAME: Final = "rotation61-tournament"


def _entry(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "name": entry.name,
        "club": entry.club,
        "rating": entry.rating,
        "class": entry.player_class,
    }


def _config(config: Config) -> dict[str, Any]:
    races = config.races
    return {
        "format": config.format.value,
        "seeding": config.seeding.value,
        "draw_seed": config.draw_seed,
        "races": {
            "default": races.default,
            "by_stage": {stage.value: race for stage, race in races.by_stage},
            "by_round": [
                {"stage": stage.value, "round": r, "race": race}
                for stage, r, race in races.by_round
            ],
            "final": races.final,
        },
        "tie_breaks": [t.value for t in config.tie_breaks],
        "grand_final_reset": config.grand_final_reset,
        "group_size": config.group_size,
        "swiss_rounds": config.swiss_rounds,
        "tables": list(config.tables),
        "tv_tables": list(config.tv_tables),
        "single_from": config.single_from,
        "group_count": config.group_count,
        "advance": config.advance,
        "knockout": config.knockout.value,
        "pairing": config.pairing.value,
    }


def input_to_dict(item: Input) -> dict[str, Any]:
    """One stored input as JSON."""
    if isinstance(item, Draw):
        return {"kind": "draw", "seed": item.seed, "order": list(item.order)}
    if isinstance(item, Call):
        return {"kind": "call", "match": item.match, "table": item.table}
    if isinstance(item, Result):
        return {
            "kind": "result",
            "match": item.match,
            "racks": list(item.racks),
            "points": list(item.points),
            "record": item.record,
        }
    if isinstance(item, Walkover):
        return {
            "kind": "walkover",
            "match": item.match,
            "winner": item.winner,
            "reason": item.reason.value,
        }
    if isinstance(item, Withdrawal):
        return {"kind": "withdrawal", "player": item.player}
    return {"kind": "feature", "match": item.match}


def _match(match: Match) -> dict[str, Any]:
    return {
        "id": match.id,
        "stage": match.stage.value,
        "round": match.round,
        "group": match.group,
        "players": list(match.players),
        "status": match.status.value,
        "table": match.table,
        "race": match.race,
        "winner": match.winner,
        "racks": list(match.racks),
        "points": list(match.points),
        "record": match.record,
        "walkover": None if match.walkover is None else match.walkover.value,
        "featured": match.featured,
    }


def _line(line: Line) -> dict[str, Any]:
    return {
        "place": line.place,
        "player": line.player,
        "played": line.played,
        "won": line.won,
        "lost": line.lost,
        "racks_won": line.racks_won,
        "racks_lost": line.racks_lost,
        "points_for": line.points_for,
        "points_against": line.points_against,
        "out": line.out,
    }


def to_dict(state: EventState) -> dict[str, Any]:
    """The whole event as JSON-ready data (``schemas/tournament.schema.json``)."""
    event = state.event
    return {
        "format": FORMAT_NAME,
        "version": SCHEMA_VERSION,
        "name": event.name,
        "entries": [_entry(e) for e in event.entries],
        "config": _config(event.config),
        "draw_seed": next(
            (i.seed for i in reversed(event.inputs) if isinstance(i, Draw)),
            event.config.draw_seed,
        ),
        "seed_order": list(state.order),
        "inputs": [input_to_dict(i) for i in event.inputs],
        "matches": [_match(m) for m in state.matches],
        "standings": [_line(line) for line in state.standings()] if state.drawn else [],
        "champion": state.champion or "",
    }


def to_json(state: EventState) -> str:
    """The event as JSON text (UTF-8, indented, a final newline)."""
    return json.dumps(to_dict(state), ensure_ascii=False, indent=2) + "\n"


def _shown(value: object) -> str:
    """A stored value as a refusal names it (cut to 60 characters)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise InvalidEventError(
            f"{where}: missing {key!r}", ErrorCode.MISSING_KEY, where=where, key=key
        )
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise InvalidEventError(
            f"{where}: {key!r} is {value!r}",
            ErrorCode.BAD_VALUE,
            where=where,
            key=key,
            value=_shown(value),
        )
    return value


def _entry_from(data: Any, i: int) -> Entry:
    where = f"entry {i + 1}"
    if not isinstance(data, dict):
        raise InvalidEventError(
            f"{where} is {data!r}, not an object", ErrorCode.NOT_OBJECT, where=where
        )
    rating = data.get("rating")
    if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int)):
        raise InvalidEventError(
            f"{where}: rating {rating!r} is not an integer",
            ErrorCode.BAD_VALUE,
            where=where,
            key="rating",
            value=_shown(rating),
        )
    return Entry(
        id=_get(data, "id", str, where),
        name=_get(data, "name", str, where),
        club=str(data.get("club", "")),
        rating=rating,
        player_class=str(data.get("class", "")),
    )


def _count(data: dict[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidEventError(
            f"config: {key!r} is {value!r}, not an integer",
            ErrorCode.BAD_VALUE,
            where="config",
            key=key,
            value=_shown(value),
        )
    return value


def _pairing(data: dict[str, Any]) -> PairingRules:
    """The settings' pairing rules; settings stored before they were named read as V1."""
    value = _count(data, "pairing", PairingRules.V1)
    try:
        return PairingRules(value)
    except ValueError:
        raise InvalidEventError(
            f"config: 'pairing' is {value!r}",
            ErrorCode.BAD_VALUE,
            where="config",
            key="pairing",
            value=_shown(value),
        ) from None


def _config_from(data: Any) -> Config:
    if not isinstance(data, dict):
        raise InvalidEventError(
            f"config is {data!r}, not an object", ErrorCode.NOT_OBJECT, where="config"
        )
    races = data.get("races", {})
    try:
        return Config(
            format=Format(_get(data, "format", str, "config")),
            seeding=SeedingMethod(data.get("seeding", "rating")),
            draw_seed=int(data.get("draw_seed", 0)),
            races=Races(
                default=races.get("default", 7),
                by_stage=tuple((Stage(k), v) for k, v in races.get("by_stage", {}).items()),
                by_round=tuple(
                    (Stage(r["stage"]), r["round"], r["race"]) for r in races.get("by_round", [])
                ),
                final=races.get("final", 0),
            ),
            tie_breaks=tuple(TieBreak(t) for t in data.get("tie_breaks", []))
            or Config(format=Format.SINGLE).tie_breaks,
            grand_final_reset=bool(data.get("grand_final_reset", True)),
            group_size=int(data.get("group_size", 0)),
            swiss_rounds=int(data.get("swiss_rounds", 0)),
            tables=tuple(data.get("tables", [])),
            tv_tables=tuple(data.get("tv_tables", [])),
            single_from=int(data.get("single_from", 0)),
            group_count=_count(data, "group_count", 0),
            advance=_count(data, "advance", 2),
            knockout=Format(data.get("knockout", Format.SINGLE.value)),
            pairing=_pairing(data),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        if isinstance(err, InvalidEventError):
            raise
        raise InvalidEventError(
            f"config: {err}", ErrorCode.BAD_VALUE, where="config", key="", value=str(err)
        ) from err


def input_from_dict(data: Any) -> Input:
    """One stored input from JSON.

    Raises:
        InvalidEventError: an unknown kind or a malformed field.
    """
    if not isinstance(data, dict):
        raise InvalidEventError(
            f"input {data!r} is not an object", ErrorCode.NOT_OBJECT, where="input"
        )
    kind = data.get("kind")
    where = f"{kind} input"
    try:
        if kind == "draw":
            return Draw(seed=_get(data, "seed", int, where), order=tuple(data.get("order", [])))
        if kind == "call":
            return Call(
                match=_get(data, "match", str, where), table=_get(data, "table", str, where)
            )
        if kind == "result":
            racks = _get(data, "racks", list, where)
            points = data.get("points", [0, 0])
            return Result(
                match=_get(data, "match", str, where),
                racks=(racks[0], racks[1]) if len(racks) == 2 else tuple(racks),
                points=(points[0], points[1]) if len(points) == 2 else tuple(points),
                record=str(data.get("record", "")),
            )
        if kind == "walkover":
            return Walkover(
                match=_get(data, "match", str, where),
                winner=_get(data, "winner", str, where),
                reason=WalkoverReason(data.get("reason", "no_show")),
            )
        if kind == "withdrawal":
            return Withdrawal(player=_get(data, "player", str, where))
        if kind == "feature":
            return Feature(match=_get(data, "match", str, where))
    except (TypeError, ValueError) as err:
        if isinstance(err, InvalidEventError):
            raise
        raise InvalidEventError(
            f"{where}: {err}", ErrorCode.BAD_VALUE, where=where, key="", value=str(err)
        ) from err
    raise InvalidEventError(
        f"unknown input kind {kind!r}", ErrorCode.UNKNOWN_INPUT, kind=_shown(kind)
    )


def from_dict(data: Any) -> EventState:
    """Read an event and replay its inputs.

    Raises:
        InvalidEventError: a malformed document (the message names the field).
        TournamentError: a stored input the replay refuses.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise InvalidEventError(
            f"not a {FORMAT_NAME} document", ErrorCode.NOT_EVENT_FILE, format=FORMAT_NAME
        )
    if data.get("version") != SCHEMA_VERSION:
        raise InvalidEventError(
            f"schema version {data.get('version')!r} is not {SCHEMA_VERSION}",
            ErrorCode.SCHEMA_VERSION,
            value=_shown(data.get("version")),
            expected=SCHEMA_VERSION,
        )
    entries = tuple(_entry_from(e, i) for i, e in enumerate(_get(data, "entries", list, "event")))
    event = Event(
        name=_get(data, "name", str, "event"),
        entries=entries,
        config=_config_from(data.get("config")),
        inputs=tuple(input_from_dict(i) for i in _get(data, "inputs", list, "event")),
    )
    return replay(event)


def from_json(text: str) -> EventState:
    """Read an event from JSON text and replay it.

    Raises:
        InvalidEventError: not JSON, or a malformed document.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidEventError(
            f"not JSON: {err}", ErrorCode.NOT_JSON, line=err.lineno, column=err.colno
        ) from err
    return from_dict(data)
