"""Live updates for spectators: server-sent events per match and for the whole hall."""

import os
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from rotation61.text import Language
from rotation61.web.broker import HALL
from rotation61.web.deps import AppContext, get_ctx, language
from rotation61.web.model import MatchStatus
from rotation61.web.views import scoreboard_view

router = APIRouter(prefix="/api", tags=["live"])

Lang = Annotated[Language, Depends(language)]
Ctx = Annotated[AppContext, Depends(get_ctx)]
_SSE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    "X-Worker": str(os.getpid()),
}


def hall_views(ctx: AppContext, lang: Language) -> list[dict[str, object]]:
    """The scoreboards of every live match (and of the scheduled ones)."""
    service = ctx.service
    views = []
    for status in (MatchStatus.LIVE, MatchStatus.SCHEDULED):
        for stored in service.list_matches(status):
            views.append(scoreboard_view(*service.timeline(stored.id), lang))
    return views


@router.get("/matches/{match_id}/events")
async def match_events(match_id: int, ctx: Ctx, lang: Lang) -> StreamingResponse:
    """Server-sent events: the scoreboard now, then after every input (``event: board``)."""
    stored, timeline = await run_in_threadpool(ctx.service.timeline, match_id)
    first = scoreboard_view(stored, timeline, lang)
    return StreamingResponse(
        ctx.hub.stream(match_id, lang, [first]),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


@router.get("/hall/events")
async def hall_events(ctx: Ctx, lang: Lang) -> StreamingResponse:
    """Server-sent events of every match: the live tables now, then every update."""
    first = await run_in_threadpool(hall_views, ctx, lang)
    return StreamingResponse(
        ctx.hub.stream(HALL, lang, first), media_type="text/event-stream", headers=_SSE_HEADERS
    )


@router.get("/hall")
def hall(ctx: Ctx, lang: Lang) -> list[dict[str, object]]:
    """The scoreboards of the live and scheduled matches."""
    return hall_views(ctx, lang)
