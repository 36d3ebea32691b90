"""The scorekeeper web app (extra ``[web]``): referee console, live scoreboard, overlay.

Layer L5, beside the CLI: it imports every other layer and nothing imports it. Inside,
the app is laid out by feature (the FastAPI full-stack template's shape); arrows are
"may import", enforced by import-linter:

``app`` → ``api`` → ``presenters`` → ``schemas`` → ``services`` → ``adapters`` → ``core``

- :mod:`~rotation61.web.app` - the app factory, lifespan, error handlers, the routers;
- :mod:`~rotation61.web.api` - ``deps`` (every shared dependency) and ``routes/`` (one
  router per resource; no router imports another);
- :mod:`~rotation61.web.presenters` - typed response models from domain values;
- :mod:`~rotation61.web.schemas` - the pydantic request and response models;
- :mod:`~rotation61.web.services` - use cases (matches, accounts), no HTTP;
- :mod:`~rotation61.web.adapters` - tables, repositories (matches, accounts), broker;
- :mod:`~rotation61.web.core` - settings, security, database engine and migrations,
  errors, the stored match (``model``) and the screens' words (``i18n``).

Matches are played through the records layer's :class:`~rotation61.records.MatchLog`,
the one match model every client shares.

Start it with ``rotation61 serve`` (or ``python -m rotation61.cli.serve``).
"""

from rotation61.web.app import app_from_env, create_app

__all__ = ["app_from_env", "create_app"]
