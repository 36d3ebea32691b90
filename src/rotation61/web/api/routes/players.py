"""The public player pages: ``/events/E/players`` (search by name) and one player's day.

``/events/E/players/P`` shows the player's next match (its id, table, opponent and when
it was called), their results and their status; its script follows the event's stream
and the match's, and fetches ``/events/E/players/P/part`` (the same fragment) on a change.
"""

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from rotation61.rules.text_fields import NAME_MAX_LENGTH
from rotation61.web.api.deps import Ctx, Lang, PathId
from rotation61.web.api.templating import render
from rotation61.web.presenters.players import player_fragment, roster_html
from rotation61.web.services.players import PlayerPages

router = APIRouter(tags=["players"])

PlayerId = Annotated[str, Path(pattern=r"^p[0-9]{1,9}$")]
"""An event's player id in a path (``p12``)."""


@router.get("/events/{event_id}/players", include_in_schema=False)
async def players_page(
    event_id: PathId,
    request: Request,
    ctx: Ctx,
    lang: Lang,
    q: Annotated[str, Query(max_length=NAME_MAX_LENGTH)] = "",
) -> Response:
    """The event's players, found by name (accents aside), each a link to their page."""
    pages = PlayerPages(ctx.tournaments, ctx.service)
    live, found = await run_in_threadpool(pages.roster, event_id, q)
    listing = roster_html(live, found, q, lang)
    return render(request, ctx, "players.html", lang, live=live, query=q, listing=listing)


@router.get("/events/{event_id}/players/{player}", include_in_schema=False)
async def player_page(
    event_id: PathId, player: PlayerId, request: Request, ctx: Ctx, lang: Lang
) -> Response:
    """One player's day: status, the match now or next, the results so far; live."""
    day = await run_in_threadpool(PlayerPages(ctx.tournaments, ctx.service).day, event_id, player)
    part = player_fragment(day, lang)
    return render(request, ctx, "player.html", lang, day=day, part=part)


@router.get("/events/{event_id}/players/{player}/part", include_in_schema=False)
async def player_part(event_id: PathId, player: PlayerId, ctx: Ctx, lang: Lang) -> Response:
    """The player's day as a fragment (what the page's script swaps in on a change)."""
    day = await run_in_threadpool(PlayerPages(ctx.tournaments, ctx.service).day, event_id, player)
    return HTMLResponse(player_fragment(day, lang), headers={"Cache-Control": "no-store"})
