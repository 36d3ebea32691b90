"""Tournaments: the desk's API and pages, the tables' consoles, the public event pages.

- Desk (organiser): create an event, enter players (one by one or a CSV), check in,
  drop the no-shows, draw, start, correct a result, walkovers, withdrawals, export.
  The desk page drives the same JSON API (``static/tournament-desk.js``).
- Tables (PIN per table): ``/tables/N/console`` opens the console of the scorekeeper
  match the queue called to table N, and the next one by itself when it ends;
  ``/tables/N/scoreboard`` and ``/tables/N/overlay`` follow the match on the table.
- Public: ``/events/E`` (bracket as SVG, or the rounds; standings), ``/events/E/board``
  (the tables: now playing, up next), live through the events' server-sent events.
"""

import os
from typing import Annotated

from fastapi import APIRouter, Body, Form, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from rotation61.tournament import Match, SeedingError, WalkoverReason
from rotation61.web.api import table_pages
from rotation61.web.api.bodies import event_settings
from rotation61.web.api.deps import (
    ERRORS,
    Accounts,
    Csrf,
    Ctx,
    Lang,
    Organiser,
    PathId,
    TableReporter,
    Tournaments,
    open_stream,
    organiser,
    remember_device,
    set_referee_cookie,
    set_table_cookie,
    table_access,
)
from rotation61.web.api.templating import render
from rotation61.web.core.errors import (
    AuthenticationError,
    MatchNotFoundError,
    SeedsRefusedError,
)
from rotation61.web.presenters.seeding import hand_seed_rows, seeding_error_text
from rotation61.web.presenters.tables import match_line
from rotation61.web.presenters.tournaments import (
    board_fragment,
    event_parts,
    standings_html,
    tournament_out,
)
from rotation61.web.schemas import (
    CheckInIn,
    DrawIn,
    EntryIn,
    ResultIn,
    TableNowOut,
    TournamentCreate,
    TournamentOut,
    WalkoverIn,
    WithdrawIn,
)
from rotation61.web.services.accounts import table_target
from rotation61.web.services.tournaments import LiveEvent, TournamentService

router = APIRouter(tags=["tournaments"])

_SSE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    "X-Worker": str(os.getpid()),
}


def _out(live: LiveEvent) -> TournamentOut:
    return tournament_out(live)


# --- The desk's API --------------------------------------------------------------------


