"""The event as data: entries, settings and the inputs every state is replayed from."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final, TypeVar

from rotation61.rules.text_fields import CLASS_MAX_LENGTH, NAME_MAX_LENGTH, check_text
from rotation61.tournament.errors import (
    DuplicateEntryError,
    ErrorCode,
    InvalidEventError,
    UnknownPlayerError,
)

__all__ = [
    "BYE",
    "CURRENT_PAIRING",
    "ID_MAX_LENGTH",
    "MAX_FIELD",
    "Call",
    "Config",
    "Draw",
    "Entry",
    "Event",
    "Feature",
    "Format",
    "Input",
    "PairingRules",
    "Races",
    "Result",
    "SeedingMethod",
    "Stage",
    "TieBreak",
    "Walkover",
    "WalkoverReason",
    "Withdrawal",
    "check_tables",
    "setting_member",
]

BYE: Final = ""
"""The occupant of an empty bracket slot (player ids are never empty)."""

ID_MAX_LENGTH: Final = 40
"""The longest player id (a letter or digit, then letters, digits, ``_``, ``.``, ``-``)."""
_ID: Final = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{ID_MAX_LENGTH - 1}}}")
MAX_FIELD: Final = 256
"""The largest field an event takes."""


class Format(StrEnum):
    """How the field is played off."""

    SINGLE = "single"
    """Single elimination: one loss and out."""
    DOUBLE = "double"
    """True double elimination: winners' and losers' sides, a grand final (and reset)."""
    ROUND_ROBIN = "round_robin"
    """Every pair of a group meets once (Berger schedule)."""
    SWISS = "swiss"
    """A fixed number of rounds, paired by standing, no rematch until unavoidable."""
    GROUPS = "groups"
    """Round-robin groups, then a knockout of the top players of each group, cross-seeded."""


class Stage(StrEnum):
    """The part of the event a match belongs to."""

    MAIN = "main"
    """The single-elimination bracket."""
    WINNERS = "winners"
    """The winners' side of a double elimination."""
    LOSERS = "losers"
    """The losers' side of a double elimination."""
    GRAND_FINAL = "grand_final"
    """The winners' side champion against the losers' side champion."""
    RESET = "reset"
    """The second grand final, played when the losers' side champion wins the first."""
    KNOCKOUT = "knockout"
    """A single-elimination knockout: double elimination's finish among the last
    players, or the knockout after the groups."""
    GROUP = "group"
    """A round-robin group."""
    SWISS = "swiss"
    """A Swiss round."""


class SeedingMethod(StrEnum):
    """How the seed order of the field is made."""

    RATING = "rating"
    """By rating, highest first; equal ratings in entry order."""
    HAND = "hand"
    """In the order given by the organiser."""
    RANDOM = "random"
    """A random draw from the stored seed (``random.Random(seed)``)."""


class TieBreak(StrEnum):
    """A standings criterion, applied in the configured order (higher is better)."""

    MATCHES_WON = "matches_won"
    RACK_DIFFERENCE = "rack_difference"
    POINT_DIFFERENCE = "point_difference"
    HEAD_TO_HEAD = "head_to_head"
    """Matches won among the players still tied, counted afresh for each tied group."""


class WalkoverReason(StrEnum):
    """Why a match was decided without play."""

    NO_SHOW = "no_show"
    FORFEIT = "forfeit"


class PairingRules(IntEnum):
    """The version of the pairing rules an event is drawn under (``pairing`` on the wire).

    Every state is replayed from the stored entries, settings and inputs, so an event
    keeps the rules it was made with: a result entered stays on the players it was
    entered for. New events take :data:`CURRENT_PAIRING`.
    """

    V1 = 1
    """Events stored before the settings named their pairing rules (no ``pairing``):
    the knockout after double elimination pairs winners' side qualifier ``i`` with
    losers' side qualifier ``K/2 + 1 - i``; the Swiss bye goes to the lowest-ranked
    player who has not had one (anyone, once all have)."""
    V2 = 2
    """No immediate rematch at the crossover of double elimination until the last K;
    the Swiss bye goes to the lowest-ranked player among those with the fewest byes."""


