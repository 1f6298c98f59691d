"""Roll for the Galaxy through the server: listed with its option and player counts, a bad
player count refused with its reason, a game of computer seats created and played to its end by
the server (nothing game-specific in the core, the store or the web)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient


def test_listed_with_the_first_game_option(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/rules").json()}
    rftg = games["roll_for_the_galaxy"]
    assert (rftg["min_players"], rftg["max_players"]) == (2, 5)
    assert [o["name"] for o in rftg["options"]] == ["first_game"]
    wrong = client.post("/api/games", json={"game": "roll_for_the_galaxy",
                                            "players": ["A", "B", "C", "D", "E", "F"]})
    assert wrong.status_code == 422, wrong.text
    assert "2 to 5 players, not 6" in wrong.text


def test_a_game_of_computer_seats_ends_on_the_server(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "roll_for_the_galaxy",
                                           "players": ["Ann", "Bob"],
                                           "options": {"first_game": True},
                                           "bots": {"0": "random", "1": "random"}})
    assert made.status_code == 201, made.text
    game = made.json()["id"]
    body: dict = {}
    for _ in range(600):
        body = client.get(f"/api/games/{game}").json()
        if body["status"] == "finished":
            break
        time.sleep(0.1)
    assert body["status"] == "finished", body.get("waiting")
    replay = client.get(f"/api/games/{game}/replay").json()
    assert replay["game"] == "roll_for_the_galaxy" and len(replay["steps"]) > 10


def test_its_card_reference_in_every_language(client: TestClient) -> None:
    ru = {c["id"]: c for c in client.get("/api/rules/roll_for_the_galaxy/cards?lang=ru").json()}
    assert ru["doomed_world"]["name"] == "Обречённый мир"
    page = client.get("/rules/roll_for_the_galaxy")
    assert page.status_code == 200 and "Doomed World" in page.text
