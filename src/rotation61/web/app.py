"""The FastAPI application factory: wiring of settings, storage, services and routes.

Also the lifespan (the live-update hub and the PostgreSQL listener), the error handlers
(one place maps every error to a status and a JSON body or an error page) and the list
of routers: a new feature's router is added to :data:`ROUTERS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Final

from fastapi import APIRouter, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from rotation61.records import MatchLog
from rotation61.rules import Rotation61Error
from rotation61.text import Language
from rotation61.web.adapters.accounts import SqlAccounts, SqlFailureLog
from rotation61.web.adapters.broker import Hub, LocalNotifier, View
from rotation61.web.adapters.fragments import FragmentHub
from rotation61.web.adapters.listener import PostgresListener
from rotation61.web.adapters.matches import NOTIFY_CHANNEL, SqlRepository
from rotation61.web.adapters.play import SqlStrokes
from rotation61.web.adapters.shot_clocks import SqlShotClocks
from rotation61.web.adapters.streams import ClientStreams
from rotation61.web.adapters.tournaments import (
    EVENTS_CHANNEL,
    SqlTournaments,
    parse_event_payload,
)
from rotation61.web.api.deps import AppContext, request_language
from rotation61.web.api.middleware import BodyLimit, SecurityHeaders
from rotation61.web.api.routes import (
    accounts,
    clock,
    console,
    desk,
    live,
    matches,
    pages,
    play,
    players,
    tables,
    tournaments,
)
from rotation61.web.api.templating import render
from rotation61.web.core.database import DatabaseStartError, is_disk_full, start_database
from rotation61.web.core.errors import RateLimitedError, ServerBusyError, WebError, status_for
from rotation61.web.core.i18n import ui
from rotation61.web.core.model import StoredMatch
from rotation61.web.core.ratelimit import RateLimiter
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import Settings
from rotation61.web.presenters.boards import scoreboard_view
from rotation61.web.presenters.refusals import worded_refusal
from rotation61.web.presenters.tournaments import (
    EventParts,
    event_frame,
    event_parts,
    table_frame,
)
from rotation61.web.schemas import ErrorOut, HealthOut, ScoreboardView
from rotation61.web.services.accounts import AccountService
from rotation61.web.services.computer import AiComputer
from rotation61.web.services.engine_pool import EnginePool
from rotation61.web.services.matches import MatchService
from rotation61.web.services.play import GameExpiry, PlayService
from rotation61.web.services.result_grace import ResultGrace
from rotation61.web.services.shot_clock import ShotClockService
from rotation61.web.services.tournaments import TournamentService

__all__ = ["ROUTERS", "app_from_env", "build_context", "create_app", "open_database"]

_STATIC: Final = Path(__file__).resolve().parent / "static"
_refusals: Final = logging.getLogger("rotation61.web.refused")

ROUTERS: Final[tuple[APIRouter, ...]] = (
    matches.router,
    console.router,
    clock.router,
    live.router,
    accounts.router,
    desk.router,
    tournaments.router,
    tables.router,
    pages.router,
    play.router,
    players.router,
)
"""Every router, in the order they are matched (a new feature adds its own here)."""


def _conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy PostgreSQL URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


def open_database(settings: Settings) -> Engine:
    """The worker's engine, its database migrated to the newest schema.

    Raises:
        DatabaseStartError: the database cannot be used (the message is one line).
    """
    return start_database(settings.database_url)


def _with_clock(clocks: ShotClockService) -> View:
    """The spectators' frame: the scoreboard with the shot clock known in memory."""

    def view(stored: StoredMatch, log: MatchLog, lang: Language) -> ScoreboardView:
        return scoreboard_view(stored, log, lang, clocks.cached(log, stored.id))

    return view


