"""Daybreak's loyalty deck (DB-5), the Mutineer (DB-8) and the loyalty rules of revealing as a
Cylon (DB-13.8 to DB-13.10).

The standard position: Tom Zarek (seat 0, President), William Adama (seat 1, Admiral), Kara
Thrace (seat 2), Galen Tyrol (seat 3), a Daybreak game, every hand empty, nobody a hidden
Cylon and nobody the Mutineer unless a test says so.
"""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.bsg import catalog
from app.games.bsg.daybreak_loyalty import TABLE
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    BALTAR,
    BOOMER,
    HELO,
    KARA,
    ROSLIN,
    TYROL,
    ZAREK,
    Scenario,
    crisis_step,
    empty_space,
    finished,
    ids,
    name,
    prompt_is,
    run,
    run_turn,
)
from tests.games.bsg.scenario import Scenario as PlainScenario
from tests.games.bsg.test_daybreak_mutiny import give_mutiny, mutiny, standard

CAST = [ZAREK, ADAMA, KARA, TYROL]
MUTINEER = "you_are_a_mutineer"


def loyalty_deck(s: Scenario, *cards: str) -> None:
    """Make the loyalty deck exactly these cards, the first given on top: "human" is any "You
    Are Not a Cylon" card, anything else a card id (taken from the box or the old deck, which
    goes into the box)."""
    s.state["boxed"] += s.state["decks"]["loyalty"]
    pool = s.state["boxed"]
    deck = []
    for wanted in cards:
        uid = next(u for u in pool if (catalog.card(u)["team"] == "human" if wanted == "human"
                                       else catalog.card(u)["id"] == wanted))
        pool.remove(uid)
        deck.insert(0, uid)
    s.state["decks"]["loyalty"] = deck


def deal_to(s: Scenario, seat: int) -> None:
    run(s, {"step": "effects", "ops": [{"deal_loyalty": {"who": "current", "count": 1}}],
            "i": 0, "ctx": {}}, current=seat)


def shown(s: Scenario, seat: int) -> list[str]:
    return ids(s.state["seats"][seat]["shown_loyalty"])


def make_mutineer(s: Scenario, seat: int) -> None:
    uid = next(u for u in s.state["boxed"] + s.state["decks"]["loyalty"]
               if catalog.card(u)["id"] == MUTINEER)
    (s.state["boxed"] if uid in s.state["boxed"] else s.state["decks"]["loyalty"]).remove(uid)
    s.state["seats"][seat]["shown_loyalty"].append(uid)


def make_cylon(s: Scenario, seat: int) -> str:
    """Give the seat a "You Are a Cylon" card besides its own."""
    uid = next(u for u in s.state["boxed"] + s.state["decks"]["loyalty"]
               if catalog.card(u)["team"] == "cylon")
    (s.state["boxed"] if uid in s.state["boxed"] else s.state["decks"]["loyalty"]).remove(uid)
    s.state["seats"][seat]["loyalty"].append(uid)
    return uid


def teams_in_game(state: dict) -> Counter[str]:
    """The teams of every loyalty card dealt or in the deck (not boxed)."""
    cards = list(state["decks"]["loyalty"])
    for seat in state["seats"]:
        cards += seat["loyalty"] + seat["shown_loyalty"]
    return Counter(catalog.card(u)["team"] for u in cards)


# ---- building the deck (DB-5) --------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_daybreak_deck_follows_the_table_without_a_cylon_leader(players: int) -> None:
    cast = [ZAREK, ADAMA, KARA, TYROL, ROSLIN, HELO][:players]
    cylons, humans, with_mutineer = TABLE[(players, False)]
    for seed in range(3):
        s = PlainScenario(cast, seed=seed, expansion="daybreak")
        teams = teams_in_game(s.state)
        assert teams == Counter(cylon=cylons, human=humans,
                                **({"mutineer": 1} if with_mutineer else {}))
        boxed = ids(s.state["boxed"])
        assert "you_are_a_sympathizer" in boxed  # Daybreak never uses the Sympathizer
        assert (MUTINEER in boxed) != with_mutineer
        dealt = sum(len(seat["loyalty"]) + len(seat["shown_loyalty"])
                    for seat in s.state["seats"])
        mutineer_dealt = teams["mutineer"] and not any(
            catalog.card(u)["id"] == MUTINEER for u in s.state["decks"]["loyalty"])
        assert dealt == players + (1 if mutineer_dealt else 0)  # the Mutineer's extra card


