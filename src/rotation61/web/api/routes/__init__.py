"""Route modules, one per resource: thin functions that parse, call a service and present.

No module here imports another (an import-linter contract); what two routers share
lives in :mod:`rotation61.web.api.deps`, a presenter, a schema or a service. A new
feature's router is added to :data:`rotation61.web.app.ROUTERS`.
"""
