"""Discarding several cards on the page, in a real browser (static/js/pick.js): the cards to
discard are tapped one by one ("2 of 2 chosen"), copies of one card lie in one stack that takes
a tap per copy, and one button sends them all: one action, one new version. On a phone the
question stays folded to a quarter of the screen while its player picks."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.e2e.api import api_state
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import wait_version
from tests.e2e.test_bsg_layout import SCREENSHOTS, box, game_at, json_attr

pytestmark = pytest.mark.browser


def asked_to_pick(seat: int, body: dict[str, Any]) -> bool:
    return "pick" in body["prompts"][0]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_discarding_several_cards_is_one_decision(live_server: str, pages: Pages,
                                                  viewport: dict[str, int]) -> None:
    created, tokens, seat, mine = game_at(live_server, asked_to_pick)
    prompt = mine["prompts"][0]
    n = prompt["pick"]["max"]
    assert prompt["pick"]["min"] == n and len(prompt["options"]) > n
    page = pages.open(created["seats"][seat]["url"], viewport=viewport)
    wait_version(page, mine["version"])
    if viewport is PHONE:  # folded, the picker is within the quarter of the screen
        shut = box(page, "#decision")
        assert shut["height"] <= PHONE["height"] / 4 + 1, shut

    stacks = Counter(json_attr(o["action"]) for o in prompt["options"])
    picker = page.locator("#decision .picker")
    expect(picker.locator("button.pick-option")).to_have_count(len(stacks))
    status = picker.locator(".pick-status")
    send = picker.locator("button.pick-send")
    expect(status).to_have_text(f"0 of {n} chosen")
    expect(send).to_be_disabled()
    for key, copies in stacks.items():  # a stack of copies shows how many it holds
        if copies > 1:
            expect(picker.locator(f"button.pick-option[data-action='{key}'] .pick-count")
                   ).to_have_text(f"0 of {copies} copies")

    # the largest stacks first, so that a stack gives several copies when it has them
    picked: list[dict[str, Any]] = []
    for key, copies in stacks.most_common():
        button = picker.locator(f"button.pick-option[data-action='{key}']")
        for _ in range(min(copies, n - len(picked))):
            button.click()
            picked.append(json.loads(key))
        expect(button).to_have_attribute("aria-pressed", "true")
        if len(picked) == n:
            break
    expect(status).to_have_text(f"{n} of {n} chosen")
    expect(send).to_be_enabled()
    if viewport is PHONE:
        decision = box(page, "#decision")
        assert decision["height"] <= PHONE["height"] / 4 + 1
        # the send button is in view without a scroll, however many cards the picker holds
        first = page.locator("#decision .pick-options button.pick-option").first
        first.scroll_into_view_if_needed()
        foot = box(page, "#decision button.pick-send")
        assert decision["y"] <= foot["y"] and foot["y"] + foot["height"] <= \
            decision["y"] + decision["height"] + 1, (foot, decision)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"pick-{viewport['width']}.png"))

    send.click()
    wait_version(page, mine["version"] + 1)  # the whole discard: one action
    after = api_state(live_server, created["id"], tokens[seat])
    assert after["version"] == mine["version"] + 1
    assert not after["prompts"] or after["prompts"][0]["msg"] != prompt["msg"]
    assert pages.unexpected() == []


def test_a_stack_tapped_past_its_copies_puts_them_back(live_server: str, pages: Pages) -> None:
    """A tap on a full stack (or with the pick full) empties it: picking is undone by tapping."""
    created, tokens, seat, mine = game_at(live_server, asked_to_pick)
    prompt = mine["prompts"][0]
    n = prompt["pick"]["max"]
    page = pages.open(created["seats"][seat]["url"], viewport=DESKTOP)
    wait_version(page, mine["version"])
    key, copies = Counter(json_attr(o["action"]) for o in prompt["options"]).most_common(1)[0]
    button = page.locator(f"#decision button.pick-option[data-action='{key}']")
    status = page.locator("#decision .pick-status")
    taps = min(copies, n)
    for _ in range(taps):
        button.click()
    expect(status).to_have_text(f"{taps} of {n} chosen")
    button.click()
    expect(status).to_have_text(f"0 of {n} chosen")
    expect(button).to_have_attribute("aria-pressed", "false")
