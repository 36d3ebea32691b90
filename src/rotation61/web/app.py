"""The FastAPI application factory: wiring of settings, storage, services and routes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import make_url

from rotation61.rules import Rotation61Error
from rotation61.web.api.routes import console, live, matches, pages
from rotation61.web.broker import Hub, LocalNotifier, PostgresListener
from rotation61.web.database import create_db_engine, ensure_organiser, ensure_secret, migrate
from rotation61.web.deps import AppContext, Attempts, request_language
from rotation61.web.errors import WebError, status_for
from rotation61.web.repository import NOTIFY_CHANNEL, SqlRepository
from rotation61.web.security import Signer
from rotation61.web.services import MatchService
from rotation61.web.settings import Settings
from rotation61.web.templating import render
from rotation61.web.views import scoreboard_view

__all__ = ["app_from_env", "create_app"]

_STATIC: Final = Path(__file__).resolve().parent / "static"


def _conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy PostgreSQL URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


def build_context(settings: Settings) -> AppContext:
    """Open the database (migrating it) and wire the services of one worker."""
    engine = create_db_engine(settings.database_url)
    migrate(engine)
    secret = ensure_secret(engine)
    ensure_organiser(engine, settings.organiser_password)
    repository = SqlRepository(engine)
    # The service wakes this worker's hub at once on every backend; on PostgreSQL the
    # input's transaction also notifies every worker (this one skips what it has shown).
    notifier = LocalNotifier()
    service = MatchService(repository, notifier)
    hub = Hub(service, scoreboard_view)
    notifier.hub = hub
    listener = (
        PostgresListener(_conninfo(settings.database_url), NOTIFY_CHANNEL, hub, service.offer)
        if settings.is_postgres
        else None
    )
    return AppContext(
        settings=settings,
        engine=engine,
        service=service,
        hub=hub,
        signer=Signer(secret),
        attempts=Attempts(),
        listener=listener,
    )


def _error_response(request: Request, status: int, name: str, detail: str) -> Response:
    if request.url.path.startswith("/api/") or "text/html" not in request.headers.get("accept", ""):
        return JSONResponse({"error": name, "detail": detail}, status_code=status)
    ctx: AppContext = request.app.state.ctx
    return render(
        request,
        ctx,
        "error.html",
        request_language(request, ctx),
        status_code=status,
        detail=detail,
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for some settings (``Settings.from_env()`` when none are given)."""
    ctx = build_context(settings or Settings.from_env())

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        ctx.hub.bind(asyncio.get_running_loop())
        if ctx.listener is not None:
            ctx.listener.start()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ctx.listener.ready.wait(), timeout=5)
        try:
            yield
        finally:
            if ctx.listener is not None:
                await ctx.listener.stop()
            await ctx.hub.close()
            ctx.engine.dispose()

    app = FastAPI(
        title="rotation61 scorekeeper",
        summary="Referee console, live scoreboard and overlay for 15-ball rotation (61).",
        lifespan=lifespan,
    )
    app.state.ctx = ctx

    @app.exception_handler(WebError)
    @app.exception_handler(Rotation61Error)
    async def _domain_error(request: Request, err: Exception) -> Response:
        return _error_response(request, status_for(err), type(err).__name__, str(err))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, err: Exception) -> Response:
        errors = err.errors() if isinstance(err, RequestValidationError) else []
        detail = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in errors
        )
        return _error_response(request, 422, "RequestValidationError", detail or str(err))

    @app.get("/healthz", include_in_schema=False)
    def _health() -> dict[str, object]:
        return {"ok": True, "spectators": ctx.hub.subscriber_count}

    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    app.include_router(matches.router)
    app.include_router(console.router)
    app.include_router(live.router)
    app.include_router(pages.router)
    app.add_api_route("/favicon.ico", lambda: HTMLResponse("", 204), include_in_schema=False)
    return app


def app_from_env() -> FastAPI:
    """The app configured from ``ROTATION61_*`` variables (for uvicorn's workers)."""
    return create_app(Settings.from_env())
