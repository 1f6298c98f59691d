"""The Roll for the Galaxy board in a real browser: three seats (two people in two browser
contexts and a computer seat) assign behind their screens at the same time, by taps on their
dice and rows, each person's assignment unseen by the other until Reveal, for two whole rounds;
then the game is played to its end through the API, watched and replayed with every secret; the
board on a phone; a Russian and a Polish board without an English word."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.api import api_state, token_of
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.e2e.rftg_driving import (
    NAMES,
    READY,
    SCREEN,
    api_play_to_end,
    click_once,
    create,
    tap_step,
    version_of,
    wait_moved,
)
from tests.words import english_words_in

pytestmark = pytest.mark.browser

ROUNDS_BY_CLICKS = 2
CLICK_SECONDS = 240


def open_in(pages: Pages, url: str, lang: str = "en", viewport: dict[str, int] = DESKTOP) -> Any:
    page = pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}')"))
    page.wait_for_selector("#board [data-section=round]", timeout=10_000)
    return page


def local(url: str, base: str) -> str:
    """A seat's link on the test server (the API names the host it was asked on)."""
    return base + url[url.index("/games/"):]


def seat_url(game: dict[str, Any], seat: int, base: str) -> str:
    return local(game["seats"][seat]["url"], base)


def public_round(base: str, game_id: str) -> tuple[int, str]:
    view = api_state(base, game_id)["view"]
    return view["round"], view["step"]


def screen_rows(page: Any) -> list[Any]:
    """What the reader's own screen shows: each row's dice, and the phase selected."""
    return page.evaluate("""(screen) => {
      const root = document.querySelector(screen);
      const rows = [...root.querySelectorAll('.rg-row[data-row]')].map((row) =>
        [row.dataset.row, row.querySelectorAll('.rg-row-dice [data-index]').length]);
      const selected = root.querySelector('[data-selected]');
      return [rows, selected ? selected.dataset.selected : null];
    }""", SCREEN)


def check_screens_are_secret(base: str, game: dict[str, Any], ann: Any, bob: Any) -> None:
    """Ann's steps behind her screen reach nobody: Bob's page does not move, his view of her
    shows no die; only "still deciding" or "ready"."""
    before = version_of(bob)
    anns_screen = screen_rows(ann)
    tap_step(ann)
    # her own screen shows the step: a wild die placed in a row, or a phase selected (which
    # one the first tap makes depends on the roll: a wild die's row offers both). The page
    # counts the step at the tap and draws it when the server's preview answers.
    deadline = time.monotonic() + 10
    while screen_rows(ann) == anns_screen:
        assert time.monotonic() < deadline, f"the step is not drawn: {anns_screen}"
        ann.wait_for_timeout(50)
    bob.wait_for_timeout(500)
    assert version_of(bob) == before
    ann_on_bobs = bob.locator('#board .rg-player[data-seat="0"]')
    expect(ann_on_bobs.locator(".rg-revealed")).to_have_count(0)
    expect(ann_on_bobs.locator(".rg-die[data-face]")).to_have_count(0)
    expect(ann_on_bobs.locator(".rg-screen-state")).to_have_attribute("data-ready", "false")
    bobs_view = api_state(base, game["id"], token_of(game["seats"][1]["url"]))["view"]
    assert "assign" not in bobs_view["seats"][0]
    assert bobs_view["seats"][0]["revealed"] is None
    # Bob's own screen shows his dice only
    expect(bob.locator(SCREEN)).to_have_count(1)
    expect(bob.locator(f"{SCREEN} [data-selected]")).to_have_count(0)


