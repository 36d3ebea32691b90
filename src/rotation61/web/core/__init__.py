"""The app's core: settings, security (passwords, PINs, tokens, CSRF), database, errors.

Nothing here knows a route, a service or a table: every other part of the web app may
import the core, and the core imports none of them.
"""
