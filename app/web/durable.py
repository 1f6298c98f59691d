"""Nothing leaves through ASGI before the actions it may tell of are stored.

The event loop's actions share one SQLite commit per pass (app/store/batch.py). An HTTP answer
(an act's new version, a game's state read from the cache) or a message through plain ASGI may
carry a version made in the pass, so each is preceded by the commit. Should that commit fail,
an HTTP answer made meanwhile says 503 (the database is away) instead of what it would have
said: it may tell of an action that is not stored.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.messages import english, msg


def _away() -> tuple[Message, Message]:
    said = msg("core.error.database_away")
    body = orjson.dumps({"detail": english(said), "msg": said})
    start: Message = {"type": "http.response.start", "status": 503, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"retry-after", b"5")]}
    return start, {"type": "http.response.body", "body": body, "more_body": False}


class Durable:
    """Pure ASGI: commits the pass's actions before a request is handled and before each
    message is sent."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        service = getattr(scope["app"].state, "service", None) if "app" in scope else None
        if scope["type"] not in ("http", "websocket") or service is None:
            await self.app(scope, receive, send)
            return
        batch = service.repo.batch
        batch.durable()
        lost = batch.lost
        replaced = False

        async def send_stored(message: Message) -> None:
            nonlocal replaced
            batch.durable()
            if replaced:
                return
            if batch.lost != lost and message["type"] == "http.response.start":
                replaced = True
                for said in _away():
                    await send(said)
                return
            await send(message)

        await self.app(scope, receive, send_stored)
