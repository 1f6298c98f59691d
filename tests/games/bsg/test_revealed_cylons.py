"""Scenario tests of the Cylon side of the game: revealing each of the 4 "You Are a Cylon"
cards as an action (and from the Brig), the reveal procedure, a revealed Cylon's turn and the
4 Cylon locations, revealed Cylons in skill checks and against crisis effects, the
Sympathizer with 4 and 6 players, the Sleeper Agent phase, the 5 Super Crisis cards (immune to
character abilities) and what the views show.

Positions are built with the shared helpers of helpers.py (hands emptied, decks stacked, dice
scripted). Rule sources: the rulebook shared/seeds/bsg-base-rules.ru.txt («Раскрытые
игроки-Сайлоны», «Сочувствующий», «Фаза спящего агента»), which wins; the digest
shared/rules/bsg-base.md §3.2, §6.5, §9, §12; the card data (loyalty.yaml, super_crises.yaml,
locations.yaml).
"""

from __future__ import annotations

from typing import Any

import pytest

from app.core import AllBut, audience_of
from app.games.bsg import catalog
from app.games.bsg.endgame import is_cylon
from app.games.bsg.loyalty import become_revealed
from app.games.bsg.rules import RULES
from app.games.bsg.view import card_face as face
from tests.games.bsg.helpers import (
    ADAMA,
    APOLLO,
    BALTAR,
    BOOMER,
    HELO,
    KARA,
    ROSLIN,
    START,
    TIGH,
    TO,
    TYROL,
    ZAREK,
    Scenario,
    action,
    activate_label,
    card_definition,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    hand,
    ids,
    name,
    new,
    offers,
    pilot,
    prompt_is,
    run,
    run_turn,
    set_destiny,
    stand,
    take_card,
    top,
)

CYLON_LOCATIONS = ["caprica", "cylon_fleet", "human_fleet", "resurrection_ship"]


# ---- helpers -------------------------------------------------------------------------------


def unseen_loyalty(s: Scenario, card_id: str) -> tuple[list[str], str]:
    """(the pile, the card) of a loyalty card with this id in the box or the loyalty deck."""
    for pile in (s.state["decks"]["loyalty"], s.state["boxed"]):
        for uid in pile:
            if catalog.card(uid)["id"] == card_id:
                return pile, uid
    raise KeyError(card_id)


def make_cylon(s: Scenario, seat: int, card_id: str) -> str:
    """Swap the seat's (only) loyalty card for this "You Are a Cylon" card."""
    pile, uid = unseen_loyalty(s, card_id)
    mine = s.state["seats"][seat]["loyalty"]
    pile[pile.index(uid)] = mine[0]
    mine[0] = uid
    return uid


def deal_next(s: Scenario, *card_ids: str) -> None:
    """Put these loyalty cards on top of the loyalty deck, the first given dealt first."""
    deck = s.state["decks"]["loyalty"]
    for card_id in reversed(card_ids):
        pile, uid = unseen_loyalty(s, card_id)
        pile.remove(uid)
        deck.append(uid)


def give_loyalty(s: Scenario, seat: int, card_id: str) -> str:
    pile, uid = unseen_loyalty(s, card_id)
    pile.remove(uid)
    s.state["seats"][seat]["loyalty"].append(uid)
    return uid


def super_crisis(s: Scenario, card_id: str) -> str:
    return take_card(s.state["decks"]["super_crisis"], card_id)


def revealed(s: Scenario, seat: int, location: str = "caprica",
             holding: str | None = None) -> None:
    """Make `seat` a revealed Cylon standing in a Cylon location, holding this Super Crisis
    card (or none)."""
    become_revealed(s.edit(), seat, super_crisis=False, cylon_fleet=True)
    s.state["flow"] = []
    s.state["seats"][seat]["location"] = location
    if holding:
        s.state["seats"][seat]["super_crises"].append(super_crisis(s, holding))


def reveal_label(card_id: str) -> str:
    card = card_definition("loyalty", card_id)
    return f"Reveal: {card['name']} — {card['text']}"


def describe_id(card_id: str) -> str:
    card = card_definition("skill", card_id)
    return f"{card['name']} ({card['skill_type'].capitalize()} {card['strength']})"


