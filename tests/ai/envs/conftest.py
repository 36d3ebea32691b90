"""The environments' tests need the [rl] extra (Gymnasium, PettingZoo) besides [sim]."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the [rl] extra (pettingzoo) is not installed")
