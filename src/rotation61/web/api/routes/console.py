"""Referee API: exchange the PIN for a token, read the console, enter inputs."""

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from rotation61.records import Input, input_from_dict
from rotation61.text import Language
from rotation61.web.api.deps import (
    ERRORS,
    Accounts,
    Ctx,
    Lang,
    PathId,
    Referee,
    Service,
    remember_device,
    set_referee_cookie,
)
from rotation61.web.presenters.boards import console_view
from rotation61.web.schemas import ConsoleView, InputIn, PinIn, TokenOut
from rotation61.web.services.accounts import match_target
from rotation61.web.services.matches import MatchService

router = APIRouter(prefix="/api/matches", tags=["console"])


@router.post("/{match_id}/referee-token", response_model=TokenOut, responses=ERRORS)
def referee_token(
    match_id: PathId,
    body: PinIn,
    request: Request,
    accounts: Accounts,
    ctx: Ctx,
    response: Response,
) -> TokenOut:
    """Exchange the match's referee PIN for its token (also set as the console cookie)."""
    token = accounts.referee_token(match_id, body.pin)
    set_referee_cookie(response, ctx, match_id, token)
    remember_device(request, response, ctx, match_target(match_id))
    return TokenOut(token=token)


@router.get("/{match_id}/console", response_model=ConsoleView, responses=ERRORS)
async def read_console(
    match_id: PathId, service: Service, _ref: Referee, lang: Lang
) -> ConsoleView:
    """The console: the state rebuilt from the stored inputs, and what can be entered."""
    return await run_in_threadpool(_console, service, match_id, lang)


@router.post("/{match_id}/inputs", response_model=ConsoleView, responses=ERRORS)
async def post_input(
    match_id: PathId, body: InputIn, service: Service, _ref: Referee, lang: Lang
) -> ConsoleView:
    """Enter one input (shot, decision, event, override, undo); 2xx only once it is stored.

    The response is the console after the input (the same shape as ``GET .../console``).
    """
    item = input_from_dict(body.model_dump(exclude={"expected_seq"}))
    return await run_in_threadpool(_submit, service, match_id, body.expected_seq, item, lang)


def _console(service: MatchService, match_id: int, lang: Language) -> ConsoleView:
    return console_view(*service.board(match_id), lang)


def _submit(
    service: MatchService, match_id: int, expected_seq: int, item: Input, lang: Language
) -> ConsoleView:
    return console_view(*service.submit(match_id, expected_seq, item), lang)
