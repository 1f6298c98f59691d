"""The last Daybreak human sheets (rules digest DB-4.2, DB-6, DB-7.2, DB-14, §17, B.8; Russian
rulebook «Альтернативные версии персонажей», «Карты Мятежа и Гауптвахта», «Новый порядок
преемственности»): the alternate Lee Adama, the alternate Tom Zarek and Brendan "Hot Dog"
Costanza, each ability at its moment and at its boundaries."""

from __future__ import annotations

from typing import Any

import pytest

from app.core import IllegalOptions
from app.core.messages import catalog as words
from app.games.bsg import catalog
from app.games.bsg.overlays import game_location
from app.games.bsg.rules import DROP_UNPICKED_VERSIONS as DROP
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.setup import allowed_characters, versions
from app.games.bsg.succession import rank
from tests.games.bsg.helpers import (
    ADAMA,
    APOLLO,
    HELO,
    ROSLIN,
    TYROL,
    ZAREK,
    action,
    crisis_step,
    damage_token,
    empty_space,
    finished,
    give_any,
    ids,
    name,
    offers,
    pilot,
    prompt_is,
    run,
    stand,
    take_card,
    top,
)
from tests.games.bsg.test_daybreak_characters import (
    chooser,
    daybreak,
    effects,
    label,
    set_tokens,
    skill_set,
)

LEE_ALT, ZAREK_ALT, HOT_DOG = "lee_adama_alt", "tom_zarek_alt", "brendan_costanza"
HELO_ALT, LAMPKIN, HOSHI = "karl_agathon_alt", "romo_lampkin", "louis_hoshi"


# ---- the sheets ----------------------------------------------------------------------------


@pytest.mark.parametrize(("character", "kind", "skills", "start", "ranks", "flies"), [
    (LEE_ALT, "political",
     [(("politics", "leadership"), 2), (("tactics",), 1), (("piloting",), 2)],
     "admirals_quarters", {"admiral": 19, "president": 3}, True),
    (ZAREK_ALT, "military", [(("politics",), 2), (("leadership",), 2), (("tactics",), 1)],
     "weapons_control", {"admiral": 7, "president": 9}, False),
])
def test_a_sheet_has_its_type_skill_set_start_ranks_and_piloting(
        character: str, kind: str, skills: list[Any], start: str, ranks: dict[str, int],
        flies: bool) -> None:
    card = catalog.CHARACTERS[character]
    assert card["set"] == "daybreak"
    assert (card["type"], skill_set(character), card["start_location"]) == (kind, skills, start)
    assert (card["succession"], card["piloting"]) == (ranks, flies)
    s = daybreak([character, ADAMA, TYROL])
    assert s.state["seats"][0]["location"] == game_location(s.state, start)


@pytest.mark.parametrize(("taken", "other"), [(APOLLO, LEE_ALT), (LEE_ALT, APOLLO),
                                              (ZAREK, ZAREK_ALT), (ZAREK_ALT, ZAREK)])
def test_either_version_of_lee_or_zarek_excludes_the_other(taken: str, other: str) -> None:
    """DB-4.2: picking either version of Lee Adama or Tom Zarek closes the other one."""
    assert versions(taken) == versions(other) == {taken, other}
    g = chooser([taken, TYROL, None])
    assert other not in allowed_characters(g)


def test_the_updated_lines_rank_the_alternate_lee_and_zarek() -> None:
    """DB-14: Lee (alternate) is President #3 and Admiral #19; Zarek (alternate) President #9
    (A-3) and Admiral #7."""
    g = chooser([ADAMA, None, None])
    assert [rank(g, c, "president") for c in (ROSLIN, LEE_ALT, ZAREK, ZAREK_ALT)] == [1, 3, 4, 9]
    assert [rank(g, c, "admiral") for c in (ADAMA, ZAREK_ALT, APOLLO, LEE_ALT)] == [2, 7, 8, 19]


