"""ASGI middleware of every response: the request body limit and the security headers.

:class:`BodyLimit` refuses a request body over the upload limit with 413 before the app
reads it (a ``Content-Length`` over the limit), or as soon as the bytes read pass the
limit (a body sent in chunks or with a false length): an upload can neither fill the
memory nor the disk of the server.
"""

from __future__ import annotations

import json
import re
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "BodyLimit", "SecurityHeaders", "embeddable"]

_TOO_LARGE: Final = 413

CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        # The screens colour balls with style attributes; no <style> element may run.
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )
)
"""Everything from this server only: no third-party origin, no inline script."""
_NO_FRAMES: Final = "frame-ancestors 'none'"
_OVERLAY: Final = re.compile(r"/(matches|tables)/[^/]+/overlay/?")


def embeddable(path: str) -> bool:
    """Whether a page may be shown in a frame: the overlays (an OBS browser source)."""
    return _OVERLAY.fullmatch(path) is not None


def _secure(cookie: bytes) -> bytes:
    """A ``Set-Cookie`` value marked ``Secure`` (served over HTTPS)."""
    attributes = [part.strip().lower() for part in cookie.split(b";")[1:]]
    return cookie if b"secure" in attributes else cookie + b"; Secure"


class SecurityHeaders:
    """Add the security headers to every HTTP response.

    A Content-Security-Policy allowing this server's own scripts, styles and
    connections only, ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
    same-origin``, and, except on the overlay pages, ``X-Frame-Options: DENY`` with
    ``frame-ancestors 'none'``. Over HTTPS (uvicorn's own TLS, or a trusted proxy's
    ``X-Forwarded-Proto``) every cookie is made ``Secure``.
    """

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on and add the headers to the response's start."""
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        framed = embeddable(scope["path"])
        policy = CONTENT_SECURITY_POLICY if framed else f"{CONTENT_SECURITY_POLICY}; {_NO_FRAMES}"
        extra = [
            (b"content-security-policy", policy.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
        ]
        if not framed:
            extra.append((b"x-frame-options", b"DENY"))

        https = scope.get("scheme") == "https"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in extra}
                kept = [
                    (n, _secure(v) if https and n.lower() == b"set-cookie" else v)
                    for n, v in message.get("headers", [])
                    if n.lower() not in names
                ]
                message = {**message, "headers": [*kept, *extra]}
            await send(message)

        await self._app(scope, receive, with_headers)


class _TooLargeError(Exception):
    """The body passed the limit while the app was reading it."""


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 and a JSON reason.

    Args:
        app: the app to protect.
        limit: the largest body accepted, in bytes.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self._app = app
        self._limit = limit

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "error": "PayloadTooLargeError",
                "detail": f"the request body is larger than the limit of {self._limit} bytes "
                "(ROTATION61_MAX_UPLOAD_BYTES)",
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": _TOO_LARGE,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, its body counted; answer 413 once it passes the limit."""
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self._limit):
                await self._refuse(send)
                return
        seen = 0
        exceeded = False
        started = False

        async def counted() -> Message:
            nonlocal seen, exceeded
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self._limit:
                    exceeded = True
                    raise _TooLargeError
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if exceeded:  # the app's answer to a cut body is replaced by the 413
                return
            started = True
            await send(message)

        try:
            await self._app(scope, counted, guarded)
        except Exception:
            if not exceeded or started:
                raise
        if exceeded and not started:
            await self._refuse(send)
