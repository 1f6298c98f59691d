"""Scenario tests of the ten skill-card abilities, each at its timing (an action, or a reaction
window: before a die roll, when a viper is attacked, before cards go into a skill check, after
its total), and of the reaction-window rules: every seat holding skill cards is asked alike,
playable card or not (more on windows in test_windows.py).

Positions are built with the shared helpers of helpers.py (hands emptied, decks stacked, dice
scripted). Rule sources: the skill cards (app/games/bsg/cards/skills.yaml; the digest
shared/rules/bsg-base.md Appendix B.1, §4.4, §5.2, §13.7) and the rulebook
(shared/seeds/bsg-base-rules.ru.txt), which wins.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from app.games.bsg import catalog
from app.games.bsg.loyalty import become_revealed
from app.games.bsg.rules import RULES
from app.games.bsg.windows import WINDOW_NAMES
from tests.games.bsg.helpers import (
    ADAMA,
    AT,
    BALTAR,
    BOOMER,
    HELO,
    KARA,
    START,
    ZAREK,
    Scenario,
    action,
    card_definition,
    check_result,
    contribute,
    crisis_step,
    damage_token,
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
    said_modifiers,
    set_destiny,
    stand,
    top,
)

TYPE_NAMES = {t: t.capitalize() for t in catalog.SKILL_TYPES}  # the skills' English names


def play_label(card_id: str) -> str:
    card = card_definition("skill", card_id)
    return f"Play {card['name']} ({TYPE_NAMES[card['skill_type']]} {card['strength']}): " \
           f"{card['text']}"


def only_windows(s: Scenario, *timings: str) -> None:
    """The test answers the reaction windows of these kinds; every seat always passes the
    others."""
    s.answer_windows = True
    for seat in range(len(s.state["seats"])):
        s.always_pass(seat, *(t for t in WINDOW_NAMES if t not in timings))


PASSES = {t: ["Pass"] for t in WINDOW_NAMES}


# ---- Politics ------------------------------------------------------------------------------


def test_consolidate_power_draws_2_cards_from_any_decks() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    [card] = s.give_cards(1, "consolidate_power_1")
    expected = sorted(top(s, "skill:piloting") + top(s, "skill:engineering"))
    action(s, 1)
    assert play_label("consolidate_power_1") in s.labels()
    s.do("Play Consolidate Power")
    prompt = prompt_is(s, 1, "draw_skills")
    assert prompt["text"] == "Consolidate Power: choose which skill cards to draw"
    types = list(catalog.SKILL_TYPES)
    assert s.labels() == [
        ", ".join(f"{mix.count(t)} {TYPE_NAMES[t]}" for t in dict.fromkeys(mix))
        for mix in combinations_with_replacement(types, 2)]
    assert len(s.labels()) == 15
    s.do("1 Piloting, 1 Engineering")
    st = s.state
    assert hand(s, 1) == expected
    assert st["discards"]["skill:politics"] == [card]
    assert f"{name(s, 1)} plays Consolidate Power (Politics 1)" in s.log()
    assert finished(s)


def test_investigative_committee_every_card_of_the_check_face_up() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "before_check_cards")
    s.give_cards(1, "investigative_committee_3")
    s.give_cards(2, "repair_2")
    s.give_cards(0, "executive_order_1")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 1, "security_breach")  # Zarek's Crisis step: 6, Leadership + Tactics
    # before any card is added (the 2 Destiny cards are in): the window, from Zarek on
    prompt = prompt_is(s, 1, "window")
    assert prompt["text"] == ("Security Breach (6; Leadership + Tactics) starts: play a card?")
    assert s.labels() == [play_label("investigative_committee_3"),
                          *PASSES["before_check_cards"]]
    s.do("Play Investigative Committee")
    assert not any(line.startswith("Every card") for line in s.log())  # not before all answer
    prompt_is(s, 2, "window")
    assert s.labels() == PASSES["before_check_cards"]
    s.do("Pass")
    prompt_is(s, 0, "window")
    s.do("Pass")
    assert ("Every card of this check is added face up (Destiny: Executive Order (Leadership "
            "2), Launch Scout (Tactics 2))") in s.log()
    # a card was played and another (Scientific Research) could still change the check: the
    # seats still holding cards are asked again (Zarek's hand is empty now)
    assert [p["seat"] for p in RULES.prompts(s.state)] == [2, 0]
    s.do("Pass", seat=2)
    s.do("Pass", seat=0)
    prompt = prompt_is(s, 2, "skill_check")
    assert prompt["text"] == ("Security Breach (6; Leadership + Tactics): add a card face up, "
                              "or stop (you have added 0)")
    check = RULES.view(s.state, None)["check"]
    assert check["face_up"] is True
    assert [c["id"] for c in check["cards"]] == ["executive_order_2", "launch_scout_2"]
    s.do("Add Repair")
    assert f"{name(s, 2)} adds Repair (Engineering 2) face up" in s.log()
    assert [c["id"] for c in RULES.view(s.state, 0)["check"]["cards"]] == [
        "executive_order_2", "launch_scout_2", "repair_2"]
    s.do("Add Executive Order", seat=0)
    assert f"{name(s, 0)} adds Executive Order (Leadership 1) face up" in s.log()
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (3, "fail")
    assert s.state["resources"] == {**START, "morale": 9}
    assert ids(s.state["discards"]["skill:politics"]) == ["investigative_committee_3"]
    assert finished(s)


# ---- Leadership ----------------------------------------------------------------------------


@pytest.mark.parametrize("choice", ["Move, then take 1 action", "Take 2 actions"])
def test_executive_order_another_player_moves_and_acts_once_or_acts_twice(choice: str) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.state["seats"][1]["once_used"] = True
    stand(s, 1, "armory")
    stand(s, 2, "command")
    [card] = s.give_cards(0, "executive_order_1")
    s.give_cards(1, "launch_scout_1")
    action(s, 0)
    assert play_label("executive_order_1") in s.labels()
    s.do("Play Executive Order")
    prompt = prompt_is(s, 0, "choose_character")
    assert prompt["text"] == "Executive Order: choose a character"
    assert s.labels() == [name(s, 1), name(s, 2)]  # another player
    s.do("Tom Zarek")
    prompt = prompt_is(s, 1, "granted")
    assert s.labels() == ["Move, then take 1 action", "Take 2 actions"]
    s.do(choice)
    if choice.startswith("Move"):
        prompt_is(s, 1, "movement")
        s.do("Move to Research Lab")
        assert s.state["seats"][1]["location"] == "research_lab"
        prompt = prompt_is(s, 1, "action")
        assert prompt["text"] == "Choose your action"
        s.do("Activate Research Lab:")
        s.do("1 Tactics")
    else:
        prompt = prompt_is(s, 1, "action")
        assert prompt["text"] == "Choose your action (2 left)"
        s.do("Do nothing")
        prompt = prompt_is(s, 1, "action")
        assert prompt["text"] == "Choose your action"
        s.do("Do nothing")
    assert s.state["discards"]["skill:leadership"] == [card]
    assert s.state["current"] == 0
    assert finished(s)  # then the Action step of Adama's turn is over


def test_executive_order_only_one_per_turn() -> None:
    s = new([KARA, ZAREK, BALTAR])
    pilot(s, 0, "front_lower")
    s.give_cards(0, "executive_order_1", "executive_order_2")
    action(s, 0, left=2)  # Expert Pilot: 2 actions
    s.do("Play Executive Order (Leadership 1)")
    s.do("Tom Zarek")
    s.do("Take 2 actions")
    s.do("Do nothing")
    s.do("Do nothing")
    prompt = prompt_is(s, 0, "action")
    assert prompt["text"] == "Choose your action"
    assert not offers(s, "Play Executive Order")


def test_executive_order_one_per_turn_of_the_current_player_not_one_per_player() -> None:
    """Errata (FFG FAQ): "Limit of 1 Executive Order card may be used per turn" — the whole
    turn of the current player: a player given actions by an Executive Order may not play
    another in it (no chains); in their own next turn they may."""
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    s.state["seats"][1]["once_used"] = True
    stand(s, 1, "armory")
    s.give_cards(0, "executive_order_1")
    s.give_cards(1, "executive_order_2")
    action(s, 0)
    s.do("Play Executive Order")  # the first this turn
    s.do("Tom Zarek")
    s.do("Take 2 actions")
    prompt = prompt_is(s, 1, "action")
    assert prompt["text"] == "Choose your action (2 left)"
    assert not offers(s, "Play Executive Order")  # the second this turn: by nobody
    s.do("Do nothing")
    prompt_is(s, 1, "action")
    assert not offers(s, "Play Executive Order")
    s.do("Do nothing")
    assert finished(s)
    assert hand(s, 1) == ["executive_order_2"]
    # Zarek's own turn is a new turn: his Executive Order is playable again
    s.stack("crisis", "riots")
    run_turn(s, 1)
    s.do("Stay", seat=1)
    prompt_is(s, 1, "action")
    assert play_label("executive_order_2") in s.labels()


def test_declare_emergency_lowers_the_difficulty_by_2_after_the_total_once_per_check(
) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "after_check_total")
    s.give_cards(2, "declare_emergency_3")
    s.give_cards(0, "declare_emergency_4", "executive_order_1")
    set_destiny(s, "executive_order_2", "launch_scout_2")
    crisis_step(s, 1, "security_breach")
    contribute(s, {0: ["Executive Order"]})  # 2 + 2 + 1 = 5 < 6
    prompt = prompt_is(s, 2, "window")  # Zarek, the current player, holds no card
    assert prompt["text"] == "Security Breach: the total is 5: play a card?"
    assert s.labels() == [play_label("declare_emergency_3"), *PASSES["after_check_total"]]
    s.do("Play Declare Emergency")
    assert "The difficulty is now 4" not in s.log()  # chosen, not played before all answer
    # Adama, asked at the same time, chooses his too
    prompt_is(s, 0, "window")
    assert s.labels() == [play_label("declare_emergency_4"), *PASSES["after_check_total"]]
    s.do("Play Declare Emergency")
    # played from the current player on: Zarek's first; at most 1 per check, so Adama's
    # stays in his hand, unseen (docs/rulings.md), and the window does not open again
    assert "The difficulty is now 4" in s.log()
    assert f"{name(s, 2)} plays Declare Emergency (Leadership 3)" in s.log()
    assert not any(line.startswith(f"{name(s, 0)} plays") for line in s.log())
    data = check_result(s)
    assert (data["total"], data["difficulty"], data["outcome"]) == (5, 4, "pass")
    assert "Security Breach: 5 against 4 — passed" in s.log()
    assert s.state["resources"] == START
    assert hand(s, 0) == ["declare_emergency_4"]
    assert finished(s)


# ---- Tactics -------------------------------------------------------------------------------


def test_launch_scout_success_looks_at_the_top_of_a_deck_and_may_move_it_down(
        dice: list[int]) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(2, "launch_scout_1")
    s.stack("destination", "remote_planet", "deep_space")
    action(s, 2)
    assert play_label("launch_scout_1") in s.labels()
    dice.append(3)
    s.do("Play Launch Scout")
    assert dice == []
    prompt = prompt_is(s, 2, "peek")
    assert prompt["text"] == "Choose the deck to look at"
    assert s.labels() == ["The crisis deck", "The destination deck"]
    s.do("The destination deck")
    prompt = prompt_is(s, 2, "peek")
    assert prompt["text"] == "Leave the top destination card on top, or put it on the bottom"
    assert s.labels() == ["Leave Remote Planet on top", "Put Remote Planet on the bottom"]
    s.do("Put Remote Planet on the bottom")
    st = s.state
    assert top(s, "destination") == ["deep_space"]
    assert ids(st["decks"]["destination"][:1]) == ["remote_planet"]
    assert st["reserves"]["raptor"] == 4 and st["destroyed"]["raptor"] == 0
    seen = [e for e in s.events if e["kind"] == "peek"]
    assert [(e["text"], e["to"]) for e in seen] == [
        ("You look at the top destination card: Remote Planet", [2]),
        (f"{name(s, 2)} looked at the top destination card and put it on the bottom", None)]
    assert finished(s)


@pytest.mark.parametrize("roll", [1, 2])
def test_launch_scout_failure_destroys_the_raptor(dice: list[int], roll: int) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    s.give_cards(2, "launch_scout_2")
    crisis = list(s.state["decks"]["crisis"])
    action(s, 2)
    dice.append(roll)
    s.do("Play Launch Scout")
    st = s.state
    assert st["reserves"]["raptor"] == 3 and st["destroyed"]["raptor"] == 1
    assert "1 raptor destroyed" in s.log()
    assert st["decks"]["crisis"] == crisis
    assert finished(s)


def test_strategic_planning_adds_2_before_a_roll_once_per_roll(dice: list[int]) -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    only_windows(s, "before_die_roll")
    stand(s, 0, "armory")
    s.state["centurions"] = [0]
    s.give_cards(0, "executive_order_1")
    [card] = s.give_cards(1, "strategic_planning_3")
    s.give_cards(2, "strategic_planning_4")
    action(s, 0)
    s.do("Activate Armory:")
    # every seat holding cards is asked, from the current player on
    prompt = prompt_is(s, 0, "window")
    assert prompt["text"] == (f"{name(s, 0)} is about to roll (attacking a centurion): play a "
                              "card?")
    assert s.labels() == PASSES["before_die_roll"]
    s.do("Pass")
    prompt_is(s, 1, "window")
    assert s.labels() == [play_label("strategic_planning_3"), *PASSES["before_die_roll"]]
    s.do("Play Strategic Planning")
    prompt_is(s, 2, "window")  # asked at the same time: his card is playable too
    assert s.labels() == [play_label("strategic_planning_4"), *PASSES["before_die_roll"]]
    dice.append(5)
    s.do("Play Strategic Planning")  # one per roll: Zarek's, earlier from Adama, is played
    assert hand(s, 2) == ["strategic_planning_4"]
    assert dice == []
    assert f"{name(s, 0)} rolled 5+2 = 7 (attacking a centurion)" in s.log()
    assert s.state["centurions"] == []
    assert s.state["discards"]["skill:tactics"] == [card]
    assert finished(s)


def test_strategic_planning_keeps_its_2_when_helo_rerolls(dice: list[int]) -> None:
    """FAQ (digest §13.7): Helo re-rolling a die changed by Strategic Planning keeps the +2."""
    s = new([HELO, ZAREK, BALTAR])
    s.want("ECO Officer")
    only_windows(s, "before_die_roll")
    s.state["seats"][0].pop("stranded")
    stand(s, 0, "armory")
    s.state["centurions"] = [0]
    s.give_cards(1, "strategic_planning_3")
    action(s, 0)
    s.do("Activate Armory:")
    dice.extend([1, 5])
    s.do("Play Strategic Planning", seat=1)
    s.do("Use ECO Officer", seat=0)  # 1+2 = 3: the centurion survives; again
    assert dice == []
    assert f"{name(s, 0)} rolled 1+2 = 3 (attacking a centurion)" in s.log()
    assert f"{name(s, 0)} rolled 5+2 = 7 (attacking a centurion)" in s.log()
    assert s.state["centurions"] == []
    assert finished(s)


# ---- Piloting ------------------------------------------------------------------------------


@pytest.mark.parametrize(("piloted", "rolls", "shown"), [
    (False, [8, 4], "4"), (True, [6, 6], "6-2 = 4")])
def test_evasive_maneuvers_rerolls_an_attack_on_a_viper_minus_2_if_piloted(
        dice: list[int], piloted: bool, rolls: list[int], shown: str) -> None:
    s = new([ADAMA, ZAREK, KARA])
    raider_against_one_viper(s, piloted)
    only_windows(s, "after_viper_attacked")
    [card] = s.give_cards(1, "evasive_maneuvers_1")
    dice.extend(rolls)
    run(s, {"step": "effects", "ops": [{"activate": {"icon": "activate_raiders"}}], "i": 0,
            "ctx": {"self": 0}}, current=0)
    # the raider hit the viper (8: destroyed / 6: damaged); the window just after the roll
    prompt = prompt_is(s, 1, "window")
    assert prompt["text"] == (f"A viper is attacked: the roll is {rolls[0]}: play a card?")
    assert s.labels() == [play_label("evasive_maneuvers_1"), *PASSES["after_viper_attacked"]]
    s.do("Play Evasive Maneuvers")
    assert dice == []
    assert "The die is rolled again" in s.log()
    assert f"{name(s, 0)} rolled {shown} (raider attacks viper)" in s.log()
    assert "The viper is not hit" in s.log()
    st = s.state
    assert st["space"]["front_lower"]["vipers"] == [{"pilot": 2 if piloted else None}]
    assert st["damaged_vipers"] == 0 and st["destroyed"]["viper"] == 0
    assert st["discards"]["skill:piloting"] == [card]
    assert finished(s)


def raider_against_one_viper(s: Scenario, piloted: bool) -> None:
    """One raider and one viper in front_lower; the viper flown by Starbuck (seat 2) or not."""
    empty_space(s)
    s.state["space"]["front_lower"]["raider"] = 1
    if piloted:
        pilot(s, 2, "front_lower")
    else:
        stand(s, 2, "hangar_deck")
        s.state["reserves"]["viper"] -= 1
        s.state["space"]["front_lower"]["vipers"].append({"pilot": None})


@pytest.mark.parametrize(("piloted", "rolls", "shown"), [
    (False, [8, 8, 4], ["8", "8", "4"]), (True, [5, 7, 6], ["5", "7-2 = 5", "6-2 = 4"])])
def test_evasive_maneuvers_twice_on_one_attack(dice: list[int], piloted: bool,
                                               rolls: list[int], shown: list[str]) -> None:
    """Re-rolls stack: a roll already made again by Evasive Maneuvers may be made again by a
    second one (no ruling limits it). Each re-roll of a piloted viper's attacker is at -2:
    the first card's -2 belonged to the roll it made, not to the next (docs/rulings.md)."""
    s = new([ADAMA, ZAREK, KARA])
    raider_against_one_viper(s, piloted)
    only_windows(s, "after_viper_attacked")
    cards = s.give_cards(1, "evasive_maneuvers_1", "evasive_maneuvers_2")
    dice.extend(rolls)
    run(s, {"step": "effects", "ops": [{"activate": {"icon": "activate_raiders"}}], "i": 0,
            "ctx": {"self": 0}}, current=0)
    prompt_is(s, 1, "window")
    s.do("Play Evasive Maneuvers (Piloting 1)")
    # the re-rolled attack hits again: a new window after it, the second card playable
    prompt = prompt_is(s, 1, "window")
    assert prompt["text"] == f"A viper is attacked: the roll is {5 if piloted else 8}: play a card?"
    assert s.labels() == [play_label("evasive_maneuvers_2"), *PASSES["after_viper_attacked"]]
    s.do("Play Evasive Maneuvers (Piloting 2)")
    assert dice == []
    rolled = [e for e in s.log() if e.startswith(f"{name(s, 0)} rolled ")]
    assert rolled == [f"{name(s, 0)} rolled {r} (raider attacks viper)" for r in shown]
    assert s.log().count("The die is rolled again") == 2
    assert "The viper is not hit" in s.log()
    st = s.state
    assert st["space"]["front_lower"]["vipers"] == [{"pilot": 2 if piloted else None}]
    assert st["damaged_vipers"] == 0 and st["destroyed"]["viper"] == 0
    assert st["discards"]["skill:piloting"] == cards
    assert finished(s)


