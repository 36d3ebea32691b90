"""Organiser sessions: the login form, logging in and out."""

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from rotation61.web.api.deps import ORGANISER_COOKIE, Accounts, Csrf, Ctx, Lang, remember_device
from rotation61.web.api.templating import render
from rotation61.web.services.accounts import ORGANISER_TARGET

router = APIRouter(include_in_schema=False)


@router.get("/login")
def login_page(request: Request, ctx: Ctx, lang: Lang) -> Response:
    """The organiser login form."""
    return render(request, ctx, "login.html", lang, failed=False)


@router.post("/login")
def login(
    request: Request,
    ctx: Ctx,
    accounts: Accounts,
    lang: Lang,
    _csrf: Csrf,
    username: Annotated[str, Form()],
    password: Annotated[str, Form()],
) -> Response:
    """Check the organiser's password and open a session."""
    session = accounts.log_in(username, password)
    if session is None:
        return render(request, ctx, "login.html", lang, failed=True, status_code=401)
    response = RedirectResponse("/desk", status_code=303)
    response.set_cookie(
        ORGANISER_COOKIE,
        session,
        httponly=True,
        samesite="strict",
        secure=ctx.settings.secure_cookies,
    )
    remember_device(request, response, ctx, ORGANISER_TARGET)
    return response


@router.post("/logout")
def logout(request: Request, accounts: Accounts, _csrf: Csrf) -> RedirectResponse:
    """Close the organiser's session: deleted server-side, so a copied cookie dies too."""
    accounts.log_out(request.cookies.get(ORGANISER_COOKIE))
    response = RedirectResponse("/hall", status_code=303)
    response.delete_cookie(ORGANISER_COOKIE)
    return response
