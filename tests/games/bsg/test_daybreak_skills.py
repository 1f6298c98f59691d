"""Daybreak's skill cards and the Treachery type (DB-3.5, DB-10, DB-13.11): the Treachery deck
exists only in Daybreak games, the Destiny deck holds 12 cards (2 of them Treachery) each time
it is built, Treachery always counts negative, a revealed Cylon draws its 2 cards from 2
different decks (Treachery among them), and a scenario for each Daybreak card in the data
that is not a Skill Check card of test_daybreak_skill_check_abilities.py.

Rule sources: shared/rules/bsg-daybreak.md DB-3.5, DB-10.1, DB-10.7-10.11, DB-13.11,
Appendix B.6-B.7; the Russian rulebook's «Предательство» (p.10)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.core import msg
from app.games.bsg import carddata, catalog
from app.games.bsg.checkcount import count, modifier
from app.games.bsg.loyalty import become_revealed
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.skills import build_destiny
from tests.games.bsg.helpers import (
    HELO,
    TYROL,
    ZAREK,
    Scenario,
    action,
    check_result,
    contribute,
    finished,
    no_cards,
    prompt_is,
    run,
)
from tests.games.bsg.test_daybreak_skill_check_abilities import check, daybreak, give

CAST = [TYROL, HELO, ZAREK]
FIVE = ["A", "B", "C", "D", "E"]


def daybreak_cards() -> list[dict]:
    return [c for c in carddata.cards_of("skill") if c["set"] == "daybreak"]


# ---- the data ---------------------------------------------------------------------------------

def test_the_daybreak_skill_cards_in_the_data_have_the_printed_counts() -> None:
    """Each title's copies and strengths (Appendix B.6, B.7): 5 per colour and 26 Treachery
    cards."""
    copies = Counter({(c["name"], c["strength"]): c["count"] for c in daybreak_cards()})
    printed = {("All Hands on Deck", 0): 2, ("Restore Order", 3): 1, ("Restore Order", 4): 1,
               ("Change of Plans", 5): 1, ("Quick Thinking", 0): 2, ("Dogfight", 0): 2,
               ("Install Upgrades", 0): 2, ("Test the Limits", 5): 1,
               ("A Better Machine", 3): 4, ("Violent Outbursts", 4): 3,
               ("Force Their Hand", 0): 2, ("A Second Chance", 5): 1,
               ("Raptor Specialist", 3): 1, ("Raptor Specialist", 4): 1,
               ("Bait", 0): 6, ("Dradis Contact", 0): 6, ("Exploit Weakness", 5): 3,
               ("Personal Vices", 3): 4, ("Unorthodox Plans", 3): 1,
               ("Unorthodox Plans", 4): 1, ("Popular Influence", 3): 1,
               ("Popular Influence", 4): 1, ("Negotiations", 5): 1, ("Combat Veteran", 3): 1,
               ("Combat Veteran", 4): 1, ("Launch Reserves", 5): 1}
    assert dict(copies) == printed
    per_type = Counter[str]()
    for c in daybreak_cards():
        per_type[c["skill_type"]] += c["count"]
    assert all(per_type[t] == 5 for t in catalog.SKILL_TYPES)  # all 51 (B.1)
    assert per_type["treachery"] == 26


def test_every_treachery_card_and_every_zero_card_has_a_skill_check_ability() -> None:
    """DB-10.7: every Treachery card has the icon; so has each colour's strength-0 card."""
    for c in daybreak_cards():
        if c["skill_type"] == "treachery" or c["strength"] == 0:
            assert c["ability"]["timing"] == "skill_check", c["id"]
        else:
            assert c["ability"]["timing"] != "skill_check", c["id"]


# ---- the Treachery deck only in Daybreak games ----------------------------------------------

def test_a_base_game_has_no_treachery_deck_and_a_daybreak_game_has_one() -> None:
    base = RULES.new_game(checked_options({}, FIVE), FIVE, 3)
    assert "skill:treachery" not in base["decks"]
    assert "skill:treachery" not in base["discards"]
    day = RULES.new_game(checked_options({"expansion": "daybreak"}, FIVE), FIVE, 3)
    treachery = day["decks"]["skill:treachery"]
    assert treachery and all(catalog.skill_type(u) == "treachery" for u in treachery)
    assert day["discards"]["skill:treachery"] == []


def test_the_base_game_keeps_its_five_skill_types() -> None:
    assert catalog.SKILL_TYPES == ("politics", "leadership", "tactics", "piloting",
                                   "engineering")
    assert catalog.skill_types(("base",)) == catalog.SKILL_TYPES
    assert catalog.skill_types(("base", "daybreak")) == (*catalog.SKILL_TYPES, "treachery")


