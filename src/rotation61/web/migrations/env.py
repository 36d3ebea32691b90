"""Alembic environment: migrations run on the connection the app hands over.

The app calls :func:`rotation61.web.core.database.migrate`, which passes an open connection
in ``config.attributes["connection"]``; there is no ``alembic.ini``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rotation61.web.adapters.orm import Base

config = context.config
connection = config.attributes.get("connection")

if connection is None:  # the ``alembic`` command line, given -x url=...
    url = context.get_x_argument(as_dictionary=True).get("url", "sqlite:///rotation61.sqlite3")
    with create_engine(url).begin() as own:
        context.configure(connection=own, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