def shape(value: Any) -> Any:
    """The form of a view: keys and list lengths kept, every value replaced by its type."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__


# ---- revealing: the four "You Are a Cylon" cards --------------------------------------------


def reveal_position(card_id: str) -> Scenario:
    """Zarek (seat 0, President, Administration), Adama (seat 1, Admiral, Admiral's
    Quarters), Tyrol (seat 2, Hangar Deck) holding this Cylon card; Tyrol's Action step in his
    turn; Riots on top of the Crisis deck."""
    s = new([ZAREK, ADAMA, TYROL])
    make_cylon(s, 2, card_id)
    s.stack("crisis", "riots")
    s.stack("super_crisis", "inbound_nukes")
    return s


def test_reveal_morale_card_lowers_morale_by_1() -> None:
    s = reveal_position("you_are_a_cylon_morale")
    crisis = list(s.state["decks"]["crisis"])
    run_turn(s, 2, phase=3)  # his Action step
    prompt = prompt_is(s, 2, "action")
    label = reveal_label("you_are_a_cylon_morale")
    assert label == ("Reveal: You Are a Cylon — You are a Cylon. On revealing (as an action, "
                     "outside the Brig) you may lower morale by 1.")
    assert label in s.labels()
    s.do("Reveal:")
    prompt = prompt_is(s, 2, "choose")
    assert prompt["text"] == "You Are a Cylon: choose one"
    assert s.labels() == ["-1 morale", "Do not use the power"]
    s.do("-1 morale")
    st = s.state
    assert st["resources"] == {**START, "morale": 9}
    assert st["seats"][2]["revealed"] is True
    assert st["seats"][2]["location"] == "resurrection_ship"
    assert ids(st["seats"][2]["super_crises"]) == ["inbound_nukes"]
    assert f"{name(s, 2)} reveals: You Are a Cylon!" in s.log()
    # the turn ends at once: no Crisis card; the next player's turn begins
    assert st["decks"]["crisis"] == crisis
    assert st["current"] == 0
    prompt_is(s, 0, "movement")


def test_reveal_sickbay_card_a_character_on_galactica_discards_5_and_goes_to_sickbay(
) -> None:
    s = reveal_position("you_are_a_cylon_sickbay")
    for card_id in ("executive_order_1", "executive_order_2", "launch_scout_1",
                    "launch_scout_2", "declare_emergency_3", "strategic_planning_3"):
        s.give_cards(1, card_id)
    run_turn(s, 2, phase=3)
    s.do("Reveal:")
    prompt = prompt_is(s, 2, "choose_character")
    assert prompt["text"] == "You Are a Cylon: choose a character"
    # characters on Galactica (Zarek is on Colonial One); the power is optional
    assert s.labels() == [name(s, 1), name(s, 2), "Nobody"]
    s.do("William Adama")
    prompt = prompt_is(s, 1, "discard")
    assert prompt["text"] == "You Are a Cylon: discard 5 skill cards"
    assert prompt["pick"] == {"min": 5, "max": 5}  # the 5 cards: one decision
    s.pick(*["Discard"] * 5)
    st = s.state
    assert len(st["seats"][1]["hand"]) == 1
    assert st["seats"][1]["location"] == "sickbay"
    assert st["admiral"] == 1  # Sickbay does not cost the title
    assert st["seats"][2]["location"] == "resurrection_ship"
    prompt_is(s, 0, "movement")


def test_reveal_brig_card_sends_a_character_on_galactica_to_the_brig() -> None:
    s = reveal_position("you_are_a_cylon_brig")
    run_turn(s, 2, phase=3)
    s.do("Reveal:")
    assert s.labels() == [name(s, 1), name(s, 2), "Nobody"]
    s.do("William Adama")
    st = s.state
    assert st["seats"][1]["location"] == "brig"
    # Adama loses the Admiral title; Tyrol (7th), then revealed, passes it to Zarek (8th)
    assert st["admiral"] == 0
    assert st["president"] == 0
    prompt_is(s, 0, "movement")


def test_reveal_damage_card_draws_5_galactica_tokens_and_resolves_2() -> None:
    s = reveal_position("you_are_a_cylon_damage_galactica")
    s.stack("galactica_damage", "damage_fuel", "damage_armory", "damage_food",
            "damage_command", "damage_hangar_deck")
    stand(s, 0, "armory")
    run_turn(s, 2, phase=3)
    s.do("Reveal:")
    assert s.labels() == ["Damage Galactica twice (pick 2 of up to 5 tokens)",
                          "Do not use the power"]
    s.do("Damage Galactica twice")
    prompt = prompt_is(s, 2, "damage_choice")
    assert prompt["text"] == "Choose a damage token to resolve"
    assert s.labels() == ["Fuel loss", "Armory damaged", "Food loss", "Command damaged",
                          "Hangar Deck damaged"]
    assert [c["id"] for c in RULES.view(s.state, 2)["you"]["damage_choice"]] == [
        "damage_fuel", "damage_armory", "damage_food", "damage_command", "damage_hangar_deck"]
    assert "damage_choice" not in RULES.view(s.state, 0)["you"]
    s.do("Armory damaged")
    s.do("Food loss")
    st = s.state
    assert ids(st["damage"]) == ["damage_armory"]
    assert st["resources"] == {**START, "food": 7}
    assert st["seats"][0]["location"] == "sickbay"  # he stood in the Armory
    assert sorted(ids(st["decks"]["galactica_damage"])) == [
        "damage_admirals_quarters", "damage_command", "damage_ftl_control", "damage_fuel",
        "damage_hangar_deck", "damage_weapons_control"]
    assert st["seats"][2]["location"] == "resurrection_ship"


@pytest.mark.parametrize("card_id", ["you_are_a_cylon_morale", "you_are_a_cylon_sickbay",
                                     "you_are_a_cylon_brig",
                                     "you_are_a_cylon_damage_galactica"])
def test_reveal_in_the_brig_the_power_does_not_apply(card_id: str) -> None:
    s = reveal_position(card_id)
    stand(s, 2, "brig")
    damage = list(s.state["decks"]["galactica_damage"])
    run_turn(s, 2, phase=3)
    assert reveal_label(card_id) in s.labels()
    s.do("Reveal:")
    st = s.state
    assert st["seats"][2]["revealed"] is True
    assert st["seats"][2]["location"] == "resurrection_ship"
    assert st["resources"] == START
    assert st["decks"]["galactica_damage"] == damage
    assert [seat["location"] for seat in st["seats"][:2]] == ["administration",
                                                              "admirals_quarters"]
    prompt_is(s, 0, "movement")  # no question about the power: the next turn


def test_only_a_cylon_card_holder_is_offered_to_reveal() -> None:
    s = reveal_position("you_are_a_cylon_morale")
    stand(s, 0, "armory")
    action(s, 0)
    assert not any(lbl.startswith("Reveal") for lbl in s.labels())
    action(s, 2)
    assert [lbl for lbl in s.labels() if lbl.startswith("Reveal")] == [
        reveal_label("you_are_a_cylon_morale")]


# ---- the reveal procedure ------------------------------------------------------------------


def test_reveal_procedure_discard_to_3_titles_pass_resurrection_super_crisis_turn_ends(
) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    st = s.state
    st["president"] = st["admiral"] = 1  # Adama holds both titles
    quorum = list(st["quorum_hand"])
    nukes = st["nukes"]
    make_cylon(s, 1, "you_are_a_cylon_morale")
    s.stack("super_crisis", "inbound_nukes")
    s.stack("crisis", "riots")
    crisis = list(st["decks"]["crisis"])
    for card_id in ("executive_order_1", "executive_order_2", "launch_scout_1",
                    "launch_scout_2", "declare_emergency_3"):
        s.give_cards(1, card_id)
    run_turn(s, 1, phase=3)
    s.do("Reveal:")
    s.do("Do not use the power")
    # 1. discard down to 3 (his choice)
    prompt = prompt_is(s, 1, "discard")
    assert prompt["text"] == "Revealed: keep at most 3 skill cards: discard 2 skill cards"
    s.pick("Discard Launch Scout (Tactics 1)", "Discard Launch Scout (Tactics 2)")
    st = s.state
    assert hand(s, 1) == ["declare_emergency_3", "executive_order_1", "executive_order_2"]
    # 2. the titles go down the lines of succession: President Zarek (3rd) before Tyrol
    # (7th); Admiral Tyrol (7th) before Zarek (8th); the Quorum hand and nukes go with them
    assert (st["president"], st["admiral"]) == (0, 2)
    assert st["quorum_hand"] == quorum and st["nukes"] == nukes
    # 3. Resurrection Ship; 4. a Super Crisis card, in secret
    assert st["seats"][1]["location"] == "resurrection_ship"
    assert ids(st["seats"][1]["super_crises"]) == ["inbound_nukes"]
    drawn = [(e["text"], audience_of(e)) for e in s.events if e["kind"] == "super_crisis"]
    assert drawn == [("You drew the Super Crisis card Inbound Nukes", [1]),
                     (f"{name(s, 1)} drew a Super Crisis card", AllBut((1,)))]
    assert st["seats"][1]["loyalty"] == []
    assert ids(st["seats"][1]["shown_loyalty"]) == ["you_are_a_cylon_morale"]
    assert st["resources"] == START
    # 5. the turn ends without a Crisis card: Tyrol's turn
    assert st["decks"]["crisis"] == crisis
    assert st["current"] == 2
    prompt_is(s, 2, "movement")


def test_revealing_while_piloting_returns_the_viper_to_the_reserves() -> None:
    s = new([ZAREK, ADAMA, KARA])
    make_cylon(s, 2, "you_are_a_cylon_morale")
    pilot(s, 2, "front_lower")
    reserves = s.state["reserves"]["viper"]
    run_turn(s, 2, phase=3)
    prompt = prompt_is(s, 2, "action")
    assert prompt["text"] == "Choose your action"
    s.do("Reveal:")
    s.do("Do not use the power")
    st = s.state
    assert st["seats"][2]["viper"] is None
    assert st["seats"][2]["location"] == "resurrection_ship"
    assert {"pilot": 2} not in st["space"]["front_lower"]["vipers"]
    assert st["reserves"]["viper"] == reserves + 1


def test_revealing_in_an_executive_order_loses_the_second_action_and_the_turn_goes_on(
) -> None:
    """FAQ (digest §9.5): a hidden Cylon who reveals with the first of two actions given by
    another player loses the second; the current player's turn goes on."""
    s = new([ADAMA, ZAREK, TYROL])
    make_cylon(s, 1, "you_are_a_cylon_morale")
    s.give_cards(0, "executive_order_1")
    empty_space(s)
    s.stack("crisis", "riots")
    run_turn(s, 0, phase=3)
    s.do("Play Executive Order")
    s.do("Tom Zarek")
    s.do("Take 2 actions")
    prompt = prompt_is(s, 1, "action")
    assert prompt["text"] == "Choose your action (2 left)"
    s.do("Reveal:")
    s.do("-1 morale")
    st = s.state
    assert st["seats"][1]["revealed"] is True
    # back to Adama's turn: his Crisis step (Riots; he is the Admiral)
    prompt = prompt_is(s, 0, "choose")
    assert prompt["text"] == "Riots: choose one"
    assert st["current"] == 0
    s.do("Food -1, morale -1")
    # then Zarek's own turn, as a revealed Cylon
    prompt = prompt_is(s, 1, "draw_skills")
    assert prompt["text"] == ("Revealed Cylon: draw 2 skill cards of any types: choose which "
                              "skill cards to draw")


