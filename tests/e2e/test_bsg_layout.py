"""The game page at the table, in a real browser: on a phone (390×844) the decision area takes at
most a quarter of the screen until its player taps "Show all", and the page is three tabs (the
board, my cards, the log and the chat); on a desktop (1280×800) the same three sections stand side
by side. Identical cards lie in one stack with their count, every explanation opens on a tap,
skill types carry an icon beside their name, and a choice that cannot be undone asks first.

The screenshots of the phone's decision area, collapsed and expanded, go to test-artifacts/, and
with QUORUM_SCREENSHOTS=1 to docs/screenshots/issue13/ (the issue's closing note shows them)."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.api import HTTP, api_act, api_create, api_state
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import preferred, preferred_answer, shown_cards, wait_version
from tests.words import english_words_in

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]
LIMIT = 1500
LONG_PROMPT = 6
ROOT = Path(__file__).resolve().parents[2]
TO_DOCS = os.environ.get("QUORUM_SCREENSHOTS") == "1"
SCREENSHOTS = ROOT / "docs" / "screenshots" / "issue13" if TO_DOCS else ROOT / "test-artifacts"
SECTIONS = ("board", "mine", "talk")


def play_until(base: str, game_id: str, tokens: list[str],
               moment: Callable[[int, dict[str, Any]], bool]) -> tuple[int, dict[str, Any]]:
    """The asked seats take the option that moves the game on until `moment(seat, its body)`
    holds for the seat asked; answers that seat and its body (still asked, not yet answered)."""
    for _ in range(LIMIT):
        public = api_state(base, game_id)
        if public["status"] != "active":
            raise GameEnded("the game ended first")
        seat = public["waiting"][0]["seat"]
        mine = api_state(base, game_id, tokens[seat])
        if moment(seat, mine):
            return seat, mine
        api_act(base, game_id, tokens[seat], mine["version"], preferred_answer(mine["prompts"][0]))
    raise AssertionError("the moment never came")


def new_game(base: str) -> tuple[dict[str, Any], list[str]]:
    created = api_create(base, "bsg", PLAYERS)
    return created, [s["token"] for s in created["seats"]]


class GameEnded(AssertionError):
    """A random game reached its end before the moment a test waits for."""


def game_at(base: str, moment: Callable[[int, dict[str, Any]], bool], games: int = 4
            ) -> tuple[dict[str, Any], list[str], int, dict[str, Any]]:
    """A new game played on until `moment`; the seed is random, and a game that ends before the
    moment comes is left for another one (a few games at most)."""
    for _ in range(games - 1):
        created, tokens = new_game(base)
        try:
            return (created, tokens, *play_until(base, created["id"], tokens, moment))
        except GameEnded:
            continue
    created, tokens = new_game(base)
    return (created, tokens, *play_until(base, created["id"], tokens, moment))


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def an_action_turn(seat: int, body: dict[str, Any]) -> bool:
    """The seat chooses its turn's action, with a few turns behind it (a log, cards in hand)."""
    return body["prompts"][0]["kind"] == "action" and body["view"]["turn"] >= 3


def a_long_action_turn(seat: int, body: dict[str, Any]) -> bool:
    """An action turn whose options overflow the folded area. The server picks each game's seed,
    so a seat in the brig or a revealed Cylon (two or three options that fit folded) must not
    count: folding would then hide nothing."""
    return an_action_turn(seat, body) and len(body["prompts"][0]["options"]) >= LONG_PROMPT


# ---- the phone -------------------------------------------------------------------------------


