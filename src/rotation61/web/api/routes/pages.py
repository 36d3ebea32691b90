"""Public and referee pages: front page, language, hall, console, scoreboard and overlay."""

from typing import Annotated
from urllib.parse import urlparse

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from rotation61.web.api.deps import (
    LANG_COOKIE,
    Accounts,
    Csrf,
    Ctx,
    Lang,
    PathId,
    console_access,
    remember_device,
    set_referee_cookie,
)
from rotation61.web.api.templating import render
from rotation61.web.core.errors import AuthenticationError
from rotation61.web.services.accounts import match_target

router = APIRouter(include_in_schema=False)


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
    """Every live table at once (``?tv=1``: full screen for a hall TV, no navigation)."""
    return render(request, ctx, "hall.html", lang, tv=request.query_params.get("tv") == "1")


@router.get("/matches/{match_id}/console")
def console_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The referee console, or the PIN form if this browser has no token for the match."""
    stored = ctx.service.get_match(match_id)
    if not console_access(request, ctx, stored):
        return render(request, ctx, "pin.html", lang, match_id=match_id, wrong=False)
    return render(request, ctx, "console.html", lang, match_id=match_id, stored=stored)


@router.post("/matches/{match_id}/console")
def console_pin(
    match_id: PathId,
    request: Request,
    ctx: Ctx,
    accounts: Accounts,
    lang: Lang,
    _csrf: Csrf,
    pin: Annotated[str, Form()],
) -> Response:
    """Check the referee PIN from the form and open the console."""
    try:
        token = accounts.referee_token(match_id, pin)
    except AuthenticationError:
        return render(
            request, ctx, "pin.html", lang, match_id=match_id, wrong=True, status_code=401
        )
    response = RedirectResponse(f"/matches/{match_id}/console", status_code=303)
    set_referee_cookie(response, ctx, match_id, token)
    remember_device(request, response, ctx, match_target(match_id))
    return response


@router.get("/matches/{match_id}/scoreboard")
def scoreboard_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The live scoreboard of a match, for a hall screen or a spectator."""
    stored = ctx.service.get_match(match_id)
    return render(request, ctx, "scoreboard.html", lang, match_id=match_id, stored=stored)


@router.get("/matches/{match_id}/overlay")
def overlay_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The compact, transparent stream overlay of a match (an OBS browser source)."""
    stored = ctx.service.get_match(match_id)
    return render(request, ctx, "overlay.html", lang, match_id=match_id, stored=stored)
