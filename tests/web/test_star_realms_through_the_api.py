"""Star Realms through the server: listed with its options, its card reference in every
language, its pages, and a whole game played over HTTP to its replay (nothing game-specific
needed in the core, the store or the web)."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from app.core.pick import random_answer
from tests.web.conftest import auth


def test_star_realms_is_hosted_with_its_format_option(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/rules").json()}
    sr = games["star_realms"]
    assert (sr["min_players"], sr["max_players"]) == (2, 6)
    assert [o["name"] for o in sr["options"]] == ["format"]
    assert sr["options"][0]["choices"] == [
        "two_player", "free_for_all", "hunter", "hydra_two_headed", "hydra_three_headed",
        "emperor", "raid"]
    assert "raid" in sr["options"][0]["description"]
    home = client.get("/").text
    assert "star_realms" in home
    assert '<option value="hydra_two_headed" data-max="4"' in home
    wrong = client.post("/api/games", json={"game": "star_realms", "players": ["A", "B", "C"],
                                            "options": {"format": "hydra_two_headed"}})
    assert wrong.status_code == 400 or wrong.status_code == 422, wrong.text
    assert "exactly 4" in wrong.text


def test_the_card_reference_in_three_languages(client: TestClient) -> None:
    en = {c["id"]: c for c in client.get("/api/rules/star_realms/cards?lang=en").json()}
    ru = {c["id"]: c for c in client.get("/api/rules/star_realms/cards?lang=ru").json()}
    pl = {c["id"]: c for c in client.get("/api/rules/star_realms/cards?lang=pl").json()}
    assert len(en) == 46
    assert (en["lancer"]["name"], ru["lancer"]["name"], pl["lancer"]["name"]) == (
        "Lancer", "Пиконосец", "Pikinier")
    assert ru["explorer"]["text"].startswith("Первичное: +2 торговли")
    page = client.get("/rules/star_realms")
    assert page.status_code == 200 and "Leviathan" in page.text
    assert 'data-i18n="star_realms.card.leviathan.text"' in page.text
    assert 'data-i18n="star_realms.card.the_oracle.facts">Outpost, defense 5, cost 4' in page.text
    assert ru["the_oracle"]["tags"][0]["text"] == "Аванпост, оборона 5, стоимость 4"


def test_a_whole_game_over_http_and_its_replay(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "star_realms", "players": ["Ann", "Bob"],
                                           "options": {}})
    assert made.status_code == 201, made.text
    game = made.json()
    tokens = [s["token"] for s in game["seats"]]
    bots = random.Random(4)
    for _ in range(3000):
        body = client.get(f"/api/games/{game['id']}").json()
        if body["status"] == "finished":
            break
        asked = body["waiting"][0]["seat"]
        mine = client.get(f"/api/games/{game['id']}", headers=auth(tokens[asked])).json()
        assert "hand" not in mine["view"]["players"][1 - asked]
        prompt = mine["prompts"][0]
        answer = client.post(f"/api/games/{game['id']}/actions", headers=auth(tokens[asked]),
                             json={"version": mine["version"],
                                   "action": random_answer(prompt, bots)})
        assert answer.status_code == 200, answer.text
    assert body["status"] == "finished" and body["result"]["text"]
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert replay["game"] == "star_realms" and len(replay["steps"]) > 10
    assert "trade_deck" in replay["steps"][0]["view"]


def test_a_two_headed_hydra_game_of_four_over_http(client: TestClient) -> None:
    """Two teams of two: teammates are asked at once, each posts on its own; the server
    applies one action at a time, so a teammate's answer at the old version is refused (409)
    and, read again, its prompt is asked anew; teammates' hands stay private."""
    from tests.games.star_realms.format_games import hurried

    names = ["Ann", "Bob", "Cid", "Dee"]
    made = client.post("/api/games", json={"game": "star_realms", "players": names,
                                           "options": {"format": "hydra_two_headed"}})
    assert made.status_code == 201, made.text
    game = made.json()
    url = f"/api/games/{game['id']}"
    tokens = [s["token"] for s in game["seats"]]
    bots = random.Random(15)
    together = raced = 0
    for _ in range(6000):
        body = client.get(url).json()
        if body["status"] == "finished":
            break
        waiting = sorted({w["seat"] for w in body["waiting"]})
        reads = {s: client.get(url, headers=auth(tokens[s])).json() for s in waiting}
        for mine in reads.values():
            view = mine["view"]
            assert all("hand" not in p for p in view["players"]), "teammates' hands are private"
        if len(waiting) > 1:
            together += 1
            # the members of one team act at once; an opponent may be answering a member's
            # question (a discard) meanwhile, never in their main phase
            mains = {w["seat"] for w in body["waiting"] if w["kind"] == "main"}
            assert len({view["players"][s]["team"] for s in mains}) <= 1
        order = bots.sample(waiting, len(waiting))
        first, rest = order[0], order[1:]
        prompt = reads[first]["prompts"][0]
        answer = client.post(f"{url}/actions", headers=auth(tokens[first]),
                             json={"version": reads[first]["version"],
                                   "action": hurried(prompt, bots)})
        assert answer.status_code == 200, answer.text
        for seat in rest[:1]:  # a teammate who answers what it read before
            late = client.post(f"{url}/actions", headers=auth(tokens[seat]),
                               json={"version": reads[seat]["version"],
                                     "action": reads[seat]["prompts"][0]["options"][-1]["action"]})
            assert late.status_code == 409
            raced += 1
    assert body["status"] == "finished", "the game ends"
    assert together > 5 and raced > 5
    result = body["result"]
    assert len(result["winners"]) == 2
    teams = {0: {0, 2}, 1: {1, 3}}
    assert set(result["winners"]) in teams.values()


def test_a_hydra_game_of_computer_seats_only_ends_on_the_server(client: TestClient) -> None:
    """Several bot seats asked at once (a team turn) are answered one by one by the server."""
    from tests.web.test_bot_seats import create, until

    game = create(client, ["Hal", "Max", "Eve", "Ivy"], {str(i): "random" for i in range(4)},
                  game="star_realms", format="hydra_two_headed")
    final = until(client, game, lambda b: b["status"] == "finished")
    assert set(final["result"]["winners"]) in ({0, 2}, {1, 3})