def test_evasive_maneuvers_after_helos_eco_officer(dice: list[int]) -> None:
    """Helo re-rolls the attack on his turn with ECO Officer; the new roll still hits, and
    Evasive Maneuvers may re-roll it once more."""
    s = new([HELO, ZAREK, KARA])
    s.want("ECO Officer")
    s.state["seats"][0].pop("stranded")
    stand(s, 0, "command")
    raider_against_one_viper(s, piloted=False)
    only_windows(s, "after_viper_attacked")
    [card] = s.give_cards(1, "evasive_maneuvers_1")
    dice.extend([8, 8, 3])
    run(s, {"step": "effects", "ops": [{"activate": {"icon": "activate_raiders"}}], "i": 0,
            "ctx": {"self": 0}}, current=0)
    prompt_is(s, 0, "ability")
    s.do("Use ECO Officer")
    prompt = prompt_is(s, 1, "window")
    assert prompt["text"] == "A viper is attacked: the roll is 8: play a card?"
    s.do("Play Evasive Maneuvers")
    assert dice == []
    rolled = [e for e in s.log() if e.startswith(f"{name(s, 0)} rolled ")]
    assert rolled == [f"{name(s, 0)} rolled {r} (raider attacks viper)" for r in (8, 8, 3)]
    assert "The viper is not hit" in s.log()
    assert s.state["space"]["front_lower"]["vipers"] == [{"pilot": None}]
    assert s.state["destroyed"]["viper"] == 0
    assert s.state["discards"]["skill:piloting"] == [card]
    assert finished(s)


