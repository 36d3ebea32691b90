"""A hall table's status: the console's match-over count-down, and the idle screens.

``GET /api/tables/N/status`` says what table N stands at (its match, a result held for
its confirmation and the seconds left, or the event it serves). The table confirms a
held result with ``POST /api/tables/N/result`` (the tournaments' router). The desk marks
a match for the TV table with ``POST /api/tournaments/E/feature``.
"""

from typing import Annotated

from fastapi import APIRouter, Body
from starlette.concurrency import run_in_threadpool

from rotation61.web.api.deps import ERRORS, Ctx, Lang, Organiser, PathId, Tournaments
from rotation61.web.api.table_pages import status_of
from rotation61.web.presenters.tables import TableStatusOut
from rotation61.web.presenters.tournaments import tournament_out
from rotation61.web.schemas import TournamentOut

__all__ = ["router"]

router = APIRouter(tags=["tables"])


@router.get("/api/tables/{table}/status", response_model=TableStatusOut, responses=ERRORS)
async def read_table_status(table: PathId, ctx: Ctx, lang: Lang) -> TableStatusOut:
    """What a table stands at: its match and held result, or its event's next match."""
    return await run_in_threadpool(status_of, ctx, table, lang)


@router.post("/api/tournaments/{event_id}/feature", response_model=TournamentOut, responses=ERRORS)
async def feature_match(
    event_id: PathId,
    service: Tournaments,
    _org: Organiser,
    match: Annotated[str, Body(embed=True, max_length=40)],
) -> TournamentOut:
    """Mark a match for the TV table (the organiser's): the queue calls it there.

    409 before the draw or for a decided match; 404 for an unknown match.
    """
    live = await run_in_threadpool(service.feature, event_id, match)
    return tournament_out(live)
