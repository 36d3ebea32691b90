"""Evaluation of candidate shots under execution noise, on the engine's batch API.

Each candidate is played ``samples`` times with the player's own Gaussian execution
noise (:func:`~rotation61.sim.simulate_strokes`: facts as arrays, all samples in one
compiled batch). Every sample played to rest is judged by the real referee
(:func:`~rotation61.rules.judge` on the sample's :class:`~rotation61.rules.Shot`); a
miscue sample is judged as the shot it would be (the cue ball touching nothing). The
value of a sample, in points:

- the rack won: ``+WIN``; lost (the opponent reaches 61, a §XV loss): ``-WIN``;
- a legal shot that scores: the points, plus the position left: the chance ``p`` of
  the best next shot (:func:`~rotation61.ai.shots.chances` on the sample's resting
  balls) times the next turn's worth ``T``, minus ``(1 - p) H`` (the table handed over);
- a legal shot that scores nothing: minus the opponent's same worth from the layout
  left (a safety leaves little), plus a chance that an opponent on his last foul fouls;
- a foul: minus the worth of the table with cue ball in hand for the opponent, and a
  further cost when it puts the shooter one foul from losing the rack (§XV).

``T(b) = b + CONTINUATION`` for the ball in play ``b``. The value of a candidate is the
mean over its samples; its statistics (pot chance, foul rate, expected points) explain
the choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.ai.shots import Candidate, chances
from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules import CUE_BALL, Ball, RackState, Ruling, Shot, judge
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    ExecutionNoise,
    Params,
    SimTable,
    StrokeSamples,
    simulate_strokes,
)
from rotation61.sim.table import POCKETS, PocketId

__all__ = [
    "CONTINUATION",
    "WIN",
    "Evaluation",
    "dropped_pocket",
    "evaluate",
    "sample_values",
]

WIN: Final = 80.0
"""The worth of winning the rack, in points."""
CONTINUATION: Final = 12.0
"""Points a turn at the table is worth beyond the ball in play."""
HANDED_OVER: Final = 0.5
"""The share of the next turn's worth the opponent gets when the shooter misses."""
IN_HAND_CHANCE: Final = 0.8
"""The opponent's chance with cue ball in hand behind the head string after a foul."""
CHANCE_FLOOR: Final = 0.2
"""The least chance a turn at the table is credited with (a player with no pot still has a
safety or a kick): the position heuristic sees only direct shots."""
LAST_FOUL_COST: Final = 0.25
"""The share of ``WIN`` a foul costs that leaves the shooter one foul from losing (§XV)."""

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Evaluation:
    """A candidate's evaluation over its samples.

    Attributes:
        candidate: the candidate.
        value: the mean value of its samples, points.
        pot: the share of samples in which the intended ball dropped on a legal shot.
        potted: in how many samples it did (``pot`` times ``samples``).
        pot_pocket: the pocket it dropped in most often in those samples (the simulated
            outcome, not the pocket aimed at), if it dropped.
        scored: the share of samples that scored (legal, a ball pocketed).
        foul: the share of samples that were fouls.
        points: the mean points scored.
        leave: the mean chance of the next shot on the samples that scored.
        next_ball: the ball in play most often left after scoring, if any.
        next_pocket: the pocket most often best for the next shot, if any.
        opponent: the mean chance left to the opponent on legal shots that scored nothing.
        samples: how many samples.
    """

    candidate: Candidate
    value: float
    pot: float
    potted: int
    pot_pocket: PocketId | None
    scored: float
    foul: float
    points: float
    leave: float
    next_ball: Ball | None
    next_pocket: PocketId | None
    opponent: float
    samples: int