# ---- the Destiny deck: 12 cards, 2 of them Treachery (DB-3.5, DB-10.11) ------------------------

def destiny_types(state: dict) -> Counter[str]:
    return Counter(catalog.skill_type(u) for u in state["decks"]["destiny"])


@pytest.mark.parametrize("expansion, size", [("none", 10), ("daybreak", 12)])
def test_the_destiny_deck_built_at_setup(expansion: str, size: int) -> None:
    s = Scenario(CAST, expansion=expansion)
    # setup built it; nothing has been drawn from it before the first Crisis step
    assert len(s.state["decks"]["destiny"]) == size
    types = destiny_types(s.state)
    assert all(types[t] == 2 for t in catalog.SKILL_TYPES)
    assert types["treachery"] == (2 if expansion == "daybreak" else 0)


def test_the_destiny_deck_rebuilt_during_play_holds_2_treachery_cards() -> None:
    s = daybreak()
    for uid in s.state["decks"]["destiny"]:
        s.edit().discard_card(uid)
    s.state["decks"]["destiny"] = []
    give(s, 0, "executive_order_1")
    check(s, ("executive_order_1", "executive_order_1"))
    # built anew when the check needed its 2 cards: 12, then 2 drawn (set_destiny put 2 on an
    # empty deck: those were drawn, and the deck is rebuilt only when empty again)
    contribute(s, {})
    s.state["decks"]["destiny"] = []
    build_destiny(s.edit())
    assert len(s.state["decks"]["destiny"]) == 12
    assert destiny_types(s.state)["treachery"] == 2


def test_an_empty_destiny_deck_is_rebuilt_with_12_cards_by_a_check() -> None:
    s = daybreak()
    for uid in s.state["decks"]["destiny"]:
        s.edit().discard_card(uid)
    s.state["decks"]["destiny"] = []
    # no A Better Machine in the new deck: drawn into the check, it would add 2 more (whether
    # one is drawn depends on every random draw before, e.g. the Mutiny deck's shuffle)
    treachery = s.state["decks"]["skill:treachery"]
    for uid in [u for u in treachery if catalog.card(u)["id"] == "a_better_machine_3"]:
        treachery.remove(uid)
        s.state["discards"]["skill:treachery"].append(uid)
    run(s, {"step": "effects", "i": 0, "ctx": {},
            "ops": [{"skill_check": {"difficulty": 1, "skills": ["leadership"], "pass": [],
                                     "fail": []}}]}, current=0)
    assert len(s.state["decks"]["destiny"]) == 10  # 12 built, 2 in the check


# ---- Treachery always counts negative (DB-10.8) -----------------------------------------------

def test_treachery_counts_negative_even_where_powers_make_cards_positive() -> None:
    uid = next(u for u in catalog.uids("skill", ("base", "daybreak"))
               if catalog.card(u)["id"] == "a_better_machine_3")
    every_type = modifier(msg("test.stop"), {"positive": {"types": list(catalog.SKILL_TYPES)}})
    strength_3 = modifier(msg("test.stop"), {"positive": {"strength": 3}})
    for mods in ([], [every_type], [strength_3]):
        _, _, total = count([uid], ["leadership", "treachery"], mods)
        assert total == -3


def test_a_treachery_card_in_a_check_lowers_the_total_by_its_strength() -> None:
    s = daybreak()
    give(s, 0, "executive_order_1")
    check(s, ("a_better_machine_3", "executive_order_1"), difficulty=0 + 1)
    contribute(s, {0: ["Executive Order"]})
    assert finished(s)
    result = check_result(s)
    assert result["total"] == -1  # 1 + 1 - 3
    assert result["outcome"] == "fail"


# ---- who draws Treachery (DB-10.9, DB-13.11) ---------------------------------------------------

def revealed_receive_skills(expansion: str) -> Scenario:
    s = Scenario(CAST, expansion=expansion, humans=False)
    no_cards(s)
    become_revealed(s.edit(), 1, super_crisis=False, cylon_fleet=True)
    s.state["seats"][1]["location"] = "caprica"
    s.state["current"] = 1
    s.set_flow({"step": "receive_skills", "seat": 1, "splits": []})
    return s


