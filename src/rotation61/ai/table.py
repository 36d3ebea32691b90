"""Where the balls lie after each step of a match: the one table transition.

Every client of a rack on a simulated table goes through here: the environment core
(:mod:`rotation61.ai.core`, and so the Gymnasium and PettingZoo shells, self-play and
the computer players) and the play page (``rotation61.web.services.play``). Given a
step the referee applied (:class:`~rotation61.records.AppliedStep`) and the balls the
physics left, :func:`balls_after` says where the balls are for the next step:

- after a shot, the balls lie where the engine stopped them (made playable:
  :func:`~rotation61.sim.playable_layout`), and the balls the ruling returns are
  spotted by the geometry layer under the match's rule set (§IX, §XIII, §XIV; A25-A30:
  the cue ball, where it lies, is an obstacle the spotted balls keep a gap from, A26);
- an object ball off the table on the break under the A18 re-rack option re-racks all
  fifteen balls at once (:attr:`~rotation61.rules.Ruling.rerack`);
- a break that never crossed the head string (A19) leaves the balls where they lie:
  the rack has not begun, the incoming player breaks them as they are;
- the incoming player's option moves the balls as it says (§VIII, §XVI): the cue ball
  taken in hand, the lowest ball spotted, or the table restored to before the foul;
- a rack that ends (won, tied, conceded, replayed) is followed by a fresh rack from the
  game's :class:`RackSource`;
- while the cue ball is in hand for the next shot, it is off the table.

The result always holds exactly the rack's balls (and the cue ball unless in hand).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Protocol

import numpy as np

from rotation61.geometry import Point, TableSpec, spot_balls
from rotation61.match import MatchState
from rotation61.records import AppliedStep, DecisionInput, ShotInput
from rotation61.rules import CUE_BALL, Ball, Option, Phase, RuleSet
from rotation61.sim import SimulationError, break_layout, playable_layout

__all__ = [
    "RackSource",
    "SeededRacks",
    "balls_after",
    "spot_returned",
]


class RackSource(Protocol):
    """Where a game's fresh racks come from (the same match state, the same rack)."""

    def rack(self, spec: TableSpec, match: MatchState) -> dict[Ball, Point]:
        """The fifteen object balls of the rack in play in ``match`` (no cue ball)."""
        ...


@dataclasses.dataclass(frozen=True, slots=True)
class SeededRacks:
    """Racks drawn from a seed: rack ``n`` from the entropy ``[*key, n, *suffix]``.

    Attributes:
        key: the entropy the racks are drawn from (the game's seed, a match number...).
        suffix: entropy after the rack's number.
        first: the number of the match's first rack (racks after it are numbered by
            :attr:`~rotation61.match.MatchState.rack_number`), or ``None`` to number
            every rack by the count of racks completed before it.
    """

    key: tuple[int, ...]
    suffix: tuple[int, ...] = ()
    first: int | None = None

    def rack(self, spec: TableSpec, match: MatchState) -> dict[Ball, Point]:
        """The fifteen object balls of the rack in play (no cue ball: it is in hand)."""
        if self.first is None:
            number = len(match.completed)
        else:
            number = match.rack_number if match.completed else self.first
        rng = np.random.default_rng([*self.key, number, *self.suffix])
        balls = break_layout(spec, rng, pattern=match.rules.rack_pattern)
        balls.pop(CUE_BALL)
        return balls


def spot_returned(
    spec: TableSpec,
    rules: RuleSet,
    balls: Mapping[Ball, Point],
    *,
    lowest: Ball | None,
    others: tuple[Ball, ...] = (),
) -> dict[Ball, Point]:
    """The balls with ``lowest`` (§IX) and ``others`` (§XIII) spotted under ``rules``.

    The cue ball, if on the table, stays where it is and is kept clear of (A26).
    """
    if lowest is None and not others:
        return dict(balls)
    returned = {b for b in (lowest, *others) if b is not None}
    occupied = {b: p for b, p in balls.items() if b != CUE_BALL and b not in returned}
    placed = spot_balls(
        spec,
        occupied=occupied,
        cue_ball=balls.get(CUE_BALL),
        lowest=lowest,
        others=others,
        cue_ball_gap=float(rules.cue_ball_spot_gap_in),
        direction=rules.spot_others_direction,
    )
    out = {b: p for b, p in balls.items() if b not in returned}
    out.update(placed)
    return out


def _after_shot(
    spec: TableSpec, step: AppliedStep, rest: Mapping[Ball, Point], racks: RackSource
) -> dict[Ball, Point]:
    """After a shot: the rest positions, playable, the returned balls spotted (or a re-rack)."""
    balls = playable_layout(spec, rest)
    ruling = step.ruling
    if ruling is None:
        return balls
    if ruling.rerack:  # A18 option: all fifteen racked again, the incoming player breaks
        return racks.rack(spec, step.after)
    if not ruling.spotted:
        return balls
    spotted = spot_returned(
        spec, step.before.rules, balls, lowest=ruling.spot_lowest, others=ruling.spot_others
    )
    return playable_layout(spec, spotted)


def _after_decision(
    spec: TableSpec,
    step: AppliedStep,
    option: Option,
    balls: Mapping[Ball, Point],
    before_foul: Mapping[Ball, Point] | None,
) -> dict[Ball, Point]:
    """After the incoming player's option (§VIII, §XVI)."""
    out = dict(balls)
    match option:
        case Option.ACCEPT_TABLE:
            pass
        case Option.CUE_IN_HAND_KITCHEN:
            out.pop(CUE_BALL, None)
        case Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN:
            out.pop(CUE_BALL, None)
            out = spot_returned(spec, step.before.rules, out, lowest=step.before.rack.lowest)
        case Option.RESTORE_AND_OFFENDER_REPLAYS:
            if before_foul is None:
                raise SimulationError("no layout to restore: the table before the foul is lost")
            out = {b: p for b, p in before_foul.items() if b != CUE_BALL}
    return out


def balls_after(
    spec: TableSpec,
    step: AppliedStep,
    balls: Mapping[Ball, Point],
    racks: RackSource,
    *,
    rest: Mapping[Ball, Point] | None = None,
    before_foul: Mapping[Ball, Point] | None = None,
) -> dict[Ball, Point]:
    """Where the balls lie after a step the referee applied (see the module's rules).

    Args:
        spec: the table.
        step: the step (its input, the match before and after it, its ruling).
        balls: the balls before the step (the cue ball as placed, for a shot).
        racks: where a fresh rack comes from.
        rest: for a shot, where the engine stopped the balls.
        before_foul: for a decision, the balls before the shot that fouled (§XVI).

    Raises:
        SimulationError: a shot without its rest positions, a restore without the balls
            before the foul, or a result whose balls are not the rack's.
    """
    item = step.step
    if isinstance(item, ShotInput):
        if rest is None:
            raise SimulationError("a shot's step needs the balls' rest positions")
        out = _after_shot(spec, step, rest, racks)
    elif isinstance(item, DecisionInput):
        out = _after_decision(spec, step, item.option, balls, before_foul)
    else:
        out = dict(balls)
    after = step.after
    if len(after.completed) > len(step.before.completed):
        if after.is_over:
            return out
        out = racks.rack(spec, after)
    if after.rack.phase is Phase.SHOT and after.rack.cue_in_hand:
        out.pop(CUE_BALL, None)
    on_table = {b for b in out if b != CUE_BALL}
    if on_table != set(after.rack.on_table):
        raise SimulationError(
            f"balls {sorted(on_table)!r} differ from the rack's {sorted(after.rack.on_table)!r}"
            f" (ply {after.rack.ply})"
        )
    return out
