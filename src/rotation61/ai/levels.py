"""Skill levels: 1 (a beginner) to 10, and ``olympiad``.

Each level is an execution noise (a multiple of the Computer Olympiad's,
:data:`~rotation61.sim.OLYMPIAD_NOISE`: σ aim 0.125°, elevation 0.1°, speed 0.075 m/s,
tip 0.5 mm) and a search budget: the shot kinds it knows, how many candidates it
evaluates, how many noisy samples each, whether it plays for position and how many
kitchen spots it tries with the cue ball in hand. The player searches with its own
noise: a beginner knows he misses.

| level | noise × | samples | candidates | kinds | position | spins | placements |
| --- | --- | --- | --- | --- | --- | --- | --- |
| 1 | 8.0 | 3 | 6 | direct, safety | no | no | 1 |
| 2 | 6.0 | 3 | 8 | direct, safety | no | no | 1 |
| 3 | 4.6 | 4 | 10 | direct, safety, kick | no | no | 2 |
| 4 | 3.6 | 4 | 12 | + bank | yes | no | 2 |
| 5 | 2.9 | 5 | 14 | + bank | yes | yes | 2 |
| 6 | 2.4 | 6 | 16 | all | yes | yes | 3 |
| 7 | 2.0 | 6 | 20 | all | yes | yes | 3 |
| 8 | 1.6 | 8 | 24 | all | yes | yes | 3 |
| 9 | 1.27 | 10 | 28 | all | yes | yes | 4 |
| 10 | 1.0 | 12 | 36 | all | yes | yes | 4 |
| olympiad | 1.0 | 24 | 48 | all | yes | yes | 6 |

From level 6 up each step divides the noise by about 1.25 (it was 1.2 between 6, 7
and 8, too little to separate 7 from 8). Level 10 re-checks its 3 best candidates with
fresh samples; the olympiad level re-checks 4 and is prudent (``prudence`` 2).

"all" is direct, bank, combination, kiss, kick and safety. The deliberate foul (``tap``) is
considered from level 6. The olympiad level also searches one stroke deeper (its best
candidates are re-valued by the next stroke's search in the positions they leave) and
tries a finer grid of speeds, tip heights and side for position, and a softer pot.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rotation61.ai.shots import ShotKind
from rotation61.rules import Rotation61Error
from rotation61.sim import OLYMPIAD_NOISE, ExecutionNoise

__all__ = ["LEVELS", "Level", "UnknownLevelError", "get_level"]


class UnknownLevelError(Rotation61Error, ValueError):
    """A skill level that does not exist."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """A skill level.

    Attributes:
        name: ``"1"`` .. ``"10"`` or ``"olympiad"``.
        noise_scale: the execution noise, as a multiple of the Olympiad's.
        samples: noisy samples per candidate.
        max_candidates: candidates evaluated (the geometric best first).
        kinds: the shot kinds known.
        position: plays for position (else assumes a flat chance for the next shot).
        spins: tries draw, follow and firmer strokes.
        placements: kitchen spots tried with the cue ball in hand.
        refine: aims tried per pot candidate to correct for throw (0: none).
        taps: considers a deliberate foul (§XV tactics).
        grid: tries a finer grid of speeds, tip heights and side for position, and a softer pot.
        depth: 2 re-values the best candidates by searching the positions they leave
            (a few noisy executions each, the next stroke searched); 1: the heuristic.
        recheck: the best candidates played again with fresh samples (twice
            ``samples`` each) and ranked on all their samples, so that the one chosen is
            not merely the luckiest of many small estimates (0: none).
        prudence: how much a pot's risk of missing weighs in the choice, as a share
            of the turn it would keep (``value - prudence * (1 - pot) * (ball + 12)``):
            a careful player prefers the likelier pot, or a safety, to a long shot of
            about the same mean value (0: the mean value alone).
    """

    name: str
    noise_scale: float
    samples: int
    max_candidates: int
    kinds: frozenset[ShotKind]
    position: bool
    spins: bool
    placements: int
    refine: int
    taps: bool
    depth: int = 1
    grid: bool = False
    recheck: int = 0
    prudence: float = 0.0

    @property
    def noise(self) -> ExecutionNoise:
        """The execution noise of a player of this level."""
        n, s = OLYMPIAD_NOISE, self.noise_scale
        return ExecutionNoise(
            phi=n.phi * s, theta=n.theta * s, speed=n.speed * s, offset=n.offset * s
        )

    @property
    def sigma_deg(self) -> float:
        """The aim deviation, degrees (what the position heuristic assumes)."""
        return OLYMPIAD_NOISE.phi * self.noise_scale


_BASIC = frozenset({ShotKind.DIRECT, ShotKind.SAFETY})
_KICK = _BASIC | {ShotKind.KICK}
_BANK = _KICK | {ShotKind.BANK}
_ALL = _BANK | {ShotKind.COMBINATION, ShotKind.KISS}


def _level(
    name: str,
    scale: float,
    samples: int,
    cands: int,
    kinds: frozenset[ShotKind],
    position: bool,
    spins: bool,
    placements: int,
) -> Level:
    strong = kinds == _ALL
    return Level(
        name=name,
        noise_scale=scale,
        samples=samples,
        max_candidates=cands,
        kinds=kinds,
        position=position,
        spins=spins,
        placements=placements,
        refine=9 if position else 5,
        taps=strong,
    )


LEVELS: Final[Mapping[str, Level]] = MappingProxyType(
    {
        "1": _level("1", 8.0, 3, 6, _BASIC, False, False, 1),
        "2": _level("2", 6.0, 3, 8, _BASIC, False, False, 1),
        "3": _level("3", 4.6, 4, 10, _KICK, False, False, 2),
        "4": _level("4", 3.6, 4, 12, _BANK, True, False, 2),
        "5": _level("5", 2.9, 5, 14, _BANK, True, True, 2),
        "6": _level("6", 2.4, 6, 16, _ALL, True, True, 3),
        "7": _level("7", 2.0, 6, 20, _ALL, True, True, 3),
        "8": _level("8", 1.6, 8, 24, _ALL, True, True, 3),
        "9": _level("9", 1.27, 10, 28, _ALL, True, True, 4),
        "10": dataclasses.replace(_level("10", 1.0, 12, 36, _ALL, True, True, 4), recheck=3),
        "olympiad": dataclasses.replace(
            _level("olympiad", 1.0, 24, 48, _ALL, True, True, 6),
            depth=2,
            grid=True,
            recheck=4,
            prudence=2.0,
        ),
    }
)
"""Every skill level by name."""


def get_level(name: str | int) -> Level:
    """The level of that name (``3``, ``"3"`` or ``"olympiad"``).

    Raises:
        UnknownLevelError: no such level (the message lists them).
    """
    key = str(name).strip().lower()
    try:
        return LEVELS[key]
    except KeyError:
        known = ", ".join(LEVELS)
        raise UnknownLevelError(f"unknown level {name!r} (levels: {known})") from None