def test_a_revealed_cylon_in_daybreak_draws_2_cards_of_2_different_decks_treachery_too() -> None:
    s = revealed_receive_skills("daybreak")
    prompt = prompt_is(s, 1, "draw_skills")
    mixes = [tuple(o["action"]["types"]) for o in prompt["options"]]
    assert len(mixes) == 15  # 6 decks, 2 different ones
    assert all(len(set(m)) == 2 for m in mixes)
    assert ("engineering", "treachery") in mixes
    s.do_action(1, {"type": "draw", "types": ["engineering", "treachery"]})
    assert sorted(catalog.skill_type(u) for u in s.state["seats"][1]["hand"]) == [
        "engineering", "treachery"]


def test_a_revealed_cylon_in_the_base_game_may_still_draw_2_of_one_type() -> None:
    s = revealed_receive_skills("none")
    mixes = [tuple(o["action"]["types"]) for o in prompt_is(s, 1, "draw_skills")["options"]]
    assert ("politics", "politics") in mixes and not any("treachery" in m for m in mixes)


def test_drawing_skill_cards_of_any_type_never_offers_treachery() -> None:
    """Consolidate Power's "any decks" are the colour decks: Treachery cards are drawn only
    where a rule or card names them (revealed Cylons, Personal Vices)."""
    s = daybreak()
    give(s, 0, "consolidate_power_1")
    action(s, 0)
    s.do("Consolidate Power")
    mixes = [tuple(o["action"]["types"]) for o in prompt_is(s, 0, "draw_skills")["options"]]
    assert mixes and not any("treachery" in m for m in mixes)


# ---- the Treachery cards with an ability of their own -------------------------------------------

def test_a_better_machine_shuffles_2_treachery_cards_into_the_destiny_deck() -> None:
    s = daybreak()
    left = len(s.state["decks"]["destiny"])
    treachery = len(s.state["decks"]["skill:treachery"])
    check(s, ("a_better_machine_3", "executive_order_1"))
    contribute(s, {})
    assert finished(s)
    assert len(s.state["decks"]["destiny"]) == left + 2
    # the A Better Machine put on the Destiny deck came from there too
    assert len(s.state["decks"]["skill:treachery"]) == treachery - 1 - 2


def test_violent_outbursts_sends_the_current_player_to_sickbay() -> None:
    s = daybreak()
    s.state["seats"][2]["location"] = "command"
    check(s, ("violent_outbursts_4", "executive_order_1"), current=2)
    contribute(s, {})
    assert finished(s)
    assert s.state["seats"][2]["location"] == "sickbay"


def test_violent_outbursts_leaves_a_revealed_cylon_current_player_where_he_is() -> None:
    s = Scenario(CAST, expansion="daybreak", humans=False)
    no_cards(s)
    become_revealed(s.edit(), 2, super_crisis=False, cylon_fleet=True)
    s.state["seats"][2]["location"] = "caprica"
    check(s, ("violent_outbursts_4", "executive_order_1"), current=2)
    contribute(s, {})
    assert finished(s)
    assert s.state["seats"][2]["location"] == "caprica"


# ---- Test the Limits ---------------------------------------------------------------------------

def test_the_limits_on_a_blue_space_does_nothing() -> None:
    s = daybreak()
    blue = next(i for i, sp in enumerate(catalog.BOARD["jump_track"]) if sp["zone"] == "blue")
    s.state["jump_track"] = blue
    give(s, 0, "test_the_limits_5")
    damage = len(s.state["damage"])
    action(s, 0)
    s.do("Test the Limits")
    assert finished(s)
    assert s.state["jump_track"] == blue and len(s.state["damage"]) == damage


@pytest.mark.parametrize("roll, damaged", [(5, True), (6, False)])
def test_the_limits_moves_the_fleet_on_and_damages_galactica_on_5_or_less(
        dice: list[int], roll: int, damaged: bool) -> None:
    s = daybreak()
    s.state["jump_track"] = 0
    give(s, 0, "test_the_limits_5")
    action(s, 0)
    dice.append(roll)
    s.do("Test the Limits")
    while not finished(s):  # a damage token's own questions
        s.do_action(s.prompt["seat"], s.prompt["options"][0]["action"])
    assert dice == []
    assert s.state["jump_track"] == 1
    assert any(e["kind"] == "damage" for e in s.events) == damaged


# ---- cards that use other Daybreak rules (Mutiny cards, Miracle tokens, Assault Raptors) -------

def mutiny(s: Scenario, seat: int) -> int:
    return len(s.state["seats"][seat]["mutiny"])


