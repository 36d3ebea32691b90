"""The physical parameters of the simulation and its named numerical tolerances.

Owns :class:`Params` (one documented parameter set, SI units, that users may change with
:func:`dataclasses.replace`), :data:`DEFAULT_PARAMS`, and the tolerances that decide
contact, rest and chattering. ``docs/physics.md`` gives the equations each one enters.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, TABLE_9FT
from rotation61.sim._kernel import protocol
from rotation61.sim.errors import SimulationError

__all__ = [
    "CHATTER_SPEED",
    "CONTACT_TOL_M",
    "DEFAULT_PARAMS",
    "MAX_EVENTS",
    "OVERLAP_TOL_M",
    "REST_SPEED",
    "STOP_SPEED",
    "Params",
]

CONTACT_TOL_M: Final[float] = 1e-9
"""Two bodies whose gap is at most this (m) touch: an approach between them is resolved
now rather than solved for."""

OVERLAP_TOL_M: Final[float] = 1e-5
"""The most two balls (or a ball and a cushion) may overlap after any event, in m. Touching
bodies at rest relative to each other may sink this far before their contact is resolved
again (perfectly inelastically, with the overlap removed): this is what bounds chattering."""

REST_SPEED: Final[float] = 1e-5
"""Normal approach speed (m/s) below which touching bodies are resting, not colliding."""

CHATTER_SPEED: Final[float] = 0.01
"""Collisions slower than this (m/s of normal approach) are perfectly inelastic (no
bounce): the geometric series of ever smaller re-collisions of frozen balls ends here."""

STOP_SPEED: Final[float] = 1e-9
"""Speeds (m/s, and R times angular speeds) at or below this are zero."""

MAX_EVENTS: Final[int] = 20_000
"""A shot that has not come to rest after this many events raises
:class:`~rotation61.sim.SimulationError` (it never happened in 10^4 random breaks)."""


def _restitution(alpha: float) -> float:
    """Restitution of a head-on Hertz contact with Tsuji damping.

    x'' = -max(x^1.5 + alpha x^0.25 x', 0): the contact pushes, never pulls.

    In units where the reduced mass, the stiffness and the approach speed are 1 (the
    restitution depends on alpha alone); symplectic Euler steps of 2e-3 (an undamped contact
    lasts 2.94). A contact still closed at t = 30 counts as perfectly inelastic.
    """
    dt = 2e-3
    x = 0.0
    v = 1.0
    for _ in range(15_000):
        root = math.sqrt(x)
        v -= max(x * root + alpha * math.sqrt(root) * v, 0.0) * dt  # contacts never pull
        x += v * dt
        if x <= 0.0:
            return max(-v, 0.0)
    return 0.0


@functools.lru_cache(maxsize=32)
def tsuji_alpha(e: float) -> float:
    """The damping factor alpha that gives the ball-ball restitution ``e`` (bisection).

    Tsuji, Tanaka & Ishida (1992): a damping force alpha sqrt(m k) delta^(1/4) d(delta)/dt
    on a Hertz contact k delta^(3/2) gives a restitution independent of the impact speed.
    """
    if e >= 1.0:
        return 0.0
    lo, hi = 0.0, 4.0
    for _ in range(32):
        mid = 0.5 * (lo + hi)
        if _restitution(mid) > e:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Params:
    """The physical constants of a simulation, in SI units.

    Defaults are typical of a pool table with new cloth (Alciatore's technical proofs,
    Marlow, WPA equipment specifications); see ``docs/physics.md``.

    Attributes:
        gravity: g, m/s^2.
        ball_mass: m, kg (6 oz).
        ball_radius: R, m (2.25 in diameter, the geometry layer's ball).
        mu_slide: ball-cloth sliding friction coefficient.
        mu_roll: ball-cloth rolling resistance coefficient (deceleration mu_roll g).
        mu_spin: ball-cloth spinning friction coefficient (the spin about the vertical
            decays at 5 mu_spin g / (2 R) rad/s^2: 10.9 rad/s^2 by default, within the
            5-15 rad/s^2 measured on pool cloth, see ``docs/physics.md``).
        e_ball: ball-ball coefficient of restitution.
        throw_a, throw_b, throw_c: ball-ball friction mu = a + b exp(-c v_slip), with the
            slip speed of the contact points in m/s (Alciatore, TP A.14).
        e_cushion: ball-cushion coefficient of restitution (normal speed ratio).
        mu_cushion: ball-cushion friction coefficient.
        cushion_height: height of the cushion nose above the cloth, as a fraction of the
            ball diameter (WPA: 62.5-64.5 %).
        cue_mass: M, the cue stick's mass, kg (20 oz).
        cue_end_mass: the effective end mass of the shaft, kg, which sets the squirt (the
            cue ball leaving at an angle to the cue after an off-centre hit): m / 30, a
            typical shaft (1.6 degrees at a = 0.4). 0 is a cue without squirt.
        cue_length: length of the stick, m (for the clearance check).
        cue_tip_radius: radius of the stick at the tip, m.
        cue_butt_radius: radius of the stick at the butt, m.
        rail_height: height of the rail's top above the cloth, m (for the clearance check).
        rail_width: width of the rail beyond the cushion nose, m (for the clearance check).
        cue_lift: how far (degrees) a player raises the butt above the stroke's elevation
            to clear the rail or a ball (for the clearance check).
        compliant_impacts: resolve a collision whose balls touch (or nearly touch) a third
            ball as one multi-ball impact through compliant contacts (the break); ``False``
            resolves every collision as a sequence of instantaneous two-ball impacts.
        ball_modulus: Young's modulus of the balls, Pa (phenolic resin), for the Hertz
            contact of compliant impacts.
        ball_poisson: Poisson's ratio of the balls.
        impact_steps: integration steps per contact duration in a compliant impact.
        e_table: ball-cloth (slate bed) coefficient of restitution of a vertical bounce:
            a ball driven into the cloth by an elevated stroke, or landing from flight,
            leaves it at ``e_table`` times its vertical approach speed (pooltool's
            frictional inelastic ball-table model; see ``docs/physics.md``, "Airborne").
        min_bounce_height: bounces lower than this (m, the ball's bottom above the cloth)
            settle on the cloth instead (pooltool's 5 mm): the ball stays on the cloth
            unless it would rise at least this high.

    Raises:
        SimulationError: a parameter is not finite, or outside its physical range.
    """

    gravity: float = 9.81
    ball_mass: float = 0.170
    ball_radius: float = TABLE_9FT.ball_radius * METERS_PER_INCH
    mu_slide: float = 0.2
    mu_roll: float = 0.008
    mu_spin: float = 0.0127
    e_ball: float = 0.975
    throw_a: float = 9.951e-3
    throw_b: float = 0.108
    throw_c: float = 1.088
    e_cushion: float = 0.85
    mu_cushion: float = 0.2
    cushion_height: float = 0.635
    cue_mass: float = 0.567
    cue_end_mass: float = 0.170 / 30.0
    cue_length: float = 1.47
    cue_tip_radius: float = 0.0065
    cue_butt_radius: float = 0.0145
    rail_height: float = 0.0375
    rail_width: float = 0.13
    cue_lift: float = 10.0
    compliant_impacts: bool = True
    ball_modulus: float = 5.84e9
    ball_poisson: float = 0.34
    impact_steps: int = 30
    e_table: float = 0.5
    min_bounce_height: float = 0.005

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if not (isinstance(value, float | int) and math.isfinite(value)):
                raise SimulationError(f"parameter {field.name} = {value!r} is not a finite number")
        positive = (
            "gravity", "ball_mass", "ball_radius", "mu_slide", "mu_roll", "mu_spin",
            "cue_mass", "cue_length", "cue_tip_radius", "cue_butt_radius", "ball_modulus",
        )  # fmt: skip
        for name in positive:
            if getattr(self, name) <= 0:
                raise SimulationError(f"parameter {name} = {getattr(self, name)!r} must be > 0")
        for name in ("e_ball", "e_cushion", "e_table"):
            if not 0 <= getattr(self, name) <= 1:
                raise SimulationError(
                    f"parameter {name} = {getattr(self, name)!r} is not in [0, 1]"
                )
        nonnegative = (
            "throw_a", "throw_b", "throw_c", "mu_cushion", "rail_height", "rail_width",
            "cue_end_mass", "min_bounce_height",
        )  # fmt: skip
        for name in nonnegative:
            if getattr(self, name) < 0:
                raise SimulationError(f"parameter {name} = {getattr(self, name)!r} must be >= 0")
        if not 0.5 <= self.cushion_height < 1.0:
            raise SimulationError(
                f"cushion_height {self.cushion_height!r} must be in [0.5, 1) ball diameters"
            )
        if not 0 <= self.ball_poisson < 0.5:
            raise SimulationError(f"ball_poisson {self.ball_poisson!r} must be in [0, 0.5)")
        if not (isinstance(self.impact_steps, int) and 8 <= self.impact_steps <= 1000):
            raise SimulationError(f"impact_steps {self.impact_steps!r} must be an int in 8..1000")
        if not 0 <= self.cue_lift < 90:
            raise SimulationError(f"cue_lift {self.cue_lift!r} must be in [0, 90) degrees")

    @property
    def hertz_stiffness(self) -> float:
        """The stiffness k of the Hertz contact force k delta^1.5 between two balls, N/m^1.5."""
        e_star = self.ball_modulus / (2.0 * (1.0 - self.ball_poisson**2))
        return 4.0 / 3.0 * e_star * math.sqrt(0.5 * self.ball_radius)

    @property
    def cushion_angle(self) -> float:
        """The angle (rad) of the cushion's contact point above the ball's equator."""
        return math.asin(2.0 * self.cushion_height - 1.0)

    def vector(self) -> npt.NDArray[np.float64]:
        """The parameters and tolerances as the kernel's parameter vector (a fresh copy)."""
        return _vector(self).copy()

    def _build_vector(self) -> npt.NDArray[np.float64]:
        p = np.zeros(protocol.N_PARAMS)
        p[protocol.P_G] = self.gravity
        p[protocol.P_M] = self.ball_mass
        p[protocol.P_R] = self.ball_radius
        p[protocol.P_MU_S] = self.mu_slide
        p[protocol.P_MU_R] = self.mu_roll
        p[protocol.P_MU_SP] = self.mu_spin
        p[protocol.P_E_BB] = self.e_ball
        p[protocol.P_MUBB_A] = self.throw_a
        p[protocol.P_MUBB_B] = self.throw_b
        p[protocol.P_MUBB_C] = self.throw_c
        p[protocol.P_E_C] = self.e_cushion
        p[protocol.P_MU_C] = self.mu_cushion
        p[protocol.P_CUSH_SIN] = math.sin(self.cushion_angle)
        p[protocol.P_CUSH_COS] = math.cos(self.cushion_angle)
        p[protocol.P_M_CUE] = self.cue_mass
        p[protocol.P_M_END] = self.cue_end_mass
        p[protocol.P_V_CHATTER] = CHATTER_SPEED
        p[protocol.P_EPS_TOUCH] = CONTACT_TOL_M
        p[protocol.P_OVERLAP] = OVERLAP_TOL_M
        p[protocol.P_V_REST] = REST_SPEED
        p[protocol.P_V_EPS] = STOP_SPEED
        p[protocol.P_K_HERTZ] = self.hertz_stiffness
        p[protocol.P_CLUSTER] = 1.0 if self.compliant_impacts else 0.0
        p[protocol.P_STEPS] = float(self.impact_steps)
        p[protocol.P_E_TABLE] = self.e_table
        p[protocol.P_V_BOUNCE] = math.sqrt(2.0 * self.gravity * self.min_bounce_height)
        p[protocol.P_NOSE] = 2.0 * self.ball_radius * self.cushion_height
        p[protocol.P_DAMP] = tsuji_alpha(self.e_ball) * math.sqrt(
            0.5 * self.ball_mass * self.hertz_stiffness
        )
        return p


@functools.lru_cache(maxsize=64)
def _vector(params: Params) -> npt.NDArray[np.float64]:
    return params._build_vector()


DEFAULT_PARAMS: Final[Params] = Params()
"""The default parameter set."""
