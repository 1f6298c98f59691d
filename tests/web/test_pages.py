"""The pages render and the create form works without JavaScript."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import create


def test_home_offers_the_games_and_creates_through_the_form(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and 'value="secretcards"' in home.text
    created = client.post("/", data={"game": "secretcards", "player0": "Ann", "player1": "Bob",
                                     "player2": "", "option_rounds": "2"})
    assert created.status_code == 201
    links = re.findall(r'value="(http[^"]+/play#token=[^"]+)"', created.text)
    assert len(links) == 2
    assert "/watch" in created.text


def test_the_form_explains_what_is_wrong(client: TestClient) -> None:
    page = client.post("/", data={"game": "secretcards", "player0": "Ann"})
    assert page.status_code == 422 and "2 to 6 players" in page.text
    page = client.post("/", data={"game": "secretcards", "player0": "A", "player1": "B",
                                  "option_rounds": "many"})
    assert page.status_code == 422 and "whole number" in page.text
    page = client.post("/", data={"game": "nope", "player0": "A", "player1": "B"})
    assert page.status_code == 422 and "Choose a game" in page.text


def test_game_pages_and_lists(client: TestClient) -> None:
    game = create(client)
    for page in ("play", "watch", "replay"):
        response = client.get(f"/games/{game['id']}/{page}")
        assert response.status_code == 200, page
        assert game["id"] in response.text
    assert client.get("/games/nope/play").status_code == 404
    listing = client.get("/games")
    assert listing.status_code == 200 and game["watch_url"] in listing.text
    assert client.get("/rules/secretcards").status_code == 200
    assert client.get("/rules/nope").status_code == 404
    assert client.get("/static/js/play.js").status_code == 200


def test_the_form_offers_bsgs_options_but_not_a_choice_of_one(client: TestClient) -> None:
    home = client.get("/")
    assert 'name="option_difficulty"' in home.text
    offered = next(f for f in client.get("/api/rules").json()
                   if f["name"] == "bsg")["options"]
    expansion = next(o for o in offered if o["name"] == "expansion")
    assert ('name="option_expansion"' in home.text) == (len(expansion["choices"]) > 1)
    created = client.post("/", data={"game": "bsg", "player0": "Ann", "player1": "Bob",
                                     "player2": "Cid", "option_difficulty": "standard"})
    assert created.status_code == 201


def test_an_option_that_applies_only_with_another_choice_shows_and_goes_only_then(
        client: TestClient, monkeypatch) -> None:
    """An option field with `when` ({"expansion": ["daybreak"]}: Daybreak's own options) is
    marked for the page to show only with that choice, and the form never sends it without."""
    from app.games.bsg.rules import RULES

    fields = [*RULES.option_fields[:1],
              {**RULES.option_fields[1], "choices": ["none", "daybreak"],
               "max_players": {"none": 6, "daybreak": 7}},
              {"name": "search_for_home", "label": "Search for Home", "type": "bool",
               "default": False, "when": {"expansion": ["daybreak"]}}]
    monkeypatch.setattr(RULES, "option_fields", fields, raising=False)
    home = client.get("/").text
    label = re.search(r'<label class="check" data-when=\'([^\']*)\'>\s*<input type="checkbox" '
                      r'name="option_search_for_home"', home)
    assert label and label.group(1) == '{"expansion": ["daybreak"]}'
    # each choice says how many it seats; the form has a name field for the largest table
    assert '<option value="daybreak" data-max="7"' in home
    assert 'name="player6"' in home
    # with no expansion the option is not sent (the base game's options know no such thing)
    created = client.post("/", data={"game": "bsg", "player0": "Ann", "player1": "Bob",
                                     "player2": "Cid", "option_expansion": "none",
                                     "option_search_for_home": "on"})
    assert created.status_code == 201, created.text