def test_force_their_hand_lets_a_human_current_player_add_a_card_face_up() -> None:
    s = daybreak()
    give(s, 2, "executive_order_2")
    check(s, ("force_their_hand_0", "executive_order_1"), difficulty=3, current=2)
    contribute(s, {})
    prompt_is(s, 2, "add_to_check")
    s.do("Add Executive Order")
    assert finished(s)
    assert check_result(s)["total"] == 3 and mutiny(s, 2) == 0  # 0 + 1 + 2


def test_force_their_hand_declined_draws_a_mutiny_card() -> None:
    s = daybreak()
    give(s, 2, "executive_order_2")
    check(s, ("force_their_hand_0", "executive_order_1"), difficulty=3, current=2)
    contribute(s, {2: []})
    s.do("Add no card")
    assert finished(s)
    assert mutiny(s, 2) == 1 and check_result(s)["total"] == 1


def test_force_their_hand_with_an_empty_hand_draws_a_mutiny_card_unasked() -> None:
    s = daybreak()
    check(s, ("force_their_hand_0", "executive_order_1"), current=2)
    contribute(s, {})
    assert finished(s)
    assert mutiny(s, 2) == 1


def test_force_their_hand_does_nothing_for_a_revealed_cylon() -> None:
    s = Scenario(CAST, expansion="daybreak", humans=False)
    no_cards(s)
    become_revealed(s.edit(), 2, super_crisis=False, cylon_fleet=True)
    s.state["seats"][2]["location"] = "caprica"
    give(s, 2, "executive_order_2")
    check(s, ("force_their_hand_0", "executive_order_1"), current=2)
    contribute(s, {})
    assert finished(s)
    assert mutiny(s, 2) == 0 and len(s.state["seats"][2]["hand"]) == 1


@pytest.mark.parametrize("bonus, gains", [(4, True), (3, False)])
def test_a_second_chance_gives_a_miracle_token_at_4_over_the_printed_difficulty(
        bonus: int, gains: bool) -> None:
    s = daybreak(answer_windows=True)
    s.state["seats"][0]["miracles"] = 0
    give(s, 1, "a_second_chance_5")
    give(s, 0, *["executive_order_1"] * bonus)
    check(s, ("executive_order_2", "executive_order_2"), difficulty=4)
    from tests.games.bsg.test_daybreak_skill_check_abilities import windows
    assert windows(s, 1, "A Second Chance")
    contribute(s, {0: ["Executive Order (Leadership 1)"] * bonus})
    windows(s)
    assert finished(s)
    assert check_result(s)["total"] == 4 + bonus
    assert s.state["seats"][0]["miracles"] == (1 if gains else 0)


def test_raptor_specialist_destroys_a_raptor_for_an_assault_raptor() -> None:
    s = daybreak()
    give(s, 0, "raptor_specialist_3")
    raptors, assault = s.state["reserves"]["raptor"], s.state["reserves"]["assault_raptor"]
    action(s, 0)
    s.do("Raptor Specialist")  # no raptor was destroyed: the only option, taken unasked
    assert finished(s)
    assert s.state["reserves"]["raptor"] == raptors - 1
    assert s.state["reserves"]["assault_raptor"] == assault + 1


def test_raptor_specialist_brings_a_destroyed_raptor_back() -> None:
    s = daybreak()
    s.state["reserves"]["raptor"] -= 1
    s.state["destroyed"]["raptor"] += 1
    give(s, 0, "raptor_specialist_4")
    action(s, 0)
    s.do("Raptor Specialist")
    s.do("Bring a destroyed raptor back")
    assert finished(s)
    assert s.state["destroyed"]["raptor"] == 0


def test_bait_puts_a_civilian_ship_behind_galactica() -> None:
    s = daybreak()
    before = len(s.state["space"]["rear"]["civilians"])
    check(s, ("bait_0", "executive_order_1"))
    contribute(s, {})
    assert finished(s)
    assert len(s.state["space"]["rear"]["civilians"]) == before + 1


def test_dradis_contact_puts_2_raiders_in_front_of_galactica() -> None:
    s = daybreak()
    before = s.state["space"]["front"]["raider"]
    check(s, ("dradis_contact_0", "executive_order_1"))
    contribute(s, {})
    assert finished(s)
    assert s.state["space"]["front"]["raider"] == before + 2


def test_exploit_weakness_makes_the_chosen_human_draw_a_mutiny_card() -> None:
    s = daybreak()
    check(s, ("exploit_weakness_5", "executive_order_1"), current=0)
    contribute(s, {})
    prompt_is(s, 0, "choose_character")
    s.do(s.edit().name(2))
    assert finished(s)
    assert mutiny(s, 2) == 1 and mutiny(s, 0) == 0


