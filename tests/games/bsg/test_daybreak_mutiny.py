"""Daybreak's Mutiny cards: the deck (DB-3.6), drawing them and the hand limit that sends a
player to the Brig (DB-7.1, DB-7.2, DB-7.4), and playing them as an action (DB-7.1, B.3).

The standard position: Tom Zarek (seat 0, President), William Adama (seat 1, Admiral), Kara
Thrace (seat 2), Galen Tyrol (seat 3), a Daybreak game, every hand empty, no Mutiny card held.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.core import copy_state
from app.games.bsg import catalog
from app.games.bsg.rules import RULES, checked_options
from tests.games.bsg.helpers import (
    AREA_NAMES,
    START,
    Scenario,
    action,
    empty_space,
    finished,
    give_any,
    ids,
    no_cards,
    prompt_is,
    run,
)

CAST = ["tom_zarek", "william_adama", "kara_thrace", "galen_tyrol"]
DAYBREAK_MUTINY = [u for u in catalog.UIDS["mutiny"] if catalog.SET_OF[u] == "daybreak"]


def standard(cast: list[str] = CAST) -> Scenario:
    """The standard position; whoever was dealt the Mutineer at setup gives it back, with the
    Mutiny card it brought and the titles it moved."""
    s = Scenario(cast, expansion="daybreak")
    no_cards(s)
    for data in s.state["seats"]:
        for uid in [u for u in data["shown_loyalty"] if catalog.card(u)["team"] == "mutineer"]:
            data["shown_loyalty"].remove(uid)
            s.state["boxed"].append(uid)
        s.state["decks"]["mutiny"] += data["mutiny"]
        data["mutiny"] = []
        data["location"] = catalog.CHARACTERS[data["character"]]["start_location"]
    s.state["president"], s.state["admiral"] = 0, 1
    return s


def mutiny(s: Scenario, seat: int) -> list[str]:
    return ids(s.state["seats"][seat]["mutiny"])


def give_mutiny(s: Scenario, seat: int, *card_ids: str) -> None:
    """Move these Mutiny cards from the deck into a seat's Mutiny hand."""
    deck = s.state["decks"]["mutiny"]
    for card_id in card_ids:
        uid = next(u for u in deck if catalog.card(u)["id"] == card_id)
        deck.remove(uid)
        s.state["seats"][seat]["mutiny"].append(uid)


def stack_mutiny(s: Scenario, *card_ids: str) -> None:
    """These Mutiny cards on top of the deck, the first given drawn first."""
    deck = s.state["decks"]["mutiny"]
    for card_id in reversed(card_ids):
        uid = next(u for u in deck if catalog.card(u)["id"] == card_id)
        deck.remove(uid)
        deck.append(uid)


def draw(s: Scenario, seat: int, count: int = 1) -> None:
    """`seat` draws Mutiny cards through the draw_mutiny operation."""
    run(s, effects({"draw_mutiny": {"who": "current", "count": count}}), current=seat)


def effects(*ops: dict[str, Any]) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0, "ctx": {}}


# ---- the deck (DB-3.6) ---------------------------------------------------------------------


def test_a_daybreak_game_shuffles_the_mutiny_deck_and_gives_every_seat_a_mutiny_hand() -> None:
    names = ["A", "B", "C"]  # 3 players: no Mutineer, so nobody drew a Mutiny card yet
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, 5)
    assert sorted(state["decks"]["mutiny"]) == sorted(DAYBREAK_MUTINY)
    assert state["decks"]["mutiny"] != DAYBREAK_MUTINY  # shuffled
    assert state["discards"]["mutiny"] == []
    assert all(seat["mutiny"] == [] for seat in state["seats"])


def test_a_base_game_has_no_mutiny_deck_nor_mutiny_hands() -> None:
    names = ["A", "B", "C"]
    state = RULES.new_game(checked_options({}, names), names, 5)
    assert "mutiny" not in state["decks"] and "mutiny" not in state["discards"]
    assert all("mutiny" not in seat for seat in state["seats"])


# ---- drawing and the limit of 1 (DB-7.2) ---------------------------------------------------


def test_the_first_mutiny_card_is_kept_and_nobody_moves() -> None:
    s = standard()
    stack_mutiny(s, "panic")
    draw(s, 2)
    assert finished(s)
    assert mutiny(s, 2) == ["panic"]
    assert s.state["seats"][2]["location"] != "brig"
    assert s.state["decks"]["mutiny"] and "panic" not in ids(s.state["decks"]["mutiny"])


