"""Presenters: typed response models (:mod:`rotation61.web.schemas`) built from domain values.

- :mod:`~rotation61.web.presenters.boards` - the scoreboard and the referee console;
- :mod:`~rotation61.web.presenters.matches` - matches as the desk and the public list them;
- :mod:`~rotation61.web.presenters.drawing` - the SVG of where spotted balls go.

Pure functions: no I/O, no HTTP.
"""
