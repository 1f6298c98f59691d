"""The browser words Roll for the Galaxy's component texts exactly as the server does (format.js
against messages.py): every side's name, facts and text parts, made from the effects' templates
with their forms, plurals and select cases, in every language."""

from __future__ import annotations

from typing import Any

import pytest

from app.core import msg
from app.games.roll_for_the_galaxy.components import FACTIONS, SIDES, facts_msg, text_parts
from tests.e2e.conftest import Pages
from tests.e2e.said_alike import assert_said_alike

pytestmark = pytest.mark.browser


def component_messages() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for sid in SIDES:
        out += [msg(f"roll_for_the_galaxy.side.{sid}.name"), facts_msg(sid), *text_parts(sid)]
    out += [msg(f"roll_for_the_galaxy.faction.{n}") for n in FACTIONS]
    for n in (1, 2, 5):  # plural corners
        out += [msg("roll_for_the_galaxy.effect.gain_dice", count=n, rfcolour="red", to="cup"),
                msg("roll_for_the_galaxy.effect.remove_die", n=n)]
    return out


def test_browser_and_server_say_roll_for_the_galaxy_alike(live_server: str, pages: Pages) -> None:
    messages = component_messages()
    page = pages.open(f"{live_server}/")
    assert_said_alike(page, messages, [])
    assert len(messages) > 300
