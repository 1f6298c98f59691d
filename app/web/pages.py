"""Pages for people: create a game, share invites, play, watch, replay, browse, card reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from app.bots.registry import bot_list, get_bot
from app.core import IllegalOptions, english, get_rules, msg, registered_games
from app.store.errors import GameNotFound, StoreError
from app.web.hosting import check_host_password
from app.web.links import replay_url, seat_url, watch_url
from app.web.words import catalog_version

ROOT = Path(__file__).resolve().parents[2]
templates = Jinja2Templates(directory=str(ROOT / "templates"))
router = APIRouter(include_in_schema=False)

MAX_NAME_LENGTH = 40


def _games() -> list[dict[str, Any]]:
    return [
        {"name": r.name, "title": r.title, "min": r.min_players, "max": r.max_players,
         "options": getattr(r, "option_fields", []), "bots": bot_list(r)}
        for r in registered_games()
    ]


def _name_fields() -> int:
    """As many name fields as the largest table of any game seats (with any option's choice:
    an option field's `max_players` maps a choice to the most seats it allows)."""
    return max(max([r.max_players] + [n for field in getattr(r, "option_fields", [])
                                      for n in field.get("max_players", {}).values()])
               for r in registered_games())


def _page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def _said(message: Any) -> dict[str, Any]:
    """A message for a template: its English words, and its key and parameters for the page's
    own language (data-i18n / data-i18n-vars)."""
    return {"text": english(message), "key": message["key"], "params": message["params"]}


templates.env.filters["said"] = _said
templates.env.filters["said_key"] = lambda key: english(msg(key))
templates.env.globals["words_version"] = catalog_version


def _asks_password(request: Request) -> bool:
    return request.app.state.service.repo.settings.host_password is not None


def _home(request: Request, status_code: int = 200, form: dict[str, str] | None = None,
          error: Any = None) -> HTMLResponse:
    return _page(request, "home.html", status_code=status_code, games=_games(),
                 name_fields=_name_fields(), form=form or {}, error=error,
                 ask_password=_asks_password(request))


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    return _home(request)


def _options_from_form(rules: Any, form: Any) -> dict[str, Any]:
    options: dict[str, Any] = {}
    fields = {field["name"]: field for field in getattr(rules, "option_fields", [])}
    for field in fields.values():
        raw = form.get(f"option_{field['name']}")
        if raw is None or raw == "":
            if field.get("type") == "bool":
                options[field["name"]] = False
            continue
        if field.get("type") == "int":
            try:
                options[field["name"]] = int(raw)
            except ValueError as exc:
                raise IllegalOptions("core.error.whole_number",
                                     option=msg(f"{rules.name}.option.{field['name']}")) from exc
        elif field.get("type") == "bool":
            options[field["name"]] = raw in ("on", "true", "1")
        else:
            options[field["name"]] = raw
    # an option that applies only with another's choice is not sent without it
    return {name: value for name, value in options.items()
            if _applies(fields.get(name, {}).get("when"), options)}


def _applies(when: dict[str, Any] | None, options: dict[str, Any]) -> bool:
    """Whether an option field's `when` ({"expansion": ["daybreak"]}) holds for `options`."""
    return all(options.get(name) in (values if isinstance(values, list) else [values])
               for name, values in (when or {}).items())


MAX_FORM_BYTES = 16_384


async def _read_form(request: Request) -> dict[str, str]:
    """The home form's fields. The form is always sent url-encoded, so it is parsed here rather
    than through Starlette's request.form(), which needs the optional python-multipart package."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise IllegalOptions("core.error.form_too_large")
    return dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))


def _seats_from_form(form: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """The players in seat order and the seats computers play (`bots` of the API). A seat
    row counts when it has a name or a bot; a bot's seat left unnamed is "Computer n"."""
    players: list[str] = []
    bots: dict[str, str] = {}
    for i in range(_name_fields()):
        name = str(form.get(f"player{i}", "")).strip()
        bot = str(form.get(f"bot{i}", "")).strip()
        if bot and not name:
            name = english(msg("home.botName", n=i + 1))
        if not name:
            continue
        if bot:
            bots[str(len(players))] = bot
        players.append(name)
    return players, bots


@router.post("/", response_class=HTMLResponse)
async def create_from_form(request: Request) -> HTMLResponse:
    try:
        form = await _read_form(request)
    except IllegalOptions as exc:
        return _home(request, 413, error=exc.msg)
    repo = request.app.state.service.repo
    try:
        check_host_password(repo.settings, form.get("password"))
    except StoreError as exc:
        return _home(request, exc.status, {k: v for k, v in form.items() if k != "password"},
                     exc.msg)
    game = str(form.get("game", ""))
    players, bots = _seats_from_form(form)
    rules = get_rules(game)
    try:
        if rules is None:
            raise IllegalOptions("core.error.choose_game")
        if any(len(p) > MAX_NAME_LENGTH for p in players):
            raise IllegalOptions("core.error.name_too_long", n=MAX_NAME_LENGTH)
        options = _options_from_form(rules, form)
        public = form.get("public") in ("on", "true", "1")
        created = await request.app.state.service.create(game, players, options, public, bots)
    except (IllegalOptions, StoreError) as exc:
        return _home(request, 422, {k: v for k, v in form.items() if k != "password"}, exc.msg)
    seats = [
        {"seat": i, "name": name, "url": seat_url(request, created.id, token)} if token else
        {"seat": i, "name": name, "bot": get_bot(rules, created.bots[i])}
        for i, (name, token) in enumerate(zip(created.players, created.tokens, strict=True))
    ]
    return _page(request, "created.html", status_code=201, game_id=created.id, title=rules.title,
                 game=game, seats=seats, watch_url=watch_url(request, created.id),
                 unlisted=_asks_password(request), public=public)


@router.get("/games", response_class=HTMLResponse)
async def games(request: Request) -> HTMLResponse:
    rows = await request.app.state.service.list_games(None, 200)
    titles = {r["name"]: r["title"] for r in _games()}
    for row in rows:
        row["title"] = titles.get(row["game"], row["game"])
        row["watch_url"] = watch_url(request, row["id"])
        row["replay_url"] = replay_url(request, row["id"])
        row["started"] = str(row.get("created_at", ""))[:16].replace("T", " ")
        row["result_said"] = _result_said(row)
    return _page(request, "games.html", unlisted=_asks_password(request),
                 active=[r for r in rows if r["status"] == "active"],
                 finished=[r for r in rows if r["status"] == "finished"])


def _result_said(row: dict[str, Any]) -> dict[str, Any] | None:
    """A finished game's result as the page words it: its message's key, and its parameters with
    the players' names (for seats), or None for a result without one (its English is shown)."""
    result = row.get("result") or {}
    message = result.get("msg") if isinstance(result, dict) else None
    if not (isinstance(message, dict) and "key" in message):
        return None
    return {"key": message["key"],
            "params": {**(message.get("params") or {}), "names": list(row.get("players") or [])}}


def board_url(game: str) -> str:
    """The game's own board module if it ships one, else "" (the pages use the generic board)."""
    if (ROOT / "static" / "games" / game / "board.js").is_file():
        return f"/static/games/{game}/board.js"
    return ""


async def _game_page(request: Request, game_id: str, template: str) -> HTMLResponse:
    try:
        live = await request.app.state.service.live(game_id)
    except GameNotFound as exc:
        return _page(request, "missing.html", status_code=404, message=exc.msg)
    return _page(request, template, game_id=game_id, game=live.game, title=live.rules.title,
                 players=live.players, status=live.head.status, board=board_url(live.game))


@router.get("/games/{game_id}/play", response_class=HTMLResponse)
async def play(request: Request, game_id: str) -> HTMLResponse:
    return await _game_page(request, game_id, "play.html")


@router.get("/games/{game_id}/watch", response_class=HTMLResponse)
async def watch(request: Request, game_id: str) -> HTMLResponse:
    return await _game_page(request, game_id, "watch.html")


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay(request: Request, game_id: str) -> HTMLResponse:
    return await _game_page(request, game_id, "replay.html")


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, game: str) -> HTMLResponse:
    rules = get_rules(game)
    if rules is None:
        return _page(request, "missing.html", status_code=404,
                     message=msg("core.error.no_rules", game=game))
    return _page(request, "rules.html", game=game, title=rules.title, cards=rules.cards())


@router.get("/docs", response_class=HTMLResponse)
async def api_docs(request: Request) -> HTMLResponse:
    """The interactive API docs (Swagger UI, served from static/vendor/swagger-ui)."""
    return _page(request, "docs.html")
