"""How fast a player's own board follows a click, in a real browser: one player clicks options
on their page in a five-player Battlestar Galactica game (the others act through the API), and
each click is timed from the click to the moment the page's board shows the new version (the
`#game` element's `data-version`, set once the board is drawn). A phone (390×844) does the same
under Chromium's 4× CPU throttling, and the script work of each update is measured (Chromium's
own ScriptDuration through CDP, and the board's drawing as the page measures it).

The figures are printed (bench/README.md records them); the test asserts only that the updates
happened and that the board is right after them: times depend on the machine."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from tests.e2e.api import api_act, api_create, api_state
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import preferred, preferred_answer, shown_cards, wait_version

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]
CLICKS = 40
LIMIT = 1500
# The clicks start this far into a game (some eight turns): the board then has its usual load, a
# long log, ships in space, cards in every hand.
WARM_UP = 200

# Clicks option `index` of the page's decision and answers, in milliseconds, how long until
# the board shows another version; an option that asks first is confirmed at once (the
# confirmation is part of the click then).
TIMED_CLICK = """
(index) => new Promise((resolve) => {
  const game = document.getElementById("game");
  const before = game.dataset.version;
  let t0 = 0;
  const seen = new MutationObserver(() => {
    if (game.dataset.version === before) return;
    seen.disconnect();
    const shown = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => resolve([shown, performance.now() - t0]), 0));
  });
  seen.observe(game, { attributes: true, attributeFilter: ["data-version"] });
  const button = document.querySelectorAll("#board button.option")[index];
  t0 = performance.now();
  button.click();
  document.querySelector("#board dialog[open] button.confirm-yes")?.click();
})
"""

RENDER_TIME = """
() => {
  const entries = performance.getEntriesByName("quorum:render");
  return entries.length ? entries[entries.length - 1].duration : null;
}
"""


def act_preferred(base: str, game_id: str, tokens: list[str]) -> dict[str, Any]:
    """The asked seat takes the option that moves the game on; answers the public state before."""
    public = api_state(base, game_id)
    if public["status"] == "active":
        seat = public["waiting"][0]["seat"]
        mine = api_state(base, game_id, tokens[seat])
        api_act(base, game_id, tokens[seat], mine["version"], preferred_answer(mine["prompts"][0]))
    return public


def warmed_up(base: str) -> tuple[dict[str, Any], int]:
    """A game WARM_UP actions in, still running with room to go on (a game the Cylons win
    first is replaced); answers it and its version."""
    for _ in range(5):
        created = api_create(base, "bsg", PLAYERS)
        tokens = [s["token"] for s in created["seats"]]
        for _ in range(WARM_UP):
            public = act_preferred(base, created["id"], tokens)
            if public["status"] != "active":
                break
        else:
            return created, public["version"] + 1
    raise AssertionError("five games ended before the warm-up did")


def play(base: str, pages: Pages, viewport: dict[str, int], throttle: float | None
         ) -> dict[str, list[float]]:
    """CLICKS timed clicks, in as many games as it takes (a game the Cylons win is replaced by
    another one, warmed up again)."""
    figures: dict[str, list[float]] = {"shown": [], "painted": [], "script": [], "render": []}
    for _ in range(10):
        if clicks_in_one_game(base, pages, viewport, throttle, figures):
            return figures
    raise AssertionError(f"fewer than {CLICKS} clicks in ten games")


def clicks_in_one_game(base: str, pages: Pages, viewport: dict[str, int], throttle: float | None,
                       figures: dict[str, list[float]]) -> bool:
    """Clicks in one warmed-up game until CLICKS are timed (True) or the game ends (False)."""
    created, version = warmed_up(base)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    page = pages.open(created["seats"][0]["url"], viewport=viewport)
    wait_version(page, version)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})

    def script_seconds() -> float:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "ScriptDuration")

    for _ in range(LIMIT):
        public = api_state(base, game_id)
        if public["status"] != "active":
            page.close()
            return False
        seat = public["waiting"][0]["seat"]
        if seat != 0:
            act_preferred(base, game_id, tokens)
            continue
        asked = api_state(base, game_id, tokens[0])["prompts"][0]
        if "pick" in asked:  # a pick takes several taps: timed are one-tap choices
            act_preferred(base, game_id, tokens)
            continue
        options = asked["options"]
        wait_version(page, public["version"])
        page.wait_for_timeout(50)  # let the page settle: the click starts from an idle page
        before = script_seconds()
        shown, painted = page.evaluate(TIMED_CLICK, preferred(options))
        figures["script"].append((script_seconds() - before) * 1000)
        figures["shown"].append(shown)
        figures["painted"].append(painted)
        render = page.evaluate(RENDER_TIME)
        if render is not None:
            figures["render"].append(render)
        assert int(page.locator("#game").get_attribute("data-version")) > public["version"]
        if len(figures["shown"]) >= CLICKS:
            break
    else:
        raise AssertionError(f"fewer than {CLICKS} clicks in {LIMIT} actions")

    # The board is right after all those updates: the seat's hand as the API gives it.
    if throttle:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    truth = api_state(base, game_id, tokens[0])
    wait_version(page, truth["version"])
    hand = sorted(c["id"] for c in truth["view"]["you"]["hand"])
    assert sorted(c["id"] for c in shown_cards(page) if c["zone"] == "hand") == hand
    expect(page.locator('[data-section="players"] li')).to_have_count(len(PLAYERS))
    return True


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{name}: median {statistics.median(values):.1f} ms, p90 {p90:.1f} ms,"
            f" max {max(values):.1f} ms (n={len(values)})")


def test_click_to_board_on_a_desktop(live_server: str, pages: Pages) -> None:
    figures = play(live_server, pages, DESKTOP, None)
    assert len(figures["shown"]) == CLICKS
    print("\ndesktop 1280×800, no throttling")
    for name in ("shown", "painted", "script", "render"):
        print("  " + summary(name, figures[name]))


def test_script_work_per_update_on_a_throttled_phone(live_server: str, pages: Pages) -> None:
    figures = play(live_server, pages, PHONE, 4)
    assert len(figures["shown"]) == CLICKS
    print("\nphone 390×844, CPU throttled 4×")
    for name in ("shown", "painted", "script", "render"):
        print("  " + summary(name, figures[name]))