def build_context(settings: Settings, engine: Engine) -> AppContext:
    """Wire the repositories, services, hub and listener of one worker."""
    account_store = SqlAccounts(engine)
    signer = Signer(account_store.ensure_secret())
    account_store.ensure_organiser(settings.organiser_password)
    repository = SqlRepository(engine)
    # The service wakes this worker's hub at once on every backend; on PostgreSQL the
    # input's transaction also notifies every worker (this one skips what it has shown).
    notifier = LocalNotifier()
    service = MatchService(repository, notifier)
    streams = ClientStreams(settings.connections.client_streams)  # both hubs' streams
    # The spectators' frames carry the shot clock this worker knows (no I/O on the loop);
    # a screen reads .../clock when its frame has none.
    clocks = ShotClockService(service, SqlShotClocks(engine))
    hub = Hub(service, _with_clock(clocks), streams)
    clocks.changed = hub.changed
    notifier.hub = hub
    # Built in dependency order; the services above subscribe to those below them: a
    # finished match's result flows one way, into its event (before the last input of
    # the match is acknowledged), and each stored event input to the spectators.
    tournament_service = TournamentService(SqlTournaments(engine), service)
    events = _EventStreams(tournament_service, streams)
    tournament_service.subscribe(events.hub)
    # A finished match's result waits on its table for the grace period (0: none).
    grace = ResultGrace(tournament_service, service, grace_s=settings.result_grace_s)
    service.subscribe(grace)
    tournament_service.resume_all(grace.is_held)
    listener = (
        PostgresListener(_conninfo(settings.database_url), NOTIFY_CHANNEL, hub, service.offer)
        if settings.is_postgres
        else None
    )
    return AppContext(
        settings=settings,
        service=service,
        accounts=AccountService(
            account_store,
            service,
            signer,
            SqlFailureLog(engine),
            client_limit=settings.client_limit,
            pin_limit=settings.pin_limit,
            target_limit=settings.target_limit,
        ),
        hub=hub,
        clocks=clocks,
        signer=signer,
        tournaments=tournament_service,
        events=events.hub,
        listener=listener,
        play=PlayService(
            service,
            SqlStrokes(engine),
            computer=AiComputer(),
            expiry=GameExpiry(
                idle_s=settings.game_idle_hours * 3600, finished_s=settings.game_keep_hours * 3600
            ),
            pool=EnginePool(processes=settings.play_pool[0], queue=settings.play_pool[1]),
        ),
        create_limits=RateLimiter(settings.play_create_limit, "new games"),
        stroke_limits=RateLimiter(settings.play_stroke_limit, "strokes"),
        streams=streams,
        grace=grace,
        event_listener=(
            PostgresListener(
                _conninfo(settings.database_url),
                EVENTS_CHANNEL,
                events.hub,
                parse=parse_event_payload,
            )
            if settings.is_postgres
            else None
        ),
    )


_Rendered = tuple[int, dict[str, str], EventParts, bytes | None]
"""An event's last render for the spectators: seq, elements, parts, whole frame (once made)."""


class _EventStreams:
    """The event and table streams' renderer, wired to the tournament service.

    Per event and language it keeps the last frame it rendered for the spectators
    (``seq``, the elements, the whole frame): the next frame is the change from it, and
    a screen that connects (or refetches) gets that whole frame, so that every screen
    stands on a ``seq`` the next change is made from. If the event has moved on since
    (no one was watching), the spectators' render is woken, and the screen catches up
    with the next frame.
    """

    def __init__(
        self, tournaments: TournamentService, streams: ClientStreams | None = None
    ) -> None:
        self.tournaments = tournaments
        self.hub = FragmentHub(self.render, self.touched, streams)
        self._last: dict[tuple[int, Language], _Rendered] = {}
        self._lock = threading.Lock()

    def touched(self, event_id: int) -> list[str]:
        """An event's change touches its page and every table's console."""
        return [f"event:{event_id}", *(k for k in self.hub.streams() if k.startswith("table:"))]

    def render(self, stream: str, lang: Language, whole: bool) -> bytes | None:
        """The frame of ``event:N`` or ``table:N`` (reads storage when behind)."""
        kind, _, number = stream.partition(":")
        if kind != "event":
            now = self.tournaments.table_now(int(number))
            return table_frame(int(number), now[2] if now is not None else None)
        event_id = int(number)
        key = (event_id, lang)
        live = self.tournaments.event(event_id)
        with self._lock:
            last = self._last.get(key)
        if whole and last is not None:
            if last[0] < live.seq:
                self.hub.published(event_id, live.seq)
            return self._whole(key, last)
        parts = event_parts(live, lang)
        rendered: _Rendered = (live.seq, parts.boxes, parts, None)
        with self._lock:
            if whole:  # nothing rendered yet: this is the base of the next change
                rendered = self._last.setdefault(key, rendered)
            else:
                self._last[key] = rendered
        if whole:
            return self._whole(key, rendered)
        return event_frame(live.seq, parts, None if last is None else (last[0], last[1]))

    def _whole(self, key: tuple[int, Language], last: _Rendered) -> bytes:
        """The whole frame of a render, made once when first asked for."""
        if last[3] is not None:
            return last[3]
        frame = event_frame(last[0], last[2])
        with self._lock:
            if self._last.get(key) is last:
                self._last[key] = (last[0], last[1], last[2], frame)
        return frame


