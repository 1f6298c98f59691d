"""Daybreak's general rule changes (DB-13.3, 13.4, 13.5, 13.6, 13.7, 13.11, 13.12, 13.13) in
Daybreak games, and the base game left as it was.

Rule sources: shared/seeds/bsg-daybreak-rules.ru.txt («Общие изменения правил»), the digest
shared/rules/bsg-daybreak.md §13.
"""

from __future__ import annotations

from typing import Any

from app.games.bsg import catalog
from app.games.bsg.choices import candidates
from tests.games.bsg.helpers import (
    ADAMA,
    KARA,
    ROSLIN,
    TIGH,
    Scenario,
    finished,
    no_cards,
    run,
    run_turn,
    stand,
)
from tests.games.bsg.test_revealed_cylons import revealed

CAST = [ADAMA, KARA, TIGH, ROSLIN]
PRESIDENT = 3


def new(expansion: str = "daybreak") -> Scenario:
    s = Scenario(CAST, expansion=expansion)
    no_cards(s)
    return s


def resolve(s: Scenario, *ops: dict[str, Any], seat: int = 0) -> None:
    run(s, {"step": "effects", "ops": list(ops), "i": 0, "ctx": {"self": seat}}, current=seat)


# ---- a Cylon player's Receive Skills (DB-13.11) --------------------------------------------


def test_a_cylon_player_draws_2_cards_from_2_different_decks() -> None:
    s = new()
    revealed(s, 0, "daybreak_caprica")
    run_turn(s, 0)
    assert s.prompt["kind"] == "draw_skills"
    labels = s.labels()
    assert "1 Politics, 1 Leadership" in labels
    assert not any(label.startswith("2 ") for label in labels)  # never 2 of one deck
    assert "1 Politics, 1 Treachery" in labels  # the Treachery deck is one of them
    assert len(labels) == 15  # 6 decks, 2 of them
    s.do("1 Politics, 1 Leadership", seat=0)
    assert sorted(catalog.skill_type(u) for u in s.state["seats"][0]["hand"]) == [
        "leadership", "politics"]


def test_in_a_base_game_a_revealed_cylon_may_draw_2_of_one_deck() -> None:
    s = new("none")
    revealed(s, 0, "caprica")
    run_turn(s, 0)
    assert "2 Politics" in s.labels()


def test_a_cylon_player_on_the_resurrection_ship_draws_only_1() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship")
    run_turn(s, 0)
    assert s.labels() == ["1 Politics", "1 Leadership", "1 Tactics", "1 Piloting",
                          "1 Engineering", "1 Treachery"]


def test_a_cylon_player_on_hub_destroyed_draws_nothing_and_loses_super_crises() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship", holding="inbound_nukes")
    resolve(s, {"flip_overlay": {"side": "hub_destroyed"}})
    run_turn(s, 0)
    assert s.state["seats"][0]["hand"] == []
    assert s.state["seats"][0]["super_crises"] == []
    assert catalog.card(s.state["discards"]["super_crisis"][-1])["id"] == "inbound_nukes"
    assert s.prompt["kind"] == "movement"


# ---- the Quorum hand limit (DB-13.7) -------------------------------------------------------


def quorum_hand(s: Scenario, n: int) -> None:
    deck, hand = s.state["decks"]["quorum"], s.state["quorum_hand"]
    deck.extend(hand)
    hand.clear()
    for _ in range(n):
        hand.append(deck.pop())


def end_turn(s: Scenario, seat: int) -> None:
    run(s, {"step": "end_turn", "stage": "limits"}, current=seat)


def test_a_president_with_11_quorum_cards_discards_to_10_at_the_end_of_any_turn() -> None:
    s = new()
    quorum_hand(s, 11)
    end_turn(s, 0)  # not the President's own turn
    assert s.prompt["kind"] == "quorum_limit" and s.prompt["seat"] == PRESIDENT
    first = s.state["quorum_hand"][0]
    s.do(f"Discard {catalog.card(first)['name']}", seat=PRESIDENT)
    assert len(s.state["quorum_hand"]) == 10
    assert first in s.state["discards"]["quorum"]
    assert finished(s)


def test_a_president_with_10_quorum_cards_keeps_them() -> None:
    s = new()
    quorum_hand(s, 10)
    end_turn(s, 0)
    assert len(s.state["quorum_hand"]) == 10 and finished(s)


