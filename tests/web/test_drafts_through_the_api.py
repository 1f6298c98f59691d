"""Decisions behind the screen through the API and the websocket (app/core/drafts.py): a seat
tries its steps out with `POST /draft` (or a socket's "draft" message) and nobody else learns
anything — no version moves, no push, no log line — until it posts them with "ready"; who is
ready is public; a bot seat decides the same way."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from app.core.drafts import steps_action
from tests.web.conftest import auth, receive
from tests.web.test_bot_seats import until

MORE, LESS, READY, TAKE_BACK = ({"type": t} for t in ("more", "less", "ready", "take_back"))


def create(client: TestClient, players: list[str], bots: dict[str, str] | None = None,
           rounds: int = 2) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "sealedbids", "players": players,
                                               "options": {"rounds": rounds},
                                               "bots": bots or {}})
    assert response.status_code == 201, response.text
    return response.json()


def body(client: TestClient, game: dict[str, Any], seat: int | None) -> dict[str, Any]:
    headers = auth(game["seats"][seat]["token"]) if seat is not None else {}
    return client.get(f"/api/games/{game['id']}", headers=headers).json()


def draft(client: TestClient, game: dict[str, Any], seat: int, steps: list[Any],
          version: int = 0) -> Any:
    return client.post(f"/api/games/{game['id']}/draft", headers=auth(game["seats"][seat]["token"]),
                       json={"version": version, "steps": steps})


def post(client: TestClient, game: dict[str, Any], seat: int, action: Any, version: int) -> Any:
    return client.post(f"/api/games/{game['id']}/actions",
                       headers=auth(game["seats"][seat]["token"]),
                       json={"version": version, "action": action})


def test_a_preview_shows_the_seat_its_steps_and_nobody_else_anything(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob"])
    before = [body(client, game, s) for s in (0, 1, None)]
    tried = draft(client, game, 0, [MORE, MORE, LESS, MORE])
    assert tried.status_code == 200, tried.text
    seen = tried.json()
    assert seen["version"] == 0 and seen["steps"] == 4 and seen["view"]["you"]["bid"] == 2
    assert [o["action"] for o in seen["prompts"][0]["options"]] == [MORE, LESS, READY]
    assert [body(client, game, s) for s in (0, 1, None)] == before  # nothing stored or told
    nothing = draft(client, game, 0, []).json()
    assert nothing["view"] == before[0]["view"] and nothing["prompts"] == before[0]["prompts"]


def test_steps_are_posted_only_with_ready_and_who_is_ready_is_public(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob"])
    alone = post(client, game, 0, MORE, 0)
    assert alone.status_code == 422 and "behind the screen" in alone.json()["detail"]
    assert post(client, game, 0, steps_action([MORE, MORE, READY]), 0).json() == {"version": 1}
    bob = body(client, game, 1)
    assert bob["view"]["ready"] == [True, False] and "bids" not in bob["view"]
    assert [(w["seat"], w.get("ready", False), w.get("draft", False)) for w in bob["waiting"]] \
        == [(0, True, False), (1, False, True)]
    assert bob["log"][-1]["text"] == "Ann is ready"
    ann = body(client, game, 0)
    assert ann["view"]["you"]["bid"] == 2 and ann["prompts"][0]["ready"]
    # taken back: a public action; the bid stays behind the screen
    assert post(client, game, 0, TAKE_BACK, 1).json() == {"version": 2}
    assert body(client, game, 1)["view"]["ready"] == [False, False]
    assert post(client, game, 0, steps_action([LESS, READY]), 2).json() == {"version": 3}
    assert post(client, game, 1, steps_action([MORE, MORE, MORE, READY]), 3).json() \
        == {"version": 4}
    for seat in (0, 1, None):
        assert body(client, game, seat)["view"]["revealed"] == [1, 3]


def test_a_wrong_draft_gets_422_with_the_step_and_a_stale_one_409(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob"])
    wrong = draft(client, game, 0, [LESS])
    assert wrong.status_code == 422 and "Step 1" in wrong.json()["detail"]
    committing = draft(client, game, 0, [MORE, READY])
    assert committing.status_code == 422 and "Step 2" in committing.json()["detail"]
    assert draft(client, game, 0, [MORE], version=5).status_code == 409
    no_token = client.post(f"/api/games/{game['id']}/draft", json={"version": 0, "steps": []})
    assert no_token.status_code == 401
    shape = client.post(f"/api/games/{game['id']}/draft", headers=auth(game["seats"][0]["token"]),
                        json={"version": 0, "steps": "more"})
    assert shape.status_code == 422
    posted = post(client, game, 0, {"type": "steps", "steps": [MORE, LESS, LESS, READY]}, 0)
    assert posted.status_code == 422 and "Step 3" in posted.json()["detail"]
    assert body(client, game, 1)["version"] == 0


def test_a_socket_previews_for_itself_alone(client: TestClient) -> None:
    game = create(client, ["Ann", "Bob"])
    url = f"/ws/games/{game['id']}?token="
    with client.websocket_connect(url + game["seats"][0]["token"]) as ann, \
            client.websocket_connect(url + game["seats"][1]["token"]) as bob:
        assert receive(ann)["type"] == receive(bob)["type"] == "state"
        ann.send_json({"type": "draft", "version": 0, "steps": [MORE], "client_id": "d1"})
        seen = receive(ann)
        assert seen["type"] == "draft" and seen["client_id"] == "d1"
        assert seen["view"]["you"]["bid"] == 1 and seen["version"] == 0
        ann.send_json({"type": "draft", "version": 0, "steps": [LESS], "client_id": "d2"})
        refused = receive(ann)
        assert refused["type"] == "error" and refused["code"] == 422
        bob.send_json({"type": "ping"})
        assert receive(bob)["type"] == "pong"  # nothing came to Bob before his pong
        ann.send_json({"type": "act", "version": 0, "client_id": "a",
                       "action": steps_action([MORE, READY])})
        kinds = {receive(ann)["type"], receive(ann)["type"]}
        assert kinds == {"ack", "patch"}
        assert receive(bob)["type"] == "patch"


def test_bot_seats_decide_behind_the_screen_and_wait_once_ready(client: TestClient) -> None:
    game = create(client, ["Ann", "Hal", "Max"], {"1": "random", "2": "random"}, rounds=3)
    for round_ in (1, 2, 3):
        ready = until(client, game, lambda b: b["view"]["ready"][1:] == [True, True]
                      or b["status"] == "finished", game["seats"][0]["token"])
        assert ready["view"]["round"] == round_
        version = ready["version"]
        time.sleep(0.2)  # ready bots take nothing back
        assert body(client, game, 0)["version"] == version
        assert post(client, game, 0, READY, version).status_code == 200
    assert until(client, game, lambda b: b["status"] == "finished")["result"] is not None