def test_the_phone_decision_area_takes_a_quarter_until_tapped(live_server: str,
                                                              pages: Pages) -> None:
    created, tokens, seat, mine = game_at(live_server, a_long_action_turn)
    page = pages.open(created["seats"][seat]["url"], viewport=PHONE)
    wait_version(page, mine["version"])
    decision = page.locator("#decision")
    toggle = page.locator("#decision-toggle")
    options = page.locator("#decision button.option")
    expect(options).to_have_count(len(mine["prompts"][0]["options"]))

    # Collapsed: the question and the options in at most a quarter of the screen, at its foot.
    expect(decision).to_have_attribute("data-state", "shut")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    shut = box(page, "#decision")
    assert shut["height"] <= PHONE["height"] / 4, shut
    assert shut["y"] + shut["height"] <= PHONE["height"] + 1, shut
    expect(page.locator("#decision .prompt h2")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-decision-collapsed.png"))

    # A tap shows everything; another tap folds it back.
    toggle.click()
    expect(decision).to_have_attribute("data-state", "open")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    opened = box(page, "#decision")
    assert opened["height"] > shut["height"], (opened, shut)
    assert opened["height"] <= PHONE["height"] * 0.8 + 1, opened
    options.last.scroll_into_view_if_needed()
    expect(options.last).to_be_in_viewport()
    page.evaluate("() => document.getElementById('decision-body').scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / "phone-decision-expanded.png"))
    toggle.click()
    expect(decision).to_have_attribute("data-state", "shut")
    assert box(page, "#decision")["height"] <= PHONE["height"] / 4

    # Collapsed, an option is still one tap away: the options scroll under the question.
    chosen = mine["prompts"][0]["options"][preferred(mine["prompts"][0]["options"])]
    button = page.locator(f"#decision button.option[data-action='{json_attr(chosen['action'])}']")
    button.click()
    if chosen.get("confirm"):
        page.locator("#board dialog[open] button.confirm-yes").click()
    wait_version(page, api_state(live_server, created["id"], tokens[seat])["version"])


def json_attr(action: dict[str, Any]) -> str:
    """An action as board.js writes it into `data-action` (JSON.stringify's spacing)."""
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False)


def test_the_phone_page_is_three_tabs(live_server: str, pages: Pages) -> None:
    created, tokens, seat, mine = game_at(live_server, an_action_turn)
    page = pages.open(created["seats"][seat]["url"], viewport=PHONE)
    wait_version(page, mine["version"])
    expect(page.locator("#section-tabs")).to_be_visible()
    expect(page.locator("#section-talk > #chat")).to_have_count(1)
    heights = {}
    for name in SECTIONS:
        page.locator(f"#tab-{name}").click()
        expect(page.locator(f"#tab-{name}")).to_have_attribute("aria-selected", "true")
        for other in SECTIONS:
            section = page.locator(f"#section-{other}")
            if other == name:
                expect(section).to_be_visible()
            else:
                expect(section).to_be_hidden()
        heights[name] = page.evaluate("() => document.documentElement.scrollHeight")
        # The tab bar stays in reach at the top while a section scrolls.
        page.mouse.wheel(0, 1500)
        page.wait_for_timeout(100)
        assert box(page, "#section-tabs")["y"] <= 1
        page.evaluate("() => window.scrollTo(0, 0)")
    print(f"\nphone page height by tab (px): {heights}")
    expect(page.locator('#section-mine [data-section="you"]')).to_have_count(1)
    expect(page.locator('#section-talk [data-section="log"]')).to_have_count(1)
    expect(page.locator('#section-board [data-section="map"]')).to_have_count(1)
    # Keys move between the tabs as in any tab list.
    page.locator("#tab-talk").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tab-board")).to_be_focused()
    expect(page.locator("#section-board")).to_be_visible()

    # An explanation opens on a tap and closes on the next one: no hover needed.
    dial = page.locator('#section-board .dial[data-tip]').first
    dial.click()
    bubble = page.locator("#tip-bubble")
    expect(bubble).to_be_visible()
    expect(bubble).to_have_text(dial.get_attribute("data-tip") or "")
    page.locator("#section-board h3").first.click()
    expect(bubble).to_be_hidden()


def test_the_desktop_shows_the_sections_side_by_side(live_server: str, pages: Pages) -> None:
    created, tokens, seat, mine = game_at(live_server, an_action_turn)
    page = pages.open(created["seats"][seat]["url"], viewport=DESKTOP)
    wait_version(page, mine["version"])
    expect(page.locator("#section-tabs")).to_be_hidden()
    expect(page.locator("#decision")).to_have_attribute("data-state", "open")
    expect(page.locator("#decision-toggle")).to_be_visible()
    boxes = {name: box(page, f"#section-{name}") for name in SECTIONS}
    decision = box(page, "#decision")
    assert decision["y"] + decision["height"] <= boxes["board"]["y"] + 1
    assert boxes["mine"]["x"] > boxes["board"]["x"] + boxes["board"]["width"] - 1
    assert boxes["talk"]["x"] == pytest.approx(boxes["mine"]["x"], abs=1)
    assert boxes["talk"]["y"] >= boxes["mine"]["y"] + boxes["mine"]["height"] - 1


# ---- cards, icons, explanations --------------------------------------------------------------


def duplicates_in_hand(seat: int, body: dict[str, Any]) -> bool:
    hand = Counter(c["id"] for c in body["view"]["you"]["hand"])
    return any(n > 1 for n in hand.values())


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_identical_cards_stack_and_skill_types_carry_an_icon(live_server: str, pages: Pages,
                                                            viewport: dict[str, int]) -> None:
    created, tokens, seat, mine = game_at(live_server, duplicates_in_hand)
    page = pages.open(created["seats"][seat]["url"], viewport=viewport)
    wait_version(page, mine["version"])
    if viewport is PHONE:
        page.locator("#tab-mine").click()
    hand = Counter(c["id"] for c in mine["view"]["you"]["hand"])
    assert Counter(c["id"] for c in shown_cards(page) if c["zone"] == "hand") == hand
    you = page.locator('[data-section="you"]')
    for card_id, count in hand.items():
        drawn = you.locator(f'[data-zone="hand"][data-card-id="{card_id}"]')
        expect(drawn).to_have_count(1)  # one stack, not `count` cards
        if count > 1:
            expect(drawn).to_have_attribute("data-count", str(count))
            expect(drawn.locator(".card-count")).to_have_text(f"×{count}")
            expect(drawn.locator(".card-count")).to_be_visible()

    # A skill type is never its colour alone: its icon goes with its name.
    types = {c["type"] for c in mine["view"]["you"]["hand"]}
    for skill in types:
        heading = you.locator(f'.hand-group[data-type="{skill}"] h4')
        expect(heading.locator(f'svg.skill-icon[data-skill="{skill}"]')).to_have_count(1)
    for card in you.locator('[data-zone="hand"] .card-type').all():
        expect(card.locator("svg.skill-icon")).to_have_count(1)
        assert card.inner_text().strip()
    if viewport is PHONE:
        page.locator("#tab-board").click()
    tiles = page.locator('[data-section="decks"] .deck-tile[data-deck]')
    expect(tiles).to_have_count(5)
    for tile in tiles.all():
        expect(tile.locator("svg.skill-icon")).to_have_count(1)
        assert tile.locator(".deck-name").inner_text().strip()

    # Nothing on the board explains itself to a hovering mouse only: whatever has a title (an
    # HTML title, an SVG <title>) opens on a tap too, or is a choice that says it in its button.
    hover_only = page.evaluate("""() => [...document.querySelectorAll(
        '#board [title], #board svg title')]
      .map((e) => e.tagName.toLowerCase() === 'title' ? e.parentElement : e)
      .filter((e) => e && !e.closest('[data-tip], .target, button, svg[role=img]'))
      .map((e) => e.outerHTML.slice(0, 120))""")
    assert hover_only == []


# ---- a choice that cannot be undone ----------------------------------------------------------


def asks_to_confirm(seat: int, body: dict[str, Any]) -> bool:
    return any(o.get("confirm") for o in body["prompts"][0]["options"])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_irreversible_choice_asks_first(live_server: str, pages: Pages,
                                          viewport: dict[str, int]) -> None:
    created, tokens, seat, mine = game_at(live_server, asks_to_confirm)
    page = pages.open(created["seats"][seat]["url"], viewport=viewport)
    wait_version(page, mine["version"])
    if viewport is PHONE:
        page.locator("#decision-toggle").click()
    option = next(o for o in mine["prompts"][0]["options"] if o.get("confirm"))
    button = page.locator(f"#decision button.option[data-action='{json_attr(option['action'])}']")
    expect(button).to_have_attribute("data-confirm", "")
    button.click()
    dialog = page.locator("#board dialog.confirm[open]")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".confirm-what")).to_contain_text(button.locator(".option-text").inner_text())
    expect(dialog.locator("button.confirm-no")).to_be_focused()
    # Cancel (or Escape) sends nothing: the same question, the same version.
    dialog.locator("button.confirm-no").click()
    expect(dialog).to_have_count(0)
    page.wait_for_timeout(300)
    assert api_state(live_server, created["id"], tokens[seat])["version"] == mine["version"]
    button.click()
    page.keyboard.press("Escape")
    expect(page.locator("#board dialog.confirm[open]")).to_have_count(0)
    page.wait_for_timeout(300)
    assert api_state(live_server, created["id"], tokens[seat])["version"] == mine["version"]
    # Yes sends the option as offered.
    button.click()
    page.locator("#board dialog.confirm[open] button.confirm-yes").click()
    expect(page.locator("#game")).not_to_have_attribute("data-version", str(mine["version"]))


