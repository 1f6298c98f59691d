"""The end of a Battlestar Galactica game and its replay in a real browser. A five-player game is
played to its end through the API (random bots that reveal whenever they may, so that a Cylon
reveals); its end screen shows the winner and why, every player's loyalty cards, the turn each
Cylon revealed and the resources' chart, in English, Russian and Polish, at 1280×800 and 390×844;
the replay viewer jumps to a skill check and to a jump, plays at a chosen speed and answers the
arrow keys. Screenshots of the end screen land in test-artifacts/ (the whole of it, and a
screenful: bsg-end-<lang>-<desktop|phone>[-screen].png)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import app.games  # noqa: F401  (the catalogs the expected words come from)
from app.core import msg
from app.core.messages import render
from app.core.pick import random_answer
from tests.e2e.api import HTTP, api_act, api_create, api_state, replay_views
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.words import english_words_in

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]
# the players' names as pages show them, headings in capitals included
NAMES = (*PLAYERS, *(name.upper() for name in PLAYERS))
LIMIT = 3000
ATTEMPTS = 6  # ~70% of such games have a reveal, a skill check and a jump
LANDMARK_KEYS = {"crisis": "bsg.crisis.revealed", "check": "bsg.skillcheck.started",
                 "jump": "bsg.jump.jumps"}


def play_revealing(base: str, game: dict[str, Any], bots: random.Random) -> None:
    """Random bots through the API until the game ends; a seat offered to reveal reveals."""
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(LIMIT):
        public = api_state(base, game["id"])
        if public["status"] == "finished":
            return
        seat = bots.choice(public["waiting"])["seat"]
        mine = api_state(base, game["id"], tokens[seat])
        if not mine["prompts"]:
            continue
        options = mine["prompts"][0]["options"]
        reveal = [o for o in options if o["action"].get("type") == "reveal"]
        api_act(base, game["id"], tokens[seat], mine["version"],
                reveal[0]["action"] if reveal else random_answer(mine["prompts"][0], bots))
    raise AssertionError("the game did not finish")


def landmark_steps(replay: dict[str, Any]) -> dict[str, list[int]]:
    """The steps that start a turn, reveal a crisis, begin a skill check or jump the fleet."""
    found: dict[str, list[int]] = {"turn": [], "crisis": [], "check": [], "jump": []}
    for index, step in enumerate(replay["steps"]):
        kinds = {"turn" for e in step["events"] if e["kind"] == "turn"}
        kinds |= {kind for kind, key in LANDMARK_KEYS.items()
                  for e in step["events"] if e["msg"]["key"] == key}
        for kind in kinds:
            found[kind].append(index)
    return found


@pytest.fixture(scope="module")
def finished(live_server: str) -> dict[str, Any]:
    """A finished five-player game with a reveal, a skill check and a jump: its creation, final
    public body and replay."""
    for attempt in range(ATTEMPTS):
        game = api_create(live_server, "bsg", PLAYERS)
        play_revealing(live_server, game, random.Random(attempt))
        body = api_state(live_server, game["id"])
        replay = HTTP.get(f"{live_server}/api/games/{game['id']}/replay").json()
        marks = landmark_steps(replay)
        revealed = [p for p in body["view"]["players"] if p["revealed_turn"] is not None]
        views = replay_views(replay)
        still_open = [m for m in marks["check"] if views[m]["check"] is not None]
        if revealed and still_open and marks["jump"]:
            return {"game": game, "body": body, "replay": replay, "marks": marks}
    raise AssertionError(f"no game of {ATTEMPTS} had a reveal, a skill check and a jump")


def open_in(pages: Pages, url: str, lang: str, viewport: dict[str, int]) -> Any:
    return pages.open(url, viewport=viewport, before=lambda p: p.add_init_script(
        f"localStorage.setItem('quorum-lang', '{lang}')"))


def wider_than_the_screen(page: Any) -> list[str]:
    """The elements that reach past the screen's right edge (none: no sideways scrolling)."""
    return page.evaluate("""() => {
      if (document.documentElement.scrollWidth <= window.innerWidth) return [];
      return [...document.querySelectorAll("body *")].filter((e) => {
        const box = e.getBoundingClientRect();
        return box.width && box.right > window.innerWidth + 0.5
          && getComputedStyle(e).position !== "fixed";
      }).slice(0, 12).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ` +
        `${Math.round(e.getBoundingClientRect().right)}px: ${(e.textContent || "").slice(0, 40)}`);
    }""")


# ---- the end screen ------------------------------------------------------------------------


