"""What the browser shares with the server: the ball palette and the geometry's tolerances.

The server's SVG drawings (:mod:`~rotation61.web.presenters.drawing`) and the pages'
scripts (``static/common.js``, which reads :func:`browser_shared` rendered into every
page) draw the balls in these colours, and the play page's cue-ball placement check
uses the geometry layer's own tolerances (decision A49), so the browser refuses
exactly the placements the server refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rotation61.geometry import CONTACT_TOL_IN, EPS_IN
from rotation61.rules import CUE_BALL, Ball

__all__ = ["BALL_COLOURS", "CUE_COLOUR", "STRIPE_GROUND", "ball_colour", "browser_shared"]

BALL_COLOURS: Final[Mapping[int, str]] = MappingProxyType(
    {
        1: "#f2c500",
        2: "#1f4fd1",
        3: "#d42a1f",
        4: "#5b2a86",
        5: "#f07d00",
        6: "#0f8a3c",
        7: "#7a1f1f",
        8: "#111111",
    }
)
"""The colour of balls 1-8; ball n + 8 (9-15) is striped in ball n's colour."""

CUE_COLOUR: Final = "#f4f1e6"
"""The cue ball's colour."""

STRIPE_GROUND: Final = "#fafafa"
"""The white of a striped ball around its stripe."""


def ball_colour(ball: Ball) -> str:
    """The colour a ball is drawn in: the cue ball's, or its suit's (a stripe's colour).

    >>> ball_colour(11) == ball_colour(3)
    True
    """
    return CUE_COLOUR if ball == CUE_BALL else BALL_COLOURS[(ball - 1) % 8 + 1]


def browser_shared() -> dict[str, object]:
    """The definitions every page carries for its scripts (JSON-ready).

    ``palette``: the balls' colours; ``tolerances``: the geometry layer's, in inches
    (``position_in`` for cushions and the head string, ``contact_in`` for two balls).
    """
    return {
        "palette": {
            "balls": {str(n): colour for n, colour in BALL_COLOURS.items()},
            "cue": CUE_COLOUR,
            "stripe_ground": STRIPE_GROUND,
        },
        "tolerances": {"position_in": EPS_IN, "contact_in": CONTACT_TOL_IN},
    }
