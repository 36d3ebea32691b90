"""Dependency injection: the app's context, the language, and who is asking.

- Organisers authenticate with the session cookie of the login form or HTTP Basic.
- Referees authenticate with the match's token, from the console cookie or
  ``Authorization: Bearer``.
- A cookie-authenticated request that changes something must carry the CSRF token
  (form field ``csrf_token`` or header ``X-CSRF-Token``); header-authenticated API
  calls cannot be forged cross-site and need none.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import threading
import time
from collections import defaultdict, deque
from typing import Annotated, Final

from fastapi import Depends, Request
from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool

from rotation61.text import Language
from rotation61.web.broker import Hub, PostgresListener
from rotation61.web.database import check_organiser
from rotation61.web.errors import AuthenticationError, CsrfError, TooManyAttemptsError
from rotation61.web.i18n import parse_language
from rotation61.web.model import StoredMatch
from rotation61.web.security import Signer
from rotation61.web.services import MatchService
from rotation61.web.settings import Settings

__all__ = [
    "CSRF_COOKIE",
    "LANG_COOKIE",
    "ORGANISER_COOKIE",
    "AppContext",
    "Attempts",
    "check_csrf",
    "get_ctx",
    "get_service",
    "language",
    "organiser",
    "referee",
    "referee_cookie",
    "request_language",
]

CSRF_COOKIE: Final = "r61_csrf"
LANG_COOKIE: Final = "r61_lang"
ORGANISER_COOKIE: Final = "r61_org"
_UNSAFE: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def referee_cookie(match_id: int) -> str:
    """The name of the console cookie of a match."""
    return f"r61_ref_{match_id}"


class Attempts:
    """Counts failed logins per key in a sliding window, to slow down guessing."""

    def __init__(self, limit: int = 10, window_s: float = 60.0) -> None:
        self._limit = limit
        self._window = window_s
        self._failures: defaultdict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def check(self, key: str) -> None:
        """Raise :class:`TooManyAttemptsError` if ``key`` failed too often lately."""
        now = time.monotonic()
        with self._lock:
            failures = self._failures[key]
            while failures and failures[0] < now - self._window:
                failures.popleft()
            if len(failures) >= self._limit:
                raise TooManyAttemptsError(
                    f"too many failed attempts for {key}; wait a minute and try again"
                )

    def failed(self, key: str) -> None:
        """Record a failure."""
        with self._lock:
            self._failures[key].append(time.monotonic())


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AppContext:
    """Everything one worker shares between requests."""

    settings: Settings
    engine: Engine
    service: MatchService
    hub: Hub
    signer: Signer
    attempts: Attempts
    listener: PostgresListener | None = None


async def get_ctx(request: Request) -> AppContext:
    """The worker's context."""
    ctx: AppContext = request.app.state.ctx
    return ctx


Ctx = Annotated[AppContext, Depends(get_ctx)]


async def get_service(ctx: Ctx) -> MatchService:
    """The match service."""
    return ctx.service


def request_language(request: Request, ctx: AppContext) -> Language:
    """The screen's language: ``?lang=``, else the user's cookie, else the default."""
    chosen = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    return parse_language(chosen, ctx.settings.default_language)


async def language(request: Request, ctx: Ctx) -> Language:
    """The screen's language (a dependency; async, so it needs no thread)."""
    return request_language(request, ctx)


async def check_csrf(request: Request, ctx: AppContext) -> None:
    """Refuse an unsafe request whose CSRF token does not match the cookie.

    Raises:
        CsrfError: no token, or a token that does not match.
    """
    if request.method not in _UNSAFE:
        return
    token = request.headers.get("x-csrf-token")
    if token is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()
        value = form.get("csrf_token")
        token = value if isinstance(value, str) else None
    if not ctx.signer.csrf_ok(request.cookies.get(CSRF_COOKIE), token):
        raise CsrfError("missing or invalid CSRF token: reload the page and submit again")


async def csrf_form(request: Request, ctx: Ctx) -> None:
    """For forms that need no login (login, PIN): the CSRF check alone."""
    await check_csrf(request, ctx)


def _basic(request: Request) -> tuple[str, str] | None:
    header = request.headers.get("authorization", "")
    if not header.lower().startswith("basic "):
        return None
    try:
        raw = base64.b64decode(header[6:], validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    user, sep, password = raw.partition(":")
    return (user, password) if sep else None


async def organiser(request: Request, ctx: Ctx) -> str:
    """The organiser making the request.

    Raises:
        AuthenticationError: no valid session cookie or Basic credentials.
        CsrfError: a cookie-authenticated change without the CSRF token.
        TooManyAttemptsError: too many wrong passwords lately.
    """
    basic = _basic(request)
    if basic is not None:
        user, password = basic
        ctx.attempts.check(f"organiser {user}")
        if await run_in_threadpool(check_organiser, ctx.engine, user, password):
            return user
        ctx.attempts.failed(f"organiser {user}")
        raise AuthenticationError("wrong organiser username or password")
    user_name = ctx.signer.session_user(request.cookies.get(ORGANISER_COOKIE))
    if user_name is None:
        raise AuthenticationError("organiser login required: log in at /login")
    await check_csrf(request, ctx)
    return user_name


async def referee(match_id: int, request: Request, ctx: Ctx) -> StoredMatch:
    """The match whose referee is making the request.

    Raises:
        MatchNotFoundError: no match has that number.
        AuthenticationError: no valid referee token (or organiser login) for this match.
        CsrfError: a cookie-authenticated change without the CSRF token.
    """
    known = ctx.service.cached(match_id)
    stored = (
        known[0] if known is not None else await run_in_threadpool(ctx.service.stored, match_id)
    )
    if _basic(request) is not None:
        await organiser(request, ctx)
        return stored
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        if ctx.signer.referee_ok(header[7:].strip(), match_id, stored.pin):
            return stored
        raise AuthenticationError(f"invalid referee token for match {match_id}")
    if ctx.signer.referee_ok(request.cookies.get(referee_cookie(match_id)), match_id, stored.pin):
        await check_csrf(request, ctx)
        return stored
    # An organiser may run any console.
    if ctx.signer.session_user(request.cookies.get(ORGANISER_COOKIE)) is not None:
        await check_csrf(request, ctx)
        return stored
    raise AuthenticationError(f"the referee PIN of match {match_id} is required")
