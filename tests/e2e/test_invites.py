"""End to end in a real browser: invites, each seat's secrets, live play, reconnecting, replay.

Every test creates its own game on the session's server (tests/secretcards.py: each seat holds
a secret hand of numbered cards and a secret colour) and opens each seat in its own browser
context, as different people on different machines would.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.e2e.api import (
    HTTP,
    api_act_first_option,
    api_create,
    api_state,
    game_id_of,
    play_to_end,
    replay_views,
    token_of,
)
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect

pytestmark = pytest.mark.browser

GAME = "secretcards"
YOU = '[data-section="you"]'
LOG_LINES = '[data-section="log"] ol.log li .text'


# ---- reading pages --------------------------------------------------------------------------


def wait_version(page: Any, version: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", str(version))


def hand_on(page: Any) -> list[str]:
    return page.locator(f'{YOU} [data-key="hand"] .chip').all_inner_texts()


def cards(values: list[int]) -> list[str]:
    return [str(v) for v in values]


def board_text(page: Any) -> str:
    return page.locator("#board").inner_text()


def table_text(page: Any) -> str:
    return page.locator('[data-section="table"]').inner_text()


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


class HeldStates:
    """Routes a page's websocket through Playwright and holds back the server's state and patch
    messages while asked to, as a slow network would; everything else passes through."""

    def __init__(self) -> None:
        self.holding = False
        self.buffer: list[tuple[Any, str | bytes]] = []

    def install(self, page: Any) -> None:
        page.route_web_socket(re.compile(r"/ws/games/"), self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if (self.holding and isinstance(message, str)
                    and message.startswith(('{"type":"state"', '{"type":"patch"'))):
                self.buffer.append((ws, message))
            else:
                ws.send(message)

        server.on_message(from_server)

    def hold(self) -> None:
        self.holding = True

    def release(self) -> None:
        self.holding = False
        held, self.buffer = self.buffer, []
        for ws, message in held:
            ws.send(message)


# ---- the tests ------------------------------------------------------------------------------


def test_invite_links_show_each_seat_only_its_own_secrets(live_server: str, pages: Pages) -> None:
    names = ["Ann", "Bob", "Cid"]
    home = pages.open(f"{live_server}/")
    home.select_option("#game", GAME)
    for i, name in enumerate(names):
        home.fill(f'input[name="player{i}"]', name)
    with home.expect_navigation():
        home.get_by_role("button", name="Create game").click()

    invites = home.locator("li.invite")
    expect(invites).to_have_count(len(names))
    expect(invites.locator(".name")).to_have_text(names)
    seat_urls = [field.input_value() for field in invites.locator("input.invite-url").all()]
    watch_url = home.locator("a.watch").get_attribute("href")
    assert watch_url is not None
    game_id = game_id_of(seat_urls[0])
    assert all(game_id_of(u) == game_id for u in seat_urls)
    assert watch_url == f"{live_server}/games/{game_id}/watch"
    tokens = [token_of(u) for u in seat_urls]
    assert len(set(tokens)) == len(names)

    truth = [api_state(live_server, game_id, t)["view"]["you"] for t in tokens]
    # Two seats whose colours differ if there are such, so that the colour check bites.
    a, b = next(((i, j) for i in range(3) for j in range(i + 1, 3)
                 if truth[i]["colour"] != truth[j]["colour"]), (0, 1))

    seat_pages = {a: pages.open(seat_urls[a]), b: pages.open(seat_urls[b])}
    watcher = pages.open(watch_url)
    for page in [*seat_pages.values(), watcher]:
        wait_version(page, 0)

    for seat, page in seat_pages.items():
        other = truth[b if seat == a else a]
        mine = truth[seat]
        expect(page.locator("#you")).to_have_text(f"You are {names[seat]}")
        assert hand_on(page) == cards(mine["hand"])
        expect(page.locator(f'{YOU} [data-key="colour"]')).to_have_text(mine["colour"])
        # The only hand anywhere in the markup is the seat's own, and no list of everyone's.
        expect(page.locator('[data-key="hand"]')).to_have_count(1)
        expect(page.locator('[data-key="hands"], [data-key="colours"]')).to_have_count(0)
        # Nothing is face up yet, so every card on the page is one of the seat's own.
        shown = page.locator("#board .chip").all_inner_texts()
        assert sorted(shown) == sorted(cards(mine["hand"]))
        assert not set(cards(other["hand"])) & set(shown)
        # Choices name only the seat's own cards (only the seat to move has any).
        for label in page.locator("button.option").all_inner_texts():
            played = re.fullmatch(r"Play (\d+)", label)
            if played:
                assert int(played[1]) in mine["hand"], label
        if mine["colour"] != other["colour"]:
            assert not re.search(rf"\b{other['colour']}\b", board_text(page))

    # What is not secret is the same for both seats and the spectator, word for word.
    assert table_text(seat_pages[a]) == table_text(seat_pages[b]) == table_text(watcher)

    # The watch page shows no secret at all.
    expect(watcher.locator(f'{YOU}, [data-key="hand"], [data-key="hands"]')).to_have_count(0)
    expect(watcher.locator("#board .chip")).to_have_count(0)
    assert not re.search(r"\b(red|blue)\b", board_text(watcher))
    expect(watcher.locator("button.option")).to_have_count(0)
    expect(watcher.locator('[data-section="waiting"]')).to_contain_text(names[0])


def test_playing_on_the_page_pushes_to_the_other_seat(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, GAME, ["Ann", "Bob"])
    game_id = created["id"]
    urls = [s["url"] for s in created["seats"]]
    tokens = [s["token"] for s in created["seats"]]
    assert api_state(live_server, game_id)["waiting"][0]["seat"] == 0

    held = HeldStates()
    ann = pages.open(urls[0], before=held.install)
    bob = pages.open(urls[1])
    wait_version(ann, 0)
    wait_version(bob, 0)
    bob.evaluate("window.notReloaded = true")
    expect(bob.locator(LOG_LINES)).to_have_count(0)
    expect(bob.locator("button.option")).to_have_count(0)
    expect(bob.locator('[data-section="waiting"]')).to_contain_text("Ann")

    # Ann draws a card in secret: both pages move on, each with its own side of the secret.
    ann.get_by_role("button", name="Draw a card").click()
    wait_version(ann, 1)
    wait_version(bob, 1)
    assert bob.evaluate("window.notReloaded") is True
    ann_hand = api_state(live_server, game_id, tokens[0])["view"]["you"]["hand"]
    assert len(ann_hand) == 3
    assert hand_on(ann) == cards(ann_hand)
    drawn = ann_hand[-1]
    expect(ann.locator(LOG_LINES)).to_have_text([f"You drew {drawn}"])
    expect(bob.locator(LOG_LINES)).to_have_text(["Ann drew a card"])
    assert str(drawn) not in bob.locator("#board .chip").all_inner_texts()
    expect(bob.locator('[data-key="players"] tr[data-index="0"] td[data-key="hand_size"]')
           ).to_have_text("3")

    # Now Bob is asked, not Ann; Bob plays a card and Ann's page shows it face up.
    expect(ann.locator("button.option")).to_have_count(0)
    first = bob.locator("button.option").first
    played = re.fullmatch(r"Play (\d+)", first.inner_text())
    assert played, first.inner_text()
    first.click()
    wait_version(bob, 2)
    wait_version(ann, 2)
    expect(ann.locator(LOG_LINES).first).to_have_text(f"Bob played {played[1]}")
    expect(ann.locator('[data-key="players"] tr[data-index="1"] td[data-key="table"] .chip')
           ).to_have_text([played[1]])

    # An illegal action (Bob is asked nothing now) shows the reason and breaks nothing.
    bob.evaluate("window.quorum.act({type: 'pass'})")
    expect(bob.locator("#messages .error")).to_contain_text("wait for your turn")
    expect(bob.locator("#game")).to_have_attribute("data-version", "2")
    assert api_state(live_server, game_id)["version"] == 2

    # A stale action: Ann acts from another device while her page has not heard of it yet.
    held.hold()
    assert api_act_first_option(live_server, game_id, tokens) == 3
    wait_version(bob, 3)
    expect(ann.locator("#game")).to_have_attribute("data-version", "2")
    ann.get_by_role("button", name="Pass", exact=True).click()
    expect(ann.locator("#messages .notice")).to_contain_text("moved on")
    expect(ann.get_by_role("button", name="Pass", exact=True)).to_be_enabled()
    assert api_state(live_server, game_id)["version"] == 3, "the stale choice was applied"
    held.release()
    wait_version(ann, 3)
    expect(ann.locator("button.option")).to_have_count(0)
    expect(ann.locator('[data-section="waiting"]')).to_contain_text("Bob")
    assert bob.evaluate("window.notReloaded") is True


def test_a_dropped_connection_reconnects_and_catches_up(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, GAME, ["Ann", "Bob"])
    urls = [s["url"] for s in created["seats"]]
    ann = pages.open(urls[0])
    bob = pages.open(urls[1])
    wait_version(ann, 0)
    wait_version(bob, 0)
    bob.evaluate("window.notReloaded = true")
    status = bob.locator("#connection")
    expect(status).to_have_text("")

    # Bob's network goes away and his socket with it.
    bob.context.set_offline(True)
    bob.evaluate("window.quorum.ws.close()")
    expect(status).to_contain_text("reconnecting")
    expect(bob.locator("#game")).to_have_attribute("data-connection", "reconnecting")

    # Meanwhile Ann moves.
    ann.get_by_role("button", name="Pass", exact=True).click()
    wait_version(ann, 1)
    bob.wait_for_timeout(1200)  # at least one attempt to reconnect fails while offline
    expect(status).to_contain_text("reconnecting")
    expect(bob.locator("#game")).to_have_attribute("data-version", "0")

    # The network is back: Bob's page reconnects by itself and shows the current state.
    bob.context.set_offline(False)
    expect(bob.locator("#game")).to_have_attribute("data-connection", "connected",
                                                   timeout=15_000)
    expect(status).to_have_text("")
    wait_version(bob, 1)
    expect(bob.locator(LOG_LINES)).to_have_text(["Ann passed"])
    assert bob.evaluate("window.notReloaded") is True

    # The new connection carries Bob's choices.
    bob.locator("button.option").first.click()
    wait_version(bob, 2)
    wait_version(ann, 2)


def test_games_list_and_replay_show_every_hand(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, GAME, ["Ann", "Bob"], rounds=1)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]

    listing = pages.open(f"{live_server}/games")
    row = listing.locator(f'li[data-game-id="{game_id}"]')
    expect(row).to_have_attribute("data-status", "active")
    expect(row.locator("a.watch")).to_have_attribute("href", created["watch_url"])

    play_to_end(live_server, game_id, tokens)
    result = api_state(live_server, game_id)["result"]
    listing.reload()
    expect(row).to_have_attribute("data-status", "finished")
    expect(row).to_contain_text(result["text"])
    with listing.expect_navigation():
        row.locator("a.replay").click()
    assert urlparse(listing.url).path == f"/games/{game_id}/replay"

    replay = HTTP.get(f"{live_server}/api/games/{game_id}/replay").json()
    views = replay_views(replay)
    last = len(views) - 1
    assert last >= 2

    def check_step(index: int) -> None:
        expect(listing.locator("#replay")).to_have_attribute("data-step", str(index))
        expect(listing.locator("#step-label")).to_contain_text(f"Step {index} of {last}")
        view = views[index]
        hands = listing.locator('[data-key="hands"] > ol > li')
        expect(hands).to_have_count(len(view["hands"]))
        for li, hand in zip(hands.all(), view["hands"], strict=True):
            expect(li.locator(".chip")).to_have_text(cards(hand))
        expect(listing.locator('[data-key="colours"] .chip')).to_have_text(view["colours"])

    next_button = listing.get_by_role("button", name="Next step")
    for index in range(last + 1):
        check_step(index)
        if index < last:
            next_button.click()
    expect(next_button).to_be_disabled()
    expect(listing.locator('[data-section="result"]')).to_contain_text(result["text"])

    listing.locator("#step").fill("1")
    check_step(1)
    listing.get_by_role("button", name="Previous step").click()
    check_step(0)

    # The finished game's board, from the list, shows everything too.
    watch = pages.open(created["watch_url"])
    wait_version(watch, replay["steps"][-1]["seq"])
    expect(watch.locator('[data-key="hands"] > ol > li')).to_have_count(2)
    expect(watch.locator("#finished-note")).to_be_visible()


def test_pages_fit_a_desktop_and_a_phone(live_server: str, pages: Pages, artifacts: Path) -> None:
    long_name = "Maximiliana-Theodora-Wolfeschlegelstein"
    created = api_create(live_server, GAME, [long_name, "Bob", "Cid"])
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(4):
        version = api_act_first_option(live_server, game_id, tokens)
    seat = api_state(live_server, game_id)["waiting"][0]["seat"]

    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = pages.open(created["seats"][seat]["url"], viewport=viewport)
        wait_version(page, version)
        expect(page.locator("button.option").first).to_be_visible()
        page.screenshot(path=str(artifacts / f"play-{name}.png"), full_page=True)
        assert no_horizontal_scroll(page), f"the play page scrolls sideways on a {name}"

    # Every other page on a phone, with the same long name.
    home = pages.open(f"{live_server}/", viewport=PHONE)
    assert no_horizontal_scroll(home)
    home.select_option("#game", GAME)
    home.fill('input[name="player0"]', long_name)
    home.fill('input[name="player1"]', "Bob")
    with home.expect_navigation():
        home.get_by_role("button", name="Create game").click()
    expect(home.locator("li.invite")).to_have_count(2)
    assert no_horizontal_scroll(home), "the invite page scrolls sideways on a phone"

    finished = api_create(live_server, GAME, [long_name, "Bob"], rounds=1)
    play_to_end(live_server, finished["id"], [s["token"] for s in finished["seats"]])
    # Each page with what shows that it has rendered.
    for path, ready in (
        ("/games", f'li[data-game-id="{finished["id"]}"]'),
        (f"/games/{game_id}/watch", '#game[data-version] [data-section="table"]'),
        (f"/games/{finished['id']}/replay", '#replay[data-step="0"] [data-section="table"]'),
        (f"/games/{finished['id']}/watch", '#game[data-version] [data-section="result"]'),
        (f"/rules/{GAME}", "h1"),
    ):
        page = pages.open(f"{live_server}{path}", viewport=PHONE)
        expect(page.locator(ready)).to_be_visible()
        assert no_horizontal_scroll(page), f"{path} scrolls sideways on a phone"
