"""Daybreak's Skill Check abilities (DB-10.2-10.6): after a check's cards are shuffled and
divided, the current player resolves each card with the icon, whoever put it there (the
Destiny deck included), once per card title, in the order he chooses (asked only when the order
could change something); cards taken out of the check (Quick Thinking, Dogfight) keep what
they already did and never do what they had not yet done. Also Restore Order and Change of
Plans, the cards that act on those abilities and on a passed check.

Rule sources: shared/rules/bsg-daybreak.md DB-10.2-10.6, DB-16.7, Appendix B.6; the Russian
rulebook's «Свойство "Проверка Навыков"» and its two examples."""

from __future__ import annotations

from typing import Any

from app.core import msg
from app.games.bsg import catalog
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    HELO,
    TYROL,
    ZAREK,
    Scenario,
    check_result,
    contribute,
    finished,
    hand,
    no_cards,
    prompt_is,
    run,
    set_destiny,
)

CAST = [TYROL, HELO, ZAREK]


def daybreak(cast: list[str] | None = None, answer_windows: bool = False) -> Scenario:
    s = Scenario(cast or CAST, expansion="daybreak")
    s.answer_windows = answer_windows
    no_cards(s)
    return s


def check(s: Scenario, destiny: tuple[str, str], difficulty: int = 3,
          skills: tuple[str, ...] = ("leadership",), current: int = 0,
          ctx: dict[str, Any] | None = None) -> None:
    """A skill check with these two cards on top of the Destiny deck; pass: +1 morale, fail:
    -1 morale."""
    set_destiny(s, *destiny)
    run(s, {"step": "effects", "i": 0, "ctx": dict(ctx or {"title": msg("test.stop")}),
            "ops": [{"skill_check": {"difficulty": difficulty, "skills": list(skills),
                                     "pass": [{"gain": {"morale": 1}}],
                                     "fail": [{"gain": {"morale": -1}}]}}]},
        current=current)


def give(s: Scenario, seat: int, *card_ids: str) -> None:
    s.give_cards(seat, *card_ids)


def no_vipers(s: Scenario) -> None:
    """No viper in the Reserves or in space (they count as damaged)."""
    for area in s.state["space"].values():
        s.state["damaged_vipers"] += len(area["vipers"])
        area["vipers"] = []
    s.state["damaged_vipers"] += s.state["reserves"]["viper"]
    s.state["reserves"]["viper"] = 0


def engineering_drawn(s: Scenario, seat: int) -> int:
    return sum(1 for u in s.state["seats"][seat]["hand"]
               if catalog.skill_type(u) == "engineering")


# ---- DB-10.4: once per card title (the rulebook's Install Upgrades example) ---------------

def test_two_install_upgrades_on_a_pass_give_two_engineering_cards_not_four() -> None:
    s = daybreak()
    give(s, 0, "executive_order_1")
    check(s, ("install_upgrades_0", "install_upgrades_0"), difficulty=1)
    contribute(s, {0: ["Executive Order"]})
    assert finished(s)
    assert check_result(s)["outcome"] == "pass"
    assert engineering_drawn(s, 0) == 2


def test_two_install_upgrades_on_a_fail_give_one_engineering_card() -> None:
    s = daybreak()
    give(s, 0, "executive_order_1")
    check(s, ("install_upgrades_0", "install_upgrades_0"), difficulty=2)
    contribute(s, {0: ["Executive Order"]})
    assert finished(s)
    assert check_result(s)["outcome"] == "fail"  # 1 < 2: one short of the difficulty
    assert engineering_drawn(s, 0) == 1


def test_install_upgrades_goes_to_the_current_player_whoever_added_it() -> None:
    s = daybreak()
    give(s, 1, "install_upgrades_0")
    check(s, ("executive_order_1", "executive_order_1"), difficulty=2, current=0)
    contribute(s, {1: ["Install Upgrades"]})
    assert finished(s)
    assert check_result(s)["outcome"] == "pass"  # 1 + 1 + 0
    assert engineering_drawn(s, 0) == 2 and engineering_drawn(s, 1) == 0


