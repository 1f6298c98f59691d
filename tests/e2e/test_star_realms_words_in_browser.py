"""The browser words Star Realms' messages exactly as the server does (format.js against
messages.py): every message of a played game, every card's name, text and facts, and the
effects' templates at their corners (plural forms, empty select cases), in every language."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from app.core import msg
from app.core.messages import LANGUAGES, render
from app.games.star_realms.carddata import CARDS, facts_msg, text_parts
from tests.e2e.conftest import Pages
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
    said = page.evaluate(
        """async ([messages, names, langs]) => {
          const { Catalog } = await import("/static/js/i18n/format.js");
          const out = {};
          for (const lang of langs) {
            const data = await (await fetch(`/i18n/${lang}.json`)).json();
            const cat = new Catalog(lang, data.entries, data.kinds);
            out[lang] = messages.map((m) => cat.render(m, names));
          }
          return out;
        }""",
        [messages, NAMES, list(LANGUAGES)],
    )
    for lang in LANGUAGES:
        expected = [render(m, lang, NAMES) for m in messages]
        differ = [(m["key"], e, b) for m, e, b in zip(messages, expected, said[lang], strict=True)
                  if e != b]
        assert not differ, (lang, len(differ), differ[:5])
    assert len(messages) > 200
