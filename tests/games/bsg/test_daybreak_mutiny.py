"""Daybreak's Mutiny cards: the deck (DB-3.6), drawing them and the hand limit that sends a
player to the Brig (DB-7.1, DB-7.2, DB-7.4), and playing them as an action (DB-7.1, B.3).

The standard position: Tom Zarek (seat 0, President), William Adama (seat 1, Admiral), Kara
Thrace (seat 2), Galen Tyrol (seat 3), a Daybreak game, every hand empty, no Mutiny card held.
"""

from __future__ import annotations

from typing import Any

from app.games.bsg import catalog
from app.games.bsg.rules import RULES, checked_options
from tests.games.bsg.helpers import Scenario, finished, ids, no_cards, prompt_is, run

CAST = ["tom_zarek", "william_adama", "kara_thrace", "galen_tyrol"]
DAYBREAK_MUTINY = [u for u in catalog.UIDS["mutiny"] if catalog.SET_OF[u] == "daybreak"]


def standard() -> Scenario:
    s = Scenario(CAST, expansion="daybreak")
    no_cards(s)
    for seat in s.state["seats"]:
        assert seat["mutiny"] == []
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
    s = standard()
    assert sorted(s.state["decks"]["mutiny"]) == sorted(DAYBREAK_MUTINY)
    assert s.state["decks"]["mutiny"] != DAYBREAK_MUTINY  # shuffled
    assert s.state["discards"]["mutiny"] == []


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
