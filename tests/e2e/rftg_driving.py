"""Driving a Roll for the Galaxy game in the browser tests: a person's clicks on the board (tap a
die, then a row; "Ready"; the options of the phases), and, to reach the end quickly, the API
(steps behind the screen previewed with POST /draft, then posted with "ready" as one action)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app.core.pick import first_answer
from tests.e2e.api import HTTP, api_state

NAMES = ["Ann", "Bob", "Cid"]
SCREEN = "#board [data-section=screen]"
READY = f"{SCREEN} .rg-finish button[data-type=ready]"


def create(base: str, players: list[str] | None = None,
           bots: dict[str, str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "roll_for_the_galaxy", "players": players or NAMES,
                            "options": {}}
    if bots:
        body["bots"] = bots
    response = HTTP.post(f"{base}/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def version_of(page: Any) -> int:
    return int(page.locator("#game").get_attribute("data-version") or -1)


def steps_tried(page: Any) -> int:
    """How many steps the page keeps behind the screen (drafts.js's bar says so)."""
    return int(page.evaluate("""() => {
      const count = document.querySelector('.draft-count');
      const n = count ? count.textContent.match(/\\d+/) : null;
      return n ? Number(n[0]) : 0;
    }"""))


def wait_moved(page: Any, before: int) -> None:
    page.wait_for_function("(v) => Number(document.getElementById('game').dataset.version) > v",
                           arg=before, timeout=15_000)


def tap_step(page: Any, prefer_row: str = "explore") -> None:
    """One step behind the screen by taps: a die (a wild one first), then a row (the preferred
    one if it is offered; when several options move the die there, the first of the list the
    board shows)."""
    before = steps_tried(page)
    rows = page.locator(f"{SCREEN} .rg-row.target")
    for attempt in range(3):
        wild = page.locator(f"{SCREEN} .rg-wild button.rg-die.target")
        (wild if wild.count() else page.locator(f"{SCREEN} button.rg-die.target")).first.click()
        try:
            rows.first.wait_for(timeout=5_000)
            break
        except PlaywrightTimeout:
            # the board was drawn again between the tap and its rows (another seat's action
            # moved the version, or the last step's preview came back): a person taps again
            if attempt == 2:
                raise
    preferred = page.locator(f"{SCREEN} .rg-row.target[data-row={prefer_row}]")
    # the row's name: a tap on a die in the row would choose that die instead
    (preferred if preferred.count() else rows.first).locator(".rg-row-name").click()
    chooser = page.locator(f"{SCREEN} .rg-chooser button")
    if chooser.count():
        chooser.first.click()
    page.wait_for_function("(n) => { const c = document.querySelector('.draft-count');"
                           " return c && Number((c.textContent.match(/\\d+/) || [0])[0]) > n; }",
                           arg=before, timeout=15_000)


def click_once(page: Any, prefer_row: str = "explore") -> bool:
    """The person does one thing the page asks, by clicks; False when nothing is asked (waiting,
    or ready behind the screen)."""
    if page.locator("#game").get_attribute("data-status") == "finished":
        return False
    draft = page.locator("#decision [data-section=prompt][data-draft]")
    if draft.count():
        ready = page.locator(READY)
        if ready.count() and ready.is_enabled():
            before = version_of(page)
            ready.click()
            wait_moved(page, before)
        else:
            tap_step(page, prefer_row)
        return True
    asked = page.locator("#decision [data-section=prompt]:not([data-ready])")
    if not asked.count():
        return False
    toggle = page.locator("#decision-toggle")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.click()  # a phone's decision area opened whole
    before = version_of(page)
    picks = page.locator("#decision .pick-option")
    place = page.locator("#board [data-section=drawn] button.rg-place")
    if picks.count():
        send = page.locator("#decision .pick-send")
        for _ in range(40):  # a stack of equal dice takes one tap per die
            if send.is_enabled():
                break
            page.locator("#decision .pick-option").filter(has_not=page.locator(
                "xpath=self::*[@data-chosen=@data-copies]")).first.click()
        send.click()
    elif place.count():
        place.first.click()
    else:
        page.locator("#decision [data-section=prompt] button.option:not([disabled])").first.click()
    wait_moved(page, before)
    return True


# ---- through the API ------------------------------------------------------------------------

def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _post(base: str, game_id: str, token: str, version: int, action: dict[str, Any]) -> None:
    response = HTTP.post(f"{base}/api/games/{game_id}/actions",
                         json={"version": version, "action": action}, headers=_auth(token))
    assert response.status_code in (200, 409), response.text


def _decide_behind_screen(base: str, game_id: str, token: str, seat: int,
                          mine: dict[str, Any]) -> None:
    """Steps previewed one by one (the first die move offered each time) until "ready" is."""
    version = mine["version"]
    steps: list[dict[str, Any]] = []
    prompts = mine["prompts"]
    for _ in range(40):
        prompt = next(p for p in prompts if p["seat"] == seat)
        commit = next((o for o in prompt["options"] if o.get("commits")), None)
        if commit is not None:
            action = {"type": "steps", "steps": [*steps, commit["action"]]} if steps \
                else commit["action"]
            _post(base, game_id, token, version, action)
            return
        step = next(o["action"] for o in prompt["options"] if o["action"]["type"] != "reset")
        steps.append(step)
        response = HTTP.post(f"{base}/api/games/{game_id}/draft",
                             json={"version": version, "steps": steps}, headers=_auth(token))
        if response.status_code == 409:
            return
        assert response.status_code == 200, response.text
        prompts = response.json()["prompts"]
    raise AssertionError("no ready after 40 steps")


def api_play_to_end(base: str, game_id: str, tokens: dict[int, str], limit: int = 4000) -> None:
    """The people's seats answer through the API (the computer's seat plays on the server)."""
    for _ in range(limit):
        public = api_state(base, game_id)
        if public["status"] == "finished":
            return
        acted = False
        for w in public["waiting"]:
            seat = w["seat"]
            if seat not in tokens or w.get("ready"):
                continue
            mine = api_state(base, game_id, tokens[seat])
            prompt = next((p for p in mine["prompts"] if p["seat"] == seat), None)
            if prompt is None or prompt.get("ready"):
                continue
            if prompt.get("draft"):
                _decide_behind_screen(base, game_id, tokens[seat], seat, mine)
            else:
                _post(base, game_id, tokens[seat], mine["version"], first_answer(prompt))
            acted = True
            break
        if not acted:
            time.sleep(0.05)  # the computer's seat is thinking
    raise AssertionError("the game did not finish")
