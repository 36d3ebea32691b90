"""Play 61 in the browser: the game pages and the game API (strokes, decisions, replays).

A player's inputs carry the seat token (``X-Play-Token``) that the game's creation or
the invite link gave this device; spectators and replays need none.
"""

from fastapi import APIRouter, Request
from fastapi.responses import Response

from rotation61.geometry import Point
from rotation61.records import ShotInput
from rotation61.rules import PRESETS, IllegalActionError, Option
from rotation61.sim import STROKE_LIMITS, SimulationError, Stroke
from rotation61.text import Language
from rotation61.web.api.deps import (
    ERRORS,
    Ctx,
    Lang,
    PathId,
    Play,
    PlayCreateQuota,
    PlaySeats,
    PlayStrokeQuota,
)
from rotation61.web.api.templating import render
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.model import GameMode
from rotation61.web.presenters.play import play_view, shot_view
from rotation61.web.schemas import (
    PlayConcedeIn,
    PlayCreate,
    PlayCreated,
    PlayDecisionIn,
    PlayJoinIn,
    PlayStrokeIn,
    PlayView,
    ShotView,
)
from rotation61.web.services.game import Game
from rotation61.web.services.play import PlayService
from rotation61.web.services.seats import SeatGrant, grant_invited, grant_new_game

router = APIRouter(tags=["play"])


# --- Pages ------------------------------------------------------------------------------


@router.get("/play", include_in_schema=False)
def new_game_page(request: Request, ctx: Ctx, lang: Lang, play: Play) -> Response:
    """The lobby: the new-game form and the live games to watch (never the hall's)."""
    return render(
        request,
        ctx,
        "play_new.html",
        lang,
        computer=play.computer is not None,
        presets=sorted(PRESETS),
        games=play.lobby(),
        idle_hours=f"{ctx.settings.game_idle_hours:g}",
    )


@router.get("/play/{match_id}", include_in_schema=False)
def game_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang, play: Play) -> Response:
    """A game's table (players hold a seat token; anyone else watches)."""
    game = play.game(match_id)
    return render(
        request, ctx, "play.html", lang, match_id=match_id, stored=game.stored, limits=STROKE_LIMITS
    )


@router.get("/play/{match_id}/join", include_in_schema=False)
def join_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang, play: Play) -> Response:
    """The invite link of an online game: the page claims seat B with the link's key."""
    game = play.game(match_id)
    return render(request, ctx, "play_join.html", lang, match_id=match_id, stored=game.stored)


@router.get("/play/{match_id}/replay", include_in_schema=False)
def replay_page(match_id: PathId, request: Request, ctx: Ctx, lang: Lang, play: Play) -> Response:
    """A game's replay (the share link): every shot, with play, pause, step and speed."""
    game = play.game(match_id)
    return render(request, ctx, "play_replay.html", lang, match_id=match_id, stored=game.stored)


# --- API --------------------------------------------------------------------------------


@router.post("/api/play", status_code=201, response_model=PlayCreated, responses=ERRORS)
def create_game(_quota: PlayCreateQuota, body: PlayCreate, ctx: Ctx, play: Play) -> PlayCreated:
    """Start a game; the response carries this device's seat token (and the invite).

    Rate-limited per client address (429 with ``Retry-After`` beyond the limit).
    """
    mode = GameMode(body.mode)
    if mode is GameMode.COMPUTER and play.computer is None:
        raise IllegalActionError("no computer player is installed on this server")
    stored = play.create(
        mode=mode,
        players=(body.player_a.strip(), body.player_b.strip()),
        race_to=body.race_to,
        rules=body.preset,
        table_size=body.table_size,
        level=body.level,
    )
    return _created(stored.id, grant_new_game(ctx.signer, stored, mode))


@router.post("/api/play/{match_id}/join", response_model=PlayCreated, responses=ERRORS)
def join_game(match_id: PathId, body: PlayJoinIn, ctx: Ctx, play: Play) -> PlayCreated:
    """The second player of an online game takes seat B with the invite's key."""
    game = play.game(match_id)
    return _created(match_id, grant_invited(ctx.signer, game.stored, game.mode, body.key))


