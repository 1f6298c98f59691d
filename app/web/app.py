"""The FastAPI application factory."""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from app.config import Settings
from app.core import register
from app.store import prune
from app.store.broadcast import make_broadcaster
from app.store.database import migrate
from app.store.repository import Repository
from app.web import api, pages, words, ws
from app.web.durable import Durable
from app.web.errors import install_error_handlers
from app.web.headers import SecurityHeaders
from app.web.logs import hide_tokens
from app.web.service import GameService


def load_game_modules(extra: tuple[str, ...] = ()) -> None:
    """Shipped games register on import; hosts and tests may add modules by name."""
    importlib.import_module("app.games")
    for name in extra:
        module = importlib.import_module(name.strip())
        rules = getattr(module, "RULES", None)
        if rules is not None:
            register(rules)


# A state, its views and its bodies are thousands of containers that live until the game's next
# action, so the collector kept promoting them and then walking every cached game in full passes
# that paused the event loop for a tenth of a second or more (bench/README.md). Instead: a young
# collection (cheap) and a freeze, which moves the survivors out of the collector's sight, every
# second; reference counting still frees them when they are dropped. Only garbage *cycles* among
# frozen objects wait, for the full collection once every `FULL_COLLECTION_EVERY` seconds.
FREEZE_EVERY = 1.0
FULL_COLLECTION_EVERY = 600.0
# Young collections only after 50,000 new containers: under load A that is rarer than the
# freeze, whose `collect(1)` then does the young generation's work once. At 5,000 a young
# collection ran a few times a second and examined the containers of the versions just made,
# which the freeze examined again (bench/README.md).
GC_THRESHOLDS = (50_000, 20, 100)


async def freeze_long_lived_objects() -> None:
    gc.set_threshold(*GC_THRESHOLDS)
    loop = asyncio.get_running_loop()
    full_at = loop.time()
    while True:
        if loop.time() >= full_at:
            gc.unfreeze()
            gc.collect()
            full_at = loop.time() + FULL_COLLECTION_EVERY
        else:
            gc.collect(1)
        gc.freeze()
        await asyncio.sleep(FREEZE_EVERY)


PRUNE_EVERY = 3600.0
log = logging.getLogger(__name__)


async def prune_old_games(repo: Repository, every: float = PRUNE_EVERY) -> None:
    """QUORUM_PRUNE_FINISHED_AFTER: delete games finished longer ago, at start and every hour."""
    age = repo.settings.prune_finished_after
    assert age is not None
    while True:
        try:
            deleted = await run_in_threadpool(prune.prune_finished, repo, age)
            if deleted:
                log.info("pruned %d games finished more than %s ago", deleted, age)
        except Exception:  # a database hiccup must not end the pruning for good
            log.exception("pruning old games failed")
        await asyncio.sleep(every)


def create_app(settings: Settings | None = None, migrate_on_start: bool = True) -> FastAPI:
    settings = settings or Settings.from_env()
    load_game_modules(settings.extra_games)
    hide_tokens()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate_on_start:
            migrate(settings.database_url)
        repo = Repository(settings)
        service: GameService | None = None

        async def news(game_ids: list[str]) -> dict[str, list[str]]:
            return await service.news_of(game_ids) if service is not None else {}

        broadcaster = make_broadcaster(
            settings.redis_url, versions=lambda ids: run_in_threadpool(repo.versions, ids),
            news=news)
        service = GameService(repo, broadcaster)
        repo.batch.start(asyncio.get_running_loop().call_soon)
        await broadcaster.start()
        app.state.service = service
        freezer = asyncio.create_task(freeze_long_lived_objects())
        pruner = (asyncio.create_task(prune_old_games(repo))
                  if settings.prune_finished_after is not None else None)
        resumer = asyncio.create_task(service.bots.resume())
        try:
            yield
        finally:
            resumer.cancel()
            await service.bots.stop()
            freezer.cancel()
            if pruner is not None:
                pruner.cancel()
            await broadcaster.stop()
            repo.close()

    app = FastAPI(
        title="Quorum",
        summary="Hidden-information board games with friends, in the browser.",
        version="0.1.0",
        lifespan=lifespan,
        # Our own /docs page (pages.py): FastAPI's loads Swagger UI from a CDN with an inline
        # script, which the Content-Security-Policy forbids.
        docs_url=None,
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
    )
    app.add_middleware(Durable)  # innermost: its 503 gets the headers of every answer
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    app.add_middleware(SecurityHeaders)
    install_error_handlers(app)
    # The game socket's router first: a router is matched against every request in turn, and
    # the API's fifteen routes took ~23 µs to turn down each new socket (two thirds of its
    # routing); no other router has a websocket route, so the order changes no match.
    app.include_router(ws.router)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(words.router)
    app.mount("/static", StaticFiles(directory=str(pages.ROOT / "static")), name="static")
    return app
