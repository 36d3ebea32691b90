"""Referee API: exchange the PIN for a token, read the console, enter inputs."""

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from rotation61.records import Input, input_from_dict
from rotation61.text import Language
from rotation61.web.api.deps import (
    ERRORS,
    Accounts,
    Clocks,
    Ctx,
    Lang,
    PathId,
    Referee,
    remember_device,
    set_referee_cookie,
)
from rotation61.web.presenters.boards import console_view
from rotation61.web.schemas import ConsoleView, InputIn, PinIn, TokenOut
from rotation61.web.services.accounts import match_target
from rotation61.web.services.shot_clock import ShotClockService

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
async def read_console(match_id: PathId, clocks: Clocks, _ref: Referee, lang: Lang) -> ConsoleView:
    """The console: the state rebuilt from the stored inputs, and what can be entered."""
    return await run_in_threadpool(_console, clocks, match_id, lang)


@router.post("/{match_id}/inputs", response_model=ConsoleView, responses=ERRORS)
async def post_input(
    match_id: PathId, body: InputIn, clocks: Clocks, _ref: Referee, lang: Lang
) -> ConsoleView:
    """Enter one input (shot, decision, event, override, undo, time foul); 2xx once stored.

    A shot or time foul takes the shot clock's time (A50), and the next shot's clock
    starts. The response is the console after the input (the shape of ``GET .../console``).
    """
    item = input_from_dict(body.model_dump(exclude={"expected_seq"}))
    return await run_in_threadpool(_submit, clocks, match_id, body.expected_seq, item, lang)


def _console(clocks: ShotClockService, match_id: int, lang: Language) -> ConsoleView:
    stored, log = clocks.matches.board(match_id)
    return console_view(stored, log, lang, clocks.clock(match_id))


def _submit(
    clocks: ShotClockService, match_id: int, expected_seq: int, item: Input, lang: Language
) -> ConsoleView:
    stored, log = clocks.submit(match_id, expected_seq, item)
    return console_view(stored, log, lang, clocks.clock(match_id))
