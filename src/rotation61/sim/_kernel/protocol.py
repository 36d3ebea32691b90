"""The kernel's integer protocol: every array layout and code shared with the Python side.

The only module that defines them. The kernel's modules and the Python side of the
engine (:mod:`rotation61.sim.engine`, :mod:`~rotation61.sim.params`,
:mod:`~rotation61.sim.table`, :mod:`~rotation61.sim.plot`) import them from here; the
public enums map to them through explicit tables, which ``tests/sim/test_kernel_protocol.py``
checks member by member.

Each group of codes has a prefix that no other name here uses: ``MOTION_`` (a ball's motion
state, :class:`~rotation61.sim.MotionState`), ``EV_`` (an event's kind,
:class:`~rotation61.sim.EventKind`), ``CUSHION_`` (the cushion of a line,
:class:`~rotation61.sim.CushionId`), ``POCKET_`` (a pocket's row,
:class:`~rotation61.sim.PocketId`) and ``CUE_FIRST_`` (what the cue ball touched first,
:class:`~rotation61.rules.ContactType`). Column groups are ``LOG_`` and ``STATE_`` (the
event log), ``AIR_`` (a ball's vertical state), ``LINE_``, ``POINT_``, ``HOLE_`` (the
table's arrays), ``RECT_`` (rectangles), ``STROKE_`` (a stroke row), ``P_`` (the
parameter vector) and ``F_`` (the facts vector).

Arrays (SI units; built by :mod:`rotation61.sim.table`, :mod:`rotation61.sim.params` and
:mod:`rotation61.sim.engine`):

- ``pos[n, 2]``, ``vel[n, 2]``, ``w[n, 3]``: each ball's centre, velocity and angular
  velocity (components x, y, z), index 0 the cue ball; ``st[n]``: its ``MOTION_`` code;
  ``air[n, AIR_WIDTH]``: its height and vertical velocity (airborne balls);
- ``lines[k, LINE_WIDTH]``: cushion segments (the rails' and the jaws' nose lines);
- ``points[q, POINT_WIDTH]``: cushion points (the jaws' corners);
- ``pockets[6, HOLE_WIDTH]``: the capture holes, row ``POCKET_*``;
- ``ev[cap, LOG_WIDTH]``: the event log, one row an event;
- ``box[n, RECT_WIDTH]``, ``safe[RECT_WIDTH]``: rectangles of ball centres;
- ``stroke[STROKE_WIDTH]``, ``p[N_PARAMS]``, ``facts[F_POCKETED + 2 n]``, ``rails[n]``.
"""

from __future__ import annotations

from typing import Final

NONE: Final = -1
"""No ball, line, point or pocket (in the log's ``LOG_OTHER``, the facts, the predictions)."""

# A ball's motion state (st[b]).
MOTION_STATIONARY: Final = 0
MOTION_SPINNING: Final = 1
MOTION_SLIDING: Final = 2
MOTION_ROLLING: Final = 3
MOTION_POCKETED: Final = 4
MOTION_AIRBORNE: Final = 5
"""In flight above the cloth: a parabola under gravity, spins constant (its height is in
the ``air`` array)."""
MOTION_OFF_TABLE: Final = 6
"""Left the table (flew over a cushion or landed beyond the cushion lines); removed."""

# An event's kind (the log's LOG_KIND column).
EV_STRIKE: Final = 0
EV_BALL: Final = 1
EV_CUSHION: Final = 2
EV_JAW_POINT: Final = 3
EV_POCKET: Final = 4
EV_SLIDE_TO_ROLL: Final = 5
EV_ROLL_TO_SPIN: Final = 6
EV_ROLL_TO_STOP: Final = 7
EV_SPIN_TO_STOP: Final = 8
EV_HEAD_STRING: Final = 9
EV_LAND: Final = 10
"""An airborne ball lands on the cloth (it bounces, or settles to sliding or rolling)."""
EV_OFF_TABLE: Final = 11
"""A ball leaves the table (``LOG_OTHER``: the line or point it flew over, or NONE)."""

# The cushion a line belongs to (lines[k, LINE_CUSHION]): the six rails and the jaws.
CUSHION_HEAD: Final = 0
CUSHION_FOOT: Final = 1
CUSHION_RIGHT_HEAD: Final = 2
CUSHION_RIGHT_FOOT: Final = 3
CUSHION_LEFT_HEAD: Final = 4
CUSHION_LEFT_FOOT: Final = 5
CUSHION_JAW: Final = 6

# A pocket's row of the pockets array (and the log's LOG_OTHER of a pocket event).
POCKET_HEAD_RIGHT: Final = 0
POCKET_SIDE_RIGHT: Final = 1
POCKET_FOOT_RIGHT: Final = 2
POCKET_FOOT_LEFT: Final = 3
POCKET_SIDE_LEFT: Final = 4
POCKET_HEAD_LEFT: Final = 5

# What the cue ball touched first (facts[F_CUE_FIRST_KIND]).
CUE_FIRST_NONE: Final = 0
CUE_FIRST_BALL: Final = 1
CUE_FIRST_RAIL: Final = 2