def test_the_table_has_every_row_of_the_rulebook_and_its_formula() -> None:
    """DB-5.7: with k players receiving loyalty cards, 1 Cylon card up to 4 of them, else 2;
    the Mutineer with 4 or 6; 2k cards besides the Mutineer."""
    assert set(TABLE) == {(3, False), (4, False), (4, True), (5, False), (5, True), (6, False),
                          (6, True), (7, True)}
    for (players, leader), (cylons, humans, mutineer) in TABLE.items():
        k = players - leader
        assert cylons == (1 if k <= 4 else 2)
        assert mutineer == (k in (4, 6))
        assert cylons + humans == 2 * k


def test_boomer_and_the_original_baltar_each_add_a_not_a_cylon_card() -> None:
    s = PlainScenario([BALTAR, BOOMER, ZAREK, ADAMA], seed=2, expansion="daybreak")
    teams = teams_in_game(s.state)
    assert teams["human"] == 7 + 2 and teams["cylon"] == 1 and teams["mutineer"] == 1
    baltar = s.state["seats"][0]
    assert len(baltar["loyalty"]) + len(baltar["shown_loyalty"]) >= 2  # Baltar is dealt 2


# ---- receiving the Mutineer card (DB-8.2) --------------------------------------------------


def test_the_mutineer_dealt_face_down_reveals_draws_loyalty_and_mutiny_and_hands_titles_on(
) -> None:
    s = standard()
    loyalty_deck(s, MUTINEER, "human")
    before = len(s.state["seats"][0]["loyalty"])
    deal_to(s, 0)  # Zarek, the President
    assert finished(s)
    assert shown(s, 0) == [MUTINEER]
    assert len(s.state["seats"][0]["loyalty"]) == before + 1  # the extra card, secret
    assert len(mutiny(s, 0)) == 1
    assert s.state["president"] == 1  # Adama, the next in line who is not the Mutineer
    assert any(t.endswith("reveals You Are a Mutineer") for t in s.log())


def test_the_admiral_dealt_the_mutineer_hands_the_admiral_title_on() -> None:
    s = standard()
    loyalty_deck(s, MUTINEER, "human")
    deal_to(s, 1)
    assert finished(s)
    assert s.state["admiral"] == 2  # Kara Thrace, next after Adama
    assert s.state["president"] == 0


def test_the_mutineer_card_is_public_to_everyone() -> None:
    s = standard()
    loyalty_deck(s, MUTINEER, "human")
    deal_to(s, 2)
    for seat in (None, 0, 1, 3):
        view = RULES.view(s.state, seat)
        assert [c["id"] for c in view["players"][2]["shown_loyalty"]] == [MUTINEER]
        assert view["players"][2]["mutiny_count"] == 1


# ---- the Mutineer's limit of 2 (DB-8.5) ----------------------------------------------------


def draw_mutiny_for(s: Scenario, seat: int) -> None:
    run(s, {"step": "effects", "ops": [{"draw_mutiny": {"who": "current", "count": 1}}],
            "i": 0, "ctx": {}}, current=seat)


def test_the_mutineer_keeps_a_second_mutiny_card_outside_the_brig() -> None:
    s = standard()
    make_mutineer(s, 2)
    give_mutiny(s, 2, "panic")
    draw_mutiny_for(s, 2)
    assert finished(s)
    assert len(mutiny(s, 2)) == 2 and s.state["seats"][2]["location"] != "brig"