@router.post("/api/tournaments", status_code=201, response_model=TournamentOut, responses=ERRORS)
async def create_tournament(
    body: TournamentCreate, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """Create an event; the draw seed (given, or made now) is shown before the draw."""

    def run() -> TournamentOut:
        return _out(service.create_event(body.name, event_settings(body, service.new_seed())))

    return await run_in_threadpool(run)


@router.get("/api/tournaments/{event_id}", response_model=TournamentOut, responses=ERRORS)
async def read_tournament(event_id: PathId, service: Tournaments) -> TournamentOut:
    """An event: settings, entries, the draw, every match, the standings (public)."""
    return await run_in_threadpool(lambda: _out(service.event(event_id)))


@router.post(
    "/api/tournaments/{event_id}/entries",
    status_code=201,
    response_model=TournamentOut,
    responses=ERRORS,
)
async def add_entry(
    event_id: PathId, body: EntryIn, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """Enter a player (``p<n>``); a name and club already entered is 409."""

    def run() -> TournamentOut:
        live = service.add_player(
            event_id,
            name=body.name,
            club=body.club,
            rating=body.rating,
            player_class=body.player_class,
        )
        return _out(live)

    return await run_in_threadpool(run)


@router.post(
    "/api/tournaments/{event_id}/entries/import",
    status_code=201,
    response_model=TournamentOut,
    responses=ERRORS,
)
async def import_entries(
    event_id: PathId,
    service: Tournaments,
    _org: Organiser,
    text: Annotated[str, Body(media_type="text/csv")],
) -> TournamentOut:
    """Enter the players of a CSV (``name,club,rating,class``): all or none.

    A malformed line is 422, naming the line and the column; nothing is stored.
    """
    return await run_in_threadpool(lambda: _out(service.import_csv(event_id, text)))


@router.post("/api/tournaments/{event_id}/checkin", response_model=TournamentOut, responses=ERRORS)
async def check_in(
    event_id: PathId, body: CheckInIn, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """Check players in (or out)."""
    return await run_in_threadpool(
        lambda: _out(service.check_in(event_id, body.players, body.checked_in))
    )


@router.post("/api/tournaments/{event_id}/no-shows", response_model=TournamentOut, responses=ERRORS)
async def drop_no_shows(event_id: PathId, service: Tournaments, _org: Organiser) -> TournamentOut:
    """Remove every player not checked in (before the draw)."""
    return await run_in_threadpool(lambda: _out(service.drop_no_shows(event_id)))


@router.post("/api/tournaments/{event_id}/draw", response_model=TournamentOut, responses=ERRORS)
async def make_draw(
    event_id: PathId,
    service: Tournaments,
    _org: Organiser,
    lang: Lang,
    body: Annotated[DrawIn | None, Body()] = None,
) -> TournamentOut:
    """Make the draw (again, until a match has started).

    By rating or random from the shown seed (no body); an event seeded by hand takes
    each player's seed (``{"seeds": {"p1": 1, ...}}``, 1..N each once). Refused seeds
    are 422 ``SeedsRefusedError``, every problem named in the request's language.
    """

    def run() -> TournamentOut:
        try:
            return _out(service.draw(event_id, None if body is None else body.seeds))
        except SeedingError as err:
            raise SeedsRefusedError(seeding_error_text(err, service.event(event_id), lang)) from err

    return await run_in_threadpool(run)


@router.post("/api/tournaments/{event_id}/start", response_model=TournamentOut, responses=ERRORS)
async def start(event_id: PathId, service: Tournaments, _org: Organiser) -> TournamentOut:
    """Call the first matches to the tables; the queue then runs by itself."""
    return await run_in_threadpool(lambda: _out(service.start(event_id)))


@router.post(
    "/api/tournaments/{event_id}/matches/{match}/result",
    response_model=TournamentOut,
    responses=ERRORS,
)
async def correct_result(
    event_id: PathId, match: str, body: ResultIn, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """Enter or correct a result (refused, 409, once a later match depending on it started)."""
    return await run_in_threadpool(
        lambda: _out(service.correct(event_id, match, body.racks, body.points))
    )


@router.post(
    "/api/tournaments/{event_id}/matches/{match}/walkover",
    response_model=TournamentOut,
    responses=ERRORS,
)
async def walkover(
    event_id: PathId, match: str, body: WalkoverIn, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """A no-show or a forfeit: the named player goes through."""
    return await run_in_threadpool(
        lambda: _out(service.walkover(event_id, match, body.winner, WalkoverReason(body.reason)))
    )


@router.post("/api/tournaments/{event_id}/withdraw", response_model=TournamentOut, responses=ERRORS)
async def withdraw(
    event_id: PathId, body: WithdrawIn, service: Tournaments, _org: Organiser
) -> TournamentOut:
    """A player leaves the event."""
    return await run_in_threadpool(lambda: _out(service.withdraw(event_id, body.player)))


@router.get("/api/tournaments/{event_id}/export.json", responses=ERRORS)
async def export_json(event_id: PathId, service: Tournaments, _org: Organiser) -> Response:
    """The whole event (``schemas/tournament.schema.json``)."""
    text = await run_in_threadpool(service.export_json, event_id)
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}.json"'},
    )


@router.get("/api/tournaments/{event_id}/standings.csv", responses=ERRORS)
async def export_csv(event_id: PathId, service: Tournaments, _org: Organiser) -> Response:
    """The standings as CSV."""
    text = await run_in_threadpool(service.export_csv, event_id)
    return PlainTextResponse(
        text,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="standings-{event_id}.csv"'},
    )


@router.get("/api/tables", response_model=dict[int, str], responses=ERRORS)
async def table_pins(service: Tournaments, _org: Organiser) -> dict[int, str]:
    """Every hall table's referee PIN (the organiser's)."""
    return await run_in_threadpool(service.table_pins)


@router.post("/api/tables/{table}/pin", response_model=dict[int, str], responses=ERRORS)
async def rotate_table_pin(table: int, service: Tournaments, _org: Organiser) -> dict[int, str]:
    """Give a table a new PIN (the organiser's): its open console sessions end."""
    pin = await run_in_threadpool(service.rotate_table_pin, table)
    return {table: pin}


@router.get("/api/tables/{table}", response_model=TableNowOut, responses=ERRORS)
async def table_now(table: PathId, service: Tournaments) -> TableNowOut:
    """What a table is playing now: the event, the match and its scorekeeper match."""

    def run() -> TableNowOut:
        if service.table_pin(table) is None:
            raise MatchNotFoundError(f"no table {table}", key="error.not_found.table", table=table)
        now = service.table_now(table)
        if now is None:
            return TableNowOut(table=table, event=None, match=None, scorekeeper_match=None)
        live, match, ref = now
        return TableNowOut(table=table, event=live.stored.id, match=match.id, scorekeeper_match=ref)

    return await run_in_threadpool(run)


# --- Live streams ----------------------------------------------------------------------


@router.get("/api/tournaments/{event_id}/events")
async def event_stream(
    event_id: PathId, request: Request, ctx: Ctx, lang: Lang
) -> StreamingResponse:
    """Server-sent events (``event: tournament``): the fragments now, then on each change."""
    # 404 for an unknown event
    client, _ = await open_stream(request, ctx, lambda: ctx.tournaments.event(event_id))
    return StreamingResponse(
        ctx.events.stream(f"event:{event_id}", lang, client=client),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


@router.get("/api/tournaments/{event_id}/live", include_in_schema=False)
async def event_live(event_id: PathId, ctx: Ctx, lang: Lang) -> Response:
    """The whole live page as the spectators' stream stands (a screen that missed a change)."""
    await run_in_threadpool(ctx.tournaments.event, event_id)  # 404 for an unknown event
    frame = await ctx.events.snapshot(f"event:{event_id}", lang) or b"data: {}"
    return Response(frame.split(b"data: ", 1)[1].strip(), media_type="application/json")


@router.get("/api/tables/{table}/events")
async def table_stream(table: PathId, request: Request, ctx: Ctx, lang: Lang) -> StreamingResponse:
    """Server-sent events (``event: table``): the scorekeeper match on the table, live."""

    def known() -> None:
        if ctx.tournaments.table_pin(table) is None:
            raise MatchNotFoundError(f"no table {table}", key="error.not_found.table", table=table)

    client, _ = await open_stream(request, ctx, known)
    return StreamingResponse(
        ctx.events.stream(f"table:{table}", lang, client=client),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


@router.post("/api/tables/{table}/result", response_model=TournamentOut, responses=ERRORS)
async def table_result(
    table: PathId,
    ctx: Ctx,
    _reporter: TableReporter,
    event: Annotated[int, Body()],
    match: Annotated[str, Body(max_length=40)],
) -> TournamentOut:
    """A table reports its finished match (also done by itself when the match ends).

    401 unless an organiser or that table's console; 409 if that match is not the one
    playing on that table, or not over yet.
    """
    live = await run_in_threadpool(ctx.tournaments.report_from_table, event, table, match)
    return _out(live)


# --- Pages -----------------------------------------------------------------------------


@router.get("/desk/tournaments", include_in_schema=False)
async def desk_tournaments(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The events, and the form that creates one (its draw seed shown)."""
    try:
        await organiser(request, ctx)
    except AuthenticationError:
        return RedirectResponse("/login", status_code=303)
    events = await run_in_threadpool(ctx.tournaments.list_events)
    return render(
        request,
        ctx,
        "tournaments.html",
        lang,
        events=events,
        seed=ctx.tournaments.new_seed(),
    )


@router.get("/desk/tournaments/{event_id}", include_in_schema=False)
async def desk_tournament(event_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """One event's desk: entries, check-in, draw, start, results, table PINs, export."""
    try:
        await organiser(request, ctx)
    except AuthenticationError:
        return RedirectResponse("/login", status_code=303)

    def load() -> tuple[LiveEvent, dict[int, str]]:
        return ctx.tournaments.event(event_id), ctx.tournaments.table_pins()

    live, pins = await run_in_threadpool(load)
    return render(
        request,
        ctx,
        "tournament_desk.html",
        lang,
        live=live,
        out=tournament_out(live),
        pins={n: pins.get(n, "") for n in range(1, live.settings.tables + 1)},
        seed_rows=hand_seed_rows(live),
    )


@router.get("/events/{event_id}", include_in_schema=False)
async def event_page(event_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The public event page: the bracket (SVG) or the rounds, and the standings; live."""
    live = await run_in_threadpool(ctx.tournaments.event, event_id)
    return render(request, ctx, "tournament.html", lang, live=live, parts=event_parts(live, lang))


@router.get("/events/{event_id}/standings", include_in_schema=False)
async def standings_page(event_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """Every line of the standings, with the tie-breaks."""
    live = await run_in_threadpool(ctx.tournaments.event, event_id)
    return render(
        request, ctx, "tournament_standings.html", lang, live=live, table=standings_html(live, lang)
    )


@router.get("/events/{event_id}/board", include_in_schema=False)
async def board_page(event_id: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The hall board of an event: each table's match now, the matches up next; live."""
    live = await run_in_threadpool(ctx.tournaments.event, event_id)
    return render(
        request, ctx, "tournament_board.html", lang, live=live, board=board_fragment(live, lang)
    )


def _table_page(
    service: TournamentService, request: Request, ctx: Ctx, table: int
) -> tuple[str | None, bool, tuple[LiveEvent, Match, int] | None]:
    pin = service.table_pin(table)
    if pin is None:
        raise MatchNotFoundError(f"no table {table}", key="error.not_found.table", table=table)
    return pin, table_access(request, ctx, table, pin), service.table_now(table)


@router.get("/tables/{table}/console", include_in_schema=False)
async def table_console(table: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The table's console: the PIN form, then the match the queue called to this table."""
    pin, allowed, now = await run_in_threadpool(_table_page, ctx.tournaments, request, ctx, table)
    if now is None:  # nothing to score: what the table's screens show (its event's end too)
        return await table_pages.idle_page(request, ctx, lang, table)
    if not allowed or pin is None:
        return render(request, ctx, "pin.html", lang, table=table, match_id=0, wrong=False)
    match_id = now[2]
    stored = await run_in_threadpool(ctx.service.get_match, match_id)
    response = render(
        request,
        ctx,
        "console.html",
        lang,
        match_id=match_id,
        stored=stored,
        table=table,
        event=now[0].stored,
        event_match=now[1],
        next_line=match_line(now[0], now[1], lang),
    )
    # The table's session opens the match called to it: its referee token follows (the
    # match keeps the PIN it was called with when the desk gives the table a new one).
    set_referee_cookie(response, ctx, match_id, ctx.signer.referee_token(match_id, stored.pin))
    return response


@router.post("/tables/{table}/console", include_in_schema=False)
async def table_pin(
    table: PathId,
    request: Request,
    ctx: Ctx,
    accounts: Accounts,
    lang: Lang,
    _csrf: Csrf,
    pin: Annotated[str, Form(max_length=12)],
) -> Response:
    """Check the table's PIN and open its console."""
    expected = await run_in_threadpool(ctx.tournaments.table_pin, table)
    try:
        token = await run_in_threadpool(accounts.table_token, table, pin, expected)
    except AuthenticationError:
        return render(
            request, ctx, "pin.html", lang, table=table, match_id=0, wrong=True, status_code=401
        )
    response = RedirectResponse(f"/tables/{table}/console", status_code=303)
    set_table_cookie(response, ctx, table, token)
    remember_device(request, response, ctx, table_target(table))
    return response


async def _follow(table: int, request: Request, ctx: Ctx, lang: Lang, page: str) -> Response:
    if await run_in_threadpool(ctx.tournaments.table_pin, table) is None:
        raise MatchNotFoundError(f"no table {table}", key="error.not_found.table", table=table)
    now = await run_in_threadpool(ctx.tournaments.table_now, table)
    if now is None:
        screen = "overlay" if page == "overlay.html" else "scoreboard"
        return await table_pages.idle_page(request, ctx, lang, table, screen=screen)
    stored = await run_in_threadpool(ctx.service.get_match, now[2])
    return render(request, ctx, page, lang, match_id=now[2], stored=stored, table=table)


@router.get("/tables/{table}/scoreboard", include_in_schema=False)
async def table_scoreboard(table: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The scoreboard of whatever match is on the table (it follows the next one)."""
    return await _follow(table, request, ctx, lang, "scoreboard.html")


@router.get("/tables/{table}/overlay", include_in_schema=False)
async def table_overlay(table: PathId, request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The stream overlay of whatever match is on the table (the TV table's follows it)."""
    return await _follow(table, request, ctx, lang, "overlay.html")
