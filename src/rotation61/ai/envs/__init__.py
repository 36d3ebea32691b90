"""Standard interfaces for the game: a Gymnasium and a PettingZoo environment (``[rl]``).

Thin shells over the environment core (:mod:`rotation61.ai.core`); see
``docs/ai-environments.md``:

- :mod:`rotation61.ai.envs.gymnasium_env`: one agent against a built-in computer
  player, registered as ``rotation61/Rotation61-v0`` when the module is imported;
- :mod:`rotation61.ai.envs.pettingzoo_env`: both players, a PettingZoo AEC environment;
- :mod:`rotation61.ai.envs.spaces`: the spaces both share, and how an action of the
  spaces becomes a game action;
- :mod:`rotation61.ai.envs.opponents`: the built-in players (no Gymnasium needed).

This package imports neither Gymnasium nor PettingZoo: import the module you need.
"""

from __future__ import annotations

__all__: list[str] = []