def test_a_second_mutiny_card_sends_a_normal_player_to_the_brig_to_keep_one() -> None:
    s = standard()
    give_mutiny(s, 2, "panic")
    stack_mutiny(s, "blackmail")
    draw(s, 2)
    assert s.state["seats"][2]["location"] == "brig"
    prompt = prompt_is(s, 2, "mutiny_keep")
    assert sorted(o["label"] for o in prompt["options"]) == ["Discard Blackmail",
                                                             "Discard Panic"]
    s.do("Discard Panic")
    assert finished(s)
    assert mutiny(s, 2) == ["blackmail"]
    assert ids(s.state["discards"]["mutiny"]) == ["panic"]  # face up on the discard pile
    assert any("holds 2 Mutiny cards and goes to the Brig" in t for t in s.log())


def test_the_admiral_sent_to_the_brig_by_a_second_mutiny_card_loses_the_title() -> None:
    s = standard()
    give_mutiny(s, 1, "panic")
    draw(s, 1)
    assert s.state["seats"][1]["location"] == "brig"
    assert s.state["admiral"] != 1


def test_in_the_brig_a_second_mutiny_card_is_kept_or_discarded_at_once() -> None:
    s = standard()
    s.state["seats"][2]["location"] = "brig"
    give_mutiny(s, 2, "panic")
    stack_mutiny(s, "selfish_act")
    draw(s, 2)
    prompt_is(s, 2, "mutiny_keep")
    s.do("Discard Selfish Act")
    assert finished(s)
    assert mutiny(s, 2) == ["panic"]
    assert s.state["seats"][2]["location"] == "brig"


def test_drawing_two_at_once_with_none_held_goes_to_the_brig_and_keeps_one() -> None:
    s = standard()
    draw(s, 3, count=2)
    assert s.state["seats"][3]["location"] == "brig"
    prompt_is(s, 3, "mutiny_keep")
    s.do("Discard")
    assert finished(s) and len(mutiny(s, 3)) == 1


def test_a_revealed_cylon_never_draws_a_mutiny_card() -> None:
    s = standard()
    s.state["seats"][3].update(revealed=True, location="caprica")
    before = list(s.state["decks"]["mutiny"])
    draw(s, 3)
    assert finished(s)
    assert mutiny(s, 3) == [] and s.state["decks"]["mutiny"] == before


def test_an_empty_mutiny_deck_is_rebuilt_from_its_discard_pile() -> None:
    s = standard()
    deck = s.state["decks"]["mutiny"]
    pile = deck[:3]
    s.state["removed"].extend(deck[3:])  # only the three in the pile are left in the game
    s.state["discards"]["mutiny"] = list(pile)
    s.state["decks"]["mutiny"] = []
    draw(s, 2)
    assert finished(s)
    assert len(mutiny(s, 2)) == 1 and s.state["seats"][2]["mutiny"][0] in pile
    assert s.state["discards"]["mutiny"] == []
    assert sorted(s.state["decks"]["mutiny"] + s.state["seats"][2]["mutiny"]) == sorted(pile)


def test_with_no_mutiny_card_left_anywhere_nothing_is_drawn() -> None:
    s = standard()
    s.state["removed"].extend(s.state["decks"]["mutiny"])
    s.state["decks"]["mutiny"] = []
    draw(s, 2)
    assert finished(s)
    assert mutiny(s, 2) == []
    assert "No Mutiny card is left to draw" in s.log()


# ---- playing a Mutiny card as an action (DB-7.1, Appendix B.3) -----------------------------


def play(s: Scenario, seat: int, card_id: str) -> None:
    """`seat` plays this Mutiny card (given to them) in their Action step."""
    give_mutiny(s, seat, card_id)
    action(s, seat)
    s.do(f"Play Mutiny card {catalog.carddata.card(card_id)['name']}:")


def offered(s: Scenario, seat: int) -> list[str]:
    action(s, seat)
    return [label.split(":")[0][len("Play Mutiny card "):] for label in s.labels()
            if label.startswith("Play Mutiny card ")]


