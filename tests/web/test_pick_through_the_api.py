"""A prompt that asks to pick several options at once, answered through the public API: a pick
within what was offered is one action; anything else is refused with 422 and its reason (the
websocket's error message carries the same), and nothing changes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.core.pick import first_answer, picked_action, random_answer
from tests.web.conftest import auth


def to_a_pick(client: TestClient) -> tuple[str, list[str], int, dict[str, Any]]:
    """A BSG game played by random answers until a seat is asked to pick: (id, tokens, that
    seat, its body). The server picks each game's seed, so a game may end before anyone picks:
    then another game is played."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    bots = random.Random(3)
    for _ in range(5):
        game = client.post("/api/games", json={"game": "bsg", "players": names}).json()
        tokens = [s["token"] for s in game["seats"]]
        for _ in range(3000):
            public = client.get(f"/api/games/{game['id']}").json()
            if public["status"] != "active":
                break
            seat = public["waiting"][0]["seat"]
            mine = client.get(f"/api/games/{game['id']}", headers=auth(tokens[seat])).json()
            if "pick" in mine["prompts"][0]:
                return game["id"], tokens, seat, mine
            client.post(f"/api/games/{game['id']}/actions", headers=auth(tokens[seat]),
                        json={"version": mine["version"],
                              "action": random_answer(mine["prompts"][0], bots)})
    raise AssertionError("nobody was asked to pick in 5 games")


def test_bad_picks_get_422_with_the_reason_and_a_good_one_is_one_action(
        client: TestClient) -> None:
    game_id, tokens, seat, mine = to_a_pick(client)
    prompt = mine["prompts"][0]
    n = prompt["pick"]["max"]
    actions = [o["action"] for o in prompt["options"]]
    absent = {"type": "discard", "card": "no_such_card"}
    bad = {
        "too few": picked_action(actions[:n - 1]),
        "too many": picked_action(actions[:n + 1]),
        "not offered": picked_action([*actions[:n - 1], absent]),
        "one option alone": actions[0],
        "not a list": {"type": "pick", "picked": "all"},
    }
    # one option picked more often than it is offered
    once = next((a for a in actions if actions.count(a) == 1), None)
    if once is not None:
        bad["repeated"] = picked_action([once] * n)
    for why, action in bad.items():
        response = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                               json={"version": mine["version"], "action": action})
        assert response.status_code == 422, (why, response.status_code, response.text)
        assert response.json()["detail"], why
    assert client.get(f"/api/games/{game_id}").json()["version"] == mine["version"]
    response = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                           json={"version": mine["version"], "action": first_answer(prompt)})
    assert response.status_code == 200, response.text
    assert response.json()["version"] == mine["version"] + 1


@pytest.mark.parametrize("action", [picked_action([]), {"type": "pick"}])
def test_a_bad_pick_over_the_websocket_is_an_error_message(client: TestClient,
                                                           action: dict[str, Any]) -> None:
    game_id, tokens, seat, mine = to_a_pick(client)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[seat]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "version": mine["version"], "action": action,
                      "client_id": "bad-pick"})
        while True:
            message = ws.receive_json()
            if message["type"] == "error":
                break
        assert message["code"] == 422 and message["message"]