# ---- Lee Adama (alternate): Forward Thinker --------------------------------------------------


def executive_order(s: Any, lee: int, target: int) -> None:
    """`lee` plays an Executive Order on `target`, who takes 2 actions and passes both."""
    give_any(s, lee, "leadership", 0)
    s.give_cards(lee, "executive_order_1")
    action(s, lee)
    s.do("Play Executive Order")
    s.do(name(s, target))
    s.do("Take 2 actions")
    s.do("Do nothing")
    s.do("Do nothing")


def test_forward_thinker_activates_his_location_after_the_executive_order() -> None:
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    s.want("Forward Thinker")
    stand(s, 0, "research_lab")
    executive_order(s, 0, 1)
    prompt_is(s, 0, "ability")
    assert "Forward Thinker" in s.prompt["text"]
    s.do("Use Forward Thinker")
    assert s.log()[-1].endswith("activates Research Lab") or \
        any("activates Research Lab" in line for line in s.log()[-3:])
    s.do("Engineering")
    assert finished(s)
    assert len(s.state["seats"][0]["hand"]) == 1


def test_forward_thinker_follows_a_move_then_an_action_too() -> None:
    """The chosen player may move and then act instead of taking 2 actions: Lee's location
    is offered once that player has done both."""
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    s.want("Forward Thinker")
    stand(s, 0, "research_lab")
    give_any(s, 0, "leadership", 0)
    s.give_cards(0, "executive_order_1")
    action(s, 0)
    s.do("Play Executive Order")
    s.do(name(s, 1))
    s.do("Move, then take 1 action")
    s.do("Move to Armory")
    prompt_is(s, 1, "action")
    s.do("Do nothing")
    prompt_is(s, 0, "ability")
    assert "Forward Thinker" in s.prompt["text"]
    s.do("Use Forward Thinker")
    s.do("Engineering")
    assert finished(s)
    assert len(s.state["seats"][0]["hand"]) == 1


def test_forward_thinker_is_not_offered_in_a_damaged_location() -> None:
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    s.want("Forward Thinker")
    stand(s, 0, "armory")
    damage_token(s, "armory")
    executive_order(s, 0, 1)
    assert finished(s)


def test_forward_thinker_follows_only_his_own_executive_order() -> None:
    s = daybreak([ADAMA, LEE_ALT, TYROL])
    s.want("Forward Thinker")
    stand(s, 1, "research_lab")
    executive_order(s, 0, 2)
    assert finished(s)


# ---- Lee Adama (alternate): Choose a Different Path ------------------------------------------


def food_shortage_chosen_by_lee(tokens: int = 1) -> Any:
    """Lee is President and chooses on Food Shortage in Adama's Crisis step; Adama holds 6."""
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    assert s.state["president"] == 0
    set_tokens(s, tokens, 1, 1)
    give_any(s, 1, "leadership", 6)
    crisis_step(s, 1, "food_shortage")
    return s


def test_choose_a_different_path_makes_the_current_player_discard_5() -> None:
    s = food_shortage_chosen_by_lee()
    prompt_is(s, 0, "choose")
    assert label(LEE_ALT, "once_per_game") in s.labels()
    food = s.state["resources"]["food"]
    s.do("Choose a Different Path")
    prompt_is(s, 1, "discard")
    s.pick(*s.labels()[:5])
    assert len(s.state["seats"][1]["hand"]) == 1
    assert s.state["seats"][0]["miracles"] == 0
    assert s.state["resources"]["food"] == food  # neither printed result happened


def test_choose_a_different_path_needs_a_miracle_token() -> None:
    s = food_shortage_chosen_by_lee(tokens=0)
    prompt_is(s, 0, "choose")
    assert not any("Choose a Different Path" in lab for lab in s.labels())