# ---- the page's words ------------------------------------------------------------------------


# The words a reader meets in a section, the tab bar and the decision area: what is shown, and
# what titles, labels for screen readers and explanations on a tap say.
SPOKEN_IN = """(name) => {
  const parts = ['section-tabs', 'decision', 'section-' + name]
    .map((id) => document.getElementById(id));
  const said = (e) => ['title', 'aria-label', 'data-tip'].map((a) => e.getAttribute(a));
  return parts.flatMap((p) => [p.innerText,
    ...[...p.querySelectorAll('[title], [aria-label], [data-tip]')].flatMap(said)]).filter(Boolean);
}"""


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_every_tab_of_a_phone_speaks_the_readers_language(live_server: str, pages: Pages,
                                                         lang: str) -> None:
    created, tokens, seat, mine = game_at(live_server, an_action_turn)
    page = pages.open(created["seats"][seat]["url"], viewport=PHONE,
                      before=lambda p: p.add_init_script(
                          f"localStorage.setItem('quorum-lang', '{lang}')"))
    wait_version(page, mine["version"])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    found: dict[str, set[str]] = {}
    for name in SECTIONS:
        page.locator(f"#tab-{name}").click()
        expect(page.locator(f"#section-{name}")).to_be_visible()
        texts = page.evaluate(SPOKEN_IN, name)
        words = set().union(*(english_words_in(text, lang, tuple(PLAYERS)) for text in texts))
        if words:
            found[name] = words
    assert found == {}


