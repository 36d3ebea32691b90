"""The event-based physics kernel: motion laws, event times, impacts and the event loop.

Private. Every function is written in the subset of Python that numba compiles (scalars
and numpy arrays only); :mod:`rotation61.sim._jit` compiles them, or leaves them as the
plain-Python reference when ``NUMBA_DISABLE_JIT=1``. Units are SI (m, s, kg, rad).

Each ball has a motion state (stationary, spinning, sliding, rolling, airborne, pocketed,
off the table) whose position (and an airborne ball's height) is a quadratic in time, so
every event time is a root of a polynomial of degree at most four: the loop jumps from
event to event, never by a time step. The one exception is a multi-ball impact, an
instantaneous event whose outcome is integrated through compliant contacts.

One module per seam, each importing only modules listed before it (an import-linter
contract):

- :mod:`.protocol`: the integer protocol shared with the Python side (array columns,
  motion states, event kinds, cushion and pocket codes, facts); the only module that
  defines one;
- :mod:`.roots`: polynomial roots (the first descent of a quartic);
- :mod:`.motion`: a ball's motion between events;
- :mod:`.detection`: the next event times (ball-ball, ball-table);
- :mod:`.impact`: the cue's strike, two-ball and cushion collisions, multi-ball impacts;
- :mod:`.loop`: the event loop and its log;
- :mod:`.facts`: the referee's facts, from the log;
- :mod:`.batch`: layout checks and the parallel batch.

Hot kernels are compiled without numba's reference counting (``jit_light``); only
:func:`shoot`, :func:`workspace`, :func:`.impact.impact_workspace`, :func:`shot_facts`,
:func:`shoot_layout` and :func:`shoot_batch` allocate. This package exports what the engine calls.
"""

from __future__ import annotations

from rotation61.sim._kernel import protocol
from rotation61.sim._kernel.batch import check_layouts, shoot_batch, shoot_layout
from rotation61.sim._kernel.facts import shot_facts
from rotation61.sim._kernel.impact import collide_balls, collide_cushion
from rotation61.sim._kernel.loop import run, shoot, workspace
from rotation61.sim._kernel.motion import advance, rise

__all__ = [
    "advance",
    "check_layouts",
    "collide_balls",
    "collide_cushion",
    "protocol",
    "rise",
    "run",
    "shoot",
    "shoot_batch",
    "shoot_layout",
    "shot_facts",
    "workspace",
]
