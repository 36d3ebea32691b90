"""The desk's hand seeding of an event: the form's rows and a refused seeding, worded."""

from __future__ import annotations

from rotation61.text import Language
from rotation61.tournament import SeedingError, SeedingMethod, SeedProblemKind, seed_order
from rotation61.web.adapters.tournaments import StoredEntry
from rotation61.web.core.i18n import ui
from rotation61.web.services.tournaments import LiveEvent

__all__ = ["hand_seed_rows", "seeding_error_text"]


def hand_seed_rows(live: LiveEvent) -> list[tuple[int, StoredEntry]]:
    """The desk's hand-seeding form: each entry with the seed it starts with, in seed order.

    The draw made (if any), else the rating order (the organiser's usual start).
    Empty unless the event is seeded by hand and has two players or more.
    """
    state = live.state
    if live.settings.seeding is not SeedingMethod.HAND or state is None:
        return []
    by_id = {e.player_id: e for e in live.entries}
    order = state.order or seed_order(state.event.entries, SeedingMethod.RATING)
    if set(order) != set(by_id):  # entries changed since the draw (not allowed) or none
        order = seed_order(state.event.entries, SeedingMethod.RATING)
    return [(i, by_id[player]) for i, player in enumerate(order, start=1)]


def seeding_error_text(err: SeedingError, live: LiveEvent, lang: Language) -> str:
    """A refused hand seeding in a language: every problem, players by name and id."""

    def who(player: str) -> str:
        name = live.name_of(player)
        return f"{name} ({player})" if name else player

    parts: list[str] = []
    unused = [str(p.seed) for p in err.problems if p.kind is SeedProblemKind.UNUSED]
    for problem in err.problems:
        players = ", ".join(who(p) for p in problem.players)
        seed = "" if problem.seed is None else str(problem.seed)
        match problem.kind:
            case SeedProblemKind.UNKNOWN_PLAYER:
                parts.append(ui("t.seeds.err.unknown_player", lang, player=players, seed=seed))
            case SeedProblemKind.NO_SEED:
                parts.append(ui("t.seeds.err.no_seed", lang, player=players))
            case SeedProblemKind.OUT_OF_RANGE:
                parts.append(
                    ui("t.seeds.err.out_of_range", lang, seed=seed, player=players, n=err.field)
                )
            case SeedProblemKind.DUPLICATE:
                parts.append(ui("t.seeds.err.duplicate", lang, seed=seed, players=players))
            case SeedProblemKind.UNUSED:
                pass
    if unused:
        parts.append(ui("t.seeds.err.unused", lang, seeds=", ".join(unused), count=len(unused)))
    return ui("t.seeds.err", lang, problems="; ".join(parts))