def test_a_third_mutiny_card_sends_the_mutineer_to_the_brig_to_keep_two() -> None:
    s = standard()
    make_mutineer(s, 2)
    give_mutiny(s, 2, "panic", "blackmail")
    draw_mutiny_for(s, 2)
    assert s.state["seats"][2]["location"] == "brig"
    prompt = prompt_is(s, 2, "mutiny_keep")
    assert prompt["text"].startswith("In the Brig you may keep only 2 Mutiny cards")
    s.do("Discard Panic")
    assert finished(s)
    assert len(mutiny(s, 2)) == 2 and "panic" not in mutiny(s, 2)


def test_the_mutineer_in_the_brig_keeps_two_of_three() -> None:
    s = standard()
    make_mutineer(s, 2)
    s.state["seats"][2]["location"] = "brig"
    give_mutiny(s, 2, "panic", "blackmail")
    draw_mutiny_for(s, 2)
    s.do("Discard Blackmail")
    assert finished(s)
    assert len(mutiny(s, 2)) == 2 and s.state["seats"][2]["location"] == "brig"


# ---- the Prepare for Jump icon (DB-8.4) ----------------------------------------------------


def test_the_mutineers_own_crisis_with_the_jump_icon_draws_a_mutiny_card() -> None:
    s = standard()
    empty_space(s)
    make_mutineer(s, 2)
    crisis_step(s, 2, "water_shortage")
    s.do("Food -1")
    assert finished(s)
    assert len(mutiny(s, 2)) == 1


def test_a_crisis_without_the_jump_icon_draws_nothing() -> None:
    s = standard()
    empty_space(s)
    make_mutineer(s, 2)
    crisis_step(s, 2, "water_shortage_no_jump")
    s.do("Food -1")
    assert finished(s)
    assert mutiny(s, 2) == []


def test_the_jump_icon_in_another_players_turn_draws_nothing() -> None:
    s = standard()
    empty_space(s)
    make_mutineer(s, 2)
    crisis_step(s, 3, "water_shortage")
    s.do("Food -1")
    assert finished(s)
    assert mutiny(s, 2) == []


# ---- the Mutineer reveals as a Cylon (DB-8.6, DB-13.8) -------------------------------------


def test_the_mutineer_revealing_discards_mutiny_cards_and_gives_the_card_face_up() -> None:
    s = standard()
    make_mutineer(s, 2)
    make_cylon(s, 2)
    give_mutiny(s, 2, "panic", "blackmail")
    loyalty_size = len(s.state["seats"][1]["loyalty"])
    run_turn(s, 2, phase=3)
    s.do("Reveal:")
    while s.prompt["kind"] in ("choose", "choose_character"):
        s.do("Do not") if any("Do not" in x for x in s.labels()) else s.do("Nobody")
    assert mutiny(s, 2) == []
    assert sorted(ids(s.state["discards"]["mutiny"])) == ["blackmail", "panic"]
    prompt = prompt_is(s, 2, "pass_mutineer")
    assert [o["label"] for o in prompt["options"]] == [name(s, 0), name(s, 1), name(s, 3)]
    s.do("P1")
    prompt_is(s, 2, "give_loyalty")  # DB-13.9: his "Not a Cylon" card, to anyone
    s.do("P3")
    st = s.state
    assert shown(s, 1) == [MUTINEER] and MUTINEER not in shown(s, 2)
    assert len(st["seats"][1]["loyalty"]) == loyalty_size  # face up: no extra loyalty card
    assert len(mutiny(s, 1)) == 1
    assert st["admiral"] == 3  # Adama hands the Admiral on; Kara, next in line, is a Cylon


# ---- hidden Cylons revealing (DB-13.8, DB-13.9) --------------------------------------------


def test_a_revealed_cylon_discards_every_mutiny_card_and_gives_the_other_loyalty_cards() -> None:
    s = standard()
    make_cylon(s, 3)
    give_mutiny(s, 3, "panic")
    others = list(s.state["seats"][3]["loyalty"][:-1])
    run_turn(s, 3, phase=3)
    s.do("Reveal:")
    while s.prompt["kind"] in ("choose", "choose_character"):
        s.do("Do not") if any("Do not" in x for x in s.labels()) else s.do("Nobody")
    assert mutiny(s, 3) == [] and ids(s.state["discards"]["mutiny"]) == ["panic"]
    prompt_is(s, 3, "give_loyalty")
    s.do("P2")
    assert s.state["seats"][3]["loyalty"] == []
    assert s.state["seats"][2]["loyalty"][-len(others):] == others


