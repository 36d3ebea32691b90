"""Desk API: list, create, export and import matches."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from rotation61.rules import Seat
from rotation61.text import Language
from rotation61.web.deps import get_service, language, organiser, referee
from rotation61.web.model import MatchSetup, MatchStatus, StoredMatch
from rotation61.web.schemas import ErrorOut, MatchCreate, MatchOut, MatchWithPin, ScoreboardView
from rotation61.web.services import MatchService
from rotation61.web.timeline import MalformedInputError
from rotation61.web.views import scoreboard_view

router = APIRouter(prefix="/api/matches", tags=["matches"])

Service = Annotated[MatchService, Depends(get_service)]
Organiser = Annotated[str, Depends(organiser)]
Referee = Annotated[StoredMatch, Depends(referee)]
Lang = Annotated[Language, Depends(language)]
_ERRORS: dict[int | str, dict[str, object]] = {
    401: {"model": ErrorOut},
    403: {"model": ErrorOut},
    404: {"model": ErrorOut},
    409: {"model": ErrorOut},
    422: {"model": ErrorOut},
}


def match_out(stored: StoredMatch) -> MatchOut:
    """The public listing of a stored match."""
    setup = stored.setup
    return MatchOut(
        id=stored.id,
        players=list(setup.players),
        race_to=setup.race_to,
        preset=setup.preset,
        table_name=setup.table_name,
        table_size=setup.table_size,
        tags=dict(setup.tags),
        status=stored.status.value,
        racks_won=list(stored.racks_won),
        log_length=stored.log_length,
        created_at=stored.created_at,
    )


def with_pin(stored: StoredMatch) -> MatchWithPin:
    """The desk's view of a stored match, PIN included."""
    return MatchWithPin(**match_out(stored).model_dump(), pin=stored.pin)


def setup_of(body: MatchCreate) -> MatchSetup:
    """The match setup of a create request."""
    overrides = dict(body.overrides)
    if body.breaker_policy is not None:
        overrides["next_rack_breaker"] = body.breaker_policy
    return MatchSetup(
        players=(body.player_a.strip(), body.player_b.strip()),
        race_to=body.race_to,
        preset=body.preset,
        overrides=overrides,
        first_breaker=Seat[body.first_breaker],
        table_name=body.table_name.strip(),
        table_size=body.table_size,
        tags=dict(body.tags),
    )


@router.get("", response_model=list[MatchOut])
def list_matches(
    service: Service, status: Annotated[MatchStatus | None, Query()] = None
) -> list[MatchOut]:
    """Every match, or those with one status (public; no PIN)."""
    return [match_out(m) for m in service.list_matches(status)]


@router.post("", status_code=201, response_model=MatchWithPin, responses=_ERRORS)
def create_match(body: MatchCreate, service: Service, _user: Organiser) -> MatchWithPin:
    """Create a match (organiser); the response carries the referee PIN."""
    return with_pin(service.create_match(setup_of(body), form_id=body.form_id))


@router.post("/import", status_code=201, response_model=MatchWithPin, responses=_ERRORS)
async def import_match(service: Service, _user: Organiser, request: Request) -> MatchWithPin:
    """Import a match record (the records layer's JSON body); every input is replayed first."""
    raw = await request.body()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise MalformedInputError(f"the record is not UTF-8 text: {err}") from err
    return with_pin(await run_in_threadpool(service.import_json, text))


@router.get("/{match_id}", response_model=ScoreboardView, responses=_ERRORS)
def scoreboard(match_id: int, service: Service, lang: Lang) -> dict[str, object]:
    """The public scoreboard of a match."""
    stored, timeline = service.timeline(match_id)
    return scoreboard_view(stored, timeline, lang)


@router.get("/{match_id}/export.json", responses=_ERRORS)
def export_json(match_id: int, service: Service, _ref: Referee) -> PlainTextResponse:
    """The match record in the records layer's JSON (organiser or the match's referee)."""
    return PlainTextResponse(
        service.export_json(match_id),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="match-{match_id}.json"'},
    )


@router.get("/{match_id}/export.txt", responses=_ERRORS)
def export_text(match_id: int, service: Service, _ref: Referee) -> PlainTextResponse:
    """The match record in the records layer's text notation (organiser or referee)."""
    return PlainTextResponse(
        service.export_text(match_id),
        headers={"Content-Disposition": f'attachment; filename="match-{match_id}.txt"'},
    )
