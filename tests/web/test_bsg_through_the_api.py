"""Battlestar Galactica through the public API: created, played by bots to the end."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from app.core.pick import random_answer
from tests.replays import replay_views
from tests.web.conftest import auth


def test_a_five_player_game_is_played_to_the_end_through_the_api(client: TestClient) -> None:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
    created = client.post("/api/games", json={"game": "bsg", "players": names})
    assert created.status_code == 201, created.text
    game = created.json()
    tokens = [s["token"] for s in game["seats"]]
    bots = random.Random(5)
    for _ in range(5000):
        public = client.get(f"/api/games/{game['id']}").json()
        if public["status"] == "finished":
            break
        waiting = public["waiting"][0]["seat"]
        mine = client.get(f"/api/games/{game['id']}", headers=auth(tokens[waiting])).json()
        action = random_answer(mine["prompts"][0], bots)
        response = client.post(f"/api/games/{game['id']}/actions", headers=auth(tokens[waiting]),
                               json={"version": mine["version"], "action": action,
                                     "client_id": f"c{mine['version']}"})
        assert response.status_code == 200, response.text
    final = client.get(f"/api/games/{game['id']}").json()
    assert final["status"] == "finished"
    assert final["result"]["winner"] in ("humans", "cylons")
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert len(replay["steps"]) == final["version"] + 1
    last = replay_views(replay)[-1]
    assert all("hand" in p for p in last["players"])
    assert last == client.get(f"/api/games/{game['id']}").json()["view"]


def test_the_bsg_card_reference(client: TestClient) -> None:
    cards = client.get("/api/rules/bsg/cards").json()
    decks = {c["deck"] for c in cards}
    assert {"character", "skill", "crisis", "quorum", "destination", "loyalty"} <= decks
    page = client.get("/rules/bsg")
    assert page.status_code == 200
    assert "William Adama" in page.text and "Inspirational Leader" in page.text
    assert "Food Shortage" in page.text
