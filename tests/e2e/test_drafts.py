"""Decisions made behind the screen in a real browser (static/js/drafts.js), with the test game
Sealed Bids (tests/sealedbids.py): two players bid at once; each one's steps stay in their own
page (kept through a reload) and reach nobody — not the other's page, not the API, not the
version — until they are ready; "ready" can be taken back; the reveal shows both bids. Also a
round in Russian, on a phone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.api import HTTP, api_state, token_of
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.words import english_words_in

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob")


def create(base: str, rounds: int = 3) -> dict[str, Any]:
    response = HTTP.post(f"{base}/api/games", json={"game": "sealedbids", "players": list(NAMES),
                                                    "options": {"rounds": rounds}})
    assert response.status_code == 201, response.text
    return response.json()


def open_seat(pages: Pages, url: str, viewport: dict[str, int] = DESKTOP, lang: str = "en") -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}');"))
    connected(page)
    return page


def connected(page: Any) -> None:
    expect(page.locator("#game")).to_have_attribute("data-connection", "connected")
    expect(page.locator("#game")).to_have_attribute("data-version", re.compile(r"\d+"))


def option(page: Any, words: str) -> Any:
    return page.locator("#decision button.option", has_text=re.compile(f"^{re.escape(words)}$"))


def bid(page: Any) -> Any:
    return page.locator('[data-section="you"] [data-key="bid"]')


def text(page: Any) -> str:
    return str(page.evaluate("() => document.getElementById('game').innerText"))


def version(page: Any) -> Any:
    return expect(page.locator("#game"))


def stored(page: Any) -> list[str]:
    """The drafts the page keeps in sessionStorage."""
    return list(page.evaluate(
        "() => Object.keys(sessionStorage).filter((k) => k.startsWith('quorum-draft'))"))


def test_two_players_bid_behind_the_screen(live_server: str, pages: Pages,
                                          artifacts: Path) -> None:
    game = create(live_server)
    tokens = [token_of(seat["url"]) for seat in game["seats"]]
    ann = open_seat(pages, game["seats"][0]["url"])
    bob = open_seat(pages, game["seats"][1]["url"])
    expect(ann.locator("#draft-bar")).to_contain_text("Nobody sees your steps until you are ready.")
    expect(ann.locator(".prompt .eyebrow")).to_have_text("Your move, behind the screen")
    expect(bob.locator(".waiting")).to_have_text("Still deciding: Ann")
    bob_before, bob_text = api_state(live_server, game["id"], tokens[1]), text(bob)

    # Ann tries two steps: her page shows them, nobody else learns anything
    option(ann, "One coin more").click()
    expect(bid(ann)).to_have_text("1")
    option(ann, "One coin more").click()
    expect(bid(ann)).to_have_text("2")
    expect(ann.locator("#draft-bar .draft-count")).to_have_text("2 steps so far.")
    expect(option(ann, "One coin less")).to_be_visible()
    ann.screenshot(path=str(artifacts / "drafts-ann-trying.png"))
    assert api_state(live_server, game["id"], tokens[1]) == bob_before
    assert api_state(live_server, game["id"], tokens[0])["view"]["you"]["bid"] == 0
    assert api_state(live_server, game["id"])["version"] == 0
    version(ann).to_have_attribute("data-version", "0")
    assert text(bob) == bob_text
    assert stored(ann) == [f"quorum-draft:{game['id']}:0:0"]  # game, seat, version begun at

    # a reload keeps her steps
    ann.reload()
    connected(ann)
    expect(bid(ann)).to_have_text("2")
    expect(ann.locator("#draft-bar .draft-count")).to_have_text("2 steps so far.")

    # start over, then three coins
    ann.locator("#draft-bar button.draft-start-over").click()
    expect(bid(ann)).to_have_text("0")
    expect(ann.locator("#draft-bar button.draft-start-over")).to_have_count(0)
    assert stored(ann) == []
    for n in (1, 2, 3):
        option(ann, "One coin more").click()
        expect(bid(ann)).to_have_text(str(n))

    # a reload, a start over and three more steps later, still nothing told to Bob
    assert api_state(live_server, game["id"], tokens[1]) == bob_before
    assert text(bob) == bob_text

    # Bob bids one and is ready: a version everyone sees; Ann's steps are previewed again
    option(bob, "One coin more").click()
    expect(bid(bob)).to_have_text("1")
    option(bob, "Ready").click()
    version(bob).to_have_attribute("data-version", "1")
    expect(bob.locator(".prompt h2")).to_have_text("Ready — waiting for the others")
    expect(option(bob, "Not ready after all")).to_be_visible()
    expect(bob.locator(".waiting")).to_have_text("Still deciding: Ann")
    version(ann).to_have_attribute("data-version", "1")
    expect(ann.locator(".waiting")).to_have_text("Ready: Bob")
    expect(bid(ann)).to_have_text("3")
    expect(ann.locator("#draft-bar .draft-count")).to_have_text("3 steps so far.")
    assert api_state(live_server, game["id"], tokens[1])["view"]["ready"] == [False, True]
    watcher = pages.open(game["watch_url"])  # a spectator learns who is ready, and no more
    expect(watcher.locator(".waiting")).to_have_text("Ready: Bob · Still deciding: Ann")
    expect(watcher.locator("#draft-bar")).to_be_hidden()

    # Bob takes it back (his bid stays his), then is ready again with nothing changed
    option(bob, "Not ready after all").click()
    version(bob).to_have_attribute("data-version", "2")
    expect(bob.locator(".prompt .eyebrow")).to_have_text("Your move, behind the screen")
    expect(bid(bob)).to_have_text("1")
    expect(ann.locator(".waiting")).to_have_text("Still deciding: Bob")
    expect(bid(ann)).to_have_text("3")
    option(bob, "Ready").click()
    version(bob).to_have_attribute("data-version", "3")
    expect(bid(ann)).to_have_text("3")

    # Ann is ready: all her steps go at once, and the bids are revealed to both
    option(ann, "Ready").click()
    for page in (ann, bob):
        version(page).to_have_attribute("data-version", "4")
        expect(page.locator('[data-key="revealed"] .chip')).to_have_text(["3", "1"])
        expect(page.locator("ol.log")).to_contain_text("The bids: 3, 1")
        expect(page.locator("ol.log")).to_contain_text("Ann wins the round")
        expect(page.locator('[data-key="round"]')).to_have_text("2")
        expect(bid(page)).to_have_text("0")
    ann.screenshot(path=str(artifacts / "drafts-revealed.png"))
    assert stored(ann) == []
    steps = [e for e in api_state(live_server, game["id"])["log"] if e["text"] == "Ann is ready"]
    assert len(steps) == 1  # one action for all of Ann's steps


def test_a_round_in_russian_on_a_phone(live_server: str, pages: Pages, artifacts: Path) -> None:
    game = create(live_server, rounds=1)
    ann = open_seat(pages, game["seats"][0]["url"], PHONE, lang="ru")
    bob = open_seat(pages, game["seats"][1]["url"], DESKTOP, lang="ru")

    def no_english(page: Any) -> None:
        found = english_words_in(text(page), "ru", NAMES)
        assert not found, found

    expect(ann.locator("#draft-bar")).to_contain_text("Ваших шагов никто не видит")
    option(ann, "На монету больше").click()
    expect(ann.locator("#draft-bar .draft-count")).to_have_text("Пока 1 шаг.")
    # folded at the foot of the phone's screen, the count and "start over" stay in reach; the
    # whole question is one tap away
    expect(ann.locator("#decision")).to_have_attribute("data-state", "shut")
    expect(ann.locator("#draft-bar .draft-count")).to_be_in_viewport()
    expect(ann.locator("#draft-bar button.draft-start-over")).to_be_in_viewport()
    ann.locator("#decision-toggle").click()
    for words in ("На монету больше", "На монету меньше", "Готово"):
        expect(option(ann, words)).to_be_in_viewport()
    expect(ann.locator("#draft-bar")).to_contain_text("Ваших шагов никто не видит")
    ann.screenshot(path=str(artifacts / "drafts-phone-ru.png"))
    no_english(ann)
    no_english(bob)
    option(bob, "На монету больше").click()
    option(bob, "На монету больше").click()
    expect(bob.locator("#draft-bar .draft-count")).to_have_text("Пока 2 шага.")
    option(bob, "Готово").click()
    expect(bob.locator(".prompt h2")).to_have_text("Готово — ждём остальных")
    expect(bob.locator(".waiting")).to_have_text("Ещё решают: Ann")
    expect(ann.locator(".waiting")).to_have_text("Готовы: Bob")
    expect(ann.locator("#draft-bar .draft-count")).to_have_text("Пока 1 шаг.")
    no_english(ann)
    no_english(bob)
    option(ann, "Готово").click()
    for page in (ann, bob):
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(page.locator("ol.log")).to_contain_text("Ставки: 1, 2")
        expect(page.locator("ol.log")).to_contain_text("Bob выигрывает раунд")
        no_english(page)
    expect(ann.locator("#draft-bar")).to_be_hidden()


def test_steps_that_no_longer_fit_are_dropped_with_a_notice(live_server: str, pages: Pages) -> None:
    game = create(live_server)
    ann = open_seat(pages, game["seats"][0]["url"])
    # what a reload finds: steps kept for this decision that the game no longer takes ("one
    # coin less" with nothing bid)
    ann.evaluate("""(key) => sessionStorage.setItem(key, JSON.stringify([{type: "less"}]))""",
                 f"quorum-draft:{game['id']}:0:0")
    ann.reload()
    connected(ann)
    expect(ann.locator("#messages")).to_contain_text(
        "The game moved on and your steps no longer fit, so they were dropped.")
    expect(bid(ann)).to_have_text("0")
    expect(ann.locator("#draft-bar .draft-count")).to_have_count(0)
    assert stored(ann) == []
    # over HTTP (the page's way while its socket is down) a preview answers as the socket does
    token = token_of(game["seats"][0]["url"])
    answer = ann.evaluate("""async ([id, token]) => {
        const { draftOverHttp } = await import("/static/js/drafts.js");
        const seen = await draftOverHttp(id, token, 0, [{type: "more"}, {type: "more"}]);
        let refused = null;
        try { await draftOverHttp(id, token, 0, [{type: "less"}]); } catch (e) { refused = e; }
        return { bid: seen.view.you.bid, version: seen.version, refused };
    }""", [game["id"], token])
    assert answer["bid"] == 2 and answer["version"] == 0
    assert answer["refused"]["code"] == 422 and answer["refused"]["msg"]["key"]
    # (Chromium reports the refused request on the console; that one was asked for.)
    pages.console_errors[:] = [e for e in pages.console_errors if "status of 422" not in e]
    option(ann, "One coin more").click()
    expect(bid(ann)).to_have_text("1")
    assert api_state(live_server, game["id"])["version"] == 0
