"""Scenario tests of the board locations that have a non-combat action, and of movement.

Each test builds a small known position with `Scenario`, takes one or two actions and checks
the state and the next prompt exactly. Dice are scripted with the `dice` fixture; the Destiny
deck, the Crisis deck and the Destination deck are stacked so that every number is known.
Rule sources: the rulebook (shared/seeds/bsg-base-rules.ru.txt) and the digest
(shared/rules/bsg-base.md).
"""

from __future__ import annotations

import pytest

from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.places import place
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    START,
    Scenario,
    activate_label,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    hand,
    ids,
    no_cards,
    offers,
    prompt_is,
    run,
    run_turn,
    set_destiny,
    stand,
    top,
)

# ---- helpers -------------------------------------------------------------------------------


def skill_types(s: Scenario, seat: int) -> list[str]:
    return sorted(catalog.skill_type(u) for u in s.state["seats"][seat]["hand"])


def start_turn(s: Scenario, seat: int) -> None:
    run_turn(s, seat, 0)


def movement_step(s: Scenario, seat: int) -> None:
    run_turn(s, seat, 2)


def can_activate(s: Scenario, location: str) -> bool:
    return offers(s, activate_label(location))


# ---- FTL Control ---------------------------------------------------------------------------


def ftl_position(track: int) -> Scenario:
    """Roslin (President), Adama (Admiral), Starbuck in FTL Control; the fleet token on
    `track`; Remote Planet then Barren Planet on top of the Destination deck; Riots (the
    Admiral chooses) on top of the Crisis deck."""
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    no_cards(s)
    stand(s, 2, "ftl_control")
    s.state["jump_track"] = track
    s.stack("destination", "remote_planet", "barren_planet")
    s.stack("crisis", "riots")
    s.action_step(2)
    return s


@pytest.mark.parametrize("track", [0, 1, 2])
def test_ftl_control_is_not_offered_on_a_red_space(track: int) -> None:
    s = ftl_position(track)
    prompt_is(s, 2, "action")
    assert not can_activate(s, "ftl_control")
    assert s.labels() == ["Do nothing"]


def test_ftl_control_on_the_first_blue_space_roll_6_costs_3_population_then_jumps(
        dice: list[int]) -> None:
    s = ftl_position(3)
    assert can_activate(s, "ftl_control")
    deck_before = len(s.state["decks"]["destination"])
    dice.append(6)
    s.do(activate_label("ftl_control"))
    st = s.state
    assert dice == []
    assert st["resources"]["population"] == 9
    # the ships left space at the jump: vipers back in the Reserves, no Cylon ships
    assert st["reserves"]["viper"] == 8
    assert all(a["raider"] == 0 and a["basestars"] == [] and a["vipers"] == [] and
               a["civilians"] == [] for a in st["space"].values())
    assert len(st["decks"]["civilian_ship"]) == 12
    # the Admiral (not the player at FTL Control) chooses from 2 Destination cards
    prompt = prompt_is(s, 1, "destination")
    assert s.labels() == ["Remote Planet (distance 2): -1 fuel; 1 raptor is destroyed.",
                          "Barren Planet (distance 2): -2 fuel."]
    assert prompt["text"] == "Choose the destination of the jump"
    s.do("Remote Planet")
    st = s.state
    assert ids(st["destinations"]) == ["remote_planet"]
    assert st["distance"] == 2
    assert ids(st["decks"]["destination"][:1]) == ["barren_planet"]  # the bottom
    assert len(st["decks"]["destination"]) == deck_before - 1
    assert st["resources"] == {**START, "population": 9, "fuel": 7}
    assert st["reserves"]["raptor"] == 3 and st["destroyed"]["raptor"] == 1
    assert st["jump_track"] == 0
    # then the Crisis step of Starbuck's turn: Riots, chosen by the Admiral
    prompt = prompt_is(s, 1, "choose")
    assert prompt["text"].startswith("Riots")