def test_a_played_mutiny_card_goes_face_up_to_the_mutiny_discard_pile() -> None:
    s = standard()
    play(s, 2, "violent_protest")
    assert finished(s)
    assert mutiny(s, 2) == [] and ids(s.state["discards"]["mutiny"]) == ["violent_protest"]
    assert [catalog.card(u)["skill_type"] for u in s.state["seats"][2]["hand"]] == \
        ["politics"] * 2
    assert s.state["seats"][0]["location"] == "sickbay"  # Zarek, the President
    assert any(t.endswith("plays the Mutiny card Violent Protest") for t in s.log())


def test_a_revealed_cylon_is_offered_no_mutiny_card() -> None:
    s = standard()
    give_mutiny(s, 3, "panic")
    s.state["seats"][3].update(revealed=True, location="caprica")
    assert offered(s, 3) == []


def test_armed_resistance_sends_the_admiral_to_sickbay_and_peeks_at_the_crisis_deck() -> None:
    s = standard()
    top_crisis = s.state["decks"]["crisis"][-1]
    play(s, 2, "armed_resistance")
    assert s.state["seats"][1]["location"] == "sickbay"
    prompt_is(s, 2, "peek")
    s.do("on the bottom")
    assert finished(s)
    assert s.state["decks"]["crisis"][0] == top_crisis


def test_assume_command_takes_the_admiral_title_for_five_skill_cards() -> None:
    s = standard()
    give_any(s, 2, "tactics", 4)
    give_mutiny(s, 2, "assume_command")
    assert "Assume Command" not in offered(s, 2)  # 4 cards: one short
    give_any(s, 2, "tactics", 1)
    assert "Assume Command" in offered(s, 2)
    s.do("Play Mutiny card Assume Command:")  # 5 cards held, 5 owed: no choice to make
    assert finished(s)
    assert s.state["admiral"] == 2 and s.state["seats"][2]["hand"] == []


def test_assume_command_is_not_offered_to_the_admiral_or_from_the_brig() -> None:
    s = standard()
    give_any(s, 1, "tactics", 5)
    give_mutiny(s, 1, "assume_command")
    assert offered(s, 1) == []
    s = standard()
    give_any(s, 2, "tactics", 5)
    give_mutiny(s, 2, "assume_command")
    s.state["seats"][2]["location"] = "brig"
    assert offered(s, 2) == []


def test_blackmail_takes_three_random_cards_from_the_president() -> None:
    s = standard()
    give_any(s, 0, "politics", 2)
    give_mutiny(s, 2, "blackmail")
    assert offered(s, 2) == []  # the President holds 2: not enough
    give_any(s, 0, "politics", 2)
    assert offered(s, 2) == ["Blackmail"]
    s.do("Play Mutiny card Blackmail:")
    assert finished(s)
    assert len(s.state["seats"][2]["hand"]) == 3 and len(s.state["seats"][0]["hand"]) == 1


def test_the_president_may_not_blackmail_himself() -> None:
    s = standard()
    give_any(s, 0, "politics", 5)
    give_mutiny(s, 0, "blackmail")
    assert offered(s, 0) == []


def test_feed_the_people_leaves_the_game() -> None:
    s = standard()
    s.state["jump_track"] = 3
    play(s, 2, "feed_the_people")
    assert finished(s)
    assert s.state["jump_track"] == 1 and s.state["resources"]["food"] == START["food"] + 1
    assert ids(s.state["removed"])[-1:] == ["feed_the_people"]
    assert s.state["discards"]["mutiny"] == []


def test_impeachment_takes_the_president_title_for_five_skill_cards() -> None:
    s = standard()
    give_any(s, 2, "politics", 5)
    play(s, 2, "impeachment")
    assert finished(s)
    assert s.state["president"] == 2 and s.state["seats"][2]["hand"] == []


def test_make_a_deal_frees_a_prisoner_then_someone_draws_a_mutiny_card() -> None:
    s = standard()
    give_mutiny(s, 2, "make_a_deal")
    assert offered(s, 2) == []  # nobody in the Brig
    s.state["seats"][3]["location"] = "brig"
    assert offered(s, 2) == ["Make a Deal"]
    s.do("Play Mutiny card Make a Deal:")  # Tyrol alone is in the Brig: he is taken
    s.do("Command")
    assert s.state["seats"][3]["location"] == "command"
    assert ids(s.state["discards"]["mutiny"]) == ["make_a_deal"]  # discarded before the draw
    s.do("P3")
    assert finished(s)
    assert len(mutiny(s, 3)) == 1


