"""Two server processes sharing games through a real Redis that stops (or freezes) and comes back
during the test: no stored action is answered with an error, a process's own sockets are pushed
whatever Redis does, and the other process's sockets catch up from the database meanwhile and
after Redis is back."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pytest

from app.config import Settings
from app.web.app import create_app
from tests.conftest import need_service
from tests.web.conftest import auth, create
from tests.web.held import Body
from tests.web.served import ServedClient, served

WITHIN = 20.0  # seconds to wait for something that must happen (never a measure)


class RedisServer:
    """A private redis-server on a free port, that a test can stop, start and freeze."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + WITHIN
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None

    def freeze(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server")
    if binary is None:
        need_service("redis-server (apt-get install redis-server)")
    server = RedisServer(binary)  # type: ignore[arg-type]
    server.start()
    try:
        yield server
    finally:
        server.stop()


def pass_turn(client: ServedClient, game: dict[str, Any], version: int) -> int:
    """The asked seat passes; answers the new version (any error fails the test)."""
    seat = client.get(f"/api/games/{game['id']}").json()["waiting"][0]["seat"]
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"version": version, "action": {"type": "pass"}},
                           headers=auth(game["seats"][seat]["token"]))
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


def reaches(body: Body, version: int) -> dict[str, Any]:
    """Receive until the socket's body is at `version` (each message within the socket's
    timeout)."""
    deadline = time.monotonic() + WITHIN
    while body.body.get("version", -1) < version:
        assert time.monotonic() < deadline, f"still at {body.body.get('version')}"
        body.receive()
    assert body.body["version"] == version
    return body.body


@dataclass
class Table:
    """Two processes sharing one game: Ann's socket on the first, Bob's on the second."""

    one: ServedClient
    two: ServedClient
    game: dict[str, Any]
    ann_ws: Any
    ann: Body
    bob: Body


@contextmanager
def two_processes(settings: Settings, url: str) -> Iterator[Table]:
    shared = replace(settings, redis_url=url)
    with served(create_app(shared)) as one, served(create_app(shared)) as two:
        game = create(one, rounds=50)  # type: ignore[arg-type]
        ws = f"/ws/games/{game['id']}?token="
        with one.websocket_connect(ws + game["seats"][0]["token"]) as ann_ws, \
                two.websocket_connect(ws + game["seats"][1]["token"]) as bob_ws:
            ann, bob = Body(ann_ws), Body(bob_ws)
            assert ann.receive()["version"] == bob.receive()["version"] == 0
            yield Table(one, two, game, ann_ws, ann, bob)


def test_redis_stopped_loses_nothing_and_pushes_everything(
        settings: Settings, redis_server: RedisServer) -> None:
    with two_processes(settings, redis_server.url) as t:
        one, two, game, ann, bob = t.one, t.two, t.game, t.ann, t.bob
        version = pass_turn(one, game, 0)
        reaches(bob, version)  # through Redis

        redis_server.stop()
        for _ in range(5):
            version = pass_turn(one, game, version)  # stored and answered: never a 500
            reaches(ann, version)  # this process's own socket, directly
        reaches(bob, version)  # the other process read it from the database meanwhile

        redis_server.start()
        version = pass_turn(one, game, version)
        reaches(ann, version)
        reaches(bob, version)
        assert bob.body == two.get(f"/api/games/{game['id']}",
                                   headers=auth(game["seats"][1]["token"])).json()


def test_redis_frozen_answers_at_once_and_catches_up(
        settings: Settings, redis_server: RedisServer) -> None:
    with two_processes(settings, redis_server.url) as t:
        one, two, game, ann, ann_ws, bob = t.one, t.two, t.game, t.ann, t.ann_ws, t.bob
        redis_server.freeze()
        version = 0
        for _ in range(2):
            version = pass_turn(one, game, version)
            reaches(ann, version)
        # Ann's turn again: her action through the socket is acked, the socket stays open
        assert ann.body["prompts"]
        ann_ws.send_json({"type": "act", "version": version, "action": {"type": "pass"},
                          "client_id": "frozen"})
        version += 1
        reaches(ann, version)
        reaches(bob, version)

        redis_server.thaw()
        version = pass_turn(two, game, version)
        reaches(bob, version)
        reaches(ann, version)


def test_a_server_starts_without_redis(settings: Settings) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        nobody = f"redis://127.0.0.1:{s.getsockname()[1]}/0"
    with served(create_app(replace(settings, redis_url=nobody))) as alone:
        game = create(alone)  # type: ignore[arg-type]
        assert pass_turn(alone, game, 0) == 1