def test_ftl_control_roll_7_costs_no_population(dice: list[int]) -> None:
    s = ftl_position(3)
    dice.append(7)
    s.do(activate_label("ftl_control"))
    assert s.state["resources"]["population"] == 12
    prompt_is(s, 1, "destination")


def test_ftl_control_rulebook_example_second_to_last_space_roll_5_costs_1(
        dice: list[int]) -> None:
    # Rulebook: the fleet token on the second-to-last space (-1 population); roll 5 < 6.
    s = ftl_position(4)
    dice.append(5)
    s.do(activate_label("ftl_control"))
    assert s.state["resources"]["population"] == 11
    s.do("Barren Planet")
    st = s.state
    assert ids(st["destinations"]) == ["barren_planet"]
    assert ids(st["decks"]["destination"][:1]) == ["remote_planet"]
    assert st["resources"] == {**START, "population": 11, "fuel": 6}
    assert st["distance"] == 2 and st["jump_track"] == 0


def test_ftl_control_activated_through_executive_order_the_current_player_rolls(
        dice: list[int]) -> None:
    """Rulebook ("Прыжок с управлением гипердвигателем" / "Skok przy użyciu Kontroli FTL"): the
    current player rolls, also when another player activates FTL Control with an action the
    current player gave them."""
    s = ftl_position(3)
    s.give_cards(0, "executive_order_1")
    s.action_step(0)  # Roslin's turn
    s.do("Play Executive Order")
    s.do("Starbuck")
    s.do("Take 2 actions")
    prompt_is(s, 2, "action")
    dice.append(6)
    s.do(activate_label("ftl_control"))
    assert dice == []
    [roll] = [e for e in s.events if e["kind"] == "roll"]
    assert roll["msg"]["params"]["seat"] == 0
    assert roll["text"] == f"{Game(s.state).name(0)} rolled 6 (FTL Control)"
    assert s.state["resources"]["population"] == 9
    prompt_is(s, 1, "destination")


def test_ftl_control_is_not_offered_when_damaged() -> None:
    s = ftl_position(3)
    token = next(u for u in s.state["decks"]["galactica_damage"]
                 if catalog.card(u).get("location") == "ftl_control")
    s.state["decks"]["galactica_damage"].remove(token)
    s.state["damage"].append(token)
    s.action_step(2)
    assert not can_activate(s, "ftl_control")


# ---- Admiral's Quarters --------------------------------------------------------------------


def quarters_position() -> Scenario:
    """Roslin (President, seat 0), Adama (Admiral, seat 1), Starbuck (seat 2) in Admiral's
    Quarters with Adama, Baltar (seat 3). Starbuck's Action step; Riots next in the Crisis
    deck; only Starbuck holds cards."""
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar"])
    no_cards(s)
    stand(s, 2, "admirals_quarters")
    s.stack("crisis", "riots")
    return s


def test_admirals_quarters_accuse_pass_sends_the_admiral_to_the_brig_and_the_title_on() -> None:
    s = quarters_position()
    s.give_cards(2, "strategic_planning_4")
    set_destiny(s, "executive_order_2", "launch_scout_1")
    s.action_step(2)
    s.do(activate_label("admirals_quarters"))
    prompt_is(s, 2, "choose_character")
    # any character may be accused (the accuser too)
    assert s.labels() == ["P0 (Laura Roslin)", "P1 (William Adama)",
                          'P2 (Kara "Starbuck" Thrace)', "P3 (Gaius Baltar)"]
    s.do("William Adama")
    # nobody else holds cards: Starbuck is the only one asked, last
    prompt = prompt_is(s, 2, "skill_check")
    assert prompt["text"].startswith("Admiral's Quarters (7; Leadership + Tactics)")
    s.do("Tactics 4")  # her last card: nobody is left to ask, the cards are revealed
    st = s.state
    assert st["seats"][1]["location"] == "brig"
    # Adama loses the Admiral title to the next in line: Starbuck (5) before Baltar (9) and
    # Roslin (10)
    assert st["admiral"] == 2
    assert st["president"] == 0
    assert hand(s, 2) == []
    assert sorted(ids(st["discards"]["skill:tactics"])) == ["launch_scout_1",
                                                            "strategic_planning_4"]
    assert ids(st["discards"]["skill:leadership"]) == ["executive_order_2"]
    # the Crisis step: Riots is chosen by the new Admiral
    prompt = prompt_is(s, 2, "choose")
    assert prompt["text"].startswith("Riots")