def test_two_all_hands_on_deck_count_once() -> None:
    """Two copies and a Dogfight: 3 cards of strength 0, +3 once (not +6)."""
    s = daybreak()
    no_vipers(s)  # Dogfight cannot be used: nothing is asked about it
    give(s, 0, "dogfight_0")
    check(s, ("all_hands_on_deck_0", "all_hands_on_deck_0"), difficulty=3)
    contribute(s, {0: ["Dogfight"]})
    assert finished(s)
    result = check_result(s)
    assert result["total"] == 3 and result["outcome"] == "pass"
    assert [m["value"] for m in result["modifiers"]] == [3]


# ---- DB-10.3: who resolves, and when the order is asked -----------------------------------

def test_abilities_without_a_card_remover_resolve_without_asking() -> None:
    s = daybreak()
    check(s, ("all_hands_on_deck_0", "install_upgrades_0"), difficulty=2)
    contribute(s, {})
    assert finished(s)  # no "which first" prompt: the order changes nothing
    assert check_result(s)["total"] == 2
    assert engineering_drawn(s, 0) == 2


def test_the_current_player_orders_the_abilities_when_a_card_may_leave_the_check() -> None:
    s = daybreak()
    check(s, ("all_hands_on_deck_0", "quick_thinking_0"), current=1)
    contribute(s, {})
    prompt = prompt_is(s, 1, "check_ability")
    assert len(prompt["options"]) == 2


def test_a_check_without_icon_cards_asks_nothing_more() -> None:
    s = daybreak()
    check(s, ("executive_order_1", "executive_order_1"), difficulty=2)
    contribute(s, {})
    assert finished(s)
    assert check_result(s)["outcome"] == "pass"


# ---- DB-10.5: taking cards out of the check (the rulebook's example) ----------------------

def test_all_hands_on_deck_taken_out_after_resolving_keeps_its_bonus() -> None:
    """The rulebook's example: All Hands on Deck resolves (+2: itself and Quick Thinking are
    strength 0), then Quick Thinking takes All Hands on Deck into the current player's hand;
    the +2 stays."""
    s = daybreak()
    give(s, 0, "executive_order_1")
    check(s, ("all_hands_on_deck_0", "quick_thinking_0"), difficulty=3)
    contribute(s, {0: ["Executive Order"]})
    s.do("All Hands on Deck")
    prompt_is(s, 0, "take_from_check")
    assert not any("Quick Thinking" in label for label in s.labels())  # not itself
    s.do("Take All Hands on Deck")
    assert finished(s)
    result = check_result(s)
    assert result["total"] == 3 and result["outcome"] == "pass"  # 1 + 0 (tactics) + 2
    assert "all_hands_on_deck_0" in hand(s, 0)


def test_all_hands_on_deck_taken_out_before_resolving_never_resolves() -> None:
    s = daybreak()
    give(s, 0, "executive_order_1")
    check(s, ("all_hands_on_deck_0", "quick_thinking_0"), difficulty=3)
    contribute(s, {0: ["Executive Order"]})
    s.do("Quick Thinking")
    s.do("Take All Hands on Deck")
    assert finished(s)
    result = check_result(s)
    assert result["total"] == 1 and result["modifiers"] == []
    assert result["outcome"] == "fail"


def test_quick_thinking_takes_strength_3_but_not_4() -> None:
    s = daybreak()
    give(s, 0, "declare_emergency_3", "declare_emergency_4")
    check(s, ("quick_thinking_0", "executive_order_1"), difficulty=1)
    contribute(s, {0: ["Declare Emergency (Leadership 3)", "Declare Emergency (Leadership 4)"]})
    prompt_is(s, 0, "take_from_check")
    labels = s.labels()
    assert any("Leadership 3" in label for label in labels)
    assert not any("Leadership 4" in label for label in labels)
    s.do("Take no card")
    assert finished(s)
    assert check_result(s)["total"] == 8


def test_dogfight_damages_a_reserve_viper_to_discard_another_card() -> None:
    s = daybreak()
    no_vipers(s)
    s.state["reserves"]["viper"] = 1
    s.state["damaged_vipers"] -= 1
    give(s, 0, "executive_order_1")
    check(s, ("dogfight_0", "violent_outbursts_4"), difficulty=1)
    contribute(s, {0: ["Executive Order"]})
    s.do("Dogfight")  # first: Violent Outbursts waits, and may leave before it resolves
    prompt_is(s, 0, "dogfight")
    assert not any("Dogfight" in label for label in s.labels())  # "1 other card"
    damaged = s.state["damaged_vipers"]
    s.do("Take out Violent Outbursts")  # the only viper is taken without asking
    assert finished(s)
    assert s.state["reserves"]["viper"] == 0 and s.state["damaged_vipers"] == damaged + 1
    result = check_result(s)
    assert result["total"] == 1 and result["outcome"] == "pass"  # the -4 left the check
    assert s.state["seats"][0]["location"] != "sickbay"  # taken out before resolving


