"""A player's day at an event: find a player by name, their next match, results and status.

The public player pages ("when and where am I up?") ask two things of an event: which
entries a name finds (accents, case and extra spaces set aside, so that a phone's
"nguyen van an" finds "Nguyễn Văn An"), and where one player stands: the match they
play now or next (its table, opponent and when it was called, with the live rack score
of the scorekeeper match), the matches they have finished, and whether they are
playing, waiting, out or the champion. Everything is read from the event as the
tournament service remembers it; nothing is written.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Final

from rotation61.rules.text_fields import search_key
from rotation61.tournament import BYE, Format, Match, Status
from rotation61.web.adapters.tournaments import StoredEntry
from rotation61.web.core.errors import MatchNotFoundError, PlayerNotFoundError
from rotation61.web.core.model import StoredMatch
from rotation61.web.services.matches import MatchService
from rotation61.web.services.tournament_model import LiveEvent
from rotation61.web.services.tournaments import TournamentService

__all__ = ["FOUND_MOST", "PlayerDay", "PlayerPages", "PlayerStatus", "find_entries"]

FOUND_MOST: Final = 200
"""The most entries a search lists (an event's whole field, for the largest events)."""

_OVER: Final = frozenset({Status.DONE, Status.WALKOVER})


class PlayerStatus(StrEnum):
    """Where a player stands in the event."""

    NOT_DRAWN = "not_drawn"
    """The draw has not been made."""
    PLAYING = "playing"
    """Their match is on a table now."""
    WAITING = "waiting"
    """Their next match waits for a table, or for their opponent to be known."""
    ELIMINATED = "eliminated"
    """Out of an elimination event (or withdrawn)."""
    CHAMPION = "champion"
    """The winner of the event."""
    FINISHED = "finished"
    """No match left (a round robin or Swiss player, or the event is over)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlayerDay:
    """One player's day at an event.

    Attributes:
        live: the event.
        entry: the player's entry.
        status: where they stand.
        next_match: the match they play now or next (``None``: none known).
        called: the scorekeeper match of ``next_match`` once called (its live rack
            score and when it was created, i.e. called), ``None`` otherwise.
        results: their decided matches (byes left out), in the order played.
    """

    live: LiveEvent
    entry: StoredEntry
    status: PlayerStatus
    next_match: Match | None
    called: StoredMatch | None
    results: tuple[Match, ...]

    def opponent(self, match: Match) -> str | None:
        """The player's opponent in a match (``None`` while unknown, ``""`` for a bye)."""
        first, second = match.players
        return second if first == self.entry.player_id else first

    def seat(self, match: Match) -> int:
        """The player's slot in a match (0 or 1)."""
        return 0 if match.players[0] == self.entry.player_id else 1


def find_entries(entries: tuple[StoredEntry, ...], query: str) -> tuple[StoredEntry, ...]:
    """The entries whose name (or club) holds every word of ``query``, accents aside.

    An empty query finds every entry. At most :data:`FOUND_MOST`, sorted by name.

    >>> from rotation61.web.adapters.tournaments import StoredEntry
    >>> field = (StoredEntry(player_id="p1", name="Nguyễn Văn An"),
    ...          StoredEntry(player_id="p2", name="Trần Thị Bình"))
    >>> [e.player_id for e in find_entries(field, "nguyen van an")]
    ['p1']
    """
    words = search_key(query).split()
    found = [e for e in entries if all(w in search_key(f"{e.name} {e.club}") for w in words)]
    found.sort(key=lambda e: search_key(e.name))
    return tuple(found[:FOUND_MOST])


def _status(live: LiveEvent, player: str, coming: Match | None) -> PlayerStatus:
    state = live.state
    if state is None or not live.drawn:
        return PlayerStatus.NOT_DRAWN
    if state.champion == player:
        return PlayerStatus.CHAMPION
    if coming is not None and player not in state.withdrawn:
        return PlayerStatus.PLAYING if coming.status is Status.PLAYING else PlayerStatus.WAITING
    if state.finished or state.event.config.format in (Format.SWISS, Format.ROUND_ROBIN):
        eliminated = player in state.withdrawn
        return PlayerStatus.ELIMINATED if eliminated else PlayerStatus.FINISHED
    return PlayerStatus.ELIMINATED


class PlayerPages:
    """The public player pages' use cases.

    Args:
        tournaments: the events.
        matches: the scorekeeper matches (a called match's live score).
    """

    def __init__(self, tournaments: TournamentService, matches: MatchService) -> None:
        self._tournaments = tournaments
        self._matches = matches

    def roster(self, event_id: int, query: str) -> tuple[LiveEvent, tuple[StoredEntry, ...]]:
        """The event and the entries a name finds (every entry for an empty query).

        Raises:
            TournamentNotFoundError: no event has that number.
        """
        live = self._tournaments.event(event_id)
        return live, find_entries(live.entries, query)

    def day(self, event_id: int, player: str) -> PlayerDay:
        """Where one player stands now.

        Raises:
            TournamentNotFoundError: no event has that number.
            PlayerNotFoundError: no player of the event has that id.
        """
        live = self._tournaments.event(event_id)
        entry = next((e for e in live.entries if e.player_id == player), None)
        if entry is None:
            raise PlayerNotFoundError(f"no player {player!r} in event {event_id}")
        mine = (
            [m for m in live.state.matches if player in m.players and BYE not in m.players]
            if live.state is not None and live.drawn
            else []
        )
        results = tuple(m for m in mine if m.status in _OVER)
        coming = next((m for m in mine if m.status is Status.PLAYING), None) or next(
            (m for m in mine if m.status in (Status.READY, Status.PENDING)), None
        )
        called = None
        ref = live.refs.get(coming.id) if coming is not None else None
        if ref is not None:
            try:
                called = self._matches.get_match(ref)
            except MatchNotFoundError:
                called = None
        return PlayerDay(
            live=live,
            entry=entry,
            status=_status(live, player, coming),
            next_match=coming,
            called=called,
            results=results,
        )
