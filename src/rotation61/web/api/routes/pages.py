"""HTML pages: hall, login, desk, referee console, scoreboard and overlay."""

import functools
import secrets
from typing import Annotated
from urllib.parse import quote, urlparse

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from rotation61.rules import PRESETS
from rotation61.text import Language
from rotation61.web.api.routes.console import set_referee_cookie
from rotation61.web.api.routes.matches import setup_of, with_pin
from rotation61.web.database import check_organiser
from rotation61.web.deps import (
    LANG_COOKIE,
    ORGANISER_COOKIE,
    AppContext,
    csrf_form,
    get_ctx,
    language,
    organiser,
    referee_cookie,
)
from rotation61.web.errors import AuthenticationError
from rotation61.web.i18n import ui
from rotation61.web.model import MatchStatus
from rotation61.web.schemas import MatchCreate
from rotation61.web.templating import render
from rotation61.web.timeline import MalformedInputError

router = APIRouter(include_in_schema=False)

Ctx = Annotated[AppContext, Depends(get_ctx)]
Lang = Annotated[Language, Depends(language)]
Csrf = Annotated[None, Depends(csrf_form)]


def _safe_next(target: str | None) -> str:
    if not target:
        return "/hall"
    parsed = urlparse(target)
    if parsed.scheme or parsed.netloc or not target.startswith("/"):
        return "/hall"
    return target


@router.get("/")
def home() -> RedirectResponse:
    """The hall is the front page."""
    return RedirectResponse("/hall", status_code=303)


@router.get("/lang/{code}")
def set_language(code: str, request: Request) -> RedirectResponse:
    """Remember the user's language and go back."""
    target = _safe_next(request.query_params.get("next"))
    response = RedirectResponse(target, status_code=303)
    if code in ("vi", "en"):
        response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="lax")
    return response


@router.get("/hall")
def hall_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """Every live table at once."""
    return render(request, ctx, "hall.html", lang)


@router.get("/login")
def login_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The organiser login form."""
    return render(request, ctx, "login.html", lang, failed=False)


@router.post("/login")
def login(
    request: Request,
    ctx: Ctx,
    lang: Lang,
    _csrf: Csrf,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
) -> Response:
    """Check the organiser's password and open a session."""
    key = f"organiser {username}"
    ctx.attempts.check(key)
    if not check_organiser(ctx.engine, username, password):
        ctx.attempts.failed(key)
        return render(request, ctx, "login.html", lang, failed=True, status_code=401)
    response = RedirectResponse("/desk", status_code=303)
    response.set_cookie(
        ORGANISER_COOKIE,
        ctx.signer.session_cookie(username),
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
    )
    return response


@router.post("/logout")
def logout(_csrf: Csrf) -> RedirectResponse:
    """Close the organiser's session."""
    response = RedirectResponse("/hall", status_code=303)
    response.delete_cookie(ORGANISER_COOKIE)
    return response


