"""WS /ws/games/{id}?token=... — the full state on connect, then a patch after every change.

Each socket has one sender task that always brings its client to the newest version: a slow
client skips versions it could not keep up with instead of delaying everyone else, and gets one
patch from the version it has (or the whole state, when that is smaller). `?patches=0` asks for
the whole state every time, for clients that do not apply patches; `{"type": "sync"}` asks for
the whole state once (a client that lost track).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from app.core.messages import Msg, english, msg
from app.store.errors import StaleVersion, StoreError
from app.web.errors import invalid_msg
from app.web.schemas import Act
from app.web.service import GameService

router = APIRouter()
log = logging.getLogger(__name__)

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404}


def _error(code: int, said: Msg, **extra: Any) -> bytes:
    """`message` in English words for any client, `msg` for a page that words it itself."""
    return orjson.dumps({"type": "error", "code": code, "message": english(said), "msg": said,
                         **extra})


class Connection:
    def __init__(
        self, ws: WebSocket, service: GameService, game_id: str, seat: int | None,
        version: int, patches: bool = True,
    ) -> None:
        self.ws = ws
        self.service = service
        self.game_id = game_id
        self.seat = seat
        self.wanted = version
        self.patches = patches
        self.sent = -1
        self.wake = asyncio.Event()
        self.wake.set()

    def notify(self, version: int) -> None:
        if version > self.wanted:
            self.wanted = version
            self.wake.set()

    async def send_states(self) -> None:
        """Runs for the socket's life. A failure is logged and closes the socket (the client
        reconnects and starts from the whole state) rather than leaving it silently unfed."""
        try:
            await self._send_states()
        except (WebSocketDisconnect, OSError, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("pushing to a socket of game %s failed", self.game_id)
            with contextlib.suppress(Exception):
                await self.ws.close(code=1011)

    async def _send_states(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.wanted <= self.sent:
                continue
            live = await self.service.at_least(self.game_id, self.wanted)
            repo = self.service.repo
            if self.patches and self.sent >= 0:
                version, message = repo.push_bytes(live, self.seat, self.sent)
            else:
                version, message = repo.state_message(live, self.seat)
            self.sent = version
            await self.ws.send_text(message.decode())

    def sync(self) -> None:
        """The whole state next, whatever the client had."""
        self.sent = -1
        self.wake.set()

    async def handle(self, raw: str) -> None:
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError:
            await self.ws.send_text(_error(400, msg("core.error.ws_not_json")).decode())
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await self.ws.send_text('{"type":"pong"}')
            return
        if kind == "sync":
            self.sync()
            return
        if kind != "act":
            await self.ws.send_text(_error(400, msg("core.error.ws_unknown_type")).decode())
            return
        client_id = message.get("client_id")
        try:
            act = Act.model_validate({k: v for k, v in message.items() if k != "type"})
        except ValidationError as exc:
            await self.ws.send_text(
                _error(422, invalid_msg(list(exc.errors())), client_id=client_id).decode())
            return
        if self.seat is None:
            await self.ws.send_text(_error(401, msg("core.error.spectator_acts"),
                                           client_id=client_id).decode())
            return
        try:
            version = await self.service.act_as(
                self.game_id, self.seat, act.version, act.action, act.client_id
            )
        except StaleVersion as exc:
            await self.ws.send_text(_error(409, exc.msg, version=exc.version,
                                           client_id=client_id).decode())
            self.notify(exc.version)
            return
        except StoreError as exc:
            await self.ws.send_text(_error(exc.status, exc.msg, client_id=client_id).decode())
            return
        await self.ws.send_text(
            orjson.dumps({"type": "ack", "version": version, "client_id": client_id}).decode()
        )


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: str, token: str | None = None,
                      patches: str = "1") -> None:
    service: GameService = ws.app.state.service
    await ws.accept()
    try:
        live = await service.live(game_id)
        seat = None if token is None else await service.seat_for(live, token)
    except StoreError as exc:
        await ws.send_text(_error(exc.status, exc.msg).decode())
        await ws.close(code=CLOSE_CODES.get(exc.status, 4400), reason=exc.message[:120])
        return
    conn = Connection(ws, service, game_id, seat, live.version, patches not in ("0", "false"))
    service.broadcaster.subscribe(game_id, conn.notify)
    sender = asyncio.create_task(conn.send_states())
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            await conn.handle(raw)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("websocket for game %s failed", game_id)
    finally:
        service.broadcaster.unsubscribe(game_id, conn.notify)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