# ---- a revealed Cylon's turn ---------------------------------------------------------------


def test_revealed_cylon_turn_2_cards_of_any_types_cylon_locations_one_action_no_crisis(
) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2, location="resurrection_ship")
    s.give_cards(2, "consolidate_power_1", "repair_1")
    crisis = list(s.state["decks"]["crisis"])
    engineering = sorted(top(s, "skill:engineering", 2))
    run_turn(s, 2)
    prompt = prompt_is(s, 2, "draw_skills")
    assert prompt["text"] == ("Revealed Cylon: draw 2 skill cards of any types: choose which "
                              "skill cards to draw")
    assert len(s.labels()) == 15
    s.do("2 Engineering")
    assert hand(s, 2) == sorted(["consolidate_power_1", "repair_1", *engineering])
    prompt_is(s, 2, "movement")
    assert s.labels() == ["Stay", "Move to Caprica", "Move to Cylon Fleet",
                          "Move to Human Fleet"]
    s.do("Move to Caprica")  # no discard to move
    assert s.state["seats"][2]["location"] == "caprica"
    assert len(s.state["seats"][2]["hand"]) == 4
    prompt = prompt_is(s, 2, "action")
    # only the action of his Cylon location: no skill card, no character ability
    assert s.labels() == [activate_label("caprica", with_text=True), "Do nothing"]
    s.do("Do nothing")
    # no Crisis step: the next player's turn
    st = s.state
    assert st["decks"]["crisis"] == crisis
    assert st["current"] == 0
    prompt_is(s, 0, "movement")


