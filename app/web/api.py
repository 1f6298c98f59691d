"""The public HTTP API (the contract of ARCHITECTURE.md)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Header, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from app.bots.registry import bot_list
from app.core import get_rules, registered_games
from app.core.messages import LANGUAGES, in_language
from app.store import replays
from app.store.chat import CHANNELS, PAGE
from app.store.errors import GameNotFound, Rejected, Unauthorized
from app.web import schemas
from app.web.hosting import check_host_password
from app.web.links import seat_url, watch_url

router = APIRouter(prefix="/api")

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": schemas.Problem, "description": text}
    for code, text in {
        401: "missing or invalid seat token (creating: the host password is needed)",
        403: "a token of another game (creating: a wrong host password)",
        404: "no such game",
        409: "stale version: the game has moved on (rematch: the game is not over; standing "
             "choices: the game is over)",
        422: "malformed request, an action that is not one of the seat's options, or a "
             "standing choice the game does not offer",
        429: "chat: more messages than the rate allows; try again in a second",
    }.items()
}


def bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("core.error.use_bearer")
    return token.strip()


def _json(body: bytes, status: int = 200) -> Response:
    return Response(body, status_code=status, media_type="application/json")


@router.get("/rules", summary="The games this server can host")
async def games_available() -> list[dict[str, Any]]:
    return [
        {"name": r.name, "title": r.title, "min_players": r.min_players,
         "max_players": r.max_players, "options": getattr(r, "option_fields", []),
         "bots": bot_list(r)}
        for r in registered_games()
    ]


@router.post("/games", status_code=201, response_model=schemas.CreatedGame, responses=ERRORS,
             response_model_exclude_none=True,
             summary="Create a game; answers one invite link and token per person's seat")
async def create_game(body: schemas.CreateGame, request: Request) -> schemas.CreatedGame:
    """A seat that `bots` gives a computer answers its bot's name instead of a token and link:
    the server plays it."""
    service = request.app.state.service
    check_host_password(service.repo.settings, body.password)
    created = await service.create(body.game, body.players, body.options, body.public,
                                   body.bots)
    return schemas.CreatedGame(
        id=created.id,
        seats=[
            schemas.SeatLink(seat=i, name=name, bot=created.bots[i]) if token is None else
            schemas.SeatLink(seat=i, name=name, token=token,
                             url=seat_url(request, created.id, token))
            for i, (name, token) in enumerate(zip(created.players, created.tokens, strict=True))
        ],
        watch_url=watch_url(request, created.id),
    )


@router.get("/games", summary="Games on this server, newest first")
async def list_games(
    request: Request,
    status: Annotated[str | None, Query(pattern="^(active|finished)$")] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    games = await request.app.state.service.list_games(status, limit)
    for g in games:
        g["watch_url"] = watch_url(request, g["id"])
    return games


@router.get("/games/{game_id}", responses=ERRORS,
            summary="A seat's state (Bearer token) or the spectator's (no token)")
async def get_game(
    game_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    return _json(await request.app.state.service.state(game_id, bearer(authorization)))


@router.get("/games/{game_id}/log", responses=ERRORS,
            summary="Older log entries this seat (Bearer token) or a spectator may see")
async def get_log(
    game_id: str,
    request: Request,
    before: Annotated[int | None, Query(ge=0)] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
    authorization: Annotated[str | None, Header()] = None,
) -> list[dict[str, Any]]:
    return await request.app.state.service.log(game_id, bearer(authorization), before, limit)


@router.post("/games/{game_id}/actions", response_model=schemas.Acted, responses=ERRORS,
             summary="Act: post one of your prompt's option actions unchanged")
async def post_action(
    game_id: str,
    body: schemas.Act,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> schemas.Acted:
    token = bearer(authorization)
    if token is None:
        raise Unauthorized("core.error.token_needed")
    version = await request.app.state.service.act(
        game_id, token, body.version, body.action, body.client_id
    )
    return schemas.Acted(version=version)


@router.post("/games/{game_id}/draft", response_model=schemas.Drafted, responses=ERRORS,
             summary="Try out steps behind the screen: your view and prompts after them")
async def post_draft(
    game_id: str,
    body: schemas.Draft,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> Response:
    """For a question decided behind the screen (`draft: true`): nothing is stored, no version
    changes and nobody else is told. Post the steps with the committing one to decide."""
    token = bearer(authorization)
    if token is None:
        raise Unauthorized("core.error.token_needed")
    return _json(await request.app.state.service.preview(game_id, token, body.version,
                                                         body.steps))


@router.get("/games/{game_id}/standing", response_model=schemas.Standing, responses=ERRORS,
            summary="Your standing choices: what the game offers, what you turned on")
async def get_standing(
    game_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Answers given in advance ("always pass before a die roll"), kept beside the game: only
    this seat ever learns them."""
    return await request.app.state.service.standing(game_id, _seat_token(authorization))


