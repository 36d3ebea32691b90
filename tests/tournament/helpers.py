"""Building and playing events in tests."""

from __future__ import annotations

import random

from rotation61.tournament import (
    Config,
    Entry,
    EventState,
    Format,
    Races,
    Result,
    Status,
    draw,
    new_event,
    play,
)
from rotation61.tournament.queue import priority


def field(n: int) -> list[Entry]:
    return [Entry(id=f"p{i}", name=f"Player {i}", rating=900 - i) for i in range(1, n + 1)]


def drawn(n: int, fmt: Format, **settings: object) -> EventState:
    config = Config(format=fmt, races=Races(default=2), **settings)  # type: ignore[arg-type]
    return draw(new_event("Test", field(n), config), seed=n)


def play_out(state: EventState, seed: int) -> EventState:
    rng = random.Random(seed)
    while not state.finished:
        ready = sorted((m for m in state.matches if m.status is Status.READY), key=priority)
        if not ready:
            break
        match = ready[0]
        loser_racks = rng.randrange(match.race)
        racks = (match.race, loser_racks) if rng.random() < 0.5 else (loser_racks, match.race)
        state = play(
            state, Result(match=match.id, racks=racks, points=(racks[0] * 61, racks[1] * 61))
        )
    return state


def losses(state: EventState) -> dict[str, int]:
    counts = {e.id: 0 for e in state.event.entries}
    for match in state.matches:
        if match.status in (Status.DONE, Status.WALKOVER):
            counts[match.loser] += 1
    return counts


def played(state: EventState) -> list[object]:
    return [m for m in state.matches if m.status in (Status.DONE, Status.WALKOVER)]
