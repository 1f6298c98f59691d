"""A skill check's reveal adds up on the board: the chips it shows (one per card, one per power
that changed how the cards count) sum to the total it announces, in the running check's live
reveal and in the last check's reveal, and the powers' chips speak the reader's language.

The moment is reached through the API: one seat plays William Adama, whose Inspirational Leader
makes strength-1 cards count plus in his own Crisis checks; the seats take the options that
move the game on until his check is totalled with that modifier changing the count. A game the
Cylons win first is replaced by a new one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.api import api_act, api_create, api_state
from tests.e2e.conftest import Pages
from tests.e2e.expecting import expect
from tests.e2e.test_bsg_board import NAMES, in_language, preferred, preferred_answer, wait_version
from tests.words import english_words_in

pytestmark = pytest.mark.browser

GAMES = 8  # a game ends before Adama's check in about one game of five
ACTIONS = 600


def choose(options: list[dict[str, Any]]) -> dict[str, Any]:
    """William Adama when characters are picked, else what moves the game on."""
    for option in options:
        if option["action"].get("character") == "william_adama":
            return option["action"]
    return options[preferred(options)]["action"]


def modified_total(public: dict[str, Any]) -> bool:
    """The running check is totalled, and a power changed how its cards count."""
    check = public["view"]["check"]
    return bool(check and check["total"] is not None
                and any(m.get("value") for m in check["modifiers"]))


def play(base: str, game_id: str, tokens: list[str], done: Any) -> dict[str, Any] | None:
    """Every asked seat acts until `done(public state)`: that state, or None if the game ended
    first."""
    for _ in range(ACTIONS):
        public = api_state(base, game_id)
        if public["status"] != "active":
            return None
        if done(public):
            return public
        seat = public["waiting"][0]["seat"]
        mine = api_state(base, game_id, tokens[seat])
        prompt = mine["prompts"][0]
        api_act(base, game_id, tokens[seat], mine["version"],
                preferred_answer(prompt) if "pick" in prompt else choose(prompt["options"]))
    return None


def chips_and_total(section: Any) -> tuple[list[int], int, int]:
    """The numbers on a check section's chips, how many are modifiers, and its total."""
    signs = section.locator(".pool-cards li .sign").all_inner_texts()
    values = [int(s.replace("−", "-").replace("+", "")) for s in signs]
    modifiers = section.locator(".pool-cards li.modifier .sign").count()
    return values, modifiers, int(section.locator('[data-key="total"]').inner_text())


def revealed_with_power(body: dict[str, Any], after: int = 0) -> bool:
    """The log holds a check's result (after `after`) that a power changed."""
    return any(e["kind"] == "check_result" and e["seq"] > after and e.get("data")
               and any(m.get("value") for m in e["data"].get("modifiers", []))
               for e in body["log"])


def test_the_chips_of_a_reveal_sum_to_its_total(live_server: str, pages: Pages,
                                                artifacts: Path) -> None:
    """The running check shows its total only while the window after it is open, which opens
    only when a change of the difficulty could change the result (windows.py): random play
    rarely gets there, so its live reveal is checked when met, the last check's reveal always."""
    for _ in range(GAMES):
        created = api_create(live_server, "bsg", NAMES)
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        public = play(live_server, game_id, tokens,
                      lambda body: modified_total(body) or revealed_with_power(body))
        if public is not None:
            break
    else:
        raise AssertionError(f"no check changed by a power in {GAMES} games")

    page = pages.open(created["watch_url"])
    wait_version(page, public["version"])
    if modified_total(public):
        live = page.locator('[data-section="check"]')
        chips, modifiers, total = chips_and_total(live)
        check = public["view"]["check"]
        assert total == check["total"]
        assert len(chips) == len(check["cards"]) + len(check["modifiers"])
        assert modifiers == len(check["modifiers"]) >= 1
        assert sum(chips) == total, (chips, total)
        live.screenshot(path=str(artifacts / "bsg-live-reveal.png"))
        # The check resolves: the last check's reveal, from the log, adds up the same way.
        seq = public["version"]
        public = play(live_server, game_id, tokens, lambda body: any(
            e["kind"] == "check_result" and e["seq"] > seq for e in body["log"]))
        assert public is not None, "the game ended before the check resolved"
        wait_version(page, public["version"])
    else:
        total = next(e["data"]["total"] for e in reversed(public["log"])
                     if e["kind"] == "check_result" and e.get("data"))
    reveal = page.locator('[data-section="reveal"]')
    chips, modifiers, shown = chips_and_total(reveal)
    assert shown == total
    assert modifiers >= 1
    assert sum(chips) == shown, (chips, shown)
    reveal.screenshot(path=str(artifacts / "bsg-reveal-modifiers.png"))

    # The powers' chips are said in the reader's language.
    english = page.locator('[data-section="reveal"] .pool-cards li.modifier').first.inner_text()
    for lang in ("ru", "pl"):
        in_language(page, lang)
        chip = page.locator('[data-section="reveal"] .pool-cards li.modifier').first
        expect(chip).not_to_have_text(english)
        assert not english_words_in(chip.inner_text(), lang, tuple(NAMES)), chip.inner_text()
        assert sum(chips_and_total(page.locator('[data-section="reveal"]'))[0]) == shown
