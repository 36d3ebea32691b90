"""The interactive terminal scorekeeper, ``rotation61 score``.

One module per seam, each importing only those below it (an import-linter contract):

- :mod:`~rotation61.cli.score.loop` - the options and the read-eval-print loop, the only
  module that reads the terminal or prints;
- :mod:`~rotation61.cli.score.session` - a scoring session as an immutable value over
  :class:`rotation61.records.MatchLog`;
- :mod:`~rotation61.cli.score.wording` - what the scorekeeper says, from the text
  catalogue;
- :mod:`~rotation61.cli.score.grammar` - a typed line to an input, and back;
- :mod:`~rotation61.cli.score.files` - the save file: its format, the atomic write,
  reading a match back.
"""

from __future__ import annotations

from rotation61.cli.score.grammar import OPTION_LETTERS
from rotation61.cli.score.loop import add_arguments, run

__all__ = ["OPTION_LETTERS", "add_arguments", "run"]