def test_three_seats_assign_at_once_by_clicks_then_watch_and_replay(
        live_server: str, pages: Pages, artifacts: Path) -> None:
    game = create(live_server, bots={"2": "random"})
    game_id = game["id"]
    ann = open_in(pages, seat_url(game, 0, live_server))
    bob = open_in(pages, seat_url(game, 1, live_server))

    # setup: each person places their two start tiles
    for page in (ann, bob):
        expect(page.locator("#decision [data-section=prompt][data-kind=setup]")).to_be_visible()
        click_once(page)
    expect(ann.locator(SCREEN)).to_be_visible()
    expect(ann.locator('#board .rg-player[data-seat="2"] .rg-badge.ready')).to_be_visible()

    checked_secret = checked_ready = checked_reveal = saw_drawn = False
    deadline = time.monotonic() + CLICK_SECONDS
    while True:
        rnd, step = public_round(live_server, game_id)
        if rnd > ROUNDS_BY_CLICKS or step == "over":
            break
        assert time.monotonic() < deadline, f"round {rnd}, {step}: the clicks took too long"
        if step == "assign" and not checked_secret:
            check_screens_are_secret(live_server, game, ann, bob)
            checked_secret = True
        if step == "assign" and not checked_ready and ann.locator(READY).count():
            click_once(ann)  # Ann is ready: Bob's page says so, and nothing else of hers
            expect(ann.locator("#decision [data-section=prompt][data-ready]")).to_be_visible()
            expect(bob.locator("#decision .screen-ready")).to_contain_text("Ann")
            expect(bob.locator('#board .rg-player[data-seat="0"] .rg-badge.ready')).to_be_visible()
            expect(bob.locator('#board .rg-player[data-seat="0"] .rg-revealed')).to_have_count(0)
            # taken back while Bob still decides, then ready again
            before = version_of(ann)
            ann.locator(f"{SCREEN} .rg-finish button[data-type=take_back]").click()
            wait_moved(ann, before)
            expect(bob.locator("#decision .screen-deciding")).to_contain_text("Ann")
            expect(ann.locator(READY)).to_be_visible()
            # a spectator sees who is ready, and no die behind any screen
            watch = open_in(pages, local(game["watch_url"], live_server))
            expect(watch.locator("#board .rg-player")).to_have_count(3)
            expect(watch.locator("#board .rg-die[data-face]")).to_have_count(0)
            expect(watch.locator(SCREEN)).to_have_count(0)
            watch.close()
            checked_ready = True
            continue
        if step == "phases" and not checked_reveal:
            # Reveal: everyone's assignment and selected phase on both pages
            for page in (ann, bob):
                for seat in range(3):
                    panel = page.locator(f'#board .rg-player[data-seat="{seat}"]')
                    expect(panel.locator(".rg-revealed [data-selected]")).to_have_count(1)
                expect(page.locator("#board [data-section=phases] .rg-phase").first).to_be_visible()
            ann.screenshot(path=str(artifacts / "rftg-board-reveal.png"), full_page=True)
            checked_reveal = True
        if ann.locator("#board [data-section=drawn] button.rg-place").count() and not saw_drawn:
            # Ann's drawn tiles, both sides; Bob sees only how many
            ann.screenshot(path=str(artifacts / "rftg-board-scout.png"), full_page=True)
            drawn = ann.locator("#board [data-section=drawn] .rg-drawn-tile")
            numbers = [drawn.nth(i).get_attribute("data-tile") for i in range(drawn.count())]
            expect(bob.locator('#board .rg-player[data-seat="0"] .rg-drew')).to_have_attribute(
                "data-drew", str(len(numbers)))
            for number in numbers:
                expect(bob.locator(f'[data-tile="{number}"]')).to_have_count(0)
            saw_drawn = True
        did = click_once(ann)
        did = click_once(bob) or did
        if not did:
            ann.wait_for_timeout(100)  # the computer seat, or a state on its way
    assert checked_secret and checked_ready and checked_reveal

    # the rest through the API
    tokens = {s: token_of(game["seats"][s]["url"]) for s in (0, 1)}
    api_play_to_end(live_server, game_id, tokens)
    expect(ann.locator("#game")).to_have_attribute("data-status", "finished")
    expect(ann.locator('#board [data-section=result] table.rg-scores tbody tr')).to_have_count(3)
    ann.screenshot(path=str(artifacts / "rftg-board-end.png"))

    # watched after the end: every stack's covered tiles, every score
    watch = open_in(pages, local(game["watch_url"], live_server))
    expect(watch.locator("#board .rg-player")).to_have_count(3)
    expect(watch.locator('#board [data-section=result] table.rg-scores tbody tr')).to_have_count(3)
    final = api_state(live_server, game_id)["view"]
    bag = watch.locator("#board [data-section=bag] li")
    expect(bag).to_have_count(len(final["bag_tiles"]))
    if final["bag_tiles"]:
        assert " / " in bag.first.text_content()  # a tile by its two sides' names
    for seat, s in enumerate(final["seats"]):
        panel = watch.locator(f'#board .rg-player[data-seat="{seat}"]')
        expect(panel.locator('[data-zone="tableau"] .rg-tile')).to_have_count(len(s["tableau"]))
        for name in ("devs", "worlds"):
            expect(panel.locator(f'[data-stack="{name}"]')).to_have_attribute("data-count",
                                                                              str(s[name]["count"]))

    # the replay: its landmarks (rounds, reveals, phases), a Reveal step, the end
    replay = open_in(pages, f"{live_server}/games/{game_id}/replay")
    expect(replay.locator("#landmarks")).to_be_visible()
    assert replay.locator('#landmark option[data-kind="round"]').count() >= 3
    reveals = replay.locator('#landmark option[data-kind="reveal"]')
    assert reveals.count() >= 3
    step = reveals.first.get_attribute("value")
    replay.locator("#landmark").select_option(step)
    expect(replay.locator("#replay")).to_have_attribute("data-step", step)
    expect(replay.locator("#board .rg-revealed [data-selected]")).to_have_count(3)
    # the step before Reveal: every seat's dice behind its screen
    replay.locator("#prev").click()
    expect(replay.locator("#board .rg-player .rg-revealed")).to_have_count(3)
    expect(replay.locator("#board .rg-revealed .rg-die[data-face]").first).to_be_visible()
    replay.locator("#last").click()
    expect(replay.locator('#board [data-section="result"]')).to_be_visible()


