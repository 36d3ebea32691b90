"""Request bodies turned into the services' values (the schemas import no service)."""

from __future__ import annotations

from typing import Any

from rotation61.records import MatchHeader
from rotation61.web.schemas import MatchCreate, TournamentCreate
from rotation61.web.services.headers import desk_header
from rotation61.web.services.tournaments import EventSettings

__all__ = ["event_settings", "match_header"]


def match_header(body: MatchCreate) -> MatchHeader:
    """The header of the match a desk request asks for.

    Raises:
        UnknownRuleSetError: an unknown preset, rule-set key or value.
        MalformedInputError: a tag name a record cannot hold.
        InvalidRecordError: a name or tag value a record cannot hold.
    """
    overrides = dict(body.overrides)
    if body.breaker_policy is not None:
        overrides["next_rack_breaker"] = body.breaker_policy.value
    return desk_header(
        players=(body.player_a.strip(), body.player_b.strip()),
        race_to=body.race_to,
        preset=body.preset,
        overrides=overrides,
        first_breaker=body.first_breaker,
        table_name=body.table_name.strip(),
        table_size=body.table_size.value,
        tags=dict(body.tags),
    )


def event_settings(body: TournamentCreate, seed: int) -> EventSettings:
    """The settings of the event a desk request asks for (``seed`` when none was given).

    Raises:
        OutOfRangeError, InvalidEventError: a setting out of range or refused.
    """
    extra: dict[str, Any] = {}
    if body.tie_breaks is not None:
        extra["tie_breaks"] = tuple(body.tie_breaks)
    return EventSettings(
        format=body.format,
        seeding=body.seeding,
        draw_seed=seed if body.draw_seed is None else body.draw_seed,
        race=body.race,
        race_by_stage=tuple(body.race_by_stage.items()),
        race_final=body.race_final,
        tables=body.tables,
        tv_table=body.tv_table,
        grand_final_reset=body.grand_final_reset,
        group_size=body.group_size,
        swiss_rounds=body.swiss_rounds,
        single_from=body.single_from,
        group_count=body.group_count,
        advance=body.advance,
        knockout=body.knockout,
        preset=body.preset,
        **extra,
    )
