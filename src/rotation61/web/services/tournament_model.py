"""An event as the desk sets it up and a worker remembers it: settings, entries, state.

:class:`EventSettings` are the desk's settings (stored as JSON) from which the
tournament layer's ``Config`` is made; :class:`LiveEvent` is an event's replayed state
as a worker keeps it; the entries' helpers read a players CSV and check each entry
against the desk's limits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from rotation61.rules import PRESETS
from rotation61.rules.text_fields import (
    CLASS_MAX_LENGTH,
    NAME_MAX_LENGTH,
    clean_text,
    printable_text,
)
from rotation61.tournament import (
    CURRENT_PAIRING,
    Config,
    Entry,
    EventState,
    Format,
    Match,
    PairingRules,
    Races,
    SeedingMethod,
    Stage,
    Status,
    TieBreak,
)
from rotation61.tournament.csvfiles import PlayersCsvError, read_players_csv
from rotation61.tournament.csvfiles import standings_csv as tournament_standings_csv
from rotation61.web.adapters.tournaments import StoredEntry, StoredEvent
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.limits import MAX_TABLES, check_rating

__all__ = [
    "MAX_TABLES",
    "CsvError",
    "EventSettings",
    "LiveEvent",
    "check_entry",
    "clean_entry",
    "default_featured",
    "loaded_entry",
    "parse_players",
    "standings_csv",
]

CsvError = PlayersCsvError
"""A malformed players CSV line; the message names the line and the column."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EventSettings:
    """The desk's settings of an event (stored as JSON), from which its ``Config`` is made.

    Tables are numbered 1..``tables`` in the hall; ``tv_table`` (0: none) takes the
    featured matches first; with ``feature_finals`` the final and the semi-finals are
    featured as the event starts (the desk marks any other).
    """

    format: Format
    seeding: SeedingMethod = SeedingMethod.RATING
    draw_seed: int = 0
    race: int = 5
    race_by_stage: tuple[tuple[Stage, int], ...] = ()
    race_final: int = 0
    tables: int = 4
    tv_table: int = 0
    grand_final_reset: bool = True
    group_size: int = 0
    swiss_rounds: int = 0
    single_from: int = 0
    group_count: int = 0
    advance: int = 2
    knockout: Format = Format.SINGLE
    tie_breaks: tuple[TieBreak, ...] = (
        TieBreak.MATCHES_WON,
        TieBreak.RACK_DIFFERENCE,
        TieBreak.POINT_DIFFERENCE,
        TieBreak.HEAD_TO_HEAD,
    )
    preset: str = "standard"
    pairing: PairingRules = CURRENT_PAIRING
    feature_finals: bool = True

    def __post_init__(self) -> None:
        if not 1 <= self.tables <= MAX_TABLES:
            raise OutOfRangeError(f"tables {self.tables!r} is outside 1..{MAX_TABLES}")
        if not 0 <= self.tv_table <= self.tables:
            raise OutOfRangeError(f"TV table {self.tv_table!r} is not one of 1..{self.tables}")
        if self.preset not in PRESETS:
            raise OutOfRangeError(f"rule preset {self.preset!r} is not one of {list(PRESETS)}")
        if not 0 <= self.draw_seed < 2**63:
            raise OutOfRangeError(f"draw seed {self.draw_seed!r} is outside 0..2^63-1")
        self.config()  # every other setting is checked by the tournament layer

    def config(self) -> Config:
        """The tournament layer's settings.

        Raises:
            InvalidEventError: a setting the tournament layer refuses.
        """
        return Config(
            format=self.format,
            seeding=self.seeding,
            draw_seed=self.draw_seed,
            races=Races(default=self.race, by_stage=self.race_by_stage, final=self.race_final),
            tie_breaks=self.tie_breaks,
            grand_final_reset=self.grand_final_reset,
            group_size=self.group_size,
            swiss_rounds=self.swiss_rounds,
            tables=tuple(str(n) for n in range(1, self.tables + 1)),
            tv_tables=(str(self.tv_table),) if self.tv_table else (),
            single_from=self.single_from,
            group_count=self.group_count,
            advance=self.advance,
            knockout=self.knockout,
            pairing=self.pairing,
        )

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return {
            "format": self.format.value,
            "seeding": self.seeding.value,
            "draw_seed": self.draw_seed,
            "race": self.race,
            "race_by_stage": {stage.value: race for stage, race in self.race_by_stage},
            "race_final": self.race_final,
            "tables": self.tables,
            "tv_table": self.tv_table,
            "grand_final_reset": self.grand_final_reset,
            "group_size": self.group_size,
            "swiss_rounds": self.swiss_rounds,
            "single_from": self.single_from,
            "group_count": self.group_count,
            "advance": self.advance,
            "knockout": self.knockout.value,
            "tie_breaks": [t.value for t in self.tie_breaks],
            "preset": self.preset,
            "pairing": self.pairing.value,
            "feature_finals": self.feature_finals,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventSettings:
        """Settings from their JSON data.

        Events stored before groups then knockout have no ``group_count``, ``advance``
        or ``knockout``: they read as 0, 2 and single. Events stored before their
        settings named the pairing rules have no ``pairing``: they read as
        ``PairingRules.V1`` and replay as they were drawn.
        """
        return cls(
            format=Format(data["format"]),
            seeding=SeedingMethod(data["seeding"]),
            draw_seed=int(data["draw_seed"]),
            race=int(data["race"]),
            race_by_stage=tuple((Stage(s), int(r)) for s, r in data["race_by_stage"].items()),
            race_final=int(data["race_final"]),
            tables=int(data["tables"]),
            tv_table=int(data["tv_table"]),
            grand_final_reset=bool(data["grand_final_reset"]),
            group_size=int(data["group_size"]),
            swiss_rounds=int(data["swiss_rounds"]),
            single_from=int(data["single_from"]),
            group_count=int(data.get("group_count", 0)),
            advance=int(data.get("advance", 2)),
            knockout=Format(data.get("knockout", Format.SINGLE.value)),
            tie_breaks=tuple(TieBreak(t) for t in data["tie_breaks"]),
            preset=str(data["preset"]),
            pairing=PairingRules(int(data.get("pairing", PairingRules.V1))),
            feature_finals=bool(data.get("feature_finals", True)),
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LiveEvent:
    """An event as a worker remembers it.

    Attributes:
        stored: the event's row (name, settings; its ``log_length`` may be old).
        settings: the settings.
        seq: how many inputs ``state`` replays.
        entries: the entries (read from storage until the draw, frozen after).
        state: the replayed state; before the draw, the new event of the entries (or
            ``None`` while fewer than two players are entered, or while the field
            cannot hold the settings: see ``unfit``).
        refs: the scorekeeper match of each called match, by match id.
        names: each player's name, by id.
        unfit: before the draw, why the entries cannot make the event yet (the
            tournament layer's reason, e.g. groups then knockout with too few players
            for its groups), "" otherwise. Entering more players may cure it.
    """

    stored: StoredEvent
    settings: EventSettings
    seq: int
    entries: tuple[StoredEntry, ...]
    state: EventState | None
    refs: Mapping[str, int]
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    unfit: str = ""

    @property
    def drawn(self) -> bool:
        """Whether the draw has been made."""
        return self.state is not None and self.state.drawn

    @property
    def running(self) -> bool:
        """Whether a match has been called (the queue then calls the next ones itself)."""
        return self.state is not None and self.state.started

    @property
    def finished(self) -> bool:
        """Whether every match is decided."""
        return self.state is not None and self.drawn and self.state.finished

    def table_match(self, table: int) -> tuple[Match, int] | None:
        """The match playing on a table and its scorekeeper match, if any."""
        if self.state is None:
            return None
        for match in self.state.matches:
            if match.status is Status.PLAYING and match.table == str(table):
                ref = self.refs.get(match.id)
                if ref is not None:
                    return match, ref
        return None

    def on_tables(self) -> dict[int, tuple[Match, int]]:
        """Every table's match now and its scorekeeper match, by table number."""
        out: dict[int, tuple[Match, int]] = {}
        if self.state is not None:
            for match in self.state.matches:
                ref = self.refs.get(match.id)
                if match.status is Status.PLAYING and ref is not None and match.table.isdigit():
                    out[int(match.table)] = (match, ref)
        return out

    def name_of(self, player: str | None) -> str:
        """A player's name ("" for a bye or an unknown player)."""
        return self.names.get(player or "", "")


def _entry(stored: StoredEntry) -> Entry:
    return Entry(
        id=stored.player_id,
        name=stored.name,
        club=stored.club,
        rating=stored.rating,
        player_class=stored.player_class,
    )


def loaded_entry(stored: StoredEntry) -> Entry:
    """An entry as stored, its texts made fit to show if stored before they were checked.

    A name stored before names were checked as they are now must not stop the event
    (it could then be neither drawn nor called, nor its results entered).
    """
    return Entry(
        id=stored.player_id,
        name=printable_text(stored.name, max_length=NAME_MAX_LENGTH),
        club=printable_text(stored.club, max_length=NAME_MAX_LENGTH, fallback=""),
        rating=stored.rating,
        player_class=printable_text(stored.player_class, max_length=CLASS_MAX_LENGTH, fallback=""),
    )


def parse_players(text: str, first_number: int = 1) -> list[StoredEntry]:
    """The entries of a players CSV (:func:`rotation61.tournament.read_players_csv`).

    Players are numbered ``p<first_number>``, ``p<first_number + 1>``, ... in file order;
    each also passes the desk's own limits (:func:`check_entry`).

    Raises:
        CsvError: a malformed line, naming the line and the column.
    """
    entries = read_players_csv(
        text, first_number=first_number, check=lambda entry: check_entry(_stored(entry))
    )
    return [_stored(entry) for entry in entries]


def _stored(entry: Entry) -> StoredEntry:
    return StoredEntry(
        player_id=entry.id,
        name=entry.name,
        club=entry.club,
        rating=entry.rating,
        player_class=entry.player_class,
    )


def check_entry(entry: StoredEntry) -> None:
    """Refuse an entry the event cannot hold (the message starts with the column's name).

    The tournament layer's checks: the person-facing text fields' one validation
    (:mod:`rotation61.rules.text_fields`: a name of 1 to 100 characters, a club of at
    most 100, a class of at most 40, no control, bidirectional or invisible character).

    Raises:
        TextFieldError: a name, club or class refused, named.
        OutOfRangeError: a rating outside the limits (:mod:`rotation61.web.core.limits`).
        InvalidEventError: another value the event cannot hold.
    """
    check_rating(entry.rating)
    _entry(entry)


def clean_entry(entry: StoredEntry) -> StoredEntry:
    """An entry's texts as stored (NFC, trimmed), then checked (:func:`check_entry`)."""
    cleaned = dataclasses.replace(
        entry,
        name=clean_text(entry.name, "name", max_length=NAME_MAX_LENGTH),
        club=clean_text(entry.club, "club", max_length=NAME_MAX_LENGTH, required=False),
        player_class=clean_text(
            entry.player_class, "class", max_length=CLASS_MAX_LENGTH, required=False
        ),
    )
    check_entry(cleaned)
    return cleaned


def standings_csv(live: LiveEvent) -> str:
    """The standings as CSV (``tournament.standings_csv``), names and clubs as stored."""
    return tournament_standings_csv(live.state, [loaded_entry(e) for e in live.entries])


_LAST_TWO: Final = frozenset({Stage.MAIN, Stage.KNOCKOUT})
_LAST_ONE: Final = frozenset({Stage.WINNERS, Stage.LOSERS})


def default_featured(state: EventState) -> list[str]:
    """The matches featured by default: the final and the semi-finals.

    Single elimination (and a knockout): its last two rounds. Double elimination: the
    grand final (and its reset), the winners' final and the losers' final. A round
    robin or a Swiss event has none.
    """
    last: dict[Stage, int] = {}
    for match in state.matches:
        last[match.stage] = max(last.get(match.stage, 0), match.round)
    out = []
    for match in state.matches:
        if (
            match.stage in (Stage.GRAND_FINAL, Stage.RESET)
            or (match.stage in _LAST_TWO and match.round >= last[match.stage] - 1)
            or (match.stage in _LAST_ONE and match.round == last[match.stage])
        ):
            out.append(match.id)
    return out