# ---- the Sleeper Agent phase (DB-13.10, DB-8.3) --------------------------------------------


def test_a_revealed_cylon_passes_the_cards_dealt_in_the_sleeper_phase() -> None:
    s = standard()
    s.state["seats"][3].update(revealed=True, location="caprica")
    s.state["seats"][3]["loyalty"] = []
    loyalty_deck(s, "human", "human", "human", "human")
    run(s, {"step": "sleeper_phase"}, current=0)
    prompt = prompt_is(s, 3, "give_loyalty")
    assert len(prompt["options"]) == 3  # any other player who is not a revealed Cylon
    before = len(s.state["seats"][0]["loyalty"])
    s.do("P0")
    assert finished(s)
    assert s.state["seats"][3]["loyalty"] == []
    assert len(s.state["seats"][0]["loyalty"]) == before + 1


def test_a_revealed_cylon_dealt_the_mutineer_passes_it_and_the_receiver_reveals_it() -> None:
    s = standard()
    s.state["seats"][3].update(revealed=True, location="caprica")
    s.state["seats"][3]["loyalty"] = []
    loyalty_deck(s, "human", "human", "human", MUTINEER, "human")
    run(s, {"step": "sleeper_phase"}, current=0)
    assert shown(s, 3) == [] and ids(s.state["seats"][3]["loyalty"]) == [MUTINEER]
    before = len(s.state["seats"][2]["loyalty"])
    s.do("P2")
    assert finished(s)
    assert shown(s, 2) == [MUTINEER]
    assert len(s.state["seats"][2]["loyalty"]) == before + 1  # as if dealt: the extra card
    assert len(mutiny(s, 2)) == 1


def test_nobody_revealed_the_mutineer_so_the_current_player_picks_who_draws_one_more(
) -> None:
    s = standard()
    loyalty_deck(s, "human", "human", "human", "human", MUTINEER)
    run(s, {"step": "sleeper_phase"}, current=1)
    prompt = prompt_is(s, 1, "mutineer_draw")
    assert len(prompt["options"]) == 4
    before = len(s.state["seats"][3]["loyalty"])
    s.do("P3")
    assert finished(s)
    assert shown(s, 3) == [MUTINEER]
    assert len(s.state["seats"][3]["loyalty"]) == before  # no further loyalty card
    assert len(mutiny(s, 3)) == 1
    assert s.state["decks"]["loyalty"] == []


def test_no_extra_draw_when_the_mutineer_was_revealed_in_the_phase() -> None:
    s = standard()
    loyalty_deck(s, MUTINEER, "human", "human", "human", "human", "human")
    run(s, {"step": "sleeper_phase"}, current=0)
    assert finished(s)  # a card is left, but nobody is asked to draw it
    assert shown(s, 0) == [MUTINEER] and len(s.state["decks"]["loyalty"]) == 1


def test_no_extra_draw_when_no_loyalty_card_is_left() -> None:
    s = standard()
    loyalty_deck(s, "human", "human", "human", "human")
    run(s, {"step": "sleeper_phase"}, current=0)
    assert finished(s)


def test_a_revealed_boomer_still_gets_two_cards_in_the_sleeper_phase() -> None:
    s = standard([ZAREK, ADAMA, BOOMER, TYROL])
    s.state["seats"][2].update(revealed=True, location="caprica")
    s.state["seats"][2]["loyalty"] = []
    loyalty_deck(s, *["human"] * 5)
    run(s, {"step": "sleeper_phase"}, current=0)
    assert len(s.state["seats"][2]["loyalty"]) == 2
    prompt_is(s, 2, "give_loyalty")
    s.do("P0")
    assert finished(s)
    assert s.state["seats"][2]["location"] == "caprica"
