"""The game socket's patches in a real browser: a whole Battlestar Galactica game reaches the
pages as JSON Patches, each page ending with exactly the body the API gives its seat; a patch
the page cannot use makes it ask for the whole state once, and it carries on from there; the
replay viewer reads patched steps and, from an older server, whole views alike.

The page's connection keeps the body it built (`window.quorum.body`) and counts what came in
(`window.quorum.counts`: whole states, patches applied, syncs asked).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from app.core.pick import first_answer
from tests.e2e.api import (
    HTTP,
    api_act,
    api_act_first_option,
    api_create,
    api_state,
    play_to_end,
    replay_views,
)
from tests.e2e.conftest import Pages
from tests.e2e.expecting import expect

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cid"]
# Ann chooses on her page this many times; then the API plays her seat too (every choice on the
# page would double the test's time and prove nothing more).
CLICKS = 30


def wait_version(page: Any, version: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", str(version))


def counts(page: Any) -> dict[str, int]:
    return dict(page.evaluate("({...window.quorum.counts})"))


def held_body(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("window.quorum.body"))


def listen(into: list[str]) -> Any:
    """Before a page opens: record the type of every message the server sends its game sockets,
    as they arrive, into `into`."""

    def install(page: Any) -> None:
        def on_socket(ws: Any) -> None:
            if "/ws/games/" not in ws.url:
                return

            def on_frame(payload: str | bytes) -> None:
                if isinstance(payload, str):
                    into.append(json.loads(payload).get("type", ""))

            ws.on("framereceived", on_frame)

        page.on("websocket", on_socket)

    return install


def wait_for(page: Any, done: Any, timeout: float = 10.0) -> None:
    """Until `done()`; Playwright hands on its events (the routed socket's) while the page waits."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("not within the time")
        page.wait_for_timeout(20)


class Wire:
    """Routes a page's game socket through Playwright: records what the page sends, can hold back
    what the server sends, and can hand the page messages the server never sent."""

    def __init__(self) -> None:
        self.page_side: Any = None
        self.from_page: list[dict[str, Any]] = []
        self.holding = False
        self.held: list[str | bytes] = []

    def install(self, page: Any) -> None:
        page.route_web_socket(re.compile(r"/ws/games/"), self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.page_side = ws

        def page_says(message: str | bytes) -> None:
            if isinstance(message, str):
                self.from_page.append(json.loads(message))
            server.send(message)

        def server_says(message: str | bytes) -> None:
            if self.holding:
                self.held.append(message)
            else:
                ws.send(message)

        ws.on_message(page_says)
        server.on_message(server_says)

    def inject(self, message: dict[str, Any]) -> None:
        self.page_side.send(json.dumps(message))

    def syncs(self) -> int:
        return sum(1 for m in self.from_page if m.get("type") == "sync")

    def hold(self) -> None:
        self.holding = True

    def release(self) -> None:
        self.holding = False
        held, self.held = self.held, []
        for message in held:
            self.page_side.send(message)


def shown_hand(page: Any, seat: int) -> list[str]:
    """The seat's hand as the page shows it (a stack of identical cards as many as it says)."""
    return page.eval_on_selector_all(
        f'#board [data-zone="hand"][data-owner="{seat}"]',
        "els => els.flatMap(e => Array(Number(e.dataset.count || 1)).fill(e.dataset.cardId))")


def test_a_whole_game_reaches_the_pages_as_patches(live_server: str, pages: Pages) -> None:
    """Ann plays on her page, Bob and Cid through the API, a spectator watches: the changes after
    the first state arrive as patches, nobody has to ask for the whole state, and at the end
    each page holds exactly the body the API gives its seat, and shows it."""
    created = api_create(live_server, "bsg", NAMES)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    ann_frames: list[str] = []
    watch_frames: list[str] = []
    ann = pages.open(created["seats"][0]["url"], before=listen(ann_frames))
    watch = pages.open(created["watch_url"], before=listen(watch_frames))
    wait_version(ann, 0)
    wait_version(watch, 0)

    started = time.monotonic()
    clicks = 0
    for _ in range(3000):
        public = api_state(live_server, game_id)
        if public["status"] == "finished":
            break
        picking = public["waiting"][0]["seat"] == 0 and "pick" in (
            api_state(live_server, game_id, tokens[0])["prompts"] or [{}])[0]
        if public["waiting"][0]["seat"] == 0 and clicks < CLICKS and not picking:
            # (a pick of several cards is the picker's to test: test_bsg_pick.py)
            # Ann's page must be up to date before she chooses (as she would wait to see it).
            wait_version(ann, public["version"])
            ann.locator("#board button.option").first.click()
            confirm = ann.locator("#board dialog[open] button.confirm-yes")
            if confirm.count():  # a choice that cannot be undone asks first
                confirm.click()
            clicks += 1
            wait_version(ann, public["version"] + 1)
        else:
            api_act_first_option(live_server, game_id, tokens)
    else:
        raise AssertionError("the game did not finish")
    final = public["version"]
    assert clicks == CLICKS, clicks

    for page in (ann, watch):
        wait_version(page, final)
        expect(page.locator("#game")).to_have_attribute("data-status", "finished")
    assert held_body(ann) == api_state(live_server, game_id, tokens[0])
    assert held_body(watch) == api_state(live_server, game_id)
    # The finished game shows every hand.
    for player in api_state(live_server, game_id, tokens[0])["view"]["players"]:
        hand = sorted(c["id"] for c in player["hand"])
        assert sorted(shown_hand(ann, player["seat"])) == hand
        assert sorted(shown_hand(watch, player["seat"])) == hand

    for page, frames in ((ann, ann_frames), (watch, watch_frames)):
        seen = counts(page)
        assert seen["sync"] == 0, seen
        assert frames[0] == "state", frames[:3]
        # Patches, all applied; a whole state only where the server found it the smaller, or
        # no longer held the body the page had.
        assert frames.count("patch") == seen["patch"] > 0.5 * len(frames), (seen, final)
        assert frames.count("state") == seen["state"] < seen["patch"], seen
    print(f"{final} versions in {time.monotonic() - started:.1f} s; Ann's page got {counts(ann)},"
          f" the spectator's {counts(watch)}")


def test_a_patch_the_page_cannot_use_asks_for_the_whole_state(live_server: str,
                                                              pages: Pages) -> None:
    created = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=3)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    wire = Wire()
    ann = pages.open(created["seats"][0]["url"], before=wire.install)
    wait_version(ann, 0)
    assert counts(ann) == {"state": 1, "patch": 0, "sync": 0}

    # A change: a patch, applied.
    api_act_first_option(live_server, game_id, tokens)
    wait_version(ann, 1)
    assert counts(ann) == {"state": 1, "patch": 1, "sync": 0}
    assert held_body(ann) == api_state(live_server, game_id, tokens[0])

    # A patch from a version the page does not hold: it asks for the whole state, once, and
    # ignores patches until it comes.
    wire.hold()
    wire.inject({"type": "patch", "version": 7, "from": 6,
                 "ops": [{"op": "replace", "path": "/version", "value": 7}]})
    wait_for(ann, lambda: wire.syncs() == 1)
    wire.inject({"type": "patch", "version": 2, "from": 1,
                 "ops": [{"op": "replace", "path": "/version", "value": 2}]})
    wire.inject({"type": "patch", "version": 9, "from": 8, "ops": []})
    ann.wait_for_timeout(200)
    assert counts(ann) == {"state": 1, "patch": 1, "sync": 1}, "a patch was used while syncing"
    assert ann.locator("#game").get_attribute("data-version") == "1"
    wire.release()
    wait_for(ann, lambda: counts(ann)["state"] == 2)
    wait_version(ann, 1)
    assert held_body(ann) == api_state(live_server, game_id, tokens[0])
    assert wire.syncs() == 1

    # A patch from the right version that does not fit the body: the same.
    wire.inject({"type": "patch", "version": 2, "from": 1,
                 "ops": [{"op": "replace", "path": "/version", "value": 2},
                         {"op": "remove", "path": "/view/no/such/thing"}]})
    wait_for(ann, lambda: counts(ann) == {"state": 3, "patch": 1, "sync": 2})
    assert wire.syncs() == 2
    wait_version(ann, 1)

    # And the game goes on in patches, the page choosing from the body it rebuilt.
    public = api_state(live_server, game_id)
    clicked = public["waiting"][0]["seat"] == 0
    if clicked:
        ann.locator("#board button.option").first.click()
    else:
        mine = api_state(live_server, game_id, tokens[1])
        api_act(live_server, game_id, tokens[1], mine["version"],
                first_answer(mine["prompts"][0]))
    wait_version(ann, 2)
    assert counts(ann) == {"state": 3, "patch": 2, "sync": 2}
    assert held_body(ann) == api_state(live_server, game_id, tokens[0])
    acts = [m["version"] for m in wire.from_page if m.get("type") == "act"]
    assert acts == ([1] if clicked else [])


def test_the_replay_still_reads_whole_views(live_server: str, pages: Pages) -> None:
    """A replay whose every step carries its whole view (as the server sent them before patches)
    reads the same as the patched one."""
    created = api_create(live_server, "secretcards", ["Ann", "Bob"], rounds=1)
    game_id = created["id"]
    play_to_end(live_server, game_id, [s["token"] for s in created["seats"]])
    replay = HTTP.get(f"{live_server}/api/games/{game_id}/replay").json()
    views = replay_views(replay)
    whole = {**replay, "steps": [{k: v for k, v in step.items() if k != "patch"} | {"view": view}
                                 for step, view in zip(replay["steps"], views, strict=True)]}

    def old_server(page: Any) -> None:
        page.route(f"**/api/games/{game_id}/replay",
                   lambda route: route.fulfill(json=whole))

    for before in (None, old_server):
        page = pages.open(f"{live_server}/games/{game_id}/replay", before=before)
        expect(page.locator("#replay")).to_have_attribute("data-step", "0")
        assert page.evaluate("window.quorumReplay.steps.map((s) => s.view)") == views
        page.get_by_role("button", name="Last step").click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(len(views) - 1))
        hands = page.locator('[data-key="hands"] > ol > li')
        for li, hand in zip(hands.all(), views[-1]["hands"], strict=True):
            expect(li.locator(".chip")).to_have_text([str(card) for card in hand])
