"""Shot-clock API (A50): read a match's clock (public), start, pause, reset, extend (referee)."""

from fastapi import APIRouter
from starlette.concurrency import run_in_threadpool

from rotation61.text import Language
from rotation61.web.api.deps import ERRORS, Clocks, Lang, PathId, Referee
from rotation61.web.presenters.clock import clock_out
from rotation61.web.schemas import ClockIn, ClockOut
from rotation61.web.services.shot_clock import ClockAction, ShotClockService

router = APIRouter(prefix="/api/matches", tags=["shot clock"])


@router.get("/{match_id}/clock", response_model=ClockOut, responses=ERRORS)
async def read_clock(match_id: PathId, clocks: Clocks, lang: Lang) -> ClockOut:
    """The shot clock of the match's next shot now, on the server's time (every screen's)."""
    return await run_in_threadpool(_read, clocks, match_id, lang)


@router.post("/{match_id}/clock", response_model=ClockOut, responses=ERRORS)
async def change_clock(
    match_id: PathId, body: ClockIn, clocks: Clocks, _ref: Referee, lang: Lang
) -> ClockOut:
    """Start, pause, reset the clock or grant an extension; 2xx only once it is stored.

    Refused (409) when the match has moved past ``expected_seq``, keeps no clock, times
    no shot now, or the player has no extension left; nothing is written then.
    """
    action = ClockAction(body.action)
    return await run_in_threadpool(_act, clocks, match_id, body.expected_seq, action, lang)


def _read(clocks: ShotClockService, match_id: int, lang: Language) -> ClockOut:
    stored, _ = clocks.matches.board(match_id)
    return clock_out(clocks.clock(match_id), stored.header.players, lang)


def _act(
    clocks: ShotClockService, match_id: int, seq: int, action: ClockAction, lang: Language
) -> ClockOut:
    stored = clocks.matches.stored(match_id)
    return clock_out(clocks.act(match_id, seq, action), stored.header.players, lang)