def check_end_screen(page: Any, body: dict[str, Any], lang: str) -> None:
    view, result = body["view"], body["result"]
    end = page.locator('[data-section="result"]')
    expect(end.locator("h2")).to_have_text(
        render(msg("bsg.cylonsWin" if result["winner"] == "cylons" else "bsg.humansWin"), lang))
    # why: the result message's reason, in this language
    reason = render(result["msg"]["params"]["reason"], lang, PLAYERS)
    expect(end.locator(".reason")).to_have_text(reason[:1].upper() + reason[1:])
    expect(end.locator("#rematch")).to_have_count(1)  # the rematch button's place
    for player in view["players"]:
        seat = player["seat"]
        row = end.locator(f'.end-player[data-seat="{seat}"]')
        cylon = seat in result["cylons"]
        expect(row).to_have_attribute("data-side", "cylon" if cylon else "human")
        shown = row.locator("[data-end-card]").evaluate_all(
            "cards => cards.map((c) => c.dataset.endCard)")
        dealt = player["shown_loyalty"] + player["loyalty"]
        assert Counter(shown) == Counter(c["id"] for c in dealt)
        reveal = row.locator(".end-reveal")
        if not cylon:
            expect(reveal).to_have_count(0)
        elif player["revealed_turn"] is not None:
            expect(reveal).to_have_attribute("data-reveal", str(player["revealed_turn"]))
            expect(reveal).to_have_text(
                render(msg("bsg.end.revealedOnTurn", n=player["revealed_turn"]), lang))
        else:
            expect(reveal).to_have_text(render(msg("bsg.end.notRevealed"), lang))
    # the resources' path: a line per resource through every turn's point, each ending at the
    # final value, with the numbers in words and in a table
    points = view["resources_by_turn"]
    assert points[0]["turn"] == 0 and points[-1]["turn"] == view["turn"]
    chart = end.locator("svg.course-chart")
    expect(chart).to_be_visible()
    expect(chart).to_have_attribute("role", "img")
    for resource in ("fuel", "food", "morale", "population"):
        line = chart.locator(f'[data-course-line="{resource}"]')
        assert len(line.get_attribute("points").split()) == len(points)
        expect(chart.locator(f'[data-course-end="{resource}"]')).to_contain_text(
            str(view["resources"][resource]))
        expect(end.locator(f'[data-course-resource="{resource}"]')).to_be_visible()
    assert chart.locator("desc").text_content()
    expect(end.locator(".course-table tbody tr")).to_have_count(len(points))


@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
def test_the_end_screen_shows_who_won_who_was_who_and_the_resources(
        live_server: str, pages: Pages, artifacts: Path, finished: dict[str, Any],
        lang: str) -> None:
    body = finished["body"]
    seat = next(s for s in finished["game"]["seats"] if s["seat"] not in body["result"]["cylons"])
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_in(pages, seat["url"], lang, viewport)
        end = page.locator('[data-section="result"]')
        expect(end.locator("svg.course-chart")).to_be_visible()
        check_end_screen(page, body, lang)
        end.locator(".course-numbers summary").click()  # every turn's numbers open on a tap
        expect(end.locator(".course-table")).to_be_visible()
        assert not wider_than_the_screen(page), (lang, label, wider_than_the_screen(page))
        if lang != "en":
            text = page.evaluate("() => document.body.innerText")
            found = english_words_in(text, lang, NAMES)
            # the lines they are in: a rare "undefined" (2026-11-28, once in a full run) could not
            # be caught again alone
            assert not found, (lang, label, sorted(found),
                               [line for line in text.splitlines()
                                if any(word in line for word in found)][:10])
        end.locator(".course-numbers summary").click()
        end.screenshot(path=str(artifacts / f"bsg-end-{lang}-{label}.png"))
        # what a player sees of it, the screen's size (the closing note shows these)
        end.evaluate("(node) => node.scrollIntoView({ block: 'start' })")
        page.screenshot(path=str(artifacts / f"bsg-end-{lang}-{label}-screen.png"))


# ---- the replay viewer ---------------------------------------------------------------------


def step_of(page: Any) -> int:
    return int(page.locator("#replay").get_attribute("data-step"))


def at_step(page: Any, index: int) -> None:
    expect(page.locator("#replay")).to_have_attribute("data-step", str(index))


def blur(page: Any) -> None:
    """Nothing focused: the keys go to the page."""
    page.evaluate("document.activeElement && document.activeElement.blur()")


def choose_kind(page: Any, kind: str, marks: list[int]) -> None:
    page.select_option("#landmark-kind", kind)
    values = page.locator("#landmark option:not([disabled])").evaluate_all(
        "options => options.map((o) => Number(o.value))")
    assert values == marks, kind