def test_admirals_quarters_fail_changes_nothing() -> None:
    s = quarters_position()
    s.give_cards(2, "strategic_planning_3")
    set_destiny(s, "consolidate_power_2", "repair_1")  # both negative: -3
    s.action_step(2)
    s.do(activate_label("admirals_quarters"))
    s.do("William Adama")
    s.do("Tactics 3")
    st = s.state
    assert st["seats"][1]["location"] == "admirals_quarters"
    assert st["admiral"] == 1
    assert any(e.startswith("Admiral's Quarters: 0 against 7 — failed") for e in s.log())
    prompt_is(s, 1, "choose")  # Riots, the Admiral (still Adama) chooses


def test_admirals_quarters_nobody_in_the_brig_may_be_accused() -> None:
    s = quarters_position()
    s.state["seats"][3]["location"] = "brig"
    s.action_step(2)
    s.do(activate_label("admirals_quarters"))
    assert "P3 (Gaius Baltar)" not in s.labels()
    assert len(s.labels()) == 3


def test_william_adama_may_not_activate_admirals_quarters() -> None:
    # Adama's weakness "Emotionally Attached"; he starts there.
    s = quarters_position()
    assert s.state["seats"][1]["location"] == "admirals_quarters"
    s.action_step(1)
    prompt_is(s, 1, "action")
    assert not can_activate(s, "admirals_quarters")
    s.action_step(2)
    assert can_activate(s, "admirals_quarters")


# ---- Research Lab, Press Room --------------------------------------------------------------


def test_research_lab_rulebook_example_adama_takes_an_engineering_card() -> None:
    # Rulebook: William Adama in the Research Lab takes 1 Engineering card, outside his skill
    # set, because the location names the type.
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    no_cards(s)
    stand(s, 0, "research_lab")
    s.action_step(0)
    s.do(activate_label("research_lab"))
    prompt_is(s, 0, "draw_skills")
    assert s.labels() == ["1 Engineering", "1 Tactics"]
    expected = top(s, "skill:engineering")
    s.do("1 Engineering")
    assert hand(s, 0) == expected
    assert skill_types(s, 0) == ["engineering"]


def test_research_lab_tactics() -> None:
    s = Scenario(["gaius_baltar", "william_adama", "kara_thrace"])
    no_cards(s)
    assert s.state["seats"][0]["location"] == "research_lab"
    s.action_step(0)
    expected = top(s, "skill:tactics")
    s.do(activate_label("research_lab"))
    s.do("1 Tactics")
    assert hand(s, 0) == expected


def test_press_room_draws_2_politics() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    no_cards(s)
    stand(s, 0, "press_room")
    s.stack("crisis", "riots")
    s.action_step(0)
    expected = sorted(top(s, "skill:politics", 2))
    s.do(activate_label("press_room"))
    assert hand(s, 0) == expected
    assert skill_types(s, 0) == ["politics", "politics"]
    prompt_is(s, 0, "choose")  # no question about types: straight to the Crisis (Riots)


# ---- President's Office --------------------------------------------------------------------


