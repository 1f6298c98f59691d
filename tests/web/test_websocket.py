"""WS /ws/games/{id}: full state on connect, then patches after every change, filtered per seat."""

from __future__ import annotations

import jsonpatch
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import auth, create
from tests.web.held import Body


def socket(client: TestClient, game: dict, seat: int | None):
    query = "" if seat is None else f"?token={game['seats'][seat]['token']}"
    return client.websocket_connect(f"/ws/games/{game['id']}{query}")


def test_connect_sends_the_seats_own_state(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 0) as ann, socket(client, game, None) as watcher:
        first = ann.receive_json()
        assert first["type"] == "state" and first["version"] == 0 and first["seat"] == 0
        assert len(first["view"]["you"]["hand"]) == 2 and first["prompts"]
        public = watcher.receive_json()
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
        messages = [ann_ws.receive_json(), ann_ws.receive_json()]
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
        assert bob.receive_json()["type"] == "state"
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        pushed = bob.receive_json()
        assert pushed["type"] == "state" and pushed["version"] == 1 and pushed["prompts"]


def test_a_client_that_lost_track_asks_for_a_sync(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert bob.receive_json()["version"] == 0
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        assert bob.receive_json()["type"] == "patch"
        bob.send_json({"type": "sync"})
        again = bob.receive_json()
        assert again["type"] == "state" and again["version"] == 1
        assert {k: v for k, v in again.items() if k != "type"} == client.get(
            f"/api/games/{game['id']}", headers=auth(game["seats"][1]["token"])).json()


def test_errors_come_back_as_messages(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob, socket(client, game, None) as watcher:
        bob.receive_json()
        watcher.receive_json()
        bob.send_json({"type": "act", "version": 0, "action": {"type": "pass"}, "client_id": "a"})
        error = bob.receive_json()
        assert error["type"] == "error" and error["code"] == 422 and error["client_id"] == "a"
        bob.send_json({"type": "act", "version": 5, "action": {"type": "pass"}})
        assert bob.receive_json()["code"] == 409
        bob.send_text("not json")
        assert bob.receive_json()["code"] == 400
        bob.send_json({"type": "act", "version": "zero"})
        assert bob.receive_json()["code"] == 422
        bob.send_json({"type": "ping"})
        assert bob.receive_json() == {"type": "pong"}
        watcher.send_json({"type": "act", "version": 0, "action": {"type": "pass"}})
        assert watcher.receive_json()["code"] == 401


@pytest.mark.parametrize("token,code", [("junk", 4401), ("other", 4403)])
def test_bad_tokens_are_refused(client: TestClient, token: str, code: int) -> None:
    game = create(client)
    if token == "other":
        token = create(client)["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_unknown_game_closes_with_4404(client: TestClient) -> None:
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["code"] == 404
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_client_that_reconnects_gets_the_current_state(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert bob.receive_json()["version"] == 0
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"version": 0, "action": {"type": "pass"}},
                           headers=auth(game["seats"][0]["token"]))
    assert response.status_code == 200
    with socket(client, game, 1) as bob:
        state = bob.receive_json()
        assert state["version"] == 1 and state["prompts"][0]["seat"] == 1


def test_http_actions_are_pushed_to_sockets(client: TestClient) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        bob.receive_json()
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        assert bob.receive_json()["version"] == 1  # a patch says its version too


def test_a_push_that_fails_closes_the_socket_so_the_client_starts_again(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = create(client)
    with socket(client, game, 1) as bob:
        assert bob.receive_json()["type"] == "state"

        def broken(*args: object) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(client.app.state.service.repo, "push_bytes", broken)
        client.post(f"/api/games/{game['id']}/actions",
                    json={"version": 0, "action": {"type": "pass"}},
                    headers=auth(game["seats"][0]["token"]))
        with pytest.raises(WebSocketDisconnect) as closed:
            bob.receive_json()
        assert closed.value.code == 1011
    assert "pushing to a socket" in caplog.text
    assert game["seats"][1]["token"] not in caplog.text
