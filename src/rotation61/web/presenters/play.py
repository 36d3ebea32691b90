"""What the play page shows: a game, and a shot to animate, as response models.

:func:`shot_view` exports the engine's event list with each ball's state at each of its
events (read from the public :class:`~rotation61.sim.Trajectory`), so that the browser
evaluates the analytic motion between events itself (``static/play.js``) and ends on
the engine's rest positions.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from rotation61.geometry import METERS_PER_INCH, Point, TableSpec
from rotation61.records import AppliedStep
from rotation61.rules import Ball, Phase
from rotation61.sim import (
    DEFAULT_PARAMS,
    EventKind,
    SimResult,
    SimTable,
    Stroke,
)
from rotation61.text import Language, describe_option
from rotation61.web.presenters.boards import entry_lines, scoreboard_view
from rotation61.web.schemas import OptionOut, PlayTable, PlayView, ShotView
from rotation61.web.services.game import MOTIONS, Game, stroke_to_dict

__all__ = ["play_table", "play_view", "shot_view"]


@functools.lru_cache(maxsize=8)
def play_table(spec: TableSpec) -> PlayTable:
    """The table to draw, in inches, from the geometry layer and the engine's pockets.

    Memoised, bounded: the last 8 tables (there are three presets).
    """
    sim = SimTable.from_spec(spec)
    inch = METERS_PER_INCH
    return PlayTable(
        name=spec.name,
        length=spec.length,
        width=spec.width,
        ball_radius=spec.ball_radius,
        head_string_x=spec.head_string_x,
        foot_spot=[spec.foot_spot.x, spec.foot_spot.y],
        pockets=[[x / inch, y / inch, r / inch] for x, y, r in sim.pocket_holes()],
        cushions=[[a[0] / inch, a[1] / inch, b[0] / inch, b[1] / inch] for a, b in sim.outline()],
    )


def _balls(layout: Mapping[Ball, Point]) -> dict[str, list[float]]:
    return {str(b): [p.x, p.y] for b, p in sorted(layout.items())}


def play_view(game: Game, lang: Language, computer_note: str | None = None) -> PlayView:
    """A game as a player's screen shows it."""
    match = game.match
    rack = match.rack
    pending = rack.pending if rack.phase is Phase.DECISION else None
    options = (
        [
            OptionOut(
                value=o,
                label=describe_option(o, lang).label,
                help=describe_option(o, lang).explanation,
            )
            for o in pending.options
        ]
        if pending is not None
        else []
    )
    return PlayView(
        id=game.stored.id,
        seq=game.log.length,
        mode=game.mode,
        level=game.level,
        over=match.is_over,
        table=play_table(game.spec),
        balls=_balls(game.layout),
        in_hand=game.in_hand,
        to_act=game.to_act,
        phase=rack.phase,
        lowest=rack.lowest,
        options=options,
        board=scoreboard_view(game.stored, game.log, lang),
        computer_note=computer_note,
    )


def _params() -> dict[str, float]:
    p = DEFAULT_PARAMS
    return {
        "R": p.ball_radius,
        "g": p.gravity,
        "mu_slide": p.mu_slide,
        "mu_roll": p.mu_roll,
        "mu_spin": p.mu_spin,
        "inch": METERS_PER_INCH,
    }


def shot_view(
    *,
    seq: int,
    start: Mapping[Ball, Point],
    stroke: Stroke,
    result: SimResult,
    segments: Mapping[Ball, list[list[float]]],
    step: AppliedStep | None,
    names: tuple[str, str],
    lang: Language,
    state: PlayView | None = None,
) -> ShotView:
    """A shot to animate, with the ruling worded (``step`` is the shot's applied step)."""
    all_events = result.events  # built anew on each access: once here
    events: list[list[object]] = [
        [e.time, e.kind.value, e.ball, e.other]
        for e in all_events
        if e.kind in (EventKind.BALL, EventKind.CUSHION, EventKind.POCKET, EventKind.JAW_POINT)
    ]
    return ShotView(
        seq=seq,
        start=_balls(start),
        stroke=stroke_to_dict(stroke),
        params=_params(),
        motions=list(MOTIONS),
        duration=result.duration,
        segments={str(b): rows for b, rows in segments.items()},
        events=events,
        final=_balls(dict(result.positions)),
        pocketed=[[b, p.value] for b, p in result.pocketed],
        lines=entry_lines(step, lang, names) if step is not None else [],
        state=state,
    )