def office_position() -> Scenario:
    """Zarek (President) alone in the President's Office with an empty Quorum hand; the
    Quorum deck stacked: Inspirational Speech, Food Rationing, Arrest Order. (Not Roslin:
    her Terminal Illness costs 2 cards per location, and she draws 2 Crisis cards.)"""
    s = Scenario(["tom_zarek", "william_adama", "kara_thrace"])
    no_cards(s)
    stand(s, 0, "presidents_office")
    for uid in s.state["quorum_hand"]:
        s.state["discards"]["quorum"].append(uid)
    s.state["quorum_hand"] = []
    s.stack("quorum", "inspirational_speech", "food_rationing", "arrest_order")
    s.stack("crisis", "riots")
    return s


def test_presidents_office_only_the_president_may_activate_it() -> None:
    s = office_position()
    stand(s, 1, "presidents_office")
    s.action_step(1)
    assert not can_activate(s, "presidents_office")
    stand(s, 1, "command")  # (Zarek may not activate a location where another stands)
    s.action_step(0)
    assert can_activate(s, "presidents_office")


def test_presidents_office_draw_then_draw_another() -> None:
    s = office_position()
    s.action_step(0)
    s.do(activate_label("presidents_office"))
    assert ids(s.state["quorum_hand"]) == ["inspirational_speech"]
    prompt_is(s, 0, "choose")
    assert s.labels() == ["Draw 1 more Quorum card", "Play 1 Quorum card from hand",
                          "Do neither"]
    s.do("Draw 1 more")
    assert ids(s.state["quorum_hand"]) == ["inspirational_speech", "food_rationing"]
    prompt_is(s, 1, "choose")  # Riots: the Admiral chooses


def test_presidents_office_draw_then_play_one(dice: list[int]) -> None:
    s = office_position()
    s.action_step(0)
    s.do(activate_label("presidents_office"))
    s.do("Play 1 Quorum card")
    prompt_is(s, 0, "quorum")
    assert s.labels() == ["Play Inspirational Speech"]
    dice.append(8)
    s.do("Play Inspirational Speech")
    st = s.state
    assert st["quorum_hand"] == []
    assert st["resources"]["morale"] == 11
    assert ids(st["removed"]) == ["inspirational_speech"]
    assert ids(st["decks"]["quorum"][-1:]) == ["food_rationing"]


def test_presidents_office_draw_then_neither() -> None:
    s = office_position()
    s.action_step(0)
    s.do(activate_label("presidents_office"))
    s.do("Do neither")
    assert ids(s.state["quorum_hand"]) == ["inspirational_speech"]
    assert top(s, "quorum") == ["food_rationing"]
    prompt_is(s, 1, "choose")


# ---- Administration ------------------------------------------------------------------------


def administration_position() -> Scenario:
    """Roslin President (seat 0), Adama Admiral (seat 1), Tyrol (seat 2) in Administration."""
    s = Scenario(["laura_roslin", "william_adama", "galen_tyrol"])
    no_cards(s)
    stand(s, 2, "administration")
    s.stack("crisis", "riots")
    return s


def test_administration_pass_makes_the_nominee_president_with_the_quorum_hand() -> None:
    s = administration_position()
    quorum = list(s.state["quorum_hand"])
    assert len(quorum) == 1
    s.give_cards(2, "consolidate_power_2", "executive_order_1")
    set_destiny(s, "investigative_committee_3", "repair_1")  # +3 -1
    s.action_step(2)
    s.do(activate_label("administration"))
    prompt_is(s, 2, "choose_character")
    s.do("Tyrol")
    prompt = prompt_is(s, 2, "skill_check")
    assert prompt["text"].startswith("Administration (5; Politics + Leadership)")
    s.do("Politics 2")
    s.do("Leadership 1")
    st = s.state
    # two cards added, then the hand is empty: no more question; 3 - 1 + 2 + 1 = 5 passes
    assert st["president"] == 2
    assert st["quorum_hand"] == quorum
    assert "Administration: 5 against 5 — passed" in " ".join(s.log())
    assert [c["id"] for c in RULES.view(st, 2)["you"]["quorum_hand"]] == ids(quorum)
    assert "quorum_hand" not in RULES.view(st, 0)["you"]