def test_necessary_risk_places_a_basestar_and_three_raiders_where_the_player_says() -> None:
    s = standard()
    empty_space(s)
    play(s, 2, "necessary_risk")
    s.do(AREA_NAMES["rear_upper"])
    assert finished(s)
    area = s.state["space"]["rear_upper"]
    assert len(area["basestars"]) == 1 and area["raider"] == 3
    assert s.state["resources"]["food"] == START["food"] + 1
    assert ids(s.state["removed"])[-1:] == ["necessary_risk"]


def test_panic_places_a_civilian_ship_behind_galactica() -> None:
    s = standard()
    empty_space(s)
    play(s, 2, "panic")
    assert finished(s)
    assert len(s.state["space"]["rear"]["civilians"]) == 1


def test_peaceful_resistance_on_4_sends_the_admiral_to_the_brig(dice: list[int]) -> None:
    s = standard()
    dice.append(4)
    play(s, 2, "peaceful_resistance")
    assert finished(s)
    assert s.state["seats"][2]["location"] == "sickbay"
    assert s.state["seats"][1]["location"] == "brig"


def test_peaceful_resistance_on_5_leaves_the_admiral(dice: list[int]) -> None:
    s = standard()
    dice.append(5)
    play(s, 2, "peaceful_resistance")
    assert finished(s)
    assert s.state["seats"][1]["location"] != "brig"


def test_ruined_reputation_draws_two_then_4_sends_the_player_to_the_brig(
        dice: list[int]) -> None:
    s = standard()
    dice.append(4)
    play(s, 2, "ruined_reputation")
    s.do("P3")
    while not finished(s):  # Tyrol's two cards: the first types offered
        s.do("")
    assert len(s.state["seats"][3]["hand"]) == 2
    assert s.state["seats"][3]["location"] == "brig"


def test_ruined_reputation_on_5_keeps_the_player_out_of_the_brig(dice: list[int]) -> None:
    s = standard()
    dice.append(5)
    play(s, 2, "ruined_reputation")
    s.do("P3")
    while not finished(s):
        s.do("")
    assert s.state["seats"][3]["location"] != "brig"


def test_scavenging_for_parts_damages_galactica_and_sends_a_civilian_back() -> None:
    s = standard()
    empty_space(s)
    s.state["space"]["front"]["civilians"].append(s.state["decks"]["civilian_ship"].pop())
    pile = len(s.state["decks"]["civilian_ship"])
    damage = len(s.state["decks"]["galactica_damage"])
    play(s, 2, "scavenging_for_parts")
    assert finished(s)
    assert s.state["space"]["front"]["civilians"] == []
    assert len(s.state["decks"]["civilian_ship"]) == pile + 1
    assert len(s.state["decks"]["galactica_damage"]) == damage - 1


def test_selfish_act_discards_itself_before_drawing_the_next_mutiny_card() -> None:
    s = standard()
    rest = s.state["decks"]["mutiny"]
    s.state["removed"].extend(u for u in rest if catalog.card(u)["id"] != "selfish_act")
    s.state["decks"]["mutiny"] = [u for u in rest if catalog.card(u)["id"] == "selfish_act"]
    play(s, 2, "selfish_act")  # the deck is empty now: the discard pile is reshuffled
    s.do("2 Tactics")
    assert finished(s)
    assert mutiny(s, 2) == ["selfish_act"]
    assert s.state["seats"][2]["location"] != "brig"
    assert len(s.state["seats"][2]["hand"]) == 2


def test_send_a_message_attacks_a_centurion_with_2_added(dice: list[int]) -> None:
    s = standard()
    s.state["centurions"] = [0]
    dice.append(5)  # 5 + 2 = 7: destroyed
    play(s, 2, "send_a_message")
    assert finished(s)
    assert s.state["centurions"] == []


def test_set_the_agenda_buries_two_of_the_presidents_quorum_cards() -> None:
    s = standard()
    give_mutiny(s, 0, "set_the_agenda")
    assert offered(s, 0) == []  # not by the President
    s = standard()
    before = len(s.state["quorum_hand"])
    play(s, 2, "set_the_agenda")
    held = list(s.state["quorum_hand"])
    assert len(held) == before + 2
    prompt_is(s, 2, "bury_quorum")
    s.do("Put")
    s.do("Put")
    assert finished(s)
    assert len(s.state["quorum_hand"]) == before
    assert set(s.state["decks"]["quorum"][:2]) <= set(held)


