"""The rematch: one click of any seat of a finished game makes it, every seat then learns its own
new token from its old one (and only its own), spectators learn where to watch it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.store.repository import Repository
from app.store.tokens import hash_token
from app.web.app import create_app
from tests.web.conftest import auth, create, receive
from tests.web.served import served


@pytest.fixture(params=["asgi", "direct"])
def client(request: pytest.FixtureRequest, settings: Settings) -> Iterator[TestClient]:
    if request.param == "asgi":
        with TestClient(create_app(settings)) as test_client:
            yield test_client
    else:
        with served(create_app(settings)) as served_client:
            yield served_client  # type: ignore[misc]


def finished(client: TestClient, players: list[str] | None = None) -> dict:
    game = create(client, players or ["Ann", "Bob"], rounds=1)
    for version in range(len(game["seats"]) * 2):
        seat = client.get(f"/api/games/{game['id']}").json()["waiting"][0]["seat"]
        acted = client.post(f"/api/games/{game['id']}/actions",
                            headers=auth(game["seats"][seat]["token"]),
                            json={"version": version, "action": {"type": "pass"}})
        assert acted.status_code == 200, acted.text
        if client.get(f"/api/games/{game['id']}").json()["status"] == "finished":
            return game
    raise AssertionError("the game did not end")


def rematch(client: TestClient, game: dict, seat: int):
    return client.post(f"/api/games/{game['id']}/rematch",
                       headers=auth(game["seats"][seat]["token"]))


def test_a_seat_makes_the_rematch_and_every_seat_finds_its_own_seat_in_it(
        client: TestClient) -> None:
    game = finished(client, ["Ann", "Bob", "Cid"])
    assert client.get(f"/api/games/{game['id']}/rematch").json() == {"id": None,
                                                                      "watch_url": None}
    made = rematch(client, game, 1)
    assert made.status_code == 201
    bob = made.json()
    new = bob["id"]
    assert new != game["id"] and bob["seat"] == 1
    assert bob["url"].endswith(f"/games/{new}/play#token={bob['token']}")
    assert bob["watch_url"].endswith(f"/games/{new}/watch")
    tokens = {1: bob["token"]}
    for seat in (0, 2, 1):  # the others, and Bob again: the same answer each time
        again = rematch(client, game, seat)
        assert again.status_code == 200 and again.json()["id"] == new
        assert again.json()["seat"] == seat
        tokens.setdefault(seat, again.json()["token"])
        assert again.json()["token"] == tokens[seat]
    old = {s["token"] for s in game["seats"]}
    assert len(set(tokens.values())) == 3 and not old & set(tokens.values())
    for seat, token in tokens.items():
        body = client.get(f"/api/games/{new}", headers=auth(token)).json()
        assert body["seat"] == seat and body["status"] == "active" and body["version"] == 0
        assert body["players"] == ["Ann", "Bob", "Cid"] and body["game"] == "secretcards"
    assert client.get(f"/api/games/{game['id']}/rematch").json()["id"] == new
    # the old tokens still open the old game, and only that
    assert client.get(f"/api/games/{new}", headers=auth(game["seats"][0]["token"])
                      ).status_code == 403


def test_the_rematch_keeps_the_options_and_deals_anew(client: TestClient,
                                                      settings: Settings) -> None:
    game = finished(client)
    new = rematch(client, game, 0).json()["id"]
    repo = Repository(settings)
    try:
        old_live, new_live = repo.live(game["id"]), repo.live(new)
        assert new_live.options == old_live.options == {"rounds": 1}
        assert new_live.players == old_live.players and new_live.game == old_live.game
        assert new_live.seed != old_live.seed
    finally:
        repo.close()


def test_no_rematch_before_the_end_nor_for_spectators(client: TestClient) -> None:
    game = create(client)
    early = rematch(client, game, 0)
    assert early.status_code == 409
    assert early.json()["msg"]["key"] == "core.error.rematch_not_over"
    done = finished(client)
    assert client.post(f"/api/games/{done['id']}/rematch").status_code == 401
    assert client.post(f"/api/games/{done['id']}/rematch", headers=auth("junk")
                       ).status_code == 401
    assert client.post(f"/api/games/{done['id']}/rematch",
                       headers=auth(game["seats"][0]["token"])).status_code == 403
    assert client.post("/api/games/nope/rematch", headers=auth("junk")).status_code == 404


def test_two_seats_clicking_at_once_make_one_rematch(client: TestClient) -> None:
    game = finished(client, ["Ann", "Bob", "Cid"])
    answers: dict[int, dict] = {}

    def click(seat: int) -> None:
        response = rematch(client, game, seat)
        answers[seat] = {"status": response.status_code, **response.json()}

    threads = [threading.Thread(target=click, args=(seat,)) for seat in (0, 1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({a["id"] for a in answers.values()}) == 1
    assert sorted(a["status"] for a in answers.values()) == [200, 200, 201]
    for seat, answer in answers.items():
        assert client.get(f"/api/games/{answer['id']}", headers=auth(answer["token"])
                          ).json()["seat"] == seat


def test_a_rematch_of_the_rematch(client: TestClient) -> None:
    game = finished(client)
    first = {seat: rematch(client, game, seat).json() for seat in (0, 1)}
    again = {"id": first[0]["id"], "seats": [{"token": first[s]["token"]} for s in (0, 1)]}
    for version in range(4):
        body = client.get(f"/api/games/{again['id']}").json()
        if body["status"] == "finished":
            break
        seat = body["waiting"][0]["seat"]
        client.post(f"/api/games/{again['id']}/actions", headers=auth(first[seat]["token"]),
                    json={"version": version, "action": {"type": "pass"}})
    second = rematch(client, again, 1)
    assert second.status_code == 201 and second.json()["id"] not in (game["id"], again["id"])


def test_sockets_of_the_finished_game_hear_of_the_rematch(client: TestClient) -> None:
    game = finished(client)
    with client.websocket_connect(f"/ws/games/{game['id']}?token={game['seats'][0]['token']}"
                                  ) as ann, \
            client.websocket_connect(f"/ws/games/{game['id']}") as watcher:
        for ws in (ann, watcher):
            assert receive(ws)["status"] == "finished"
        new = rematch(client, game, 1).json()["id"]
        for ws in (ann, watcher):
            assert receive(ws) == {"type": "rematch", "id": new}
    with client.websocket_connect(f"/ws/games/{game['id']}") as late:
        assert receive(late)["type"] == "state"
        assert receive(late) == {"type": "rematch", "id": new}


def test_a_process_that_held_the_rematch_before_a_seat_claimed_it(settings: Settings,
                                                                  repo: Repository) -> None:
    with TestClient(create_app(settings)) as client:
        game = finished(client)
        new = rematch(client, game, 0).json()["id"]
        cached = repo.live(new)  # another process loaded the rematch before Bob asked
        bob = rematch(client, game, 1).json()
        assert repo.seat_for(cached, bob["token"]) == 1
        assert cached.token_hashes[1] == hash_token(bob["token"])


def test_on_a_server_with_a_host_password_any_seat_may_start_the_rematch(
        settings: Settings) -> None:
    hosted = replace(settings, host_password="swordfish")
    with TestClient(create_app(hosted)) as client:
        made = client.post("/api/games", json={"game": "secretcards", "players": ["Ann", "Bob"],
                                               "options": {"rounds": 1}, "password": "swordfish",
                                               "public": True})
        game = made.json()
        for version, seat in ((0, 0), (1, 1), (2, 0), (3, 1)):
            if client.get(f"/api/games/{game['id']}", headers=auth(game["seats"][0]["token"])
                          ).json()["status"] == "finished":
                break
            client.post(f"/api/games/{game['id']}/actions",
                        headers=auth(game["seats"][seat]["token"]),
                        json={"version": version, "action": {"type": "pass"}})
        answer = rematch(client, game, 1)
        assert answer.status_code == 201
        new = answer.json()["id"]
        for version, seat in ((0, 0), (1, 1), (2, 0), (3, 1)):
            token = rematch(client, game, seat).json()["token"]
            if client.get(f"/api/games/{new}").json()["status"] == "finished":
                break
            client.post(f"/api/games/{new}/actions", headers=auth(token),
                        json={"version": version, "action": {"type": "pass"}})
        listed = [g["id"] for g in client.get("/api/games").json()]
        assert new in listed  # it stays as public as the game it follows