def test_administration_fail_changes_nothing() -> None:
    s = administration_position()
    set_destiny(s, "repair_1", "launch_scout_1")
    s.action_step(2)
    s.do(activate_label("administration"))
    s.do("William Adama")  # nobody holds cards: the check is revealed at once
    assert s.state["president"] == 0
    assert any(e.startswith("Administration: −2 against 5 — failed") for e in s.log())
    prompt_is(s, 1, "choose")  # Riots


# ---- Brig ----------------------------------------------------------------------------------


def brig_position() -> Scenario:
    """Roslin (seat 0), Adama (seat 1) in the Brig, Starbuck (seat 2) — Adama lost the
    Admiral title when he was sent there."""
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    no_cards(s)
    place(s.edit(), 1, "brig")
    assert s.state["admiral"] == 2
    s.stack("crisis", "riots")
    return s


def test_brig_no_movement_and_no_crisis() -> None:
    s = brig_position()
    crisis_deck = list(s.state["decks"]["crisis"])
    start_turn(s, 1)
    # Receive Skills happened (3 Leadership, 2 Tactics); the Movement step is skipped
    assert skill_types(s, 1) == ["leadership"] * 3 + ["tactics"] * 2
    prompt_is(s, 1, "action")
    assert s.labels()[0].startswith(activate_label("brig"))
    s.do("Do nothing")
    st = s.state
    assert st["decks"]["crisis"] == crisis_deck  # no Crisis card was drawn
    assert "P1 (William Adama) is in the Brig and draws no Crisis card" in s.log()
    # the turn passed on: Starbuck's Receive Skills asks her multi-skill split
    assert st["current"] == 2
    prompt_is(s, 2, "receive_skills")


def test_brig_adds_at_most_1_card_to_any_skill_check() -> None:
    s = brig_position()
    stand(s, 2, "administration")
    s.give_cards(1, "declare_emergency_3", "executive_order_2", "executive_order_1")
    s.action_step(2)
    s.do(activate_label("administration"))
    s.do("Kara")
    # order: seat 0 (no cards, skipped), seat 1 in the Brig, seat 2 (no cards)
    prompt_is(s, 1, "skill_check")
    s.do("Leadership 3")
    # one card only: the check is revealed at once
    st = s.state
    assert len(st["seats"][1]["hand"]) == 2
    assert st["check_pool"] == []
    assert any(e.startswith("Administration: ") for e in s.log())


def test_brig_check_pass_moves_to_a_galactica_location_of_choice() -> None:
    s = brig_position()
    s.give_cards(1, "launch_scout_1", "launch_scout_2")
    set_destiny(s, "investigative_committee_3", "strategic_planning_3")  # +6
    s.action_step(1)
    s.do(activate_label("brig"))
    prompt = prompt_is(s, 1, "skill_check")
    assert prompt["text"].startswith("Brig (7; Politics + Tactics)")
    s.do("Tactics 1")  # 7: passes; his own check too takes only 1 card from the Brig
    prompt_is(s, 1, "location")
    assert s.labels() == ["FTL Control", "Weapons Control", "Command", "Communications",
                          "Admiral's Quarters", "Research Lab", "Hangar Deck", "Armory"]
    s.do("Command")
    st = s.state
    assert st["seats"][1]["location"] == "command"
    assert ids(st["seats"][1]["hand"]) == ["launch_scout_2"]
    assert st["admiral"] == 2  # the title is not given back
    # he left the Brig in his Action step, so his Crisis step draws a card (Riots: the
    # Admiral chooses)
    prompt_is(s, 2, "choose")


def test_brig_check_fail_stays() -> None:
    s = brig_position()
    set_destiny(s, "repair_1", "executive_order_1")
    s.action_step(1)
    s.do(activate_label("brig"))
    assert s.state["seats"][1]["location"] == "brig"


