"""The FastAPI application factory."""

from __future__ import annotations

import asyncio
import gc
import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

from app.config import Settings
from app.core import register
from app.store.broadcast import make_broadcaster
from app.store.database import migrate
from app.store.repository import Repository
from app.web import api, pages, words, ws
from app.web.errors import install_error_handlers
from app.web.service import GameService


def load_game_modules(extra: tuple[str, ...] = ()) -> None:
    """Shipped games register on import; hosts and tests may add modules by name."""
    importlib.import_module("app.games")
    for name in extra:
        module = importlib.import_module(name.strip())
        rules = getattr(module, "RULES", None)
        if rules is not None:
            register(rules)


async def freeze_long_lived_objects(every: float = 30.0) -> None:
    """Keep the collector's full passes short: a full pass over every cached game paused the
    event loop for a tenth of a second or more (bench/README.md). Collect, then move what
    survived out of the collector's sight; reference counting still frees it when dropped."""
    while True:
        gc.collect()
        gc.freeze()
        await asyncio.sleep(every)


def create_app(settings: Settings | None = None, migrate_on_start: bool = True) -> FastAPI:
    settings = settings or Settings.from_env()
    load_game_modules(settings.extra_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate_on_start:
            migrate(settings.database_url)
        repo = Repository(settings)
        broadcaster = make_broadcaster(settings.redis_url)
        await broadcaster.start()
        app.state.service = GameService(repo, broadcaster)
        freezer = asyncio.create_task(freeze_long_lived_objects())
        try:
            yield
        finally:
            freezer.cancel()
            await broadcaster.stop()
            repo.close()

    app = FastAPI(
        title="Quorum",
        summary="Hidden-information board games with friends, in the browser.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    install_error_handlers(app)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(words.router)
    app.mount("/static", StaticFiles(directory=str(pages.ROOT / "static")), name="static")
    return app
