"""Standing choices on the page, in a real browser, on a desktop and on a phone: one tap on
"Always: ..." beside the question turns a choice on and the server answers at once; my cards list
it with a one-tap "turn off"; nobody's version moves when it changes."""

from __future__ import annotations

import json
import re
from pathlib import Path
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
        live_server: str, pages: Pages, viewport: dict[str, int], artifacts: Path) -> None:
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
    ann.screenshot(path=str(artifacts / f"standing-offer-{viewport['width']}.png"))
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
    ann.screenshot(path=str(artifacts / f"standing-list-{viewport['width']}.png"))
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


class StandingWire:
    """A BSG seat's socket routed through Playwright, for a seat view this test controls: the
    server's first state is handed on with the hand this test chooses, and the seat's standing
    choices are answered here (BSG offers its own once its windows name them; until then the
    page's side of it is tested so)."""

    def __init__(self, hand: list[dict[str, Any]], chosen: list[str]) -> None:
        self.hand = hand
        self.chosen = chosen
        self.page_side: Any = None
        self.sent: list[list[str]] = []

    def standing(self) -> dict[str, Any]:
        return {"type": "standing", "chosen": self.chosen, "choices": [
            {"key": f"autopass.{when}", "msg": {"key": f"bsg.windows.when.{when}", "params": {}},
             "text": when} for when in WHENS]}

    def install(self, page: Any) -> None:
        page.route_web_socket(re.compile(r"/ws/games/"), self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.page_side = ws

        def page_says(message: str | bytes) -> None:
            said = json.loads(message) if isinstance(message, str) else {}
            if said.get("type") == "standing":
                self.chosen = said["chosen"]
                self.sent.append(said["chosen"])
                ws.send(json.dumps({"type": "ack", "for": "standing",
                                    "client_id": said["client_id"], "chosen": self.chosen}))
                ws.send(json.dumps(self.standing()))
                return
            server.send(message)

        def server_says(message: str | bytes) -> None:
            said = json.loads(message) if isinstance(message, str) else {}
            if said.get("type") == "state":
                said["view"]["you"]["hand"] = self.hand
                ws.send(json.dumps(said))
                ws.send(json.dumps(self.standing()))
                return
            if said.get("type") == "patch":
                return  # the view is this test's: nothing moves the game meanwhile
            if said.get("type") == "standing":
                said = self.standing()  # the choices are this test's too
                ws.send(json.dumps(said))
                return
            ws.send(message)

        ws.on_message(page_says)
        server.on_message(server_says)


WHENS = ["before_die_roll", "after_viper_attacked", "before_check_cards", "after_check_total"]
NOTICES = {
    "en": "You hold Evasive Maneuvers, but you always pass after a viper is attacked.",
    "pl": "Masz kartę „Manewr unikowy”, ale zawsze pasujesz po ataku na vipera.",
}


@pytest.mark.parametrize(("viewport", "lang"), [pytest.param(DESKTOP, "en", id="desktop"),
                                                pytest.param(PHONE, "pl", id="phone")])
def test_bsg_notices_a_card_its_seat_always_passes_and_undoes_it(
        live_server: str, pages: Pages, viewport: dict[str, int], lang: str,
        artifacts: Path) -> None:
    from app.games.bsg.view import card_face

    game = HTTP.post(f"{live_server}/api/games",
                     json={"game": "bsg", "players": ["Ann", "Bob", "Cid"]}).json()
    evasive, planning = card_face("s63"), card_face("s60")
    assert evasive["id"].startswith("evasive_maneuvers") and planning["id"].startswith(
        "strategic_planning")
    wire = StandingWire([evasive, evasive, planning], ["autopass.after_viper_attacked"])
    page = pages.open(game["seats"][0]["url"], viewport=viewport, before=lambda p: (
        p.add_init_script(f"localStorage.setItem('quorum-lang', '{lang}');"), wire.install(p)))
    notice = page.locator("#standing-offer .standing-notice")
    expect(notice).to_have_count(1)  # one per card name; Strategic Planning's moment is not skipped
    expect(notice).to_contain_text(NOTICES[lang])
    expect(notice).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"standing-bsg-notice-{viewport['width']}.png"))
    notice.locator("button.standing-undo").click()
    expect(notice).to_have_count(0)
    assert wire.sent == [[]]
    # the same hand, another choice: Strategic Planning's moment this time
    wire.page_side.send(json.dumps({**wire.standing(), "chosen": ["autopass.before_die_roll"]}))
    expect(notice).to_have_count(1)
    expect(notice).to_have_attribute("data-standing", "autopass.before_die_roll")


def test_bsg_notice_end_to_end(live_server: str,
                                                           pages: Pages) -> None:
    """The same through the real server: a seat holding a window card turns the matching
    "always pass" on through the API, its page notices it, the undo turns it off."""
    from tests.e2e.test_bsg_layout import new_game, play_until

    created, tokens = new_game(live_server)
    headers = {"Authorization": f"Bearer {tokens[0]}"}
    offered = HTTP.get(f"{live_server}/api/games/{created['id']}/standing", headers=headers)
    keys = [c["key"] for c in offered.json()["choices"]]
    assert all(f"autopass.{when}" in keys for when in WHENS), keys
    cards = HTTP.get(f"{live_server}/api/rules/bsg/cards").json()
    timing = {c["id"]: c["ability"]["timing"] for c in cards if c.get("ability")}

    def holds_a_window_card(seat: int, body: dict[str, Any]) -> bool:
        return any(timing.get(card["id"]) in WHENS for card in body["view"]["you"]["hand"])

    seat, body = play_until(live_server, created["id"], tokens, holds_a_window_card)
    card = next(c for c in body["view"]["you"]["hand"] if timing.get(c["id"]) in WHENS)
    key = f"autopass.{timing[card['id']]}"
    mine = {"Authorization": f"Bearer {tokens[seat]}"}
    put = HTTP.put(f"{live_server}/api/games/{created['id']}/standing", headers=mine,
                   json={"chosen": [key]})
    assert put.status_code == 200, put.text
    page = pages.open(created["seats"][seat]["url"], viewport=PHONE, before=lambda p: (
        p.add_init_script("localStorage.setItem('quorum-lang', 'en');")))
    notice = page.locator(f"#standing-offer .standing-notice[data-standing='{key}']")
    expect(notice).to_contain_text(f"You hold {card['name']}, but you always pass")
    notice.locator("button.standing-undo").click()
    expect(notice).to_have_count(0)
    again = HTTP.get(f"{live_server}/api/games/{created['id']}/standing", headers=mine)
    assert key not in again.json()["chosen"]