def test_choose_a_different_path_only_when_he_is_the_one_choosing() -> None:
    s = daybreak([ROSLIN, LEE_ALT, TYROL])  # Roslin is President and chooses
    give_any(s, 1, "leadership", 6)
    crisis_step(s, 1, "food_shortage")
    prompt_is(s, 0, "choose")
    assert not any("Choose a Different Path" in lab for lab in s.labels())


# ---- Lee Adama (alternate): Moral Dilemma ----------------------------------------------------


def test_moral_dilemma_each_mutiny_card_drawn_costs_2_skill_cards() -> None:
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    give_any(s, 0, "tactics", 5)
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 0}},
        current=0)
    prompt_is(s, 0, "discard")
    s.pick(*s.labels()[:2])
    assert finished(s)
    assert len(s.state["seats"][0]["hand"]) == 3
    assert len(s.state["seats"][0]["mutiny"]) == 1


def test_moral_dilemma_with_fewer_than_2_cards_discards_what_he_holds() -> None:
    s = daybreak([LEE_ALT, ADAMA, TYROL])
    give_any(s, 0, "tactics", 1)
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 0}},
        current=0)
    assert finished(s)
    assert s.state["seats"][0]["hand"] == []


# ---- Tom Zarek (alternate) -------------------------------------------------------------------


def mutiny_ids(s: Any, seat: int) -> list[str]:
    return ids(s.state["seats"][seat]["mutiny"])


def test_disreputable_he_starts_with_1_mutiny_card() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    assert [len(seat["mutiny"]) for seat in s.state["seats"]] == [1, 0, 0]
    assert s.state["seats"][0]["location"] == "weapons_control"  # no Brig for one card


def test_necessary_steps_zarek_picks_the_card_another_player_draws() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    s.stack("mutiny", "armed_resistance", "blackmail")
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 1}},
        current=1)
    prompt_is(s, 0, "directed_mutiny_draw")
    assert s.labels() == [f"Give Armed Resistance to {name(s, 1)}",
                          f"Give Blackmail to {name(s, 1)}"]
    s.do("Give Blackmail")
    assert finished(s)
    assert mutiny_ids(s, 1) == ["blackmail"]
    assert ids(s.state["decks"]["mutiny"][:1]) == ["armed_resistance"]  # at the bottom


def test_necessary_steps_acts_on_every_card_of_a_draw() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    s.state["seats"][1]["location"] = "brig"  # a second card keeps him where he is
    s.stack("mutiny", "armed_resistance", "blackmail", "impeachment")
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 2}}), "ctx": {"self": 1}},
        current=1)
    s.do("Give Armed Resistance")
    prompt_is(s, 0, "directed_mutiny_draw")  # the second card is directed too
    # Blackmail went under the deck: the next two are Impeachment and the card below it
    assert s.labels()[0] == f"Give Impeachment to {name(s, 1)}"
    assert ids(s.state["decks"]["mutiny"][:1]) == ["blackmail"]
    s.do("Give Impeachment")
    prompt_is(s, 1, "mutiny_keep")  # in the Brig he keeps 1 of the 2
    s.do("Armed Resistance")
    assert finished(s)
    assert mutiny_ids(s, 1) == ["impeachment"]


def test_necessary_steps_his_own_draw_he_keeps_one_of_two() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    held = mutiny_ids(s, 0)
    s.stack("mutiny", "armed_resistance", "blackmail")
    s.state["seats"][0]["location"] = "brig"
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 0}},
        current=0)
    assert s.labels() == ["Keep Armed Resistance", "Keep Blackmail"]
    s.do("Keep Blackmail")
    prompt_is(s, 0, "mutiny_keep")
    assert sorted(held + ["blackmail"]) == sorted(mutiny_ids(s, 0))


def test_necessary_steps_with_1_card_left_gives_it_unasked() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    deck = s.state["decks"]["mutiny"]
    s.state["discards"]["mutiny"].extend(deck[:-1])
    del deck[:-1]
    top_card = top(s, "mutiny")
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 1}},
        current=1)
    assert finished(s)
    assert mutiny_ids(s, 1) == top_card


