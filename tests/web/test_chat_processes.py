"""Two server processes on one database: what is said through one reaches the sockets of the
other through Redis, and what Redis missed arrives with the catch-up after it was away."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi.testclient import TestClient

from app.config import Settings
from app.web.app import create_app
from tests.conftest import need_service
from tests.web.conftest import auth, create, receive
from tests.web.test_two_processes import REDIS_URL, redis_available


def next_chat(ws: Any) -> list[tuple[str, int, str]]:
    while True:
        message = receive(ws)
        if message["type"] == "chat":
            return [(m["channel"], m["n"], m["text"]) for m in message["messages"]]


def test_chat_fans_out_across_processes_and_catches_up_after_redis(settings: Settings) -> None:
    if not redis_available():
        need_service("Redis (set QUORUM_TEST_REDIS_URL)")
    shared = replace(settings, redis_url=REDIS_URL)
    with TestClient(create_app(shared)) as one, TestClient(create_app(shared)) as two:
        game = create(one)
        token = game["seats"][1]["token"]
        with two.websocket_connect(f"/ws/games/{game['id']}?token={token}") as bob:
            assert receive(bob)["type"] == "state"
            said = one.post(f"/api/games/{game['id']}/chat", json={"text": "hello"},
                            headers=auth(game["seats"][0]["token"]))
            assert said.status_code == 201
            assert next_chat(bob) == [("table", 1, "hello")]
            # Redis misses one (process one thinks it is away): the catch-up brings it
            one.app.state.service.broadcaster.up = False
            one.post(f"/api/games/{game['id']}/chat", json={"text": "missed?"},
                     headers=auth(game["seats"][0]["token"]))
            two.portal.call(two.app.state.service.broadcaster.catch_up)
            assert next_chat(bob) == [("table", 2, "missed?")]