def dropped_pocket(position_m: Sequence[float], table: SimTable = DEFAULT_TABLE) -> PocketId:
    """The pocket a pocketed ball dropped in: the capture hole nearest its last centre.

    Args:
        position_m: the ball's last centre (x, y), m (where the simulation left it).
        table: the table.

    Returns:
        The pocket.
    """
    holes = table.pocket_holes()
    x, y = float(position_m[0]), float(position_m[1])
    nearest = min(range(len(holes)), key=lambda k: (holes[k][0] - x) ** 2 + (holes[k][1] - y) ** 2)
    return POCKETS[nearest]


def _turn(ball: int) -> float:
    return float(ball) + CONTINUATION


def sample_values(
    rack: RackState,
    data: StrokeSamples,
    *,
    sigma_deg: float,
    position: bool,
    table: SimTable = DEFAULT_TABLE,
) -> tuple[_F64, list[Ruling | None], _F64, _I64, _I64]:
    """Judge and value every sample (see the module).

    Returns:
        The values; the rulings (``None`` for a sample not played to rest); the chance
        of the next shot (the shooter's after scoring, the opponent's after a legal
        shot that scored nothing, 0 after a foul); its pocket index; and the ball in
        play after the shot (-1 after a foul).
    """
    me = rack.to_act
    opp = me.opponent
    limit = rack.rules.consecutive_foul_limit
    n = len(data)
    values = np.zeros(n, np.float64)
    rulings: list[Ruling | None] = [None] * n
    nxt = np.full(n, -1, np.int64)  # the next ball in play, for position samples
    mode = np.zeros(n, np.int64)  # 1: shooter continues, 2: turn passes
    lowest = rack.lowest
    shots, shot_of = data.distinct_shots()
    # each distinct shot judged once; a sample not played (a miscue) touched nothing
    judged = [judge(rack, shot) for shot in shots]
    untouched: Ruling | None = None
    capped = data.event_limit.tolist()
    for i, which in enumerate(shot_of.tolist()):
        if capped[i]:
            values[i] = -HANDED_OVER * _turn(lowest or 1)
            continue
        if which >= 0:
            ruling = judged[which]
        else:
            if untouched is None:
                untouched = judge(rack, Shot())
            ruling = untouched
        rulings[i] = ruling
        result = ruling.result
        if result is not None:
            if result.winner is me:
                values[i] = WIN
            elif result.winner is opp:
                values[i] = -WIN
            continue
        if ruling.fouls:
            values[i] = -IN_HAND_CHANCE * _turn(lowest or 1)
            if ruling.consecutive_fouls[me] >= limit - 1:
                values[i] -= LAST_FOUL_COST * WIN
            continue
        if ruling.credited:
            values[i] = float(ruling.points)
            left = rack.on_table.difference(ruling.credited)
            nxt[i] = min(left) if left else -1
            mode[i] = 1
        else:
            nxt[i] = lowest if lowest is not None else -1
            mode[i] = 2
    chance = np.zeros(n, np.float64)
    pocket = np.full(n, -1, np.int64)
    if position:
        balls = data.balls
        inches = data.final_positions / METERS_PER_INCH
        for target in sorted(set(nxt[nxt > 0].tolist())):
            rows = np.nonzero(nxt == target)[0]
            col = balls.index(target)
            others = np.array(
                [k for k, b in enumerate(balls) if b not in (CUE_BALL, target)], np.int64
            )
            present = ~data.pocketed_mask[np.ix_(rows, others)]
            seen, best = chances(
                inches[rows, 0, :],
                inches[rows, col, :],
                inches[np.ix_(rows, others)],
                present,
                sigma_deg,
                table,
            )
            # a scratch never leaves position: it is a foul (handled above)
            chance[rows] = seen
            pocket[rows] = best
    for row in np.nonzero(mode == 1)[0].tolist():
        worth = _turn(int(nxt[row]))
        p = max(float(chance[row]), CHANCE_FLOOR) if position else 0.5
        values[row] += p * worth - (1.0 - p) * HANDED_OVER * worth
    for row in np.nonzero(mode == 2)[0].tolist():
        worth = _turn(int(nxt[row]))
        q = max(float(chance[row]), CHANCE_FLOOR) if position else 0.5
        values[row] -= q * worth - (1.0 - q) * HANDED_OVER * worth
        if rack.consecutive_fouls[opp] >= limit - 1:
            values[row] += 0.2 * WIN * (1.0 - q) ** 2
    chance[mode == 0] = 0.0
    nxt[mode == 0] = -1
    return values, rulings, chance, pocket, nxt