def test_maximum_firepower_data() -> None:
    cards = {c["id"]: c for c in catalog.carddata.cards_of("skill")
             if c["name"] == "Maximum Firepower"}
    assert {cid: (c["skill_type"], c["strength"], c["count"]) for cid, c in cards.items()} == {
        "maximum_firepower_3": ("piloting", 3, 4),
        "maximum_firepower_4": ("piloting", 4, 2),
        "maximum_firepower_5": ("piloting", 5, 1),
    }
    for card in cards.values():
        assert card["text"] == ("Action (only while piloting a viper): attack with your viper "
                                "up to 4 times.")
        assert card["ability"] == {"timing": "action",
                                   "conditions": [{"piloting": {"who": "self"}}],
                                   "effects": [{"attack_with_viper": {"who": "self",
                                                                      "times": 4}}]}


def test_maximum_firepower_attacks_with_the_pilots_viper_up_to_4_times(
        dice: list[int]) -> None:
    s = new([ADAMA, ZAREK, KARA])
    empty_space(s)
    s.state["space"]["front"]["raider"] = 3
    [card] = s.give_cards(2, "maximum_firepower_3")
    action(s, 2)
    assert not offers(s, "Play Maximum Firepower")  # on Hangar Deck: not piloting
    pilot(s, 2, "front")
    action(s, 2)
    assert play_label("maximum_firepower_3") in s.labels()
    s.do("Play Maximum Firepower")
    prompt = prompt_is(s, 2, "vipers")
    assert prompt["text"] == "Viper activations left: 4"
    target = f"Attack a raider {AT['front']}"
    assert s.labels() == [target, "Stop activating vipers"]  # attacks only, no move
    dice.extend([3, 2, 8, 5])
    for _ in range(4):
        s.do(target, seat=2)
    assert dice == []
    st = s.state
    assert st["space"]["front"]["raider"] == 0
    assert st["space"]["front"]["vipers"] == [{"pilot": 2}]
    assert st["discards"]["skill:piloting"] == [card]
    assert finished(s)


