"""Standing choices through the API and the socket: only their seat ever learns them, changing
them changes no version and sends nothing to anyone else, and a seat that turns one on while it
is asked is answered at once.

Every socket test runs through plain ASGI and through the real server's direct door."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.web.app import create_app
from tests.conftest import need_service
from tests.secretcards import ALWAYS_PASS
from tests.web.conftest import auth, create
from tests.web.served import served
from tests.web.test_two_processes import REDIS_URL, redis_available

CHOICES = [{"key": ALWAYS_PASS, "msg": {"key": "secretcards.always_pass", "params": {}},
            "text": "pass on my turn"}]


@pytest.fixture(params=["asgi", "direct"])
def client(request: pytest.FixtureRequest, settings: Settings) -> Iterator[TestClient]:
    if request.param == "asgi":
        with TestClient(create_app(settings)) as test_client:
            yield test_client
    else:
        with served(create_app(settings)) as served_client:
            yield served_client  # type: ignore[misc]


def url(game: dict) -> str:
    return f"/api/games/{game['id']}/standing"


def put(client: TestClient, game: dict, seat: int, chosen: Any):
    return client.put(url(game), headers=auth(game["seats"][seat]["token"]),
                      json={"chosen": chosen})


def socket(client: TestClient, game: dict, seat: int | None):
    query = "" if seat is None else f"?token={game['seats'][seat]['token']}"
    return client.websocket_connect(f"/ws/games/{game['id']}{query}")


def next_of(ws: Any, kind: str, **match: Any) -> dict[str, Any]:
    """The next message of this type (and these fields), skipping states and patches."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
        assert message["type"] in ("state", "patch", "standing", "ack"), message


def silent(ws: Any, seconds: float = 0.3) -> bool:
    """Whether the socket receives nothing for a while (a ping's pong comes back first)."""
    got: list[dict] = []

    def read() -> None:
        got.append(ws.receive_json())

    ws.send_json({"type": "ping"})
    assert ws.receive_json() == {"type": "pong"}
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    if got:
        raise AssertionError(f"the socket was sent {got}")
    ws.send_json({"type": "ping"})  # lets the waiting reader finish
    reader.join(2)
    return got == [{"type": "pong"}]


def test_get_and_put_answer_the_choices_and_what_the_seat_chose(client: TestClient) -> None:
    game = create(client)
    token = game["seats"][1]["token"]
    got = client.get(url(game), headers=auth(token))
    assert got.status_code == 200
    assert got.json() == {"choices": CHOICES, "chosen": []}
    answer = put(client, game, 1, [ALWAYS_PASS])
    assert answer.status_code == 200
    assert answer.json() == {"choices": CHOICES, "chosen": [ALWAYS_PASS]}
    assert client.get(url(game), headers=auth(token)).json()["chosen"] == [ALWAYS_PASS]
    assert client.get(url(game), headers=auth(game["seats"][0]["token"])).json()["chosen"] == []
    assert put(client, game, 1, []).json()["chosen"] == []


def test_refusals_have_their_statuses_and_reasons(client: TestClient) -> None:
    game = create(client)
    other = create(client)
    token = game["seats"][0]["token"]
    assert client.get(url(game)).status_code == 401
    assert client.get(url(game), headers=auth("nope")).status_code == 401
    assert client.put(url(game), json={"chosen": []}).status_code == 401
    assert client.get(url(game), headers=auth(other["seats"][0]["token"])).status_code == 403
    assert client.get("/api/games/nosuch/standing", headers=auth(token)).status_code == 404
    unknown = put(client, game, 0, ["autopass.never"])
    assert unknown.status_code == 422
    assert unknown.json()["msg"]["key"] == "core.error.standing_unknown"
    assert "autopass.never" in unknown.json()["detail"]
    for body in ({"chosen": "x"}, {"chosen": [1]}, {}, {"chosen": [], "more": 1}):
        bad = client.put(url(game), headers=auth(token), json=body)
        assert bad.status_code == 422, body
        assert bad.json()["detail"]
    # the game ends: Ann and Bob both always pass through one round... of three
    put(client, game, 1, [ALWAYS_PASS])
    assert put(client, game, 0, [ALWAYS_PASS]).status_code == 200
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "finished"
    over = put(client, game, 0, [])
    assert over.status_code == 409 and over.json()["msg"]["key"] == "core.error.standing_over"


