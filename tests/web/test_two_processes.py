"""Two server processes on one database: an action taken through one reaches the sockets of the
other through Redis pub/sub, and the other serves the new state."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.web.app import create_app
from tests.conftest import need_service
from tests.web.conftest import auth, create
from tests.web.held import Body

REDIS_URL = os.environ.get("QUORUM_TEST_REDIS_URL")


def redis_available() -> bool:
    if not REDIS_URL:
        return False
    import redis

    try:
        redis.from_url(REDIS_URL).ping()
    except redis.exceptions.ConnectionError:
        return False
    return True


@contextmanager
def two_processes(settings: Settings) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes sharing the database and Redis."""
    if not redis_available():
        need_service("Redis (set QUORUM_TEST_REDIS_URL)")
    shared = replace(settings, redis_url=REDIS_URL)
    with TestClient(create_app(shared)) as one, TestClient(create_app(shared)) as two:
        yield one, two


def bob_on_two_hears_ann_on_one(one: TestClient, two: TestClient, game: dict[str, Any]
                                ) -> tuple[Body, dict[str, Any]]:
    """Ann passes through the first process; answers Bob's socket on the second and the body it
    reaches next."""
    token = game["seats"][1]["token"]
    with two.websocket_connect(f"/ws/games/{game['id']}?token={token}") as socket:
        bob = Body(socket)
        assert bob.receive()["version"] == 0
        response = one.post(f"/api/games/{game['id']}/actions",
                            json={"version": 0, "action": {"type": "pass"}},
                            headers=auth(game["seats"][0]["token"]))
        assert response.status_code == 200
        return bob, bob.receive()


def test_actions_fan_out_across_processes(settings: Settings) -> None:
    with two_processes(settings) as (one, two):
        game = create(one)
        token = game["seats"][1]["token"]
        bob, pushed = bob_on_two_hears_ann_on_one(one, two, game)
        # a patch, from the body the other process caught up to
        assert pushed["version"] == 1 and pushed["prompts"][0]["seat"] == 1
        assert bob.kinds == ["state", "patch"]
        assert pushed == two.get(f"/api/games/{game['id']}", headers=auth(token)).json()
        # the second process serves and accepts actions on the new version too
        state = two.get(f"/api/games/{game['id']}", headers=auth(token)).json()
        assert state["version"] == 1
        acted = two.post(f"/api/games/{game['id']}/actions",
                         json={"version": 1, "action": {"type": "pass"}}, headers=auth(token))
        assert acted.status_code == 200
        stale = one.post(f"/api/games/{game['id']}/actions",
                         json={"version": 1, "action": {"type": "pass"}},
                         headers=auth(game["seats"][0]["token"]))
        assert stale.status_code == 409
        assert one.get(f"/api/games/{game['id']}").json()["version"] == 2


@pytest.mark.timeout(60)
def test_what_redis_did_not_take_in_time_reaches_the_other_process_later(
        settings: Settings) -> None:
    """A publish that times out (Redis slow for a moment, for this process alone) is published
    again once Redis answers: the other process never saw Redis away, so it would not catch up
    by itself."""
    with two_processes(settings) as (one, two):
        redis = one.app.state.service.broadcaster._redis
        publish, failed = redis.publish, []

        async def too_slow_once(channel: str, message: str) -> Any:
            if not failed:
                failed.append(message)
                raise TimeoutError
            return await publish(channel, message)

        redis.publish = too_slow_once
        game = create(one)
        _, pushed = bob_on_two_hears_ann_on_one(one, two, game)
        assert pushed["version"] == 1
        assert failed == [f"{game['id']} 1"]


def test_without_redis_each_process_still_serves_current_state(settings: Settings) -> None:
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        game = create(one)
        two.get(f"/api/games/{game['id']}")
        one.post(f"/api/games/{game['id']}/actions", json={"version": 0,
                 "action": {"type": "pass"}}, headers=auth(game["seats"][0]["token"]))
        assert two.get(f"/api/games/{game['id']}").json()["version"] == 1
