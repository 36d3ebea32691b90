"""Use cases, one module per feature; they know nothing of HTTP.

- :mod:`~rotation61.web.services.matches` - create, list, score, undo, override, records;
- :mod:`~rotation61.web.services.accounts` - organiser logins and referee PINs.
"""
