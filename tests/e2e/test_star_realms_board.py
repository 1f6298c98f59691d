"""The Star Realms board in a real browser: a whole two-player game played by clicks on the board
against a computer player (hand cards played, "play all", Trade Row cards bought, bases and the
opponent attacked, abilities used), then the finished game watched and replayed with every
secret; the board on a phone; a Russian and a Polish page without an English word."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from app.core.pick import random_answer
from tests.e2e.api import HTTP, api_act, api_state, game_id_of, token_of
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.words import english_words_in

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob"]
GAME_SECONDS = 60


def create(base: str, bots: dict[str, str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "star_realms", "players": NAMES, "options": {}}
    if bots:
        body["bots"] = bots
    response = HTTP.post(f"{base}/api/games", json=body)
    assert response.status_code == 201, response.text
    game = response.json()
    game["id"] = game_id_of(game["seats"][0]["url"])
    return game


def open_in(pages: Pages, url: str, lang: str = "en", viewport: dict[str, int] = DESKTOP) -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}')"))
    page.wait_for_selector("#board section.sr-trade", timeout=10_000)
    return page


def version_of(page: Any) -> int:
    return int(page.locator("#game").get_attribute("data-version") or -1)


def asked_or_over(page: Any, after: int) -> str:
    """Waits until the page shows a state after `after` that asks the person or ends the game;
    answers "asked" or "finished"."""
    page.wait_for_function(
        """(after) => {
          const game = document.getElementById("game");
          if (Number(game.dataset.version) <= after) return false;
          return game.dataset.status === "finished"
            || document.querySelector(
              '#decision [data-section="prompt"] button.option:not([disabled])');
        }""", arg=after, timeout=15_000)
    status = page.locator("#game").get_attribute("data-status")
    return "finished" if status == "finished" else "asked"


# The person's way to play, by the board's buttons: play everything, use abilities, buy the
# dearest card they can, attack bases and then the opponent, end the turn.
CHOICES = [
    "#board button.sr-bar-play_all",
    "#board button.sr-ability",
    "#board button.sr-card.target[data-target^='row:']",
    "#board button.sr-card.target[data-target^='base:']",
    "#board button.sr-attack",
    "#board button.sr-bar-end_turn",
]


HAND_CARD = "#board .sr-player.mine [data-zone='hand'] button.sr-card.target"


def dearest(page: Any, selector: str) -> Any:
    """The Trade Row card with the highest cost among those the selector finds."""
    costs = page.eval_on_selector_all(
        selector, "els => els.map(e => Number(e.querySelector('.sr-cost')?.textContent || 0))")
    return page.locator(selector).nth(max(range(len(costs)), key=costs.__getitem__))


def click_a_choice(page: Any, kinds: dict[str, int]) -> None:
    kind = page.locator('#decision [data-section="prompt"]').first.get_attribute("data-kind")
    if kind == "main":
        single = page.locator(HAND_CARD)
        if kinds.get(HAND_CARD, 0) < 5 and single.count() >= 2:
            # a tap on one card of the hand plays it (the rest go with "play all")
            kinds[HAND_CARD] = kinds.get(HAND_CARD, 0) + 1
            card = single.first.get_attribute("data-id")
            in_play = page.locator(f"#board .sr-player.mine :is(.sr-ships, .sr-bases) "
                                   f"[data-id='{card}']")
            before = in_play.count()
            single.first.click()
            expect(in_play).to_have_count(before + 1)
            return
        for selector in CHOICES:
            if page.locator(selector).count():
                button = (dearest(page, selector) if "row:" in selector
                          else page.locator(selector).first)
                kinds[selector] = kinds.get(selector, 0) + 1
                button.click()
                return
        raise AssertionError("the main phase offers nothing on the board")
    # another question (scrap, discard, choose ...): its first option in the decision area,
    # or the card on the board it names
    target = page.locator("#board .target:not([disabled])")
    if kind in ("discard", "acquire_free") and target.count():
        kinds[kind] = kinds.get(kind, 0) + 1
        target.first.click()
        return
    kinds[kind] = kinds.get(kind, 0) + 1
    page.locator('#decision [data-section="prompt"] button.option').first.click()


def test_a_whole_game_by_clicks_against_the_computer_then_watched_and_replayed(
        live_server: str, pages: Pages, artifacts: Path) -> None:
    game = create(live_server, {"1": "random"})
    url = game["seats"][0]["url"]
    page = open_in(pages, url)
    expect(page.locator("#computers")).to_contain_text("Bob")
    started = time.monotonic()
    kinds: dict[str, int] = {}
    clicks = 0
    version = -1
    shot = False
    while asked_or_over(page, version) == "asked":
        version = version_of(page)
        if not shot and page.locator("#board .sr-player.mine .sr-ships .sr-card").count():
            page.screenshot(path=str(artifacts / "star-realms-board-en-desktop.png"))
            shot = True
        click_a_choice(page, kinds)
        clicks += 1
        assert time.monotonic() - started < GAME_SECONDS, (clicks, kinds)
    body = api_state(live_server, game["id"])
    assert body["status"] == "finished"
    # the person played by the board: hand cards (all at once), buys, attacks, the turn's end
    assert kinds.get(HAND_CARD, 0) >= 3, kinds
    assert kinds.get(CHOICES[0], 0) >= 3 and kinds.get(CHOICES[2], 0) >= 3, kinds
    assert kinds.get(CHOICES[4], 0) >= 3 and kinds.get(CHOICES[5], 0) >= 3, kinds
    expect(page.locator('#board [data-section="result"]')).to_be_visible()
    page.screenshot(path=str(artifacts / "star-realms-board-end.png"), full_page=True)

    # watched after the end (in Russian): every hand and deck face up, the result
    watch = open_in(pages, f"{live_server}/games/{game['id']}/watch", "ru")
    expect(watch.locator('#board [data-section="result"]')).to_be_visible()
    final = body["view"]
    for p in final["players"]:
        panel = watch.locator(f'#board .sr-player[data-seat="{p["seat"]}"]')
        expect(panel.locator('[data-zone="hand"] .sr-card')).to_have_count(len(p["hand"]))
        expect(panel.locator(f'[data-pile="deck:{p["seat"]}"]')).to_have_count(1)
    expect(watch.locator('[data-pile="trade_deck"]')).to_have_count(1)
    for pile in watch.locator("#board details.sr-pile").all():
        pile.locator("summary").click()
    found = english_words_in(watch.evaluate("() => document.body.innerText"), "ru", tuple(NAMES))
    assert not found, ("watch after the end", sorted(found))

    # the replay: the first step's table, the last step's with every hand
    replay = open_in(pages, f"{live_server}/games/{game['id']}/replay")
    expect(replay.locator("#board .sr-trade .sr-row .sr-slot")).to_have_count(6)
    # its landmarks: each turn, each attack on a player
    expect(replay.locator("#landmarks")).to_be_visible()
    assert replay.locator('#landmark option[data-kind="turn"]').count() >= 5
    attacks = replay.locator('#landmark option[data-kind="attack"]')
    assert attacks.count() >= 3
    step = attacks.first.get_attribute("value")
    replay.locator("#landmark").select_option(step)
    expect(replay.locator("#replay")).to_have_attribute("data-step", step)
    replay.locator("#last").click()
    expect(replay.locator('#board [data-section="result"]')).to_be_visible()
    for p in final["players"]:
        panel = replay.locator(f'#board .sr-player[data-seat="{p["seat"]}"]')
        expect(panel.locator('[data-zone="hand"] .sr-card')).to_have_count(len(p["hand"]))
    replay.screenshot(path=str(artifacts / "star-realms-replay-end.png"), full_page=True)


def played_a_while(base: str, seed: int, actions: int) -> tuple[dict[str, Any], list[str]]:
    """A game two random players played through the API for at least `actions` actions, up to a
    main phase whose player holds cards (neither seat a computer, so that it stands still while
    the pages look)."""
    game = create(base)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    rng = random.Random(seed)
    for done in range(actions * 10):
        public = api_state(base, game["id"])
        assert public["status"] == "active", "the game ended first"
        seat = public["waiting"][0]["seat"]
        mine = api_state(base, game["id"], tokens[seat])
        prompt = mine["prompts"][0]
        if done >= actions and prompt["kind"] == "main" and len(mine["view"]["you"]["hand"]) >= 2:
            return game, tokens
        api_act(base, game["id"], tokens[seat], mine["version"], random_answer(prompt, rng))
    raise AssertionError("no main phase with cards in hand came")


def asked_seat(base: str, game: dict[str, Any]) -> int:
    return int(api_state(base, game["id"])["waiting"][0]["seat"])


def test_the_board_fits_a_phone(live_server: str, pages: Pages, artifacts: Path) -> None:
    game, _ = played_a_while(live_server, 3, 40)
    seat = asked_seat(live_server, game)
    page = open_in(pages, game["seats"][seat]["url"], viewport=PHONE)
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "star-realms-board-en-phone.png"), full_page=True)
    page.screenshot(path=str(artifacts / "star-realms-board-en-phone-screen.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    boxes = page.eval_on_selector_all(
        "#board .sr-card", "els => els.filter(e => e.offsetParent)"
        ".map(e => e.getBoundingClientRect()).map(b => [b.left, b.right, b.width])")
    assert boxes
    assert all(left >= 0 and right <= PHONE["width"] and w >= 90 for left, right, w in boxes), boxes
    # the Trade Row shows its five cards and the Explorers two or three to a row
    row = page.eval_on_selector_all("#board .sr-row > .sr-slot", "els => els.map(e => e.offsetTop)")
    assert len(row) == 6 and len(set(row)) <= 3, row
    # the hand is on the board's section, a tap away from the question
    expect(page.locator('#board .sr-player.mine [data-zone="hand"] .sr-card').first).to_be_visible()
    expect(page.locator("#decision")).to_be_visible()
    # a tap opens the discard pile
    pile = page.locator('#board .sr-player.mine details[data-pile^="discard:"]')
    pile.locator("summary").click()
    expect(pile).to_have_attribute("open", "")


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_no_english_on_a_russian_or_polish_board(live_server: str, pages: Pages, artifacts: Path,
                                                lang: str) -> None:
    game, _ = played_a_while(live_server, 5, 60)
    seat = asked_seat(live_server, game)
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_in(pages, game["seats"][seat]["url"], lang, viewport)
        for pile in page.locator("#board details.sr-pile").all():
            pile.locator("summary").click()
        page.wait_for_timeout(300)
        page.screenshot(path=str(artifacts / f"star-realms-board-{lang}-{label}.png"),
                        full_page=True)
        text = page.evaluate("() => document.body.innerText")
        assert "Торгов" in text or "handlow" in text
        found = english_words_in(text, lang, tuple(NAMES))
        assert not found, (label, sorted(found))
    # a spectator sees no hand while the game runs
    watch = open_in(pages, f"{live_server}/games/{game['id']}/watch", lang)
    expect(watch.locator("#board .sr-player")).to_have_count(2)
    expect(watch.locator('#board [data-zone="hand"]')).to_have_count(0)
    found = english_words_in(watch.evaluate("() => document.body.innerText"), lang, tuple(NAMES))
    assert not found, ("watch", sorted(found))


def seat_view(seat: int, team: int, **more: Any) -> dict[str, Any]:
    return {"seat": seat, "name": f"P{seat}", "authority": 50, "hand_size": 5, "deck_size": 5,
            "discard": [], "ships": [], "bases": [], "trade": 0, "combat": 0, "team": team,
            "role": None, "out": False, **more}


def test_several_players_and_teams_each_get_a_panel(live_server: str, pages: Pages) -> None:
    """A Two-Headed Hydra table (made up: four seats, two teams, two seats acting at once, one
    seat out): a panel per seat with its team, the reader's last, and the options' targets on
    the right seats; a tap posts the option's action unchanged."""
    attack = {"type": "attack", "seat": 3, "amount": 4}
    hit_base = {"type": "attack_base", "seat": 1, "card": "the_oracle:1"}
    scrap = {"type": "ability", "card": "lancer:1", "ability": "scrap"}
    buy = {"type": "buy", "card": "falcon:1"}
    body = {
        "status": "active", "seat": 0, "version": 9, "players": ["P0", "P1", "P2", "P3"],
        "view": {
            "format": "hydra_two_headed", "turn": 3, "current": 0, "active": [0, 2],
            "players": [seat_view(0, 0, combat=4, ships=["lancer:1"]),
                        seat_view(1, 1, bases=["the_oracle:1"]),
                        seat_view(2, 0), seat_view(3, 1, out=True)],
            "trade_row": ["lancer:2", "falcon:1"], "trade_deck_size": 60, "explorers": 10,
            "scrap_heap": [], "used": ["lancer:1/primary"], "copies": {}, "damage": {},
            "stack": [], "result": None, "you": {"seat": 0, "hand": ["scout:1"]},
        },
        "prompts": [{"seat": 0, "kind": "main",
                     "msg": {"key": "star_realms.ask.main", "params": {}},
                     "options": [
                         {"msg": {"key": "star_realms.option.attack",
                                  "params": {"seat": 3, "n": 4}}, "action": attack},
                         {"msg": {"key": "star_realms.option.attack_base",
                                  "params": {"seat": 1, "srcard": "the_oracle", "n": 4}},
                          "action": hit_base},
                         {"msg": {"key": "star_realms.option.ability",
                                  "params": {"srcard": "lancer", "ability": "scrap",
                                             "effects": []}}, "action": scrap},
                         {"msg": {"key": "star_realms.option.buy",
                                  "params": {"srcard": "falcon", "n": 3}}, "action": buy}]}],
        "waiting": [{"seat": 0}, {"seat": 2}], "log": [],
    }
    page = pages.open(f"{live_server}/")
    page.evaluate("""async (body) => {
      const board = await import("/static/games/star_realms/board.js");
      const root = document.createElement("div");
      root.id = "sr-test";
      document.body.append(root);
      window.sent = [];
      // each choice waits for the next state: the same one is drawn again after each
      window.redraw = () => board.render(root, body, (action) => window.sent.push(action));
      window.redraw();
    }""", body)
    panels = page.locator("#sr-test .sr-player")
    expect(panels).to_have_count(4)
    assert panels.evaluate_all("els => els.map(e => e.dataset.seat)") == ["1", "2", "3", "0"]
    teams = panels.evaluate_all(
        "els => els.map(e => e.querySelector('.sr-badge.team').dataset.team)")
    assert teams == ["1", "0", "1", "0"]
    expect(page.locator("#sr-test .sr-player.acting")).to_have_count(2)
    expect(page.locator('#sr-test .sr-player[data-seat="3"]')).to_have_class(
        "card sr-player out")
    expect(page.locator('#sr-test .sr-player[data-seat="3"] button.sr-attack')).to_have_count(1)
    expect(page.locator("#sr-test button.sr-attack")).to_have_count(1)
    page.locator('#sr-test .sr-player[data-seat="1"] button.sr-card.target').click()
    page.evaluate("window.redraw()")
    mine = page.locator('#sr-test .sr-player[data-seat="0"]')
    expect(mine.locator(".sr-ability")).to_have_count(1)
    mine.locator('.sr-slot:has([data-card="lancer:1"]) .sr-ability[data-ability="scrap"]').click()
    page.evaluate("window.redraw()")
    expect(page.locator("#sr-test .sr-row button.sr-card.target")).to_have_count(1)
    page.locator('#sr-test .sr-row button.sr-card.target[data-card="falcon:1"]').click()
    assert page.evaluate("window.sent") == [hit_base, scrap, buy]


