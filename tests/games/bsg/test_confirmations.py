"""Choices that cannot be undone are marked for the page to confirm: revealing a Cylon loyalty
card and every once-per-game power carry `"confirm": true` on their option; the other options
(a character's ordinary ability, declining, doing nothing) do not. The mark is the option's, not
the action's: the action a client posts is the offered action, and it applies as ever.

Positions as in test_characters.py and test_revealed_cylons.py (helpers.py)."""

from __future__ import annotations

from typing import Any

from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    BOOMER,
    TIGH,
    TYROL,
    ZAREK,
    action,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    new,
    prompt_is,
    run,
    set_destiny,
    stand,
)
from tests.games.bsg.test_revealed_cylons import reveal_position, run_turn


def marked(prompt: dict[str, Any]) -> dict[str, bool]:
    """Each option's type (and ability) -> whether it asks for a confirmation."""
    out = {}
    for o in prompt["options"]:
        a = o["action"]
        out[a["type"] + (f":{a['ability']}" if "ability" in a else "")] = o.get("confirm", False)
    return out


def test_revealing_asks_for_a_confirmation_and_applies_as_offered() -> None:
    s = reveal_position("you_are_a_cylon_morale")
    run_turn(s, 2, phase=3)
    prompt = prompt_is(s, 2, "action")
    options = marked(prompt)
    assert options["reveal"] is True
    assert not any(v for k, v in options.items() if k != "reveal")
    reveal = next(o for o in prompt["options"] if o["action"]["type"] == "reveal")
    assert "confirm" not in reveal["action"]
    s.do_action(2, reveal["action"])
    s.do("-1 morale")  # the card's power, asked next
    assert s.state["seats"][2]["revealed"] is True


def test_a_once_per_game_action_asks_and_an_ordinary_ability_does_not() -> None:
    s = new([TIGH, ADAMA, ZAREK])
    empty_space(s)
    stand(s, 0, "sickbay")  # no location action: Declare Martial Law and "do nothing"
    action(s, 0)
    assert marked(prompt_is(s, 0, "action")) == {"character:once_per_game": True, "pass": False}
    s.do("Declare Martial Law")
    assert s.state["seats"][0]["once_used"] is True


def test_an_offered_once_per_game_power_asks_and_declining_does_not() -> None:
    """Adama's Command Authority is offered after a check: "use" asks, "do not use" does not."""
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.want("Command Authority")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    s.give_cards(0, "strategic_planning_3")
    crisis_step(s, 0, "security_breach")
    contribute(s, {0: ["Strategic Planning"]})
    assert check_result(s)["outcome"] == "pass"
    prompt = prompt_is(s, 1, "ability")
    assert marked(prompt) == {"use": True, "skip": False}
    # Over the API the English words stay beside the mark.
    english = RULES.prompts(s.state)[0]["options"][0]
    assert english["confirm"] is True and english["label"] == "Use Command Authority"
    s.do("Use Command Authority")
    assert s.state["seats"][1]["once_used"] is True


def test_an_ordinary_optional_ability_asks_nothing() -> None:
    """Boomer's Recon, offered at the end of each of her turns, is no once-per-game power."""
    s = new([BOOMER, ADAMA, ZAREK])
    s.want("Recon")
    run(s, {"step": "end_turn", "stage": "abilities"}, current=0)
    assert marked(prompt_is(s, 0, "ability")) == {"use": False, "skip": False}