@pytest.mark.parametrize("location", CYLON_LOCATIONS)
def test_humans_never_enter_or_activate_cylon_locations(location: str) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    s.give_cards(1, "executive_order_1")
    run_turn(s, 1, phase=2)
    assert not any(catalog.LOCATIONS[location]["name"] in lbl for lbl in s.labels())
    stand(s, 1, location)
    action(s, 1)
    assert not offers(s, "Activate ")


def test_caprica_draws_2_crises_resolves_1_the_cylon_decides_without_ships_or_jump() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2, holding="inbound_nukes")
    cards = ["executive_order_1", "executive_order_2", "launch_scout_1", "launch_scout_2",
             "repair_1"]
    s.give_cards(2, *cards)
    space = [dict(a, vipers=list(a["vipers"])) for a in s.state["space"].values()]
    track = s.state["jump_track"]
    s.stack("crisis", "a_traitor_accused", "admiral_grilled")
    action(s, 2)
    s.do("Activate Caprica:")
    prompt = prompt_is(s, 2, "choose")
    assert prompt["text"] == "Caprica: choose one"
    assert s.labels() == ["Play your Super Crisis card", "Draw 2 Crisis cards and resolve 1"]
    s.do("Draw 2 Crisis cards")
    prompt = prompt_is(s, 2, "crisis_choice")
    assert s.labels() == ["A Traitor Accused", "Admiral Grilled"]
    s.do("A Traitor Accused")
    assert ids(s.state["discards"]["crisis"]) == ["admiral_grilled"]  # the other: discarded
    # the current player's choice is the Cylon's
    prompt = prompt_is(s, 2, "choose")
    assert prompt["text"] == "A Traitor Accused: choose one"
    s.do("Current player discards 5")
    st = s.state
    assert hand(s, 2) == sorted(cards)  # crisis effects do not touch a revealed Cylon
    # no Activate Cylon Ships (raiders) and no Prepare for Jump for this crisis
    assert [dict(a, vipers=list(a["vipers"])) for a in st["space"].values()] == space
    assert st["jump_track"] == track
    assert sorted(ids(st["discards"]["crisis"])) == ["a_traitor_accused", "admiral_grilled"]
    assert finished(s)


def test_caprica_crisis_is_an_ordinary_crisis_for_secret_destiny() -> None:
    s = new([ZAREK, ADAMA, KARA, TYROL])
    s.want("Secret Destiny")
    revealed(s, 3)
    s.stack("crisis", "riots", "riots_basestars", "admiral_grilled")
    action(s, 3)
    s.do("Activate Caprica:")  # no Super Crisis card: drawing 2 Crisis cards, without asking
    s.do("Riots")
    prompt = prompt_is(s, 2, "ability")
    assert prompt["text"].startswith("Use Secret Destiny (once per game)?")


def test_cylon_fleet_activates_one_kind_of_cylon_ship_or_launches(dice: list[int]) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    s.state["space"]["front_upper"]["basestars"] = [{"damage": []}]
    revealed(s, 2, location="cylon_fleet")
    action(s, 2)
    assert s.labels() == [activate_label("cylon_fleet", with_text=True), "Do nothing"]
    s.do("Activate Cylon Fleet:")
    prompt = prompt_is(s, 2, "choose")
    assert prompt["text"] == "Cylon Fleet: choose one"
    assert s.labels() == ["Activate raiders", "Activate heavy raiders and centurions",
                          "Activate basestars",
                          "Each basestar launches 2 raiders and 1 heavy raider"]
    s.do("Each basestar launches")
    area = s.state["space"]["front_upper"]
    assert (area["raider"], area["heavy_raider"]) == (2, 1)
    assert finished(s)
    # activating basestars: each attacks Galactica (4-8 damages it)
    s.stack("galactica_damage", "damage_fuel")
    action(s, 2)
    s.do("Activate Cylon Fleet:")
    dice.append(4)
    s.do("Activate basestars")
    assert dice == []
    assert s.state["resources"] == {**START, "fuel": 7}
    assert finished(s)


@pytest.mark.parametrize(("roll", "fuel"), [(5, 7), (4, 8)])
def test_human_fleet_looks_at_a_hand_takes_a_card_then_5_plus_damages_galactica(
        dice: list[int], roll: int, fuel: int) -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2, location="human_fleet")
    s.give_cards(0, "executive_order_1", "launch_scout_2")
    s.give_cards(1, "repair_1")
    s.stack("galactica_damage", "damage_fuel")
    action(s, 2)
    s.do("Activate Human Fleet:")
    prompt = prompt_is(s, 2, "steal")
    assert prompt["text"] == "Choose whose skill cards to look at"
    assert s.labels() == [name(s, 0), name(s, 1)]
    s.do("Tom Zarek")
    prompt = prompt_is(s, 2, "steal")
    assert prompt["text"] == f"Take one skill card from {name(s, 0)}"
    assert s.labels() == ["Take Executive Order (Leadership 1)", "Take Launch Scout (Tactics 2)"]
    seen = [(e["text"], e["to"]) for e in s.events if e["kind"] == "steal"]
    assert seen == [(f"You see {name(s, 0)}'s hand: Executive Order (Leadership 1), Launch "
                     "Scout (Tactics 2)", [2])]
    dice.append(roll)
    s.do("Take Launch Scout")
    assert dice == []
    st = s.state
    assert hand(s, 0) == ["executive_order_1"]
    assert hand(s, 2) == ["launch_scout_2"]
    taken = [(e["text"], audience_of(e)) for e in s.events if e["kind"] == "steal"][1:]
    assert taken == [("You took Launch Scout (Tactics 2)", [2]),
                     (f"{name(s, 2)} took a skill card from {name(s, 0)}", AllBut((2,)))]
    assert st["resources"] == {**START, "fuel": fuel}
    assert finished(s)