def test_dogfight_without_any_viper_asks_nothing() -> None:
    s = daybreak()
    no_vipers(s)
    check(s, ("dogfight_0", "executive_order_1"), difficulty=1)
    contribute(s, {})
    assert finished(s)


def test_dogfight_may_be_declined() -> None:
    s = daybreak()
    s.state["reserves"]["viper"] = 2
    check(s, ("dogfight_0", "executive_order_1"), difficulty=1)
    contribute(s, {})
    s.do("Damage no viper")
    assert finished(s)
    assert s.state["reserves"]["viper"] == 2
    assert check_result(s)["total"] == 1


# ---- what is public --------------------------------------------------------------------------

def test_the_revealed_check_is_public_while_its_abilities_resolve() -> None:
    s = daybreak()
    check(s, ("all_hands_on_deck_0", "quick_thinking_0"))
    contribute(s, {})
    prompt_is(s, 0, "check_ability")
    for seat in (None, 1, 2):
        shown = RULES.view(s.state, seat)["check"]
        assert sorted(c["id"] for c in shown["cards"]) == ["all_hands_on_deck_0",
                                                          "quick_thinking_0"]


# ---- Restore Order (DB-16.7), Missions (DB-10.6), Change of Plans --------------------------

def test_restore_order_stops_every_skill_check_ability() -> None:
    s = daybreak(answer_windows=True)
    give(s, 1, "restore_order_3")
    check(s, ("install_upgrades_0", "all_hands_on_deck_0"), difficulty=1)
    assert windows(s, 1, "Restore Order")
    contribute(s, {})
    windows(s)
    assert finished(s)
    result = check_result(s)
    assert result["total"] == 0 and result["modifiers"] == []
    assert engineering_drawn(s, 0) == 0


def test_a_mission_check_resolves_no_skill_check_ability() -> None:
    s = daybreak()
    check(s, ("install_upgrades_0", "all_hands_on_deck_0"), difficulty=1,
          ctx={"title": msg("test.stop"), "mission": True})
    contribute(s, {})
    assert finished(s)
    assert check_result(s)["total"] == 0
    assert engineering_drawn(s, 0) == 0


def windows(s: Scenario, seat: int | None = None, card: str = "") -> bool:
    """Answer the reaction windows asked now: `seat` plays `card` when offered, everyone else
    passes. Whether the card was played."""
    played = False
    while s.prompt["kind"] == "window":
        asked = s.prompt["seat"]
        if asked == seat and not played and any(card in label for label in s.labels()):
            s.do(card, seat=asked)
            played = True
        else:
            s.do("Pass", seat=asked)
    return played


def test_change_of_plans_replaces_a_pass_by_two_cards_for_each_human() -> None:
    s = daybreak(answer_windows=True)
    give(s, 2, "change_of_plans_5")
    morale = s.state["resources"]["morale"]
    check(s, ("executive_order_1", "executive_order_1"), difficulty=2)
    windows(s)
    contribute(s, {})
    assert windows(s, 2, "Change of Plans")
    while not finished(s):
        s.do_action(s.prompt["seat"], s.prompt["options"][0]["action"])
    assert check_result(s)["outcome"] == "pass"
    assert s.state["resources"]["morale"] == morale  # no pass result
    assert [len(seat["hand"]) for seat in s.state["seats"]] == [2, 2, 2]


def test_change_of_plans_cannot_be_played_on_a_failing_check() -> None:
    s = daybreak(answer_windows=True)
    give(s, 2, "change_of_plans_5")
    check(s, ("executive_order_1", "executive_order_1"), difficulty=3)
    windows(s)
    contribute(s, {})
    assert not windows(s, 2, "Change of Plans")
    assert check_result(s)["outcome"] == "fail"
