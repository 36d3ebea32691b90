"""Shared helpers of the simulator tests (the [sim] extra must be installed)."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

pytest.importorskip("numpy", reason="the [sim] extra (numpy, numba) is not installed")

from rotation61.geometry import METERS_PER_INCH
from rotation61.sim import DEFAULT_TABLE, OVERLAP_TOL_M, SimTable

SWEEP = int(os.environ.get("ROTATION61_SIM_SWEEP", "1"))
"""Multiplier of the random sweeps' sizes (CI: 1; a thorough local run: 10 or more)."""

R = DEFAULT_TABLE.spec.ball_radius * METERS_PER_INCH


def inside_table(
    x: float, y: float, table: SimTable = DEFAULT_TABLE, tol: float = OVERLAP_TOL_M
) -> bool:
    """Whether a ball centre (m) is on the playing surface or inside a pocket's mouth/shelf."""
    rad = table.spec.ball_radius * METERS_PER_INCH
    if rad - tol <= x <= table.length - rad + tol and rad - tol <= y <= table.width - rad + tol:
        return True
    return any(math.hypot(x - cx, y - cy) <= r + 0.09 for cx, cy, r in table.pocket_holes())


def overlaps(pos: np.ndarray, live: np.ndarray) -> float:
    """The largest overlap (m) between two live balls, 0 if none."""
    pts = pos[live]
    if len(pts) < 2:
        return 0.0
    d = np.hypot(pts[:, None, 0] - pts[None, :, 0], pts[:, None, 1] - pts[None, :, 1])
    np.fill_diagonal(d, np.inf)
    return float(max(0.0, 2 * R - d.min()))