def test_pools_sends_and_gifts_are_answered_on_the_table(live_server: str, pages: Pages) -> None:
    """Made-up tables: a teammate's panel hands them one's Trade or Combat (Hydra), a card of
    one's discard pile goes to a teammate by a button under it (Emperor), and a player who is
    out gives a card by tapping it wherever it lies (hand, discard pile, bases)."""
    give = {"type": "give", "seat": 2, "pool": "combat"}
    send = {"type": "send", "card": "falcon", "seat": 2}
    gift = {"type": "gift", "card": "the_oracle"}

    def option(key: str, params: dict, action: dict) -> dict:
        return {"msg": {"key": f"star_realms.option.{key}", "params": params}, "action": action}

    main = {"seat": 0, "kind": "main", "msg": {"key": "star_realms.ask.main", "params": {}},
            "options": [option("give", {"pool": "trade", "seat": 2},
                               {"type": "give", "seat": 2, "pool": "trade"}),
                        option("give", {"pool": "combat", "seat": 2}, give),
                        option("send", {"srcard": "falcon", "seat": 2}, send)]}
    leaving = {"seat": 0, "kind": "gift", "msg": {"key": "star_realms.ask.gift",
                                                   "params": {"seat": 2}},
               "options": [option("gift", {"srcard": c}, {"type": "gift", "card": c})
                           for c in ("scout", "falcon", "the_oracle")]}
    view = {"format": "emperor", "turn": 3, "current": 0, "active": [0, 2],
            "players": [seat_view(0, 0, trade=2, combat=4, discard=["falcon:1"],
                                  bases=["the_oracle:1"]),
                        seat_view(1, 1), seat_view(2, 0)],
            "trade_row": [], "trade_deck_size": 60, "explorers": 10, "scrap_heap": [],
            "used": [], "copies": {}, "damage": {}, "stack": [], "result": None,
            "you": {"seat": 0, "hand": ["scout:1"]}}
    page = pages.open(f"{live_server}/")
    page.evaluate("""async ([view, main, leaving]) => {
      const board = await import("/static/games/star_realms/board.js");
      const root = document.createElement("div");
      root.id = "sr-test";
      document.body.append(root);
      window.sent = [];
      const body = (prompt) => ({ status: "active", seat: 0, version: 9,
        players: ["P0", "P1", "P2"], view, prompts: [prompt], waiting: [{ seat: 0 }], log: [] });
      window.draw = (which) => board.render(root, body(which === "main" ? main : leaving),
        (action) => window.sent.push(action));
      window.draw("main");
    }""", [view, main, leaving])
    mate = page.locator('#sr-test .sr-player[data-seat="2"]')
    expect(mate.locator("button.sr-give")).to_have_count(2)
    expect(page.locator('#sr-test .sr-player[data-seat="1"] button.sr-give')).to_have_count(0)
    mate.locator('button.sr-give[data-target="give:2:combat"]').click()
    page.evaluate("window.draw('main')")
    mine = page.locator('#sr-test .sr-player[data-seat="0"]')
    expect(mine.locator('details[data-pile="discard:0"]')).to_have_attribute("open", "")
    mine.locator('button.sr-send[data-target="send:falcon:2"]').click()
    page.evaluate("window.draw('gift')")
    expect(page.locator("#sr-test button.sr-give, #sr-test button.sr-send")).to_have_count(0)
    for card in ("scout:1", "falcon:1", "the_oracle:1"):
        expect(mine.locator(f'button.sr-card.target[data-card="{card}"]')).to_have_count(1)
    mine.locator('button.sr-card.target[data-card="the_oracle:1"]').click()
    assert page.evaluate("window.sent") == [give, send, gift]