def test_the_strong_survive_destroys_a_civilian_and_moves_the_fleet_on() -> None:
    s = standard()
    s.state["jump_track"] = 1
    pile = len(s.state["decks"]["civilian_ship"])
    play(s, 2, "the_strong_survive")
    assert finished(s)
    assert len(s.state["decks"]["civilian_ship"]) == pile - 1
    assert s.state["jump_track"] == 2
    assert ids(s.state["removed"])[-1:] == ["the_strong_survive"]


def test_unauthorized_usage_fires_one_nuke_and_removes_them_all(dice: list[int]) -> None:
    s = standard()
    empty_space(s)
    s.state["space"]["front"]["basestars"].append({"damage": []})
    assert s.state["nukes"] == 2
    dice.append(4)  # destroyed
    play(s, 2, "unauthorized_usage")
    while not finished(s):
        s.do("")
    assert s.state["nukes"] == 0
    assert s.state["space"]["front"]["basestars"] == []
    assert "unauthorized_usage" in ids(s.state["removed"])


def test_unauthorized_usage_needs_a_nuke() -> None:
    s = standard()
    s.state["space"]["front"]["basestars"].append({"damage": []})
    s.state["nukes"] = 0
    give_mutiny(s, 2, "unauthorized_usage")
    assert offered(s, 2) == []


# ---- who sees a Mutiny hand (DB-21) --------------------------------------------------------


def test_a_mutiny_hand_is_seen_by_its_holder_only_and_by_everyone_after_the_end() -> None:
    s = standard()
    give_mutiny(s, 2, "blackmail")
    give_mutiny(s, 3, "panic")
    s.state["discards"]["mutiny"].append(s.state["decks"]["mutiny"].pop())
    holder = RULES.view(s.state, 2)
    assert [c["id"] for c in holder["you"]["mutiny"]] == ["blackmail"]
    text = orjson.dumps(holder).decode()
    assert "panic" not in text.replace("Panic", "")  # seat 3's card is not named to seat 2
    for seat in (None, 0, 3):
        other = RULES.view(s.state, seat)
        assert "blackmail" not in orjson.dumps(other).decode()
        assert [p["mutiny_count"] for p in other["players"]] == [0, 0, 1, 1]
        assert "mutiny" not in other["players"][2]
        assert other["decks"]["mutiny"] == len(s.state["decks"]["mutiny"])
        assert other["discards"]["mutiny"]["count"] == 1  # the discard pile is face up
        assert other["discards"]["mutiny"]["top"]["id"] == \
            catalog.card(s.state["discards"]["mutiny"][-1])["id"]
    s.state["result"] = {"winner": "humans", "reason": "test"}
    for seat in (None, 0, 3):
        ended = RULES.view(s.state, seat)
        assert [c["id"] for c in ended["players"][2]["mutiny"]] == ["blackmail"]


def test_a_mutiny_hand_changes_no_view_but_its_holders() -> None:
    s = standard()
    give_mutiny(s, 2, "blackmail")
    other = copy_state(s.state)
    deck = other["decks"]["mutiny"]
    other["seats"][2]["mutiny"][0], deck[0] = deck[0], other["seats"][2]["mutiny"][0]
    for seat in (None, 0, 1, 3):
        assert RULES.view(s.state, seat) == RULES.view(other, seat)
    assert RULES.view(s.state, 2) != RULES.view(other, 2)


# ---- the cards that use Treachery cards and Assault Raptors --------------------------------


def treachery(s: Scenario, seat: int) -> int:
    return sum(1 for u in s.state["seats"][seat]["hand"]
               if catalog.card(u)["skill_type"] == "treachery")


def test_bait_and_switch_draws_two_and_shuffles_two_treachery_into_destiny() -> None:
    s = standard()
    destiny, deck = len(s.state["decks"]["destiny"]), len(s.state["decks"]["skill:treachery"])
    play(s, 2, "bait_and_switch")
    s.do("2 Politics")  # any types, outside Kara's skill set too
    assert finished(s)
    assert [catalog.card(u)["skill_type"] for u in s.state["seats"][2]["hand"]] == \
        ["politics"] * 2
    assert len(s.state["decks"]["destiny"]) == destiny + 2
    assert len(s.state["decks"]["skill:treachery"]) == deck - 2