def test_necessary_steps_lee_still_pays_for_a_directed_draw() -> None:
    """The alternate Lee's Moral Dilemma acts on a card Zarek gives him: he drew it."""
    s = daybreak([ZAREK_ALT, LEE_ALT, TYROL])
    give_any(s, 1, "tactics", 3)
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 1}},
        current=1)
    s.do("Give")
    prompt_is(s, 1, "discard")
    s.pick(*s.labels()[:2])
    assert finished(s)
    assert len(s.state["seats"][1]["hand"]) == 1


def test_a_revealed_zarek_directs_nothing() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    s.state["seats"][0]["revealed"] = True
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 1}},
        current=1)
    assert finished(s)
    assert len(s.state["seats"][1]["mutiny"]) == 1


def abuse_power(s: Any) -> None:
    """Zarek holds Feed the People (his setup card goes back under the deck), then uses Abuse
    Power with these 5 cards on top of the Mutiny deck."""
    deck = s.state["decks"]["mutiny"]
    deck[:0] = s.state["seats"][0]["mutiny"]
    s.state["seats"][0]["mutiny"] = [take_card(deck, "feed_the_people")]
    s.stack("mutiny", "betrayal_of_trust", "assume_command", "impeachment", "bait_and_switch",
            "blackmail")
    action(s, 0)
    s.do("Abuse Power")


def test_abuse_power_draws_4_plays_1_and_puts_3_under_the_deck() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    abuse_power(s)
    prompt_is(s, 0, "play_from_mutiny_deck")
    # Assume Command and Impeachment need 5 skill cards: only the 2 others may be played
    assert [lab.split(":")[0] for lab in s.labels()] == ["Play Mutiny card Betrayal of Trust",
                                                         "Play Mutiny card Bait and Switch"]
    s.do("Betrayal of Trust")
    s.do("top")  # the Destination card it looks at
    assert finished(s)
    assert s.state["seats"][0]["miracles"] == 0
    assert mutiny_ids(s, 0) == ["feed_the_people"]  # none joined his hand
    assert ids(s.state["decks"]["mutiny"][:3]) == ["assume_command", "impeachment",
                                                   "bait_and_switch"]
    assert top(s, "mutiny") == ["blackmail"]
    assert ids(s.state["discards"]["mutiny"]) == ["betrayal_of_trust"]
    assert s.state["seats"][0]["location"] == "weapons_control"  # no Brig (DB-7.2)


def test_abuse_power_ignores_necessary_steps_and_the_brig() -> None:
    """He held 1 Mutiny card already: 4 more drawn still do not send him to the Brig, and no
    directed draw is asked."""
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    assert len(s.state["seats"][0]["mutiny"]) == 1
    before = len(s.events)
    abuse_power(s)
    assert s.prompt["kind"] == "play_from_mutiny_deck"
    s.do("Bait and Switch")
    while not finished(s):
        s.do(s.labels()[0])
    assert s.state["seats"][0]["location"] == "weapons_control"
    assert not any("looks at the top" in e["text"] for e in s.events[before:])


def test_abuse_power_with_nothing_playable_puts_all_4_under() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    s.state["decks"]["mutiny"][:0] = s.state["seats"][0]["mutiny"]  # his setup card goes back
    s.state["seats"][0]["mutiny"] = []
    # he holds no skill card, nobody is in the Brig and no nuke is left: none can be played
    s.state["nukes"] = 0
    s.stack("mutiny", "assume_command", "impeachment", "make_a_deal", "unauthorized_usage")
    action(s, 0)
    s.do("Abuse Power")
    assert s.labels() == ["None of them can be played now; put them all on the bottom"]
    s.do("None of them")
    assert finished(s)
    assert ids(s.state["decks"]["mutiny"][:4]) == ["assume_command", "impeachment",
                                                   "make_a_deal", "unauthorized_usage"]
    assert s.state["seats"][0]["mutiny"] == []


