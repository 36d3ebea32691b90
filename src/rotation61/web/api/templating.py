"""Jinja2 templates of the pages, and the helper that renders one with its CSRF cookie."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Final

from fastapi import Request
from fastapi.templating import Jinja2Templates
from starlette.responses import Response

from rotation61.text import Language
from rotation61.web.api.deps import CSRF_COOKIE, AppContext
from rotation61.web.core.i18n import UI_CATALOGUES, ui
from rotation61.web.presenters.shared import browser_shared

__all__ = ["render", "templates"]

templates: Final = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")


def render(
    request: Request,
    ctx: AppContext,
    name: str,
    lang: Language,
    *,
    status_code: int = 200,
    **values: object,
) -> Response:
    """Render a page in a language, giving it a CSRF token (and cookie if missing)."""
    nonce = request.cookies.get(CSRF_COOKIE) or ""
    fresh = len(nonce) < 16
    if fresh:
        nonce = secrets.token_urlsafe(24)
    context: dict[str, object] = {
        "lang": lang.value,
        "other_lang": "en" if lang is Language.VI else "vi",
        "t": lambda msg_id, **kw: ui(msg_id, lang, **kw),
        "csrf_token": ctx.signer.csrf_token(nonce),
        "path": request.url.path,
        "strings": dict(UI_CATALOGUES[lang]),
        "shared": browser_shared(),
        **values,
    }
    response = templates.TemplateResponse(request, name, context, status_code=status_code)
    if fresh:
        response.set_cookie(
            CSRF_COOKIE,
            nonce,
            httponly=True,
            samesite="strict",
            secure=ctx.settings.secure_cookies,
        )
    response.headers["Cache-Control"] = "no-store"
    return response
