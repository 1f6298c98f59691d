"""WS /ws/games/{id}: full state on connect, then patches after every change, filtered per seat.

Every test runs twice: through Starlette's test client (plain ASGI) and against the real server
protocol over a real socket (the direct door of `app/web/wire.py`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import jsonpatch
import orjson
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.store.errors import StaleVersion
from app.web.app import create_app
from app.web.schemas import Act
from app.web.ws import _error, _plain_act
from tests.web.conftest import auth, create, receive
from tests.web.held import Body
from tests.web.served import served


@pytest.fixture(params=["asgi", "direct"])
def client(request: pytest.FixtureRequest, settings: Settings) -> Iterator[TestClient]:
    if request.param == "asgi":
        with TestClient(create_app(settings)) as test_client:
            yield test_client
    else:
        with served(create_app(settings)) as served_client:
            yield served_client  # type: ignore[misc]


def socket(client: TestClient, game: dict, seat: int | None):
    query = "" if seat is None else f"?token={game['seats'][seat]['token']}"
    return client.websocket_connect(f"/ws/games/{game['id']}{query}")


def test_connect_sends_the_seats_own_state(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 0) as ann, socket(client, game, None) as watcher:
        first = receive(ann)
        assert first["type"] == "state" and first["version"] == 0 and first["seat"] == 0
        assert len(first["view"]["you"]["hand"]) == 2 and first["prompts"]
        public = receive(watcher)
        assert public["seat"] is None and "you" not in public["view"] and public["prompts"] == []


def test_an_action_is_acked_and_pushed_to_every_seat_filtered(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 0) as ann_ws, socket(client, game, 1) as bob_ws, \
            socket(client, game, None) as watcher_ws:
        ann, bob, watcher = Body(ann_ws), Body(bob_ws), Body(watcher_ws)
        for seat in (ann, bob, watcher):
            assert seat.receive()["version"] == 0
        ann_ws.send_json({"type": "act", "version": 0, "action": {"type": "draw"},
                          "client_id": "x"})
        messages = [receive(ann_ws), receive(ann_ws)]
        assert {m["type"] for m in messages} == {"ack", "patch"}
        ack = next(m for m in messages if m["type"] == "ack")
        assert ack == {"type": "ack", "version": 1, "client_id": "x"}
        patch = next(m for m in messages if m["type"] == "patch")
        assert patch["from"] == 0 and patch["version"] == 1
        mine = jsonpatch.apply_patch(ann.body, patch["ops"])
        assert len(mine["view"]["you"]["hand"]) == 3
        assert mine["log"][-1]["text"].startswith("You drew")
        theirs = bob.receive()
        assert theirs["version"] == 1 and len(theirs["view"]["you"]["hand"]) == 2
        assert theirs["log"][-1]["text"] == "Ann drew a card"
        assert theirs["prompts"][0]["seat"] == 1
        public = watcher.receive()
        assert public["version"] == 1 and "you" not in public["view"]
        assert [e["text"] for e in public["log"]] == ["Ann drew a card"]  # the public shadow
        assert bob.kinds == watcher.kinds == ["state", "patch"]
        for seat, body in ((0, mine), (1, theirs)):
            assert body == client.get(f"/api/games/{game['id']}",
                                      headers=auth(game["seats"][seat]["token"])).json()
        assert public == client.get(f"/api/games/{game['id']}").json()


def test_old_clients_ask_for_whole_states(client: TestClient) -> None:
    game = create(client)
    url = f"/ws/games/{game['id']}?token={game['seats'][1]['token']}&patches=0"
    with client.websocket_connect(url) as bob:
        assert receive(bob)["type"] == "state"
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        pushed = receive(bob)
        assert pushed["type"] == "state" and pushed["version"] == 1 and pushed["prompts"]


def test_a_client_that_lost_track_asks_for_a_sync(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert receive(bob)["version"] == 0
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        assert receive(bob)["type"] == "patch"
        bob.send_json({"type": "sync"})
        again = receive(bob)
        assert again["type"] == "state" and again["version"] == 1
        assert {k: v for k, v in again.items() if k != "type"} == client.get(
            f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json()


def test_errors_come_back_as_messages(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob, socket(client, game, None) as watcher:
        receive(bob)
        receive(watcher)
        bob.send_json({"type": "act", "version": 0, "action": {"type": "pass"}, "client_id": "a"})
        error = receive(bob)
        assert error["type"] == "error" and error["code"] == 422 and error["client_id"] == "a"
        bob.send_json({"type": "act", "version": 5, "action": {"type": "pass"}})
        assert receive(bob)["code"] == 409
        bob.send_text("not json")
        assert receive(bob)["code"] == 400
        bob.send_json({"type": "act", "version": "zero"})
        assert receive(bob)["code"] == 422
        bob.send_json({"type": "ping"})
        assert receive(bob) == {"type": "pong"}
        watcher.send_json({"type": "act", "version": 0, "action": {"type": "pass"}})
        assert receive(watcher)["code"] == 401


def test_a_stale_act_is_refused_as_the_repository_refuses_it_and_a_retry_is_acked(
        client: TestClient) -> None:
    """Stale acts are refused before the act's path (`Repository.stale_at`): the same answer
    as `Repository.act`'s StaleVersion, and an applied client_id is still acked, not refused."""
    game = create(client)
    with socket(client, game, 0) as ann:
        receive(ann)
        act = {"type": "act", "version": 0, "action": {"type": "draw"}, "client_id": "x"}
        ann.send_json(act)
        assert {m["type"] for m in (receive(ann), receive(ann))} == {"ack", "patch"}
        ann.send_json(act)  # a retry of what was applied, at the version it was made at
        assert receive(ann) == {"type": "ack", "version": 1, "client_id": "x"}
        ann.send_json({**act, "client_id": "y"})
        said = StaleVersion("core.error.stale", 1, current=1, sent=0).msg
        refusal = receive(ann)
        assert list(refusal.items()) == list(orjson.loads(_error(
            409, said, version=1, client_id="y")).items())
        assert refusal["message"].startswith("The game has moved on to version 1")
        ann.send_json({"type": "act", "version": 0, "action": {"type": "draw"}})
        assert receive(ann) == {**refusal, "client_id": None}


