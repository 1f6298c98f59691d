"""The abilities of Daybreak's four Cylon Leader sheets (rules digest DB-9.3, DB-9.13-9.16,
DB-15.10, §17, B.8; Russian rulebook «Лидеры Сайлонов», «Способность Афины –
„Решительность“»): each ability at its moment, asked only of its owner, with its limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.core import act
from app.core.pick import random_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES, checked_options
from tests.games.bsg.helpers import (
    ADAMA,
    ROSLIN,
    TIGH,
    Scenario,
    action,
    crisis_step,
    damage_token,
    empty_space,
    finished,
    give_any,
    ids,
    name,
    no_cards,
    prompt_is,
    run,
    run_turn,
    stand,
)
from tests.games.bsg.invariants import check as check_invariants

ATHENA, DORAL, DANNA, SIMON = "sharon_agathon", "aaron_doral", "danna_biers", "simon_oneill"
RETURN = "Infiltration: return to the Resurrection Ship"  # the Infiltration card's action


def daybreak(cast: list[str]) -> Scenario:
    """A Daybreak game of these characters and Saul Tigh (a Leader needs 4 players)."""
    s = Scenario([*cast, TIGH], expansion="daybreak")
    no_cards(s)
    return s


def leader(s: Scenario, seat: int, where: str, infiltrating: bool = False) -> None:
    """`seat` is a Cylon Leader standing in `where`, Infiltrating or not."""
    data = s.state["seats"][seat]
    assert data["leader"] and data["revealed"] and data["loyalty"] == []
    data["infiltrating"] = infiltrating
    stand(s, seat, where)


def effects(*ops: dict[str, Any], me: int | None = None) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0,
            "ctx": {} if me is None else {"self": me}}


def label(character: str, key: str) -> str:
    ability = catalog.CHARACTERS[character][key]
    if key == "once_per_game":
        return f"{ability['name']} (Miracle ability, discard 1 token): {ability['text']}"
    return f"{ability['name']}: {ability['text']}"


def treachery_count(s: Scenario, seat: int) -> int:
    return sum(catalog.skill_type(u) == "treachery" for u in s.state["seats"][seat]["hand"])


# ---- Sharon "Athena" Agathon ----------------------------------------------------------------


def test_for_love_cuts_another_players_discard_by_1_for_a_treachery_card() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "hangar_deck", infiltrating=True)
    give_any(s, 1, "tactics", 3)
    s.want("For Love")
    run(s, effects({"discard_skills": {"who": "current", "count": 2}}), current=1)
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"].startswith("Use For Love?")
    s.do("Use For Love")
    assert treachery_count(s, 0) == 1
    assert f"{name(s, 1)} discards 1 card fewer" in s.log()
    prompt = prompt_is(s, 1, "discard")
    assert prompt["text"].endswith("discard 1 skill card")
    s.do("Discard")
    assert len(s.state["seats"][1]["hand"]) == 2
    # once per turn: the next discard of this turn is not cut
    run(s, effects({"discard_skills": {"who": "current", "count": 1}}), current=1)
    assert prompt_is(s, 1, "discard")


def test_for_love_is_asked_alike_whatever_the_discarders_cards() -> None:
    """Timing is information: Athena is asked from public facts only (who must discard how
    many, the size of their hand), never from the cards they hold."""
    asked = []
    for skill in ("tactics", "treachery"):
        s = daybreak([ATHENA, ADAMA, ROSLIN])
        leader(s, 0, "hangar_deck", infiltrating=True)
        give_any(s, 1, skill, 2)
        s.want("For Love")
        run(s, effects({"discard_skills": {"who": "current", "count": 1}}), current=1)
        prompt = s.prompt
        asked.append((prompt["seat"], prompt["kind"], prompt["text"], s.labels()))
    assert asked[0] == asked[1]
    assert asked[0][:2] == (0, "ability")


def test_for_love_is_not_offered_for_her_own_discard_nor_the_hand_limit() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "hangar_deck", infiltrating=True)
    give_any(s, 0, "piloting", 2)
    give_any(s, 1, "tactics", 11)
    s.want("For Love")
    run(s, effects({"discard_skills": {"who": "current", "count": 1}}), current=0)
    assert prompt_is(s, 0, "discard")
    s.do("Discard")
    run(s, {"step": "end_turn", "stage": "limits"}, current=1)
    assert prompt_is(s, 1, "discard")  # down to the hand limit: no For Love


def test_for_love_picks_whose_discard_when_several_must_discard() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "hangar_deck", infiltrating=True)
    give_any(s, 1, "tactics", 2)
    give_any(s, 2, "politics", 2)
    s.want("For Love")
    run(s, effects({"discard_skills": {"who": "each", "count": 1}}), current=1)
    s.do("Use For Love")
    prompt = prompt_is(s, 0, "reduce_discard")
    assert s.labels() == [name(s, 1), name(s, 2)]
    assert prompt["text"] == "Whose discard do you cut by 1?"
    s.do(name(s, 2))
    assert prompt_is(s, 1, "discard")
    s.do("Discard")
    assert len(s.state["seats"][2]["hand"]) == 2
    assert finished(s)


def test_resolute_activates_any_undamaged_location_cylon_ones_too() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    damage_token(s, "command")
    action(s, 0)
    assert label(ATHENA, "once_per_game") in s.labels()
    s.do("Resolute")
    offered = s.labels()
    assert any(lb.startswith("Activate Caprica:") for lb in offered)
    assert any(lb.startswith("Activate Hangar Deck:") for lb in offered)
    assert not any(lb.startswith("Activate Command:") for lb in offered)  # damaged
    s.do("Activate Research Lab:")
    assert s.state["seats"][0]["miracles"] == 0
    assert f"{name(s, 0)} activates Research Lab" in s.log()


def test_resolute_from_the_brig_never_offers_the_hangar_deck() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "brig", infiltrating=True)
    action(s, 0)
    s.do("Resolute")
    assert not any(lb.startswith("Activate Hangar Deck:") for lb in s.labels())
    assert any(lb.startswith("Activate Armory:") for lb in s.labels())


def test_resolute_on_caprica_keeps_the_activate_cylon_ships_step() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "hangar_deck", infiltrating=True)
    empty_space(s)
    s.stack("crisis", "riots", "food_shortage")
    action(s, 0)
    s.do("Resolute")
    s.do("Activate Caprica:")
    prompt_is(s, 0, "crisis_choice")
    s.do("Riots")
    for _ in range(50):
        if finished(s) or any(e["kind"] == "activation" for e in s.events):
            break
        s.do(s.labels()[0])
    assert "Activate Cylon ships: Launch raiders" in s.log()


def test_resolute_on_hub_destroyed_while_infiltrating_ends_it_in_the_cylon_fleet() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    s.state["flipped"].append("hub_destroyed")
    give_any(s, 0, "piloting", 3)
    action(s, 0)
    s.do("Resolute")
    s.do("Activate Hub Destroyed:")  # her 3 cards are discarded: no choice
    data = s.state["seats"][0]
    assert data["location"] == "daybreak_cylon_fleet"
    assert not data["infiltrating"]
    assert len(data["super_crises"]) >= 1


def test_resolute_on_the_human_fleet_while_infiltrating_does_not_infiltrate_again() -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    action(s, 0)
    s.do("Resolute")
    s.do("Activate Human Fleet:")
    while not finished(s):
        assert s.prompt["kind"] != "infiltrate"
        s.do(s.labels()[0])
    data = s.state["seats"][0]
    assert (data["location"], data["infiltrating"], len(data["hand"])) == ("armory", True, 2)


@pytest.mark.parametrize(("where", "drawn"), [("sickbay", 0), ("armory", 3)])
def test_grieving_no_skill_cards_in_a_hazardous_location(where: str, drawn: int) -> None:
    s = daybreak([ATHENA, ADAMA, ROSLIN])
    leader(s, 0, where, infiltrating=True)
    run_turn(s, 0)
    while s.prompt["kind"] in ("receive_skills", "draw_skills"):
        s.do(s.labels()[0])
    assert len(s.state["seats"][0]["hand"]) == drawn
    if not drawn:
        assert f"{name(s, 0)} draws no skill cards in Sickbay" in s.log()


# ---- Aaron Doral ----------------------------------------------------------------------------


def drawn_in_receive_skills(s: Scenario, seat: int) -> int:
    run_turn(s, seat)
    while s.prompt["kind"] in ("receive_skills", "draw_skills"):
        s.do(s.labels()[0])
    return len(s.state["seats"][seat]["hand"])


@pytest.mark.parametrize(("where", "drawn"), [("armory", 4), ("sickbay", 1)])
def test_industrious_draws_2_extra_cards_while_infiltrating_not_in_sickbay(
        where: str, drawn: int) -> None:
    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, where, infiltrating=True)
    assert drawn_in_receive_skills(s, 0) == drawn


def test_meticulous_ends_the_infiltration_on_a_cylon_location_with_one_more_action() -> None:
    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    s.want("Meticulous")
    action(s, 0)
    s.do(RETURN)
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"].startswith("Use Meticulous (Miracle ability")
    s.do("Use Meticulous")
    prompt_is(s, 0, "location")
    s.do("Move to Caprica")
    data = s.state["seats"][0]
    assert (data["location"], data["infiltrating"], data["miracles"]) == (
        "daybreak_caprica", False, 0)
    prompt_is(s, 0, "action")  # the action Meticulous gives


def test_without_meticulous_the_infiltration_ends_on_the_resurrection_ship() -> None:
    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    action(s, 0)
    s.do(RETURN)
    data = s.state["seats"][0]
    assert (data["location"], data["infiltrating"]) == ("daybreak_resurrection_ship", False)
    assert finished(s)


def test_vanity_adds_no_card_in_another_players_action_step() -> None:
    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    give_any(s, 0, "politics", 2)
    give_any(s, 1, "tactics", 1)
    # the check runs in P1's Action step, whose frame waits below it
    run(s, effects({"skill_check": {"difficulty": 1, "skills": ["politics"], "pass": [],
                                    "fail": []}}),
        {"step": "action", "seat": 1, "left": 1}, current=1)
    asked = []
    while s.prompt["kind"] == "skill_check":
        if s.prompt["seat"] == 0:  # asked only for his Motives (DB-9.6), never for a card
            assert not any(label.startswith("Add ") and label != "Add no card to this check"
                           for label in s.labels()), s.labels()
            s.do("Add no card to this check")
            continue
        asked.append(s.prompt["seat"])
        s.do("Add no more cards")
    assert 0 not in asked
    assert s.state["seats"][0]["hand"] and len(s.state["seats"][0]["hand"]) == 2


def test_vanity_still_lets_him_reveal_a_motive_during_the_check() -> None:
    """DB-9.6: a Motive may be revealed during a skill check; Vanity forbids cards, not that."""
    from app.games.bsg import catalog

    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    motives = s.state["seats"][0]["motives"]
    s.state["decks"]["motive"].extend(motives)
    force = next(u for u in s.state["decks"]["motive"]
                 if catalog.card(u)["id"] == "no_unnecessary_force")
    s.state["decks"]["motive"].remove(force)
    s.state["seats"][0]["motives"] = [force]
    s.state["distance"], s.state["centurions"] = 5, []
    give_any(s, 0, "politics", 2)
    run(s, effects({"skill_check": {"difficulty": 1, "skills": ["politics"], "pass": [],
                                    "fail": []}}),
        {"step": "action", "seat": 1, "left": 1}, current=1)
    while s.prompt["seat"] != 0:
        s.do("Add no more cards")
    assert s.prompt["kind"] == "skill_check"
    s.do("No Unnecessary Force", seat=0)
    assert s.state["seats"][0]["motives_revealed"] == [force]
    assert s.prompt["kind"] != "skill_check" or s.prompt["seat"] != 0


def test_vanity_lets_him_add_cards_outside_another_players_action_step() -> None:
    s = daybreak([DORAL, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    give_any(s, 0, "politics", 2)
    run(s, effects({"skill_check": {"difficulty": 1, "skills": ["politics"], "pass": [],
                                    "fail": []}}), current=1)
    asked = []
    while s.prompt["kind"] == "skill_check":
        asked.append(s.prompt["seat"])
        s.do("Add no more cards")
    assert 0 in asked


# ---- D'Anna Biers ---------------------------------------------------------------------------


def test_visions_shows_one_random_loyalty_card_to_danna_only_and_ends_her_infiltration(
) -> None:
    s = daybreak([DANNA, ADAMA, ROSLIN])
    leader(s, 0, "armory", infiltrating=True)
    action(s, 0)
    assert label(DANNA, "ability") in s.labels()
    s.do("Visions")
    assert s.labels() == [name(s, 1), name(s, 2), name(s, 3)]
    s.do(name(s, 1))
    data = s.state["seats"][0]
    assert not data["infiltrating"]
    assert data["location"] == "daybreak_resurrection_ship"
    seen = RULES.view(s.state, 0)["you"]["knowledge"]
    assert seen[-1]["seat"] == 1 and len(seen[-1]["cards"]) == 1
    assert seen[-1]["cards"][0]["id"] in ids(s.state["seats"][1]["loyalty"])
    for seat in (1, 2, None):
        view = RULES.view(s.state, seat)
        assert not any(n.get("seat") == 1 and n["kind"] == "loyalty"
                       for n in view.get("you", {}).get("knowledge", []))
        assert "knowledge" not in str(view.get("players"))


def test_visions_is_offered_only_while_infiltrating() -> None:
    s = daybreak([DANNA, ADAMA, ROSLIN])
    leader(s, 0, "daybreak_human_fleet")
    action(s, 0)
    assert label(DANNA, "ability") not in s.labels()


def test_dont_trust_anyone_draws_2_super_crisis_cards() -> None:
    s = daybreak([DANNA, ADAMA, ROSLIN])
    leader(s, 0, "daybreak_caprica")
    held = len(s.state["seats"][0]["super_crises"])
    action(s, 0)
    s.do("Don't Trust Anyone")
    assert len(s.state["seats"][0]["super_crises"]) == held + 2
    assert s.state["seats"][0]["miracles"] == 0


@pytest.mark.parametrize(("where", "super_crises", "may_move"), [
    ("daybreak_resurrection_ship", 0, False),
    ("daybreak_resurrection_ship", 1, True),
    ("hub_destroyed", 0, True),
])
def test_heretic_leaving_the_resurrection_ship_costs_a_super_crisis_card(
        where: str, super_crises: int, may_move: bool) -> None:
    s = daybreak([DANNA, ADAMA, ROSLIN])
    if where == "hub_destroyed":
        s.state["flipped"].append("hub_destroyed")
    leader(s, 0, where)
    data = s.state["seats"][0]
    s.state["decks"]["super_crisis"].extend(data["super_crises"])
    data["super_crises"] = [s.state["decks"]["super_crisis"].pop()
                            for _ in range(super_crises)]
    run(s, {"step": "movement", "seat": 0}, current=0)
    moves = [lb for lb in s.labels() if lb.startswith("Move to")]
    assert bool(moves) == may_move
    if not may_move:
        return
    s.do("Move to Caprica")
    assert s.state["seats"][0]["location"] == "daybreak_caprica"
    assert s.state["seats"][0]["super_crises"] == []


# ---- Simon O'Neill --------------------------------------------------------------------------


def check(s: Scenario, current: int) -> None:
    run(s, effects({"skill_check": {"difficulty": 1, "skills": ["tactics"], "pass": [],
                                    "fail": []}}), current=current)


def added_by(s: Scenario, seat: int) -> int:
    """Answer the check's prompts: `seat` adds cards as long as asked, the others none."""
    added = 0
    while s.prompt["kind"] == "skill_check":
        if s.prompt["seat"] == seat:
            s.do("Add ")
            added += 1
        else:
            s.do("Add no more cards")
    return added


