"""Route modules, one per resource: thin functions that parse, call a service and present.

No module here imports another (an import-linter contract). A new feature adds its own
module and is listed in :data:`ROUTERS`' module list in :mod:`rotation61.web.app`.
"""