@router.get("/desk")
async def desk_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The tournament desk: matches by state, the create and import forms."""
    try:
        await organiser(request, ctx)
    except AuthenticationError:
        return RedirectResponse("/login", status_code=303)
    raw = request.query_params.get("status")
    status = MatchStatus(raw) if raw in {s.value for s in MatchStatus} else None
    notice = request.query_params.get("notice")
    matches = [with_pin(m) for m in await run_in_threadpool(ctx.service.list_matches, status)]
    return render(
        request,
        ctx,
        "desk.html",
        lang,
        matches=matches,
        status=status.value if status else "",
        statuses=[s.value for s in MatchStatus],
        presets=list(PRESETS),
        notice=notice,
        form_id=secrets.token_urlsafe(16),
    )


@router.post("/desk/matches")
async def desk_create(
    request: Request,
    ctx: Ctx,
    lang: Lang,
    player_a: Annotated[str, Form()],
    player_b: Annotated[str, Form()],
    race_to: Annotated[int, Form()],
    preset: Annotated[str, Form()] = "standard",
    breaker_policy: Annotated[str, Form()] = "winner",
    first_breaker: Annotated[str, Form()] = "A",
    table_name: Annotated[str, Form()] = "",
    table_size: Annotated[str, Form()] = "9ft",
    tags: Annotated[str, Form()] = "",
    form_id: Annotated[str | None, Form()] = None,
) -> Response:
    """Create a match from the desk form."""
    await organiser(request, ctx)
    parsed_tags = {}
    for line in tags.splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip():
            parsed_tags[name.strip()] = value.strip()
    body = MatchCreate.model_validate(
        {
            "player_a": player_a,
            "player_b": player_b,
            "race_to": race_to,
            "preset": preset,
            "breaker_policy": breaker_policy,
            "first_breaker": first_breaker,
            "table_name": table_name,
            "table_size": table_size,
            "tags": parsed_tags,
            "form_id": form_id,
        }
    )
    stored = await run_in_threadpool(
        functools.partial(ctx.service.create_match, setup_of(body), form_id=body.form_id)
    )
    notice = ui("desk.created", lang, id=stored.id, pin=stored.pin)
    return RedirectResponse(f"/desk?notice={_quote(notice)}", status_code=303)


def _quote(text: str) -> str:
    return quote(text)


@router.post("/desk/import")
async def desk_import(
    request: Request, ctx: Ctx, lang: Lang, record: Annotated[UploadFile, File()]
) -> Response:
    """Import a JSON record from the desk form."""
    await organiser(request, ctx)
    raw = await record.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise MalformedInputError(f"the file is not UTF-8 text: {err}") from err
    stored = await run_in_threadpool(ctx.service.import_json, text)
    notice = ui("desk.imported", lang, id=stored.id)
    return RedirectResponse(f"/desk?notice={_quote(notice)}", status_code=303)


@router.get("/matches/{match_id}/console")
def console_page(match_id: int, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The referee console, or the PIN form if this browser has no token for the match."""
    stored = ctx.service.get_match(match_id)
    token = request.cookies.get(referee_cookie(match_id))
    is_org = ctx.signer.session_user(request.cookies.get(ORGANISER_COOKIE)) is not None
    if not (ctx.signer.referee_ok(token, match_id, stored.pin) or is_org):
        return render(request, ctx, "pin.html", lang, match_id=match_id, wrong=False)
    return render(request, ctx, "console.html", lang, match_id=match_id, stored=stored)


@router.post("/matches/{match_id}/console")
def console_pin(
    match_id: int,
    request: Request,
    ctx: Ctx,
    lang: Lang,
    _csrf: Csrf,
    pin: Annotated[str, Form()],
) -> Response:
    """Check the referee PIN from the form and open the console."""
    key = f"match {match_id} PIN"
    ctx.attempts.check(key)
    try:
        stored = ctx.service.check_pin(match_id, pin)
    except AuthenticationError:
        ctx.attempts.failed(key)
        return render(
            request, ctx, "pin.html", lang, match_id=match_id, wrong=True, status_code=401
        )
    response = RedirectResponse(f"/matches/{match_id}/console", status_code=303)
    set_referee_cookie(response, ctx, match_id, ctx.signer.referee_token(stored.id, stored.pin))
    return response


@router.get("/matches/{match_id}/scoreboard")
def scoreboard_page(match_id: int, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The live scoreboard of a match, for a hall screen or a spectator."""
    stored = ctx.service.get_match(match_id)
    return render(request, ctx, "scoreboard.html", lang, match_id=match_id, stored=stored)


@router.get("/matches/{match_id}/overlay")
def overlay_page(match_id: int, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The compact, transparent stream overlay of a match (an OBS browser source)."""
    stored = ctx.service.get_match(match_id)
    return render(request, ctx, "overlay.html", lang, match_id=match_id, stored=stored)