def names_cards(seat: int, body: dict[str, Any]) -> bool:
    """The seat is asked something that names cards (its own to play, a crisis to pick ...)."""
    prompt = body["prompts"][0]
    return bool(prompt.get("cards") or any(o.get("cards") for o in prompt["options"]))


def test_a_named_card_is_one_tap_from_its_text_on_a_folded_phone(live_server: str,
                                                                 pages: Pages) -> None:
    created, tokens, seat, mine = game_at(live_server, names_cards)
    prompt = mine["prompts"][0]
    named = [ref["id"] for ref in [*prompt.get("cards", []),
                                   *(r for o in prompt["options"] for r in o.get("cards", []))]]
    cards = HTTP.get(f"{live_server}/api/rules/bsg/cards").json()
    texts = {c["id"]: c.get("text") for c in cards}
    texts_names = {c["id"]: c.get("name") for c in cards}
    page = pages.open(created["seats"][seat]["url"], viewport=PHONE)
    wait_version(page, mine["version"])
    decision = page.locator("#decision")
    expect(decision).to_have_attribute("data-state", "shut")
    chips = page.locator("#decision .named-cards button.named-card")
    alike = {(texts_names.get(c), texts.get(c)) for c in named}  # strengths of a card read alike
    expect(chips).to_have_count(len(alike))
    assert box(page, "#decision")["height"] <= PHONE["height"] / 4 + 1

    chip = chips.first
    card = chip.get_attribute("data-card-id")
    chip.click()  # one tap: the whole text, the question still folded
    dialog = page.locator(f"#board dialog.card-dialog[open][data-card-id='{card}']")
    expect(dialog).to_be_visible()
    if texts.get(card):
        expect(dialog.locator(".card-text")).to_have_text(texts[card])
    expect(decision).to_have_attribute("data-state", "shut")
    assert box(page, "#decision")["height"] <= PHONE["height"] / 4 + 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-named-card-open.png"))
    dialog.locator("button.card-close").click()
    expect(page.locator("#board dialog.card-dialog")).to_have_count(0)
    assert pages.unexpected() == []
