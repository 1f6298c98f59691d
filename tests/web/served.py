"""The app under the real server protocol (`python -m app serve`'s uvicorn with our websocket
protocol, `app/web/wire.py`) in a thread, with a client shaped like Starlette's test client, so
that the same tests run against both the plain ASGI path and the direct one."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import orjson
import uvicorn
from fastapi import FastAPI
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from app.web.wire import DirectWebSocketProtocol

TIMEOUT = 10.0


class SocketSession:
    """`receive_json`, `send_json`, `send_text` like Starlette's `WebSocketTestSession`; a
    closed socket raises `WebSocketDisconnect` with the close code."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def receive_text(self) -> str:
        try:
            data = self.ws.recv(timeout=TIMEOUT)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            raise WebSocketDisconnect(code) from exc
        return data if isinstance(data, str) else data.decode()

    def receive_json(self) -> Any:
        return orjson.loads(self.receive_text())

    def send_json(self, data: Any) -> None:
        self.ws.send(orjson.dumps(data).decode())

    def send_text(self, data: str) -> None:
        self.ws.send(data)

    def close(self) -> None:
        self.ws.close()


class ServedClient(httpx.Client):
    def __init__(self, app: FastAPI, base: str) -> None:
        super().__init__(base_url=base, timeout=TIMEOUT)
        self.app = app
        self.ws_base = base.replace("http://", "ws://")

    @contextmanager
    def websocket_connect(self, path: str) -> Iterator[SocketSession]:
        with connect(self.ws_base + path, open_timeout=TIMEOUT, compression=None,
                     max_size=None) as ws:
            yield SocketSession(ws)


@contextmanager
def served(app: FastAPI) -> Iterator[ServedClient]:
    """Serve `app` on a free loopback port until the block ends."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, ws=DirectWebSocketProtocol, ws_per_message_deflate=False,
                            log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    try:
        with ServedClient(app, f"http://127.0.0.1:{port}") as client:
            yield client
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        sock.close()
