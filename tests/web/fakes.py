"""Fakes for the service tests (cosmicpython style): an in-memory repository and notifier."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rotation61.records import Input, MatchHeader
from rotation61.web.core.errors import MatchNotFoundError, StaleInputError
from rotation61.web.core.model import MatchStatus, StoredMatch


class FakeRepository:
    def __init__(self) -> None:
        self.matches: dict[int, StoredMatch] = {}
        self.inputs: dict[int, list[Input]] = {}
        self.forms: dict[str, int] = {}

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
        match_id = len(self.matches) + 1
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
        return stored

    def get_match(self, match_id: int) -> StoredMatch:
        try:
            return self.matches[match_id]
        except KeyError:
            raise MatchNotFoundError(f"no match number {match_id!r}") from None

    def list_matches(self, status: MatchStatus | None = None) -> list[StoredMatch]:
        return [
            m
            for m in sorted(self.matches.values(), key=lambda m: -m.id)
            if status is None or m.status is status
        ]

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
    ) -> None:
        log = self.inputs[match_id]
        if len(log) != seq - 1:
            raise StaleInputError(f"input {seq} of match {match_id} already exists")
        log.append(item)
        self.matches[match_id] = dataclasses.replace(
            self.matches[match_id], log_length=seq, status=status, racks_won=racks_won
        )


class RecordingNotifier:
    def __init__(self) -> None:
        self.published_inputs: list[tuple[int, int]] = []

    def published(self, match_id: int, seq: int) -> None:
        self.published_inputs.append((match_id, seq))
