"""Computer seats through the API: created with `bots`, played by the server through the same
door as a person's action, carried on after a restart, refused with reasons when malformed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.store.repository import Repository
from app.web.app import create_app
from tests.conftest import first_option
from tests.web.conftest import auth

WAIT = 60.0


def create(client: TestClient, players: list[str], bots: dict[str, str], game: str = "secretcards",
           **options: Any) -> dict:
    response = client.post("/api/games", json={"game": game, "players": players,
                                               "options": options, "bots": bots})
    assert response.status_code == 201, response.text
    return response.json()


def until(client: TestClient, game: dict, done: Callable[[dict], bool], token: str | None = None
          ) -> dict:
    """The game's body (as `token`'s seat sees it) once `done` holds; the bots play meanwhile."""
    headers = auth(token) if token else {}
    deadline = time.monotonic() + WAIT
    while True:
        body = client.get(f"/api/games/{game['id']}", headers=headers).json()
        if done(body):
            return body
        assert time.monotonic() < deadline, f"the bots did not get there: {body['waiting']}"
        time.sleep(0.02)


def test_a_bot_seat_gets_no_token_or_link_and_the_others_are_as_before(client: TestClient
                                                                       ) -> None:
    game = create(client, ["Ann", "Hal", "Cid"], {"1": "random"})
    ann, hal, cid = game["seats"]
    assert set(ann) == set(cid) == {"seat", "name", "token", "url"}
    assert hal == {"seat": 1, "name": "Hal", "bot": "random"}
    for token in (ann["token"], None):  # who is a computer is public
        assert until(client, game, lambda b: True, token)["bots"] == {"1": "random"}
    rules = {r["name"]: r for r in client.get("/api/rules").json()}
    assert {"name": "random", "key": "core.bot.random"} in rules["secretcards"]["bots"]
    assert {"name": "random", "key": "core.bot.random"} in rules["bsg"]["bots"]


def test_bad_bots_are_refused_with_reasons(client: TestClient) -> None:
    cases = [
        ({"2": "random"}, "no seat '2'"),
        ({"-1": "random"}, "no seat '-1'"),
        ({"one": "random"}, "no seat 'one'"),
        ({"1": "genius"}, "no computer player 'genius'"),
        ({"1": 5}, "bots"),
        (["random"], "bots"),
        ("random", "bots"),
    ]
    for bots, reason in cases:
        response = client.post("/api/games", json={"game": "secretcards",
                                                   "players": ["Ann", "Bob"], "bots": bots})
        assert response.status_code == 422, (bots, response.text)
        assert reason in response.json()["detail"], response.json()
        assert response.json()["msg"]["key"].startswith("core.")


def test_with_every_seat_but_one_a_bot_the_game_comes_back_to_the_person(client: TestClient
                                                                          ) -> None:
    # the person sits last: the bots move first, as soon as the game is made
    game = create(client, ["Hal", "Max", "Ann"], {"0": "random", "1": "random"}, rounds=5)
    ann = game["seats"][2]["token"]
    for turn in range(5):
        body = until(client, game, lambda b: bool(b["prompts"]) or b["status"] == "finished", ann)
        if body["status"] == "finished":
            break
        assert body["version"] == 3 * turn + 2  # both bots moved, once each
        assert [p["seat"] for p in body["prompts"]] == [2]
        seat, action = first_option(body["prompts"])
        moved = client.post(f"/api/games/{game['id']}/actions", headers=auth(ann),
                            json={"version": body["version"], "action": action})
        assert moved.status_code == 200, moved.text
    final = until(client, game, lambda b: b["status"] == "finished", ann)
    assert final["version"] == 15
    replay = client.get(f"/api/games/{game['id']}/replay").json()
    assert {step["seat"] for step in replay["steps"][1:]} == {0, 1, 2}
    assert replay["bots"] == {"0": "random", "1": "random"}


def test_in_battlestar_galactica_the_bots_play_until_the_person_is_asked(client: TestClient
                                                                         ) -> None:
    game = create(client, ["Ann", "Hal", "Max", "Eve"], {str(i): "random" for i in (1, 2, 3)},
                  game="bsg")
    ann = game["seats"][0]["token"]
    for _ in range(10):
        # the bots answer everything they are asked (a window may ask them with the person):
        # then only the person is waited on
        body = until(client, game, lambda b: b["status"] == "finished"
                     or [w["seat"] for w in b["waiting"]] == [0], ann)
        if body["status"] == "finished":
            break
        seat, action = first_option(body["prompts"])
        moved = client.post(f"/api/games/{game['id']}/actions", headers=auth(ann),
                            json={"version": body["version"], "action": action})
        assert moved.status_code == 200, moved.text
    assert body["version"] > 10


def test_a_game_of_bots_only_plays_to_its_end_on_the_server(client: TestClient) -> None:
    game = create(client, ["Hal", "Max", "Eve"], {"0": "random", "1": "random", "2": "random"},
                  rounds=20)
    final = until(client, game, lambda b: b["status"] == "finished")
    assert final["version"] == 60 and final["result"]["winners"]


def test_a_battlestar_galactica_game_of_bots_only_ends_on_the_server(client: TestClient) -> None:
    game = create(client, ["Hal", "Max", "Eve"], {str(i): "random" for i in range(3)},
                  game="bsg")
    final = until(client, game, lambda b: b["status"] == "finished")
    assert final["result"]["winner"] in ("humans", "cylons")


def test_bots_play_the_same_game_again_from_the_same_seed(settings: Settings) -> None:
    """A bot's generator comes from the game's seed, seat and version: the same game twice."""
    games = []
    for _ in range(2):
        repo = Repository(settings)
        created = repo.create("secretcards", ["Hal", "Max"], {"rounds": 10}, seed=7,
                              bots={"0": "random", "1": "random"})
        repo.close()
        with TestClient(create_app(settings, migrate_on_start=False)) as client:
            until(client, {"id": created.id}, lambda b: b["status"] == "finished")
            games.append([(s["seat"], s["action"]) for s in
                          client.get(f"/api/games/{created.id}/replay").json()["steps"][1:]])
    assert games[0] == games[1] and len(games[0]) == 20


def test_a_game_whose_bot_is_asked_when_the_server_starts_goes_on(settings: Settings) -> None:
    repo = Repository(settings)  # made while no server runs (as if it stopped right after)
    created = repo.create("secretcards", ["Hal", "Ann"], {"rounds": 2}, bots={"0": "random"})
    repo.close()
    with TestClient(create_app(settings, migrate_on_start=False)) as client:
        body = until(client, {"id": created.id}, lambda b: bool(b["prompts"]),
                     created.tokens[1])
        assert body["version"] == 1 and body["prompts"][0]["seat"] == 1


def test_a_rematch_keeps_the_bot_seats(client: TestClient) -> None:
    game = create(client, ["Ann", "Hal"], {"1": "random"}, rounds=1)
    ann = game["seats"][0]["token"]
    body = until(client, game, lambda b: bool(b["prompts"]), ann)
    seat, action = first_option(body["prompts"])
    client.post(f"/api/games/{game['id']}/actions", headers=auth(ann),
                json={"version": body["version"], "action": action})
    until(client, game, lambda b: b["status"] == "finished", ann)
    made = client.post(f"/api/games/{game['id']}/rematch", headers=auth(ann)).json()
    assert client.app.state.service.repo.live(made["id"]).bots == {1: "random"}


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cid"]])
def test_the_home_form_makes_computer_seats(client: TestClient, players: list[str]) -> None:
    form = {"game": "secretcards", "option_rounds": "1"}
    for i, name in enumerate(players):
        form[f"player{i}"] = name
    form["player1"] = ""
    form["bot1"] = "random"
    page = client.post("/", data=form)
    assert page.status_code == 201, page.text
    assert page.text.count('class="invite card"') == len(players) - 1
    assert 'class="invite card bot"' in page.text and "Computer 2" in page.text
    assert "Played by the computer: Computer (random moves)" in page.text
    refused = client.post("/", data={**form, "bot1": "genius"})
    assert refused.status_code == 422 and "genius" in refused.text


def test_the_server_answers_others_while_bots_play(client: TestClient) -> None:
    """Bots play move by move, never holding the event loop: a request made while a long game
    of bots runs is answered while it still runs."""
    long = create(client, ["Hal", "Max"], {"0": "random", "1": "random"}, rounds=3000)
    other = create(client, ["Ann", "Bob"], {})
    versions: list[int] = []
    deadline = time.monotonic() + WAIT
    while len(versions) < 5 or versions[-1] == versions[0]:  # until the bots went on meanwhile
        assert time.monotonic() < deadline, versions
        assert client.get(f"/api/games/{other['id']}").status_code == 200
        versions.append(client.get(f"/api/games/{long['id']}").json()["version"])
    assert versions[-1] < 6000 and versions == sorted(versions)