def test_personal_vices_each_human_draws_treachery_and_the_current_player_mutiny() -> None:
    s = daybreak()
    check(s, ("personal_vices_3", "executive_order_1"), current=2)
    contribute(s, {})
    assert finished(s)
    for seat in range(3):
        assert [catalog.skill_type(u) for u in s.state["seats"][seat]["hand"]] == ["treachery"]
    assert [mutiny(s, seat) for seat in range(3)] == [0, 0, 1]


# ---- the Treachery discard clause (DB-10.10) ---------------------------------------------------

def discard_by_crisis(s: Scenario, seat: int, count: int = 1, random: bool = False) -> None:
    """`seat` must discard `count` skill cards (a Crisis-like effect), then the sentinel."""
    params = {"who": "current", "count": count, **({"random": True} if random else {})}
    run(s, {"step": "effects", "i": 0, "ctx": {"title": msg("test.stop")},
            "ops": [{"discard_skills": params}]}, current=seat)


def test_discarding_bait_draws_a_mutiny_card() -> None:
    s = daybreak()
    give(s, 2, "bait_0", "executive_order_1")
    discard_by_crisis(s, 2)
    s.do("Discard Bait")
    assert finished(s)
    assert mutiny(s, 2) == 1


def test_a_second_treachery_discard_in_the_same_turn_draws_nothing_more() -> None:
    s = daybreak()
    give(s, 2, "bait_0", "dradis_contact_0", "executive_order_1")
    discard_by_crisis(s, 2, count=2)
    s.pick("Bait", "Dradis Contact", seat=2)
    assert finished(s)
    assert mutiny(s, 2) == 1


def test_the_next_turn_a_treachery_discard_draws_again() -> None:
    s = daybreak()
    give(s, 2, "bait_0", "bait_0", "executive_order_1")
    discard_by_crisis(s, 2)
    s.do("Discard Bait")
    s.state["turn"] += 1
    discard_by_crisis(s, 2)
    s.do("Discard Bait")
    while not finished(s):  # which Mutiny card to keep in the Brig
        s.do_action(s.prompt["seat"], s.prompt["options"][0]["action"])
    # the second Mutiny card sends him to the Brig (DB-7.2)
    assert s.state["seats"][2]["location"] == "brig"
    assert sum(1 for e in s.events if e["kind"] == "mutiny" and e.get("to") == [2]) == 2


def test_a_random_discard_of_bait_draws_nothing() -> None:
    s = daybreak()
    give(s, 2, "bait_0")
    discard_by_crisis(s, 2, random=True)
    assert finished(s)
    assert mutiny(s, 2) == 0 and s.state["seats"][2]["hand"] == []


def test_bait_played_into_a_check_draws_nothing() -> None:
    s = daybreak()
    give(s, 2, "bait_0")
    check(s, ("executive_order_1", "executive_order_1"), current=0)
    contribute(s, {2: ["Bait"]})
    assert finished(s)
    assert mutiny(s, 2) == 0


def test_a_revealed_cylon_discarding_bait_draws_nothing() -> None:
    s = Scenario(CAST, expansion="daybreak", humans=False)
    no_cards(s)
    become_revealed(s.edit(), 2, super_crisis=False, cylon_fleet=True)
    s.state["seats"][2]["location"] = "caprica"
    give(s, 2, "bait_0", "executive_order_1")
    discard_by_crisis(s, 2)
    s.do("Discard Bait")
    assert finished(s)
    assert s.state["seats"][2]["mutiny"] == []


# ---- Unorthodox Plans ----------------------------------------------------------------------------

def test_unorthodox_plans_uses_a_damaged_weapons_control_from_elsewhere(dice: list[int]) -> None:
    s = daybreak()
    from tests.games.bsg.helpers import damage_token
    damage_token(s, "weapons_control")
    for area in s.state["space"].values():
        area["raider"], area["heavy_raider"], area["basestars"] = 0, 0, []
    s.state["space"]["front"]["raider"] = 1
    s.state["seats"][0]["location"] = "research_lab"
    give(s, 0, "unorthodox_plans_3")
    action(s, 0)
    s.do("Unorthodox Plans")
    prompt = prompt_is(s, 0, "activate_location")
    assert len(prompt["options"]) == 4
    dice.append(8)
    s.do("Activate Weapons Control")
    while not finished(s):
        s.do_action(s.prompt["seat"], s.prompt["options"][0]["action"])
    assert s.state["space"]["front"]["raider"] == 0
    assert s.state["seats"][0]["location"] == "research_lab"
