"""The tournament desk's pages: matches by state, the create and import forms."""

import functools
import secrets
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from rotation61.records import MalformedInputError
from rotation61.rules import PRESETS
from rotation61.web.api.deps import Ctx, Lang, organiser
from rotation61.web.api.templating import render
from rotation61.web.core.errors import AuthenticationError
from rotation61.web.core.i18n import ui
from rotation61.web.core.model import MatchStatus
from rotation61.web.presenters.matches import with_pin
from rotation61.web.schemas import MatchCreate

router = APIRouter(include_in_schema=False)


@router.get("/desk")
async def desk_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The tournament desk: matches by state, the create and import forms."""
    try:
        await organiser(request, ctx)
    except AuthenticationError:
        return RedirectResponse("/login", status_code=303)
    raw = request.query_params.get("status")
    status = MatchStatus(raw) if raw in {s.value for s in MatchStatus} else None
    notice = request.query_params.get("notice")
    matches = [with_pin(m) for m in await run_in_threadpool(ctx.service.list_matches, status)]
    return render(
        request,
        ctx,
        "desk.html",
        lang,
        matches=matches,
        status=status.value if status else "",
        statuses=[s.value for s in MatchStatus],
        presets=list(PRESETS),
        notice=notice,
        form_id=secrets.token_urlsafe(16),
    )


@router.post("/desk/matches")
async def desk_create(
    request: Request,
    ctx: Ctx,
    lang: Lang,
    player_a: Annotated[str, Form()],
    player_b: Annotated[str, Form()],
    race_to: Annotated[int, Form()],
    preset: Annotated[str, Form()] = "standard",
    breaker_policy: Annotated[str, Form()] = "winner",
    first_breaker: Annotated[str, Form()] = "A",
    table_name: Annotated[str, Form()] = "",
    table_size: Annotated[str, Form()] = "9ft",
    tags: Annotated[str, Form()] = "",
    form_id: Annotated[str | None, Form()] = None,
) -> Response:
    """Create a match from the desk form."""
    await organiser(request, ctx)
    try:
        body = MatchCreate.model_validate(
            {
                "player_a": player_a,
                "player_b": player_b,
                "race_to": race_to,
                "preset": preset,
                "breaker_policy": breaker_policy,
                "first_breaker": first_breaker,
                "table_name": table_name,
                "table_size": table_size,
                "tags": _tags(tags),
                "form_id": form_id,
            }
        )
    except ValidationError as err:  # the same 422 as the JSON API's
        raise RequestValidationError(err.errors()) from err
    stored = await run_in_threadpool(
        functools.partial(ctx.service.create_match, body.header(), form_id=body.form_id)
    )
    notice = ui("desk.created", lang, id=stored.id, pin=stored.pin)
    return RedirectResponse(f"/desk?notice={quote(notice)}", status_code=303)


@router.post("/desk/import")
async def desk_import(
    request: Request, ctx: Ctx, lang: Lang, record: Annotated[UploadFile, File()]
) -> Response:
    """Import a JSON record from the desk form."""
    await organiser(request, ctx)
    raw = await record.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise MalformedInputError(f"the file is not UTF-8 text: {err}") from err
    stored = await run_in_threadpool(ctx.service.import_json, text)
    notice = ui("desk.imported", lang, id=stored.id)
    return RedirectResponse(f"/desk?notice={quote(notice)}", status_code=303)


def _tags(text: str) -> dict[str, str]:
    """The event tags of the form's ``name=value`` lines (other lines are ignored)."""
    tags = {}
    for line in text.splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip():
            tags[name.strip()] = value.strip()
    return tags