def test_changing_them_sends_nothing_to_anyone_else_and_keeps_the_version(
        client: TestClient) -> None:
    game = create(client, players=["Ann", "Bob", "Cid"])
    bodies = {seat: client.get(f"/api/games/{game['id']}",
                               headers=auth(game["seats"][seat]["token"])).content
              for seat in (0, 2)}
    spectator = client.get(f"/api/games/{game['id']}").content
    with socket(client, game, 0) as ann, socket(client, game, None) as watcher, \
            socket(client, game, 1) as bob:
        assert ann.receive_json()["type"] == "state"
        assert next_of(ann, "standing") == {"type": "standing", "choices": CHOICES,
                                            "chosen": []}
        assert watcher.receive_json()["type"] == "state"
        assert bob.receive_json()["type"] == "state"
        assert next_of(bob, "standing")["chosen"] == []
        # Bob (not asked) turns his choice on through HTTP, then off through his socket
        assert put(client, game, 1, [ALWAYS_PASS]).status_code == 200
        assert next_of(bob, "standing")["chosen"] == [ALWAYS_PASS]
        bob.send_json({"type": "standing", "chosen": [], "client_id": "s1"})
        assert next_of(bob, "ack", client_id="s1") == {
            "type": "ack", "for": "standing", "client_id": "s1", "chosen": []}
        assert next_of(bob, "standing")["chosen"] == []
        bob.send_json({"type": "standing", "chosen": ["autopass.never"], "client_id": "s2"})
        refused = next_of(bob, "error", client_id="s2")
        assert refused["code"] == 422 and refused["for"] == "standing"
        assert silent(ann) and silent(watcher)
    for seat in (0, 2):
        assert client.get(f"/api/games/{game['id']}",
                          headers=auth(game["seats"][seat]["token"])).content == bodies[seat]
    assert client.get(f"/api/games/{game['id']}").content == spectator


def test_a_seat_that_turns_one_on_while_asked_is_answered_at_once(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 0) as ann, socket(client, game, 1) as bob:
        assert ann.receive_json()["type"] == "state"
        assert bob.receive_json()["type"] == "state"
        ann.send_json({"type": "standing", "chosen": [ALWAYS_PASS], "client_id": "s1"})
        assert next_of(ann, "ack", client_id="s1")["chosen"] == [ALWAYS_PASS]
        pushed = next_of(bob, "patch")
        assert pushed["version"] == 1
    body = client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json()
    assert body["version"] == 1 and body["prompts"][0]["seat"] == 1
    assert body["log"][-1]["msg"] == {"key": "secretcards.passed", "params": {"seat": 0}}
    assert "standing" not in str(body["log"]) and ALWAYS_PASS not in str(body["view"])


def test_the_acting_client_is_acked_the_version_its_answers_reached(client: TestClient) -> None:
    game = create(client)
    put(client, game, 1, [ALWAYS_PASS])
    with socket(client, game, 0) as ann:
        assert ann.receive_json()["type"] == "state"
        ann.send_json({"type": "act", "version": 0, "action": {"type": "draw"},
                       "client_id": "a1"})
        assert next_of(ann, "ack", client_id="a1")["version"] == 2
        assert next_of(ann, "patch")["version"] == 2
    acted = client.post(f"/api/games/{game['id']}/actions",
                        headers=auth(game["seats"][0]["token"]),
                        json={"version": 0, "action": {"type": "draw"}, "client_id": "a1"})
    assert acted.json() == {"version": 2}  # the retry: applied once, answered the same


def test_spectators_get_nothing_of_it_and_cannot_set_it(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, None) as watcher:
        assert watcher.receive_json()["type"] == "state"
        watcher.send_json({"type": "standing", "chosen": [], "client_id": "w"})
        refused = next_of(watcher, "error", client_id="w")
        assert refused["code"] == 401 and refused["for"] == "standing"
        assert silent(watcher)


def test_a_change_in_one_process_reaches_the_seats_sockets_in_another(settings: Settings
                                                                      ) -> None:
    if not redis_available():
        need_service("Redis (set QUORUM_TEST_REDIS_URL)")
    shared = replace(settings, redis_url=REDIS_URL)
    with TestClient(create_app(shared)) as one, TestClient(create_app(shared)) as two:
        game = create(one)
        with socket(two, game, 1) as bob, socket(two, game, 0) as ann:
            assert bob.receive_json()["type"] == "state"
            assert next_of(bob, "standing")["chosen"] == []
            assert ann.receive_json()["type"] == "state"
            assert next_of(ann, "standing")["chosen"] == []
            assert put(one, game, 1, [ALWAYS_PASS]).status_code == 200
            assert next_of(bob, "standing")["chosen"] == [ALWAYS_PASS]
            # Redis misses one (process one thinks it is away): the catch-up brings it
            one.app.state.service.broadcaster.up = False
            assert put(one, game, 1, []).status_code == 200
            two.portal.call(two.app.state.service.broadcaster.catch_up)
            assert next_of(bob, "standing")["chosen"] == []
            assert silent(ann)
