"""The Battlestar Galactica board in a real browser: three people play a game through the pages,
each in their own browser context, with a spectator watching; a finished game replays with every
secret; the board speaks English, Russian and Polish.

The API, read with each seat's own token, is the source of truth: after every state each page must
show exactly its own seat's secrets (hand, loyalty, Quorum hand) and nobody else's.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import app.games  # noqa: F401  (the catalogs the English-word check reads)
from app.core.pick import first_answer
from tests.e2e.api import (
    HTTP,
    api_act,
    api_create,
    api_state,
    game_id_of,
    play_to_end,
    replay_views,
    token_of,
)
from tests.e2e.conftest import PHONE, Pages
from tests.e2e.expecting import expect
from tests.words import english_words_in

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cid"]
# Choices that always move the game on without starting anything long: stay, do nothing, add no
# more cards, pass a reaction window, do not use a card or an ability. Otherwise the first option.
PREFERRED = ("stay", "pass", "done", "keep", "skip")
SECRET_ZONES = ("hand", "loyalty", "quorum", "super_crisis")


def preferred(options: list[dict[str, Any]]) -> int:
    types = [o["action"].get("type") for o in options]
    for wanted in PREFERRED:
        if wanted in types:
            return types.index(wanted)
    return 0


def preferred_answer(prompt: dict[str, Any]) -> dict[str, Any]:
    """What moves the game on: the preferred option, or for a pick, the first ones offered."""
    if "pick" in prompt:
        return first_answer(prompt)
    return prompt["options"][preferred(prompt["options"])]["action"]


# ---- reading pages --------------------------------------------------------------------------


def unfold_decision(page: Any) -> None:
    """A phone folds a long question to a quarter of the screen; a player taps "Show all"."""
    toggle = page.locator("#decision-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.click()


def wait_version(page: Any, version: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", str(version))


def shown_cards(page: Any) -> list[dict[str, Any]]:
    """Every card the page draws in a secret zone: its zone, owner seat and card id (a stack of
    identical cards counts as many cards as it says)."""
    return page.eval_on_selector_all(
        "#board [data-zone]",
        "els => els.flatMap(e => Array(Number(e.dataset.count || 1)).fill({zone: e.dataset.zone,"
        " owner: e.dataset.owner ?? null, id: e.dataset.cardId}))")


def ids(cards: list[dict[str, Any]]) -> Counter[str]:
    return Counter(c["id"] for c in cards)


def option_actions(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all("#board button.option",
                                     "els => els.map(e => JSON.parse(e.dataset.action))")


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def check_heading(page: Any, prompt: dict[str, Any]) -> None:
    """The prompt's heading says the prompt; a card's or ability's text that ends it may stand
    apart, under the heading."""
    heading = page.locator('[data-section="prompt"] h2')
    expect(heading).to_be_visible()
    said = heading.inner_text()
    detail = page.locator('[data-section="prompt"] .prompt-detail')
    if detail.count():
        assert prompt["text"].startswith(said) and prompt["text"].endswith(
            detail.inner_text()), (said, prompt["text"])
    else:
        expect(heading).to_have_text(prompt["text"])


# The parts of a board that must speak the reader's language, and the board's own words there.
SPOKEN = ("prompt", "waiting", "you", "check", "reveal", "players", "table", "log", "status",
          "decks", "map", "result")


def english_on_board(page: Any, lang: str, names: tuple[str, ...] = tuple(NAMES)
                     ) -> dict[str, list[str]]:
    """Lines of the board with English words left in them (proper names and the players' names
    aside), by section; nothing when the board speaks only `lang`. Titles, the explanations that
    open on a tap and labels for screen readers count too."""
    found: dict[str, list[str]] = {}
    names = (*names, *(n.upper() for n in names))  # headings in capitals
    for section in SPOKEN:
        for part in page.locator(f'#board [data-section="{section}"]').all():
            texts = part.inner_text().splitlines() + part.evaluate(
                "el => [...el.querySelectorAll('[title], [aria-label], [data-tip]')]"
                ".flatMap(e => [e.getAttribute('title'), e.getAttribute('aria-label'),"
                " e.getAttribute('data-tip')])"
                ".filter(Boolean)")
            for line in texts:
                if english_words_in(line, lang, names):
                    found.setdefault(section, []).append(line)
    return found


class GameEnded(Exception):
    """The game (its seed is random) ended before the moment a test waits for."""


def play_until(base: str, game_id: str, tokens: list[str], done: Any, limit: int = 600
               ) -> dict[str, Any]:
    """Every asked seat takes its first option until `done(public state)`; answers that state."""
    for _ in range(limit):
        public = api_state(base, game_id)
        if done(public):
            return public
        if public["status"] != "active":
            raise GameEnded(f"the game ended first: {public['result']}")
        seat = public["waiting"][0]["seat"]
        mine = api_state(base, game_id, tokens[seat])
        api_act(base, game_id, tokens[seat], mine["version"],
                first_answer(mine["prompts"][0]))
    raise AssertionError(f"not reached within {limit} actions")


def check_secrets(page: Any, seat: int, truth: dict[str, Any]) -> None:
    """The page shows this seat's hand, loyalty and Quorum hand as the API gives them to this
    seat, and no card of anyone else's."""
    you = truth["view"]["you"]
    cards = shown_cards(page)
    for card in cards:
        if card["zone"] in SECRET_ZONES:
            assert card["owner"] == str(seat), f"seat {seat}'s page shows a card of {card}"
    by_zone = {zone: [c for c in cards if c["zone"] == zone] for zone in SECRET_ZONES}
    assert ids(by_zone["hand"]) == Counter(c["id"] for c in you["hand"])
    assert ids(by_zone["loyalty"]) == Counter(c["id"] for c in you["loyalty"])
    assert ids(by_zone["quorum"]) == Counter(c["id"] for c in you.get("quorum_hand", []))
    assert ids(by_zone["super_crisis"]) == Counter(c["id"] for c in you["super_crises"])
    for other in truth["view"]["players"]:
        facts = page.locator(f'[data-section="players"] li[data-seat="{other["seat"]}"]')
        expect(facts.locator('[data-key="hand_size"]')).to_contain_text(str(other["hand_size"]))