def _error_response(
    request: Request, status: int, name: str, detail: str, *, lang: str = "en"
) -> Response:
    """The error's answer (JSON, or a page for a browser), and one log line of the refusal."""
    _refusals.info(
        "refused %s %s: %d %s: %s", request.method, request.url.path, status, name, detail[:300]
    )
    if request.url.path.startswith("/api/") or "text/html" not in request.headers.get("accept", ""):
        body = ErrorOut(error=name, detail=detail, lang=lang)
        return JSONResponse(body.model_dump(), status_code=status)
    ctx: AppContext = request.app.state.ctx
    return render(
        request,
        ctx,
        "error.html",
        request_language(request, ctx),
        status_code=status,
        detail=detail,
        detail_lang=lang,
        lead=_ERROR_LEADS.get(status, "error.lead.other"),
        back=_way_back(request.url.path),
    )


# The sentence in the page's language that leads an error page; the engine's detail
# (English, naming the bad value) follows it.
_ERROR_LEADS = {
    400: "error.lead.refused",
    404: "error.lead.not_found",
    409: "error.lead.conflict",
    413: "error.lead.refused",
    422: "error.lead.refused",
}


def _way_back(path: str) -> str:
    """The page an error page links back to: the screen the request came from."""
    for prefix in ("/desk/tournaments", "/desk", "/play"):
        if path == prefix or path.startswith(prefix + "/"):
            return prefix
    return "/hall"


def _freeze_heap() -> None:
    """Put every object alive now out of the garbage collector's reach, for good.

    The modules, the engine, the resumed events and the kernels live as long as the
    worker: a full collection then scans only what came after them, instead of pausing
    the event loop for every spectator (about 220 k objects, 0.2 s on a busy 2-core
    machine, 0.4-0.8 s measured under the tournament benchmark).
    """
    gc.collect()
    gc.freeze()


