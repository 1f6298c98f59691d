"""The board shows all of Daybreak: a 5-player Daybreak game played in a real Chromium (one seat
through its page, the others through the API), with the seat's Mutiny cards and a Treachery card
in hand, an Assault Raptor in space, the Cylon overlay turned to Hub Destroyed; every player's
Miracle tokens and no "once per game used" badge; in English, Russian and Polish, on a desktop
and a phone (screenshots in test-artifacts/).

The parts other helpers are building (Cylon Leaders, Search for Home, seven seats) are drawn
from a view built here with their agreed fields (COMMON.md), rendered by the board's own module.
Also: a Daybreak game's replay, the card reference's Daybreak cards, and the home form's
expansion-only options. How a Daybreak game gets into the live server: tests/e2e/daybreak.py.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.core.pick import random_answer
from app.games.bsg import carddata, mutiny
from app.games.bsg.flow import advance
from app.games.bsg.game import Game
from tests.e2e.api import HTTP, api_act, api_state, play_to_end, replay_views
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.daybreak import create_daybreak
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import (
    english_on_board,
    ids,
    no_horizontal_scroll,
    preferred,
    shown_cards,
    unfold_decision,
    wait_version,
)

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def arrange(state: dict[str, Any]) -> None:
    """The seat asked for its first action holds two Mutiny cards and a Treachery card; an
    unmanned Assault Raptor waits in space; the Resurrection Ship has become Hub Destroyed."""
    g = Game(state)
    seat = state["current"]
    # one Mutiny card the seat may play now (an option of its action), and the top one
    playable = playable_mutiny(g, seat)
    state["decks"]["mutiny"].remove(playable)
    state["seats"][seat]["mutiny"].extend([playable, g.draw_from("mutiny")])
    state["seats"][seat]["hand"].append(g.draw_from("skill:treachery"))
    state["space"]["front_lower"]["vipers"].append({"pilot": None, "assault": True})
    state["reserves"]["assault_raptor"] -= 1
    state["flipped"].append("hub_destroyed")
    for data in state["seats"]:
        if data["location"] == "daybreak_resurrection_ship":
            data["location"] = "hub_destroyed"
    state["asks"] = []
    advance(g)  # the seat is asked again, with what it holds now


def playable_mutiny(g: Game, seat: int) -> str:
    """The first Mutiny card from the deck's top that `seat` could play now."""
    held = g.seat(seat)["mutiny"]
    for uid in reversed(g.state["decks"]["mutiny"]):
        held.append(uid)
        ok = uid in mutiny.playable(g, seat)
        held.pop()
        if ok:
            return uid
    raise AssertionError("no Mutiny card may be played now")


def open_as(pages: Pages, url: str, lang: str, viewport: dict[str, int]) -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}')"))
    page.wait_for_selector("#board svg.bsg-map")
    return page


def check_daybreak_board(page: Any, seat: int, truth: dict[str, Any]) -> None:
    view = truth["view"]
    you = view["you"]
    cards = shown_cards(page)
    mutiny = [c for c in cards if c["zone"] == "mutiny"]
    assert mutiny and all(c["owner"] == str(seat) for c in mutiny)
    assert ids(mutiny) == Counter(c["id"] for c in you["mutiny"])
    assert ids([c for c in cards if c["zone"] == "hand"]) == Counter(c["id"] for c in you["hand"])
    treachery = [c for c in you["hand"] if c.get("type") == "treachery"]
    if treachery:
        group = page.locator('[data-section="you"] .hand-group[data-type="treachery"]')
        expect(group).to_be_visible()
    # each Mutiny card says what it does
    for card in page.locator('[data-section="you"] [data-zone="mutiny"]').all():
        assert card.locator(".card-text").inner_text().strip()
    # the overlays' locations stand in place of the ones they cover
    where = view["locations"]
    for ship_ids in where.values():
        for lid in ship_ids:
            assert page.locator(f'#board svg.bsg-map [data-location="{lid}"]').count() == 1, lid
    for gone in ("press_room", "administration", "resurrection_ship", "daybreak_resurrection_ship"):
        assert page.locator(f'#board svg.bsg-map [data-location="{gone}"]').count() == 0, gone
    raptors = sum(1 for ships in view["space"].values() for v in ships["vipers"]
                  if v.get("assault"))
    assert page.locator("#board svg.bsg-map .ship-assault_raptor").count() == raptors
    # every player's Miracle tokens, and no "once per game" used/available badge
    for player in view["players"]:
        line = page.locator(f'[data-section="players"] li[data-seat="{player["seat"]}"]')
        expect(line.locator('[data-key="miracles"] .badge')).to_have_attribute(
            "data-miracles", str(player["miracles"]))
    assert page.locator(".abilities .badge:not(.miracles)").count() == 0
    expect(page.locator('[data-section="decks"] [data-key="assault_raptors"]')).to_contain_text(
        str(view["reserves"]["assault_raptor"]))
    expect(page.locator('[data-section="decks"] [data-key="miracle_supply"]')).to_contain_text(
        str(view["miracle_supply"]))