CURRENT_PAIRING: Final = PairingRules.V2
"""The pairing rules of new events."""


def _check_id(value: str, what: str) -> None:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise InvalidEventError(
            f"{what} {value!r} is not an id (letters, digits, _ . -)",
            ErrorCode.NOT_AN_ID,
            field=what.replace(" ", "_"),
            value=value,
        )


def _check_text(value: str, what: str, *, max_length: int = NAME_MAX_LENGTH) -> None:
    """A person-facing text the event holds (:mod:`rotation61.rules.text_fields`)."""
    check_text(value, what, max_length=max_length, required=False)


def _check_race(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 99:
        raise InvalidEventError(
            f"{what} {value!r} is not a race length 1..99",
            ErrorCode.RACE_OUT_OF_RANGE,
            value=value,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """A player entered in the event.

    Attributes:
        id: the player's id in the event (letters, digits, ``_ . -``).
        name: the player's name.
        club: the club, may be empty.
        rating: the rating (an integer), or ``None``.
        player_class: the class or category (``class`` on the wire), may be empty.
    """

    id: str
    name: str
    club: str = ""
    rating: int | None = None
    player_class: str = ""

    def __post_init__(self) -> None:
        _check_id(self.id, "player id")
        _check_text(self.name, "name")
        if not self.name.strip():
            raise InvalidEventError(
                f"player {self.id!r} has an empty name", ErrorCode.EMPTY_NAME, player=self.id
            )
        _check_text(self.club, "club")
        _check_text(self.player_class, "class", max_length=CLASS_MAX_LENGTH)
        if self.rating is not None and (
            isinstance(self.rating, bool) or not isinstance(self.rating, int)
        ):
            raise InvalidEventError(
                f"rating {self.rating!r} of {self.id!r} is not an integer",
                ErrorCode.RATING_NOT_INTEGER,
                player=self.id,
                value=self.rating,
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Races:
    """The race length of every match: by round, else by stage, else the default.

    Attributes:
        default: the race of any match not named below.
        by_stage: ``(stage, race)`` pairs.
        by_round: ``(stage, round, race)`` triples; they win over ``by_stage``.
        final: the race of the last match (the final of single elimination, the grand
            final and reset of double elimination); 0 for no special final race.
    """

    default: int = 7
    by_stage: tuple[tuple[Stage, int], ...] = ()
    by_round: tuple[tuple[Stage, int, int], ...] = ()
    final: int = 0

    def __post_init__(self) -> None:
        _check_race(self.default, "race")
        for stage, race in self.by_stage:
            Stage(stage)
            _check_race(race, f"race of stage {stage!r}")
        for stage, round_, race in self.by_round:
            Stage(stage)
            if round_ < 1:
                raise InvalidEventError(
                    f"round {round_!r} of stage {stage!r} is not 1 or more",
                    ErrorCode.ROUND_OUT_OF_RANGE,
                    stage=str(stage),
                    round=round_,
                )
            _check_race(race, f"race of {stage!r} round {round_!r}")
        if self.final:
            _check_race(self.final, "race of the final")

    def race(self, stage: Stage, round_: int, *, final: bool = False) -> int:
        """The race length of a match.

        >>> Races(default=7, by_stage=((Stage.LOSERS, 5),), final=9).race(Stage.LOSERS, 2)
        5
        """
        if final and self.final:
            return self.final
        for s, r, race in self.by_round:
            if s == stage and r == round_:
                return race
        for s, race in self.by_stage:
            if s == stage:
                return race
        return self.default


DEFAULT_TIE_BREAKS: Final = (
    TieBreak.MATCHES_WON,
    TieBreak.RACK_DIFFERENCE,
    TieBreak.POINT_DIFFERENCE,
    TieBreak.HEAD_TO_HEAD,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """The event's settings.

    Attributes:
        format: single, double, round robin, Swiss, or groups then knockout.
        seeding: how the seed order is made.
        races: the race of each stage and round.
        tie_breaks: the standings criteria in order (the seed decides last).
        grand_final_reset: double elimination: a second grand final when the losers'
            side champion wins the first.
        group_size: round robin and groups: the largest group (0: one group of everyone).
        swiss_rounds: Swiss: the number of rounds (0: ceil(log2 of the field)).
        tables: the table names (empty: any name is accepted).
        tv_tables: the tables that take featured matches first.
        draw_seed: the seed of the random draw, shown (and stored) before the draw.
        single_from: double elimination until this many players are left (a power of
            two, at most half the bracket), then single elimination; 0: double to the end.
        group_count: round robin and groups: the number of groups (0: from
            ``group_size``); give the count or the size, not both.
        advance: groups then knockout: the top M of each group who go into the knockout.
        knockout: groups then knockout: the knockout's format, single or double
            elimination (a double knockout takes ``grand_final_reset`` and ``single_from``).
        pairing: the version of the pairing rules the event is drawn under
            (:class:`PairingRules`); an event keeps the version it was made with.
    """

    format: Format
    seeding: SeedingMethod = SeedingMethod.RATING
    draw_seed: int = 0
    races: Races = Races()
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    grand_final_reset: bool = True
    group_size: int = 0
    swiss_rounds: int = 0
    tables: tuple[str, ...] = ()
    tv_tables: tuple[str, ...] = ()
    single_from: int = 0
    group_count: int = 0
    advance: int = 2
    knockout: Format = Format.SINGLE
    pairing: PairingRules = CURRENT_PAIRING

    def __post_init__(self) -> None:
        _check_pairing(self.pairing)
        object.__setattr__(self, "pairing", PairingRules(self.pairing))
        if self.single_from and (self.single_from < 2 or self.single_from & (self.single_from - 1)):
            raise InvalidEventError(
                f"single elimination from the last {self.single_from!r}: not a power of two ≥ 2",
                ErrorCode.SINGLE_FROM_NOT_POWER,
                value=self.single_from,
            )
        object.__setattr__(self, "format", setting_member(Format, self.format, "format"))
        object.__setattr__(self, "seeding", setting_member(SeedingMethod, self.seeding, "seeding"))
        object.__setattr__(
            self,
            "tie_breaks",
            tuple(setting_member(TieBreak, t, "tie_breaks") for t in self.tie_breaks),
        )
        object.__setattr__(self, "knockout", setting_member(Format, self.knockout, "knockout"))
        _check_group_settings(self)
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise InvalidEventError(
                f"tie-breaks {list(self.tie_breaks)!r} repeat a criterion",
                ErrorCode.TIE_BREAKS_REPEAT,
                value=",".join(self.tie_breaks),
            )
        if self.group_size < 0 or self.group_size == 1:
            raise InvalidEventError(
                f"group size {self.group_size!r} is not 0 or 2 or more",
                ErrorCode.GROUP_SIZE_INVALID,
                value=self.group_size,
            )
        if self.swiss_rounds < 0:
            raise InvalidEventError(
                f"Swiss rounds {self.swiss_rounds!r} is negative",
                ErrorCode.SWISS_ROUNDS_NEGATIVE,
                value=self.swiss_rounds,
            )
        check_tables(self.tables)
        check_tables(self.tv_tables)
        unknown = [t for t in self.tv_tables if self.tables and t not in self.tables]
        if unknown:
            raise InvalidEventError(
                f"TV tables {unknown!r} are not among the tables",
                ErrorCode.TV_TABLES_UNKNOWN,
                tables=",".join(unknown),
            )


def _check_pairing(value: object) -> None:
    if isinstance(value, bool) or value not in set(PairingRules):
        known = ", ".join(str(member.value) for member in PairingRules)
        raise InvalidEventError(
            f"pairing: {value!r} is not a valid PairingRules ({known})",
            ErrorCode.UNKNOWN_SETTING_VALUE,
            setting="pairing",
            value=str(value),
            known=known,
        )


_Member = TypeVar("_Member", Format, SeedingMethod, TieBreak)


def setting_member(kind: type[_Member], value: str, setting: str) -> _Member:
    """A setting's value as its enum member.

    Raises:
        InvalidEventError: an unknown value, naming the setting and the known values.
    """
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise InvalidEventError(
            f"{setting}: {value!r} is not a valid {kind.__name__} ({known})",
            ErrorCode.UNKNOWN_SETTING_VALUE,
            setting=setting,
            value=str(value),
            known=known,
        ) from None


def check_tables(tables: Sequence[str]) -> None:
    """Table names: each an id, none twice.

    Raises:
        InvalidEventError: a name that is not an id, or a name given twice.
    """
    seen: set[str] = set()
    for table in tables:
        _check_id(table, "table")
        if table in seen:
            raise InvalidEventError(
                f"table {table!r} is named twice in {list(tables)!r}",
                ErrorCode.TABLES_REPEAT,
                table=table,
            )
        seen.add(table)


def _check_count(value: int, what: str, least: int, setting: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidEventError(
            f"{what} {value!r} is not an integer {least} or more",
            ErrorCode.COUNT_TOO_SMALL,
            setting=setting,
            value=value,
            least=least,
        )


def _check_group_settings(config: Config) -> None:
    """The group and knockout settings that do not depend on the field (docs/tournaments.md)."""
    _check_count(config.group_count, "group count", 0, "group_count")
    _check_count(config.advance, "players going through from each group", 1, "advance")
    if config.group_count and config.group_size:
        raise InvalidEventError(
            f"group count {config.group_count!r} and group size {config.group_size!r}: "
            "give one, not both",
            ErrorCode.GROUP_COUNT_AND_SIZE,
            count=config.group_count,
            size=config.group_size,
        )
    if config.knockout not in (Format.SINGLE, Format.DOUBLE):
        raise InvalidEventError(
            f"knockout format {config.knockout.value!r} is not single or double",
            ErrorCode.KNOCKOUT_FORMAT,
            value=config.knockout.value,
        )
    if config.format is Format.GROUPS and config.single_from and config.knockout is Format.SINGLE:
        raise InvalidEventError(
            f"single elimination from the last {config.single_from!r}: the knockout after "
            "the groups is already single elimination",
            ErrorCode.SINGLE_FROM_SINGLE_KNOCKOUT,
            value=config.single_from,
        )


def group_count(field: int, config: Config) -> int:
    """The number of round-robin groups of a field: the count, else from the largest size.

    >>> group_count(10, Config(format=Format.GROUPS, group_size=4))
    3
    """
    if config.group_count:
        return config.group_count
    if config.group_size == 0 or config.group_size >= field:
        return 1
    return -(-field // config.group_size)


def _bracket_size(field: int) -> int:
    size = 2
    while size < field:
        size *= 2
    return size


def check_groups(field: int, config: Config) -> None:
    """The group settings against the field: every group of 2 or more, at least M per group.

    Groups are dealt evenly, so the smallest has ``field // count`` players; the
    knockout takes ``count × advance`` players, at least 2.

    Raises:
        InvalidEventError: naming the bad value.
    """
    if config.format is not Format.GROUPS and not (
        config.format is Format.ROUND_ROBIN and config.group_count
    ):
        return
    count = group_count(field, config)
    smallest = field // count
    if smallest < 2:
        raise InvalidEventError(
            f"group count {count!r} for {field} players leaves a group of fewer than 2",
            ErrorCode.GROUP_TOO_SMALL,
            count=count,
            field=field,
        )
    if config.format is not Format.GROUPS:
        return
    if config.advance > smallest:
        raise InvalidEventError(
            f"top {config.advance!r} of each group: the smallest group has {smallest} players",
            ErrorCode.ADVANCE_ABOVE_GROUP,
            advance=config.advance,
            smallest=smallest,
        )
    qualified = count * config.advance
    if qualified < 2:
        raise InvalidEventError(
            f"top {config.advance!r} of {count} group: a knockout needs 2 players or more",
            ErrorCode.KNOCKOUT_TOO_SMALL,
            advance=config.advance,
            count=count,
        )
    size = _bracket_size(qualified)
    if config.single_from and config.single_from * 2 > size:
        raise InvalidEventError(
            f"single elimination from the last {config.single_from}: more than half "
            f"the knockout bracket of {size}",
            ErrorCode.SINGLE_FROM_ABOVE_HALF,
            value=config.single_from,
            size=size,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """The draw: the seed order, made once before play and stored.

    Attributes:
        seed: the random seed, shown before the draw (used by a random draw).
        order: the player ids, seed 1 first (a hand seeding gives it; otherwise it is
            the result of :func:`rotation61.tournament.seeding.seed_order`).
    """

    seed: int = 0
    order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """A match called to a table: it has started."""

    match: str
    table: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """A match result, or a corrected one.

    Attributes:
        match: the match id.
        racks: racks won by the first and the second player.
        points: points scored by the first and the second player (0, 0 if not kept).
        record: a link to the match record, may be empty.
    """

    match: str
    racks: tuple[int, int]
    points: tuple[int, int] = (0, 0)
    record: str = ""

    def __post_init__(self) -> None:
        for what, pair in (("racks", self.racks), ("points", self.points)):
            if len(pair) != 2 or any(
                isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in pair
            ):
                raise InvalidEventError(
                    f"{what} {pair!r} of {self.match!r} are not two counts",
                    ErrorCode.NOT_TWO_COUNTS,
                    what=what,
                    value=str(pair),
                    match=self.match,
                )


@dataclass(frozen=True, slots=True, kw_only=True)
class Walkover:
    """A match decided without play (no-show or forfeit): ``winner`` goes through."""

    match: str
    winner: str
    reason: WalkoverReason = WalkoverReason.NO_SHOW


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdrawal:
    """A player leaves the event: every later match of theirs is a walkover."""

    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Feature:
    """A match marked for the TV table."""

    match: str


Input = Draw | Call | Result | Walkover | Withdrawal | Feature
"""Everything that moves an event on, stored in order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """An event: who entered, how it is played, and what has happened (the inputs).

    Every state (bracket, standings, queue) is derived by replaying the inputs; see
    :func:`rotation61.tournament.replay`.
    """

    name: str
    entries: tuple[Entry, ...]
    config: Config
    inputs: tuple[Input, ...] = ()

    def __post_init__(self) -> None:
        _check_text(self.name, "event name")
        if not 2 <= len(self.entries) <= MAX_FIELD:
            raise InvalidEventError(
                f"a field of {len(self.entries)} players is outside 2..{MAX_FIELD}",
                ErrorCode.FIELD_SIZE,
                count=len(self.entries),
                most=MAX_FIELD,
            )
        seen: dict[str, Entry] = {}
        names: set[tuple[str, str]] = set()
        for entry in self.entries:
            if entry.id in seen:
                raise DuplicateEntryError(
                    f"player id {entry.id!r} is entered twice",
                    ErrorCode.DUPLICATE_ID,
                    player=entry.id,
                )
            key = (entry.name.strip().casefold(), entry.club.strip().casefold())
            if key in names:
                raise DuplicateEntryError(
                    f"player {entry.name!r} of club {entry.club!r} is entered twice",
                    ErrorCode.DUPLICATE_NAME,
                    name=entry.name,
                    club=entry.club,
                )
            seen[entry.id] = entry
            names.add(key)
        check_groups(len(self.entries), self.config)

    def entry(self, player: str) -> Entry:
        """The entry of a player id.

        Raises:
            UnknownPlayerError: no such player.
        """
        for entry in self.entries:
            if entry.id == player:
                return entry
        raise UnknownPlayerError(
            f"no player {player!r} in the event", ErrorCode.UNKNOWN_PLAYER, player=player
        )
