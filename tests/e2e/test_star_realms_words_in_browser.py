"""The browser words Star Realms' messages exactly as the server does (format.js against
messages.py): every message of a played game, every card's name, text and facts, and the
effects' templates at their corners (plural forms, empty select cases), in every language."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from app.core import msg
from app.games.star_realms.carddata import CARDS, facts_msg, text_parts
from tests.e2e.conftest import Pages
from tests.e2e.said_alike import assert_said_alike
from tests.games.star_realms.random_games import NAMES, steps

pytestmark = pytest.mark.browser


def game_messages(seed: int = 3) -> list[dict[str, Any]]:
    from app.games.star_realms.rules import RULES

    seen: dict[bytes, dict[str, Any]] = {}
    for state, events in steps(seed, 600):
        said = [ev["msg"] for ev in events]
        for p in RULES.prompts(state):
            said += [p["msg"], *(o["msg"] for o in p["options"])]
        for m in said:
            seen.setdefault(orjson.dumps(m), m)
    return list(seen.values())


def card_messages() -> list[dict[str, Any]]:
    out = []
    for cid in CARDS:
        out += [msg(f"star_realms.card.{cid}.name"), msg(f"star_realms.card.{cid}.text"),
                facts_msg(cid), *text_parts(cid)]
    for n in (1, 2, 5):
        out += [msg("star_realms.effect.draw", n=n), msg("star_realms.ev.drew", seat=0, n=n),
                msg("star_realms.effect.scrap_from", n=n, zone="hand_or_discard")]
    return out


def test_browser_and_server_say_star_realms_alike(live_server: str, pages: Pages) -> None:
    messages = card_messages() + game_messages()
    page = pages.open(f"{live_server}/")
    assert_said_alike(page, messages, NAMES)
    assert len(messages) > 200
