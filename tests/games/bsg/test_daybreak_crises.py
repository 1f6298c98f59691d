"""Scenario tests of Daybreak's Crisis cards (DB-3.5; the card facts in the digest's Appendix
B.2, shared/rules/bsg-daybreak.md): each card's pass, partial and fail (or both options, or
the check and its alternative), its numbers at their boundaries, its activation and Prepare for
Jump icons, and for a Cylon Attack its setup and special rule, in a Daybreak game.

Every test starts from an empty board and empty hands; the Destiny deck is stacked so that the
check's total is known, and dice are scripted with the `dice` fixture. A sentinel prompt
(`helpers.halt`) marks the end of each scenario, so a test sees that nothing else was pending.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.games.bsg import catalog
from app.games.bsg.statics import forbidden, viper_activation_cost
from tests.games.bsg.helpers import (
    ADAMA,
    AT,
    BALTAR,
    KARA,
    START,
    TIGH,
    TO,
    Scenario,
    action,
    contribute,
    crisis_step,
    empty_space,
    finished,
    hand,
    ids,
    no_cards,
    pilot,
    run,
    set_destiny,
    stand,
)

# seat 0 Adama: Admiral; seat 1 Starbuck: the current player in every crisis here (no ability
# of hers touches a crisis); seat 2 Tigh; seat 3 Baltar: President.
CAST = [ADAMA, KARA, TIGH, BALTAR]
ADMIRAL, CURRENT, OFFICER, PRESIDENT = 0, 1, 2, 3
MUTINEER = "you_are_a_mutineer"  # the Daybreak loyalty card (cards/daybreak/loyalty.yaml)

# a skill card of each type and strength (its id), to stack the Destiny deck with
CARD = {
    "politics": {1: "consolidate_power_1", 2: "consolidate_power_2",
                 3: "investigative_committee_3", 4: "investigative_committee_4",
                 5: "investigative_committee_5"},
    "leadership": {1: "executive_order_1", 2: "executive_order_2", 3: "declare_emergency_3",
                   4: "declare_emergency_4", 5: "declare_emergency_5"},
    "tactics": {1: "launch_scout_1", 2: "launch_scout_2", 3: "strategic_planning_3",
                4: "strategic_planning_4", 5: "strategic_planning_5"},
    "piloting": {1: "evasive_maneuvers_1", 2: "evasive_maneuvers_2", 3: "maximum_firepower_3",
                 4: "maximum_firepower_4", 5: "maximum_firepower_5"},
    "engineering": {1: "repair_1", 2: "repair_2", 3: "scientific_research_3",
                    4: "scientific_research_4", 5: "scientific_research_5"},
}
FRONT, FRONT_UPPER, REAR_UPPER, REAR, REAR_LOWER, FRONT_LOWER = (
    "front", "front_upper", "rear_upper", "rear", "rear_lower", "front_lower")


# ---- helpers -------------------------------------------------------------------------------


def new() -> Scenario:
    """A Daybreak game after setup: empty hands, an empty space (all 8 vipers in the Reserves,
    the 12 civilian ships in their pile), once-per-game powers spent."""
    s = Scenario(CAST, expansion="daybreak")
    no_cards(s)
    empty_space(s)
    assert s.state["reserves"]["viper"] == 8
    for data in s.state["seats"]:  # whoever was dealt the Mutineer at setup gives it back
        for uid in [u for u in data["shown_loyalty"] if catalog.card(u)["id"] == MUTINEER]:
            data["shown_loyalty"].remove(uid)
            s.state["boxed"].append(uid)
        s.state["decks"]["mutiny"] += data["mutiny"]
        data["mutiny"] = []
        data["location"] = catalog.CHARACTERS[data["character"]]["start_location"]
    s.state["admiral"], s.state["president"] = ADMIRAL, PRESIDENT
    for data in s.state["seats"]:
        data["once_used"] = True
    return s


def destiny(*cards: tuple[str, int]) -> list[str]:
    return [CARD[t][n] for t, n in cards]


def check(s: Scenario, card: str, destiny_cards: list[str],
          plays: dict[int, list[str]] | None = None, alternative: str | None = None) -> None:
    """The current player's Crisis step with `card`: the Destiny deck gives `destiny_cards`,
    then the seats add `plays` (labels). For a card with an alternative, the check is picked
    unless `alternative` (a part of the alternative's label) is."""
    set_destiny(s, *destiny_cards)
    crisis_step(s, CURRENT, card)
    if catalog.carddata.card(card).get("alternative"):
        assert s.prompt["seat"] == CURRENT
        s.do(alternative or "Skill check (")
        if alternative:
            return
    contribute(s, plays or {})


def give(s: Scenario, seat: int, *cards: tuple[str, int]) -> None:
    s.give_cards(seat, *destiny(*cards))


def resources(**changes: int) -> dict[str, int]:
    return {k: v + changes.get(k, 0) for k, v in START.items()}


def ships(s: Scenario) -> dict[str, dict[str, int]]:
    out = {}
    for area, a in s.state["space"].items():
        counts = {"raider": a["raider"], "heavy_raider": a["heavy_raider"],
                  "basestar": len(a["basestars"]), "viper": len(a["vipers"]),
                  "civilian": len(a["civilians"])}
        counts = {k: v for k, v in counts.items() if v}
        if counts:
            out[area] = counts
    return out


def in_play(s: Scenario) -> list[str]:
    return [catalog.card(e["uid"])["id"] for e in s.state["in_play"]]


def mutiny(s: Scenario, seat: int) -> int:
    """How many Mutiny cards a seat holds."""
    return len(s.state["seats"][seat]["mutiny"])


def give_mutiny(s: Scenario, seat: int) -> None:
    s.state["seats"][seat]["mutiny"].append(s.state["decks"]["mutiny"].pop())


def treachery(s: Scenario, seat: int) -> int:
    """How many Treachery cards a seat holds."""
    return sum(catalog.skill_type(u) == "treachery" for u in s.state["seats"][seat]["hand"])


def destiny_treachery(s: Scenario) -> int:
    """How many Treachery cards are in the Destiny deck."""
    return sum(catalog.skill_type(u) == "treachery" for u in s.state["decks"]["destiny"])


def crisis_discards(s: Scenario) -> list[str]:
    return ids(s.state["discards"]["crisis"])


def damage_next(s: Scenario, *tokens: str) -> None:
    """The next Galactica damage tokens drawn (location tokens: no resource changes)."""
    s.stack("galactica_damage", *tokens)


def damaged(s: Scenario) -> list[str]:
    return ids(s.state["damage"])


def resolve(s: Scenario, *ops: dict[str, Any], seat: int = CURRENT) -> None:
    run(s, {"step": "effects", "ops": list(ops), "i": 0, "ctx": {"self": seat}}, current=seat)


def jump(s: Scenario) -> None:
    """The fleet reaches Auto-Jump; the Admiral takes Barren Planet (-2 fuel)."""
    s.state["jump_track"] = 4
    s.stack("destination", "barren_planet", "remote_planet")
    resolve(s, {"jump_track": {"steps": 1}})
    s.do("Barren Planet", seat=ADMIRAL)


def test_the_daybreak_cards_are_in_the_crisis_deck_of_a_daybreak_game_only() -> None:
    s = new()
    daybreak = {c["id"] for c in catalog.carddata.cards_of("crisis") if c["set"] == "daybreak"}
    pile = {catalog.card(u)["id"] for u in s.state["decks"]["crisis"]}
    assert daybreak and daybreak <= pile
    base = Scenario(CAST)
    assert not daybreak & {catalog.card(u)["id"] for u in base.state["decks"]["crisis"]}


# ---- skill checks --------------------------------------------------------------------------


def test_consult_the_hybrid_pass_at_10_a_mutiny_card_and_2_skill_cards_of_any_types() -> None:
    s = new()
    check(s, "consult_the_hybrid", destiny(("politics", 5), ("leadership", 5)))
    assert mutiny(s, CURRENT) == 1
    assert s.prompt["seat"] == CURRENT
    assert "2 Engineering" in s.labels()  # outside Starbuck's skill set too
    s.do("1 Politics, 1 Engineering")
    assert sorted(catalog.skill_type(u) for u in s.state["seats"][CURRENT]["hand"]) == [
        "engineering", "politics"]
    assert s.state["resources"] == START
    assert s.state["jump_track"] == 1 and finished(s)


def test_consult_the_hybrid_fails_at_9_food_and_2_treachery_cards_into_the_destiny_deck(
        ) -> None:
    s = new()
    check(s, "consult_the_hybrid", destiny(("politics", 5), ("leadership", 4)))
    before = destiny_treachery(s)
    assert s.state["resources"] == resources(food=-1)
    assert mutiny(s, CURRENT) == 0
    assert before == 2 + 2  # the Destiny deck's own 2, and the card's 2
    assert finished(s)


@pytest.mark.parametrize("leadership, partial", [(4, False), (3, True)])
def test_give_in_to_despair_pass_at_14_nothing_13_partial(leadership: int, partial: bool
                                                          ) -> None:
    s = new()
    give(s, OFFICER, ("leadership", leadership))
    check(s, "give_in_to_despair", destiny(("politics", 5), ("leadership", 5)),
          {OFFICER: ["Declare Emergency"]})
    assert s.state["resources"] == (resources(food=-1) if partial else START)
    assert treachery(s, CURRENT) == (3 if partial else 0)
    assert s.state["jump_track"] == 1 and finished(s)


def test_give_in_to_despair_partial_from_9_food_and_3_treachery_cards() -> None:
    s = new()
    check(s, "give_in_to_despair", destiny(("politics", 5), ("leadership", 4)))
    assert s.state["resources"] == resources(food=-1)
    assert treachery(s, CURRENT) == 3 and finished(s)


def test_give_in_to_despair_fails_at_8_two_morale() -> None:
    s = new()
    check(s, "give_in_to_despair", destiny(("politics", 4), ("leadership", 4)))
    assert s.state["resources"] == resources(morale=-2)
    assert treachery(s, CURRENT) == 0 and finished(s)


@pytest.mark.parametrize("total, added", [(13, 0), (12, 2), (7, 2), (6, 4)])
def test_incitement_to_mutiny_partial_from_7_adds_2_treachery_cards_a_fail_4(
        total: int, added: int) -> None:
    s = new()
    strengths = {13: (5, 5, 3), 12: (5, 5, 2), 7: (4, 3, 0), 6: (3, 3, 0)}[total]
    plays = {}
    if strengths[2]:
        give(s, OFFICER, ("tactics", strengths[2]))
        plays = {OFFICER: ["Strategic Planning" if strengths[2] >= 3 else "Launch Scout"]}
    check(s, "incitement_to_mutiny",
          destiny(("politics", strengths[0]), ("leadership", strengths[1])), plays)
    assert destiny_treachery(s) == 2 + added
    assert s.state["resources"] == START
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("tactics, failed", [(4, False), (3, True)])
def test_rallying_support_fail_below_8_population_a_mutiny_and_a_treachery_card(
        tactics: int, failed: bool) -> None:
    s = new()
    check(s, "rallying_support", destiny(("politics", 4), ("tactics", tactics)))
    assert s.state["resources"] == (resources(population=-1) if failed else START)
    assert (mutiny(s, CURRENT), treachery(s, CURRENT)) == ((1, 1) if failed else (0, 0))
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("engineering, passed", [(4, True), (3, False)])
def test_reactor_critical_pass_at_7_brings_2_treachery_cards_a_fail_costs_fuel(
        engineering: int, passed: bool) -> None:
    s = new()
    check(s, "reactor_critical", destiny(("piloting", 3), ("engineering", engineering)))
    assert treachery(s, CURRENT) == (2 if passed else 0)
    assert s.state["resources"] == (START if passed else resources(fuel=-1))
    assert s.state["jump_track"] == 0 and finished(s)


@pytest.mark.parametrize("politics, failed", [(5, False), (4, True)])
def test_domestic_dispute_fails_below_9_morale_and_the_current_player_to_sickbay(
        politics: int, failed: bool) -> None:
    s = new()
    check(s, "domestic_dispute", destiny(("politics", politics), ("tactics", 4)))
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    assert s.state["seats"][CURRENT]["location"] == ("sickbay" if failed else "hangar_deck")
    assert s.state["jump_track"] == 0  # no Prepare for Jump icon
    assert "domestic_dispute" in crisis_discards(s) and finished(s)


def test_hybrid_in_panic_pass_at_12_moves_the_jump_track() -> None:
    s = new()
    give(s, OFFICER, ("tactics", 2))
    check(s, "hybrid_in_panic", destiny(("tactics", 5), ("engineering", 5)),
          {OFFICER: ["Launch Scout"]})
    assert s.state["jump_track"] == 2  # the pass, then the card's Prepare for Jump icon
    assert s.state["resources"] == START and finished(s)


@pytest.mark.parametrize("total", [11, 8])
def test_hybrid_in_panic_partial_from_8_to_11_current_player_discards_2(total: int) -> None:
    s = new()
    give(s, CURRENT, ("politics", 1), ("politics", 2), ("leadership", 1))
    give(s, OFFICER, ("tactics", 1))
    plays = {OFFICER: ["Launch Scout"]} if total == 11 else {}
    check(s, "hybrid_in_panic", destiny(("tactics", 5), ("engineering", min(total - 5, 5))),
          plays)
    s.pick("Consolidate Power (Politics 1)", "Executive Order (Leadership 1)")
    assert hand(s, CURRENT) == ["consolidate_power_2"]
    assert s.state["resources"] == START
    assert s.state["jump_track"] == 1 and finished(s)


def test_hybrid_in_panic_fails_at_7_fuel() -> None:
    s = new()
    give(s, CURRENT, ("politics", 1))
    check(s, "hybrid_in_panic", destiny(("tactics", 4), ("engineering", 3)))
    assert s.state["resources"] == resources(fuel=-1)
    assert hand(s, CURRENT) == ["consolidate_power_1"]
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("tactics, failed", [(4, False), (3, True)])
def test_quorum_in_uproar_fail_costs_the_president_2_random_quorum_and_2_random_skill_cards(
        tactics: int, failed: bool) -> None:
    s = new()
    s.state["quorum_hand"].extend(s.state["decks"]["quorum"][-3:])
    del s.state["decks"]["quorum"][-3:]
    before = list(s.state["quorum_hand"])
    give(s, PRESIDENT, ("engineering", 1), ("engineering", 2), ("piloting", 1))
    check(s, "quorum_in_uproar", destiny(("politics", 4), ("tactics", tactics)))
    quorum = s.state["quorum_hand"]
    if not failed:
        assert quorum == before and len(hand(s, PRESIDENT)) == 3
    else:  # nobody is asked: the cards are random
        assert len(quorum) == len(before) - 2 and set(quorum) < set(before)
        assert sorted(s.state["discards"]["quorum"]) == sorted(set(before) - set(quorum))
        assert len(hand(s, PRESIDENT)) == 1
        discarded = [line for line in s.log() if "Quorum card" in line and "at random" in line]
        assert len(discarded) == 2
    assert s.state["jump_track"] == 0 and finished(s)


def test_quorum_in_uproar_a_president_short_of_cards_loses_what_he_has() -> None:
    s = new()
    s.state["decks"]["quorum"].extend(s.state["quorum_hand"])
    s.state["quorum_hand"].clear()
    give(s, PRESIDENT, ("engineering", 1))
    check(s, "quorum_in_uproar", destiny(("politics", 1), ("tactics", 1)))
    assert s.state["quorum_hand"] == [] and hand(s, PRESIDENT) == []
    assert finished(s)


def test_rebuild_trust_pass_each_character_in_the_brig_may_leave_for_galactica() -> None:
    s = new()
    stand(s, OFFICER, "brig")
    stand(s, PRESIDENT, "brig")
    check(s, "rebuild_trust", destiny(("politics", 5), ("leadership", 4)))
    # from the current player on: Tigh first, then Baltar; each decides for himself
    assert s.prompt["seat"] == OFFICER
    assert s.labels() == ["Stay in the Brig", "Move to a Galactica location"]
    s.do("Move to a Galactica location")
    assert s.prompt["seat"] == OFFICER
    assert "Sickbay" not in s.labels() and "Brig" not in s.labels()  # not hazardous ones
    s.do("Armory")
    assert s.prompt["seat"] == PRESIDENT
    s.do("Stay in the Brig")
    assert s.state["seats"][OFFICER]["location"] == "armory"
    assert s.state["seats"][PRESIDENT]["location"] == "brig"
    assert s.state["resources"] == START and s.state["jump_track"] == 0
    assert finished(s)


def test_rebuild_trust_pass_with_nobody_in_the_brig_asks_nobody() -> None:
    s = new()
    check(s, "rebuild_trust", destiny(("politics", 5), ("leadership", 4)))
    assert finished(s)


def test_rebuild_trust_fails_at_8_two_morale() -> None:
    s = new()
    stand(s, OFFICER, "brig")
    check(s, "rebuild_trust", destiny(("politics", 4), ("leadership", 4)))
    assert s.state["resources"] == resources(morale=-2)
    assert s.state["seats"][OFFICER]["location"] == "brig" and finished(s)


@pytest.mark.parametrize("tactics, failed", [(2, False), (1, True)])
def test_insubordinate_crew_fail_below_12_every_player_without_a_mutiny_card_draws_one(
        tactics: int, failed: bool) -> None:
    s = new()
    give_mutiny(s, OFFICER)
    give(s, ADMIRAL, ("tactics", 5))
    check(s, "insubordinate_crew", destiny(("leadership", 5), ("tactics", tactics)),
          {ADMIRAL: ["Strategic Planning"]})
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    # Tigh already held one: he draws none (and so does not go to the Brig)
    assert [mutiny(s, seat) for seat in range(4)] == ([1, 1, 1, 1] if failed else [0, 0, 1, 0])
    assert s.state["seats"][OFFICER]["location"] == "command"
    assert s.state["jump_track"] == 0 and finished(s)


def test_insubordinate_crew_a_revealed_cylon_draws_none() -> None:
    s = new()
    s.state["seats"][OFFICER]["revealed"] = True
    s.state["seats"][OFFICER]["location"] = "caprica"
    check(s, "insubordinate_crew", destiny(("politics", 1), ("engineering", 1)))
    assert [mutiny(s, seat) for seat in range(4)] == [1, 1, 0, 1] and finished(s)


# ---- skill checks with an alternative ------------------------------------------------------


@pytest.mark.parametrize("piloting, failed", [(5, False), (4, True)])
def test_a_desperate_pact_fail_below_15_morale_and_the_presidency_passes_down_the_line(
        piloting: int, failed: bool) -> None:
    s = new()
    give(s, OFFICER, ("piloting", piloting))
    check(s, "a_desperate_pact", destiny(("politics", 5), ("leadership", 5)),
          {OFFICER: ["Maximum Firepower"]})
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    # Baltar (2nd on the President's line) is passed over: Adama (5th) is the highest other
    assert s.state["president"] == (ADMIRAL if failed else PRESIDENT)
    assert s.state["admiral"] == ADMIRAL
    assert s.state["jump_track"] == 0 and finished(s)


def test_a_desperate_pact_alternative_president_discards_3_then_a_mutiny_card() -> None:
    s = new()
    give(s, PRESIDENT, ("piloting", 1), ("piloting", 2), ("tactics", 1))
    check(s, "a_desperate_pact", [], alternative="President discards 3")
    assert hand(s, PRESIDENT) == []
    assert [mutiny(s, seat) for seat in range(4)] == [0, 1, 0, 0]
    assert s.state["resources"] == START and finished(s)


@pytest.mark.parametrize("tactics, morale", [(4, -1), (3, -2)])
def test_earth_in_ruins_pass_at_9_costs_1_morale_a_fail_2(tactics: int, morale: int) -> None:
    s = new()
    check(s, "earth_in_ruins", destiny(("politics", 5), ("tactics", tactics)))
    assert s.state["resources"] == resources(morale=morale)
    assert s.state["jump_track"] == 1 and finished(s)


def test_earth_in_ruins_alternative_food_and_a_mutiny_card() -> None:
    s = new()
    check(s, "earth_in_ruins", [], alternative="Food -1")
    assert s.state["resources"] == resources(food=-1)
    assert [mutiny(s, seat) for seat in range(4)] == [0, 1, 0, 0]
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("engineering, failed", [(4, False), (3, True)])
def test_secret_meetings_fails_below_9_one_morale(engineering: int, failed: bool) -> None:
    s = new()
    check(s, "secret_meetings", destiny(("politics", 5), ("engineering", engineering)))
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    assert s.state["jump_track"] == 1 and finished(s)


def test_secret_meetings_alternative_the_current_player_then_a_player_he_names_draw() -> None:
    s = new()
    check(s, "secret_meetings", [], alternative="Current player and a player")
    assert mutiny(s, CURRENT) == 1
    assert s.prompt["seat"] == CURRENT
    s.do("Saul Tigh")
    assert [mutiny(s, seat) for seat in range(4)] == [0, 1, 1, 0] and finished(s)


def test_secret_meetings_alternative_naming_himself_the_current_player_goes_to_the_brig(
        ) -> None:
    """"A player" is anyone, the current player too: his second card sends him to the Brig,
    where he keeps one (DB-7.2)."""
    s = new()
    check(s, "secret_meetings", [], alternative="Current player and a player")
    s.do("Starbuck")
    assert s.state["seats"][CURRENT]["location"] == "brig"
    assert s.prompt["seat"] == CURRENT and s.prompt["kind"] == "mutiny_keep"
    s.do(s.labels()[0])
    assert mutiny(s, CURRENT) == 1 and finished(s)




def test_enemy_of_my_enemy_pass_at_13_still_costs_1_morale() -> None:
    s = new()
    give(s, OFFICER, ("piloting", 3))
    check(s, "enemy_of_my_enemy", destiny(("politics", 5), ("leadership", 5)),
          {OFFICER: ["Maximum Firepower"]})
    assert s.state["resources"] == resources(morale=-1)
    assert damaged(s) == [] and s.state["jump_track"] == 1 and finished(s)


def test_enemy_of_my_enemy_fails_at_12_two_morale_and_a_damage() -> None:
    s = new()
    give(s, OFFICER, ("piloting", 2))
    damage_next(s, "damage_armory")
    check(s, "enemy_of_my_enemy", destiny(("politics", 5), ("leadership", 5)),
          {OFFICER: ["Evasive Maneuvers"]})
    assert s.state["resources"] == resources(morale=-2)
    assert damaged(s) == ["damage_armory"] and finished(s)


def test_enemy_of_my_enemy_alternative_damages_galactica_twice() -> None:
    s = new()
    damage_next(s, "damage_armory", "damage_command")
    check(s, "enemy_of_my_enemy", [], alternative="Damage Galactica twice")
    assert sorted(damaged(s)) == ["damage_armory", "damage_command"]
    assert s.state["resources"] == START and s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("engineering, failed", [(4, False), (3, True)])
def test_galactica_falling_apart_fails_below_8_morale_and_a_damage(
        engineering: int, failed: bool) -> None:
    s = new()
    damage_next(s, "damage_hangar_deck")
    check(s, "galactica_falling_apart", destiny(("leadership", 4), ("engineering", engineering)))
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    assert damaged(s) == (["damage_hangar_deck"] if failed else [])
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("roll, lost", [(6, True), (7, False)])
def test_galactica_falling_apart_alternative_roll_6_or_less_costs_1_food(
        dice: list[int], roll: int, lost: bool) -> None:
    s = new()
    dice.append(roll)
    check(s, "galactica_falling_apart", [], alternative="Roll; 1-6")
    assert s.state["resources"] == (resources(food=-1) if lost else START)
    assert dice == [] and s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("tactics, failed", [(3, False), (2, True)])
def test_one_last_cocktail_fails_below_7_food_and_morale(tactics: int, failed: bool) -> None:
    s = new()
    check(s, "one_last_cocktail", destiny(("tactics", tactics), ("engineering", 4)))
    assert s.state["resources"] == (resources(food=-1, morale=-1) if failed else START)
    assert s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("roll, hit", [(6, True), (7, False)])
def test_one_last_cocktail_alternative_roll_6_or_less_morale_and_the_president_to_sickbay(
        dice: list[int], roll: int, hit: bool) -> None:
    s = new()
    dice.append(roll)
    check(s, "one_last_cocktail", [], alternative="Roll; 1-6")
    assert s.state["resources"] == (resources(morale=-1) if hit else START)
    assert s.state["seats"][PRESIDENT]["location"] == ("sickbay" if hit else "research_lab")
    assert dice == [] and finished(s)


@pytest.mark.parametrize("tactics, failed", [(3, False), (2, True)])
def test_religious_turmoil_fail_below_7_morale_and_every_player_discards_1(
        tactics: int, failed: bool) -> None:
    s = new()
    for seat in range(4):
        give(s, seat, ("engineering", 1))
    check(s, "religious_turmoil", destiny(("politics", 4), ("tactics", tactics)))
    assert s.state["resources"] == (resources(morale=-1) if failed else START)
    assert [len(hand(s, seat)) for seat in range(4)] == [0 if failed else 1] * 4
    assert finished(s)


@pytest.mark.parametrize("roll, lost", [(4, True), (5, False)])
def test_religious_turmoil_alternative_roll_4_or_less_food_and_population(
        dice: list[int], roll: int, lost: bool) -> None:
    s = new()
    dice.append(roll)
    check(s, "religious_turmoil", [], alternative="Roll; 1-4")
    assert s.state["resources"] == (resources(food=-1, population=-1) if lost else START)
    assert dice == [] and s.state["jump_track"] == 1 and finished(s)


# ---- events (choices) ----------------------------------------------------------------------


def test_dishonest_tactics_morale_and_the_president_frees_one_from_the_brig_to_command(
        ) -> None:
    s = new()
    stand(s, OFFICER, "brig")
    crisis_step(s, CURRENT, "dishonest_tactics")
    assert s.prompt["seat"] == PRESIDENT
    s.do("Morale -1")
    assert s.prompt["seat"] == PRESIDENT
    assert s.labels() == [s.labels()[0], "Nobody"]  # only who is in the Brig, or nobody
    s.do(s.labels()[0])
    assert s.state["seats"][OFFICER]["location"] == "command"
    assert s.state["resources"] == resources(morale=-1)
    assert s.state["jump_track"] == 1 and finished(s)


def test_dishonest_tactics_the_president_may_free_nobody() -> None:
    s = new()
    stand(s, OFFICER, "brig")
    crisis_step(s, CURRENT, "dishonest_tactics")
    s.do("Morale -1")
    s.do("Nobody")
    assert s.state["seats"][OFFICER]["location"] == "brig" and finished(s)


def test_dishonest_tactics_fuel_and_the_president_draws_2_quorum_cards() -> None:
    s = new()
    before = len(s.state["quorum_hand"])
    crisis_step(s, CURRENT, "dishonest_tactics")
    s.do("Fuel -1")
    assert s.state["resources"] == resources(fuel=-1)
    assert len(s.state["quorum_hand"]) == before + 2 and finished(s)


def test_abandon_galactica_a_nuke() -> None:
    s = new()
    nukes = s.state["nukes"]
    crisis_step(s, CURRENT, "abandon_galactica")
    assert s.prompt["seat"] == ADMIRAL
    s.do("Give up 1 nuke")
    assert s.state["nukes"] == nukes - 1 and s.state["resources"] == START
    assert s.state["jump_track"] == 1 and finished(s)


def test_abandon_galactica_food_and_the_admiral_draws_2_treachery_cards() -> None:
    s = new()
    crisis_step(s, CURRENT, "abandon_galactica")
    s.do("Food -1")
    assert s.state["resources"] == resources(food=-1)
    assert treachery(s, ADMIRAL) == 2 and finished(s)


def test_abandon_galactica_without_nukes_only_the_second_option_is_left() -> None:
    s = new()
    s.state["nukes"] = 0
    crisis_step(s, CURRENT, "abandon_galactica")
    assert s.state["resources"] == resources(food=-1)  # nothing else could be chosen
    assert treachery(s, ADMIRAL) == 2 and finished(s)


@pytest.mark.parametrize("roll, added", [(6, 2), (7, 0)])
def test_requisition_for_demetrius_food_then_a_roll_of_6_or_less_adds_2_treachery_cards(
        dice: list[int], roll: int, added: int) -> None:
    s = new()
    dice.append(roll)
    crisis_step(s, CURRENT, "requisition_for_demetrius")
    assert s.prompt["seat"] == ADMIRAL
    s.do("Food -1")
    assert s.state["resources"] == resources(food=-1)
    assert destiny_treachery(s) == 2 + added
    assert dice == [] and s.state["jump_track"] == 0 and finished(s)


def test_requisition_for_demetrius_the_admiral_draws_a_mutiny_and_2_treachery_cards() -> None:
    s = new()
    crisis_step(s, CURRENT, "requisition_for_demetrius")
    s.do("Admiral draws")
    assert (mutiny(s, ADMIRAL), treachery(s, ADMIRAL)) == (1, 2)
    assert s.state["resources"] == START and finished(s)


def test_an_ambitious_operation_fuel_and_the_admiral_gives_another_player_a_miracle_token(
        ) -> None:
    s = new()
    for seat, tokens in enumerate([1, 0, 1, 0]):
        s.state["seats"][seat]["miracles"] = tokens
    crisis_step(s, CURRENT, "an_ambitious_operation")
    assert s.prompt["seat"] == ADMIRAL
    s.do("Fuel -1")
    # only the others still below their limit of 1: Starbuck and Baltar
    assert s.prompt["seat"] == ADMIRAL
    assert len(s.labels()) == 2 and "Nobody" not in s.labels()
    s.do("Gaius Baltar")
    assert [d["miracles"] for d in s.state["seats"]] == [1, 0, 1, 1]
    assert s.state["resources"] == resources(fuel=-1)
    assert s.state["jump_track"] == 1 and finished(s)


def test_an_ambitious_operation_with_nobody_below_the_limit_nobody_gains() -> None:
    s = new()
    for data in s.state["seats"]:
        data["miracles"] = 1
    crisis_step(s, CURRENT, "an_ambitious_operation")
    s.do("Fuel -1")  # nobody may be named: nobody is asked
    assert [d["miracles"] for d in s.state["seats"]] == [1, 1, 1, 1] and finished(s)


@pytest.mark.parametrize("roll, lost", [(4, True), (5, False)])
def test_an_ambitious_operation_roll_4_or_less_costs_1_fuel(
        dice: list[int], roll: int, lost: bool) -> None:
    s = new()
    dice.append(roll)
    crisis_step(s, CURRENT, "an_ambitious_operation")
    s.do("Roll; 1-4")
    assert s.state["resources"] == (resources(fuel=-1) if lost else START)
    assert dice == [] and finished(s)


def test_dangerous_plots_the_admiral_and_the_president_draw_a_mutiny_card_each() -> None:
    s = new()
    crisis_step(s, CURRENT, "dangerous_plots")
    assert s.prompt["seat"] == PRESIDENT
    s.do("Admiral and President")
    assert [mutiny(s, seat) for seat in range(4)] == [1, 0, 0, 1]
    assert s.state["resources"] == START
    assert s.state["jump_track"] == 1 and finished(s)


def test_dangerous_plots_a_player_holding_both_titles_draws_2_and_goes_to_the_brig() -> None:
    s = new()
    s.state["president"] = ADMIRAL
    crisis_step(s, CURRENT, "dangerous_plots")
    assert s.prompt["seat"] == ADMIRAL
    s.do("Admiral and President")
    # the second card sends him to the Brig (DB-7.2), where he keeps one
    assert s.state["seats"][ADMIRAL]["location"] == "brig"
    assert s.prompt["seat"] == ADMIRAL and s.prompt["kind"] == "mutiny_keep"
    s.do(s.labels()[0])
    assert [mutiny(s, seat) for seat in range(4)] == [1, 0, 0, 0] and finished(s)


def test_dangerous_plots_morale_and_the_current_player_discards_3() -> None:
    s = new()
    give(s, CURRENT, ("politics", 1), ("politics", 2), ("tactics", 1), ("tactics", 2))
    crisis_step(s, CURRENT, "dangerous_plots")
    s.do("Morale -1")
    s.pick("Consolidate Power (Politics 1)", "Consolidate Power (Politics 2)",
           "Launch Scout (Tactics 1)")
    assert hand(s, CURRENT) == ["launch_scout_2"]
    assert s.state["resources"] == resources(morale=-1) and finished(s)


def test_question_procedure_morale() -> None:
    s = new()
    crisis_step(s, CURRENT, "question_procedure")
    assert s.prompt["seat"] == PRESIDENT
    s.do("Morale -1")
    assert s.state["resources"] == resources(morale=-1)
    assert damaged(s) == [] and s.state["jump_track"] == 1 and finished(s)


def test_question_procedure_damage_and_the_president_discards_3() -> None:
    s = new()
    give(s, PRESIDENT, ("piloting", 1), ("piloting", 2), ("tactics", 1), ("tactics", 2))
    damage_next(s, "damage_weapons_control")
    crisis_step(s, CURRENT, "question_procedure")
    s.do("Damage Galactica")
    s.pick("Evasive Maneuvers (Piloting 1)", "Evasive Maneuvers (Piloting 2)",
           "Launch Scout (Tactics 1)")
    assert hand(s, PRESIDENT) == ["launch_scout_2"]
    assert damaged(s) == ["damage_weapons_control"] and s.state["resources"] == START
    assert finished(s)


@pytest.mark.parametrize("roll, lost", [(4, True), (5, False)])
def test_starvation_in_dogsville_first_option_roll_4_or_less_population_and_food(
        dice: list[int], roll: int, lost: bool) -> None:
    s = new()
    dice.append(roll)
    crisis_step(s, CURRENT, "starvation_in_dogsville")
    assert s.prompt["seat"] == PRESIDENT
    s.do("population -1")
    assert s.state["resources"] == (resources(population=-1, food=-1) if lost else START)
    assert dice == [] and s.state["jump_track"] == 1 and finished(s)


@pytest.mark.parametrize("roll, lost", [(4, True), (5, False)])
def test_starvation_in_dogsville_second_option_roll_4_or_less_two_food(
        dice: list[int], roll: int, lost: bool) -> None:
    s = new()
    dice.append(roll)
    crisis_step(s, CURRENT, "starvation_in_dogsville")
    s.do("food -2")
    assert s.state["resources"] == (resources(food=-2) if lost else START)
    assert dice == [] and finished(s)


# ---- Cylon attacks -------------------------------------------------------------------------


def test_blindsided_setup_and_a_raptor_destroyed() -> None:
    s = new()
    raptors = s.state["reserves"]["raptor"]
    crisis_step(s, CURRENT, "blindsided")
    assert ships(s) == {FRONT: {"basestar": 1, "heavy_raider": 1},
                        FRONT_UPPER: {"raider": 3}, REAR: {"basestar": 1, "heavy_raider": 1},
                        REAR_LOWER: {"civilian": 1}, FRONT_LOWER: {"viper": 1, "civilian": 2}}
    assert s.state["reserves"]["raptor"] == raptors - 1
    assert s.state["destroyed"]["raptor"] == 1
    assert s.state["reserves"]["viper"] == 7 and len(s.state["decks"]["civilian_ship"]) == 9
    assert "blindsided" in crisis_discards(s) and in_play(s) == []
    assert s.state["jump_track"] == 0 and finished(s)


def test_event_horizon_setup_and_a_discard_before_every_viper_activation() -> None:
    s = new()
    crisis_step(s, CURRENT, "event_horizon")
    assert ships(s) == {FRONT: {"raider": 2, "viper": 1}, FRONT_UPPER: {"basestar": 1},
                        REAR: {"basestar": 1, "raider": 2}, REAR_LOWER: {"viper": 1},
                        FRONT_LOWER: {"viper": 1}}
    assert in_play(s) == ["event_horizon"] and finished(s)
    assert viper_activation_cost(s.edit()) == 1
    # a player with no card may not activate a viper at all
    resolve(s, {"activate_vipers": {"count": 2}})
    assert finished(s)
    # with 2 cards: each activation first costs one of them (chosen, then the viper acts)
    give(s, CURRENT, ("politics", 1), ("politics", 2))
    resolve(s, {"activate_vipers": {"count": 2}})
    s.do(f"Launch a viper {TO[REAR_LOWER]}")
    assert len(s.state["space"][REAR_LOWER]["vipers"]) == 1  # not before the discard
    s.do("Consolidate Power (Politics 1)")
    assert len(s.state["space"][REAR_LOWER]["vipers"]) == 2
    assert hand(s, CURRENT) == ["consolidate_power_2"]
    s.do(f"Launch a viper {TO[FRONT_LOWER]}")  # the last card: discarded without asking
    assert len(s.state["space"][FRONT_LOWER]["vipers"]) == 2 and hand(s, CURRENT) == []
    assert finished(s)
    # a pilot is offered his viper's activation only while he can pay
    pilot(s, OFFICER, REAR_LOWER)
    action(s, OFFICER)
    assert "Activate your viper" not in s.labels()
    give(s, OFFICER, ("engineering", 1))
    action(s, OFFICER)
    s.do("Activate your viper")
    s.do(f"to {TO[REAR]}")
    assert s.state["seats"][OFFICER]["viper"] == REAR and hand(s, OFFICER) == []
    assert finished(s)
    # the jump ends it
    jump(s)
    assert in_play(s) == [] and "event_horizon" in crisis_discards(s)
    assert viper_activation_cost(s.edit()) == 0


def test_hornets_nest_setup_and_no_piloting_card_actions_until_a_basestar_is_destroyed(
        ) -> None:
    s = new()
    crisis_step(s, CURRENT, "hornets_nest")
    assert ships(s) == {FRONT: {"raider": 3, "viper": 1, "civilian": 1},
                        REAR_UPPER: {"basestar": 1}, REAR: {"raider": 3},
                        REAR_LOWER: {"viper": 1}, FRONT_LOWER: {"civilian": 2}}
    assert in_play(s) == ["hornets_nest"] and finished(s)
    g = s.edit()
    assert forbidden(g, OFFICER, "skill_card_action", skill_type="piloting")
    assert not forbidden(g, OFFICER, "skill_card_action", skill_type="tactics")
    # the actions of other skill cards stay: Launch Scout is still offered
    give(s, OFFICER, ("tactics", 1))
    s.state["reserves"]["raptor"] = max(s.state["reserves"]["raptor"], 1)
    action(s, OFFICER)
    assert any(label.startswith("Play Launch Scout") for label in s.labels())
    resolve(s, {"destroy_ships": {"basestar": 1}})
    assert in_play(s) == [] and "hornets_nest" in crisis_discards(s)
    assert not forbidden(s.edit(), OFFICER, "skill_card_action", skill_type="piloting")


def test_hornets_nest_the_jump_ends_it_too() -> None:
    s = new()
    crisis_step(s, CURRENT, "hornets_nest")
    jump(s)
    assert in_play(s) == [] and "hornets_nest" in crisis_discards(s)


def test_lockdown_setup_and_the_armory_cannot_be_activated_until_the_jump() -> None:
    s = new()
    crisis_step(s, CURRENT, "lockdown")
    assert ships(s) == {FRONT: {"heavy_raider": 2},
                        FRONT_UPPER: {"basestar": 1, "heavy_raider": 2},
                        REAR: {"viper": 1, "civilian": 1}, REAR_LOWER: {"civilian": 1}}
    assert in_play(s) == ["lockdown"] and finished(s)
    stand(s, OFFICER, "armory")
    action(s, OFFICER)
    assert not any("Armory" in label for label in s.labels())
    jump(s)
    assert in_play(s) == [] and "lockdown" in crisis_discards(s)
    action(s, OFFICER)
    assert any("Armory" in label for label in s.labels())


def test_lockdown_a_destroyed_basestar_ends_it() -> None:
    s = new()
    crisis_step(s, CURRENT, "lockdown")
    resolve(s, {"destroy_ships": {"basestar": 1}})
    assert in_play(s) == [] and "lockdown" in crisis_discards(s)


def test_a_daybreak_cylon_attack_activates_before_its_setup() -> None:
    """Step 1 activates the heavy raiders: the one already out moves toward a launch area
    before Lockdown's ships arrive."""
    s = new()
    s.state["space"][REAR]["heavy_raider"] = 1
    crisis_step(s, CURRENT, "lockdown")
    assert s.state["space"][REAR]["heavy_raider"] == 0
    assert s.state["space"][REAR_LOWER]["heavy_raider"] == 1
    # only 3 of the 4 heavy raiders are left in the supply: the current player places them
    # one by one among Lockdown's placements
    for area in ("Above the bow", "Ahead of the bow", "Ahead of the bow"):
        assert s.prompt["seat"] == CURRENT
        s.do(area)
    assert s.state["space"][FRONT]["heavy_raider"] == 2
    assert s.state["space"][FRONT_UPPER]["heavy_raider"] == 1
    assert finished(s)


def test_reprisal_setup_2_treachery_cards_into_the_destiny_deck_and_a_mutiny_card() -> None:
    s = new()
    crisis_step(s, CURRENT, "reprisal")
    assert ships(s) == {FRONT: {"raider": 2, "civilian": 1}, FRONT_UPPER: {"viper": 1},
                        REAR_UPPER: {"viper": 1}, REAR: {"heavy_raider": 1, "raider": 3},
                        REAR_LOWER: {"civilian": 1}, FRONT_LOWER: {"basestar": 1}}
    assert destiny_treachery(s) == 2 + 2
    assert [mutiny(s, seat) for seat in range(4)] == [0, 1, 0, 0]
    assert "reprisal" in crisis_discards(s) and in_play(s) == []
    assert s.state["jump_track"] == 0 and finished(s)


def test_trial_by_fire_setup_and_an_assault_raptor_placed_at_a_launch_icon_acts_at_once(
        ) -> None:
    s = new()
    assert (s.state["reserves"]["assault_raptor"], s.state["aside_assault_raptors"]) == (1, 3)
    crisis_step(s, CURRENT, "trial_by_fire")
    assert s.state["aside_assault_raptors"] == 2  # gained from beside the board
    assert s.prompt["seat"] == CURRENT
    assert s.labels() == [f"Launch an Assault Raptor {TO[REAR_LOWER]}",
                          f"Launch an Assault Raptor {TO[FRONT_LOWER]}"]
    s.do(f"Launch an Assault Raptor {TO[FRONT_LOWER]}")
    assert s.state["reserves"]["assault_raptor"] == 1
    # then it alone may act once (the viper in front_upper may not)
    assert s.prompt["seat"] == CURRENT
    labels = s.labels()
    assert all("Assault Raptor" in label for label in labels[:-1])
    assert labels[-1] == "Stop activating vipers"
    s.do(f"to {AT[FRONT]}")
    assert ships(s) == {FRONT: {"heavy_raider": 2, "raider": 3, "viper": 1},
                        FRONT_UPPER: {"viper": 1}, REAR: {"basestar": 1},
                        FRONT_LOWER: {"civilian": 1}}
    assert any(v.get("assault") for v in s.state["space"][FRONT]["vipers"])
    assert "trial_by_fire" in crisis_discards(s) and in_play(s) == []
    assert s.state["jump_track"] == 0 and finished(s)


def test_trial_by_fire_the_assault_raptor_may_stay_put() -> None:
    s = new()
    crisis_step(s, CURRENT, "trial_by_fire")
    s.do(f"Launch an Assault Raptor {TO[REAR_LOWER]}")
    s.do("Stop activating vipers")
    assert any(v.get("assault") for v in s.state["space"][REAR_LOWER]["vipers"])
    assert finished(s)


def test_trial_by_fire_with_none_left_beside_the_board_none_comes() -> None:
    s = new()
    s.state["aside_assault_raptors"] = 0
    crisis_step(s, CURRENT, "trial_by_fire")
    assert s.state["reserves"]["assault_raptor"] == 1  # the one there stays in the Reserves
    assert not any(v.get("assault") for a in s.state["space"].values() for v in a["vipers"])
    assert finished(s)