def check_public(page: Any, public: dict[str, Any]) -> None:
    """What everyone sees: the running check's counts, the last reveal, who is asked."""
    view = public["view"]
    check = view["check"]
    if check is not None:
        counts = page.eval_on_selector_all('[data-section="check"] .contributions li',
                                           "els => els.map(e => Number(e.dataset.count))")
        assert counts == check["played"]
    results = [e for e in public["log"] if e["kind"] == "check_result" and e.get("data")]
    if results:
        last = results[-1]["data"]
        reveal = page.locator('[data-section="reveal"]')
        expect(reveal).to_have_attribute("data-outcome", last["outcome"])
        expect(reveal.locator('[data-key="total"]')).to_have_text(str(last["total"]))
        by_type: Counter[str] = Counter()
        for card in last["cards"]:
            by_type[card["type"]] += card["strength"] if card["positive"] else -card["strength"]
        for kind, total in by_type.items():
            sign = "+" if total > 0 else "−" if total < 0 else ""
            expect(reveal.locator(f'.totals li[data-type="{kind}"] b')).to_have_text(
                f"{sign}{abs(total)}")


def screenshots(desktop: Any, phone: Any, artifacts: Path) -> None:
    """The board as a desktop (1280×800) and a phone (390×844) show it, and the whole pages."""
    for page in (desktop, phone):
        page.evaluate("window.scrollTo(0, 0)")
    desktop.screenshot(path=str(artifacts / "bsg-desktop.png"))
    desktop.screenshot(path=str(artifacts / "bsg-desktop-full.png"), full_page=True)
    phone.screenshot(path=str(artifacts / "bsg-phone.png"))
    phone.screenshot(path=str(artifacts / "bsg-phone-full.png"), full_page=True)


# ---- the tests ------------------------------------------------------------------------------