# ---- Engineering ---------------------------------------------------------------------------


def test_repair_the_damaged_location_you_stand_in() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    damage_token(s, "command")
    stand(s, 1, "command")
    deck = len(s.state["decks"]["galactica_damage"])
    [card] = s.give_cards(1, "repair_1")
    action(s, 1)
    assert not offers(s, "Activate Command:")  # damaged
    assert play_label("repair_1") in s.labels()
    s.do("Play Repair")  # not on Hangar Deck: the location is all it may repair, not asked
    assert f"{name(s, 1)} chose: Repair the location you stand in" in s.log()
    st = s.state
    assert st["damage"] == []
    assert len(st["decks"]["galactica_damage"]) == deck + 1
    assert "Command is repaired" in s.log()
    assert st["discards"]["skill:engineering"] == [card]
    assert finished(s)
    action(s, 1)
    assert offers(s, "Activate Command:")


def test_repair_on_hangar_deck_2_damaged_vipers() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    stand(s, 1, "hangar_deck")
    st = s.state
    st["damaged_vipers"] = 3
    st["reserves"]["viper"] -= 3
    reserves = st["reserves"]["viper"]
    s.give_cards(1, "repair_2")
    action(s, 1)
    s.do("Play Repair")  # Hangar Deck is not damaged: the vipers, without asking
    st = s.state
    assert st["damaged_vipers"] == 1
    assert st["reserves"]["viper"] == reserves + 2
    assert "2 vipers repaired" in s.log()
    assert finished(s)