def test_resurrection_ship_swaps_the_super_crisis_then_hands_loyalty_cards_on() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2, location="resurrection_ship", holding="inbound_nukes")
    kept = give_loyalty(s, 2, "you_are_a_cylon_brig")  # received later, never revealed
    s.stack("super_crisis", "cylon_intruders")
    s.state["distance"] = 7
    action(s, 2)
    # no second reveal: a revealed Cylon never reveals the Cylon card he received later
    assert s.labels() == [activate_label("resurrection_ship", with_text=True), "Do nothing"]
    s.do("Activate Resurrection Ship:")
    prompt = prompt_is(s, 2, "choose")
    assert s.labels() == ["Swap your Super Crisis card", "Keep your Super Crisis card"]
    s.do("Swap your Super Crisis card")
    st = s.state
    assert ids(st["seats"][2]["super_crises"]) == ["cylon_intruders"]
    assert ids(st["discards"]["super_crisis"]) == ["inbound_nukes"]
    # distance 7: his unrevealed loyalty cards go to another player
    prompt = prompt_is(s, 2, "give_loyalty")
    assert prompt["text"] == "Give your unrevealed loyalty cards to another player"
    assert s.labels() == [name(s, 0), name(s, 1)]
    s.do("William Adama")
    st = s.state
    assert st["seats"][2]["loyalty"] == []
    assert st["seats"][1]["loyalty"][-1] == kept
    assert is_cylon(s.edit(), 1)
    assert f"{name(s, 2)} gives 2 loyalty cards to {name(s, 1)}" in s.log()
    assert finished(s)
    # Adama now holds a Cylon card: he may reveal it as an action
    action(s, 1)
    assert reveal_label("you_are_a_cylon_brig") in s.labels()


def test_resurrection_ship_beyond_distance_7_keeps_the_loyalty_cards() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2, location="resurrection_ship")  # no Super Crisis card: only "Keep"
    s.state["distance"] = 8
    loyalty = list(s.state["seats"][2]["loyalty"])
    assert loyalty
    action(s, 2)
    s.do("Activate Resurrection Ship:")
    # "Keep your Super Crisis card" is all he may do: taken without asking
    assert f"{name(s, 2)} chose: Keep your Super Crisis card" in s.log()
    assert s.state["seats"][2]["loyalty"] == loyalty
    assert finished(s)


# ---- revealed Cylons in checks and against crisis effects ----------------------------------


def test_a_revealed_cylon_adds_at_most_1_card_to_a_skill_check() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    revealed(s, 2)
    s.give_cards(2, "repair_1", "repair_2", "consolidate_power_1")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 1, "security_breach")  # Adama's Crisis step
    prompt = prompt_is(s, 2, "skill_check")
    assert prompt["text"] == ("Security Breach (6; Leadership + Tactics): add a card face "
                              "down, or stop (you have added 0)")
    s.do("Add Repair (Engineering 2)")
    # one card only: the check is revealed at once (nobody else holds cards)
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (2, "fail")
    assert len(s.state["seats"][2]["hand"]) == 2
    assert finished(s)


def test_crisis_effects_do_not_touch_a_revealed_cylon() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    revealed(s, 2)
    s.give_cards(0, "executive_order_1", "executive_order_2")
    s.give_cards(1, "launch_scout_1", "launch_scout_2")
    s.give_cards(2, "repair_1", "repair_2")
    crisis_step(s, 0, "cylon_screenings")
    s.do("All players discard 2")  # 2 cards each, 2 owed: nobody has anything to choose
    st = s.state
    assert (st["seats"][0]["hand"], st["seats"][1]["hand"]) == ([], [])
    assert hand(s, 2) == ["repair_1", "repair_2"]
    assert finished(s)


def test_a_revealed_cylon_is_never_sent_to_the_brig_or_sickbay() -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR])
    empty_space(s)
    revealed(s, 3)
    # no Admiral's Quarters accusation
    stand(s, 2, "admirals_quarters")
    stand(s, 1, "command")
    action(s, 2)
    s.do("Activate Admiral's Quarters:")
    assert s.labels() == [name(s, 0), name(s, 1), name(s, 2)]
    # no effect moves him: a Caprica crisis sending the current player to Sickbay
    s.stack("crisis", "rescue_mission", "riots")
    action(s, 3)
    s.do("Activate Caprica:")  # no Super Crisis card: drawing 2 Crisis cards, without asking
    s.do("Rescue Mission")
    prompt_is(s, 1, "choose")  # the Admiral picks
    s.do("Morale -1; current player to Sickbay")
    st = s.state
    assert st["seats"][3]["location"] == "caprica"
    assert st["resources"] == {**START, "morale": 9}
    assert finished(s)
    # nor any other effect naming him
    run(s, {"step": "effects", "ops": [{"move_character": {"who": "self", "to": "brig"}},
                                       {"move_character": {"who": "self", "to": "sickbay"}}],
            "i": 0, "ctx": {"self": 3}}, current=3)
    assert s.state["seats"][3]["location"] == "caprica"


def test_a_revealed_cylon_is_no_target_for_an_executive_order() -> None:
    """FAQ (digest §9.6): revealed Cylons cannot be targeted by Executive Order."""
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 2)
    s.give_cards(1, "executive_order_1")
    stand(s, 1, "command")
    action(s, 1)
    s.do("Play Executive Order")  # Zarek, the only target: picked without asking
    prompt_is(s, 0, "granted")


def test_revealing_discards_the_quorum_cards_kept_in_front_of_the_player() -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR])
    deck = s.state["decks"]["quorum"]
    uid = next(u for u in deck if catalog.card(u)["id"] == "assign_arbitrator")
    deck.remove(uid)
    [_, choose] = catalog.card(uid)["ability"]["effects"]
    [kept] = choose["choose_character"]["effects"]
    s.state["in_play"].append({"uid": uid, "holder": 3, "until": ["used"], "on_jump": "stay",
                               "abilities": kept["keep_in_play"]["abilities"]})
    make_cylon(s, 3, "you_are_a_cylon_morale")
    run_turn(s, 3, phase=3)
    s.do("Reveal:")
    s.do("Do not use the power")
    st = s.state
    assert st["seats"][3]["revealed"] is True
    assert st["in_play"] == []
    assert ids(st["discards"]["quorum"]) == ["assign_arbitrator"]