# The event log, one row an event: time, kind, ball, other (ball, line, point or pocket
# index, or NONE), approach speed of a collision (or the stroke's speed), then the states
# after the event of the ball and, for a ball-ball event, of the other ball (else zeros).
LOG_TIME: Final = 0
LOG_KIND: Final = 1
LOG_BALL: Final = 2
LOG_OTHER: Final = 3
LOG_SPEED: Final = 4
LOG_BALL_STATE: Final = 5
"""First column of the ball's state block (``STATE_WIDTH`` columns)."""
LOG_OTHER_STATE: Final = 15
"""First column of the other ball's state block (``STATE_WIDTH`` columns)."""
LOG_WIDTH: Final = 25

# A ball's state block in a log row.
STATE_X: Final = 0
STATE_Y: Final = 1
STATE_VX: Final = 2
STATE_VY: Final = 3
STATE_WX: Final = 4
STATE_WY: Final = 5
STATE_WZ: Final = 6
STATE_MOTION: Final = 7
STATE_Z: Final = 8
"""Height of the ball's bottom above the cloth, m (0 unless airborne)."""
STATE_VZ: Final = 9
"""Vertical velocity, m/s (0 unless airborne)."""
STATE_WIDTH: Final = 10

# A ball's vertical state (air[n, AIR_WIDTH]): the height of its bottom above the cloth
# (the centre is R above that) and its vertical velocity; both 0 unless it is airborne.
AIR_Z: Final = 0
AIR_VZ: Final = 1
AIR_WIDTH: Final = 2

# A cushion segment: start point, unit direction, length, unit normal into the table, and
# its CUSHION_ code (as a float).
LINE_X: Final = 0
LINE_Y: Final = 1
LINE_DX: Final = 2
LINE_DY: Final = 3
LINE_LENGTH: Final = 4
LINE_NX: Final = 5
LINE_NY: Final = 6
LINE_CUSHION: Final = 7
LINE_WIDTH: Final = 8

# A cushion point (a jaw's corner); the third column is unused (0).
POINT_X: Final = 0
POINT_Y: Final = 1
POINT_WIDTH: Final = 3

# A pocket's capture hole: centre and radius.
HOLE_X: Final = 0
HOLE_Y: Final = 1
HOLE_RADIUS: Final = 2
HOLE_WIDTH: Final = 3

# A rectangle of ball centres (a ball's bounding box, the safe rectangle).
RECT_XMIN: Final = 0
RECT_XMAX: Final = 1
RECT_YMIN: Final = 2
RECT_YMAX: Final = 3
RECT_WIDTH: Final = 4

# A stroke row (Stroke.as_tuple()): speed m/s, phi and theta degrees, tip offsets a and b.
STROKE_SPEED: Final = 0
STROKE_PHI: Final = 1
STROKE_THETA: Final = 2
STROKE_A: Final = 3
STROKE_B: Final = 4
STROKE_WIDTH: Final = 5

# The parameter vector (Params.vector(); docs/physics.md gives each one's equations).
P_G: Final = 0
P_M: Final = 1
P_R: Final = 2
P_MU_S: Final = 3
P_MU_R: Final = 4
P_MU_SP: Final = 5
P_E_BB: Final = 6
P_MUBB_A: Final = 7
P_MUBB_B: Final = 8
P_MUBB_C: Final = 9
P_E_C: Final = 10
P_MU_C: Final = 11
P_CUSH_SIN: Final = 12
P_CUSH_COS: Final = 13
P_M_CUE: Final = 14
P_E_TIP: Final = 15
P_V_CHATTER: Final = 16
P_EPS_TOUCH: Final = 17
P_OVERLAP: Final = 18
P_V_REST: Final = 19
P_V_EPS: Final = 20
P_K_HERTZ: Final = 21
P_CLUSTER: Final = 22
P_STEPS: Final = 23
P_DAMP: Final = 24
P_M_END: Final = 25
P_E_TABLE: Final = 26
P_V_BOUNCE: Final = 27
"""The least vertical speed of a bounce off the cloth (slower ones settle on it), m/s."""
P_NOSE: Final = 28
"""Height of the cushion nose above the cloth, m."""
N_PARAMS: Final = 29

# The facts vector of a shot (ints): first object ball the cue ball touched (NONE for
# none), what it touched first (CUE_FIRST_), whether it crossed the head string before
# that, whether it crossed at all, how many balls were pocketed; then from F_POCKETED the
# pocketed balls in order (n slots) and their pockets (n slots), NONE where unused.
F_FIRST: Final = 0
F_CUE_FIRST_KIND: Final = 1
F_CROSSED_BEFORE: Final = 2
F_CROSSED: Final = 3
F_N_POCKETED: Final = 4
F_POCKETED: Final = 5

# Bits of rails[b]: ball b touched a cushion or jaw; it did so after the first contact.
RAIL_TOUCHED: Final = 1
RAIL_AFTER_FIRST_CONTACT: Final = 2

# How a run ended.
STATUS_AT_REST: Final = 0
STATUS_EVENT_LIMIT: Final = 1

# The first problem of a set of layouts (check_layouts).
LAYOUT_OK: Final = 0
LAYOUT_OFF_TABLE: Final = 1
LAYOUT_OVERLAP: Final = 2

# What the cue stick passes through (clearance.obstruction), besides a ball's row.
OBSTRUCTION_NONE: Final = -1
OBSTRUCTION_RAIL: Final = -2
