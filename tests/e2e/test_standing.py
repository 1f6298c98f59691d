"""Standing choices on the page, in a real browser, on a desktop and on a phone: one tap on
"Always: ..." beside the question turns a choice on and the server answers at once; my cards list
it with a one-tap "turn off"; nobody's version moves when it changes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.api import HTTP, api_state, token_of
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.secretcards import ALWAYS_PASS

pytestmark = pytest.mark.browser

VIEWPORTS = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


def open_seat(pages: Pages, url: str, viewport: dict[str, int], lang: str = "en") -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}');"))
    expect(page.locator("#game")).to_have_attribute("data-connection", "connected")
    expect(page.locator("#game")).to_have_attribute("data-version", re.compile(r"\d+"))
    return page


def chosen(base: str, game_id: str, token: str) -> list[str]:
    response = HTTP.get(f"{base}/api/games/{game_id}/standing",
                        headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()["chosen"]


def show(page: Any, tab: str) -> None:
    button = page.locator(f"#tab-{tab}")
    if button.is_visible():  # a phone shows one section at a time
        button.click()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_always_pass_from_the_page_answers_at_once_and_turns_off(
        live_server: str, pages: Pages, viewport: dict[str, int]) -> None:
    response = HTTP.post(f"{live_server}/api/games",
                         json={"game": "secretcards", "players": ["Ann", "Bob"]})
    game = response.json()
    ann_token = token_of(game["seats"][0]["url"])
    ann = open_seat(pages, game["seats"][0]["url"], viewport)
    bob = open_seat(pages, game["seats"][1]["url"], viewport)
    # Ann is asked: one tap beside the question
    always = ann.locator("#standing-offer button.standing-on")
    expect(always).to_have_text("Always: pass on my turn")
    expect(always).to_be_visible()
    expect(bob.locator("#standing-offer")).to_be_hidden()  # Bob is not asked
    always.click()
    # answered at once, as Ann's own pass: Bob's page moves on, Ann's question is gone
    expect(ann.locator("#game")).to_have_attribute("data-version", "1")
    expect(bob.locator("#game")).to_have_attribute("data-version", "1")
    expect(ann.locator("#standing-offer")).to_be_hidden()
    assert chosen(live_server, game["id"], ann_token) == [ALWAYS_PASS]
    show(bob, "talk")
    expect(bob.locator("[data-fill=talk] .log li").first).to_have_text(re.compile("Ann passed"))
    # my cards list it, with a one-tap "turn off"
    show(ann, "mine")
    item = ann.locator("#standing-list .standing-chosen li")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Always: pass on my turn")
    expect(item).to_be_in_viewport()
    item.locator("button.standing-off").click()
    expect(ann.locator("#standing-list")).to_be_hidden()
    assert chosen(live_server, game["id"], ann_token) == []
    assert api_state(live_server, game["id"])["version"] == 1  # choosing moved nothing
    expect(bob.locator("#standing-list")).to_be_hidden()


def test_the_words_are_the_readers_language(live_server: str, pages: Pages) -> None:
    response = HTTP.post(f"{live_server}/api/games",
                         json={"game": "secretcards", "players": ["Ann", "Bob"]})
    game = response.json()
    ann = open_seat(pages, game["seats"][0]["url"], PHONE, lang="ru")
    expect(ann.locator("#standing-offer button.standing-on")).to_have_text(
        "Всегда: пасовать в свой ход")
    ann.locator("#standing-offer button.standing-on").click()
    expect(ann.locator("#game")).to_have_attribute("data-version", "1")
    show(ann, "mine")
    expect(ann.locator("#standing-list h2")).to_have_text("Постоянные решения")
    expect(ann.locator("#standing-list button.standing-off")).to_have_text("Отключить")