def create_app(settings: Settings | None = None, *, freeze_heap: bool = False) -> FastAPI:
    """The app for some settings (``Settings.from_env()`` when none are given).

    Args:
        settings: the worker's settings.
        freeze_heap: once started (and again once the physics kernels are loaded), keep
            the start-up's objects out of the garbage collector's full collections (a
            server worker's choice: an app made and dropped in a test would keep them).
    """
    settings = settings or Settings.from_env()
    engine = open_database(settings)
    ctx = build_context(settings, engine)

    def warm_up(play: PlayService) -> None:
        play.warm_up(pool=freeze_heap)  # a server worker starts its engine pool now
        if freeze_heap:
            _freeze_heap()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        ctx.hub.bind(asyncio.get_running_loop())
        if freeze_heap:
            _freeze_heap()
        if ctx.play is not None:  # the first game's first shot does not wait for the kernels
            threading.Thread(
                target=warm_up, args=(ctx.play,), name="play-warm-up", daemon=True
            ).start()
        ctx.events.bind(asyncio.get_running_loop())
        for listener in (ctx.listener, ctx.event_listener):
            if listener is not None:
                listener.start()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(listener.ready.wait(), timeout=5)
        sweeper = asyncio.create_task(ctx.grace.run()) if ctx.grace is not None else None
        try:
            yield
        finally:
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper
            for listener in (ctx.listener, ctx.event_listener):
                if listener is not None:
                    await listener.stop()
            await ctx.hub.close()
            await ctx.events.close()
            if ctx.play is not None:
                await asyncio.to_thread(ctx.play.pool.close)
            engine.dispose()

    app = FastAPI(
        title="rotation61 scorekeeper",
        summary="Referee console, live scoreboard and overlay for 15-ball rotation (61).",
        lifespan=lifespan,
        # The interactive pages load their scripts from a CDN: a venue may have no
        # internet. The schema stays at /openapi.json (docs/web.md).
        docs_url=None,
        redoc_url=None,
    )
    app.state.ctx = ctx

    @app.exception_handler(WebError)
    @app.exception_handler(Rotation61Error)
    async def _domain_error(request: Request, err: Exception) -> Response:
        lang = request_language(request, ctx)
        worded = worded_refusal(err, lang)
        name = type(err).__name__
        if worded is None:
            response = _error_response(request, status_for(err), name, str(err))
        else:
            response = _error_response(request, status_for(err), name, worded, lang=lang.value)
        if isinstance(err, RateLimitedError | ServerBusyError):
            response.headers["Retry-After"] = str(err.retry_after)
        return response

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> Response:
        # A mistyped address in a browser gets the error page (in its language, with a
        # way back), not the framework's bare JSON; the API keeps FastAPI's answer.
        wants_page = "text/html" in request.headers.get("accept", "")
        if err.status_code == 404 and wants_page and not request.url.path.startswith("/api/"):
            return _error_response(request, 404, "NotFound", f"no page at {request.url.path}")
        _refusals.info(
            "refused %s %s: %d %s", request.method, request.url.path, err.status_code, err.detail
        )
        return await http_exception_handler(request, err)

    @app.exception_handler(OperationalError)
    async def _storage_down(request: Request, err: Exception) -> Response:
        # The input's transaction was rolled back: nothing of it is stored, nothing
        # stored before is touched. The screen says so in its language, and retries.
        full = is_disk_full(err)
        lang = request_language(request, ctx)
        logging.getLogger("rotation61.web").error(
            "storage refused %s %s: %s",
            request.method,
            request.url.path,
            str(getattr(err, "orig", err)).strip().splitlines()[:1],
        )
        detail = ui("error.storage_full" if full else "error.storage_down", lang)
        response = _error_response(request, 503, "StorageUnavailableError", detail, lang=lang.value)
        response.headers["Retry-After"] = "10"
        return response

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, err: Exception) -> Response:
        errors = err.errors() if isinstance(err, RequestValidationError) else []
        detail = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in errors
        )
        return _error_response(request, 422, "RequestValidationError", detail or str(err))

    @app.get("/healthz", include_in_schema=False, response_model=HealthOut)
    async def _health() -> HealthOut:
        return HealthOut(ok=True, spectators=ctx.hub.subscriber_count + ctx.events.subscriber_count)

    app.add_middleware(BodyLimit, limit=settings.max_upload_bytes)
    app.add_middleware(SecurityHeaders)  # outermost: on every response, the 413 included
    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    for router in ROUTERS:
        app.include_router(router)
    app.add_api_route("/favicon.ico", lambda: HTMLResponse("", 204), include_in_schema=False)
    return app


def app_from_env() -> FastAPI:
    """The app configured from ``ROTATION61_*`` variables (for uvicorn's workers).

    A database the worker cannot use is one logged line, and the worker exits 1.
    """
    try:
        return create_app(Settings.from_env(), freeze_heap=True)
    except DatabaseStartError as err:
        logging.getLogger("rotation61.web").error("%s", err)
        raise SystemExit(1) from None