@pytest.mark.parametrize("kara_in", ["command", "sickbay"])
def test_brig_a_character_sent_to_sickbay_stays_in_the_brig(kara_in: str) -> None:
    """The Brig is left only by passing its check or by an effect that names the Brig
    (Presidential Pardon); sent to Sickbay, a character in the Brig stays there. So a choice
    of whom to send to Sickbay offers only characters who can really go there (FFG FAQ "The
    Brig and Sickbay", as the unified rulebook gives it; docs/rulings.md)."""
    s = brig_position()
    empty_space(s)
    stand(s, 0, "sickbay")
    stand(s, 2, kara_in)
    set_destiny(s, "repair_1", "evasive_maneuvers_1")  # Engineering, Piloting: -2
    crisis_step(s, 2, "witch_hunt")
    contribute(s, {})
    assert check_result(s)["outcome"] == "fail"
    # Adama in the Brig, Roslin already in Sickbay: neither may be picked; Kara alone may go
    # (or nobody at all): public, so the game takes it without asking
    assert [seat["location"] for seat in s.state["seats"]] == ["sickbay", "brig", "sickbay"]
    assert finished(s)
    # an effect that sends him there anyway leaves him in the Brig
    run(s, {"step": "effects", "ops": [{"move_character": {"who": "chosen", "to": "sickbay"}}],
            "i": 0, "ctx": {"self": 2, "chosen": 1}}, current=2)
    assert s.state["seats"][1]["location"] == "brig"
    assert ("P1 (William Adama) stays in the Brig: only passing its check or an effect that "
            "names the Brig lets anyone out") in s.log()
    assert finished(s)


# ---- Sickbay -------------------------------------------------------------------------------


def test_sickbay_draws_only_1_card_and_leaving_is_free() -> None:
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    no_cards(s)
    stand(s, 1, "sickbay")
    start_turn(s, 1)
    prompt_is(s, 1, "draw_skills")
    assert s.labels() == ["1 Leadership", "1 Tactics"]
    expected = top(s, "skill:tactics")
    s.do("1 Tactics")
    assert hand(s, 1) == expected
    # Sickbay has no action of its own; leaving it for a Galactica location needs no check
    prompt_is(s, 1, "movement")
    assert "Move to Command" in s.labels()
    s.do("Move to Command")
    assert s.state["seats"][1]["location"] == "command"
    assert hand(s, 1) == expected


def test_sickbay_offers_no_action() -> None:
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    stand(s, 1, "sickbay")
    s.action_step(1)
    assert not any(label.startswith("Activate Sickbay") for label in s.labels())


# ---- Movement ------------------------------------------------------------------------------


def test_movement_rulebook_example_apollo_command_to_press_room_discards_a_card() -> None:
    # Rulebook: Apollo moves from Command (Galactica) to the Press Room (Colonial One); he
    # discards a Piloting card.
    s = Scenario(["lee_adama", "laura_roslin", "william_adama"])
    no_cards(s)
    stand(s, 0, "command")
    assert s.state["reserves"]["viper"] == 6  # his viper went back to the Reserves
    s.give_cards(0, "evasive_maneuvers_1")
    movement_step(s, 0)
    prompt_is(s, 0, "movement")
    assert "Move to Press Room (discard 1 skill card)" in s.labels()
    assert "Move to Armory" in s.labels()  # same ship: free
    s.do("Move to Press Room")  # his only card goes: nothing to choose, so not asked
    st = s.state
    assert st["seats"][0]["location"] == "press_room"
    assert st["seats"][0]["hand"] == []
    assert ids(st["discards"]["skill:piloting"]) == ["evasive_maneuvers_1"]


