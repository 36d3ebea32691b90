"""Referee API: exchange the PIN for a token, read the console, enter inputs."""

from typing import Annotated

from fastapi import APIRouter, Depends, Response
from fastapi.responses import JSONResponse

from rotation61.text import Language
from rotation61.web.deps import AppContext, get_ctx, get_service, language, referee, referee_cookie
from rotation61.web.model import StoredMatch
from rotation61.web.schemas import ConsoleView, ErrorOut, InputIn, PinIn, TokenOut
from rotation61.web.services import MatchService
from rotation61.web.timeline import input_from_dict
from rotation61.web.views import console_view

router = APIRouter(prefix="/api/matches", tags=["console"])

Service = Annotated[MatchService, Depends(get_service)]
Referee = Annotated[StoredMatch, Depends(referee)]
Lang = Annotated[Language, Depends(language)]
Ctx = Annotated[AppContext, Depends(get_ctx)]
_ERRORS: dict[int | str, dict[str, object]] = {
    401: {"model": ErrorOut},
    403: {"model": ErrorOut},
    404: {"model": ErrorOut},
    409: {"model": ErrorOut},
    422: {"model": ErrorOut},
    429: {"model": ErrorOut},
}


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


@router.post("/{match_id}/referee-token", response_model=TokenOut, responses=_ERRORS)
def referee_token(
    match_id: int, body: PinIn, service: Service, ctx: Ctx, response: Response
) -> TokenOut:
    """Exchange the match's referee PIN for its token (also set as the console cookie)."""
    key = f"match {match_id} PIN"
    ctx.attempts.check(key)
    try:
        stored = service.check_pin(match_id, body.pin)
    except Exception:
        ctx.attempts.failed(key)
        raise
    token = ctx.signer.referee_token(stored.id, stored.pin)
    set_referee_cookie(response, ctx, match_id, token)
    return TokenOut(token=token)


@router.get("/{match_id}/console", response_model=ConsoleView, responses=_ERRORS)
def read_console(match_id: int, service: Service, _ref: Referee, lang: Lang) -> JSONResponse:
    """The console: the state rebuilt from the stored inputs, and what can be entered."""
    stored, timeline = service.timeline(match_id)
    return JSONResponse(console_view(stored, timeline, lang))


@router.post("/{match_id}/inputs", response_model=ConsoleView, responses=_ERRORS)
def post_input(
    match_id: int, body: InputIn, service: Service, _ref: Referee, lang: Lang
) -> JSONResponse:
    """Enter one input (shot, decision, event, override, undo); 2xx only once it is stored.

    The response is the console after the input (the same shape as ``GET .../console``).
    """
    item = input_from_dict(body.model_dump(exclude={"expected_seq"}))
    stored, timeline = service.submit(match_id, body.expected_seq, item)
    return JSONResponse(console_view(stored, timeline, lang))