@router.put("/games/{game_id}/standing", response_model=schemas.Standing, responses=ERRORS,
            summary="Set your standing choices (all of them); what they answer is answered now")
async def put_standing(
    game_id: str,
    body: schemas.SetStanding,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Changes no version and tells nobody else; if a choice answers what this seat is asked
    now, that answer is played at once, as the seat's own action (409 once the game is over)."""
    return await request.app.state.service.set_standing(game_id, _seat_token(authorization),
                                                        body.chosen)


def _seat_token(authorization: str | None) -> str:
    token = bearer(authorization)
    if token is None:
        raise Unauthorized("core.error.token_needed")
    return token


@router.get("/games/{game_id}/chat", response_model=list[schemas.ChatMessage],
            responses=ERRORS,
            summary="Chat messages this seat (Bearer token) or a spectator may read")
async def get_chat(
    game_id: str,
    request: Request,
    channel: Annotated[str | None, Query(pattern=f"^({'|'.join(CHANNELS)})$")] = None,
    before: Annotated[int | None, Query(ge=1)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = PAGE,
    authorization: Annotated[str | None, Header()] = None,
) -> list[dict[str, Any]]:
    """Without `channel`: the newest `limit` messages of every channel the reader may read, as
    said. With `channel` (and `before`, a message number): that channel's older messages."""
    return await request.app.state.service.chat_read(game_id, bearer(authorization), channel,
                                                     before, limit)


@router.post("/games/{game_id}/chat", status_code=201, response_model=schemas.ChatMessage,
             responses=ERRORS, summary="Say something: a seat at the table, or a spectator")
async def post_chat(
    game_id: str,
    body: schemas.Say,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """With a seat's token: to the table. Without: to the spectators' channel, as `name`."""
    speaker = request.client.host if request.client else None
    return await request.app.state.service.chat_post(game_id, bearer(authorization), body.text,
                                                     body.name, speaker)


@router.post("/games/{game_id}/rematch", response_model=schemas.Rematch, responses=ERRORS,
             summary="A finished game's rematch, and your seat's own link in it")
async def post_rematch(
    game_id: str,
    request: Request,
    response: Response,
    authorization: Annotated[str | None, Header()] = None,
) -> schemas.Rematch:
    """Any seat of a finished game: makes the rematch (same game, players and options) the first
    time (201), and answers every seat that asks later its own seat in it (200)."""
    token = bearer(authorization)
    if token is None:
        raise Unauthorized("core.error.token_needed")
    rematch, seat, mine, made = await request.app.state.service.rematch(game_id, token)
    response.status_code = 201 if made else 200
    return schemas.Rematch(id=rematch, seat=seat, token=mine,
                           url=seat_url(request, rematch, mine),
                           watch_url=watch_url(request, rematch))


@router.get("/games/{game_id}/rematch", response_model=schemas.RematchOf, responses=ERRORS,
            summary="The game's rematch, if one was made (public)")
async def get_rematch(game_id: str, request: Request) -> schemas.RematchOf:
    rematch = await request.app.state.service.rematch_id(game_id)
    return schemas.RematchOf(id=rematch,
                             watch_url=watch_url(request, rematch) if rematch else None)


@router.get("/games/{game_id}/replay", responses=ERRORS,
            summary="Every step of a finished game with all hidden information")
async def replay(
    game_id: str, request: Request, accept_encoding: Annotated[str | None, Header()] = None
) -> Response:
    # Kept gzip-compressed in the game cache (app/store/replays.py): sent as it is to every
    # client that takes gzip, unpacked only for one that does not.
    packed = await run_in_threadpool(request.app.state.service.repo.replay_gzip, game_id)
    if takes_gzip(accept_encoding):
        return Response(packed, media_type="application/json",
                        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return _json(await run_in_threadpool(replays.unzipped, packed))


def takes_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (`gzip` or `*`, not with q=0)."""
    for part in (accept_encoding or "").split(","):
        coding, *params = (p.strip() for p in part.split(";"))
        if coding.lower() in ("gzip", "*"):
            refused = any(p.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000")
                          for p in params)
            return not refused
    return False


@router.get("/rules/{game}/cards", summary="Every card of a game as data")
async def cards(game: str, lang: str = "en") -> Response:
    """`lang` (en, ru, pl) words the cards' names and texts in that language; `said` names
    the catalog key of each word."""
    if get_rules(game) is None:
        raise GameNotFound("core.error.unknown_game", game=game)
    if lang not in LANGUAGES:
        raise Rejected("core.error.no_language", lang=lang[:20])
    return _json(_cards_json(game, lang))


@lru_cache(maxsize=32)
def _cards_json(game: str, lang: str) -> bytes:
    rules = get_rules(game)
    assert rules is not None
    return orjson.dumps(in_language(rules.cards(), lang))
