"""The scorekeeper's domain events and the port their subscribers implement.

The match service publishes; services above it (the tournaments) subscribe at wiring
time. The flow runs one way: the match service knows the port, never its subscribers.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

__all__ = ["MatchFinished", "MatchSubscriber"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchFinished:
    """A match ended with the input that was just stored.

    Attributes:
        match_id: the match.
        length: its number of inputs, the last one ending it.
    """

    match_id: int
    length: int


class MatchSubscriber(Protocol):
    """Told of every match that ends, in the thread that stored its last input.

    It runs after the input's commit and before the input is acknowledged; what it
    raises is logged and does not undo or refuse the input.
    """

    def match_finished(self, event: MatchFinished) -> None:
        """Match ``event.match_id`` ended at input ``event.length``."""
        ...