def test_repair_offers_only_what_can_be_repaired_and_nothing_when_nothing_can() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    damage_token(s, "hangar_deck")
    stand(s, 1, "hangar_deck")
    s.give_cards(1, "repair_2")
    action(s, 1)
    s.do("Play Repair")  # no damaged viper: the location, without asking
    assert s.state["damage"] == []
    assert finished(s)
    s.give_cards(1, "repair_1")
    action(s, 1)  # nothing is damaged: the card is not offered
    assert not any(label.startswith("Play Repair") for label in s.labels())


def test_scientific_research_engineering_cards_count_positive() -> None:
    s = new([ADAMA, ZAREK, BALTAR])
    empty_space(s)
    only_windows(s, "before_check_cards")
    [card] = s.give_cards(1, "scientific_research_3")
    s.give_cards(2, "launch_scout_1")
    s.give_cards(0, "executive_order_2")
    set_destiny(s, "repair_2", "repair_1")  # Engineering: -3, or +3 with the card
    crisis_step(s, 1, "security_breach")
    prompt_is(s, 1, "window")
    assert s.labels() == [play_label("scientific_research_3"), *PASSES["before_check_cards"]]
    s.do("Play Scientific Research")
    s.do("Pass", seat=2)
    s.do("Pass", seat=0)
    s.do("Pass", seat=2)  # asked again: Investigative Committee could still change the check
    s.do("Pass", seat=0)
    contribute(s, {2: ["Launch Scout"], 0: ["Executive Order"]})
    data = check_result(s)
    assert (data["total"], data["outcome"]) == (6, "pass")
    assert sorted((c["name"], c["strength"], c["positive"]) for c in data["cards"]) == [
        ("Executive Order", 2, True), ("Launch Scout", 1, True), ("Repair", 1, False),
        ("Repair", 2, False)]
    assert said_modifiers(data) == [("Scientific Research: Engineering cards count plus", 6)]
    assert s.state["discards"]["skill:engineering"][:1] == [card]
    assert s.state["resources"] == START
    assert finished(s)


