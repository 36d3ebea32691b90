"""The default parameters lie within the published ranges that ``docs/physics.md`` cites.

Each range is a published measurement or typical range (sources in ``docs/physics.md``,
"Calibration"); a change of a default that leaves its range fails here.
"""

from __future__ import annotations

import math
from typing import Final

import pytest

from rotation61.sim import DEFAULT_PARAMS

P = DEFAULT_PARAMS

PUBLISHED: Final[dict[str, tuple[float, float]]] = {
    "mu_slide": (0.15, 0.4),  # ball-cloth sliding friction (Alciatore)
    "mu_roll": (0.005, 0.015),  # ball-cloth rolling resistance (Alciatore)
    "e_ball": (0.92, 0.98),  # ball-ball restitution (Alciatore)
    "e_cushion": (0.6, 0.9),  # ball-cushion restitution (Alciatore)
    "e_table": (0.5, 0.5),  # ball-table restitution (Alciatore: one typical value, 0.5)
    "cushion_height": (0.625, 0.645),  # nose height / D (WPA equipment specifications)
}
"""Parameter name -> (low, high), as cited in ``docs/physics.md``."""

SPIN_DECAY_RAD_S2: Final = (5.0, 15.0)
"""Deceleration of the spin about the vertical on pool cloth (Alciatore)."""

BALL_FRICTION: Final = (0.03, 0.08)
"""Ball-ball friction at typical slip speeds, 0.5-1.5 m/s (Alciatore)."""

CONTACT_TIME_S: Final = (1e-4, 6e-4)
"""Duration of a ball-ball contact (Marlow's measurements, 0.1-0.6 ms)."""


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_default_is_within_its_published_range(name: str) -> None:
    low, high = PUBLISHED[name]
    assert low <= getattr(P, name) <= high


def test_spin_decay_is_within_the_published_range() -> None:
    alpha = 2.5 * P.mu_spin * P.gravity / P.ball_radius
    assert SPIN_DECAY_RAD_S2[0] <= alpha <= SPIN_DECAY_RAD_S2[1]


@pytest.mark.parametrize("slip", [0.5, 1.0, 1.5])
def test_ball_friction_at_typical_slip_speeds_is_within_the_published_range(slip: float) -> None:
    mu = P.throw_a + P.throw_b * math.exp(-P.throw_c * slip)
    assert BALL_FRICTION[0] <= mu <= BALL_FRICTION[1]


@pytest.mark.parametrize("speed", [0.5, 2.0, 8.0, 12.3])
def test_hertz_contact_lasts_as_long_as_measured(speed: float) -> None:
    """An undamped Hertz contact of reduced mass m* lasts 2.9432 (m*^2 / (k^2 v))^(1/5)."""
    reduced = P.ball_mass / 2
    duration = 2.9432 * (reduced**2 / (P.hertz_stiffness**2 * speed)) ** 0.2
    assert CONTACT_TIME_S[0] <= duration <= CONTACT_TIME_S[1]
