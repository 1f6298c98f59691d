"""The table around the board in a real browser, on a desktop and on a phone: players chat, the
spectators' chat stays hidden from the players until the end, markup stays text, a rematch gives
each player's page its own new seat, and "your move" sounds and notifies while the page is
hidden, at most once a minute. A screenshot of the chat lands in test-artifacts/."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

import app.games  # noqa: F401  (the game's words, for the seats' names)
from app.core.messages import english, msg
from tests.e2e.api import (
    HTTP,
    api_act,
    api_act_first_option,
    api_create,
    api_state,
    game_id_of,
    play_to_end,
    token_of,
)
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.words import english_words_in

pytestmark = pytest.mark.browser

VIEWPORTS = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
LINES = "#chat .chat-line"


def open_game(pages: Pages, url: str, viewport: dict[str, int], lang: str = "en",
              script: str = "") -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}');{script}"))
    expect(page.locator("#game")).to_have_attribute("data-connection", "connected")
    expect(page.locator("#game")).to_have_attribute("data-version", re.compile(r"\d+"))
    talk = page.locator("#tab-talk")
    if talk.is_visible():  # a phone shows one section at a time: the chat is with the log
        talk.click()
    return page


def show_board(page: Any) -> None:
    """On a phone the end screen (and its rematch) is on the board's tab."""
    tab = page.locator("#tab-board")
    if tab.is_visible():
        tab.click()


def say(page: Any, text: str, name: str | None = None) -> None:
    if name is not None:
        page.locator("#chat .chat-name").fill(name)
    page.locator("#chat .chat-text").fill(text)
    page.locator("#chat .chat-text").press("Enter")
    expect(page.locator("#chat .chat-text")).to_have_value("")  # acknowledged


def lines(page: Any) -> list[str]:
    return page.locator(f"{LINES} .said").all_inner_texts()


def line_with(page: Any, text: str) -> Any:
    return page.locator(LINES).filter(has_text=text)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_two_players_chat_and_markup_stays_text(live_server: str, pages: Pages,
                                               viewport: dict[str, int], artifacts: Path) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"])
    ann = open_game(pages, game["seats"][0]["url"], viewport)
    bob = open_game(pages, game["seats"][1]["url"], viewport)
    expect(ann.locator("#chat .chat-empty")).to_be_visible()
    expect(ann.locator("#chat .chat-name")).to_be_hidden()  # a player writes under the seat
    say(ann, "Bob drew red, I saw it.")
    for page in (ann, bob):
        expect(line_with(page, "Bob drew red")).to_have_count(1)
        expect(line_with(page, "Bob drew red").locator(".who")).to_have_text("Ann")
    markup = '<img src=x onerror="window.__pwned=1"><b>not bold</b> & <i>'
    say(bob, markup)
    for page in (ann, bob):
        expect(page.locator(f"{LINES} .said").last).to_have_text(markup)
        assert page.locator("#chat img, #chat .said b, #chat .said i").count() == 0
        assert page.evaluate("window.__pwned") is None
    assert lines(ann) == lines(bob) == ["Bob drew red, I saw it.", markup]
    # 500 characters at most: the field stops there, and the server says why past it
    expect(ann.locator("#chat .chat-text")).to_have_attribute("maxlength", "500")
    ann.evaluate("""() => { document.querySelector("#chat .chat-text").value = "x".repeat(501);
                            document.querySelector("#chat .chat-form").requestSubmit(); }""")
    expect(ann.locator("#chat .chat-error")).to_have_text(
        "A chat message can be at most 500 characters long.")
    assert lines(ann) == ["Bob drew red, I saw it.", markup]
    # the board moves on; the chat is left as it was and the version is the game's own
    assert api_state(live_server, game["id"])["version"] == 0
    name = "desktop" if viewport == DESKTOP else "phone"
    ann.locator("#chat").scroll_into_view_if_needed()
    ann.screenshot(path=str(artifacts / f"chat-{name}.png"), full_page=False)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_bsg_seat_speaks_under_its_seats_name(live_server: str, pages: Pages,
                                               viewport: dict[str, int]) -> None:
    game = api_create(live_server, "bsg", ["Ann", "Bob", "Cid"])
    ann = open_game(pages, game["seats"][0]["url"], viewport)
    cid = open_game(pages, game["seats"][2]["url"], viewport)
    say(cid, "Who is the Cylon?")
    expect(line_with(ann, "Who is the Cylon?").locator(".who")).to_have_text("Cid")
    tokens = [token_of(s["url"]) for s in game["seats"]]
    players = lambda: api_state(live_server, game["id"])["view"]["players"]  # noqa: E731
    while any(p["character"] is None for p in players()):
        api_act_first_option(live_server, game["id"], tokens)  # the characters are chosen
    character = api_state(live_server, game["id"])["view"]["players"][2]["character"]["id"]
    seat_name = english(msg("bsg.seatName", name="Cid", character=character))
    assert seat_name.startswith("Cid (") and len(seat_name) > len("Cid ()")
    for page in (ann, cid):
        expect(line_with(page, "Who is the Cylon?").locator(".who")).to_have_text(seat_name)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_spectators_chat_stays_hidden_from_the_players_until_the_end(
        live_server: str, pages: Pages, viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=1)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    ann = open_game(pages, game["seats"][0]["url"], viewport)
    bob = open_game(pages, game["seats"][1]["url"], viewport)
    zed = open_game(pages, game["watch_url"], viewport)
    expect(zed.locator("#chat .chat-note")).to_be_visible()
    say(zed, "Ann has the 7, trust me", name="Zed")
    say(ann, "Good luck, Bob")
    for page in (ann, bob, zed):
        expect(line_with(page, "Good luck, Bob")).to_have_count(1)
    spectator = line_with(zed, "Ann has the 7")
    expect(spectator.locator(".who")).to_have_text("Zed")
    expect(spectator.locator(".badge.spectator")).to_have_text("spectator")
    for page in (ann, bob):
        assert lines(page) == ["Good luck, Bob"]
        assert "Ann has the 7" not in page.content()
    play_to_end(live_server, game["id"], tokens)
    for page in (ann, bob):
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
        told = line_with(page, "Ann has the 7")
        expect(told).to_have_count(1)
        expect(told.locator(".badge.spectator")).to_be_visible()
        assert lines(page) == ["Ann has the 7, trust me", "Good luck, Bob"]
    zed.reload()  # the spectator's name stays in this browser
    expect(zed.locator("#chat .chat-name")).to_have_value("Zed")