def test_a_base_game_has_no_quorum_hand_limit() -> None:
    s = new("none")
    quorum_hand(s, 11)
    end_turn(s, 0)
    assert len(s.state["quorum_hand"]) == 11 and finished(s)


# ---- ties for the highest or lowest resource (DB-13.5) -------------------------------------


def test_the_current_player_chooses_among_tied_highest_resources() -> None:
    s = new()
    s.state["resources"] = {"fuel": 8, "food": 8, "morale": 7, "population": 6}
    resolve(s, {"gain_extreme_resource": {"end": "highest", "amount": -1}}, seat=1)
    assert s.prompt["kind"] == "resource_tie" and s.prompt["seat"] == 1
    assert s.labels() == ["Fuel", "Food"]
    s.do("Food", seat=1)
    assert s.state["resources"] == {"fuel": 8, "food": 7, "morale": 7, "population": 6}
    assert finished(s)


def test_a_single_lowest_resource_changes_without_asking() -> None:
    s = new()
    s.state["resources"] = {"fuel": 8, "food": 8, "morale": 7, "population": 6}
    resolve(s, {"gain_extreme_resource": {"end": "lowest", "amount": 1}})
    assert s.state["resources"]["population"] == 7 and finished(s)


# ---- "draw a civilian ship and destroy it" (DB-13.3) ---------------------------------------


def empty_space(s: Scenario) -> None:
    for area in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(area["civilians"])
        area["civilians"] = []


def test_the_civilian_ship_destroyed_comes_from_the_stack_not_on_the_board() -> None:
    s = new()
    empty_space(s)
    s.state["space"]["front"]["civilians"].append(s.state["decks"]["civilian_ship"].pop())
    top = s.state["decks"]["civilian_ship"][-1]
    resolve(s, {"destroy_civilians": {"count": 1}})
    assert s.state["removed"] == [top]
    assert len(s.state["space"]["front"]["civilians"]) == 1
    assert finished(s)


def test_with_every_civilian_ship_on_the_board_the_current_player_picks_one() -> None:
    s = new()
    empty_space(s)
    pile = s.state["decks"]["civilian_ship"]
    s.state["space"]["front"]["civilians"].append(pile.pop())
    s.state["space"]["rear"]["civilians"].extend(pile)
    pile.clear()
    resolve(s, {"destroy_civilians": {"count": 1}}, seat=2)
    assert s.prompt["kind"] == "destroy_civilian" and s.prompt["seat"] == 2


# ---- Super Crises and character abilities (DB-13.4) ----------------------------------------


def check_frame_of(expansion: str, deck: str, card_id: str) -> dict[str, Any]:
    """The skill check frame of this crisis card, asked of players holding cards."""
    s = new(expansion)
    for seat in range(4):
        s.state["seats"][seat]["hand"].append(s.state["decks"]["skill:tactics"].pop())
    uid = next(u for u in s.state["decks"][deck] if catalog.card(u)["id"] == card_id)
    s.state["decks"][deck].remove(uid)
    run(s, {"step": "resolve_crisis", "uid": uid, "stage": "resolve",
            "ship_steps": deck == "crisis", "again": False}, current=0)
    s.prompt  # noqa: B018  (runs the windows up to the players' question)
    return next(f for f in s.state["flow"] if f["step"] == "skill_check")


def test_a_super_crisis_skill_check_is_immune_to_character_abilities() -> None:
    assert check_frame_of("daybreak", "super_crisis", "bomb_on_colonial_one")["immune"]
    assert not check_frame_of("daybreak", "crisis", "resistance")["immune"]


# ---- players and Cylon players (DB-13.6, DB-13.13) -----------------------------------------


def test_cylon_players_are_only_the_revealed_ones_and_cannot_be_chosen() -> None:
    s = new()
    revealed(s, 0, "daybreak_caprica")
    params = {"who": "self", "effects": [{"move_character": {"who": "chosen", "to": "brig"}}]}
    found = candidates(s.edit(), params, {"self": 1}, 1)
    assert 0 not in found and {1, 2, 3} <= set(found) | {1}
    assert s.edit().humans() == [1, 2, 3]  # hidden Cylons count as human players


# ---- hazardous locations (DB-13.12) --------------------------------------------------------


def test_nobody_moves_into_the_brig_or_sickbay_by_movement() -> None:
    s = new()
    stand(s, 0, "command")
    run(s, {"step": "movement", "seat": 0}, current=0)
    assert not any("Brig" in label or "Sickbay" in label for label in s.labels())