def no_overflow(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


def test_the_board_on_a_phone(live_server: str, pages: Pages, artifacts: Path) -> None:
    game = create(live_server, players=NAMES[:2], bots={"1": "random"})
    ann = open_in(pages, seat_url(game, 0, live_server), viewport=PHONE)
    no_overflow(ann)
    click_once(ann)  # the start tiles
    expect(ann.locator(SCREEN)).to_be_visible()
    no_overflow(ann)
    tap_step(ann)
    no_overflow(ann)
    ann.screenshot(path=str(artifacts / "rftg-board-phone-assign.png"), full_page=True)
    # ready, Reveal with the 2-player white die, then the phases
    while public_round(live_server, game["id"])[1] == "assign":
        click_once(ann)
    expect(ann.locator('#board [data-stat="white_die"]')).to_be_visible()
    no_overflow(ann)
    ann.screenshot(path=str(artifacts / "rftg-board-phone-phases.png"), full_page=True)


def no_english(page: Any, lang: str, label: str, artifacts: Path) -> None:
    page.wait_for_timeout(300)
    for details in page.locator("#board details, #decision details").all():
        details.evaluate("(d) => { d.open = true; }")
    page.screenshot(path=str(artifacts / f"rftg-board-{lang}-{label}.png"), full_page=True)
    found = english_words_in(page.evaluate("() => document.body.innerText"), lang, tuple(NAMES))
    assert not found, (lang, label, sorted(found))


def test_a_russian_and_a_polish_board_have_no_english(live_server: str, pages: Pages,
                                                       artifacts: Path) -> None:
    for lang in ("ru", "pl"):
        game = create(live_server, bots={"2": "random"})
        ann = open_in(pages, seat_url(game, 0, live_server), lang)
        bob = open_in(pages, seat_url(game, 1, live_server), lang)
        no_english(ann, lang, "setup", artifacts)
        for page in (ann, bob):
            click_once(page)
        expect(ann.locator(SCREEN)).to_be_visible()
        tap_step(ann)
        no_english(ann, lang, "assign", artifacts)
        while public_round(live_server, game["id"])[1] == "assign":
            click_once(ann)
            click_once(bob)
        ann.locator("#board [data-section=revealed]").first.wait_for()
        no_english(ann, lang, "phases", artifacts)
        watch = open_in(pages, local(game["watch_url"], live_server), lang)
        expect(watch.locator("#board .rg-player")).to_have_count(3)
        no_english(watch, lang, "watch", artifacts)


def find_dictate(page: Any) -> bool:
    """Taps the dice behind the screen until one offers Dictate; True when one does."""
    dice = page.locator(f"{SCREEN} button.rg-die.target:not(.selector)")
    for i in range(dice.count()):
        dice.nth(i).click()
        if page.locator(f"{SCREEN} .rg-die-options button[data-type=dictate]").count():
            return True
    return False


def test_dictate_by_taps(live_server: str, pages: Pages) -> None:
    """Select a phase, Dictate with a die (its button beside the dice), move a die with it (a
    die, then a row), ready: each a step kept in the page until Ready posts them together."""
    for _ in range(6):  # a seat needs three dice in phase rows to Dictate: another deal if not
        game = create(live_server, players=NAMES[:2], bots={"1": "random"})
        ann = open_in(pages, seat_url(game, 0, live_server))
        click_once(ann)
        expect(ann.locator(SCREEN)).to_be_visible()
        while ann.locator(f"{SCREEN} .rg-wild button.rg-die.target").count():
            tap_step(ann)
        tap_step(ann)  # the selector
        if find_dictate(ann):
            break
        ann.close()
    else:
        raise AssertionError("none of 6 deals let Ann Dictate")
    before = version_of(ann)
    ann.locator(f"{SCREEN} .rg-die-options button[data-type=dictate]").click()
    expect(ann.locator(f'{SCREEN} .rg-row[data-row="dictate"] .rg-die')).to_have_count(1)
    expect(ann.locator(READY)).to_have_count(0)  # a Dictate must move a die first
    tap_step(ann, prefer_row="ship")
    expect(ann.locator(READY)).to_be_visible()
    assert version_of(ann) == before  # nothing posted yet
    ann.locator(READY).click()
    wait_moved(ann, before)
    # with the computer ready too, Reveal: the Dictate die in its row
    expect(ann.locator('#board .rg-player[data-seat="0"] .rg-revealed .rg-row[data-row="dictate"]'
                       ' .rg-die')).to_have_count(1)