# ---- the Sympathizer -----------------------------------------------------------------------


def sleeper_phase(s: Scenario, current: int) -> None:
    run(s, {"step": "sleeper_phase"}, current=current)


def test_sympathizer_4_players_a_resource_in_the_red_sends_to_the_brig() -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR])
    assert any(catalog.card(u)["team"] == "sympathizer" for u in s.state["decks"]["loyalty"])
    s.state["resources"]["morale"] = 5  # red at 5 or less
    deal_next(s, "you_are_not_a_cylon", "you_are_a_sympathizer")  # seat 1 gets it
    sleeper_phase(s, 0)
    st = s.state
    adama = st["seats"][1]
    assert ids(adama["shown_loyalty"]) == ["you_are_a_sympathizer"]
    assert "you_are_a_sympathizer" not in ids(adama["loyalty"])
    assert adama["location"] == "brig"
    assert adama["revealed"] is False
    assert st["admiral"] == 2  # the Admiral in the Brig loses the title: Tyrol (7th)
    assert not is_cylon(s.edit(), 1)  # the card counts as "You Are Not a Cylon"
    assert f"{name(s, 1)} reveals: You Are a Sympathizer" in s.log()
    view = RULES.view(st, 0)["players"][1]
    assert [c["id"] for c in view["shown_loyalty"]] == ["you_are_a_sympathizer"]
    assert finished(s)


def test_sympathizer_6_players_nothing_in_the_red_revealed_cylon_without_super_crisis(
) -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR, ROSLIN, TIGH])
    assert any(catalog.card(u)["team"] == "sympathizer" for u in s.state["decks"]["loyalty"])
    super_deck = list(s.state["decks"]["super_crisis"])
    s.give_cards(2, "executive_order_1", "executive_order_2", "launch_scout_1",
                 "launch_scout_2")
    deal_next(s, "you_are_not_a_cylon", "you_are_not_a_cylon", "you_are_a_sympathizer")
    sleeper_phase(s, 0)  # Tyrol, seat 2, gets it
    prompt = prompt_is(s, 2, "discard")  # the reveal procedure: down to 3 cards
    assert prompt["text"] == "Revealed: keep at most 3 skill cards: discard 1 skill card"
    s.do("Discard Launch Scout (Tactics 1)")
    st = s.state
    tyrol = st["seats"][2]
    assert tyrol["revealed"] is True
    assert tyrol["location"] == "resurrection_ship"
    assert tyrol["super_crises"] == []  # no Super Crisis card
    assert st["decks"]["super_crisis"] == super_deck
    assert tyrol["cylon_fleet_banned"] is True
    assert is_cylon(s.edit(), 2)
    assert finished(s)
    # he may move to the Cylon Fleet but never activate it
    run_turn(s, 2, phase=2)
    assert "Move to Cylon Fleet" in s.labels()
    s.do("Move to Cylon Fleet")
    prompt_is(s, 2, "action")
    assert s.labels() == ["Do nothing"]


def test_a_revealed_cylon_dealt_the_sympathizer_gives_it_to_another_player() -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR])
    revealed(s, 3)
    s.state["resources"]["fuel"] = 4  # in the red: the receiver goes to the Brig
    deal_next(s, "you_are_not_a_cylon", "you_are_not_a_cylon", "you_are_not_a_cylon",
              "you_are_a_sympathizer")
    sleeper_phase(s, 0)  # dealt from Zarek: Baltar, seat 3, last
    prompt = prompt_is(s, 3, "sympathizer")
    assert prompt["text"] == ("You received the Sympathizer card: you may give it to another "
                              "player, who must reveal it")  # the rulebook: «может отдать»
    assert s.labels() == [f"Give it to {name(s, i)}" for i in range(3)] + [
        "Keep it (it does nothing to a revealed Cylon)"]
    s.do("Galen")
    st = s.state
    assert "you_are_a_sympathizer" not in ids(st["seats"][3]["loyalty"])
    assert ids(st["seats"][2]["shown_loyalty"]) == ["you_are_a_sympathizer"]
    assert st["seats"][2]["location"] == "brig"
    assert f"{name(s, 3)} gives the Sympathizer card to {name(s, 2)}" in s.log()
    assert finished(s)


def test_sleeper_phase_makes_a_human_a_cylon_who_may_then_reveal() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    revealed(s, 0, location="caprica")
    deal_next(s, "you_are_not_a_cylon", "you_are_a_cylon_brig", "you_are_not_a_cylon")
    sleeper_phase(s, 0)
    st = s.state
    # the revealed Cylon receives a card too, and reveals nothing more
    assert ids(st["seats"][0]["loyalty"])[-1] == "you_are_not_a_cylon"
    assert RULES.view(st, 1)["players"][0]["loyalty_count"] == len(st["seats"][0]["loyalty"])
    assert [c["id"] for c in RULES.view(st, 1)["players"][0]["shown_loyalty"]] == []
    assert is_cylon(s.edit(), 1)
    assert not st["seats"][1]["revealed"]
    assert finished(s)
    stand(s, 2, "command")
    action(s, 1)
    assert reveal_label("you_are_a_cylon_brig") in s.labels()
    s.do("Reveal:")
    s.do("Galen")
    assert s.state["seats"][2]["location"] == "brig"
    assert s.state["seats"][1]["revealed"] is True


def test_a_revealed_boomer_gets_1_loyalty_card_in_the_sleeper_phase() -> None:
    s = new([ZAREK, ADAMA, BOOMER])
    revealed(s, 2, location="caprica")
    assert [len(seat["loyalty"]) for seat in s.state["seats"]] == [1, 1, 1]
    sleeper_phase(s, 0)
    st = s.state
    assert st["seats"][2]["location"] == "caprica"
    assert [len(seat["loyalty"]) for seat in st["seats"]] == [2, 2, 2]


