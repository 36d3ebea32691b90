"""The event's state, derived by replaying its inputs; :func:`play` moves it on.

Each input is checked against the state it meets; a bad input raises and leaves the
state as it was (states are immutable). :func:`replay` folds :func:`play` over the
stored inputs, so replaying an event's inputs rebuilds an equal state.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from rotation61.tournament import bracket, swiss
from rotation61.tournament.bracket import MatchSpec, Slot, SlotKind
from rotation61.tournament.errors import (
    CorrectionRefusedError,
    DrawError,
    ErrorCode,
    InvalidEventError,
    InvalidResultError,
    MatchNotReadyError,
    UnknownMatchError,
    UnknownPlayerError,
)
from rotation61.tournament.matches import Match, Status
from rotation61.tournament.model import (
    BYE,
    Call,
    Config,
    Draw,
    Entry,
    Event,
    Feature,
    Format,
    Input,
    Result,
    SeedingMethod,
    Stage,
    Walkover,
    WalkoverReason,
    Withdrawal,
    group_count,
)
from rotation61.tournament.seeding import seed_order
from rotation61.tournament.standings import Line, finish, rank, tally

__all__ = ["EventState", "draw", "new_event", "play", "replay"]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Facts:
    """What the inputs have said, latest first wins (pairs keyed by match or player)."""

    draw: Draw | None = None
    results: Mapping[str, Result] = field(default_factory=dict)
    walkovers: Mapping[str, Walkover] = field(default_factory=dict)
    calls: Mapping[str, str] = field(default_factory=dict)
    withdrawn: tuple[str, ...] = ()
    featured: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True, kw_only=True)
class _Structure:
    """The match structure with its lookups: position by id, the matches fed by each."""

    specs: tuple[MatchSpec, ...] = ()
    index: Mapping[str, int] = field(default_factory=dict)
    fed: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, specs: tuple[MatchSpec, ...]) -> _Structure:
        index = {spec.id: i for i, spec in enumerate(specs)}
        fed: dict[str, list[int]] = {}
        for i, spec in enumerate(specs):
            for slot in spec.slots:
                if slot.kind is not SlotKind.PLAYER:
                    fed.setdefault(slot.ref, []).append(i)
        return cls(specs=specs, index=index, fed={k: tuple(v) for k, v in fed.items()})


@dataclass(frozen=True, slots=True, kw_only=True)
class EventState:
    """An event and everything derived from its inputs.

    Attributes:
        event: the event (entries, settings, the inputs so far).
        matches: every match of the structure, in structure order (empty before the draw).
    """

    event: Event
    matches: tuple[Match, ...] = ()
    _structure: _Structure = _Structure()
    _facts: _Facts = _Facts()

    @property
    def drawn(self) -> bool:
        """Whether the draw has been made."""
        return self._facts.draw is not None

    @property
    def order(self) -> tuple[str, ...]:
        """The seed order of the draw (empty before it)."""
        return () if self._facts.draw is None else self._facts.draw.order

    @property
    def withdrawn(self) -> tuple[str, ...]:
        """The players who have withdrawn, in order."""
        return self._facts.withdrawn

    def match(self, match_id: str) -> Match:
        """The match with this id.

        Raises:
            UnknownMatchError: no such match (yet).
        """
        position = self._structure.index.get(match_id)
        if position is not None:
            return self.matches[position]
        raise UnknownMatchError(
            f"no match {match_id!r} in the event"
            + ("" if self.drawn else " (the draw has not been made)"),
            ErrorCode.UNKNOWN_MATCH,
            match=match_id,
            drawn=self.drawn,
        )

    def fed_by(self, match_id: str) -> tuple[str, ...]:
        """The matches a slot of which this match's winner or loser takes, in structure order.

        Raises:
            UnknownMatchError: no such match (yet).
        """
        self.match(match_id)
        specs = self._structure.specs
        return tuple(dict.fromkeys(specs[i].id for i in self._structure.fed.get(match_id, ())))

    def winners_into(self, match_id: str) -> tuple[str, ...]:
        """The matches whose winners play in this one, in slot order (a bracket's lines).

        A player's own slot and a loser's drop (into the losers' side) are not lines.

        Raises:
            UnknownMatchError: no such match (yet).
        """
        self.match(match_id)
        spec = self._structure.specs[self._structure.index[match_id]]
        return tuple(slot.ref for slot in spec.slots if slot.kind is SlotKind.WINNER)

    @property
    def started(self) -> bool:
        """Whether any match has been called, played or walked over."""
        return any(m.started for m in self.matches)

    @property
    def finished(self) -> bool:
        """Whether the event is over (every match decided, every round paired)."""
        if not self.matches or not all(m.decided for m in self.matches):
            return False
        if self.event.config.format is Format.SWISS:
            return _swiss_round_count(self) >= swiss.swiss_rounds(
                len(self.event.entries), self.event.config.swiss_rounds
            )
        if self.event.config.format is Format.GROUPS:
            return _knockout_drawn(self.matches)
        return True

    @property
    def champion(self) -> str | None:
        """The winner of the event, once decided (a round robin of several groups has none)."""
        fmt = self.event.config.format
        if not self.matches:
            return None
        if fmt is Format.GROUPS and not _knockout_drawn(self.matches):
            return None
        if fmt in (Format.SINGLE, Format.DOUBLE, Format.GROUPS):
            finals = [
                m
                for m in self.matches
                if m.stage in (Stage.MAIN, Stage.GRAND_FINAL, Stage.KNOCKOUT)
            ]
            last = self.matches[-1]
            if fmt is Format.SINGLE or last.status is Status.VOID:
                # the single-elimination final, or the grand final without its reset
                last = finals[-1]
            return last.winner or None if last.decided else None
        if not self.finished:
            return None
        if fmt is Format.ROUND_ROBIN and len({m.group for m in self.matches}) > 1:
            return None
        return self.standings()[0].player

    def seeds(self) -> dict[str, int]:
        """Each player's seed (1 first); entry order before the draw."""
        order = self.order or tuple(e.id for e in self.event.entries)
        return {player: i for i, player in enumerate(order, start=1)}

    def standings(self, group: int = 0) -> tuple[Line, ...]:
        """The standings (of one round-robin group when ``group`` is given).

        Elimination formats, and groups then knockout once the knockout is drawn, rank
        the players still in first, then by how far each got
        (:func:`~rotation61.tournament.standings.finish`; a player out in the groups
        counts 0), then by the tie-breaks. A group's standings use the tie-breaks only.
        """
        config = self.event.config
        matches = [m for m in self.matches if not group or m.group == group]
        players = [e.id for e in self.event.entries]
        if group:
            players = [p for p in players if any(m.has(p) for m in matches)]
        lines = tally(players, matches, bye_wins=config.format is Format.SWISS)
        out = _knocked_out(self)
        lines = {p: replace(line, out=p in out or p in self.withdrawn) for p, line in lines.items()}
        first = []
        if config.format in (Format.SINGLE, Format.DOUBLE) or (
            config.format is Format.GROUPS and not group and _knockout_drawn(self.matches)
        ):
            champion = self.champion
            first = [
                lambda g: {p: int(p == champion) for p in g},
                lambda g: {p: 0 if p in out else 1 for p in g},
                lambda g: {p: out.get(p, 0) for p in g},
            ]
        return rank(lines, matches, config.tie_breaks, self.seeds(), first=first)


def _knocked_out(state: EventState) -> dict[str, int]:
    """Each eliminated player and how far they got (elimination formats)."""
    config = state.event.config
    fmt = config.format
    if fmt not in (Format.SINGLE, Format.DOUBLE, Format.GROUPS):
        return {}
    losses: dict[str, int] = {}
    out: dict[str, int] = {}
    matches = state.matches
    single = fmt is Format.SINGLE
    if fmt is Format.GROUPS:
        matches = tuple(m for m in matches if m.stage is not Stage.GROUP)
        single = config.knockout is Format.SINGLE
        if matches:
            qualified = {p for m in matches if m.round == 1 for p in m.players if p}
            out = {e.id: 0 for e in state.event.entries if e.id not in qualified}
    for match in matches:
        if match.status not in (Status.DONE, Status.WALKOVER) or not match.loser:
            continue
        losses[match.loser] = losses.get(match.loser, 0) + 1
        if single or losses[match.loser] >= 2 or match.stage in (Stage.GRAND_FINAL, Stage.KNOCKOUT):
            if match.stage is Stage.GRAND_FINAL and _reset_played(state):
                continue
            out[match.loser] = finish(match)
    return out


def _reset_played(state: EventState) -> bool:
    return any(m.stage is Stage.RESET and m.status is not Status.VOID for m in state.matches)


def _knockout_drawn(matches: Sequence[Match]) -> bool:
    """Whether the knockout after the groups has been drawn (groups then knockout)."""
    return bool(matches) and matches[-1].stage is not Stage.GROUP


def _swiss_round_count(state: EventState) -> int:
    return max((m.round for m in state.matches), default=0)


def new_event(name: str, entries: Sequence[Entry], config: Config) -> EventState:
    """A new event, before the draw.

    Raises:
        InvalidEventError: a field outside 2..256, a bad entry or setting.
        DuplicateEntryError: a player entered twice.

    >>> from rotation61.tournament.model import Entry, Config, Format
    >>> state = new_event("Cup", [Entry(id="a", name="An"), Entry(id="b", name="Bình")],
    ...                   Config(format=Format.SINGLE))
    >>> state.drawn
    False
    """
    return EventState(event=Event(name=name, entries=tuple(entries), config=config))


def draw(state: EventState, *, seed: int = 0, hand: Sequence[str] = ()) -> EventState:
    """Make the draw: seed the field by the event's method and build the structure.

    Args:
        state: the event.
        seed: the seed shown before a random draw (stored in any case).
        hand: the seed order, for a hand seeding.

    Raises:
        DrawError: a match has started.
    """
    entries = state.event.entries
    order = seed_order(entries, state.event.config.seeding, seed=seed, hand=hand)
    return play(state, Draw(seed=seed, order=order))


def replay(event: Event) -> EventState:
    """Rebuild an event's state from its entries, settings and stored inputs.

    Raises:
        TournamentError: a stored input is not allowed where it stands.
    """
    state = EventState(event=replace(event, inputs=()))
    for item in event.inputs:
        state = play(state, item)
    return state


def play(state: EventState, item: Input) -> EventState:
    """The state after one more input; the input is stored with the event.

    Raises:
        DrawError: a draw after a match started, or an input before the draw.
        UnknownMatchError: no such match.
        UnknownPlayerError: no such player, or not in that match.
        MatchNotReadyError: a match whose players are not both known, or busy.
        InvalidResultError: a rack score that does not finish the race.
        CorrectionRefusedError: a correction that would change a started match.
    """
    event = _appended(state.event, item)
    if isinstance(item, Draw):
        return _play_draw(state, event, item)
    if not state.drawn:
        kind = type(item).__name__.lower()
        raise DrawError(f"{kind} before the draw", ErrorCode.BEFORE_DRAW, input=kind)
    if isinstance(item, Call):
        return _play_call(state, event, item)
    if isinstance(item, Result):
        return _play_result(state, event, item)
    if isinstance(item, Walkover):
        return _play_walkover(state, event, item)
    if isinstance(item, Withdrawal):
        return _play_withdrawal(state, event, item)
    if isinstance(item, Feature):
        state.match(item.match)
        facts = replace(state._facts, featured=state._facts.featured | {item.match})
        return _derive(state, event, facts, changed=item.match)
    raise InvalidEventError(  # pragma: no cover
        f"unknown input {item!r}", ErrorCode.UNKNOWN_INPUT, kind=type(item).__name__
    )


def _appended(event: Event, item: Input) -> Event:
    """The event with one more input.

    Its entries and settings, checked when it was made, are not checked again (a play
    then costs no pass over the field).
    """
    new = object.__new__(Event)
    for name in ("name", "entries", "config"):
        object.__setattr__(new, name, getattr(event, name))
    object.__setattr__(new, "inputs", (*event.inputs, item))
    return new


def _play_draw(state: EventState, event: Event, item: Draw) -> EventState:
    if state.started:
        raise DrawError(
            "the draw cannot be made again: a match has started", ErrorCode.DRAW_AFTER_START
        )
    config = event.config
    expected = seed_order(event.entries, config.seeding, seed=item.seed, hand=item.order)
    if config.seeding is not SeedingMethod.HAND and expected != item.order:
        raise DrawError(
            f"the draw order {list(item.order)!r} is not the {config.seeding} draw "
            f"of seed {item.seed!r}",
            ErrorCode.DRAW_ORDER,
            seeding=config.seeding.value,
            seed=item.seed,
        )
    facts = _Facts(draw=item, withdrawn=state._facts.withdrawn)
    structure = _Structure.of(_structure(config, item.order))
    return _derive(replace(state, _structure=structure), event, facts, repair=True)


def _structure(config: Config, order: Sequence[str]) -> tuple[MatchSpec, ...]:
    if config.format is Format.SINGLE:
        return bracket.single_elimination(order)
    if config.format is Format.DOUBLE:
        return bracket.double_elimination(
            order,
            reset=config.grand_final_reset,
            single_from=config.single_from,
            pairing=config.pairing,
        )
    if config.format is Format.ROUND_ROBIN:
        return bracket.round_robin(order, config.group_size, count=config.group_count)
    if config.format is Format.GROUPS:
        count = group_count(len(order), config)
        return bracket.round_robin(order, 0, count=count, prefixed=True)
    return ()


def _check_player(state: EventState, player: str) -> None:
    if player not in {e.id for e in state.event.entries}:
        raise UnknownPlayerError(
            f"no player {player!r} in the event", ErrorCode.UNKNOWN_PLAYER, player=player
        )


def _play_call(state: EventState, event: Event, item: Call) -> EventState:
    match = state.match(item.match)
    tables = event.config.tables
    if tables and item.table not in tables:
        raise InvalidEventError(
            f"no table {item.table!r} (tables: {list(tables)!r})",
            ErrorCode.UNKNOWN_TABLE,
            table=item.table,
            tables=", ".join(tables),
        )
    if match.status is not Status.READY:
        raise MatchNotReadyError(
            f"match {item.match!r} is {match.status}, not ready",
            ErrorCode.MATCH_NOT_READY,
            match=item.match,
            status=match.status.value,
        )
    for other in state.matches:
        if other.status is not Status.PLAYING:
            continue
        if other.table == item.table:
            raise MatchNotReadyError(
                f"table {item.table!r} is busy with match {other.id!r}",
                ErrorCode.TABLE_BUSY,
                table=item.table,
                match=other.id,
            )
        busy = [p for p in match.players if p is not None and other.has(p)]
        if busy:
            raise MatchNotReadyError(
                f"match {item.match!r}: {busy[0]!r} is still playing match {other.id!r}",
                ErrorCode.PLAYER_BUSY,
                match=item.match,
                player=busy[0],
                other=other.id,
            )
    facts = replace(state._facts, calls={**state._facts.calls, item.match: item.table})
    return _derive(state, event, facts, changed=item.match)


def _check_race(match: Match, racks: tuple[int, int]) -> None:
    a, b = racks
    if not (max(a, b) == match.race and min(a, b) < match.race):
        raise InvalidResultError(
            f"racks {a}-{b} do not finish match {match.id!r}, a race to {match.race}",
            ErrorCode.RACKS_DO_NOT_FINISH,
            a=a,
            b=b,
            match=match.id,
            race=match.race,
        )


def _play_result(state: EventState, event: Event, item: Result) -> EventState:
    match = state.match(item.match)
    if not match.real or match.status in (Status.PENDING, Status.BYE, Status.VOID):
        raise MatchNotReadyError(
            f"match {item.match!r} is {match.status}: no result can be given",
            ErrorCode.NO_RESULT,
            match=item.match,
            status=match.status.value,
        )
    _check_race(match, item.racks)
    walkovers = dict(state._facts.walkovers)
    walkovers.pop(item.match, None)
    results = dict(state._facts.results)
    results[item.match] = item
    facts = replace(state._facts, results=results, walkovers=walkovers)
    if match.decided:
        return _correct(state, event, facts, item.match)
    return _derive(state, event, facts, changed=item.match)


def _play_walkover(state: EventState, event: Event, item: Walkover) -> EventState:
    match = state.match(item.match)
    if not match.real or match.status not in (Status.READY, Status.PLAYING):
        raise MatchNotReadyError(
            f"match {item.match!r} is {match.status}: no walkover",
            ErrorCode.NO_WALKOVER,
            match=item.match,
            status=match.status.value,
        )
    _check_player(state, item.winner)
    if not match.has(item.winner):
        raise UnknownPlayerError(
            f"{item.winner!r} does not play match {item.match!r}",
            ErrorCode.NOT_IN_MATCH,
            player=item.winner,
            match=item.match,
        )
    WalkoverReason(item.reason)
    facts = replace(state._facts, walkovers={**state._facts.walkovers, item.match: item})
    return _derive(state, event, facts, changed=item.match)


def _play_withdrawal(state: EventState, event: Event, item: Withdrawal) -> EventState:
    _check_player(state, item.player)
    if item.player in state._facts.withdrawn:
        raise InvalidEventError(
            f"player {item.player!r} has already withdrawn",
            ErrorCode.ALREADY_WITHDRAWN,
            player=item.player,
        )
    facts = replace(state._facts, withdrawn=(*state._facts.withdrawn, item.player))
    return _derive(state, event, facts)


def _correct(state: EventState, event: Event, facts: _Facts, match_id: str) -> EventState:
    """Re-propagate a corrected result, unless a started match would change."""
    structure = state._structure
    if event.config.format is Format.SWISS:
        corrected = state.match(match_id).round
        structure = _Structure.of(tuple(s for s in structure.specs if s.round <= corrected))
    if event.config.format is Format.GROUPS and state.match(match_id).stage is Stage.GROUP:
        structure = _Structure.of(tuple(s for s in structure.specs if s.stage is Stage.GROUP))
    new = _derive(replace(state, _structure=structure), event, facts, repair=True)
    for old in state.matches:
        if not old.started or old.id == match_id:
            continue
        now = next((m for m in new.matches if m.id == old.id), None)
        if now is None or now.players != old.players:
            raise CorrectionRefusedError(
                f"the result of {match_id!r} cannot be corrected: match {old.id!r}, "
                "which depends on it, has started",
                ErrorCode.CORRECTION_REFUSED,
                match=match_id,
                other=old.id,
            )
    return new


def _derive(
    state: EventState,
    event: Event,
    facts: _Facts,
    *,
    repair: bool = False,
    changed: str | None = None,
) -> EventState:
    """Resolve the structure with the facts; a Swiss event pairs each round as it opens.

    ``changed`` names the one match an input touched: only it and the matches it feeds
    are resolved again. Otherwise (``repair``, a withdrawal) everything is.
    """
    structure = state._structure
    if event.config.format is Format.SWISS and not structure.specs:
        structure = _Structure.of(_swiss_first(facts))
    if changed is not None and not repair and len(state.matches) == len(structure.specs):
        matches = _update(structure, state.matches, facts, event.config, changed)
    else:
        matches = _resolve(structure, facts, event.config)
    if event.config.format is Format.SWISS:
        structure, matches = _swiss_next(event, structure, matches, facts)
    if event.config.format is Format.GROUPS:
        structure, matches = _knockout_next(event, structure, matches, facts)
    return EventState(event=event, matches=matches, _structure=structure, _facts=facts)


def _swiss_first(facts: _Facts) -> tuple[MatchSpec, ...]:
    if facts.draw is None:
        return ()
    order = [p for p in facts.draw.order if p not in facts.withdrawn]
    half = len(order) // 2
    top, bottom = order[:half], order[half : 2 * half]
    folded = [p for pair in zip(top, bottom, strict=True) for p in pair] + order[2 * half :]
    pairs, bye = swiss.pair_round(folded, frozenset(), {})  # no byes yet: any rules agree
    return _swiss_specs(1, pairs, bye)


def _swiss_specs(
    round_: int, pairs: Sequence[tuple[str, str]], bye: str | None
) -> tuple[MatchSpec, ...]:
    specs = [
        MatchSpec(
            id=f"S{round_}-{i}",
            stage=Stage.SWISS,
            round=round_,
            index=i,
            slots=(Slot.player(a), Slot.player(b)),
        )
        for i, (a, b) in enumerate(pairs, start=1)
    ]
    if bye is not None:
        specs.append(
            MatchSpec(
                id=f"S{round_}-bye",
                stage=Stage.SWISS,
                round=round_,
                index=len(pairs) + 1,
                slots=(Slot.player(bye), Slot.player(BYE)),
            )
        )
    return tuple(specs)


def _swiss_next(
    event: Event, structure: _Structure, matches: tuple[Match, ...], facts: _Facts
) -> tuple[_Structure, tuple[Match, ...]]:
    total = swiss.swiss_rounds(len(event.entries), event.config.swiss_rounds)
    while matches and all(m.decided for m in matches) and matches[-1].round < total:
        partial = EventState(event=event, matches=matches, _structure=structure, _facts=facts)
        active = [line.player for line in partial.standings() if line.player not in facts.withdrawn]
        if len(active) < 2:
            break
        played = frozenset(frozenset(p for p in m.players if p) for m in matches if m.real)
        byes = Counter(m.winner for m in matches if m.status is Status.BYE and m.winner)
        pairs, bye = swiss.pair_round(active, played, byes, event.config.pairing)
        specs = (*structure.specs, *_swiss_specs(matches[-1].round + 1, pairs, bye))
        structure = _Structure.of(specs)
        matches = _resolve(structure, facts, event.config)
    return structure, matches


def _qualifiers(state: EventState, count: int, advance: int) -> list[list[str]]:
    """The top ``advance`` of each group's standings.

    Withdrawn players are passed over; they fill places only when too few others are left.
    """
    withdrawn = set(state.withdrawn)
    picks: list[list[str]] = []
    for group in range(1, count + 1):
        ranked = [line.player for line in state.standings(group)]
        staying = [p for p in ranked if p not in withdrawn]
        picks.append([*staying, *(p for p in ranked if p in withdrawn)][:advance])
    return picks


def _knockout_next(
    event: Event, structure: _Structure, matches: tuple[Match, ...], facts: _Facts
) -> tuple[_Structure, tuple[Match, ...]]:
    """Draw the knockout once every group match is decided.

    The top M of each group, cross-seeded (:func:`~rotation61.tournament.bracket.cross_seeds`).
    """
    if not matches or _knockout_drawn(matches) or not all(m.decided for m in matches):
        return structure, matches
    config = event.config
    partial = EventState(event=event, matches=matches, _structure=structure, _facts=facts)
    count = group_count(len(event.entries), config)
    picks = _qualifiers(partial, count, config.advance)
    order = [picks[g - 1][place - 1] for g, place in bracket.cross_seeds(count, config.advance)]
    knockout = bracket.knockout(
        order,
        double=config.knockout is Format.DOUBLE,
        reset=config.grand_final_reset,
        single_from=config.single_from,
        pairing=config.pairing,
    )
    structure = _Structure.of((*structure.specs, *knockout))
    return structure, _resolve(structure, facts, config)


def _occupant(slot: Slot, lookup: Callable[[str], Match]) -> str | None:
    if slot.kind is SlotKind.PLAYER:
        return slot.ref
    source = lookup(slot.ref)
    if not source.decided:
        return None
    return source.winner if slot.kind is SlotKind.WINNER else source.loser


def _build(spec: MatchSpec, lookup: Callable[[str], Match], facts: _Facts, config: Config) -> Match:
    players = (_occupant(spec.slots[0], lookup), _occupant(spec.slots[1], lookup))
    match = Match(
        id=spec.id,
        stage=spec.stage,
        round=spec.round,
        index=spec.index,
        group=spec.group,
        players=players,
        race=config.races.race(spec.stage, spec.round, final=spec.final),
        featured=spec.id in facts.featured,
    )
    return _decide(spec, match, lookup, facts)


def _resolve(structure: _Structure, facts: _Facts, config: Config) -> tuple[Match, ...]:
    """Every match, in structure order (each slot's source comes earlier)."""
    built: list[Match] = []
    index = structure.index

    def lookup(match_id: str) -> Match:
        return built[index[match_id]]

    for spec in structure.specs:
        built.append(_build(spec, lookup, facts, config))
    return tuple(built)


def _update(
    structure: _Structure,
    matches: tuple[Match, ...],
    facts: _Facts,
    config: Config,
    changed: str,
) -> tuple[Match, ...]:
    """Resolve one match again, then every match it feeds that changes in turn."""
    built = list(matches)
    index = structure.index

    def lookup(match_id: str) -> Match:
        return built[index[match_id]]

    queue = [index[changed]]
    queued = set(queue)
    while queue:
        position = heapq.heappop(queue)
        spec = structure.specs[position]
        match = _build(spec, lookup, facts, config)
        if match == built[position] and spec.id != changed:
            continue
        built[position] = match
        for fed in structure.fed.get(spec.id, ()):
            if fed not in queued:
                queued.add(fed)
                heapq.heappush(queue, fed)
    return tuple(built)


def _decide(spec: MatchSpec, match: Match, lookup: Callable[[str], Match], facts: _Facts) -> Match:
    results, walkovers, calls, withdrawn = (
        facts.results,
        facts.walkovers,
        facts.calls,
        facts.withdrawn,
    )
    a, b = match.players
    if a is None or b is None:
        return match
    if spec.conditional:
        source = lookup(spec.slots[0].ref)
        if source.winner == source.players[0]:
            return replace(match, status=Status.VOID)
    if a == BYE or b == BYE:
        winner = b if a == BYE else a
        return replace(match, status=Status.BYE, winner=winner, loser=BYE)
    table = calls.get(spec.id, "")
    if spec.id in results:
        result = results[spec.id]
        won = a if result.racks[0] > result.racks[1] else b
        return replace(
            match,
            status=Status.DONE,
            table=table,
            winner=won,
            loser=b if won == a else a,
            racks=result.racks,
            points=result.points,
            record=result.record,
        )
    if spec.id in walkovers or a in withdrawn or b in withdrawn:
        given = walkovers.get(spec.id)
        if given is not None:
            won, reason = given.winner, given.reason
        else:
            won, reason = (
                (b if a in withdrawn and b not in withdrawn else a),
                WalkoverReason.FORFEIT,
            )
        return replace(
            match,
            status=Status.WALKOVER,
            table=table,
            winner=won,
            loser=b if won == a else a,
            walkover=reason,
        )
    if table:
        return replace(match, status=Status.PLAYING, table=table)
    return replace(match, status=Status.READY)
