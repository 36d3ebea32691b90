"""Many noisy strokes from one layout, for search: :func:`simulate_strokes`.

Owns :class:`StrokeSamples` (the referee's facts of every sample as arrays, with
per-sample flags for a miscue or an invalid stroke instead of an exception). The noise of
the samples is :func:`rotation61.sim.noise.noisy_rows`, the model every noisy stroke is
executed under. The shots run in the compiled parallel batch; the facts are the kernel's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.shot import Shot
from rotation61.rules.table import Zone
from rotation61.sim._facts import zone_of_centre
from rotation61.sim._kernel import protocol
from rotation61.sim._layouts import Layout
from rotation61.sim.batch import BatchResult, _run_batch
from rotation61.sim.errors import SimulationError
from rotation61.sim.limits import STROKE_LIMITS
from rotation61.sim.noise import OLYMPIAD_NOISE, ExecutionNoise, noisy_rows
from rotation61.sim.params import DEFAULT_PARAMS, MAX_EVENTS, Params
from rotation61.sim.stroke import Stroke
from rotation61.sim.table import DEFAULT_TABLE, SimTable

__all__ = ["StrokeSamples", "simulate_strokes"]

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]
_B = npt.NDArray[np.bool_]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StrokeSamples:
    """The samples of :func:`simulate_strokes`, as arrays (one row per sample).

    Attributes:
        balls: the ball numbers, in column order (the cue ball first).
        stroke_of: the index of the stroke each sample perturbs, [samples].
        strokes: the strokes played (speed, phi, theta, a, b), [samples, 5].
        miscue: the tip offset was beyond the miscue limit (not played), [samples].
        invalid: the stroke was impossible (speed <= 0, tip off the ball; not played).
        event_limit: the shot did not come to rest within the event cap, [samples].
        first_contact: the first ball the cue ball touched, -1 for none, [samples].
        pocketed_mask: each ball pocketed, [samples, balls].
        cue_scratch: the cue ball was pocketed, [samples].
        off_table_mask: each ball left the table (flew off), [samples, balls].
        cue_off_table: the cue ball left the table, [samples].
        rail_after_contact: each ball touched a cushion after the first contact.
        crossed_head_string: the cue ball crossed the head string (kitchen shots).
        final_positions: resting centres, m, [samples, balls, 2].
        batch: the played samples' :class:`BatchResult` (its row ``played[i]``).
        played: for each sample, its row in ``batch``, -1 if not played.
    """

    balls: tuple[Ball, ...]
    stroke_of: _I64
    strokes: _F64
    miscue: _B
    invalid: _B
    event_limit: _B
    first_contact: _I64
    pocketed_mask: _B
    cue_scratch: _B
    off_table_mask: _B
    cue_off_table: _B
    rail_after_contact: _B
    crossed_head_string: _B
    final_positions: _F64
    batch: BatchResult
    played: _I64

    def __len__(self) -> int:
        return len(self.stroke_of)

    def stroke(self, index: int) -> Stroke:
        """The stroke sample ``index`` played (``SimulationError`` if it is impossible)."""
        speed, phi, theta, a, b = (float(x) for x in self.strokes[index])
        return Stroke(speed=speed, phi=phi, theta=theta, a=a, b=b)

    def shot(self, index: int) -> Shot:
        """The referee's :class:`~rotation61.rules.Shot` of a played sample.

        Raises:
            SimulationError: the sample was not played (miscue, invalid, event cap).
        """
        row = int(self.played[index])
        if row < 0 or self.event_limit[index]:
            raise SimulationError(f"sample {index} was not played to rest")
        return self.batch.shot(row)

    def distinct_shots(self) -> tuple[tuple[Shot, ...], _I64]:
        """The referee's facts of the samples played to rest, shared where they agree.

        Most samples of a stroke give the same facts (the same first contact, balls
        pocketed in the same order, cushions, resting zone): they share one
        :class:`~rotation61.rules.Shot`, so that a search judges it once. The shot of
        sample ``i`` is ``shots[index[i]]`` and equals :meth:`shot` ``(i)``.

        Returns:
            The distinct shots, and for each sample the index of its shot (-1 for a
            sample not played to rest).
        """
        batch = self.batch
        spec = batch._table.spec
        # the facts without the pockets (the referee's Shot does not name them)
        facts = batch._facts[:, : protocol.F_POCKETED + len(self.balls)]
        rails = batch.rail_mask
        pocketed = batch.pocketed_mask
        off = batch.off_table_mask
        final = batch.final_positions
        # the zone the lowest object ball rests in (a kitchen fact), as _shot reads it
        lowest_on = (
            ~(pocketed[:, 1] | off[:, 1]) if len(self.balls) > 1 else np.zeros(len(facts), np.bool_)
        )
        index = np.full(len(self), -1, np.int64)
        seen: dict[tuple[bytes, bytes, bytes, bytes, Zone | None], int] = {}
        shots: list[Shot] = []
        rows = self.played.tolist()
        capped = self.event_limit.tolist()
        for i, row in enumerate(rows):
            if row < 0 or capped[i]:
                continue
            rest = None
            if lowest_on[row]:
                x, y = final[row, 1]
                rest = zone_of_centre(spec, float(x), float(y))
            key = (
                facts[row].tobytes(),
                rails[row].tobytes(),
                pocketed[row].tobytes(),
                off[row].tobytes(),
                rest,
            )
            found = seen.get(key)
            if found is None:
                found = seen[key] = len(shots)
                shots.append(batch.shot(row))
            index[i] = found
        return tuple(shots), index


def simulate_strokes(
    layout: Layout,
    strokes: Sequence[Stroke],
    *,
    samples: int = 1,
    noise: ExecutionNoise | None = OLYMPIAD_NOISE,
    rng: np.random.Generator | None = None,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    workers: int | None = None,
    max_events: int = MAX_EVENTS,
    aim_offsets: npt.ArrayLike | None = None,
) -> StrokeSamples:
    """Play ``samples`` noisy executions of every stroke from one layout, on all cores.

    Sample ``k * samples + j`` is stroke ``k`` with the ``j``-th draw of noise. The noise
    is drawn from ``rng`` (in the order speed, phi, theta, a, b, one array each), so the
    same generator state gives the same samples bit for bit, on any number of workers.

    Args:
        layout: ball centres in inches.
        strokes: the intended strokes.
        samples: executions per stroke.
        noise: the execution noise (:func:`~rotation61.sim.noise.noisy_rows`: a sample
            is kept within the stroke limits); ``None`` plays the strokes exactly.
        rng: the random generator (required with noise).
        table: the table.
        params: the physical parameters.
        workers: threads (``None``: all cores).
        max_events: the event cap per shot (a shot reaching it is flagged).
        aim_offsets: degrees added to the aim of each sample before the noise,
            ``[len(strokes), samples]`` (a fan of aims around each stroke).

    Returns:
        The facts and final positions of every sample.

    Raises:
        SimulationError: the layout is invalid, noise without a generator, samples < 1,
            aim offsets of the wrong shape or not finite.
    """
    if samples < 1:
        raise SimulationError(f"samples {samples!r} must be at least 1")
    if noise is not None and rng is None:
        raise SimulationError("execution noise needs a numpy.random.Generator (rng)")
    base = np.array([s.as_tuple() for s in strokes], np.float64).reshape(len(strokes), 5)
    rows = np.repeat(base, samples, axis=0)
    total = len(rows)
    if aim_offsets is not None:
        offsets = np.asarray(aim_offsets, np.float64)
        if offsets.shape != (len(strokes), samples):
            raise SimulationError(
                f"aim_offsets has shape {offsets.shape}: it must be (strokes, samples) = "
                f"{(len(strokes), samples)}"
            )
        if not np.isfinite(offsets).all():
            raise SimulationError("aim_offsets must be finite numbers of degrees")
        rows[:, protocol.STROKE_PHI] += offsets.reshape(total)
    if noise is not None and rng is not None and total:
        rows = noisy_rows(rows, noise, rng, params=params)
    offset = np.hypot(rows[:, protocol.STROKE_A], rows[:, protocol.STROKE_B])
    invalid = (
        (rows[:, protocol.STROKE_SPEED] <= 0.0)
        | (offset >= 1.0)
        | (rows[:, protocol.STROKE_THETA] >= 90.0)
    )
    miscue = ~invalid & (offset > STROKE_LIMITS.tip_offset)
    ok = ~(invalid | miscue)
    good = np.nonzero(ok)[0]
    batch, status = _run_batch(
        (layout,), np.zeros(len(good), np.int64), np.ascontiguousarray(rows[good]), None,
        table=table, params=params, workers=workers, max_events=max_events,
    )  # fmt: skip
    balls = batch.balls
    n = len(balls)
    played = np.full(total, -1, np.int64)
    played[good] = np.arange(len(good))
    event_limit = np.zeros(total, np.bool_)
    event_limit[good] = status != protocol.STATUS_AT_REST
    first = np.full(total, -1, np.int64)
    facts = batch._facts
    ids = np.asarray(balls, np.int64)
    hit = facts[:, protocol.F_FIRST]
    first[good] = np.where(hit != protocol.NONE, ids[np.maximum(hit, 0)], -1)
    pocketed = np.zeros((total, n), np.bool_)
    pocketed[good] = batch.pocketed_mask
    off = np.zeros((total, n), np.bool_)
    off[good] = batch.off_table_mask
    rails = np.zeros((total, n), np.bool_)
    rails[good] = (batch.rail_mask & protocol.RAIL_AFTER_FIRST_CONTACT) != 0
    crossed = np.zeros(total, np.bool_)
    crossed[good] = facts[:, protocol.F_CROSSED] != 0
    start = batch._starts[0]
    final = np.repeat(start[None, :, :], total, axis=0)
    final[good] = batch.final_positions
    cue = balls.index(CUE_BALL)
    return StrokeSamples(
        balls=balls,
        stroke_of=np.repeat(np.arange(len(strokes)), samples),
        strokes=rows,
        miscue=miscue,
        invalid=invalid,
        event_limit=event_limit,
        first_contact=first,
        pocketed_mask=pocketed,
        cue_scratch=pocketed[:, cue].copy(),
        off_table_mask=off,
        cue_off_table=off[:, cue].copy(),
        rail_after_contact=rails,
        crossed_head_string=crossed,
        final_positions=final,
        batch=batch,
        played=played,
    )
