"""Shot generation: the candidate strokes a computer player considers.

For the ball in play (the lowest ball on the table) :func:`candidates` proposes:

- ``direct``: the ball in play into each pocket, aimed by the ghost ball and then
  corrected for throw by the engine (:func:`refine_aims`: a fan of exact shots around
  the ghost-ball aim, the middle of the aims that pocket the ball);
- ``bank``: the ball in play off one cushion into a pocket (aimed at the pocket
  mirrored in the cushion);
- ``combination``: the ball in play driven into a higher ball that drops (points in 61
  are the ball numbers, so a combination onto the 15 may be worth more);
- ``kiss``: the ball in play glancing off another ball into a pocket, or the cue ball
  glancing off the ball in play into a higher ball that drops (a carom); both hit the
  ball in play first, so both are legal. Aimed by the tangent line (the struck ball
  leaves at right angles to the line of centres), then corrected on the engine;
- ``kick``: the cue ball off one cushion onto the ball in play (when it is hidden);
- ``safety``: soft to medium contacts on the ball in play, full and thin, to leave the
  opponent nothing;
- ``break``: from a few spots behind the head string at break speeds;
- ``tap``: a deliberate foul (the cue ball nudged), only when the opponent sits one foul
  from losing the rack (§XV) and the shooter can afford a foul.

With the cue ball in hand, :func:`placements` searches the kitchen for spots (legal by
:func:`~rotation61.geometry.placement_ok`) with the best direct shots.

Everything here is geometry in inches (the geometry layer's coordinates); whether a
shot works is for :mod:`rotation61.ai.evaluate` to find out on the engine.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, Point, TableSpec, placement_ok
from rotation61.rules import CUE_BALL, Ball
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    Params,
    SimTable,
    Stroke,
    aim_at,
    clearance_elevation,
    simulate_strokes,
)
from rotation61.sim.table import POCKETS, PocketId

__all__ = [
    "Candidate",
    "ShotKind",
    "aim_points",
    "break_candidates",
    "candidates",
    "chances",
    "placements",
    "refine_aims",
]

_F64 = npt.NDArray[np.float64]

_ROLL_DECEL: Final = 0.01 * 9.81
"""Rolling deceleration, m/s^2 (the cloth's rolling friction times g), for speed choices."""
_MAX_CUT: Final = 80.0
"""The thinnest cut proposed, degrees."""
_CORNER_TOL: Final = 1.1
"""Half the corner pocket's acceptance, inches, seen from the object ball (heuristic)."""
_SIDE_TOL: Final = 1.35
"""Half the side pocket's acceptance head-on, inches (heuristic)."""
_FLOOR_SIGMA: Final = 0.35
"""Degrees added (in quadrature) to the object ball's direction error: speed and throw."""


class ShotKind(StrEnum):
    """The kind of a candidate shot; the value is the wire format."""

    DIRECT = "direct"
    BANK = "bank"
    COMBINATION = "combination"
    KISS = "kiss"
    KICK = "kick"
    SAFETY = "safety"
    BREAK = "break"
    TAP = "tap"


_POT_KINDS: Final = frozenset({ShotKind.DIRECT, ShotKind.BANK, ShotKind.COMBINATION, ShotKind.KISS})


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """A shot a player considers.

    Attributes:
        kind: what kind of shot.
        stroke: the intended stroke.
        target: the ball the cue ball is meant to hit first.
        ball: the ball meant to drop (the target, or the higher ball of a combination or
            of a carom).
        pocket: the pocket it is meant to drop in, if any.
        placement: where the cue ball is placed first (in hand), if anywhere.
    """

    kind: ShotKind
    stroke: Stroke
    target: Ball
    ball: Ball | None = None
    pocket: PocketId | None = None
    placement: Point | None = None


def aim_points(table: SimTable = DEFAULT_TABLE) -> dict[PocketId, Point]:
    """Where an object ball is aimed for each pocket, inches (just inside the mouth)."""
    spec = table.spec
    length, width = spec.length, spec.width
    inset = 0.3
    side = 1.0
    return {
        PocketId.HEAD_RIGHT: Point(-inset, -inset),
        PocketId.SIDE_RIGHT: Point(length / 2, -side),
        PocketId.FOOT_RIGHT: Point(length + inset, -inset),
        PocketId.FOOT_LEFT: Point(length + inset, width + inset),
        PocketId.SIDE_LEFT: Point(length / 2, width + side),
        PocketId.HEAD_LEFT: Point(-inset, width + inset),
    }


def _pocket_array(table: SimTable) -> tuple[_F64, npt.NDArray[np.bool_]]:
    points = aim_points(table)
    arr = np.array([[points[p].x, points[p].y] for p in POCKETS], np.float64)
    side = np.array([p in (PocketId.SIDE_LEFT, PocketId.SIDE_RIGHT) for p in POCKETS])
    return arr, side


def _segment_clear(
    a: _F64, b: _F64, others: _F64, present: npt.NDArray[np.bool_], clearance: float
) -> npt.NDArray[np.bool_]:
    """Whether segments a->b (..., 2) pass every ball of ``others`` (..., n, 2) at ``clearance``."""
    ab = b - a
    length2 = np.maximum((ab * ab).sum(-1), 1e-12)
    ap = others - a[..., None, :]
    t = np.clip((ap * ab[..., None, :]).sum(-1) / length2[..., None], 0.0, 1.0)
    closest = a[..., None, :] + t[..., None] * ab[..., None, :]
    d2 = ((others - closest) ** 2).sum(-1)
    # a ball at the very start or end (the object ball itself) is excluded by the caller
    blocked = (d2 < clearance * clearance) & present & (t > 1e-6)
    clear: npt.NDArray[np.bool_] = ~blocked.any(-1)
    return clear


def chances(
    cue: _F64,
    obj: _F64,
    others: _F64,
    present: npt.NDArray[np.bool_],
    sigma_deg: float,
    table: SimTable = DEFAULT_TABLE,
) -> tuple[_F64, npt.NDArray[np.int64]]:
    """The chance of the best direct shot at ``obj`` from ``cue``, per sample (a heuristic).

    For each pocket: the ghost-ball cut; the object ball's direction error is the aim
    error magnified by the cue ball's travel over ``D cos(cut)``, with a floor for speed
    and throw; the chance is that error falling inside the pocket's acceptance (narrower
    for the side pockets at an angle). A blocked path (cue ball to ghost ball, object
    ball to pocket) scores zero.

    Args:
        cue: cue-ball centres, [S, 2] inches.
        obj: object-ball centres, [S, 2].
        others: the other balls' centres, [S, n, 2] (the cue ball and object ball excluded).
        present: which of ``others`` are on the table, [S, n].
        sigma_deg: the aim's standard deviation, degrees.
        table: the table.

    Returns:
        The best chance per sample, and its pocket's index in ``POCKETS`` (-1 if none).
    """
    spec = table.spec
    d = spec.ball_diameter
    pockets, side = _pocket_array(table)
    s = cue.shape[0]
    u = pockets[None, :, :] - obj[:, None, :]  # S, P, 2
    d2 = np.maximum(np.hypot(u[..., 0], u[..., 1]), 1e-9)
    uh = u / d2[..., None]
    ghost = obj[:, None, :] - d * uh
    v = ghost - cue[:, None, :]
    d1 = np.maximum(np.hypot(v[..., 0], v[..., 1]), 1e-9)
    vh = v / d1[..., None]
    cos_cut = (vh * uh).sum(-1)
    ok = cos_cut > math.cos(math.radians(_MAX_CUT))
    tol_in = np.where(
        side[None, :], np.maximum(_SIDE_TOL * np.abs(uh[..., 1]) - 0.25, 0.0), _CORNER_TOL
    )
    tol = np.arctan2(tol_in, d2)
    sig = math.radians(sigma_deg) * (1.0 + d1 / (d * np.maximum(cos_cut, 0.17)))
    sig = np.hypot(sig, math.radians(_FLOOR_SIGMA) * (1.0 + d2 / 40.0))
    p = _erf(tol / (sig * math.sqrt(2.0)))
    n = others.shape[1]
    if n:
        oth = np.broadcast_to(others[:, None, :, :], (s, len(pockets), n, 2))
        pres = np.broadcast_to(present[:, None, :], (s, len(pockets), n))
        cue_b = np.broadcast_to(cue[:, None, :], ghost.shape)
        obj_b = np.broadcast_to(obj[:, None, :], ghost.shape)
        ok &= _segment_clear(cue_b, ghost, oth, pres, d)
        ok &= _segment_clear(obj_b, pockets[None, :, :].repeat(s, 0), oth, pres, d)
    p = np.where(ok, p, 0.0)
    best = p.argmax(1)
    value = p[np.arange(s), best]
    return value, np.where(value > 0, best, -1).astype(np.int64)


def _erf(x: _F64) -> _F64:
    """The error function (Abramowitz-Stegun 7.1.26, |error| < 1.5e-7), elementwise."""
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    y = 1.0 - (
        ((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592
    ) * t * np.exp(-x * x)
    return np.asarray(sign * y, np.float64)


def _speed_for(distance_in: float, cut_deg: float) -> float:
    """A firm-enough speed (m/s) for the object ball to travel ``distance_in`` after the cut."""
    metres = distance_in * METERS_PER_INCH
    need = math.sqrt(2.0 * _ROLL_DECEL * metres * 1.4) / max(math.cos(math.radians(cut_deg)), 0.25)
    return min(max(1.2, 1.5 * need), 6.0)


def _lifted(layout: Mapping[Ball, Point], stroke: Stroke, table: SimTable) -> Stroke | None:
    theta = clearance_elevation(layout, stroke, table=table)
    if theta is None:
        return None
    return stroke if theta == stroke.theta else dataclasses.replace(stroke, theta=theta)


def _path_clear(
    a: Point, b: Point, layout: Mapping[Ball, Point], skip: set[Ball], d: float
) -> bool:
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    if l2 <= 0:
        return True
    for ball, p in layout.items():
        if ball in skip:
            continue
        t = ((p.x - ax) * dx + (p.y - ay) * dy) / l2
        if t <= 0.0:
            continue
        t = min(t, 1.0)
        cx, cy = ax + t * dx, ay + t * dy
        if (p.x - cx) ** 2 + (p.y - cy) ** 2 < d * d:
            return False
    return True


def _ghost(obj: Point, toward: Point, d: float) -> tuple[Point, float]:
    ux, uy = toward.x - obj.x, toward.y - obj.y
    n = math.hypot(ux, uy)
    return Point(obj.x - d * ux / n, obj.y - d * uy / n), n


def _cut(cue: Point, ghost: Point, obj: Point, toward: Point) -> float:
    a1 = math.atan2(ghost.y - cue.y, ghost.x - cue.x)
    a2 = math.atan2(toward.y - obj.y, toward.x - obj.x)
    diff = abs((a1 - a2 + math.pi) % (2 * math.pi) - math.pi)
    return math.degrees(diff)


def _tangent_contact(ball: Point, toward: Point, d: float) -> list[Point]:
    """Where a ball striking ``ball`` must be to glance off towards ``toward``.

    By the tangent line (the 90-degree rule): the two points at distance ``d`` from
    ``ball`` from which ``toward`` is at right angles to the line of centres.
    """
    ux, uy = toward.x - ball.x, toward.y - ball.y
    length = math.hypot(ux, uy)
    if length <= d * 1.05:
        return []
    ux, uy = ux / length, uy / length
    c = d / length
    s = math.sqrt(1.0 - c * c)
    out = []
    for sign in (1.0, -1.0):
        wx = c * ux - sign * s * uy
        wy = c * uy + sign * s * ux
        out.append(Point(ball.x + d * wx, ball.y + d * wy))
    return out


def _deflection(start: Point, contact: Point, ball: Point, toward: Point) -> float | None:
    """The cut (degrees) of a ball from ``start`` meeting ``ball`` at ``contact``.

    ``None`` if it would glance off away from ``toward``.
    """
    inx, iny = contact.x - start.x, contact.y - start.y
    outx, outy = toward.x - contact.x, toward.y - contact.y
    if inx * outx + iny * outy <= 0.0:
        return None
    return _cut(start, contact, contact, ball)


def _kisses(
    layout: Mapping[Ball, Point], lowest: Ball, pockets: Mapping[PocketId, Point], d: float
) -> list[tuple[Ball, PocketId, float, float]]:
    """Kiss and carom shots: (ball to drop, pocket, cue-ball aim in degrees, speed m/s)."""
    cue, obj = layout[CUE_BALL], layout[lowest]
    out: list[tuple[Ball, PocketId, float, float]] = []
    for ball, pos in layout.items():
        if ball in (CUE_BALL, lowest) or obj.distance_to(pos) > 40.0:
            continue
        # the ball in play glancing off ``ball`` into a pocket
        for pid, aim in pockets.items():
            for contact in _tangent_contact(pos, aim, d):
                cut2 = _deflection(obj, contact, pos, aim)
                if cut2 is None or not 25.0 <= cut2 <= 75.0:
                    continue
                if not _path_clear(obj, contact, layout, {CUE_BALL, lowest, ball}, d):
                    continue
                if not _path_clear(contact, aim, layout, {CUE_BALL, lowest, ball}, d):
                    continue
                ghost, _ = _ghost(obj, contact, d)
                cut1 = _cut(cue, ghost, obj, contact)
                if cut1 > 50.0 or not _path_clear(cue, ghost, layout, {CUE_BALL, lowest}, d):
                    continue
                travel = obj.distance_to(contact) + contact.distance_to(aim)
                speed = _speed_for(travel, cut1) / max(math.sin(math.radians(cut2)), 0.4)
                out.append((lowest, pid, aim_at(cue, ghost), min(speed * 1.2, 6.5)))
        # the cue ball glancing off the ball in play into ``ball`` (higher: it drops)
        for pid, aim in pockets.items():
            target, _ = _ghost(pos, aim, d)
            if not _path_clear(pos, aim, layout, {CUE_BALL, lowest, ball}, d):
                continue
            for contact in _tangent_contact(obj, target, d):
                glance = _deflection(cue, contact, obj, target)
                if glance is None or not 25.0 <= glance <= 70.0:
                    continue
                if _cut(contact, target, pos, aim) > 45.0:
                    continue
                if not _path_clear(cue, contact, layout, {CUE_BALL, lowest}, d):
                    continue
                if not _path_clear(contact, target, layout, {CUE_BALL, lowest, ball}, d):
                    continue
                travel = contact.distance_to(target) + pos.distance_to(aim)
                cut2 = _cut(contact, target, pos, aim)
                speed = _speed_for(travel, cut2) / max(math.sin(math.radians(glance)), 0.4)
                out.append((ball, pid, aim_at(cue, contact), min(speed * 1.2, 6.5)))
    return out


def _pot_strokes(phi: float, speed: float, spins: bool, grid: bool = False) -> list[Stroke]:
    """The strokes tried for one pot: the base speed, and for position draw, follow, firmer.

    ``grid`` tries more: three speeds by three tip heights, a touch of side, and a
    softer speed.
    """
    out = [Stroke(speed=speed, phi=phi)]
    if grid:
        for factor in (1.0, 1.6, 2.4):
            v = min(speed * factor, 7.5)
            for b in (-0.35, 0.0, 0.3):
                if factor == 1.0 and b == 0.0:
                    continue
                out.append(Stroke(speed=v, phi=phi, b=b))
        out += [Stroke(speed=speed * 1.6, phi=phi, a=a) for a in (-0.25, 0.25)]
        # a softer pot: a slower ball has a wider pocket (the jaws turn it in)
        out.append(Stroke(speed=max(speed * 0.75, 0.9), phi=phi))
    elif spins:
        firm = min(speed * 1.6, 7.0)
        out += [
            Stroke(speed=firm, phi=phi, b=-0.35),
            Stroke(speed=firm, phi=phi, b=0.3),
            Stroke(speed=min(speed * 2.4, 7.5), phi=phi),
        ]
    return out


def _mirror(point: Point, cushion: int, spec: TableSpec) -> Point:
    """The point mirrored in a cushion's line of centres (0: y=R, 1: y=W-R, 2: x=R, 3: x=L-R)."""
    r = spec.ball_radius
    if cushion == 0:
        return Point(point.x, 2 * r - point.y)
    if cushion == 1:
        return Point(point.x, 2 * (spec.width - r) - point.y)
    if cushion == 2:
        return Point(2 * r - point.x, point.y)
    return Point(2 * (spec.length - r) - point.x, point.y)


def candidates(
    layout: Mapping[Ball, Point],
    lowest: Ball,
    *,
    kinds: frozenset[ShotKind],
    spins: bool = True,
    grid: bool = False,
    placement: Point | None = None,
    table: SimTable = DEFAULT_TABLE,
    kitchen_exit: bool = False,
) -> list[Candidate]:
    """Candidate shots on the ball in play from a layout (the cue ball in it).

    Args:
        layout: ball centres, inches, the cue ball included (placed, if in hand).
        lowest: the ball in play.
        kinds: the kinds of shot to propose (a skill level's repertoire).
        spins: also propose draw, follow and firmer strokes for position.
        grid: propose a finer grid of speeds, tip heights and side (strong levels).
        placement: the cue ball's placement, carried into the candidates (in hand).
        table: the table.
        kitchen_exit: the cue ball is in hand behind the head string (§XVI): a ball in
            play lying in the kitchen is not aimed at directly.

    Returns:
        The candidates (pot candidates still to be refined by :func:`refine_aims`).
    """
    spec = table.spec
    d = spec.ball_diameter
    cue = layout[CUE_BALL]
    obj = layout[lowest]
    pockets = aim_points(table)
    out: list[Candidate] = []
    behind = kitchen_exit and obj.x < spec.head_string_x

    def add(kind: ShotKind, stroke: Stroke, ball: Ball | None, pocket: PocketId | None) -> None:
        lifted = _lifted(layout, stroke, table)
        if lifted is not None:
            out.append(
                Candidate(
                    kind=kind,
                    stroke=lifted,
                    target=lowest,
                    ball=ball,
                    pocket=pocket,
                    placement=placement,
                )
            )

    if ShotKind.DIRECT in kinds and not behind:
        for pid, aim in pockets.items():
            ghost, dist = _ghost(obj, aim, d)
            cut = _cut(cue, ghost, obj, aim)
            if cut > _MAX_CUT:
                continue
            if not _path_clear(cue, ghost, layout, {CUE_BALL, lowest}, d):
                continue
            if not _path_clear(obj, aim, layout, {CUE_BALL, lowest}, d):
                continue
            speed = _speed_for(dist + cue.distance_to(ghost) * 0.3, cut)
            for stroke in _pot_strokes(aim_at(cue, ghost), speed, spins, grid):
                add(ShotKind.DIRECT, stroke, lowest, pid)
    if ShotKind.BANK in kinds and not behind:
        for pid, aim in pockets.items():
            for cushion in range(4):
                mirrored = _mirror(aim, cushion, spec)
                if mirrored.distance_to(aim) < 10.0:
                    continue  # the pocket is on that cushion
                ghost, dist = _ghost(obj, mirrored, d)
                cut = _cut(cue, ghost, obj, mirrored)
                if cut > 60.0 or not _path_clear(cue, ghost, layout, {CUE_BALL, lowest}, d):
                    continue
                speed = min(_speed_for(dist, cut) * 1.3, 6.5)
                add(ShotKind.BANK, Stroke(speed=speed, phi=aim_at(cue, ghost)), lowest, pid)
    if ShotKind.COMBINATION in kinds and not behind:
        for ball, pos in layout.items():
            if ball in (CUE_BALL, lowest) or ball < lowest:
                continue
            if obj.distance_to(pos) > 30.0:
                continue
            for pid, aim in pockets.items():
                ghost2, dist2 = _ghost(pos, aim, d)
                cut2 = _cut(obj, ghost2, pos, aim)
                if cut2 > 35.0:
                    continue
                if not _path_clear(pos, aim, layout, {CUE_BALL, lowest, ball}, d):
                    continue
                if not _path_clear(obj, ghost2, layout, {CUE_BALL, lowest, ball}, d):
                    continue
                ghost1, dist1 = _ghost(obj, ghost2, d)
                cut1 = _cut(cue, ghost1, obj, ghost2)
                if cut1 > 45.0 or not _path_clear(cue, ghost1, layout, {CUE_BALL, lowest}, d):
                    continue
                speed = min(_speed_for(dist1 + dist2, max(cut1, cut2)) * 1.3, 6.5)
                phi = aim_at(cue, ghost1)
                add(ShotKind.COMBINATION, Stroke(speed=speed, phi=phi), ball, pid)
    if ShotKind.KISS in kinds and not behind:
        for ball, pid, phi, speed in _kisses(layout, lowest, pockets, d):
            # plain, and for a carom also stunned: a cue ball still sliding at contact
            # follows the tangent line best
            add(ShotKind.KISS, Stroke(speed=speed, phi=phi), ball, pid)
            if ball != lowest:
                add(ShotKind.KISS, Stroke(speed=speed, phi=phi, b=-0.25), ball, pid)
    if ShotKind.KICK in kinds:
        for cushion in range(4):
            mirrored = _mirror(obj, cushion, spec)
            phi = aim_at(cue, mirrored)
            for speed in (2.0, 3.2):
                add(ShotKind.KICK, Stroke(speed=speed, phi=phi), None, None)
    if ShotKind.SAFETY in kinds and not behind:
        base = aim_at(cue, obj)
        dist = cue.distance_to(obj)
        half = math.degrees(math.asin(min(0.999, d / max(dist, d))))
        pot_aims = [c.stroke.phi for c in out if c.kind in _POT_KINDS]
        for frac in (-0.8, -0.45, 0.0, 0.45, 0.8):
            phi = base + frac * half
            if any(abs((phi - aim + 180.0) % 360.0 - 180.0) < 0.75 for aim in pot_aims):
                continue  # that aim is a pot, not a safety
            for speed in (1.0, 1.6, 2.4):
                add(ShotKind.SAFETY, Stroke(speed=speed, phi=phi), None, None)
    return out


def tap_candidates(
    layout: Mapping[Ball, Point], lowest: Ball, *, placement: Point | None = None,
    table: SimTable = DEFAULT_TABLE,
) -> list[Candidate]:  # fmt: skip
    """Deliberate fouls: the cue ball nudged away from the ball in play (§XV tactics)."""
    cue = layout[CUE_BALL]
    away = aim_at(cue, layout[lowest]) + 180.0
    out = []
    for turn in (0.0, 60.0, -60.0):
        stroke = Stroke(speed=0.25, phi=away + turn)
        lifted = _lifted(layout, stroke, table)
        if lifted is not None:
            out.append(
                Candidate(kind=ShotKind.TAP, stroke=lifted, target=lowest, placement=placement)
            )
    return out


def break_candidates(
    layout: Mapping[Ball, Point], *, count: int, table: SimTable = DEFAULT_TABLE
) -> list[Candidate]:
    """Break shots: the cue ball placed at up to ``count`` spots behind the head string.

    Args:
        layout: the racked object balls (no cue ball: it is in hand).
        count: how many placements (and so about twice as many candidates).
        table: the table.
    """
    spec = table.spec
    x = spec.head_string_x - spec.ball_diameter
    ys = [spec.long_string_y, spec.long_string_y - 9.0, spec.long_string_y + 9.0][: max(1, count)]
    apex = layout[min(layout)]
    out: list[Candidate] = []
    for y in ys:
        spot = Point(x, y)
        if not placement_ok(spec, spot, layout.values()):
            continue
        phi = aim_at(spot, apex)
        for speed in (7.5, 8.5):
            out.append(
                Candidate(
                    kind=ShotKind.BREAK,
                    stroke=Stroke(speed=speed, phi=phi, b=-0.1),
                    target=min(layout),
                    placement=spot,
                )
            )
    return out


def placements(
    layout: Mapping[Ball, Point],
    lowest: Ball,
    *,
    count: int,
    sigma_deg: float,
    table: SimTable = DEFAULT_TABLE,
) -> list[Point]:
    """The ``count`` best spots in the kitchen for the cue ball in hand (§XVI).

    A grid of legal spots behind the head string is scored by the heuristic chance of
    the best direct shot on the ball in play (:func:`chances`); the best come first,
    then (if fewer are worth anything) spread spots for safeties and kicks.
    """
    spec = table.spec
    r = spec.ball_radius
    xs = [
        x for x in (r + 4.0, r + 10.0, r + 16.0, spec.head_string_x - r) if x < spec.head_string_x
    ]
    ys = [r + 1.0 + k * (spec.width - 2 * r - 2.0) / 10 for k in range(11)]
    others = [p for b, p in layout.items() if b != CUE_BALL]
    spots = [Point(x, y) for x in xs for y in ys if placement_ok(spec, Point(x, y), others)]
    if not spots:
        return []
    obj = layout[lowest]
    if obj.x < spec.head_string_x:
        return [spots[len(spots) // 2], spots[0], spots[-1]][:count]
    rest = [(b, p) for b, p in layout.items() if b not in (CUE_BALL, lowest)]
    cue = np.array([[p.x, p.y] for p in spots], np.float64)
    objs = np.repeat(np.array([[obj.x, obj.y]]), len(spots), 0)
    oth = np.array([[p.x, p.y] for _, p in rest], np.float64).reshape(1, len(rest), 2)
    oth = np.repeat(oth, len(spots), 0)
    pres = np.ones((len(spots), len(rest)), np.bool_)
    value, _ = chances(cue, objs, oth, pres, sigma_deg, table)
    order = np.argsort(-value, kind="stable")
    return [spots[int(i)] for i in order[:count]]


def _fan(
    layout: Mapping[Ball, Point],
    pots: Sequence[Candidate],
    offsets: Sequence[_F64],
    table: SimTable,
    params: Params,
    workers: int | None,
) -> list[tuple[float, float] | None]:
    """For each candidate, the span (low, high offsets) of its best run of working aims.

    A pot works when its ball drops (and the cue ball does not); a kick (no ball to
    drop) works when the cue ball touches its target first.
    """
    fan = len(offsets[0])
    played = simulate_strokes(
        layout, [c.stroke for c in pots], samples=fan, noise=None, table=table,
        params=params, workers=workers, max_events=1500, aim_offsets=np.asarray(offsets),
    )  # fmt: skip
    balls = played.balls
    # a stroke not played to rest (miscue, event cap) works for nothing
    rest = ~(played.miscue | played.invalid | played.event_limit)
    out: list[tuple[float, float] | None] = []
    for k, cand in enumerate(pots):
        rows = slice(k * fan, (k + 1) * fan)
        if cand.ball is None:  # a kick: the target must be the first ball touched
            good = (played.first_contact[rows] == cand.target) & rest[rows]
        else:
            col = balls.index(cand.ball) if cand.ball in balls else -1
            mask = played.pocketed_mask[rows]
            good = mask[:, col] & ~mask[:, 0] & rest[rows] if col >= 0 else np.zeros(fan, np.bool_)
        if not good.any():
            out.append(None)
            continue
        idx = np.nonzero(good)[0].tolist()
        runs: list[list[int]] = [[idx[0]]]
        for i in idx[1:]:
            if i == runs[-1][-1] + 1:
                runs[-1].append(i)
            else:
                runs.append([i])
        mid = (fan - 1) / 2
        run = min(runs, key=lambda r: (-len(r), abs((r[0] + r[-1]) / 2 - mid)))
        offs = offsets[k]
        out.append((float(offs[run[0]]), float(offs[run[-1]])))
    return out


def refine_aims(
    layout: Mapping[Ball, Point],
    pots: Sequence[Candidate],
    *,
    fan: int,
    width_deg: float,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    workers: int | None = 1,
) -> list[Candidate]:
    """Correct the aims of pot candidates for throw (and the cushions, for banks and kicks).

    Each candidate is played exactly at ``fan`` aims across ``width_deg`` degrees around
    its geometric aim; the best run of aims that drop the intended ball is then played
    again, ``fan`` aims from one step outside each of its ends, and the aim becomes the
    middle of the finer run (the centre of the pocket's window, throw included). A
    candidate none of whose aims drops the ball is dropped.

    Args:
        layout: ball centres (the cue ball placed), inches.
        pots: candidates with a ball to drop.
        fan: aims tried per candidate and stage (at least 3).
        width_deg: the spread of the first fan, degrees.
        table: the table.
        params: the physical parameters.
        workers: engine threads.
    """
    if not pots or fan < 3:
        return list(pots)
    coarse = np.linspace(-width_deg / 2, width_deg / 2, fan)
    step = float(coarse[1] - coarse[0])
    spans = _fan(layout, pots, [coarse] * len(pots), table, params, workers)
    kept = [(c, span) for c, span in zip(pots, spans, strict=True) if span is not None]
    if not kept:
        return []
    fine = [np.linspace(lo - step, hi + step, fan) for _, (lo, hi) in kept]
    finer = _fan(layout, [c for c, _ in kept], fine, table, params, workers)
    out: list[Candidate] = []
    for (cand, (lo, hi)), span in zip(kept, finer, strict=True):
        if span is not None:
            lo, hi = span
        centre = (lo + hi) / 2
        stroke = dataclasses.replace(cand.stroke, phi=cand.stroke.phi + centre)
        out.append(dataclasses.replace(cand, stroke=stroke))
    return out
