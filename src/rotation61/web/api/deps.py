"""Every shared dependency of the routes: context, services, language, access, errors.

The one place that defines the aliases the routes annotate their parameters with
(:data:`Ctx`, :data:`Service`, :data:`Accounts`, :data:`Lang`, :data:`Organiser`,
:data:`Referee`, :data:`Csrf`), the cookies, and the error responses (:data:`ERRORS`)
the API documents.

- Organisers authenticate with the session cookie of the login form or HTTP Basic.
- Referees authenticate with the match's token, from the console cookie or
  ``Authorization: Bearer``.
- A cookie-authenticated request that changes something must carry the CSRF token
  (form field ``csrf_token`` or header ``X-CSRF-Token``); header-authenticated API
  calls cannot be forged cross-site and need none.
- A browser that opens a target (a match's or table's console, the desk) with the right
  PIN or password gets a signed device cookie naming it: its later failures there are
  counted on their own (:mod:`rotation61.web.services.accounts`).
"""

from __future__ import annotations

import base64
import dataclasses
import logging
import secrets
from collections.abc import Callable
from typing import Annotated, Final, TypeVar

from fastapi import Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from rotation61.rules import Seat
from rotation61.text import Language
from rotation61.web.adapters.broker import ClientStreams, FragmentHub, Hub, PostgresListener
from rotation61.web.core.errors import AuthenticationError, CsrfError, RateLimitedError
from rotation61.web.core.i18n import parse_language
from rotation61.web.core.limits import MAX_STORED_INT
from rotation61.web.core.model import StoredMatch
from rotation61.web.core.ratelimit import RateLimiter
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import Settings
from rotation61.web.schemas import ErrorOut
from rotation61.web.services.accounts import AccountService
from rotation61.web.services.matches import MatchService
from rotation61.web.services.play import PlayService
from rotation61.web.services.result_grace import ResultGrace
from rotation61.web.services.seats import seats_of
from rotation61.web.services.shot_clock import ShotClockService
from rotation61.web.services.tournaments import TournamentService

__all__ = [
    "CSRF_COOKIE",
    "DEVICE_COOKIE",
    "ERRORS",
    "LANG_COOKIE",
    "ORGANISER_COOKIE",
    "PLAY_TOKEN_HEADER",
    "Accounts",
    "AppContext",
    "Clocks",
    "Csrf",
    "Ctx",
    "Lang",
    "Organiser",
    "PathId",
    "Play",
    "PlayCreateQuota",
    "PlaySeats",
    "PlayStrokeQuota",
    "Referee",
    "Service",
    "TableReporter",
    "Tournaments",
    "check_csrf",
    "client_address",
    "console_access",
    "csrf_form",
    "get_accounts",
    "get_clocks",
    "get_ctx",
    "get_play",
    "get_service",
    "get_tournaments",
    "language",
    "open_stream",
    "organiser",
    "play_create_quota",
    "play_seats",
    "play_stroke_quota",
    "referee",
    "referee_cookie",
    "remember_device",
    "request_language",
    "session_user",
    "set_referee_cookie",
    "set_table_cookie",
    "table_access",
    "table_cookie",
    "table_reporter",
]

_T = TypeVar("_T")
_log = logging.getLogger(__name__)
CSRF_COOKIE: Final = "r61_csrf"
LANG_COOKIE: Final = "r61_lang"
ORGANISER_COOKIE: Final = "r61_org"
DEVICE_COOKIE: Final = "r61_device"
_UNSAFE: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})


PathId = Annotated[int, Path(ge=0, le=MAX_STORED_INT)]
"""A number in a path (a match, an event, a table, an input): one every database stores."""


def referee_cookie(match_id: int) -> str:
    """The name of the console cookie of a match."""
    return f"r61_ref_{match_id}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AppContext:
    """Everything one worker shares between requests."""

    settings: Settings
    service: MatchService
    accounts: AccountService
    hub: Hub
    signer: Signer
    tournaments: TournamentService
    events: FragmentHub
    listener: PostgresListener | None = None
    play: PlayService | None = None
    event_listener: PostgresListener | None = None
    streams: ClientStreams | None = None
    create_limits: RateLimiter | None = None
    """New browser games per client address."""
    stroke_limits: RateLimiter | None = None
    """Strokes per client address and per seat token."""
    clocks: ShotClockService | None = None
    """The scored matches' shot clocks (A50); ``None``: inputs go straight to the service."""
    grace: ResultGrace | None = None
    """The tables' held results (their "match over" screens)."""


async def get_ctx(request: Request) -> AppContext:
    """The worker's context."""
    ctx: AppContext = request.app.state.ctx
    return ctx


Ctx = Annotated[AppContext, Depends(get_ctx)]


async def get_service(ctx: Ctx) -> MatchService:
    """The match service."""
    return ctx.service


Service = Annotated[MatchService, Depends(get_service)]


async def get_clocks(ctx: Ctx) -> ShotClockService:
    """The shot-clock service (one over the match service when the context has none)."""
    if ctx.clocks is None:  # pragma: no cover - every app the factory builds has one
        raise RuntimeError("the worker was built without its shot-clock service")
    return ctx.clocks


