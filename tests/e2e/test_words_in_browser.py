"""The browser words messages exactly as the server does: format.js against messages.py, on
every message of a played game and on the format's own corner cases, in every language."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.core import act, msg
from app.core.pick import random_answer
from app.games.bsg.rules import RULES
from tests.e2e.conftest import Pages
from tests.e2e.said_alike import assert_said_alike
from tests.games.bsg.rendering import Heard

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def game_messages(seed: int = 5, limit: int = 400) -> list[dict[str, Any]]:
    state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)
    heard = Heard()
    bots = random.Random(seed)
    for _ in range(limit):
        if state["result"] is not None:
            break
        prompt = RULES.prompts(state)[0]
        state, events = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
        heard.state(state, RULES.prompts(state), events)
    return list(heard.messages.values())


CORNERS = [
    msg("core.seat", n=3),
    msg("core.error.not_a_choice", asked=msg("core.error.stale", current=2, sent=1)),
    msg("core.error.ws_unknown_type"),
    msg("core.error.name_too_long", n=40),
    msg("bsg.game.resource", resource="food", delta=-2, value=6),
    msg("bsg.game.resource", resource="morale", delta=1, value=15),
    msg("bsg.scouting.placed", seat=1, deck="crisis", where="top"),
    msg("bsg.scouting.placed", seat=7, deck="destination", where="bottom"),
]


def test_browser_and_server_say_every_message_alike(live_server: str, pages: Pages) -> None:
    messages = CORNERS + game_messages()
    page = pages.open(f"{live_server}/")
    assert_said_alike(page, messages, NAMES)
    assert len(messages) > 50
