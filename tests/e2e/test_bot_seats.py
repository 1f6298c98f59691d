"""Computer seats in a real browser: a Battlestar Galactica game made on the home page with two
computer players; the person's page sees the game come back to them past the bots' turns."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.e2e.api import HTTP, api_act, api_state, game_id_of, token_of
from tests.e2e.conftest import Pages
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import preferred, preferred_answer, wait_version

pytestmark = pytest.mark.browser


def asked_again(base: str, game_id: str, token: str, after: int) -> dict[str, Any]:
    """The seat's body once the game waits on nobody else at a version after `after` (the
    bots answer by themselves meanwhile, a window that asks them with the person included), or
    once the game ended."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        body = api_state(base, game_id, token)
        alone = bool(body["prompts"]) and [w["seat"] for w in body["waiting"]] == [0]
        if body["version"] > after and (alone or body["status"] == "finished"):
            return body
        time.sleep(0.05)
    raise AssertionError(f"the game did not come back to the person: {body['waiting']}")


def test_a_game_with_computer_seats_comes_back_to_the_person(live_server: str, pages: Pages
                                                             ) -> None:
    home = pages.open(f"{live_server}/")
    home.select_option("#game", "bsg")
    home.fill('input[name="player0"]', "Ann")
    for seat in (1, 2):
        home.select_option(f'select[name="bot{seat}"]', "random")
    # an unnamed computer seat is named for its seat, in the page's language
    expect(home.locator('input[name="player1"]')).to_have_value("Computer 2")
    expect(home.locator('input[name="player2"]')).to_have_value("Computer 3")
    with home.expect_navigation():
        home.get_by_role("button", name="Create game").click()
    urls = [field.input_value() for field in home.locator("input.invite-url").all()]
    assert len(urls) == 1, "a computer's seat has no invite link"
    expect(home.locator("li.invite.bot")).to_have_count(2)
    expect(home.locator("li.invite.bot").first).to_contain_text("Played by the computer")
    game_id, token = game_id_of(urls[0]), token_of(urls[0])

    ann = pages.open(urls[0])
    expect(ann.locator("#computers")).to_contain_text("played by the computer: Computer 2, "
                                                      "Computer 3")
    version, moves = -1, 0
    while True:
        body = asked_again(live_server, game_id, token, version)
        version = body["version"]
        wait_version(ann, version)
        if body["status"] == "finished" or body["view"]["turn"] >= 4:
            break
        prompt = body["prompts"][0]
        if "pick" in prompt or prompt["options"][preferred(prompt["options"])].get("confirm"):
            # picking and confirming on the page have browser tests of their own
            api_act(live_server, game_id, token, version, preferred_answer(prompt))
        else:
            button = ann.locator("#board button.option").nth(preferred(prompt["options"]))
            expect(button).to_be_enabled()
            button.click()
        moves += 1
        assert moves < 200, "the person kept being asked: the bots did not take their turns"
    # four turns went by, the bots' among them: every one of their moves made on the server
    # the whole log (the state carries only its tail, which a long turn may fill)
    steps = HTTP.get(f"{live_server}/api/games/{game_id}/log", params={"limit": 1000}).json()
    assert {"Computer 2", "Computer 3"} <= {w for line in steps for w in
                                            ("Computer 2", "Computer 3") if w in line["text"]}
    expect(ann.locator('[data-section="log"]')).to_contain_text("Computer")


def test_a_computer_chosen_while_the_page_loads_is_named(live_server: str, pages: Pages
                                                        ) -> None:
    """The home page's script waits for the words; a seat given to a computer before it ran (a
    slow phone, a quick hand) is named all the same, and keeps its kind of computer."""
    held: list[Any] = []
    home = pages.open(f"{live_server}/",
                      before=lambda page: page.route(re.compile(r"/i18n/\w+\.json"),
                                                    lambda route: held.append(route)))
    home.select_option("#game", "bsg")
    home.select_option('select[name="bot1"]', "random")
    assert home.locator('input[name="player1"]').input_value() == "", "the script ran already"
    for route in held:
        route.continue_()
    expect(home.locator('input[name="player1"]')).to_have_value("Computer 2")
    expect(home.locator('select[name="bot1"] option:checked')).to_have_attribute("data-game", "bsg")