def test_three_players_play_five_turns_in_their_browsers(
        live_server: str, pages: Pages, artifacts: Path) -> None:
    home = pages.open(f"{live_server}/")
    home.select_option("#game", "bsg")
    for i, name in enumerate(NAMES):
        home.fill(f'input[name="player{i}"]', name)
    with home.expect_navigation():
        home.get_by_role("button", name="Create game").click()
    urls = [field.input_value() for field in home.locator("input.invite-url").all()]
    assert len(urls) == 3
    game_id = game_id_of(urls[0])
    tokens = [token_of(u) for u in urls]
    watch_url = home.locator("a.watch").get_attribute("href")
    assert watch_url

    # Ann and Cid on desktops, Bob on a phone; a spectator watches.
    seats = [pages.open(urls[0]), pages.open(urls[1], viewport=PHONE), pages.open(urls[2])]
    watcher = pages.open(watch_url)
    everyone = [*seats, watcher]

    clicked_location = clicked_card = False
    shots_taken = False
    checks_seen = 0
    for _ in range(400):
        public = api_state(live_server, game_id)
        assert public["status"] == "active", f"the game ended early: {public['result']}"
        version = public["version"]
        for page in everyone:
            wait_version(page, version)
        asked = public["waiting"][0]["seat"]
        truths = [api_state(live_server, game_id, token) for token in tokens]
        for seat, page in enumerate(seats):
            check_secrets(page, seat, truths[seat])
        check_public(seats[0], public)
        check_public(watcher, public)
        assert no_horizontal_scroll(seats[1]), "Bob's phone scrolls sideways"

        # The spectator sees no secret, no choice, and whom the game waits for.
        assert [c for c in shown_cards(watcher) if c["zone"] in SECRET_ZONES] == []
        expect(watcher.locator("#board button.option")).to_have_count(0)
        expect(watcher.locator('[data-section="waiting"]')).to_contain_text(NAMES[asked])

        prompt = truths[asked]["prompts"][0]
        page = seats[asked]
        if "pick" in prompt:  # test_bsg_pick.py picks on the page
            api_act(live_server, game_id, tokens[asked], version, first_answer(prompt))
            continue
        # several seats may be asked at once (a reaction window): each sees its own options
        also_asked = {w["seat"] for w in public["waiting"]} - {asked}
        for seat, other in enumerate(seats):
            if seat in also_asked and "pick" not in truths[seat]["prompts"][0]:
                assert option_actions(other) == [
                    o["action"] for o in truths[seat]["prompts"][0]["options"]]
            elif seat != asked:
                expect(other.locator("#board button.option")).to_have_count(0)
                expect(other.locator('[data-section="waiting"]')).to_contain_text(NAMES[asked])
        # The page offers exactly the seat's options, and says what is being decided.
        assert option_actions(page) == [o["action"] for o in prompt["options"]]
        check_heading(page, prompt)

        check = public["view"]["check"]
        if check is not None and sum(check["played"]) > 0 and not shots_taken:
            # Cards are going into a skill check: the moment the board has the most to show.
            screenshots(seats[0], seats[1], artifacts)
            shots_taken = True

        actions = [o["action"] for o in prompt["options"]]
        # Once each, choose on the board itself: walk to a location on the same ship, and put
        # a card into a skill check by clicking it in the hand.
        walk = next((o["action"] for o in prompt["options"] if prompt["kind"] == "movement"
                     and o["action"]["type"] == "move" and "discard" not in o["label"]), None)
        add = next((a for a in actions if a["type"] == "add"), None)
        if walk and not clicked_location:
            page.locator(f'#board svg [data-target="loc:{walk["to"]}"]').click()
            clicked_location = True
            wait_version(page, version + 1)
            expect(page.locator('[data-section="log"] li').first).to_contain_text("is now in")
            continue
        if add and not clicked_card:
            card = f'[data-section="you"] button.game-card[data-target="hand:{add["card"]}"]'
            if not page.locator(card).first.is_visible():  # a phone shows one section at a time
                page.locator("#tab-mine").click()
            page.locator(card).first.click()
            clicked_card = True
            wait_version(page, version + 1)
            continue
        choice = preferred(prompt["options"])
        unfold_decision(page)
        page.locator("#board button.option").nth(choice).click()
        wait_version(page, version + 1)

        finished_checks = sum(1 for e in public["log"] if e["kind"] == "check_result")
        checks_seen = max(checks_seen, finished_checks)
        if public["view"]["turn"] >= 6 and checks_seen and clicked_location and clicked_card:
            break
    else:
        raise AssertionError("five turns with a skill check did not happen within 400 actions")

    if not shots_taken:
        screenshots(seats[0], seats[1], artifacts)
    assert api_state(live_server, game_id)["view"]["turn"] >= 6
    for page in everyone:
        expect(page.locator('[data-section="log"] li.kind-turn').first).to_contain_text("Turn")


