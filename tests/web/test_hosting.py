"""A server on the internet: QUORUM_HOST_PASSWORD decides who may create games and what is
listed; unset, anyone may create and every game is listed, as before."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.web.app import create_app
from tests.web.conftest import auth

PASSWORD = "correct horse"


@pytest.fixture
def hosted(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(replace(settings, host_password=PASSWORD))) as client:
        yield client


def new_game(client: TestClient, **extra: object):
    return client.post("/api/games", json={"game": "secretcards", "players": ["Ann", "Bob"],
                                           "options": {"rounds": 1}, **extra})


def finish(client: TestClient, game: dict) -> None:
    for version, (seat, action) in enumerate([(0, {"type": "pass"}), (1, {"type": "pass"})]):
        answer = client.post(f"/api/games/{game['id']}/actions",
                             json={"version": version, "action": action},
                             headers=auth(game["seats"][seat]["token"]))
        assert answer.status_code == 200, answer.text


def test_without_a_password_anyone_creates_and_every_game_is_listed(client: TestClient) -> None:
    running = new_game(client)
    assert running.status_code == 201
    done = new_game(client).json()
    finish(client, done)
    listed = {g["id"] for g in client.get("/api/games").json()}
    assert listed == {running.json()["id"], done["id"]}
    page = client.get("/")
    assert 'name="password"' not in page.text and 'name="public"' not in page.text
    assert running.json()["id"] in client.get("/games").text


def test_creating_asks_for_the_host_password(hosted: TestClient) -> None:
    missing = new_game(hosted)
    assert missing.status_code == 401
    assert missing.json()["msg"]["key"] == "core.error.host_password_needed"
    assert "password" in missing.json()["detail"]
    wrong = new_game(hosted, password="guess")
    assert wrong.status_code == 403
    assert wrong.json() == {"detail": "That is not this server's host password.",
                            "msg": {"key": "core.error.host_password_wrong", "params": {}}}
    assert new_game(hosted, password=PASSWORD).status_code == 201


def test_the_home_page_asks_for_the_password(hosted: TestClient) -> None:
    page = hosted.get("/")
    assert 'name="password"' in page.text and 'name="public"' in page.text
    form = {"game": "secretcards", "player0": "Ann", "player1": "Bob"}
    refused = hosted.post("/", data={**form, "password": "guess"})
    assert refused.status_code == 403
    assert 'data-i18n="core.error.host_password_wrong"' in refused.text
    assert "guess" not in refused.text  # a password is never echoed back
    assert hosted.post("/", data=form).status_code == 401
    made = hosted.post("/", data={**form, "password": PASSWORD, "public": "on"})
    assert made.status_code == 201
    assert 'data-i18n="created.unlisted"' in made.text
    assert 'data-i18n="created.listedWhenOver"' in made.text


def test_only_finished_public_games_are_listed_and_links_still_lead_to_every_game(
        hosted: TestClient) -> None:
    running = new_game(hosted, password=PASSWORD, public=True).json()
    private = new_game(hosted, password=PASSWORD).json()
    public = new_game(hosted, password=PASSWORD, public=True).json()
    finish(hosted, private)
    finish(hosted, public)
    assert [g["id"] for g in hosted.get("/api/games").json()] == [public["id"]]
    assert hosted.get("/api/games", params={"status": "active"}).json() == []
    page = hosted.get("/games").text
    assert public["id"] in page and private["id"] not in page and running["id"] not in page
    assert 'data-i18n="games.unlisted"' in page
    for game in (running, private):  # whoever holds a link still gets there
        assert hosted.get(f"/api/games/{game['id']}").status_code == 200
        assert hosted.get(f"/games/{game['id']}/watch").status_code == 200
    assert hosted.get(f"/api/games/{private['id']}/replay").status_code == 200