# ---- the reaction-window rules -------------------------------------------------------------


def window_position() -> Scenario:
    """4 players: Adama (seat 0, current, in the Armory) holds a Strategic Planning, Zarek
    (seat 1) an Executive Order (nothing to play before a roll), Baltar (seat 2) no card,
    Boomer (seat 3) a revealed Cylon with 2 cards. Two centurions on the track."""
    s = new([ADAMA, ZAREK, BALTAR, BOOMER])
    only_windows(s, "before_die_roll", "before_check_cards")
    become_revealed(s.edit(), 3, super_crisis=False, cylon_fleet=True)
    stand(s, 0, "armory")
    s.state["centurions"] = [0, 0]
    s.give_cards(0, "strategic_planning_3")
    s.give_cards(1, "executive_order_1")
    s.give_cards(3, "repair_1", "repair_2")
    return s


def test_window_every_seat_holding_cards_is_asked_alike_playable_or_not(
        dice: list[int]) -> None:
    s = window_position()
    action(s, 0)
    s.do("Activate Armory:")
    text = f"{name(s, 0)} is about to roll (attacking a centurion): play a card?"
    prompt = prompt_is(s, 0, "window")
    assert prompt["text"] == text
    assert s.labels() == [play_label("strategic_planning_3"), *PASSES["before_die_roll"]]
    s.do("Pass")
    # Zarek holds no card he could play: the same question, only the pass options
    prompt = prompt_is(s, 1, "window")
    assert prompt["text"] == text
    assert s.labels() == PASSES["before_die_roll"]
    dice.append(8)
    s.do("Pass")
    # Baltar (no card) and Boomer (a revealed Cylon) are not asked: the die is rolled
    assert dice == []
    assert s.state["centurions"] == [0]
    assert finished(s)


def test_window_not_asked_of_a_seat_without_cards_nor_of_a_revealed_cylon(
        dice: list[int]) -> None:
    s = window_position()
    s.state["seats"][0]["hand"] = []
    s.state["seats"][1]["hand"] = []
    action(s, 0)
    dice.append(8)
    s.do("Activate Armory:")
    assert dice == []
    assert s.state["centurions"] == [0]
    assert finished(s)