def act_in_page(page: Any, body: dict[str, Any]) -> None:
    """The seat answers its question in its page: the option the tests prefer."""
    unfold_decision(page)
    prompt = body["prompts"][0]
    page.locator("#board button.option").nth(preferred(prompt["options"])).click()
    confirm = page.locator("dialog[open] button.confirm-yes")
    if confirm.count():
        confirm.click()


def test_a_daybreak_game_on_the_board(live_server: str, pages: Pages, artifacts: Path) -> None:
    game = create_daybreak(live_server, NAMES, arrange)
    seat = game["state"]["current"]
    token = game["tokens"][seat]
    truth = api_state(live_server, game["id"], token)
    assert truth["view"]["you"]["mutiny"], "the arranged position did not load"
    page = open_as(pages, game["urls"][seat], "en", DESKTOP)
    wait_version(page, truth["version"])
    check_daybreak_board(page, seat, truth)
    prompt = truth["prompts"][0]
    plays = [o["action"] for o in prompt["options"] if o["action"].get("type") == "mutiny"]
    assert plays, "the arranged Mutiny card is no option"
    for action in plays:  # a Mutiny card the seat may play is a button in its hand
        card = f'[data-section="you"] button[data-target="mutiny:{action["card"]}"]'
        expect(page.locator(card)).to_be_visible()
    page.screenshot(path=str(artifacts / "bsg-daybreak-en-desktop.png"), full_page=True)

    # a spectator sees how many Mutiny cards the seat holds, not which
    watch = pages.open(f"{live_server}/games/{game['id']}/watch")
    watch.wait_for_selector("#board svg.bsg-map")
    wait_version(watch, truth["version"])
    assert watch.locator('[data-zone="mutiny"]').count() == 0
    line = watch.locator(f'[data-section="players"] li[data-seat="{seat}"]')
    held = line.locator('[data-key="mutiny_count"]')
    expect(held).to_contain_text(str(len(truth["view"]["you"]["mutiny"])))
    expect(watch.locator("svg.bsg-map .ship-assault_raptor")).to_have_count(1)

    # the seat plays its Mutiny card from its hand
    played = plays[0]["card"]
    page.locator(f'[data-section="you"] button[data-target="mutiny:{played}"]').click()
    confirm = page.locator("dialog[open] button.confirm-yes")
    if confirm.count():
        confirm.click()
    expect(page.locator("#game")).not_to_have_attribute("data-version", str(truth["version"]))
    after = api_state(live_server, game["id"], token)
    assert [c["id"] for c in after["view"]["you"]["mutiny"]].count(played) == \
        [c["id"] for c in truth["view"]["you"]["mutiny"]].count(played) - 1
    assert any(e.get("msg", {}).get("params", {}).get("card") == played for e in after["log"])

    # the game goes on: the seat answers in its page, the bots through the API
    bots = random.Random(3)
    answered_in_page = 0
    for _ in range(40):
        public = api_state(live_server, game["id"])
        if public["status"] != "active":
            break
        asked = public["waiting"][0]["seat"]
        mine = api_state(live_server, game["id"], game["tokens"][asked])
        if asked == seat and "pick" not in mine["prompts"][0]:
            wait_version(page, mine["version"])
            act_in_page(page, mine)
            answered_in_page += 1
            expect(page.locator("#game")).not_to_have_attribute("data-version",
                                                                str(mine["version"]))
        else:
            api_act(live_server, game["id"], game["tokens"][asked], mine["version"],
                    random_answer(mine["prompts"][0], bots))
    assert answered_in_page
    truth = api_state(live_server, game["id"], token)
    wait_version(page, truth["version"])
    mutiny = [c for c in shown_cards(page) if c["zone"] == "mutiny"]
    assert ids(mutiny) == Counter(c["id"] for c in truth["view"]["you"]["mutiny"])

    for lang in ("ru", "pl"):
        for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            other = open_as(pages, game["urls"][seat], lang, viewport)
            wait_version(other, truth["version"])
            other.wait_for_timeout(300)
            if label == "phone":
                assert no_horizontal_scroll(other)
                other.locator("#board svg.bsg-map").screenshot(
                    path=str(artifacts / f"bsg-daybreak-{lang}-phone-map.png"))
                other.locator("#tab-mine").click()
                mutiny = other.locator('[data-section="you"] [data-zone="mutiny"]')
                expect(mutiny).to_have_count(len(truth["view"]["you"]["mutiny"]))
                other.screenshot(path=str(artifacts / f"bsg-daybreak-{lang}-phone-mine.png"))
                other.locator("#tab-board").click()
            other.screenshot(path=str(artifacts / f"bsg-daybreak-{lang}-{label}.png"),
                             full_page=label == "desktop")
            found = english_on_board(other, lang, tuple(NAMES))
            assert not found, (lang, label, found)