def test_moving_to_the_other_ship_asks_which_card_to_discard() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    no_cards(s)
    s.give_cards(0, "executive_order_1", "launch_scout_2")
    movement_step(s, 0)
    s.do("Move to Administration (discard 1 skill card)")
    prompt_is(s, 0, "discard")
    assert s.labels() == ["Discard Executive Order (Leadership 1)",
                          "Discard Launch Scout (Tactics 2)"]
    s.do("Launch Scout")
    st = s.state
    assert st["seats"][0]["location"] == "administration"
    assert hand(s, 0) == ["executive_order_1"]
    assert ids(st["discards"]["skill:tactics"]) == ["launch_scout_2"]


def test_without_cards_there_is_no_move_to_the_other_ship() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    no_cards(s)
    movement_step(s, 0)
    labels = s.labels()
    assert labels[0] == "Stay"
    assert {label[len("Move to "):] for label in labels[1:]} == {
        "FTL Control", "Weapons Control", "Command", "Communications", "Research Lab",
        "Hangar Deck", "Armory"}


def test_no_voluntary_move_into_brig_sickbay_or_cylon_locations() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace"])
    s.give_cards(0, "executive_order_1")
    movement_step(s, 0)
    targets = {label.split(" (")[0][len("Move to "):] for label in s.labels()[1:]}
    assert targets == {"FTL Control", "Weapons Control", "Command", "Communications",
                       "Research Lab", "Hangar Deck", "Armory", "Press Room",
                       "President's Office", "Administration"}
    for banned in ("Brig", "Sickbay", "Caprica", "Cylon Fleet", "Human Fleet",
                   "Resurrection Ship", "Admiral's Quarters"):  # he stands in the last one
        assert banned not in targets


# ---- Hangar Deck ---------------------------------------------------------------------------


def test_hangar_deck_pilot_launches_and_gets_one_more_action() -> None:
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol"])
    s.stack("crisis", "riots")
    assert s.state["seats"][2]["location"] == "hangar_deck"
    assert s.state["reserves"]["viper"] == 6
    s.action_step(2)
    s.do(activate_label("hangar_deck"))
    prompt_is(s, 2, "launch")
    assert s.labels() == ["Below the stern",
                          "Below the bow"]
    s.do("Below the bow")
    st = s.state
    assert st["seats"][2]["viper"] == "front_lower"
    assert st["seats"][2]["location"] is None
    assert st["reserves"]["viper"] == 5
    assert {"pilot": 2} in st["space"]["front_lower"]["vipers"]
    # one more action
    prompt_is(s, 2, "action")
    s.do("Do nothing")
    prompt_is(s, 1, "choose")  # Riots: the Crisis step follows


def test_hangar_deck_needs_piloting() -> None:
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace", "galen_tyrol"])
    assert s.state["seats"][3]["location"] == "hangar_deck"
    s.action_step(3)
    assert not can_activate(s, "hangar_deck")


def test_hangar_deck_with_every_viper_in_space_returns_one_and_launches_it() -> None:
    # Rulebook: «Если все Вайперы уже в игре, а игрок хочет активировать локацию «Ангар», он
    # должен вернуть Вайпер из любого сектора в «Резерв», чтобы он мог пилотировать его».
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    st = s.state
    st["space"]["rear"]["vipers"].extend({"pilot": None} for _ in range(st["reserves"]["viper"]))
    st["reserves"]["viper"] = 0
    s.action_step(2)
    s.do(activate_label("hangar_deck"))
    prompt_is(s, 2, "recall")
    assert s.labels() == ["Behind the stern",
                          "Below the stern",
                          "Below the bow"]
    s.do("Behind the stern")
    prompt_is(s, 2, "launch")
    s.do("Below the bow")
    st = s.state
    assert st["seats"][2]["viper"] == "front_lower" and st["seats"][2]["location"] is None
    assert len(st["space"]["rear"]["vipers"]) == 5
    assert st["space"]["front_lower"]["vipers"] == [{"pilot": None}, {"pilot": 2}]
    assert st["reserves"]["viper"] == 0
    prompt_is(s, 2, "action")


