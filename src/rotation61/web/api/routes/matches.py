"""Desk API: list, create, remove, export and import matches."""

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from rotation61.records import MalformedInputError
from rotation61.web.api.bodies import match_header
from rotation61.web.api.deps import ERRORS, Lang, Organiser, PathId, Referee, Service
from rotation61.web.core.model import MatchStatus
from rotation61.web.presenters.boards import scoreboard_view
from rotation61.web.presenters.matches import match_out, with_pin
from rotation61.web.schemas import MatchCreate, MatchOut, MatchWithPin, ScoreboardView

router = APIRouter(prefix="/api/matches", tags=["matches"])


@router.get("", response_model=list[MatchOut])
def list_matches(
    service: Service, status: Annotated[MatchStatus | None, Query()] = None
) -> list[MatchOut]:
    """Every match of the hall, or those with one status (public; no PIN; no browser game)."""
    return [match_out(m) for m in service.list_matches(status)]


@router.post("", status_code=201, response_model=MatchWithPin, responses=ERRORS)
def create_match(body: MatchCreate, service: Service, _user: Organiser) -> MatchWithPin:
    """Create a match (organiser); the response carries the referee PIN."""
    return with_pin(service.create_match(match_header(body), form_id=body.form_id))


@router.post("/import", status_code=201, response_model=MatchWithPin, responses=ERRORS)
async def import_match(service: Service, _user: Organiser, request: Request) -> MatchWithPin:
    """Import a match record (the records layer's JSON body); every input is replayed first."""
    raw = await request.body()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise MalformedInputError(f"the record is not UTF-8 text: {err}") from err
    return with_pin(await run_in_threadpool(service.import_json, text))


@router.delete("/{match_id}", status_code=204, responses=ERRORS)
def delete_match(match_id: int, service: Service, user: Organiser) -> Response:
    """Remove a match or a browser game and its inputs (organiser; logged with who).

    Refused (409) for a match an event called: its removal goes through the event.
    """
    service.delete_match(match_id, by=f"organiser {user}")
    return Response(status_code=204)


@router.get("/{match_id}", response_model=ScoreboardView, responses=ERRORS)
def scoreboard(match_id: PathId, service: Service, lang: Lang) -> ScoreboardView:
    """The public scoreboard of a match."""
    return scoreboard_view(*service.board(match_id), lang)


@router.get("/{match_id}/export.json", responses=ERRORS)
def export_json(match_id: PathId, service: Service, _ref: Referee) -> PlainTextResponse:
    """The match record in the records layer's JSON (organiser or the match's referee)."""
    return PlainTextResponse(
        service.export_json(match_id),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="match-{match_id}.json"'},
    )


@router.get("/{match_id}/export.txt", responses=ERRORS)
def export_text(match_id: PathId, service: Service, _ref: Referee) -> PlainTextResponse:
    """The match record in the records layer's text notation (organiser or referee)."""
    return PlainTextResponse(
        service.export_text(match_id),
        headers={"Content-Disposition": f'attachment; filename="match-{match_id}.txt"'},
    )