Clocks = Annotated[ShotClockService, Depends(get_clocks)]


async def get_tournaments(ctx: Ctx) -> TournamentService:
    """The tournament service."""
    return ctx.tournaments


Tournaments = Annotated[TournamentService, Depends(get_tournaments)]


async def open_stream(request: Request, ctx: AppContext, first: Callable[[], _T]) -> tuple[str, _T]:
    """A client's new live-update stream: its address, and ``first`` run in a thread.

    The client's streams are counted first, so a client past the cap costs nothing
    more; the place held for the stream is freed if ``first`` raises (a 404).

    Raises:
        TooManyStreamsError: the client holds the most streams one client may.
    """
    client = client_address(request)
    if ctx.streams is None:
        return client, await run_in_threadpool(first)
    ctx.streams.check(client)
    try:
        return client, await run_in_threadpool(first)
    except BaseException:
        ctx.streams.unhold(client)
        raise


def client_address(request: Request) -> str:
    """The client's address: the peer, or the one a trusted proxy forwarded.

    Uvicorn puts the forwarded address in ``request.client`` when the proxy is trusted
    (``rotation61 serve --forwarded-allow-ips``); otherwise it is the peer's own.
    """
    return request.client.host if request.client is not None else "unknown"


def _accounts_for(request: Request, ctx: AppContext) -> AccountService:
    device = ctx.signer.device(request.cookies.get(DEVICE_COOKIE))
    return ctx.accounts.for_client(client_address(request), device)


async def get_accounts(request: Request, ctx: Ctx) -> AccountService:
    """The account service for this client (its address, and its device if it has one)."""
    return _accounts_for(request, ctx)


Accounts = Annotated[AccountService, Depends(get_accounts)]


def request_language(request: Request, ctx: AppContext) -> Language:
    """The screen's language: ``?lang=``, else the user's cookie, else the default."""
    chosen = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    return parse_language(chosen, ctx.settings.default_language)


async def language(request: Request, ctx: Ctx) -> Language:
    """The screen's language (a dependency; async, so it needs no thread)."""
    return request_language(request, ctx)


Lang = Annotated[Language, Depends(language)]


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


Csrf = Annotated[None, Depends(csrf_form)]


def session_user(request: Request, ctx: AppContext) -> str | None:
    """The organiser of the request's session cookie, if the session is open (blocking)."""
    return ctx.accounts.session_user(request.cookies.get(ORGANISER_COOKIE))


def _basic(request: Request) -> tuple[str, str] | None:
    """The user and password of ``Authorization: Basic``, ``None`` without one.

    Raises:
        AuthenticationError: a Basic header that is not base64 of UTF-8 ``user:password``.
    """
    header = request.headers.get("authorization", "")
    if not header.lower().startswith("basic "):
        return None
    try:
        raw = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):  # binascii.Error, or a non-ASCII header
        raw = ""
    user, sep, password = raw.partition(":")
    if not sep:
        raise AuthenticationError(
            "the Authorization header: Basic credentials must be base64 of user:password"
        )
    return user, password


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
        accounts = _accounts_for(request, ctx)
        if await run_in_threadpool(accounts.check_organiser, user, password):
            return user
        raise AuthenticationError("wrong organiser username or password")
    user_name = await run_in_threadpool(session_user, request, ctx)
    if user_name is None:
        raise AuthenticationError("organiser login required: log in at /login")
    await check_csrf(request, ctx)
    return user_name


Organiser = Annotated[str, Depends(organiser)]


async def referee(match_id: PathId, request: Request, ctx: Ctx) -> StoredMatch:
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
    if await run_in_threadpool(session_user, request, ctx) is not None:
        await check_csrf(request, ctx)
        return stored
    raise AuthenticationError(f"the referee PIN of match {match_id} is required")


Referee = Annotated[StoredMatch, Depends(referee)]


def console_access(request: Request, ctx: AppContext, stored: StoredMatch) -> bool:
    """Whether this browser may open a match's console page (its cookie, or an organiser).

    Blocking (an organiser's session is looked up): call it from a worker thread.
    """
    token = request.cookies.get(referee_cookie(stored.id))
    return ctx.signer.referee_ok(token, stored.id, stored.pin) or (
        session_user(request, ctx) is not None
    )


def remember_device(request: Request, response: Response, ctx: AppContext, target: str) -> None:
    """Add ``target`` to the browser's device cookie (made on its first success)."""
    known = ctx.signer.device(request.cookies.get(DEVICE_COOKIE))
    device, opened = known if known is not None else (secrets.token_urlsafe(12), ())
    response.set_cookie(
        DEVICE_COOKIE,
        ctx.signer.device_cookie(device, [*(t for t in opened if t != target), target]),
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
        max_age=400 * 24 * 3600,
    )


def set_referee_cookie(response: Response, ctx: AppContext, match_id: int, token: str) -> None:
    """Keep the referee token in the console's cookie (HTTP only, same site)."""
    response.set_cookie(
        referee_cookie(match_id),
        token,
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
        max_age=7 * 24 * 3600,
    )


