"""The scorekeeper web app (extra ``[web]``): referee console, live scoreboard, overlay.

Layer L5, beside the CLI: it imports every other layer and nothing imports it. The
layout follows the house style:

- :mod:`~rotation61.web.timeline` - the stored inputs and their replay (pure);
- :mod:`~rotation61.web.views` / :mod:`~rotation61.web.drawing` - what the screens show;
- :mod:`~rotation61.web.services` - use cases over a repository port;
- :mod:`~rotation61.web.repository` / :mod:`~rotation61.web.orm` - SQLAlchemy adapter;
- :mod:`~rotation61.web.broker` - live updates (in process, or PostgreSQL LISTEN/NOTIFY);
- :mod:`~rotation61.web.api` - thin routes; :mod:`~rotation61.web.schemas` - pydantic.

Start it with ``rotation61 serve`` (or ``python -m rotation61.cli.serve``).
"""

__all__: list[str] = []