def test_replay_steps_through_a_finished_game(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, "bsg", NAMES)
    game_id = created["id"]
    play_to_end(live_server, game_id, [s["token"] for s in created["seats"]])
    replay = HTTP.get(f"{live_server}/api/games/{game_id}/replay").json()
    steps = replay["steps"]
    last = len(steps) - 1
    # Only the first step carries its whole view; every later one a patch from the one before.
    assert "view" in steps[0] and all("patch" in s and "view" not in s for s in steps[1:])
    views = replay_views(replay)

    page = pages.open(f"{live_server}/games/{game_id}/replay")

    def check_step(index: int) -> None:
        expect(page.locator("#replay")).to_have_attribute("data-step", str(index))
        expect(page.locator("#step-label")).to_contain_text(f"Step {index} of {last}")
        view = views[index]
        cards = shown_cards(page)
        for player in view["players"]:
            seat = str(player["seat"])
            hand = [c for c in cards if c["zone"] == "hand" and c["owner"] == seat]
            loyalty = [c for c in cards if c["zone"] == "loyalty" and c["owner"] == seat]
            assert ids(hand) == Counter(c["id"] for c in player["hand"]), (index, seat)
            assert ids(loyalty) == Counter(c["id"] for c in player["loyalty"]), (index, seat)

    check_step(0)
    # The page worked out every step's view from the patches, as the server's own code does.
    assert page.evaluate("window.quorumReplay.steps.map((s) => s.view)") == views
    next_button = page.get_by_role("button", name="Next step")
    for index in range(1, min(last, 8) + 1):
        next_button.click()
        check_step(index)

    # A step in the middle of a skill check shows who put which card in (only a replay knows).
    during = next((i for i, v in enumerate(views)
                   if v["check"] and sum(v["check"]["played"]) > 0), None)
    if during is not None:
        page.locator("#step").fill(str(during))
        check_step(during)
        plays = page.locator('[data-section="check"] .played-by li')
        expect(plays).to_have_count(sum(views[during]["check"]["played"]))

    page.get_by_role("button", name="Last step").click()
    check_step(last)
    # The last step is the finished game as the API shows it to everyone: every hand and
    # loyalty card, the resources, who is where.
    final = api_state(live_server, game_id)
    shown = shown_cards(page)
    for player in final["view"]["players"]:
        for zone in ("hand", "loyalty"):
            mine = [c for c in shown if c["zone"] == zone and c["owner"] == str(player["seat"])]
            assert ids(mine) == Counter(c["id"] for c in player[zone]), (zone, player["seat"])
    for name, amount in final["view"]["resources"].items():
        expect(page.locator(f'#board [data-resource="{name}"] .value')).to_have_text(str(amount))
    expect(next_button).to_be_disabled()
    expect(page.locator('[data-section="result"]')).to_be_visible()
    expect(page.locator('[data-section="log"] li').first).to_contain_text(
        replay["result"]["text"].split(":")[0])
    page.get_by_role("button", name="Previous step").click()
    check_step(last - 1)

    # The finished game's board from the watch page also shows every hand.
    watch = pages.open(created["watch_url"], viewport=PHONE)
    wait_version(watch, steps[-1]["seq"])
    final = api_state(live_server, game_id)["view"]
    shown = shown_cards(watch)
    for player in final["players"]:
        for zone, key in (("hand", "hand"), ("loyalty", "loyalty")):
            mine = [c for c in shown if c["zone"] == zone and c["owner"] == str(player["seat"])]
            assert ids(mine) == Counter(c["id"] for c in player[key])
    assert no_horizontal_scroll(watch)
    phone_replay = pages.open(f"{live_server}/games/{game_id}/replay", viewport=PHONE)
    expect(phone_replay.locator("#replay")).to_have_attribute("data-step", "0")
    expect(phone_replay.locator('[data-section="map"] svg')).to_be_visible()
    assert no_horizontal_scroll(phone_replay)