def test_another_seats_client_id_is_refused_over_the_socket(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 0) as ann, socket(client, game, 1) as bob:
        receive(ann), receive(bob)
        ann.send_json({"type": "act", "version": 0, "action": {"type": "draw"},
                       "client_id": "x"})
        assert {m["type"] for m in (receive(ann), receive(ann))} == {"ack", "patch"}
        assert receive(bob)["type"] == "patch"
        bob.send_json({"type": "act", "version": 1, "action": {"type": "pass"},
                       "client_id": "x"})
        refusal = receive(bob)
        assert refusal["type"] == "error" and refusal["code"] == 409
        assert refusal["client_id"] == "x" and "client_id" in refusal["message"]
        bob.send_json({"type": "act", "version": 1, "action": {"type": "pass"},
                       "client_id": "y"})
        assert {m["type"] for m in (receive(bob), receive(bob))} == {"ack", "patch"}


@pytest.mark.parametrize("act,plain", [
    ({"version": 3, "action": {"type": "pass"}}, True),
    ({"version": 0, "action": {}, "client_id": None}, True),
    ({"version": 3, "action": {"type": "pass"}, "client_id": "x" * 64}, True),
    ({"version": 3, "action": {"type": "pass"}, "client_id": "x" * 65}, False),
    ({"version": 3, "action": {"type": "pass"}, "client_id": ""}, False),
    ({"version": 3, "action": {"type": "pass"}, "client_id": 7}, False),
    ({"version": -1, "action": {"type": "pass"}}, False),
    ({"version": True, "action": {"type": "pass"}}, False),
    ({"version": 3.0, "action": {"type": "pass"}}, False),
    ({"version": "3", "action": {"type": "pass"}}, False),
    ({"version": 3, "action": [1]}, False),
    ({"version": 3}, False),
    ({"action": {"type": "pass"}}, False),
    ({"version": 3, "action": {"type": "pass"}, "more": 1}, False),
])
def test_an_act_taken_without_validating_is_what_validating_gives(act: dict, plain: bool
                                                                  ) -> None:
    """A plain act is taken as it is; anything else goes through `Act` (and its errors)."""
    assert _plain_act(act) is plain
    if plain:
        assert Act.model_validate(act).model_dump() == {"client_id": None, **act}