@pytest.mark.parametrize(("in_reserves", "unmanned_in_space", "offered"), [
    (0, 0, False),  # every viper destroyed or damaged: nothing to launch
    (1, 0, True),   # the boundary: one in the Reserves
    (0, 1, True),   # none in the Reserves, one unmanned in space to bring back
])
def test_hangar_deck_is_offered_only_with_a_viper_to_launch(
        in_reserves: int, unmanned_in_space: int, offered: bool) -> None:
    # Offered with nothing to launch, its "one more action" let a pilot take the Hangar Deck
    # again and again: a game that first options played never ended (seed 315, 3 players).
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    st = s.state
    st["damaged_vipers"] = st["damaged_vipers"] + st["reserves"]["viper"] - in_reserves
    st["reserves"]["viper"] = in_reserves
    for area in st["space"].values():
        area["vipers"] = []
    st["space"]["rear"]["vipers"] = [{"pilot": None} for _ in range(unmanned_in_space)]
    s.action_step(2)
    assert can_activate(s, "hangar_deck") is offered


def test_a_pilot_leaves_the_viper_for_a_location_with_a_discard() -> None:
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    no_cards(s)
    s.action_step(2)
    s.do(activate_label("hangar_deck"))
    s.do("Below the stern")
    s.give_cards(2, "repair_1")
    movement_step(s, 2)
    prompt_is(s, 2, "movement")
    assert s.labels()[:3] == ["Stay", "Fly your viper behind the stern",
                              "Fly your viper below the bow"]
    s.do("Leave your viper for Command (discard 1 skill card)")  # her only card: not asked
    st = s.state
    assert st["seats"][2]["location"] == "command" and st["seats"][2]["viper"] is None
    assert st["reserves"]["viper"] == 6
    assert st["seats"][2]["hand"] == []


# FAQ, quoted in the digest §11.2: Apollo's "Headstrong" random discards apply to discards he
# is made to do, "incl. hand limit, not the ship-change discard".
def test_apollo_chooses_the_card_he_discards_to_change_ship() -> None:
    s = Scenario(["lee_adama", "laura_roslin", "william_adama"])
    no_cards(s)
    stand(s, 0, "command")
    s.give_cards(0, "evasive_maneuvers_1", "consolidate_power_2")
    movement_step(s, 0)
    s.do("Move to Press Room")
    prompt_is(s, 0, "discard")


# ---- character abilities tied to locations ----------------------------------------------


def test_starbuck_accused_at_admirals_quarters_makes_the_check_3_easier() -> None:
    # Starbuck's weakness "Insubordinate" (character sheet, digest §11.2)
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace", "gaius_baltar"])
    no_cards(s)
    s.give_cards(3, "consolidate_power_1")
    stand(s, 3, "admirals_quarters")
    s.action_step(3)
    s.do(activate_label("admirals_quarters"))
    s.do("Kara")
    assert prompt_is(s, 3, "skill_check")["text"].startswith("Admiral's Quarters (4;")


def test_roslin_discards_2_cards_before_activating_a_location() -> None:
    # Laura Roslin's weakness "Terminal Illness" (character sheet, digest §11.2)
    s = Scenario(["laura_roslin", "william_adama", "kara_thrace"])
    no_cards(s)
    stand(s, 0, "press_room")
    s.give_cards(0, "executive_order_1")
    s.action_step(0)
    assert not can_activate(s, "press_room")  # fewer than 2 cards: no location at all
    s.give_cards(0, "executive_order_2", "launch_scout_1")
    s.action_step(0)
    expected = sorted(top(s, "skill:politics", 2))
    s.do(activate_label("press_room"))
    prompt = prompt_is(s, 0, "discard")
    assert prompt["text"] == "Terminal Illness: discard 2 skill cards"
    s.pick("Launch Scout", "Executive Order (Leadership 2)")
    assert sorted(ids(s.state["seats"][0]["hand"])) == sorted(["executive_order_1"] + expected)