# ---- what other helpers are adding, drawn from a view built with the agreed fields ----------

RENDER = """async ([body, width]) => {
  const board = await import("/static/games/bsg/board.js");
  const root = document.createElement("div");
  root.id = "board";
  if (width) root.style.width = `${width}px`;
  document.querySelector("main").replaceChildren(root);
  board.render(root, body, () => {});
  await new Promise((done) => setTimeout(done, 300));
  board.render(root, body, () => {});
}"""


def leaders_and_home(body: dict[str, Any]) -> dict[str, Any]:
    """The body of a 7-seat Daybreak game with a Cylon Leader (Infiltrating, one Motive shown)
    and Search for Home (an active Mission, Demetrius and the Rebel Basestar on the board)."""
    view = body["view"]
    players = [dict(p) for p in view["players"]]
    for seat, name in ((5, "Fay"), (6, "Gus")):
        players.append({**players[0], "seat": seat, "name": name, "president": False,
                        "admiral": False, "location": "hangar_deck", "miracles": 0})
    players[6] |= {"leader": True, "infiltrating": True, "motive_count": 1,
                   "motives_revealed": [{"id": "daybreak_caprica", "name": "Caprica"}]}
    mission_card = {"id": "quorum_chamber", "name": "Quorum Chamber"}
    locations = {**view["locations"], "demetrius": ["press_room", "administration"],
                 "rebel_basestar": ["caprica", "resurrection_ship"]}
    players[5]["location"] = "press_room"
    you = {**view["you"], "motives": [{"id": "human_fleet", "name": "Human Fleet"}]}
    return {**body, "players": [*body["players"], "Fay", "Gus"],
            "view": {**view, "players": players, "locations": locations, "you": you,
                     "rebel_basestar": "cylon",
                     "mission": {"deck": 6, "active": mission_card, "face_up": False,
                                 "earth": [mission_card], "discards": 1}}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_leaders_search_for_home_and_seven_seats(live_server: str, pages: Pages, artifacts: Path,
                                                 lang: str) -> None:
    game = create_daybreak(live_server, NAMES, arrange, seed=11)
    seat = game["state"]["current"]
    body = leaders_and_home(api_state(live_server, game["id"], game["tokens"][seat]))
    for label, viewport, width in (("desktop", DESKTOP, 1200), ("phone", PHONE, 0)):
        page = pages.open(f"{live_server}/rules/bsg", viewport=viewport,
                          before=lambda p: p.add_init_script(
                              f"localStorage.setItem('quorum-lang', '{lang}')"))
        page.evaluate(RENDER, [body, width])
        expect(page.locator('[data-section="players"] li.player')).to_have_count(7)
        leader = page.locator('[data-section="players"] li[data-seat="6"]')
        expect(leader.locator(".badge.leader")).to_be_visible()
        expect(leader.locator(".badge.infiltrating")).to_be_visible()
        expect(leader.locator('[data-key="motive_count"]')).to_contain_text("1")
        expect(leader.locator('[data-zone="motives_revealed"]')).to_have_count(1)
        expect(page.locator('[data-section="you"] [data-zone="motive"]')).to_have_count(1)
        expect(page.locator('[data-section="mission"] [data-zone="mission"]')).to_have_count(1)
        expect(page.locator('[data-mission="face-down"]')).to_have_count(1)
        expect(page.locator('[data-zone="earth_mission"]')).to_have_count(1)
        for ship in ("demetrius", "rebel_basestar"):
            expect(page.locator(f'svg.bsg-map [data-ship-panel="{ship}"]')).to_have_count(1)
        expect(page.locator('svg.bsg-map [data-allegiance="cylon"]')).to_have_count(1)
        for lid in ("press_room", "administration", "caprica", "resurrection_ship"):
            expect(page.locator(f'svg.bsg-map [data-location="{lid}"]')).to_have_count(1)
        expect(page.locator('svg.bsg-map [data-location="press_room"] .token')).to_have_count(1)
        token = page.locator('svg.bsg-map .token[data-seat="6"] rect')
        expect(token).to_have_attribute("stroke", "#ff4d4d")  # a Leader is outlined in red
        if label == "phone":
            assert no_horizontal_scroll(page)
        shot = f"bsg-daybreak-seven-{lang}-{label}"
        page.screenshot(path=str(artifacts / f"{shot}.png"), full_page=True)
        page.locator("svg.bsg-map").screenshot(path=str(artifacts / f"{shot}-map.png"))
        page.locator('[data-section="players"]').screenshot(
            path=str(artifacts / f"{shot}-players.png"))
        if lang != "en":
            found = english_on_board(page, lang, (*NAMES, "Fay", "Gus"))
            assert not found, (lang, label, found)


def test_colonial_one_destroyed_says_so(live_server: str, pages: Pages) -> None:
    # seed 4: the seat asked first may hold Mutiny cards (not a Cylon Leader)
    game = create_daybreak(live_server, NAMES, arrange, seed=4)
    seat = game["state"]["current"]
    body = api_state(live_server, game["id"], game["tokens"][seat])
    view = body["view"]
    locations = {ship: ids for ship, ids in view["locations"].items() if ship != "colonial_one"}
    players = [{**p, "location": "sickbay"} if p["location"] in view["locations"]["colonial_one"]
               else p for p in view["players"]]
    body = {**body, "view": {**view, "locations": locations, "players": players,
                             "flipped": ["hub_destroyed", "colonial_one_destroyed"]}}
    page = pages.open(f"{live_server}/rules/bsg", before=lambda p: p.add_init_script(
        "localStorage.setItem('quorum-lang', 'pl')"))
    page.evaluate(RENDER, [body, 1200])
    expect(page.locator("svg.bsg-map .ship-gone")).to_have_text("Zniszczony")
    for lid in view["locations"]["colonial_one"]:
        expect(page.locator(f'svg.bsg-map [data-location="{lid}"]')).to_have_count(0)


# ---- the home page's form ---------------------------------------------------------------------

def test_the_form_shows_an_expansions_options_only_with_it(live_server: str,
                                                           pages: Pages) -> None:
    """The home form offers Daybreak: its own options show (and are sent) only with it, and
    the name fields follow the choice's most seats (6 for the base game, 7 with Daybreak)."""
    page = pages.open(f"{live_server}/")
    page.select_option("#game", "bsg")
    expansion = page.locator('[name="option_expansion"]')
    expect(expansion).to_be_visible()
    options = [page.locator(f'[name="option_{name}"]')
               for name in ("search_for_home", "drop_unpicked_versions")]
    names = page.locator("fieldset.players input")
    for option in options:
        expect(option).to_be_hidden()
        expect(option).to_be_disabled()
    expect(names.nth(5)).to_be_visible()
    expect(names.nth(6)).to_be_hidden()
    page.select_option('[name="option_expansion"]', "daybreak")
    for option in options:
        expect(option).to_be_visible()
        expect(option).to_be_enabled()
    expect(names.nth(6)).to_be_visible()
    page.select_option('[name="option_expansion"]', "none")
    for option in options:
        expect(option).to_be_hidden()
    expect(names.nth(6)).to_be_hidden()


def test_the_card_reference_lists_daybreaks_cards(live_server: str, pages: Pages) -> None:
    daybreak = [c for c in carddata.all_cards() if c.get("set") == "daybreak"]
    page = pages.open(f"{live_server}/rules/bsg", before=lambda p: p.add_init_script(
        "localStorage.setItem('quorum-lang', 'ru')"))
    expect(page.locator('.ref-card .tag.set[data-set="daybreak"]')).to_have_count(len(daybreak))
    mutiny = next(c for c in daybreak if c["deck"] == "mutiny")
    expect(page.locator(f"#card-{mutiny['id']} .tag.set")).to_have_text("Рассвет")
    expect(page.locator("#deck-mutiny")).to_be_visible()


def test_a_daybreak_replay_shows_everyones_mutiny_cards(live_server: str, pages: Pages) -> None:
    game = create_daybreak(live_server, NAMES, seed=4)
    play_to_end(live_server, game["id"], game["tokens"])
    replay = HTTP.get(f"{live_server}/api/games/{game['id']}/replay").json()
    views = replay_views(replay)
    # the last step at which someone held a Mutiny card
    held = [i for i, v in enumerate(views) if any(p.get("mutiny") for p in v["players"])]
    assert held, "nobody ever held a Mutiny card"
    step = held[-1]
    page = pages.open(f"{live_server}/games/{game['id']}/replay")
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    page.locator("#step").fill(str(step))
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
    view = views[step]
    cards = shown_cards(page)
    for player in view["players"]:
        mine = [c for c in cards if c["zone"] == "mutiny" and c["owner"] == str(player["seat"])]
        assert ids(mine) == Counter(c["id"] for c in player.get("mutiny", [])), player["seat"]
    for lid in (lid for on_ship in view["locations"].values() for lid in on_ship):
        expect(page.locator(f'svg.bsg-map [data-location="{lid}"]')).to_have_count(1)