@pytest.mark.parametrize(("where", "infiltrating", "limit"), [
    ("daybreak_caprica", False, 2), ("armory", True, 3), ("brig", True, 1),
])
def test_calculating_adds_2_cards_or_3_infiltrating_not_in_the_brig(
        where: str, infiltrating: bool, limit: int) -> None:
    s = daybreak([SIMON, ADAMA, ROSLIN])
    leader(s, 0, where, infiltrating)
    give_any(s, 0, "tactics", 5)
    check(s, current=1)
    assert added_by(s, 0) == limit


def test_logic_bound_his_first_card_goes_in_face_up() -> None:
    s = daybreak([SIMON, ADAMA, ROSLIN])
    leader(s, 0, "daybreak_caprica")
    first, second = s.give_cards(0, "launch_scout_1", "strategic_planning_3")
    check(s, current=1)
    prompt = prompt_is(s, 0, "skill_check")
    assert "face up" in prompt["text"]
    s.do("Add Launch Scout")
    shown = next(e for e in s.events if e["text"] == f"{name(s, 0)} adds Launch Scout "
                 "(Tactics 1) face up")
    assert shown.get("to") is None and not shown.get("not_to")  # everyone sees it
    facts = [f["text"] for f in s.prompt.get("facts", [])]
    assert "Added face up: Launch Scout (Tactics 1)" in facts
    assert "face up" not in s.prompt["text"]
    s.do("Add Strategic Planning")
    assert not any("Strategic Planning (Tactics 3) face up" in line for line in s.log())