def test_the_language_switch_speaks_russian_and_polish(live_server: str, pages: Pages) -> None:
    created = api_create(live_server, "bsg", NAMES)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    # Everyone picks a character and a starting hand: the board fills up.
    for _ in range(6):
        public = api_state(live_server, game_id)
        seat = public["waiting"][0]["seat"]
        mine = api_state(live_server, game_id, tokens[seat])
        api_act(live_server, game_id, tokens[seat], mine["version"],
                first_answer(mine["prompts"][0]))
    public = api_state(live_server, game_id)
    seat = public["waiting"][0]["seat"]

    page = pages.open(created["seats"][seat]["url"])
    wait_version(page, public["version"])
    board = page.locator("#board")
    expect(board.locator('[data-location="command"]')).to_contain_text("Command")
    expect(board.locator('[data-resource="fuel"]')).to_contain_text("Fuel")
    expect(page.locator("header.top nav")).to_contain_text("New game")

    page.select_option("#lang-switch", "ru")
    expect(board.locator('[data-location="command"]')).to_contain_text("Командный центр")
    expect(board.locator('[data-location="sickbay"]')).to_contain_text("Лазарет")
    expect(board.locator('[data-resource="fuel"]')).to_contain_text("Топливо")
    expect(board.locator('[data-section="players"] h2')).to_have_text("Игроки")
    expect(page.locator("header.top nav")).to_contain_text("Новая игра")
    expect(page.locator(".game-head h1")).to_have_text("Звездный крейсер Галактика")
    expect(page.locator('[data-section="prompt"] .eyebrow')).to_have_text("Ваше решение")
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert english_on_board(page, "ru") == {}

    # The choice is remembered: a reload, and every other page, stays in Russian.
    page.reload()
    wait_version(page, public["version"])
    expect(board.locator('[data-location="command"]')).to_contain_text("Командный центр")
    page.goto(f"{live_server}/")
    expect(page.locator("h1")).to_have_text("Начать игру")
    expect(page.get_by_role("button", name="Создать игру")).to_be_visible()

    page.select_option("#lang-switch", "pl")
    expect(page.locator("h1")).to_have_text("Rozpocznij grę")
    page.goto(created["seats"][seat]["url"])
    wait_version(page, public["version"])
    expect(board.locator('[data-location="command"]')).to_contain_text("Dowództwo")
    expect(board.locator('[data-resource="food"]')).to_contain_text("Żywność")
    expect(board.locator('[data-section="log"] h2')).to_have_text("Dziennik")
    assert english_on_board(page, "pl") == {}

    page.select_option("#lang-switch", "en")
    expect(board.locator('[data-location="command"]')).to_contain_text("Command")
    watch = pages.open(created["watch_url"])
    wait_version(watch, public["version"])
    watch.select_option("#lang-switch", "ru")
    expect(watch.locator("#watch-note")).to_contain_text("Вы наблюдаете")
    expect(watch.locator('[data-section="waiting"]')).to_contain_text("Ждём")
    assert english_on_board(watch, "ru") == {}


def in_language(page: Any, lang: str) -> None:
    """Switch the page's language. A choice made before the page's script has run is undone
    by it (it sets the switch to the stored language), so the choice is made again until the
    page answers it."""
    for _ in range(5):
        page.select_option("#lang-switch", lang)
        try:
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=2_000)
            return
        except AssertionError:
            continue
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_russian_and_polish_boards_have_no_english_words(live_server: str, pages: Pages) -> None:
    """A game well under way, a skill check running, read in Russian and in Polish: prompts,
    option buttons, the log, the cards in hand, the check panel and the last check's reveal
    say everything in the reader's language; only proper names stay as they are."""
    def adding(public: dict[str, Any]) -> bool:
        """Cards go into a check, and the asked seat's log (as its page gets it) holds the
        result of an earlier one."""
        check = public["view"]["check"]
        if not (check is not None and check["stage"] == "contribute"
                and public["waiting"][0]["kind"] == "skill_check"):
            return False
        seat = public["waiting"][0]["seat"]
        return any(e["kind"] == "check_result"
                   for e in api_state(live_server, game_id, tokens[seat])["log"])

    for attempt in range(5):  # a game whose random seed ends it first is replaced
        created = api_create(live_server, "bsg", NAMES)
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        try:
            public = play_until(live_server, game_id, tokens, adding)
            break
        except GameEnded:
            if attempt == 4:
                raise
    seat = public["waiting"][0]["seat"]
    page = pages.open(created["seats"][seat]["url"])
    watch = pages.open(created["watch_url"])
    for reader in (page, watch):
        wait_version(reader, public["version"])
    board = page.locator("#board")
    expect(board.locator('[data-section="check"]')).to_be_visible()
    expect(board.locator('[data-section="reveal"]')).to_be_visible()
    expect(board.locator('[data-section="prompt"] button.option')).not_to_have_count(0)
    hand = api_state(live_server, game_id, tokens[seat])["view"]["you"]["hand"]
    assert hand, "the asked seat holds no card to read"

    for lang, check_word in (("ru", "Проверка навыков"), ("pl", "Test umiejętności")):
        in_language(page, lang)
        in_language(watch, lang)
        expect(board.locator('[data-section="check"] .eyebrow')).to_contain_text(check_word)
        # The cards in hand are worded by their ids: the name and text of the catalog.
        first = board.locator(f'[data-section="you"] [data-card-id="{hand[0]["id"]}"]').first
        expect(first.locator(".card-name")).not_to_have_text(hand[0]["name"])
        expect(first.locator(".card-text")).not_to_have_text(hand[0]["text"])
        assert english_on_board(page, lang) == {}, lang
        assert english_on_board(watch, lang) == {}, lang
        # The seats' names carry the characters' names in the reader's language.
        character = public["view"]["players"][seat]["character"]["name"]
        expect(watch.locator('[data-section="waiting"]')).to_contain_text(NAMES[seat])
        if lang == "ru":
            expect(watch.locator('[data-section="waiting"]')).not_to_contain_text(character)
        newest = board.locator('[data-section="log"] li').first.inner_text()
        assert re.search(r"[^\x00-\x7f]", newest), newest

    # Back in English, the board says what the server's English texts say.
    in_language(page, "en")
    expect(board.locator('[data-section="log"] li .text').first).to_have_text(
        api_state(live_server, game_id, tokens[seat])["log"][-1]["text"])


