"""Adapters to the outside world: the tables, the repositories and the live-update broker.

- :mod:`~rotation61.web.adapters.orm` - the SQLAlchemy tables (shared with the migrations);
- :mod:`~rotation61.web.adapters.matches` - matches and their input logs;
- :mod:`~rotation61.web.adapters.accounts` - organiser logins and the signing secret;
- :mod:`~rotation61.web.adapters.broker` - live updates (in process, or LISTEN/NOTIFY).

Only the adapters query the database.
"""