# ---- the five Super Crisis cards -----------------------------------------------------------


def play_super(s: Scenario, cylon: int) -> None:
    """The revealed Cylon at Caprica plays his Super Crisis card."""
    action(s, cylon)
    s.do("Activate Caprica:")
    s.do("Play your Super Crisis card")  # holding one (public): played without asking which


IMMUNE_CAST = [ADAMA, BOOMER, TYROL, HELO, BALTAR]  # Baltar (seat 4) is the revealed Cylon


def super_position(card_id: str) -> Scenario:
    """Adama (Command Authority), Boomer (Mysterious Intuition), Tyrol (Blind Devotion),
    Helo (Moral Compass) and Baltar, a revealed Cylon at Caprica holding this Super Crisis
    card; empty space."""
    s = new(IMMUNE_CAST)
    empty_space(s)
    s.state["seats"][3].pop("stranded")
    s.state["seats"][3]["location"] = "command"
    revealed(s, 4, holding=card_id)
    return s


def test_massive_assault(dice: list[int]) -> None:
    s = super_position("massive_assault")
    s.state["jump_track"] = 3
    s.state["reserves"]["viper"] = 8
    civilians = len(s.state["decks"]["civilian_ship"])
    play_super(s, 4)
    st = s.state
    assert "Crisis: Massive Assault — " + catalog.card(st["discards"]["super_crisis"][0])[
        "text"] in s.log()
    assert {a: (v["raider"], v["heavy_raider"], len(v["basestars"]), len(v["vipers"]),
                len(v["civilians"])) for a, v in st["space"].items()} == {
        "front": (0, 0, 0, 0, 0), "front_upper": (4, 0, 1, 0, 0),
        "rear_upper": (2, 1, 1, 0, 0), "rear": (0, 0, 0, 0, 0),
        "rear_lower": (0, 0, 0, 1, 2), "front_lower": (0, 0, 0, 1, 2)}
    assert st["reserves"]["viper"] == 6
    assert len(st["decks"]["civilian_ship"]) == civilians - 4
    assert st["jump_track"] == 1  # Power Failure: 2 spaces back
    assert st["seats"][4]["super_crises"] == []
    assert ids(st["discards"]["super_crisis"]) == ["massive_assault"]
    assert s.declined == []  # no character ability offered (Moral Compass...)
    assert finished(s)


def test_bomb_on_colonial_one_fail_sickbay_and_colonial_one_closed() -> None:
    s = super_position("bomb_on_colonial_one")
    stand(s, 0, "press_room")
    stand(s, 1, "administration")
    set_destiny(s, "executive_order_1", "consolidate_power_1")  # -2
    play_super(s, 4)
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (-2, 15, "fail")
    st = s.state
    assert st["resources"] == {**START, "morale": 8}
    assert [seat["location"] for seat in st["seats"][:2]] == ["sickbay", "sickbay"]
    assert st["seats"][4]["location"] == "caprica"
    assert [catalog.card(e["uid"])["id"] for e in st["in_play"]] == ["bomb_on_colonial_one"]
    assert s.declined == []  # immune: no Mysterious Intuition, Blind Devotion, Command Authority
    assert finished(s)
    # for the rest of the game nobody moves to Colonial One
    s.give_cards(0, "executive_order_2")
    run_turn(s, 0, phase=2)
    assert not any(catalog.LOCATIONS[loc]["name"] in lbl for lbl in s.labels()
                   for loc in ("press_room", "presidents_office", "administration"))


@pytest.mark.parametrize(("cards", "total", "outcome"), [
    (["declare_emergency_5", "strategic_planning_5", "strategic_planning_4"], 18, "pass"),
    (["declare_emergency_5", "strategic_planning_5"], 14, "partial"),
    ([], 4, "fail"),
])
def test_cylon_intruders(cards: list[str], total: int, outcome: str) -> None:
    s = super_position("cylon_intruders")
    s.give_cards(0, *cards)
    s.stack("galactica_damage", "damage_food")
    set_destiny(s, "executive_order_2", "launch_scout_2")  # 4
    play_super(s, 4)
    contribute(s, {0: [describe_id(c) for c in cards]})
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (total, 18, outcome)
    st = s.state
    centurions = {"pass": [], "partial": [0], "fail": [0, 0]}[outcome]
    assert st["centurions"] == centurions
    food = 7 if outcome == "fail" else 8
    assert st["resources"] == {**START, "food": food}
    assert s.declined == []
    assert finished(s)


@pytest.mark.parametrize("outcome", ["pass", "fail"])
def test_fleet_mobilization(dice: list[int], outcome: str) -> None:
    s = super_position("fleet_mobilization")
    s.state["space"]["front"]["basestars"] = [{"damage": []}]
    if outcome == "pass":
        s.give_cards(0, "declare_emergency_5", "strategic_planning_5", "maximum_firepower_5",
                     "scientific_research_5")
    set_destiny(s, "executive_order_2", "launch_scout_2")  # 4 (+20 = 24)
    dice.append(3)  # the basestar misses Galactica
    play_super(s, 4)
    contribute(s, {0: ["Declare Emergency", "Strategic Planning", "Maximum Firepower",
                       "Scientific Research"] if outcome == "pass" else []})
    assert dice == []
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (
        24 if outcome == "pass" else 4, 24, outcome)
    st = s.state
    front = st["space"]["front"]
    if outcome == "pass":  # basestars attack, then launch raiders (3)
        assert (front["raider"], front["heavy_raider"]) == (3, 0)
        assert st["resources"] == START
    else:  # -1 morale; attack; no raider: launch 2; no heavy raider: launch 1; launch 3
        assert (front["raider"], front["heavy_raider"]) == (5, 1)
        assert st["resources"] == {**START, "morale": 9}
    assert st["damage"] == []
    assert s.declined == []
    assert finished(s)


