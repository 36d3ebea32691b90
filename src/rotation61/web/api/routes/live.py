"""Live updates for spectators: server-sent events per match and for the whole hall."""

import os

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from rotation61.text import Language
from rotation61.web.adapters.broker import HALL
from rotation61.web.api.deps import Ctx, Lang, PathId, Service, open_stream
from rotation61.web.presenters.boards import scoreboard_view
from rotation61.web.schemas import ScoreboardView
from rotation61.web.services.matches import MatchService

router = APIRouter(prefix="/api", tags=["live"])

_SSE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    "X-Worker": str(os.getpid()),
}


@router.get("/matches/{match_id}/events")
async def match_events(
    match_id: PathId, request: Request, ctx: Ctx, lang: Lang
) -> StreamingResponse:
    """Server-sent events: the scoreboard now, then after every input (``event: board``).

    A client address holds a bounded number of streams: one more is refused with 429.
    """
    client, (stored, timeline) = await open_stream(
        request, ctx, lambda: ctx.service.board(match_id)
    )
    first = scoreboard_view(stored, timeline, lang)
    return StreamingResponse(
        ctx.hub.stream(match_id, lang, [first], client=client),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


@router.get("/hall/events")
async def hall_events(request: Request, ctx: Ctx, lang: Lang) -> StreamingResponse:
    """Server-sent events of every match: the live tables now, then every update."""
    client, first = await open_stream(request, ctx, lambda: _hall(ctx.service, lang))
    return StreamingResponse(
        ctx.hub.stream(HALL, lang, first, client=client),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


@router.get("/hall", response_model=list[ScoreboardView])
async def hall(service: Service, lang: Lang) -> list[ScoreboardView]:
    """The scoreboards of the live and scheduled matches."""
    return await run_in_threadpool(_hall, service, lang)


def _hall(service: MatchService, lang: Language) -> list[ScoreboardView]:
    return [scoreboard_view(stored, timeline, lang) for stored, timeline in service.hall()]