# Four messages sent at once from one seat: the fourth is over the rate (3 a second).
FOUR_AT_ONCE = """
const text = document.querySelector("#chat .chat-text");
const form = document.querySelector("#chat .chat-form");
for (const n of [1, 2, 3, 4]) { text.value = `quick ${n}`; form.requestSubmit(); }
"""
TOO_FAST = {
    "en": "Too many messages at once (at most 3 a second). Wait a moment and send it again.",
    "ru": "Слишком много сообщений сразу (не больше 3 в секунду). Подождите немного и отправьте "
          "снова.",
}


@pytest.mark.parametrize("lang,viewport", [("en", DESKTOP), ("ru", PHONE)])
def test_too_many_messages_at_once_are_refused_in_the_readers_language(
        live_server: str, pages: Pages, lang: str, viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"])
    ann = open_game(pages, game["seats"][0]["url"], viewport, lang)
    ann.evaluate(FOUR_AT_ONCE)
    error = ann.locator("#chat .chat-error")
    expect(error).to_have_text(TOO_FAST[lang])
    expect(ann.locator(LINES)).to_have_count(3)
    expect(ann.locator("#chat .chat-text")).to_have_value("quick 4")  # kept, to send again
    ann.wait_for_timeout(1100)
    ann.locator("#chat .chat-text").press("Enter")
    expect(ann.locator(LINES)).to_have_count(4)
    expect(error).to_be_hidden()
    assert lines(ann) == ["quick 1", "quick 2", "quick 3", "quick 4"]


def post_chat(base: str, game_id: str, text: str, token: str) -> None:
    """One message from a seat, again after a moment while over the rate."""
    for _ in range(20):
        said = HTTP.post(f"{base}/api/games/{game_id}/chat", json={"text": text},
                         headers={"Authorization": f"Bearer {token}"})
        if said.status_code != 429:
            assert said.status_code == 201, said.text
            return
        time.sleep(0.35)
    raise AssertionError("the rate never let the message through")


def test_earlier_messages_come_on_request(live_server: str, pages: Pages) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"])
    tokens = [token_of(s["url"]) for s in game["seats"]]
    for n in range(1, 56):
        post_chat(live_server, game["id"], f"line {n}", tokens[n % len(tokens)])
    ann = open_game(pages, game["seats"][0]["url"], PHONE)
    expect(ann.locator(LINES)).to_have_count(50)  # the newest page
    assert lines(ann)[0] == "line 6" and lines(ann)[-1] == "line 55"
    ann.locator("#chat .chat-older").click()
    expect(ann.locator(LINES)).to_have_count(55)
    assert lines(ann) == [f"line {n}" for n in range(1, 56)]
    expect(ann.locator("#chat .chat-older")).to_be_hidden()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_replay_shows_what_was_said_by_the_step_it_was_said_at(
        live_server: str, pages: Pages, viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=1)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    ann = open_game(pages, game["seats"][0]["url"], viewport)
    zed = open_game(pages, game["watch_url"], viewport)
    say(ann, "<b>first</b>")
    api_act(live_server, game["id"], tokens[0], 0, {"type": "pass"})
    expect(ann.locator("#game")).to_have_attribute("data-version", "1")
    say(zed, "after one step", name="Zed")
    last = play_to_end(live_server, game["id"], tokens)
    say(ann, "good game")
    replay = pages.open(f"{live_server}/games/{game['id']}/replay", viewport=viewport)
    expect(replay.locator("#replay")).to_have_attribute("data-step", "0")
    expect(replay.locator(LINES)).to_have_count(1)
    expect(replay.locator(f"{LINES} .said")).to_have_text("<b>first</b>")
    assert replay.locator("#chat b").count() == 0
    replay.locator("#next").click()
    expect(replay.locator("#replay")).to_have_attribute("data-step", "1")
    expect(replay.locator(f"{LINES} .said")).to_have_text(["<b>first</b>", "after one step"])
    expect(line_with(replay, "after one step").locator(".badge.spectator")).to_be_visible()
    replay.locator("#last").click()
    expect(replay.locator("#replay")).to_have_attribute("data-step", str(last))
    expect(replay.locator(f"{LINES} .said")).to_have_text(
        ["<b>first</b>", "after one step", "good game"])
    replay.locator("#first").click()
    expect(replay.locator(LINES)).to_have_count(1)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_rematch_gives_each_players_page_its_own_new_seat(
        live_server: str, pages: Pages, viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=1)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    ann = open_game(pages, game["seats"][0]["url"], viewport)
    bob = open_game(pages, game["seats"][1]["url"], viewport)
    zed = open_game(pages, game["watch_url"], viewport)
    expect(ann.locator("#rematch")).to_be_hidden()
    play_to_end(live_server, game["id"], tokens)
    start = ann.locator("#rematch .rematch-start")
    expect(start).to_have_text("Rematch: same players, same options")
    expect(zed.locator("#rematch")).to_be_hidden()  # nothing to watch yet
    start.click()
    another_game = r"/games/(?!" + re.escape(game["id"]) + r")[^/]+/play#token="
    expect(ann).to_have_url(re.compile(another_game))
    new = HTTP.get(f"{live_server}/api/games/{game['id']}/rematch").json()["id"]
    assert new and game_id_of(ann.url) == new
    join = bob.locator("#rematch .rematch-join")
    expect(join).to_have_text("Take your seat in the rematch")
    join.click()
    for page, seat in ((ann, 0), (bob, 1)):
        expect(page).to_have_url(re.compile(re.escape(f"/games/{new}/play#token=")))
        expect(page.locator("#game")).to_have_attribute("data-version", "0")
        expect(page.locator("#you")).to_have_text(f"You are {['Ann', 'Bob'][seat]}")
        token = token_of(page.url)
        assert token not in tokens
        assert api_state(live_server, new, token)["seat"] == seat
    watch = zed.locator("#rematch a.rematch-watch")
    expect(watch).to_have_attribute("href", f"/games/{new}/watch")
    watch.click()
    expect(zed).to_have_url(re.compile(re.escape(f"/games/{new}/watch") + "$"))
    expect(zed.locator("#game")).to_have_attribute("data-connection", "connected")


# A hidden page, as a tab in the background is; the notifications and the sounds a page makes.
HIDDEN_AND_SPIED = """
window.__hidden = false;
window.__later = 0;
Object.defineProperty(Document.prototype, "visibilityState",
  { configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
Object.defineProperty(Document.prototype, "hidden",
  { configurable: true, get() { return window.__hidden; } });
const realNow = Date.now;
Date.now = () => realNow() + window.__later;
window.__notified = [];
window.__beeps = 0;
const Real = window.Notification;
class Spy extends Real {
  constructor(title, options) {
    window.__notified.push({ title, body: options && options.body });
    super(title, options);
  }
}
Object.defineProperty(Spy, "permission", { get: () => Real.permission });
Spy.requestPermission = (...args) => Real.requestPermission(...args);
window.Notification = Spy;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__beeps += 1;
  return start.apply(this, args);
};
"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_your_move_sounds_and_notifies_while_hidden_at_most_once_a_minute(
        live_server: str, pages: Pages, viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=20)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    bob = pages.open(game["seats"][1]["url"], viewport=viewport, before=lambda p: (
        p.context.grant_permissions(["notifications"], origin=live_server),
        p.add_init_script("localStorage.setItem('quorum-lang', 'en');" + HIDDEN_AND_SPIED)))
    expect(bob.locator("#game")).to_have_attribute("data-version", "0")
    switch = bob.locator("#alerts input.alerts-switch")
    expect(switch).not_to_be_checked()
    switch.check()  # opting in (a click: the page may make sounds from now on)
    bob.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    version = 0

    def pass_turn(seat: int) -> None:
        nonlocal version
        version = api_act(live_server, game["id"], tokens[seat], version, {"type": "pass"})
        expect(bob.locator("#game")).to_have_attribute("data-version", str(version))

    pass_turn(0)  # Bob is asked, his page hidden
    bob.wait_for_function("window.__notified.length === 1")
    title = bob.title()
    assert title.startswith("Your move · ")
    assert bob.evaluate("window.__notified") == [
        {"title": title, "body": f"It is your move in {title.removeprefix('Your move · ')}."}]
    assert bob.evaluate("window.__beeps") == 2  # two short tones
    pass_turn(1)
    pass_turn(0)  # asked again within the minute: nothing
    bob.wait_for_timeout(200)
    assert len(bob.evaluate("window.__notified")) == 1 and bob.evaluate("window.__beeps") == 2
    bob.evaluate("window.__later = 61000")  # a minute later
    pass_turn(1)
    pass_turn(0)
    bob.wait_for_function("window.__notified.length === 2")
    assert bob.evaluate("window.__beeps") == 4
    bob.evaluate("window.__later = 130000; window.__hidden = false")
    pass_turn(1)
    pass_turn(0)  # asked while looking at the page: the title says it, nothing else
    bob.wait_for_timeout(200)
    assert len(bob.evaluate("window.__notified")) == 2
    expect(bob).to_have_title(title)
    bob.reload()  # the choice is remembered in this browser
    expect(bob.locator("#alerts input.alerts-switch")).to_be_checked()


@pytest.mark.parametrize("lang,viewport", [("ru", DESKTOP), ("pl", PHONE)])
def test_chat_and_rematch_speak_the_readers_language(live_server: str, pages: Pages, lang: str,
                                                    viewport: dict[str, int]) -> None:
    game = api_create(live_server, "secretcards", ["Аня", "Бор"], rounds=1)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    ann = open_game(pages, game["seats"][0]["url"], viewport, lang)
    zed = open_game(pages, game["watch_url"], viewport, lang)
    say(zed, "тсс", name="Зед")
    say(ann, "удачи")
    expect(line_with(zed, "удачи")).to_have_count(1)
    play_to_end(live_server, game["id"], tokens)
    show_board(ann)
    expect(ann.locator("#rematch button")).to_be_visible()
    expect(line_with(ann, "тсс")).to_have_count(1)
    for page in (ann, zed):
        words = " ".join(page.locator(sel).inner_text() for sel in ("#chat", "#alerts", "#rematch")
                         if page.locator(sel).count() and page.locator(sel).is_visible())
        assert not english_words_in(words, lang), words


BSG_NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина"]
# The chat's words without what the people wrote (a Polish line on a Russian page is no English).
PAGES_OWN_WORDS = """() => {
  const chat = document.querySelector("#chat").cloneNode(true);
  chat.querySelectorAll(".said").forEach((said) => said.remove());
  return [...chat.querySelectorAll("*")].map((e) => e.childNodes.length === 1 ? e.textContent : "")
    .concat([...chat.querySelectorAll("input")].map((e) => e.placeholder)).join(" ");
}"""


def test_a_five_seat_bsg_table_talks_ends_and_rematches(live_server: str, pages: Pages,
                                                       artifacts: Path) -> None:
    """Battlestar Galactica for five, a Russian player on a desktop and a Polish one on a phone:
    the table talks under the seats' names, the spectators' chat reaches the players at the end,
    and the rematch gives the Polish phone its own new seat. Screenshots of the chat and of the
    rematch land in test-artifacts/ (issue13-chat.png, issue13-rematch.png)."""
    game = api_create(live_server, "bsg", BSG_NAMES)
    tokens = [token_of(s["url"]) for s in game["seats"]]
    players = lambda: api_state(live_server, game["id"])["view"]["players"]  # noqa: E731
    while any(p["character"] is None for p in players()):
        api_act_first_option(live_server, game["id"], tokens)  # the characters are chosen
    anya = open_game(pages, game["seats"][0]["url"], DESKTOP, "ru")
    boris = open_game(pages, game["seats"][1]["url"], PHONE, "pl")
    zed = open_game(pages, game["watch_url"], DESKTOP, "ru")
    say(anya, "Кто видел, что Борис положил в проверку?")
    say(boris, "Nie patrzcie na mnie: jestem człowiekiem!")
    for seat, text in ((2, "Борис, покажи карту лояльности."), (4, "Голосую за Глеба-президента.")):
        said = HTTP.post(f"{live_server}/api/games/{game['id']}/chat", json={"text": text},
                         headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert said.status_code == 201, said.text
    say(zed, "Ставлю на то, что Вера — сайлон", name="Зритель Зед")
    expect(anya.locator(LINES)).to_have_count(4)
    expect(boris.locator(LINES)).to_have_count(4)
    expect(zed.locator(LINES)).to_have_count(5)
    # players speak under their seats' names, the character's included
    expect(anya.locator(f"{LINES} .who").first).to_have_text(re.compile(r"^Аня \(.+\)$"))
    expect(boris.locator(f"{LINES} .who").nth(1)).to_have_text(re.compile(r"^Борис \(.+\)$"))
    anya.locator("#chat .chat-text").blur()
    anya.locator("#chat").scroll_into_view_if_needed()
    anya.screenshot(path=str(artifacts / "issue13-chat.png"))
    for page, lang in ((anya, "ru"), (boris, "pl")):
        assert not english_words_in(page.evaluate(PAGES_OWN_WORDS), lang, tuple(BSG_NAMES))

    play_to_end(live_server, game["id"], tokens)
    for page in (anya, boris):
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(line_with(page, "Ставлю на то")).to_have_count(1)
    expect(boris.locator("#rematch .rematch-start")).to_have_text(
        "Rewanż z tymi samymi graczami i ustawieniami")
    expect(boris.locator("#alerts")).to_be_hidden()  # nothing more to be asked
    anya.locator("#rematch .rematch-start").click()
    # her page was already on a /play#token= address: wait for the new game's
    expect(anya).not_to_have_url(re.compile(re.escape(f"/games/{game['id']}/")))
    expect(anya).to_have_url(re.compile(r"/play#token="))
    new = HTTP.get(f"{live_server}/api/games/{game['id']}/rematch").json()["id"]
    show_board(boris)
    join = boris.locator("#rematch .rematch-join")
    expect(join).to_have_text("Zajmij swoje miejsce w rewanżu")
    boris.evaluate("window.scrollTo(0, 0)")
    boris.screenshot(path=str(artifacts / "issue13-rematch.png"))
    assert not english_words_in(boris.locator("#rematch").inner_text(), "pl", tuple(BSG_NAMES))
    join.click()
    expect(boris).to_have_url(re.compile(re.escape(f"/games/{new}/play#token=")))
    expect(boris.locator("#game")).to_have_attribute("data-connection", "connected")
    assert api_state(live_server, new, token_of(boris.url))["seat"] == 1
    assert api_state(live_server, new)["players"] == BSG_NAMES
