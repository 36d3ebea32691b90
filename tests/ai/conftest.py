"""Shared helpers of the computer-player tests (the [sim] extra must be installed)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the [sim] extra (numpy, numba) is not installed")