def table_cookie(table: int) -> str:
    """The name of the console cookie of a hall table."""
    return f"r61_table_{table}"


def table_access(request: Request, ctx: AppContext, table: int, pin: str | None) -> bool:
    """Whether this browser may run a table's console (its cookie, or an organiser).

    Blocking (an organiser's session is looked up): call it from a worker thread.
    """
    if pin is not None and ctx.signer.table_ok(
        request.cookies.get(table_cookie(table)), table, pin
    ):
        return True
    return session_user(request, ctx) is not None


async def table_reporter(table: PathId, request: Request, ctx: Ctx) -> str:
    """Let in only who may report a table's result: an organiser or that table's console.

    An organiser's Basic credentials; the table's console token as a Bearer token
    (sent by the console's script, so no CSRF token); or, with the CSRF token, the
    table's cookie or an organiser's session. Another table's token opens nothing.

    Returns:
        The table's PIN.

    Raises:
        AuthenticationError: none of these, a wrong password, or no such table.
        CsrfError: a cookie without the CSRF token.
        TooManyAttemptsError: too many wrong passwords lately.
    """
    header = request.headers.get("authorization", "")
    basic = header.lower().startswith("basic ")
    bearer = header[7:].strip() if header.lower().startswith("bearer ") else None
    if basic:
        await organiser(request, ctx)
    elif bearer is None:
        await check_csrf(request, ctx)

    def allowed() -> str | None:
        pin = ctx.tournaments.table_pin(table)
        if pin is None:
            return None
        if basic:
            return pin
        if bearer is not None:
            return pin if ctx.signer.table_ok(bearer, table, pin) else None
        return pin if table_access(request, ctx, table, pin) else None

    pin = await run_in_threadpool(allowed)
    if pin is None:
        raise AuthenticationError(f"the PIN of table {table} is required")
    return pin


TableReporter = Annotated[str, Depends(table_reporter)]


def set_table_cookie(response: Response, ctx: AppContext, table: int, token: str) -> None:
    """Keep a table's console token in its cookie (HTTP only, same site)."""
    response.set_cookie(
        table_cookie(table),
        token,
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
        max_age=7 * 24 * 3600,
    )


ERRORS: Final[dict[int | str, dict[str, object]]] = {
    401: {"model": ErrorOut},
    403: {"model": ErrorOut},
    404: {"model": ErrorOut},
    409: {"model": ErrorOut},
    413: {"model": ErrorOut},
    422: {"model": ErrorOut},
    429: {"model": ErrorOut},
    503: {"model": ErrorOut},
}
"""The error responses the API documents: ``{"error": <name>, "detail": <message>}``."""


# --- Play: the game service and the players' seat tokens ----------------------------------

PLAY_TOKEN_HEADER: Final = "x-play-token"


async def get_play(ctx: Ctx) -> PlayService:
    """The play service."""
    if ctx.play is None:  # pragma: no cover - every app built by build_context has one
        raise AuthenticationError("this server does not host games")
    return ctx.play


Play = Annotated[PlayService, Depends(get_play)]


async def play_seats(match_id: PathId, request: Request, ctx: Ctx) -> frozenset[Seat]:
    """The seats of a game that the request's ``X-Play-Token`` holds (:func:`seats_of`).

    A header token cannot be sent cross-site without the page's script, so the inputs
    need no CSRF token.

    Raises:
        MatchNotFoundError: no match has that number.
        AuthenticationError: no token, or not a token of this game.
    """
    known = ctx.service.cached(match_id)
    stored = (
        known[0] if known is not None else await run_in_threadpool(ctx.service.stored, match_id)
    )
    return seats_of(ctx.signer, stored, request.headers.get(PLAY_TOKEN_HEADER, ""))


PlaySeats = Annotated[frozenset[Seat], Depends(play_seats)]


def _take(limits: RateLimiter | None, keys: tuple[str, ...]) -> None:
    if limits is None:
        return
    try:
        for key in keys:
            limits.take(key)
    except RateLimitedError as err:
        _log.warning("refused: %s", err)
        raise


async def play_create_quota(request: Request, ctx: Ctx) -> None:
    """Count a new game against its client address's rate limit.

    Raises:
        RateLimitedError: too many new games from this address lately (429).
    """
    _take(ctx.create_limits, (client_address(request),))


async def play_stroke_quota(request: Request, ctx: Ctx) -> None:
    """Count a stroke against its client address's and its seat token's rate limits.

    Raises:
        RateLimitedError: too many strokes from this address or this token lately (429).
    """
    token = request.headers.get(PLAY_TOKEN_HEADER, "")[:200]
    _take(ctx.stroke_limits, (client_address(request), *((f"token {token}",) if token else ())))


PlayCreateQuota = Annotated[None, Depends(play_create_quota)]
"""A new game, counted (declare it before the body so that a refusal reads nothing)."""
PlayStrokeQuota = Annotated[None, Depends(play_stroke_quota)]
"""A stroke, counted (declare it before the seats so that a refusal reads nothing)."""