def test_abuse_power_is_a_miracle_it_needs_a_token() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    set_tokens(s, 0, 1, 1)
    action(s, 0)
    assert not offers(s, "Abuse Power")



# ---- Brendan "Hot Dog" Costanza ---------------------------------------------------------------


def test_hot_dogs_sheet() -> None:
    card = catalog.CHARACTERS[HOT_DOG]
    assert (card["type"], card["start_location"], card["piloting"]) == ("pilot", "hangar_deck",
                                                                         True)
    assert skill_set(HOT_DOG) == [(("leadership",), 1), (("tactics",), 1), (("piloting",), 2),
                                  (("engineering",), 1)]
    assert card["succession"] == {"admiral": 14, "president": 23}
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    assert s.state["seats"][0]["location"] == "hangar_deck"


def lose_population(s: Any, amount: int = 1) -> None:
    run(s, effects({"gain": {"population": -amount}}), current=1)


def test_memento_draws_3_piloting_discards_1_keeps_2_after_a_population_loss() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Memento")
    lose_population(s)
    prompt_is(s, 0, "ability")
    s.do("Use Memento")
    prompt_is(s, 0, "discard_drawn")
    assert len(s.labels()) == 3
    s.do("Discard")
    assert finished(s)
    assert len(s.state["seats"][0]["hand"]) == 2
    assert {catalog.skill_type(u) for u in s.state["seats"][0]["hand"]} == {"piloting"}
    assert len(s.state["discards"]["skill:piloting"]) == 1


def test_memento_once_per_turn() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Memento")
    s.state["seats"][0]["used_this_turn"] = ["ability"]  # used already in this turn
    lose_population(s)
    assert finished(s)


def test_memento_not_when_population_rises_or_other_resources_fall() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Memento")
    run(s, effects({"gain": {"population": 1, "food": -1, "morale": -1}}), current=1)
    assert finished(s)


def test_memento_not_when_population_is_already_at_0() -> None:
    """Population cannot go below 0: nothing was reduced, so Memento has no moment."""
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Memento")
    s.state["resources"]["population"] = 0
    lose_population(s)
    assert s.state["result"] is not None or finished(s)
    assert not any("Memento" in text for text in s.declined)


def test_forced_to_eject_his_damaged_viper_is_destroyed() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    empty_space(s)
    pilot(s, 0, "front")
    damaged, destroyed = s.state["damaged_vipers"], s.state["destroyed"]["viper"]
    run(s, effects({"damage_vipers": {"where": "space", "count": 1}}), current=1)
    assert finished(s)
    assert (s.state["damaged_vipers"], s.state["destroyed"]["viper"]) == (damaged,
                                                                         destroyed + 1)
    assert s.state["seats"][0]["location"] == "sickbay"


def test_forced_to_eject_only_his_own_viper() -> None:
    s = daybreak([HOT_DOG, APOLLO, TYROL])
    empty_space(s)
    pilot(s, 1, "front")
    damaged, destroyed = s.state["damaged_vipers"], s.state["destroyed"]["viper"]
    run(s, effects({"damage_vipers": {"where": "space", "count": 1}}), current=1)
    assert (s.state["damaged_vipers"], s.state["destroyed"]["viper"]) == (damaged + 1,
                                                                         destroyed)


def raider_beside_a_civilian(s: Any) -> str:
    """A raider and 1 civilian ship, both in front of Galactica, nothing else in space."""
    empty_space(s)
    uid = s.state["decks"]["civilian_ship"].pop()
    s.state["space"]["front"]["civilians"].append(uid)
    s.state["space"]["front"]["raider"] = 1
    return uid


def raiders_activate(s: Any) -> None:
    run(s, effects({"activate": {"icon": "activate_raiders"}}), current=1)


