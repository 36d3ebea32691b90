"""The tournament desk's pages: matches by state, the create and import forms.

The forms post, then redirect to the desk (post/redirect/get). What happened is told
once by a flash cookie set on the redirect: signed, for a minute, read and cleared by
the next desk page (a link carrying ``?notice=`` prints nothing). The create form
carries a ``form_id`` made per rendered form, an idempotency key: the same form sent
again (Back then Create, a double click) returns the match it created.
"""

import functools
import secrets
import time
from typing import Annotated, Final

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from rotation61.records import MalformedInputError
from rotation61.rules import PRESETS, RuleSetProblem, RuleSetValueError
from rotation61.text import Language
from rotation61.web.api.bodies import match_header
from rotation61.web.api.deps import AppContext, Ctx, Lang, organiser
from rotation61.web.api.templating import render
from rotation61.web.core.errors import AuthenticationError, MatchNotFoundError
from rotation61.web.core.i18n import ui
from rotation61.web.core.model import DEFAULT_TABLE_SIZE, MatchStatus
from rotation61.web.presenters.codes import desk_codes
from rotation61.web.presenters.matches import with_pin
from rotation61.web.schemas import MatchCreate

router = APIRouter(include_in_schema=False)

FLASH_COOKIE: Final = "r61_flash"
_FLASH_TTL_S: Final = 60
_FLASH_KINDS: Final = frozenset({"created", "imported"})


def _set_flash(response: Response, ctx: AppContext, kind: str, match_id: int) -> None:
    """Tell the next desk page what happened (a signed cookie, for a minute)."""
    value = f"{kind}.{match_id}.{int(time.time()) + _FLASH_TTL_S}"
    response.set_cookie(
        FLASH_COOKIE,
        f"{value}.{ctx.signer.mac('flash', value)}",
        max_age=_FLASH_TTL_S,
        path="/desk",
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
    )


def _flash_notice(request: Request, ctx: AppContext, lang: Language) -> str | None:
    """The notice of a valid flash cookie (the PIN read from storage, not the cookie)."""
    parts = (request.cookies.get(FLASH_COOKIE) or "").split(".")
    if len(parts) != 4:
        return None
    kind, match_id, expiry, mac = parts
    value = f"{kind}.{match_id}.{expiry}"
    if kind not in _FLASH_KINDS or not (match_id.isdigit() and expiry.isdigit()):
        return None
    if int(expiry) < time.time() or not ctx.signer.check("flash", value, mac):
        return None
    try:
        stored = ctx.service.get_match(int(match_id))
    except MatchNotFoundError:
        return None
    if kind == "created":
        return ui("desk.created", lang, id=stored.id, pin=stored.pin)
    return ui("desk.imported", lang, id=stored.id)


@router.get("/desk")
async def desk_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The tournament desk: matches by state, the create and import forms."""
    try:
        await organiser(request, ctx)
    except AuthenticationError:
        return RedirectResponse("/login", status_code=303)
    raw = request.query_params.get("status")
    status = MatchStatus(raw) if raw in {s.value for s in MatchStatus} else None
    notice = await run_in_threadpool(_flash_notice, request, ctx, lang)
    matches = [with_pin(m) for m in await run_in_threadpool(ctx.service.list_matches, status)]
    response = render(
        request,
        ctx,
        "desk.html",
        lang,
        matches=matches,
        status=status.value if status else "",
        statuses=[s.value for s in MatchStatus],
        presets=list(PRESETS),
        codes=desk_codes(str(request.base_url), [m.id for m in matches]),
        notice=notice,
        form_id=secrets.token_urlsafe(16),
    )
    if FLASH_COOKIE in request.cookies:
        response.delete_cookie(FLASH_COOKIE, path="/desk")
    # Back then Create must send the same form again (its form_id): the browser may keep
    # this page for its history (private, revalidated otherwise), not re-render it; the
    # redirect after a create goes to another address, so that this one keeps its form.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


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
    table_size: Annotated[str, Form()] = DEFAULT_TABLE_SIZE,
    tags: Annotated[str, Form()] = "",
    form_id: Annotated[str | None, Form()] = None,
    targets: Annotated[str, Form()] = "",
) -> Response:
    """Create a match from the desk form (``targets``: one number, or ``61:50``, A51)."""
    await organiser(request, ctx)
    overrides = _targets(targets)
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
                "overrides": overrides,
            }
        )
    except ValidationError as err:  # the same 422 as the JSON API's
        raise RequestValidationError(err.errors()) from err
    stored = await run_in_threadpool(
        functools.partial(ctx.service.create_match, match_header(body), form_id=body.form_id)
    )
    # Its own address: the filled form stays in the browser's history as it was sent.
    response = RedirectResponse(f"/desk?created={stored.id}", status_code=303)
    _set_flash(response, ctx, "created", stored.id)
    return response


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
    response = RedirectResponse("/desk", status_code=303)
    _set_flash(response, ctx, "imported", stored.id)
    return response


def _targets(text: str) -> dict[str, object]:
    """The rule-set override of the form's points to win (A51); none when left empty.

    One number is both players' target, ``61:50`` one per player; the rule set checks
    the range and words a refusal with its code.

    Raises:
        RuleSetValueError: not one number or two joined by ``:`` (``target_range``).
    """
    given = text.strip()
    compact = given.replace(" ", "")
    if not compact:
        return {}
    if compact.isdigit():
        return {"target_points": int(compact)}
    a, sep, b = compact.partition(":")
    if not (sep and a.isdigit() and b.isdigit()):
        raise RuleSetValueError(
            "target_points", given, RuleSetProblem.TARGET_RANGE, "is not a number nor 61:50"
        )
    return {"target_points": compact}


def _tags(text: str) -> dict[str, str]:
    """The event tags of the form's ``name=value`` lines (other lines are ignored)."""
    tags = {}
    for line in text.splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip():
            tags[name.strip()] = value.strip()
    return tags