def test_inbound_nukes_fail_costs_fuel_food_and_population() -> None:
    s = super_position("inbound_nukes")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    play_super(s, 4)
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (4, 15, "fail")
    assert s.state["resources"] == {"fuel": 7, "food": 7, "morale": 10, "population": 11}
    assert s.declined == []
    assert finished(s)


def test_super_crises_are_immune_to_character_abilities_unlike_crises() -> None:
    """The same cast and check: a Crisis card drawn at Caprica offers Mysterious Intuition,
    Blind Devotion and Command Authority; a Super Crisis card none of them."""
    s = super_position("inbound_nukes")
    s.give_cards(0, "executive_order_1")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    s.stack("crisis", "security_breach", "jump_computer_failure")
    action(s, 4)
    s.do("Activate Caprica:")  # his Super Crisis card is played only when asked for below...
    s.do("Draw 2 Crisis cards")
    s.do("Security Breach")
    contribute(s, {0: ["Executive Order"]})
    assert [text.split("?")[0] for text in s.declined] == [
        "Use Mysterious Intuition (once per game)", "Use Blind Devotion (once per game)",
        "Use Command Authority (once per game)"]
    assert finished(s)
    s.declined.clear()
    s.give_cards(0, "executive_order_1")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    play_super(s, 4)
    contribute(s, {0: ["Executive Order"]})
    assert check_result(s)["total"] == 5
    assert s.declined == []
    assert finished(s)


def test_a_sympathizer_cylon_never_plays_a_super_crisis() -> None:
    s = new([ZAREK, ADAMA, TYROL, BALTAR])
    become_revealed(s.edit(), 3, super_crisis=False, cylon_fleet=False)
    s.state["seats"][3]["location"] = "caprica"
    action(s, 3)
    s.do("Activate Caprica:")  # drawing 2 Crisis cards is all he may do: not asked
    assert f"{name(s, 3)} chose: Draw 2 Crisis cards and resolve 1" in s.log()
    prompt_is(s, 3, "crisis_choice")


# ---- views ---------------------------------------------------------------------------------


def test_views_super_crisis_secret_to_its_holder_and_the_revealed_card_public() -> None:
    s = new([ZAREK, ADAMA, TYROL])
    uid = make_cylon(s, 2, "you_are_a_cylon_morale")
    give_loyalty(s, 2, "you_are_not_a_cylon")
    s.stack("super_crisis", "fleet_mobilization")
    run_turn(s, 2, phase=3)
    s.do("Reveal:")
    s.do("Do not use the power")
    st = s.state
    for seat in (None, 0, 1, 2):
        view = RULES.view(st, seat)
        tyrol = view["players"][2]
        assert tyrol["revealed"] is True
        assert tyrol["shown_loyalty"] == [face(uid)]
        assert tyrol["super_crisis_count"] == 1
        assert tyrol["loyalty_count"] == 1  # the other card stays hidden
        assert "super_crises" not in tyrol and "loyalty" not in tyrol
        if seat not in (None, 2):
            assert view["you"]["super_crises"] == []
    mine = RULES.view(st, 2)["you"]
    assert [c["id"] for c in mine["super_crises"]] == ["fleet_mobilization"]
    assert [c["id"] for c in mine["loyalty"]] == ["you_are_not_a_cylon"]
    assert "Fleet Mobilization" not in str(RULES.view(st, 0))
    assert "Fleet Mobilization" not in str(RULES.view(st, None))


def test_views_a_hidden_cylons_view_has_the_form_of_a_humans() -> None:
    s = new([ADAMA, ROSLIN, TYROL, ZAREK])  # Tyrol and Zarek hold no title
    make_cylon(s, 2, "you_are_a_cylon_sickbay")
    st = s.state
    assert not is_cylon(s.edit(), 3)
    s.give_cards(2, "repair_1")
    s.give_cards(3, "repair_2")
    cylon, human = RULES.view(st, 2), RULES.view(st, 3)
    assert shape(cylon) == shape(human)
    assert cylon["players"] == human["players"]
    assert {k: v for k, v in cylon.items() if k != "you"} == \
        {k: v for k, v in human.items() if k != "you"}
    assert [c["id"] for c in cylon["you"]["loyalty"]] == ["you_are_a_cylon_sickbay"]
    assert [c["id"] for c in human["you"]["loyalty"]] == ["you_are_not_a_cylon"]
    # and what the others see of both is the same
    other = RULES.view(st, 0)["players"]
    differ = ("seat", "name", "character", "location")
    assert {k: v for k, v in other[2].items() if k not in differ} == \
        {k: v for k, v in other[3].items() if k not in differ}


def test_a_revealed_cylons_character_sheet_is_ignored() -> None:
    """A revealed Cylon's character sheet is ignored: Apollo revealed is not offered Alert
    Viper Pilot, nor his hand limit changed by Tyrol's Reckless once Tyrol is revealed."""
    s = new([APOLLO, TIGH, TYROL])
    s.want("Alert Viper Pilot")
    empty_space(s)
    revealed(s, 0)
    revealed(s, 2, location="human_fleet")
    stand(s, 1, "command")
    action(s, 1)
    s.do("Activate Command:")
    s.do(f"Launch a viper {TO['front_lower']}")
    prompt = prompt_is(s, 1, "vipers")  # no offer to Apollo
    assert prompt["text"] == "Viper activations left: 1"
    s.do("Stop activating vipers")
    assert finished(s)
    for _ in range(9):
        s.state["seats"][2]["hand"].append(s.state["decks"]["skill:engineering"].pop())
    run(s, {"step": "end_turn", "stage": "limits"}, current=1)
    assert len(s.state["seats"][2]["hand"]) == 9  # the limit of 10, not Reckless's 8
    assert finished(s)
