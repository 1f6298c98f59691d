"""Daybreak's new human characters and alternate versions (rules digest DB-3.3, DB-4, DB-6.8,
DB-14, §17, B.8; Russian rulebook «Листы персонажей», «Альтернативные версии персонажей»,
«Новый порядок преемственности»): their sheets, each ability at its moment, choosing them
beside the base characters, and the updated lines of succession."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.pick import first_answer
from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.overlays import game_location
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.setup import allowed_characters
from app.games.bsg.succession import rank
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
    TYROL,
    ZAREK,
    Scenario,
    action,
    crisis_step,
    damage_token,
    empty_space,
    finished,
    give_any,
    hand,
    ids,
    name,
    no_cards,
    prompt_is,
    run,
    run_turn,
    stand,
    top,
)

BALTAR_ALT, HELO_ALT = "gaius_baltar_alt", "karl_agathon_alt"
COTTLE, LAMPKIN, HOSHI = "sherman_cottle", "romo_lampkin", "louis_hoshi"


def daybreak(cast: list[str], humans: bool = True) -> Scenario:
    s = Scenario(cast, expansion="daybreak", humans=humans)
    no_cards(s)
    return s


def tokens(s: Scenario) -> list[int]:
    return [seat["miracles"] for seat in s.state["seats"]]


def set_tokens(s: Scenario, *counts: int) -> None:
    for seat, count in zip(s.state["seats"], counts, strict=True):
        seat["miracles"] = count
    s.state["miracle_supply"] = 10 - sum(counts)


def effects(*ops: dict[str, Any]) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0, "ctx": {}}


def label(character: str, key: str, cost: int = 1) -> str:
    ability = catalog.CHARACTERS[character][key]
    if key == "once_per_game":
        tokens_ = "1 token" if cost == 1 else f"{cost} tokens"
        return f"{ability['name']} (Miracle ability, discard {tokens_}): {ability['text']}"
    return f"{ability['name']}: {ability['text']}"


def skill_set(character: str) -> list[tuple[tuple[str, ...], int]]:
    return [(tuple(s["types"]), s["count"]) for s in catalog.CHARACTERS[character]["skills"]]


# ---- the sheets ----------------------------------------------------------------------------


@pytest.mark.parametrize(("character", "kind", "skills", "start", "ranks"), [
    (BALTAR_ALT, "support",
     [(("politics",), 2), (("leadership",), 2), (("engineering",), 1)],
     "admirals_quarters", {"admiral": 22, "president": 14}),
    (HELO_ALT, "pilot",
     [(("leadership",), 2), (("tactics",), 2), (("piloting",), 1)],
     "admirals_quarters", {"admiral": 10, "president": 20}),
    (COTTLE, "support",
     [(("politics",), 1), (("tactics",), 2), (("engineering",), 2)],
     "research_lab", {"admiral": 18, "president": 16}),
    (LAMPKIN, "political", [(("politics",), 3), (("tactics",), 2)],
     "administration", {"admiral": 24, "president": 5}),
    (HOSHI, "military", [(("leadership",), 2), (("tactics",), 2), (("engineering",), 1)],
     "communications", {"admiral": 6, "president": 19}),
])
def test_a_sheet_has_its_type_skill_set_start_and_ranks(
        character: str, kind: str, skills: list[Any], start: str, ranks: dict[str, int]
) -> None:
    card = catalog.CHARACTERS[character]
    assert card["set"] == "daybreak"
    assert (card["type"], skill_set(character), card["start_location"]) == (kind, skills, start)
    assert card["succession"] == ranks
    s = daybreak([character, ADAMA, ROSLIN])
    # on Daybreak's board the Colonial One overlay covers the printed start location
    assert s.state["seats"][0]["location"] == game_location(s.state, start)


def test_only_daybreak_games_offer_the_daybreak_characters() -> None:
    assert all(catalog.CHARACTERS[c]["set"] == "base" for c in catalog.characters(("base",)))
    assert BALTAR_ALT in catalog.characters(("base", "daybreak"))


# ---- Gaius Baltar (alternate) --------------------------------------------------------------


def test_alternate_baltar_gets_1_loyalty_card_and_adds_none_to_the_deck() -> None:
    """DB-5.4/5.5: only the original Baltar adds a Not a Cylon card and is dealt 2."""
    for cast, dealt, deck_extra in (([BALTAR_ALT, ADAMA, ROSLIN], 1, 0),
                                    ([BALTAR, ADAMA, ROSLIN], 2, 1)):
        s = daybreak(cast, humans=False)
        assert len(s.state["seats"][0]["loyalty"]) == dealt
        in_game = len(s.state["decks"]["loyalty"]) + sum(
            len(seat["loyalty"]) for seat in s.state["seats"])
        assert in_game == 6 + deck_extra  # 3 players: 1 Cylon + 5 Not a Cylon, + Baltar's


@pytest.mark.parametrize(("before", "after"), [(0, 1), (2, 3), (3, 3)])
def test_alternate_baltar_may_hold_up_to_3_tokens(before: int, after: int) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, before, 1, 1)
    run(s, effects({"gain_miracle": {"who": "each"}}), current=0)
    assert tokens(s) == [after, 1, 1]


def test_alternate_baltar_below_3_may_be_chosen_to_gain_a_token() -> None:
    s = daybreak([ADAMA, BALTAR_ALT, ROSLIN])
    set_tokens(s, 1, 2, 1)
    choose = {"choose_character": {"who": "current", "among": ["can_gain_miracle"],
                                   "effects": [{"gain_miracle": {"who": "chosen"}}]}}
    run(s, effects(choose), current=0)
    assert tokens(s) == [1, 3, 1]  # the only one who may gain: taken without asking
    assert finished(s)


def test_cult_leader_gives_a_token_to_a_player_in_his_location() -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, 2, 0, 1)
    stand(s, 1, "admirals_quarters")
    stand(s, 2, "admirals_quarters")
    action(s, 0)
    assert label(BALTAR_ALT, "ability") in s.labels()
    s.do("Cult Leader")
    # Adama has no token to take, Roslin may hold no second one
    assert s.labels() == [f"Give a Miracle token to {name(s, 1)}",
                          f"Take the Miracle token of {name(s, 2)}"]
    s.do("Give a Miracle token")
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert f"{name(s, 0)} hands a Miracle token to {name(s, 1)}" in s.log()
    assert finished(s)


@pytest.mark.parametrize(("mine", "offered"), [(2, True), (3, False)])
def test_cult_leader_takes_a_token_up_to_3(mine: int, offered: bool) -> None:
    """At 3 tokens Baltar may take none, and Adama, holding his 1, may be given none: the
    action is not offered at all."""
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, mine, 1, 1)
    stand(s, 1, "admirals_quarters")
    action(s, 0)
    assert (label(BALTAR_ALT, "ability") in s.labels()) == offered
    if offered:
        s.do("Cult Leader")  # the only trade: taken without asking
        assert tokens(s) == [3, 0, 1] and s.state["miracle_supply"] == 6
        assert finished(s)


def test_cult_leader_is_not_offered_with_nobody_to_trade_with() -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    stand(s, 1, "command")  # nobody in Admiral's Quarters
    set_tokens(s, 1, 1, 1)
    action(s, 0)
    assert label(BALTAR_ALT, "ability") not in s.labels()
    s.do("Do nothing")
    stand(s, 1, "admirals_quarters")  # there, but neither may give nor take
    set_tokens(s, 0, 0, 1)
    action(s, 0)
    assert label(BALTAR_ALT, "ability") not in s.labels()


@pytest.mark.parametrize("held", [2, 3])
def test_broadcast_costs_3_tokens_and_raises_a_resource_by_2(held: int) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, held, 1, 1)
    stand(s, 0, "sickbay")  # no location action
    action(s, 0)
    broadcast = label(BALTAR_ALT, "once_per_game", cost=3)
    assert (broadcast in s.labels()) == (held == 3)
    if held < 3:
        return
    s.do("Broadcast")
    assert s.labels() == ["Fuel +2", "Food +2", "Morale +2", "Population +2"]
    s.do("Food +2")
    assert s.state["resources"] == {**START, "food": START["food"] + 2}
    assert tokens(s) == [0, 1, 1] and s.state["miracle_supply"] == 8
    assert f"{name(s, 0)} discards 3 Miracle tokens" in s.log()
    assert finished(s)


@pytest.mark.parametrize(("where", "offered"), [("command", False), ("brig", True)])
def test_spiritual_crisis_reveals_only_from_the_brig(where: str, offered: bool) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN], humans=False)
    g = s.edit()
    cylon = next(u for u in catalog.uids("loyalty", g.sets) if catalog.card(u)["team"] == "cylon"
                 and u not in s.state["seats"][0]["loyalty"])
    for pile in (s.state["boxed"], s.state["decks"]["loyalty"],
                 *(seat["loyalty"] for seat in s.state["seats"])):
        if cylon in pile:
            pile.remove(cylon)
    s.state["seats"][0]["loyalty"].append(cylon)
    stand(s, 0, where)
    action(s, 0)
    assert any(lb.startswith("Reveal") for lb in s.labels()) == offered


# ---- Karl "Helo" Agathon (alternate) -------------------------------------------------------


def test_raptor_pilot_a_launch_scout_shows_2_cards_put_back_in_any_order(
        dice: list[int]) -> None:
    s = daybreak([ADAMA, ZAREK, HELO_ALT])
    s.give_cards(2, "launch_scout_1")
    s.stack("destination", "remote_planet", "deep_space", "cylon_ambush")
    action(s, 2)
    dice.append(3)
    s.do("Play Launch Scout")
    s.do("The destination deck")
    prompt = prompt_is(s, 2, "peek")
    assert prompt["text"] == ("Put the 2 cards you looked at back one by one, each on the top "
                              "or on the bottom of the destination deck")
    assert s.labels() == ["Put Remote Planet on top", "Put Remote Planet on the bottom",
                          "Put Deep Space on top", "Put Deep Space on the bottom"]
    s.do("Put Remote Planet on top")
    assert s.labels() == ["Put Deep Space on top", "Put Deep Space on the bottom"]
    s.do("Put Deep Space on top")  # now above Remote Planet
    assert top(s, "destination", 3) == ["deep_space", "remote_planet", "cylon_ambush"]
    seen = [(e["text"], e["to"]) for e in s.events if e["kind"] == "peek"]
    assert seen == [
        ("You look at the top 2 destination cards, the top one first: Remote Planet, Deep Space",
         [2]),
        (f"{name(s, 2)} puts a card they looked at on top of the destination deck", None),
        (f"{name(s, 2)} puts a card they looked at on top of the destination deck", None)]
    for seat in (None, 0, 1):  # the others never see which cards
        assert "remote_planet" not in str(RULES.view(s.state, seat))
    assert finished(s)


def test_raptor_pilot_a_card_may_go_to_the_bottom(dice: list[int]) -> None:
    s = daybreak([ADAMA, ZAREK, HELO_ALT])
    s.give_cards(2, "launch_scout_1")
    s.stack("crisis", "security_breach", "food_shortage")
    action(s, 2)
    dice.append(3)
    s.do("Play Launch Scout")
    s.do("The crisis deck")
    s.do("Put Food Shortage on the bottom")
    s.do("Put Security Breach on top")
    assert top(s, "crisis") == ["security_breach"]
    assert ids(s.state["decks"]["crisis"][:1]) == ["food_shortage"]
    assert "scouted" not in s.state["aside"]


def test_a_base_launch_scout_still_shows_1_card(dice: list[int]) -> None:
    s = daybreak([ADAMA, ZAREK, TYROL])
    s.give_cards(2, "launch_scout_1")
    s.stack("destination", "remote_planet", "deep_space")
    action(s, 2)
    dice.append(3)
    s.do("Play Launch Scout")
    s.do("The destination deck")
    assert s.labels() == ["Leave Remote Planet on top", "Put Remote Planet on the bottom"]


@pytest.mark.parametrize("held", [0, 1])
def test_no_one_gets_left_behind_trades_1_fuel_for_2_population_when_jumping(
        held: int) -> None:
    s = daybreak([ADAMA, ZAREK, HELO_ALT])
    set_tokens(s, 1, 1, held)
    s.want("No One Gets Left Behind")
    run(s, {"step": "jump", "stage": "start"}, current=0)
    if held == 0:  # no token: not asked
        assert s.prompt["kind"] == "destination"
        return
    prompt = prompt_is(s, 2, "ability")
    ability = catalog.CHARACTERS[HELO_ALT]["once_per_game"]
    assert prompt["text"] == (f"Use {ability['name']} (Miracle ability, discard 1 token)? "
                              f"{ability['text']}")
    s.do("Use No One Gets Left Behind")
    assert s.state["resources"] == {**START, "fuel": START["fuel"] - 1,
                                    "population": START["population"] + 2}
    assert tokens(s) == [1, 1, 0]
    assert s.prompt["kind"] == "destination"  # then the jump goes on


@pytest.mark.parametrize(("where", "drawn"), [("command", 5), ("press_room", 4)])
def test_family_commitments_off_galactica_draw_1_card_fewer(where: str, drawn: int) -> None:
    s = daybreak([ADAMA, ZAREK, HELO_ALT])
    stand(s, 2, where)
    run(s, {"step": "receive_skills", "seat": 2, "splits": []}, current=2)
    if drawn == 4:
        prompt = prompt_is(s, 2, "receive_skills")
        assert prompt["text"] == "Receive Skills: you draw 1 card fewer; of which type?"
        assert s.labels() == ["One Leadership card fewer", "One Tactics card fewer",
                              "One Piloting card fewer"]
        s.do("One Tactics card fewer")
    hand_types = sorted(catalog.skill_type(u) for u in s.state["seats"][2]["hand"])
    expected = {5: ["leadership"] * 2 + ["piloting"] + ["tactics"] * 2,
                4: ["leadership"] * 2 + ["piloting"] + ["tactics"]}[drawn]
    assert hand_types == expected
    assert finished(s)


# ---- Sherman "Doc" Cottle ------------------------------------------------------------------


def test_treatment_draws_2_of_the_patients_skill_set_then_gives_2_cards() -> None:
    s = daybreak([COTTLE, ADAMA, ROSLIN])
    s.give_cards(0, "repair_1")
    s.stack("skill:leadership", "executive_order_1", "executive_order_2")
    action(s, 0)
    assert label(COTTLE, "ability") in s.labels()
    s.do("Treatment")
    assert s.labels() == [name(s, 1), name(s, 2)]  # another human player
    s.do(name(s, 1))
    assert s.labels() == ["2 Leadership", "1 Leadership, 1 Tactics", "2 Tactics"]  # Adama's
    s.do("2 Leadership")
    prompt = prompt_is(s, 0, "give_skills")
    assert prompt["text"] == f"Choose the 2 skill cards you give to {name(s, 1)}"
    s.pick("Give Executive Order (Leadership 1)", "Give Repair")
    assert hand(s, 0) == ["executive_order_2"]
    assert hand(s, 1) == ["executive_order_1", "repair_1"]
    gave = [(e["text"], e["to"], e.get("not_to")) for e in s.events if e["kind"] == "give"]
    assert gave[0][1] == [0, 1]
    assert "Executive Order" in gave[0][0] and "Repair" in gave[0][0]
    assert gave[1][0] == f"{name(s, 0)} gives {name(s, 1)} 2 skill cards"
    assert gave[1][2] == [0, 1]
    assert finished(s)


def test_quarantine_looks_at_every_civilian_ship_and_sends_one_back() -> None:
    s = daybreak([COTTLE, ADAMA, ROSLIN])
    st = s.state
    on_board = [(a, list(ships["civilians"])) for a, ships in st["space"].items()
                if ships["civilians"]]
    area, ships = on_board[0]
    total = sum(len(c) for _, c in on_board)
    pile = len(st["decks"]["civilian_ship"])
    action(s, 0)
    assert label(COTTLE, "once_per_game") in s.labels()
    s.do("Quarantine")
    prompt = prompt_is(s, 0, "civilians")
    assert prompt["text"] == ("Choose the civilian ship that goes back to the pile of unused "
                              "ships")
    assert len(s.labels()) == total
    picked = ships[0]
    s.do(s.labels()[0])
    st = s.state
    assert picked not in st["space"][area]["civilians"]
    assert picked in st["decks"]["civilian_ship"]
    assert len(st["space"][area]["civilians"]) == len(ships)  # a new one took its place
    assert len(st["decks"]["civilian_ship"]) == pile
    assert tokens(s)[0] == 0
    seen = [e for e in s.events if e["kind"] == "civilians" and e["to"] == [0]]
    assert len(seen) == total  # only Cottle saw which ships
    for seat in (None, 1, 2):
        assert "civilians" not in RULES.view(st, seat)
    assert finished(s)


def test_quarantine_with_an_empty_pile_leaves_the_space_empty() -> None:
    s = daybreak([COTTLE, ADAMA, ROSLIN])
    st = s.state
    for ships in st["space"].values():
        st["decks"]["civilian_ship"].extend(ships["civilians"])
        ships["civilians"].clear()
    area = next(iter(st["space"]))
    st["space"][area]["civilians"].append(st["decks"]["civilian_ship"].pop())
    spare = list(st["decks"]["civilian_ship"])
    st["decks"]["civilian_ship"].clear()
    st["removed"].extend(spare)  # out of the way for this test
    action(s, 0)
    s.do("Quarantine")
    s.do("Civilian ship 1")  # asked even with one ship: its options name a hidden ship
    assert s.state["space"][area]["civilians"] == []
    assert len(s.state["decks"]["civilian_ship"]) == 1
    assert any("no ship is left to take its place" in t for t in s.log())


def test_quarantine_is_not_offered_with_no_civilian_ship_in_space() -> None:
    s = daybreak([COTTLE, ADAMA, ROSLIN])
    for ships in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(ships["civilians"])
        ships["civilians"].clear()
    action(s, 0)
    assert label(COTTLE, "once_per_game") not in s.labels()


def test_specialized_cottle_may_not_play_engineering_actions() -> None:
    s = daybreak([COTTLE, TYROL, ROSLIN])
    damage_token(s, "command")
    stand(s, 0, "command")
    s.give_cards(0, "repair_1")
    action(s, 0)
    assert not any(lb.startswith("Play Repair") for lb in s.labels())
    s.do("Do nothing")
    stand(s, 1, "command")
    s.give_cards(1, "repair_2")
    action(s, 1)
    assert any(lb.startswith("Play Repair") for lb in s.labels())


# ---- Romo Lampkin --------------------------------------------------------------------------


def discard_first(s: Scenario) -> None:
    """Answer every discard prompt with its first option(s)."""
    while s.prompt["kind"] == "discard":
        prompt = s.prompt
        s.do_action(prompt["seat"], first_answer(prompt))


@pytest.mark.parametrize(("cast", "left"), [
    ([LAMPKIN, ADAMA, ROSLIN], 6 - 2),  # current player: 3 - 1
    ([LAMPKIN, ADAMA, TIGH], 6 - 4),  # President and current: (2 - 1) + 3, once per card
])
def test_deceitful_a_crisis_card_makes_him_discard_1_fewer_once(
        cast: list[str], left: int) -> None:
    s = daybreak(cast)
    empty_space(s)
    give_any(s, 0, "politics", 6)
    president = s.state["president"]
    crisis_step(s, 0, "food_shortage")
    s.do("Food -1", seat=president)
    discard_first(s)
    assert len(s.state["seats"][0]["hand"]) == left
    assert f"{name(s, 0)} discards 1 card fewer for this Crisis card" in s.log()
    assert finished(s)


def test_deceitful_not_for_a_discard_outside_a_crisis() -> None:
    s = daybreak([LAMPKIN, ADAMA, ROSLIN])
    give_any(s, 0, "politics", 3)
    run(s, effects({"discard_skills": {"who": "current", "count": 2}}), current=0)
    discard_first(s)
    assert len(s.state["seats"][0]["hand"]) == 1


def test_attorney_frees_a_character_from_the_brig_and_takes_their_cards() -> None:
    s = daybreak([LAMPKIN, ADAMA, ROSLIN])
    stand(s, 1, "brig")
    give_any(s, 1, "leadership", 2)
    give_any(s, 0, "tactics", 1)
    action(s, 0)
    assert label(LAMPKIN, "once_per_game") in s.labels()
    s.do("Attorney")  # Adama is the only one in the Brig: picked without asking
    assert "Brig" not in " ".join(s.labels()) and "Sickbay" not in " ".join(s.labels())
    s.do("Command")
    st = s.state
    assert st["seats"][1]["location"] == "command"
    assert len(st["seats"][0]["hand"]) == 3 and st["seats"][1]["hand"] == []
    assert tokens(s) == [0, 1, 1]
    took = [e for e in s.events if e["kind"] == "give"]
    assert took[0]["to"] == [0, 1]
    assert took[1]["text"] == f"{name(s, 0)} takes the 2 skill cards of {name(s, 1)}"
    assert finished(s)


def test_attorney_is_not_offered_with_nobody_in_the_brig() -> None:
    s = daybreak([LAMPKIN, ADAMA, ROSLIN])
    action(s, 0)
    assert label(LAMPKIN, "once_per_game") not in s.labels()


@pytest.mark.parametrize(("cards", "with_other", "kept", "to_brig"), [
    (3, True, 1, False), (2, True, 0, False), (1, True, 1, True), (3, False, 3, False)])
def test_kleptomania_ending_movement_beside_another_character(
        cards: int, with_other: bool, kept: int, to_brig: bool) -> None:
    s = daybreak([LAMPKIN, ADAMA, ROSLIN])
    give_any(s, 0, "politics", cards)
    stand(s, 0, "command")
    stand(s, 1, "command" if with_other else "weapons_control")
    run(s, {"step": "after_movement", "seat": 0}, current=0)
    discard_first(s)
    assert len(s.state["seats"][0]["hand"]) == kept
    assert s.state["seats"][0].get("brig_at_end_of_turn", False) == to_brig
    run(s, {"step": "end_turn", "stage": "abilities"}, current=0)
    discard_first(s)
    assert s.state["seats"][0]["location"] == ("brig" if to_brig else "command")


def test_a_daybreak_turn_ends_its_movement_step_with_the_sheets_that_act_then() -> None:
    s = daybreak([LAMPKIN, ADAMA, ROSLIN])
    stand(s, 1, "command")
    give_any(s, 0, "politics", 4)
    run_turn(s, 0, phase=2)  # Movement, from Administration
    s.do("Command")
    discard_first(s)  # 1 to change ship, then 2 for Kleptomania
    assert len(s.state["seats"][0]["hand"]) == 1
    assert s.prompt["kind"] == "action"


# ---- Louis Hoshi ---------------------------------------------------------------------------


def no_civilians_in_space(s: Scenario) -> None:
    for ships in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(ships["civilians"])
        ships["civilians"].clear()


def test_dutiful_discards_1_to_activate_communications_again_once_a_turn() -> None:
    s = daybreak([HOSHI, ADAMA, ROSLIN])
    no_civilians_in_space(s)  # Communications then does nothing: the test is the repeat
    give_any(s, 0, "tactics", 2)
    s.want("Dutiful")
    action(s, 0, left=2)
    s.do("Activate Communications")
    prompt = prompt_is(s, 0, "ability")
    assert prompt["text"].startswith("Use Dutiful?")
    s.do("Use Dutiful")
    discard_first(s)
    assert len(s.state["seats"][0]["hand"]) == 1
    assert s.log().count(f"{name(s, 0)} activates Communications") == 2
    s.do("Activate Communications")  # the second action: no second repeat this turn
    assert s.log().count(f"{name(s, 0)} activates Communications") == 3
    assert finished(s)


def test_dutiful_is_not_offered_without_a_card_to_discard() -> None:
    s = daybreak([HOSHI, ADAMA, ROSLIN])
    no_civilians_in_space(s)
    s.want("Dutiful")
    action(s, 0)
    s.do("Activate Communications")
    assert finished(s)


def test_organized_activates_up_to_3_different_locations_from_anywhere() -> None:
    s = daybreak([HOSHI, ADAMA, ROSLIN])
    no_civilians_in_space(s)
    stand(s, 0, "sickbay")
    action(s, 0)
    assert label(HOSHI, "once_per_game") in s.labels()
    s.do("Organized")
    prompt = prompt_is(s, 0, "activate_locations")
    assert prompt["text"] == "Organized: activate up to 3 more locations"
    assert any(lb.startswith("Activate Communications:") for lb in s.labels())
    assert not any("Resurrection Ship" in lb for lb in s.labels())  # no Cylon location
    s.do("Activate Communications")
    assert not any(lb.startswith("Activate Communications:") for lb in s.labels())
    s.do("Activate no more locations")
    assert tokens(s) == [0, 1, 1]
    assert finished(s)


def test_organized_is_not_offered_in_the_brig() -> None:
    s = daybreak([HOSHI, ADAMA, ROSLIN])
    stand(s, 0, "brig")
    action(s, 0)
    assert label(HOSHI, "once_per_game") not in s.labels()


@pytest.mark.parametrize("cards", [1, 2])
def test_reluctant_a_skill_card_action_costs_another_card(cards: int) -> None:
    s = daybreak([HOSHI, ADAMA, ROSLIN])
    stand(s, 0, "sickbay")
    s.give_cards(0, "consolidate_power_1")
    if cards == 2:
        s.give_cards(0, "executive_order_1")
    action(s, 0)
    offered = any(lb.startswith("Play Consolidate Power") for lb in s.labels())
    assert offered == (cards == 2)
    if cards == 1:
        return
    s.do("Play Consolidate Power")  # his only other card goes first, without asking
    assert s.prompt["kind"] == "draw_skills"
    assert s.state["seats"][0]["hand"] == []
    assert f"{name(s, 0)} discarded Executive Order (Leadership 1)" in s.log()
    s.do(s.labels()[0])  # the 2 cards Consolidate Power draws
    assert len(s.state["seats"][0]["hand"]) == 2


# ---- choosing characters (DB-4.2, A-4) -----------------------------------------------------


def chooser(characters: list[str | None]) -> Game:
    names = [f"P{i}" for i in range(len(characters))]
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, 1)
    for seat, character in zip(state["seats"], characters, strict=True):
        seat["character"] = character
    return Game(state)


@pytest.mark.parametrize(("taken", "other"), [(BALTAR, BALTAR_ALT), (BALTAR_ALT, BALTAR)])
def test_either_version_of_a_person_excludes_the_other(taken: str, other: str) -> None:
    # Apollo taken: 3 political, 3 military, 3 pilots left, every type open
    assert other in allowed_characters(chooser([None, APOLLO, None]))
    assert other not in allowed_characters(chooser([taken, APOLLO, None]))


def test_the_unchosen_version_still_counts_in_its_type() -> None:
    """The alternate Helo (pilot) taken: the original (military) may not be chosen but still
    counts as a military leader left (A-4)."""
    # political 5 (Roslin, Baltar, Zarek, Lampkin, the alternate Lee), military 5 with Helo
    # (Adama, Tigh, Hoshi, the alternate Zarek), pilots 4 left: political and military leaders
    # are open, pilots are not
    allowed = allowed_characters(chooser([HELO_ALT, None, None]))
    assert {ROSLIN, LAMPKIN, ADAMA, TIGH, HOSHI, TYROL} <= set(allowed)
    assert not {HELO, APOLLO} & set(allowed)
    # Lampkin taken too: military (5 with Helo) leads alone
    allowed = allowed_characters(chooser([HELO_ALT, LAMPKIN, None]))
    assert {catalog.CHARACTERS[c]["type"] for c in allowed} == {"military", "support"}
    assert {ADAMA, TIGH, HOSHI, TYROL} <= set(allowed) and HELO not in allowed


def test_the_excluded_version_can_make_its_type_lead() -> None:
    """The original Helo (military), Lampkin, Hoshi and Roslin taken: the alternate Helo still
    counts as a pilot, so the pilots (the most left with him: political and military leaders
    3 each) lead and only pilots or support may be chosen."""
    allowed = allowed_characters(chooser([HELO, LAMPKIN, HOSHI, ROSLIN, None]))
    # a Cylon Leader stands outside the type count
    assert {catalog.CHARACTERS[c]["type"] for c in allowed} == {"pilot", "support",
                                                                "cylon_leader"}
    assert {APOLLO, KARA, BOOMER, TYROL, BALTAR_ALT} <= set(allowed)
    assert HELO_ALT not in allowed


def test_a_base_game_offers_only_base_characters_by_the_base_rule() -> None:
    names = ["A", "B", "C"]
    state = RULES.new_game(checked_options({}, names), names, 1)
    offered = [o["action"]["character"] for o in state["asks"][0]["options"]]
    assert BALTAR_ALT not in offered


# ---- lines of succession (DB-14) -----------------------------------------------------------


def test_daybreak_games_rank_by_the_updated_lines_base_games_by_the_base_ones() -> None:
    base, dawn = chooser([ADAMA, None, None]), chooser([ADAMA, None, None])
    base.state["options"] = {"difficulty": "standard"}
    assert [rank(base, c, "admiral") for c in (ADAMA, TIGH, HELO, APOLLO, KARA)] == [1, 2, 3, 4, 5]
    assert [rank(dawn, c, "admiral") for c in (ADAMA, TIGH, HELO, APOLLO, KARA)] == [2, 3, 4, 8, 11]
    assert [rank(dawn, c, "president") for c in (ROSLIN, BALTAR, ZAREK, APOLLO, ADAMA)] == [
        1, 2, 4, 8, 11]
    assert rank(dawn, BOOMER, "president") == 21 and rank(dawn, BALTAR_ALT, "president") == 14


def test_titles_at_setup_follow_the_daybreak_lines() -> None:
    """Tyrol is 13th for President, the alternate Baltar 14th; for Admiral Tyrol 16th, the
    alternate Baltar 22nd."""
    s = daybreak([BALTAR_ALT, TYROL, KARA])
    assert (s.state["president"], s.state["admiral"]) == (1, 2)
    s = daybreak([BALTAR_ALT, TIGH, ROSLIN])
    assert (s.state["president"], s.state["admiral"]) == (2, 1)
