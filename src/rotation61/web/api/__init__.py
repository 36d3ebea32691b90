"""The HTTP entry points: shared dependencies, templating and one router per resource.

- :mod:`~rotation61.web.api.deps` - every shared dependency, alias and error response;
- :mod:`~rotation61.web.api.templating` - pages rendered with their CSRF cookie;
- :mod:`~rotation61.web.api.routes` - the routers (no router imports another).
"""
