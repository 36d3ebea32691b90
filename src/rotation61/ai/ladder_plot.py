"""The ladder's picture: each player's rating with its 95% interval (``ai ladder --plot``).

Owns :class:`LadderEntry`, :func:`ladder_entries`, :func:`player_label` and
:func:`plot_ladder`. matplotlib (the ``[plot]`` extra) is imported only when a picture
is drawn; every word on it comes from the ``ai`` catalogue, in the chosen language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from rotation61.ratings import RackTally, fit, standard_errors
from rotation61.text import Domain, Language, gettext

__all__ = ["AGENT_PREFIX", "LadderEntry", "ladder_entries", "player_label", "plot_ladder"]

AGENT_PREFIX: Final = "agent:"
"""How a learned agent's name starts on the ladder (a level's name is its number)."""

_Z95: Final = 1.96


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LadderEntry:
    """One player of the ladder.

    Attributes:
        player: a level's name (``"3"``) or a learned agent's (``"agent:<stem>"``).
        rating: the fitted rating (:func:`rotation61.ratings.fit`).
        error: its standard error, rating points (:func:`rotation61.ratings.standard_errors`).
        racks: the racks it rests on.
    """

    player: str
    rating: float
    error: float
    racks: int


def ladder_entries(tallies: Sequence[RackTally]) -> list[LadderEntry]:
    """The ratings of every player of ``tallies`` with their errors, best first."""
    ratings = fit(tallies)
    errors = standard_errors(tallies, ratings)
    return [
        LadderEntry(player=r.player, rating=r.rating, error=errors[r.player], racks=r.racks)
        for r in ratings
    ]


def player_label(player: str, language: Language | str = Language.EN) -> str:
    """A player's name in words: ``level 3``, ``learned agent x`` (in ``language``)."""
    if player.startswith(AGENT_PREFIX):
        return gettext(language, Domain.AI, "ai.plot.agent", name=player[len(AGENT_PREFIX) :])
    return gettext(language, Domain.AI, "ai.plot.level", name=player)


def plot_ladder(
    entries: Sequence[LadderEntry], path: Path, *, language: Language | str = Language.EN
) -> None:
    """Draw the ratings as points with 95% intervals (best at the top) into ``path`` (PNG).

    Raises:
        MissingPlotExtraError: matplotlib is not installed.
    """
    from rotation61.sim.plot import require_matplotlib

    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def text(key: str, **fields: object) -> str:
        return gettext(language, Domain.AI, f"ai.plot.{key}", **fields)

    rows = list(reversed(entries))
    fig, ax = plt.subplots(figsize=(8.0, 1.2 + 0.45 * len(rows)))
    ys = list(range(len(rows)))
    ax.errorbar(
        [e.rating for e in rows],
        ys,
        xerr=[_Z95 * e.error for e in rows],
        fmt="o",
        color="#1d6b3a",
        ecolor="#1d6b3a",
        capsize=4,
    )
    ax.set_yticks(ys)
    ax.set_yticklabels([player_label(e.player, language) for e in rows])
    for y, e in zip(ys, rows, strict=True):
        ax.annotate(
            f"{e.rating:.0f} ± {_Z95 * e.error:.0f} · {text('racks', racks=e.racks)}",
            (e.rating, y),
            xytext=(0, 7),
            textcoords="offset points",
            ha="center",
            fontsize=8,
        )
    ax.set_xlabel(text("rating_axis"))
    ax.set_title(text("ladder_title"))
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