def test_modifications_picks_the_activation_instead_of_the_crisis_icons() -> None:
    s = daybreak([SIMON, ADAMA, ROSLIN])
    leader(s, 0, "daybreak_caprica")
    empty_space(s)
    s.want("Modifications")
    crisis_step(s, 1, "riots")
    while s.prompt["kind"] != "ability":
        s.do(s.labels()[0])
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"].startswith("Use Modifications (Miracle ability")
    s.do("Use Modifications")
    prompt_is(s, 0, "cylon_activation")
    s.do("Activate basestars")
    assert f"{name(s, 0)} chooses the Cylon activation: Activate basestars" in s.log()
    assert not any(line.startswith("Activate Cylon ships") for line in s.log())
    assert s.state["seats"][0]["miracles"] == 0


def test_modifications_is_not_offered_without_a_miracle_token() -> None:
    s = daybreak([SIMON, ADAMA, ROSLIN])
    leader(s, 0, "daybreak_caprica")
    s.state["seats"][0]["miracles"] = 0
    empty_space(s)
    s.want("Modifications")
    crisis_step(s, 1, "riots")
    for _ in range(50):
        if finished(s):
            break
        assert s.prompt["kind"] != "ability"
        s.do(s.labels()[0])
    assert "Activate Cylon ships: Launch raiders" in s.log()


# ---- random games with each Leader ----------------------------------------------------------


@pytest.mark.parametrize("character", [ATHENA, DORAL, DANNA, SIMON])
def test_random_games_with_each_leader_keep_the_invariants_and_end(character: str) -> None:
    """Bots play a Leader whose sheet acts (every ability offered may be taken): every card
    stays in exactly one place, the game ends, and some of the sheet's abilities were used."""
    used = set()
    sheet = catalog.CHARACTERS[character]
    names = {sheet[key]["name"]: key for key in ("ability", "once_per_game")}
    for seed in range(3):
        players = [f"Bot {i}" for i in range(4)]
        state = RULES.new_game(checked_options({"expansion": "daybreak"}, players), players,
                               seed)
        bots = random.Random(seed)
        for _ in range(20_000):
            if state["result"] is not None:
                break
            prompt = bots.choice(RULES.prompts(state))
            chosen = random_answer(prompt, bots)
            if prompt["kind"] == "character":
                mine = [o["action"] for o in prompt["options"]
                        if o["action"].get("character") == character]
                chosen = mine[0] if mine else chosen
            state, events = act(RULES, state, prompt["seat"], chosen)
            check_invariants(state)
            used |= {key for e in events for name, key in names.items()
                     if f"uses {name}" in e["text"] or f": {name}" in e["text"]}
        assert state["result"] is not None
        assert any(d.get("character") == character for d in state["seats"])
    # Doral's sheet acts through lasting rules and Meticulous, which random bots rarely reach
    assert used or character == DORAL
