"""A Russian and a Polish player read no English word on the board: at a skill check's reveal and
during a Cylon attack, the whole page (board, prompts, log, hand, check) is in their language.
Screenshots of both moments in both languages land in test-artifacts/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from app.core.pick import random_answer
from app.games.bsg import carddata
from tests.e2e.api import api_act, api_create, api_state, game_id_of, token_of
from tests.e2e.conftest import DESKTOP, PHONE, Pages
from tests.e2e.test_bsg_layout import GameEnded
from tests.words import english_words_in

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
LIMIT = 3000


def revealed_check(body: dict[str, Any]) -> bool:
    """A check's cards are shown face up: the running check's once totalled (while the window
    after its total is open), or the last check's reveal."""
    check = body["view"].get("check")
    return bool(check and check.get("cards") and check.get("total") is not None) or any(
        e["kind"] == "check_result" and e.get("data") for e in body["log"])


ATTACKS = {c["id"] for c in carddata.cards_of("crisis") if c["kind"] == "cylon_attack"}
ACTIVATION = {"raider_order", "raider_target", "damage_vipers"}


def cylon_attack(body: dict[str, Any]) -> bool:
    """A Cylon attack crisis is being resolved, or Cylon ships are activating."""
    resolving = {face["id"] for face in body["view"].get("resolving") or []}
    return bool(resolving & ATTACKS) or body["waiting"][0]["kind"] in ACTIVATION


def play_until(base: str, game: dict[str, Any], tokens: list[str], bots: random.Random,
               moment: Any) -> tuple[dict[str, Any], int]:
    """Random bots act through the API until `moment(spectator body)`; answers the body and the
    seat that is asked then."""
    for _ in range(LIMIT):
        public = api_state(base, game["id"])
        if public["status"] != "active":
            raise GameEnded("the game ended first")
        seat = public["waiting"][0]["seat"]
        if moment(public):
            return public, seat
        mine = api_state(base, game["id"], tokens[seat])
        api_act(base, game["id"], tokens[seat], mine["version"],
                random_answer(mine["prompts"][0], bots))
    raise AssertionError("the moment never came")


def open_in(pages: Pages, url: str, lang: str, viewport: dict[str, int]) -> Any:
    page = pages.open(url, viewport=viewport,
                      before=lambda p: p.add_init_script(
                          f"localStorage.setItem('quorum-lang', '{lang}')"))
    page.wait_for_selector("#board svg, .bsg-board, svg", timeout=10_000)
    page.wait_for_timeout(400)
    return page


def english_on(page: Any, lang: str) -> set[str]:
    text = page.evaluate("() => document.body.innerText")
    return english_words_in(text, lang, tuple(PLAYERS))


@pytest.mark.parametrize("seed", [11])
def test_no_english_on_the_russian_and_polish_board(live_server: str, pages: Pages,
                                                    artifacts: Path, seed: int) -> None:
    bots = random.Random(seed)
    for attempt in range(4):  # the seed is the server's: a game may end before both moments
        game = api_create(live_server, "bsg", PLAYERS)
        tokens = [token_of(s["url"]) for s in game["seats"]]
        game["id"] = game_id_of(game["seats"][0]["url"])
        try:
            for name, moment in (("check", revealed_check), ("attack", cylon_attack)):
                _, seat = play_until(live_server, game, tokens, bots, moment)
                no_english_at(pages, artifacts, name, game["seats"][seat]["url"])
            return
        except GameEnded:
            if attempt == 3:
                raise


def no_english_at(pages: Pages, artifacts: Path, name: str, url: str) -> None:
    for lang in ("ru", "pl"):
        for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page = open_in(pages, url, lang, viewport)
            page.screenshot(path=str(artifacts / f"bsg-{name}-{lang}-{label}.png"),
                            full_page=label == "desktop")
            found = english_on(page, lang)
            assert not found, (name, lang, label, sorted(found))