def _created(match_id: int, grant: SeatGrant) -> PlayCreated:
    return PlayCreated(
        id=match_id,
        token=grant.token,
        seats=grant.seats,
        url=f"/play/{match_id}",
        invite=None if grant.invite is None else f"/play/{match_id}/join#k={grant.invite}",
    )


@router.get("/api/play/{match_id}", response_model=PlayView, responses=ERRORS)
def game_state(match_id: PathId, play: Play, lang: Lang) -> PlayView:
    """A game as it stands (public: spectators see it too)."""
    game = play.game(match_id)  # 404 for a number that is not a game, before anything runs
    play.wake_computer(match_id)  # a game against the computer goes on after a restart
    return _view(play, game, lang)


def _view(play: PlayService, game: Game, lang: Language) -> PlayView:
    notes = play.computer_note(game.stored.id, game.log.length, lang.value)
    return play_view(game, lang, computer_note="\n".join(notes) if notes else None)


@router.post("/api/play/{match_id}/shots", response_model=ShotView, responses=ERRORS)
def shoot(
    match_id: PathId,
    _quota: PlayStrokeQuota,
    body: PlayStrokeIn,
    play: Play,
    seats: PlaySeats,
    lang: Lang,
) -> ShotView:
    """Play a stroke: simulated by the engine, judged by the referee, stored, announced.

    Refused with nothing changed: a stroke out of range (422), not this player's turn
    or a decision awaited (409), a placement outside the kitchen or on a ball (422), a
    stale screen (409), too many strokes from this client or seat token lately (429,
    with ``Retry-After``).
    """
    try:
        stroke = Stroke(speed=body.speed, phi=body.phi, theta=body.theta, a=body.a, b=body.b)
    except SimulationError as err:
        raise OutOfRangeError(str(err)) from err
    placement = None if body.placement is None else Point(*body.placement)
    played = play.shoot(match_id, body.expected_seq, seats, stroke, placement)
    play.wake_computer(match_id)
    game = played.game
    step = game.log.steps()[played.seq - 1]
    return shot_view(
        seq=played.seq,
        start=played.start,
        stroke=played.stroke,
        result=played.result,
        segments=played.segments,
        step=step,
        names=game.stored.header.players,
        lang=lang,
        state=_view(play, game, lang),
    )


@router.post("/api/play/{match_id}/decisions", response_model=PlayView, responses=ERRORS)
def decide(
    match_id: PathId, body: PlayDecisionIn, play: Play, seats: PlaySeats, lang: Lang
) -> PlayView:
    """The incoming player's decision after a foul (an option offered by the referee)."""
    try:
        option = Option(body.option)
    except ValueError as err:
        raise OutOfRangeError(
            f"option {body.option!r} is not one of {', '.join(o.value for o in Option)}"
        ) from err
    game = play.decide(match_id, body.expected_seq, seats, option)
    play.wake_computer(match_id)
    return _view(play, game, lang)


@router.post("/api/play/{match_id}/concede", response_model=PlayView, responses=ERRORS)
def concede(
    match_id: PathId, body: PlayConcedeIn, play: Play, seats: PlaySeats, lang: Lang
) -> PlayView:
    """The player concedes the game (the token's seat; on a shared device, the player to act)."""
    return _view(play, play.concede(match_id, body.expected_seq, seats), lang)


@router.get("/api/play/{match_id}/shots/{seq}", response_model=ShotView, responses=ERRORS)
def shot(match_id: PathId, seq: PathId, play: Play, lang: Lang) -> ShotView:
    """A stored shot to animate (played again by the deterministic engine)."""
    start, stroke, result, segments = play.replay_shot(match_id, seq)
    game = play.game(match_id)
    return shot_view(
        seq=seq,
        start=start,
        stroke=stroke,
        result=result,
        segments=segments,
        step=game.log.steps()[seq - 1],
        names=game.stored.header.players,
        lang=lang,
    )


@router.get("/api/play/{match_id}/replay", response_model=list[int], responses=ERRORS)
def replay(match_id: PathId, play: Play) -> list[int]:
    """The input numbers of a game's shots, in order (each one at ``shots/{seq}``)."""
    game = play.game(match_id)
    return [i + 1 for i, s in enumerate(game.log.steps()) if isinstance(s.step, ShotInput)]
