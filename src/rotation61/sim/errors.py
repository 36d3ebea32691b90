"""The simulator's errors: invalid strokes, layouts and parameters, and runaway shots."""

from __future__ import annotations

from rotation61.rules.errors import Rotation61Error

__all__ = ["CueObstructedError", "MiscueError", "SimulationError"]


class SimulationError(Rotation61Error, ValueError):
    """A simulation cannot be run or did not finish: bad input, or a shot past the event cap."""


class MiscueError(SimulationError):
    """The tip offset is beyond the miscue limit: the stroke cannot be played."""


class CueObstructedError(SimulationError):
    """The cue stick would pass through a ball or a rail (the optional clearance check)."""