def test_escort_destroys_a_viper_and_sends_the_civilian_ship_back() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Escort")
    uid = raider_beside_a_civilian(s)
    reserves, destroyed = s.state["reserves"]["viper"], s.state["destroyed"]["viper"]
    start = dict(s.state["resources"])
    raiders_activate(s)
    prompt_is(s, 0, "ability")
    assert "Escort" in s.prompt["text"]
    s.do("Use Escort")
    prompt_is(s, 0, "escort_viper")
    s.do("A viper in the Reserves")
    assert finished(s)
    assert uid in s.state["decks"]["civilian_ship"]
    assert len(s.state["decks"]["civilian_ship"]) == 12  # every ship is in the pile again
    assert (s.state["reserves"]["viper"], s.state["destroyed"]["viper"]) == (reserves - 1,
                                                                             destroyed + 1)
    assert s.state["resources"] == start
    assert s.state["seats"][0]["miracles"] == 0


def test_escort_declined_the_ship_is_destroyed() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    uid = raider_beside_a_civilian(s)
    raiders_activate(s)  # the offer is declined
    assert finished(s)
    assert uid in s.state["removed"]


def test_escort_needs_a_token_and_an_unmanned_viper() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Escort")
    set_tokens(s, 0, 1, 1)
    uid = raider_beside_a_civilian(s)
    raiders_activate(s)
    assert finished(s)
    assert uid in s.state["removed"]
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Escort")
    s.state["destroyed"]["assault_raptor"] += s.state["reserves"]["assault_raptor"]
    s.state["reserves"]["assault_raptor"] = 0
    uid = raider_beside_a_civilian(s)
    s.state["damaged_vipers"] += s.state["reserves"]["viper"]
    s.state["reserves"]["viper"] = 0
    raiders_activate(s)
    assert finished(s)
    assert uid in s.state["removed"]


# ---- the host option of DB-4.2 [I]: drop the unpicked version from the type count ----------


def test_the_option_is_off_by_default_and_base_options_stay_as_they_were() -> None:
    five = ["A", "B", "C", "D", "E"]
    assert checked_options({}, five) == {"difficulty": "standard"}
    assert checked_options({DROP: False}, five) == {"difficulty": "standard"}
    assert checked_options({"expansion": "daybreak"}, five) == {
        "difficulty": "standard", "expansion": "daybreak"}
    assert checked_options({"expansion": "daybreak", DROP: True}, five) == {
        "difficulty": "standard", "expansion": "daybreak", DROP: True}


@pytest.mark.parametrize(("options", "key"), [
    ({DROP: True}, "bsg.rules.daybreak_only"),
    ({"expansion": "daybreak", DROP: "yes"}, "bsg.rules.yes_or_no"),
])
def test_the_option_needs_daybreak_and_a_yes_or_no(options: dict[str, Any], key: str) -> None:
    with pytest.raises(IllegalOptions) as refused:
        checked_options(options, ["A", "B", "C"])
    assert refused.value.msg["key"] == key


def picker(characters: list[str | None], drop: bool) -> Any:
    g = chooser(characters)
    if drop:
        g.state["options"][DROP] = True
    return g


def test_with_the_option_the_unpicked_version_no_longer_counts() -> None:
    """The original Helo, Lampkin, Hoshi, Roslin and Hot Dog taken: the alternate Helo may not
    be picked. Counted (the rulebook), the pilots lead with 4 and only pilots or support may be
    chosen; dropped from the count, every type has 3 left and any may be chosen."""
    cast = [HELO, LAMPKIN, HOSHI, ROSLIN, HOT_DOG, None]
    counted = allowed_characters(picker(cast, drop=False))
    # a Cylon Leader stands outside the type count: offered either way
    assert {catalog.CHARACTERS[c]["type"] for c in counted} == {"pilot", "support",
                                                                "cylon_leader"}
    dropped = allowed_characters(picker(cast, drop=True))
    assert {catalog.CHARACTERS[c]["type"] for c in dropped} == {"political", "military",
                                                                "pilot", "support",
                                                                "cylon_leader"}
    assert HELO_ALT not in dropped