def test_the_card_reference_speaks_the_readers_language(live_server: str, pages: Pages) -> None:
    page = pages.open(f"{live_server}/rules/bsg")
    command = page.locator("#card-command")
    expect(command.locator("b")).to_have_text("Command")
    in_language(page, "ru")
    expect(command.locator("b")).to_have_text("Командный центр")
    expect(page.locator("#card-william_adama")).to_contain_text("Вдохновляющий лидер")
    expect(page.locator("#card-william_adama")).to_contain_text("Каюта адмирала")
    for lang in ("ru", "pl"):
        in_language(page, lang)
        lines = page.locator("main").inner_text().splitlines()
        english = [line for line in lines if english_words_in(line, lang)]
        assert english == [], english[:10]
    home = pages.open(f"{live_server}/")
    in_language(home, "pl")
    expect(home.locator("#game option[value=bsg]")).to_contain_text("Battlestar Galactica")
    expect(home.locator('fieldset.options[data-game="bsg"]')).to_contain_text("Poziom trudności")


def test_the_board_keeps_the_connection_promises(live_server: str, pages: Pages) -> None:
    """Reconnecting is shown (in the reader's language) and catches up; a stale choice refreshes
    instead of failing; the server's refusals are shown."""
    from tests.e2e.test_invites import HeldStates

    created = api_create(live_server, "bsg", NAMES)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    asked = api_state(live_server, game_id)["waiting"][0]["seat"]
    idle = (asked + 1) % 3
    held = HeldStates()
    page = pages.open(created["seats"][asked]["url"], before=held.install)
    other = pages.open(created["seats"][idle]["url"])
    wait_version(page, 0)
    wait_version(other, 0)

    # A choice from a seat that is not asked: the reason is shown, nothing breaks.
    other.evaluate("window.quorum.act({type: 'stay'})")
    expect(other.locator("#messages .error")).to_contain_text("wait for your turn")

    # A stale choice: the seat chose on another device while this page had not heard of it.
    held.hold()
    mine = api_state(live_server, game_id, tokens[asked])
    api_act(live_server, game_id, tokens[asked], 0, first_answer(mine["prompts"][0]))
    wait_version(other, 1)
    page.locator("#board button.option").first.click()
    expect(page.locator("#messages .notice")).to_contain_text("moved on")
    expect(page.locator("#board button.option").first).to_be_enabled()
    held.release()
    wait_version(page, 1)
    assert api_state(live_server, game_id)["version"] == 1, "the stale choice was applied"

    # The server's refusals are said in the reader's language.
    other.select_option("#lang-switch", "ru")
    other.evaluate("window.quorum.act({type: 'no_such_action'})")
    error = other.locator("#messages .error span")
    expect(error).to_contain_text(re.compile("[а-яё]"))
    assert english_words_in(error.inner_text(), "ru") == set(), error.inner_text()

    # The network drops: the page says so, in Russian, and catches up when it is back.
    other.context.set_offline(True)
    other.evaluate("window.quorum.ws.close()")
    expect(other.locator("#connection")).to_contain_text("переподключение")
    expect(other.locator("#game")).to_have_attribute("data-connection", "reconnecting")
    public = api_state(live_server, game_id)
    seat = public["waiting"][0]["seat"]
    mine = api_state(live_server, game_id, tokens[seat])
    first = first_answer(mine["prompts"][0])
    api_act(live_server, game_id, tokens[seat], public["version"], first)
    other.context.set_offline(False)
    expect(other.locator("#game")).to_have_attribute("data-connection", "connected", timeout=15_000)
    wait_version(other, public["version"] + 1)
    expect(other.locator("#connection")).to_have_text("")