def test_the_replay_jumps_to_landmarks_plays_at_a_speed_and_answers_the_keys(
        live_server: str, pages: Pages, artifacts: Path, finished: dict[str, Any]) -> None:
    game_id, marks = finished["game"]["id"], finished["marks"]
    steps = finished["replay"]["steps"]
    views = replay_views(finished["replay"])
    page = open_in(pages, f"{live_server}/games/{game_id}/replay", "en", DESKTOP)
    at_step(page, 0)
    expect(page.locator(".keys")).to_contain_text("PageUp")  # the page says which keys

    # every turn, crisis, skill check and jump is listed, in order, under its kind
    for kind in ("turn", "crisis", "check", "jump"):
        choose_kind(page, kind, marks[kind])

    # a skill check: its step, the check on the board (a check nobody can add to starts and
    # ends in one step, so the step shown is one where the check is still open)
    open_checks = [m for m in marks["check"] if views[m]["check"] is not None]
    check = open_checks[len(open_checks) // 2]
    choose_kind(page, "check", marks["check"])
    page.select_option("#landmark", str(check))
    at_step(page, check)
    expect(page.locator('#board [data-section="check"]')).to_be_visible()
    expect(page.locator("#step-events")).to_contain_text("Skill check")

    # a jump: its step says the fleet jumps
    jump = marks["jump"][0]
    choose_kind(page, "jump", marks["jump"])
    page.select_option("#landmark", str(jump))
    at_step(page, jump)
    expect(page.locator("#step-events")).to_contain_text("The fleet jumps")
    expect(page.locator("#landmark")).to_have_value(str(jump))

    # the arrow keys: a step each way; Shift+arrows and PageUp/PageDown go between the chosen
    # kind's landmarks (the skill checks)
    blur(page)
    page.keyboard.press("ArrowRight")
    at_step(page, jump + 1)
    page.keyboard.press("ArrowLeft")
    at_step(page, jump)
    choose_kind(page, "check", marks["check"])
    blur(page)
    after = [m for m in marks["check"] if m > jump]
    if after:
        page.keyboard.press("Shift+ArrowRight")
        at_step(page, after[0])
        before = [m for m in marks["check"] if m < after[0]]
        page.keyboard.press("PageUp")
        at_step(page, before[-1] if before else after[0])
    if len(marks["check"]) > 1:
        page.keyboard.press("End")
        at_step(page, len(steps) - 1)
        page.keyboard.press("PageUp")
        at_step(page, marks["check"][-1])
        page.keyboard.press("PageDown")  # no check after the last: it stays
        at_step(page, marks["check"][-1])
    page.keyboard.press("Home")
    at_step(page, 0)
    page.get_by_role("button", name="Next landmark").click()
    at_step(page, marks["check"][0])

    # plays at the chosen speed: 8× is a step every 100 ms (1× is 800 ms); Space pauses. The
    # page's clock is ours, so a loaded machine cannot make the steps late.
    page.clock.install()
    page.select_option("#speed", "100")
    start = step_of(page)
    page.get_by_role("button", name="Play").click()
    page.clock.run_for(350)
    assert step_of(page) == start + 3
    blur(page)
    page.keyboard.press(" ")
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    paused = step_of(page)
    page.clock.run_for(1000)
    assert step_of(page) == paused
    # the speed is kept for the next replay
    assert page.evaluate("localStorage.getItem('quorum-replay-speed')") == "100"

    # the last step is the end screen, chart included
    page.get_by_role("button", name="Last step").click()
    expect(page.locator('#board [data-section="result"] svg.course-chart')).to_be_visible()
    page.screenshot(path=str(artifacts / "replay-en-desktop.png"))


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_the_replay_controls_on_a_phone_speak_russian_and_polish(
        live_server: str, pages: Pages, artifacts: Path, finished: dict[str, Any],
        lang: str) -> None:
    game_id, marks = finished["game"]["id"], finished["marks"]
    page = open_in(pages, f"{live_server}/games/{game_id}/replay", lang, PHONE)
    at_step(page, 0)
    expect(page.locator("#landmarks")).to_be_visible()
    jump = marks["jump"][-1]
    choose_kind(page, "jump", marks["jump"])
    page.select_option("#landmark", str(jump))
    at_step(page, jump)
    following = page.get_by_role("button", name=render(msg("replay.nextLandmark"), lang))
    expect(following).to_be_disabled()
    previous = page.get_by_role("button", name=render(msg("replay.prevLandmark"), lang))
    if len(marks["jump"]) > 1:
        previous.click()
        at_step(page, marks["jump"][-2])
    else:
        expect(previous).to_be_disabled()
    assert not wider_than_the_screen(page), wider_than_the_screen(page)
    # a step's events scroll in their own box: the board begins within a screenful and a half
    board_top = page.locator("#board").evaluate(
        "(node) => node.getBoundingClientRect().top + scrollY")
    assert board_top < 1.5 * PHONE["height"], board_top
    text = page.locator("#replay .controls").inner_text()
    assert not english_words_in(text, lang, NAMES), text
    for option in page.locator("#landmark-kind option, #landmark option").all_text_contents():
        assert not english_words_in(option, lang, NAMES), option
    page.screenshot(path=str(artifacts / f"replay-{lang}-phone.png"))
