"""Star Realms' own computer players through the API: listed with the game's rules, and a game
with a person against the smart bot comes back to the person after each of the bot's turns
(answering what the bot's cards ask of her in its turn)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import auth
from tests.web.test_bot_seats import create, until


def test_the_game_lists_its_bots_and_the_smart_bot_plays_its_turns(client: TestClient) -> None:
    rules = {r["name"]: r for r in client.get("/api/rules").json()}
    names = {b["name"]: b["key"] for b in rules["star_realms"]["bots"]}
    assert names == {"random": "core.bot.random", "greedy": "star_realms.bot.greedy",
                     "smart": "star_realms.bot.smart"}
    game = create(client, ["Ann", "Hal"], {"1": "smart"}, game="star_realms")
    ann = game["seats"][0]["token"]
    turns = 0
    while turns < 3:
        body = until(client, game, lambda b: bool(b["prompts"]) or b["status"] == "finished",
                     ann)
        assert body["status"] == "active"
        options = body["prompts"][0]["options"]
        end = next((o["action"] for o in options if o["action"]["type"] == "end_turn"), None)
        if end is None:
            # asked in the bot's turn (a card of the bot's makes Ann discard): any answer
            assert body["view"]["current"] == 1
            chosen = options[0]["action"]
        else:
            assert body["view"]["current"] == 0
            chosen, turns = end, turns + 1
        response = client.post(f"/api/games/{game['id']}/actions", headers=auth(ann),
                               json={"version": body["version"], "action": chosen})
        assert response.status_code == 200, response.text
    log = client.get(f"/api/games/{game['id']}", headers=auth(ann)).json()["log"]
    assert any(e["kind"] == "play" for e in log)