def evaluate(
    rack: RackState,
    layout: dict[Ball, Point],
    cands: Sequence[Candidate],
    *,
    samples: int,
    noise: ExecutionNoise | None,
    rng: np.random.Generator,
    sigma_deg: float,
    position: bool = True,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    workers: int | None = 1,
) -> list[Evaluation]:
    """Evaluate candidates from one rack state, in the candidates' order.

    Candidates with a placement are played with the cue ball placed there; those with
    the same placement share one batch.

    Args:
        rack: the rack state (a shot is due).
        layout: the balls on the table (the cue ball absent if in hand).
        cands: the candidates.
        samples: noisy executions per candidate.
        noise: the player's execution noise (``None``: one exact sample each).
        rng: the generator of the noise.
        sigma_deg: the aim deviation the position heuristic assumes.
        position: value the position left (else a flat 50% chance).
        table: the table.
        params: the physical parameters.
        workers: engine threads.
    """
    groups: dict[Point | None, list[int]] = {}
    for k, cand in enumerate(cands):
        groups.setdefault(cand.placement, []).append(k)
    out: list[Evaluation | None] = [None] * len(cands)
    per = samples if noise is not None else 1
    for placement, idx in groups.items():
        balls = dict(layout)
        if placement is not None:
            balls[CUE_BALL] = placement
        data = simulate_strokes(
            balls,
            [cands[k].stroke for k in idx],
            samples=per,
            noise=noise,
            rng=rng,
            table=table,
            params=params,
            workers=workers,
            max_events=1500,
        )
        values, rulings, chance, pocket, nxt = sample_values(
            rack, data, sigma_deg=sigma_deg, position=position, table=table
        )
        for j, k in enumerate(idx):
            cand = cands[k]
            rows = range(j * per, (j + 1) * per)
            pots = scored = fouls = 0
            points = 0.0
            leave: list[float] = []
            left: list[float] = []
            pockets: list[int] = []
            next_balls: list[int] = []
            dropped: list[PocketId] = []
            column = data.balls.index(cand.ball) if cand.ball in data.balls else -1
            for i in rows:
                ruling = rulings[i]
                if ruling is None:
                    continue
                if ruling.fouls:
                    fouls += 1
                elif not ruling.credited:
                    if nxt[i] > 0:
                        left.append(float(chance[i]))
                else:
                    scored += 1
                    points += ruling.points
                    if cand.ball is not None and cand.ball in ruling.credited:
                        pots += 1
                        dropped.append(dropped_pocket(data.final_positions[i, column], table))
                    leave.append(float(chance[i]))
                    if nxt[i] > 0:
                        next_balls.append(int(nxt[i]))
                    if pocket[i] >= 0:
                        pockets.append(int(pocket[i]))
            best_pocket = None
            if pockets:
                best_pocket = POCKETS[max(set(pockets), key=pockets.count)]
            out[k] = Evaluation(
                candidate=cand,
                value=float(values[j * per : (j + 1) * per].mean()),
                pot=pots / per,
                potted=pots,
                pot_pocket=max(set(dropped), key=dropped.count) if dropped else None,
                scored=scored / per,
                foul=fouls / per,
                points=points / per,
                leave=float(np.mean(leave)) if leave else 0.0,
                next_ball=max(set(next_balls), key=next_balls.count) if next_balls else None,
                next_pocket=best_pocket,
                opponent=float(np.mean(left)) if left else 0.0,
                samples=per,
            )
    return [e for e in out if e is not None]
