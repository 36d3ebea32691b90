"""A hall table's status as its routes read it, and the page of a free table.

Shared by the tables' router (the status API) and the tournaments' router (a table's
console, scoreboard and overlay fall back on the free table's page).
"""

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from rotation61.text import Language
from rotation61.web.api.deps import AppContext
from rotation61.web.api.templating import render
from rotation61.web.core.errors import MatchNotFoundError
from rotation61.web.presenters.tables import TableStatusOut, table_status_out
from rotation61.web.services.tables import table_status

__all__ = ["idle_page", "status_of"]


def status_of(ctx: AppContext, table: int, lang: Language) -> TableStatusOut:
    """What a table stands at now (reads storage).

    Raises:
        MatchNotFoundError: no such table.
    """
    if ctx.tournaments.table_pin(table) is None:
        raise MatchNotFoundError(f"no table {table}")
    return table_status_out(table_status(ctx.tournaments, ctx.grace, table), lang)


async def idle_page(
    request: Request, ctx: AppContext, lang: Language, table: int, *, screen: str = "console"
) -> Response:
    """A free table's page: its event's next featured match, or the event's end.

    ``screen``: ``console`` (with the site's navigation), ``scoreboard`` (a full TV
    screen) or ``overlay`` (a card on a transparent page).
    """
    status = await run_in_threadpool(status_of, ctx, table, lang)
    return render(
        request,
        ctx,
        "table_idle.html",
        lang,
        table=table,
        match_id=0,
        bare=screen != "console",
        screen=screen,
        status=status,
        site=str(request.base_url).rstrip("/"),
    )