def test_the_option_is_named_in_three_languages() -> None:
    for lang in ("en", "ru", "pl"):
        assert f"bsg.option.{DROP}" in words(lang).entries


# ---- what each seat sees -----------------------------------------------------------------------


def test_abuse_power_cards_are_seen_by_zarek_alone_until_the_end() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    abuse_power(s)
    assert s.prompt["kind"] == "play_from_mutiny_deck"
    mine = RULES.view(s.state, 0)["you"]
    assert [c["id"] for c in mine["mutiny_look"]] == [
        "betrayal_of_trust", "assume_command", "impeachment", "bait_and_switch"]
    for seat in (1, 2, None):
        assert "betrayal_of_trust" not in str(RULES.view(s.state, seat))
    assert "betrayal_of_trust" in str(RULES.view_all(s.state))


def test_necessary_steps_cards_are_named_only_to_zarek() -> None:
    s = daybreak([ZAREK_ALT, ADAMA, TYROL])
    s.stack("mutiny", "armed_resistance", "blackmail")
    run(s, {**effects({"draw_mutiny": {"who": "self", "count": 1}}), "ctx": {"self": 1}},
        current=1)
    assert [p["seat"] for p in RULES.prompts(s.state)] == [0]
    for seat in (1, 2, None):
        assert "armed_resistance" not in str(RULES.view(s.state, seat))
    s.do("Give Blackmail")
    said = [e for e in s.events if "Blackmail" in e["text"] or "Armed Resistance" in e["text"]]
    assert all(e["to"] in ([0], [1]) for e in said)  # Zarek (both), the drawer (his own)


def test_the_escorted_ship_is_seen_by_nobody() -> None:
    s = daybreak([HOT_DOG, ADAMA, TYROL])
    s.want("Escort")
    uid = raider_beside_a_civilian(s)
    raiders_activate(s)
    prompt_is(s, 0, "ability")
    ship = catalog.card(uid)["id"]
    for seat in (0, 1, 2, None):
        assert f"'{ship}'" not in str(RULES.view(s.state, seat)["space"])
    s.do("Use Escort")
    s.do("A viper in the Reserves")
    assert not any(ship in e["text"] for e in s.events[-6:])


def test_popular_influence_cards_are_seen_by_their_player_while_choosing() -> None:
    s = daybreak([ADAMA, TYROL, ZAREK])
    s.stack("quorum", "arrest_order", "food_rationing")
    s.give_cards(0, "popular_influence_3")
    action(s, 0)
    s.do("Play Popular Influence")
    assert [c["id"] for c in RULES.view(s.state, 0)["you"]["quorum_share"]] == [
        "arrest_order", "food_rationing"]
    for seat in (1, 2, None):
        assert "quorum_share" not in RULES.view(s.state, seat).get("you", {})
        assert "food_rationing" not in str(RULES.view(s.state, seat))


def test_random_daybreak_games_may_deal_every_new_sheet_and_card() -> None:
    """The simulation's bots pick from what the first prompt offers and draw from the decks:
    the three sheets are offered at the start of a Daybreak game (every main type has 5 left)
    and the 6 skill cards are in its decks."""
    assert {LEE_ALT, ZAREK_ALT, HOT_DOG} <= set(allowed_characters(chooser([None] * 4)))
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, list("ABCD")),
                           list("ABCD"), 3)
    dealt = {catalog.card(u)["id"] for name, deck in state["decks"].items()
             if name.startswith("skill:") for u in deck}
    assert {"popular_influence_3", "popular_influence_4", "negotiations_5",
            "combat_veteran_3", "combat_veteran_4", "launch_reserves_5"} <= dealt