@pytest.mark.parametrize("token,code", [("junk", 4401), ("other", 4403)])
def test_bad_tokens_are_refused(client: TestClient, token: str, code: int) -> None:
    game = create(client)
    if token == "other":
        token = create(client)["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws:
        assert receive(ws)["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == code


def test_unknown_game_closes_with_4404(client: TestClient) -> None:
    with client.websocket_connect("/ws/games/nope") as ws:
        assert receive(ws)["code"] == 404
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 4404


def test_a_client_that_reconnects_gets_the_current_state(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert receive(bob)["version"] == 0
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"version": 0, "action": {"type": "pass"}},
                           headers=auth(game["seats"][0]["token"]))
    assert response.status_code == 200
    with socket(client, game, 1) as bob:
        state = receive(bob)
        assert state["version"] == 1 and state["prompts"][0]["seat"] == 1


def test_http_actions_are_pushed_to_sockets(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        receive(bob)
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        assert receive(bob)["version"] == 1  # a patch says its version too


def test_a_push_that_fails_closes_the_socket_so_the_client_starts_again(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert receive(bob)["type"] == "state"

        def broken(*args: object) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(client.app.state.service.repo, "push_bytes", broken)
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(bob)
        assert closed.value.code == 1011
    assert "pushing to a socket" in caplog.text
    assert game["seats"][1]["token"] not in caplog.text


def _connection_of(app, game_id: str, seat: int):  # type: ignore[no-untyped-def]
    listeners = app.state.service.broadcaster._listeners[game_id]
    return next(f.__self__ for f in listeners if f.__self__.seat == seat)


def test_the_real_server_reads_and_writes_through_the_direct_door(settings: Settings) -> None:
    from app.web.wire import Direct

    with served(create_app(settings)) as client:
        game = create(client)
        with socket(client, game, 0) as ann:  # type: ignore[arg-type]
            assert receive(ann)["type"] == "state"
            conn = _connection_of(client.app, game["id"], 0)
            assert isinstance(conn.sink, Direct) and conn.sink.on_text == conn.on_text
            ann.send_json({"type": "act", "version": 0, "action": {"type": "draw"},
                           "client_id": "d"})
            # the ack and the seat's own patch leave in one write, the ack first
            assert receive(ann)["type"] == "ack"
            assert receive(ann)["type"] == "patch"


def test_a_client_that_cannot_keep_up_skips_to_the_newest_version(settings: Settings) -> None:
    with served(create_app(settings)) as client:
        game = create(client, rounds=50)
        with socket(client, game, 1) as bob_ws:  # type: ignore[arg-type]
            bob = Body(bob_ws)
            assert bob.receive()["version"] == 0
            protocol = _connection_of(client.app, game["id"], 1).sink._protocol
            # what the transport does when the client's buffer is full, on the server's loop
            done = threading.Event()
            protocol.loop.call_soon_threadsafe(lambda: (protocol.pause_writing(), done.set()))
            assert done.wait(5)
            version = 0
            for _ in range(6):
                seat = client.get(f"/api/games/{game['id']}").json()["waiting"][0]["seat"]
                acted = client.post(f"/api/games/{game['id']}/actions",
                                    json={"version": version, "action": {"type": "pass"}},
                                    headers=auth(game["seats"][seat]["token"]))
                version = acted.json()["version"]
            protocol.loop.call_soon_threadsafe(protocol.resume_writing)
            body = bob.receive()  # one patch, from version 0 to the newest
            assert body["version"] == version == 6 and bob.kinds == ["state", "patch"]
            assert body == client.get(f"/api/games/{game['id']}",
                                      headers=auth(game["seats"][1]["token"])).json()


def test_a_token_can_come_as_the_first_message_instead_of_in_the_url(client: TestClient) -> None:
    game = create(client)
    with client.websocket_connect(f"/ws/games/{game['id']}?auth=message") as bob:
        bob.send_json({"type": "auth", "token": game["seats"][1]["token"]})
        state = receive(bob)
        assert state["type"] == "state" and state["seat"] == 1 and state["view"]["you"]
    with client.websocket_connect(f"/ws/games/{game['id']}?auth=message") as watcher:
        watcher.send_json({"type": "auth"})
        assert receive(watcher)["seat"] is None


@pytest.mark.parametrize("first,code", [({"type": "auth", "token": "junk"}, 4401),
                                        ({"type": "act", "version": 0}, 4400),
                                        ("not json", 4400)])
def test_a_bad_first_message_is_refused(client: TestClient, first: object, code: int) -> None:
    game = create(client)
    with client.websocket_connect(f"/ws/games/{game['id']}?auth=message") as ws:
        if isinstance(first, str):
            ws.send_text(first)
        else:
            ws.send_json(first)
        assert receive(ws)["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == code


@pytest.mark.parametrize("refusal", ["stale", "database_away"])
def test_a_push_that_came_while_the_seats_act_was_on_its_way_is_not_lost_when_it_is_refused(
        client: TestClient, refusal: str) -> None:
    """With a database the loop does not wait on (PostgreSQL), a seat's act is awaited; what is
    pushed to its socket meanwhile is held back to follow the ack. A refused act must still send
    what was held: Ann's action landing while Bob's is on its way left Bob's page at the old
    version, with nothing more to come (found by bench.load on PostgreSQL)."""
    from sqlalchemy.exc import OperationalError

    service = client.app.state.service  # type: ignore[attr-defined]
    service.inline_writes = False  # every database the way PostgreSQL's acts go
    act_as = service.act_as

    async def ann_first(game_id: str, seat: int, version: int, action: object,
                        client_id: str | None) -> int:
        if seat == 1:
            await act_as(game_id, 0, version, {"type": "draw"}, "ann")
            if refusal == "database_away":
                raise OperationalError("SELECT 1", {}, Exception("the database went away"))
        return await act_as(game_id, seat, version, action, client_id)

    service.act_as = ann_first
    game = create(client)
    with socket(client, game, 1) as bob_ws:
        bob = Body(bob_ws)
        assert bob.receive()["version"] == 0
        bob_ws.send_json({"type": "act", "version": 0, "action": {"type": "draw"},
                          "client_id": "b"})
        error = receive(bob_ws)
        assert error["type"] == "error" and error["client_id"] == "b"
        assert error["code"] == (409 if refusal == "stale" else 503)
        bob_ws.send_json({"type": "ping"})  # its answer comes after anything still to come
        held = receive(bob_ws)
        assert held["type"] == "patch" and (held["from"], held["version"]) == (0, 1), held
        assert jsonpatch.apply_patch(bob.body, held["ops"]) == client.get(
            f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json()
        assert receive(bob_ws)["type"] == "pong"