def test_betrayal_of_trust_draws_two_treachery_and_peeks_at_the_destinations() -> None:
    s = standard()
    top_destination = s.state["decks"]["destination"][-1]
    play(s, 2, "betrayal_of_trust")
    prompt_is(s, 2, "peek")
    s.do("on the bottom")
    assert finished(s)
    assert treachery(s, 2) == 2
    assert s.state["decks"]["destination"][0] == top_destination


def test_clipped_wings_recalls_and_repairs_every_viper() -> None:
    s = standard()
    empty_space(s)
    give_mutiny(s, 2, "clipped_wings")
    assert offered(s, 2) == []  # no viper in space
    s.state["reserves"]["viper"] -= 2
    s.state["space"]["front"]["vipers"].append({"pilot": None})
    s.state["damaged_vipers"] += 1
    assert offered(s, 2) == ["Clipped Wings"]
    s.do("Play Mutiny card Clipped Wings:")
    assert finished(s)
    assert s.state["space"]["front"]["vipers"] == [] and s.state["damaged_vipers"] == 0
    assert treachery(s, 2) == 2


def test_controversial_speech_on_6_gains_morale_and_leaves_the_game(dice: list[int]) -> None:
    s = standard()
    dice.append(6)
    play(s, 2, "controversial_speech")
    assert finished(s)
    assert s.state["resources"]["morale"] == START["morale"] + 1
    assert "controversial_speech" in ids(s.state["removed"])


def test_controversial_speech_on_5_gives_everyone_a_treachery_card_cylons_too(
        dice: list[int]) -> None:
    s = standard()
    s.state["seats"][3].update(revealed=True, location="caprica")
    dice.append(5)
    play(s, 2, "controversial_speech")
    assert finished(s)
    assert [treachery(s, seat) for seat in range(4)] == [1, 1, 1, 1]
    assert s.state["resources"]["morale"] == START["morale"]
    assert ids(s.state["discards"]["mutiny"]) == ["controversial_speech"]


def test_weapons_armed_trades_a_raptor_for_an_assault_raptor_then_basestars_launch() -> None:
    s = standard()
    empty_space(s)
    s.state["space"]["front"]["basestars"].append({"damage": []})
    raptors, assault = s.state["reserves"]["raptor"], s.state["reserves"]["assault_raptor"]
    play(s, 2, "weapons_armed")
    assert finished(s)
    assert s.state["reserves"]["raptor"] == raptors - 1
    assert s.state["reserves"]["assault_raptor"] == assault + 1
    assert s.state["space"]["front"]["raider"] == 2


def test_weapons_armed_needs_a_raptor_in_the_reserves() -> None:
    s = standard()
    s.state["destroyed"]["raptor"] += s.state["reserves"]["raptor"]
    s.state["reserves"]["raptor"] = 0
    give_mutiny(s, 2, "weapons_armed")
    assert offered(s, 2) == []


def test_random_daybreak_views_do_not_depend_on_others_mutiny_cards() -> None:
    """Non-interference on random Daybreak games: changing every Mutiny card a seat may not see
    (the others' hands, the deck's order) changes nothing in its view."""
    import random

    from app.core import act
    from app.core.pick import random_answer

    checked = 0
    for seed in range(12):
        names = [f"P{i}" for i in range(4)]
        state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, seed)
        bots = random.Random(seed)
        for _ in range(bots.randrange(50, 600)):
            if state["result"] is not None:
                break
            prompt = bots.choice(RULES.prompts(state))
            state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
        if state["result"] is not None or not any(seat["mutiny"] for seat in state["seats"]):
            continue
        for seat in [None, 0, 1, 2, 3]:
            changed = copy_state(state)
            pool = changed["decks"]["mutiny"]
            for other, data in enumerate(changed["seats"]):
                if other == seat:
                    continue
                for i in range(len(data["mutiny"])):
                    if pool:
                        j = bots.randrange(len(pool))
                        data["mutiny"][i], pool[j] = pool[j], data["mutiny"][i]
            bots.shuffle(pool)
            assert RULES.view(state, seat) == RULES.view(changed, seat), (seed, seat)
            checked += 1
    assert checked
