"""Fakes for the service tests (cosmicpython style): an in-memory repository and notifier."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from rotation61.records import Input, MatchHeader
from rotation61.web.adapters.matches import final_message
from rotation61.web.core.errors import (
    MatchFinalError,
    MatchInEventError,
    MatchNotFoundError,
    StaleInputError,
)
from rotation61.web.core.model import MatchStatus, StoredMatch


class FakeRepository:
    def __init__(self) -> None:
        self.matches: dict[int, StoredMatch] = {}
        self.inputs: dict[int, list[Input]] = {}
        self.forms: dict[str, int] = {}
        self.strokes: dict[tuple[int, int], dict[str, float]] = {}
        self.touched: dict[int, str] = {}
        self.called: set[int] = set()
        """Matches an event called (refused by :meth:`delete_match`)."""
        self._next_id = 1

    def add_match(
        self,
        header: MatchHeader,
        *,
        pin: str,
        created_at: str,
        form_id: str | None = None,
        inputs: Sequence[Input] = (),
        status: MatchStatus = MatchStatus.SCHEDULED,
        racks_won: tuple[int, int] = (0, 0),
    ) -> StoredMatch:
        if form_id is not None and form_id in self.forms:
            return self.matches[self.forms[form_id]]
        match_id = self._next_id
        self._next_id += 1
        if form_id is not None:
            self.forms[form_id] = match_id
        stored = StoredMatch(
            id=match_id,
            header=header,
            pin=pin,
            log_length=len(inputs),
            status=status,
            racks_won=racks_won,
            created_at=created_at,
        )
        self.matches[match_id] = stored
        self.inputs[match_id] = list(inputs)
        self.touched[match_id] = created_at
        return stored

    def get_match(self, match_id: int) -> StoredMatch:
        try:
            return self.matches[match_id]
        except KeyError:
            raise MatchNotFoundError(f"no match number {match_id!r}") from None

    def list_matches(
        self, status: MatchStatus | None = None, *, games: bool = False, limit: int | None = None
    ) -> list[StoredMatch]:
        found = [
            m
            for m in sorted(self.matches.values(), key=lambda m: -m.id)
            if (status is None or m.status is status) and (m.game is not None) is games
        ]
        return found[:limit] if limit is not None else found

    def delete_match(self, match_id: int) -> StoredMatch:
        stored = self.get_match(match_id)
        if match_id in self.called:
            raise MatchInEventError(f"match {match_id} was called by an event")
        self._drop(match_id)
        return stored

    def expire_games(self, *, idle_before: str, finished_before: str) -> list[int]:
        ids = [
            m.id
            for m in self.matches.values()
            if m.game is not None
            and (
                self.touched[m.id] < finished_before
                or (self.touched[m.id] < idle_before and m.status is not MatchStatus.FINISHED)
            )
        ]
        for match_id in ids:
            self._drop(match_id)
        return ids

    def _drop(self, match_id: int) -> None:
        del self.matches[match_id]
        del self.inputs[match_id]
        self.touched.pop(match_id, None)
        for key in [k for k in self.strokes if k[0] == match_id]:
            del self.strokes[key]

    def load_inputs(self, match_id: int, *, after: int = 0) -> list[Input]:
        return self.inputs[match_id][after:]

    def append_input(
        self,
        match_id: int,
        seq: int,
        item: Input,
        *,
        status: MatchStatus,
        racks_won: tuple[int, int],
        created_at: str,
        stroke: Mapping[str, float] | None = None,
    ) -> None:
        log = self.inputs[match_id]
        final_for = self.matches[match_id].final_for
        if final_for is not None:
            raise MatchFinalError(final_message(match_id, final_for))
        if len(log) != seq - 1:
            raise StaleInputError(f"input {seq} of match {match_id} already exists")
        log.append(item)
        self.touched[match_id] = created_at
        if stroke is not None:
            self.strokes[(match_id, seq)] = dict(stroke)
        self.matches[match_id] = dataclasses.replace(
            self.matches[match_id], log_length=seq, status=status, racks_won=racks_won
        )

    def make_final(self, match_id: int, length: int, final_for: str) -> bool:
        stored = self.matches[match_id]
        if stored.log_length != length:
            return False
        if stored.final_for is None:
            self.matches[match_id] = dataclasses.replace(stored, final_for=final_for)
            return True
        return stored.final_for == final_for


class RecordingNotifier:
    def __init__(self) -> None:
        self.published_inputs: list[tuple[int, int]] = []

    def published(self, match_id: int, seq: int) -> None:
        self.published_inputs.append((match_id, seq))
