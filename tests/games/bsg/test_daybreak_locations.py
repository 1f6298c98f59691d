"""Daybreak's location overlays (DB-3.1, DB-12, DB-13.12 for the Resurrection Ship): which
locations a Daybreak game has, each overlay location's action, and turning the overlays to
"Hub Destroyed" and "Colonial One Destroyed".

Each test builds a Daybreak game (a base game where the point is that it is unchanged),
arranges characters, runs one action or operation, and checks the state.
Rule sources: shared/seeds/bsg-daybreak-rules.ru.txt (overlays, hazardous locations), the
digest shared/rules/bsg-daybreak.md §12 and Appendix B.10 (location texts from the fan data).
"""

from __future__ import annotations

from typing import Any

from app.core.pick import first_answer
from app.games.bsg import catalog
from app.games.bsg.overlays import board_locations, game_location
from tests.games.bsg.helpers import (
    ADAMA,
    BALTAR,
    KARA,
    ROSLIN,
    TIGH,
    Scenario,
    action,
    activate_label,
    finished,
    no_cards,
    run,
    stand,
    take_card,
)
from tests.games.bsg.test_revealed_cylons import revealed

CAST = [ADAMA, KARA, TIGH, ROSLIN]
ADMIRAL, PILOT, OFFICER, PRESIDENT = 0, 1, 2, 3
C1 = ["quorum_chamber", "daybreak_press_room", "daybreak_presidents_office",
      "daybreak_administration"]
CYLON = ["daybreak_caprica", "daybreak_cylon_fleet", "daybreak_human_fleet",
         "daybreak_resurrection_ship"]


def new(expansion: str = "daybreak", cast: list[str] | None = None) -> Scenario:
    s = Scenario(cast or CAST, expansion=expansion)
    no_cards(s)
    return s


def resolve(s: Scenario, *ops: dict[str, Any], seat: int = 0) -> None:
    run(s, {"step": "effects", "ops": list(ops), "i": 0, "ctx": {"self": seat}}, current=seat)


def ship_locations(s: Scenario, ship: str) -> list[str]:
    return [lid for lid in board_locations(s.state) if catalog.LOCATIONS[lid]["ship"] == ship]


def mutiny(s: Scenario, seat: int, n: int) -> list[str]:
    taken = [s.state["decks"]["mutiny"].pop() for _ in range(n)]
    s.state["seats"][seat]["mutiny"].extend(taken)
    return taken


# ---- which locations (DB-3.1, DB-12.1, DB-12.3) --------------------------------------------


def test_a_daybreak_game_has_the_overlay_locations_instead_of_the_base_ones() -> None:
    s = new()
    assert ship_locations(s, "colonial_one") == C1
    assert ship_locations(s, "cylon") == CYLON
    assert len(ship_locations(s, "galactica")) == 10
    assert s.state["flipped"] == []


def test_a_base_game_keeps_its_locations_and_state() -> None:
    s = new("none")
    assert ship_locations(s, "colonial_one") == ["press_room", "presidents_office",
                                                 "administration"]
    assert ship_locations(s, "cylon") == ["caprica", "cylon_fleet", "human_fleet",
                                          "resurrection_ship"]
    assert "flipped" not in s.state


def test_a_character_starting_on_colonial_one_starts_on_the_overlay_location() -> None:
    s = new()
    assert s.state["seats"][PRESIDENT]["location"] == "daybreak_presidents_office"
    assert new("none").state["seats"][PRESIDENT]["location"] == "presidents_office"


def test_a_player_moves_to_the_overlay_locations_of_colonial_one() -> None:
    s = new()
    stand(s, 0, "command")
    s.state["seats"][0]["hand"].append(take_card(s.state["decks"]["skill:engineering"],
                                                 "repair_1"))
    run(s, {"step": "movement", "seat": 0}, current=0)
    labels = s.labels()
    assert "Move to Quorum Chamber (discard 1 skill card)" in labels
    assert "Move to Press Room (discard 1 skill card)" in labels
    assert sum("Press Room" in label for label in labels) == 1  # the base one is covered


def test_a_revealed_cylon_cannot_move_into_the_hazardous_resurrection_ship() -> None:
    s = new()
    revealed(s, 0, "daybreak_caprica")
    run(s, {"step": "movement", "seat": 0}, current=0)
    assert s.labels() == ["Stay", "Move to Cylon Fleet", "Move to Human Fleet"]


def test_in_a_base_game_a_revealed_cylon_may_move_to_the_resurrection_ship() -> None:
    s = new("none")
    revealed(s, 0, "caprica")
    run(s, {"step": "movement", "seat": 0}, current=0)
    assert "Move to Resurrection Ship" in s.labels()


def test_a_revealing_cylon_goes_to_the_overlay_resurrection_ship() -> None:
    s = new()
    revealed(s, 0, "command")
    from app.games.bsg.places import place

    place(s.edit(), 0, "resurrection_ship", out_of_brig=True)
    assert s.state["seats"][0]["location"] == "daybreak_resurrection_ship"


# ---- Colonial One's actions ----------------------------------------------------------------


def test_quorum_chamber_lets_the_president_draw_quorum_cards() -> None:
    s = new()
    s.state["president"] = OFFICER  # (Roslin would owe discards before any location)
    stand(s, OFFICER, "quorum_chamber")
    before = len(s.state["quorum_hand"])
    action(s, OFFICER)
    s.do(activate_label("quorum_chamber"), seat=OFFICER)
    s.do("Draw 1 more Quorum card", seat=OFFICER)
    assert len(s.state["quorum_hand"]) == before + 2


def test_quorum_chamber_is_for_the_president_only() -> None:
    s = new()
    stand(s, 0, "quorum_chamber")
    action(s, 0)
    assert not any(label.startswith(activate_label("quorum_chamber")) for label in s.labels())


def test_the_overlay_presidents_office_draws_2_politics_cards() -> None:
    s = new()
    stand(s, 0, "daybreak_presidents_office")
    action(s, 0)
    s.do(activate_label("daybreak_presidents_office"), seat=0)
    assert [catalog.skill_type(u) for u in s.state["seats"][0]["hand"]] == ["politics"] * 2


def test_press_room_makes_another_player_draw_a_mutiny_card_without_the_brig() -> None:
    s = new()
    stand(s, 0, "daybreak_press_room")
    held = mutiny(s, OFFICER, 1)
    action(s, 0)
    s.do(activate_label("daybreak_press_room"), seat=0)
    s.do("Saul Tigh", seat=0)
    # two Mutiny cards would send him to the Brig; the Press Room spares him: he keeps 1
    assert s.prompt["kind"] == "mutiny_trim" and s.prompt["seat"] == OFFICER
    kept = s.state["seats"][OFFICER]["mutiny"][1]
    s.do(f"Discard {catalog.card(held[0])['name']}", seat=OFFICER)
    assert s.state["seats"][OFFICER]["mutiny"] == [kept]
    assert s.state["seats"][OFFICER]["location"] != "brig"
    assert held[0] in s.state["discards"]["mutiny"]
    assert finished(s) or s.prompt["kind"] != "mutiny_trim"


def test_press_room_then_lets_the_user_discard_one_of_their_mutiny_cards() -> None:
    s = new()
    stand(s, 0, "daybreak_press_room")
    mine = mutiny(s, 0, 1)
    action(s, 0)
    s.do(activate_label("daybreak_press_room"), seat=0)
    s.do("Saul Tigh", seat=0)
    assert s.prompt["kind"] == "discard_mutiny" and s.prompt["seat"] == 0
    s.do(f"Discard {catalog.card(mine[0])['name']}", seat=0)
    assert s.state["seats"][0]["mutiny"] == []
    assert len(s.state["seats"][OFFICER]["mutiny"]) == 1


def test_administration_draws_a_mutiny_card_and_unseats_a_president_holding_one() -> None:
    s = new()
    stand(s, 0, "daybreak_administration")
    mutiny(s, PRESIDENT, 1)
    action(s, 0)
    s.do(activate_label("daybreak_administration"), seat=0)
    assert len(s.state["seats"][0]["mutiny"]) == 1
    assert s.prompt["kind"] == "unseat_president" and s.prompt["seat"] == 0
    s.do("Saul Tigh", seat=0)
    assert s.state["president"] == OFFICER


def test_administration_leaves_a_president_without_mutiny_cards() -> None:
    s = new()
    stand(s, 0, "daybreak_administration")
    action(s, 0)
    s.do(activate_label("daybreak_administration"), seat=0)
    assert s.state["president"] == PRESIDENT
    assert s.prompt["kind"] != "unseat_president"


def test_accept_prophecy_in_play_lets_the_president_keep_the_title() -> None:
    s = new()
    stand(s, 0, "daybreak_administration")
    mutiny(s, PRESIDENT, 1)
    uid = take_card(s.state["decks"]["quorum"], "accept_prophecy")
    s.state["in_play"].append({"uid": uid, "holder": PRESIDENT, "abilities": [],
                               "until": ["used"], "on_jump": None})
    action(s, 0)
    s.do(activate_label("daybreak_administration"), seat=0)
    s.do("Saul Tigh", seat=0)
    assert s.prompt["seat"] == PRESIDENT
    s.do("Discard Accept Prophecy and stay President", seat=PRESIDENT)
    assert s.state["president"] == PRESIDENT
    assert uid in s.state["discards"]["quorum"] and s.state["in_play"] == []


# ---- the Cylon locations -------------------------------------------------------------------


def test_caprica_resolves_the_jump_preparation_but_not_the_activation() -> None:
    s = new()
    revealed(s, 0, "daybreak_caprica")
    s.state["space"]["front"]["heavy_raider"] = 1  # would move toward Galactica if activated
    s.stack("crisis", "resistance", "riots")
    track = s.state["jump_track"]
    action(s, 0)
    s.do(activate_label("daybreak_caprica"), seat=0)
    # holding no Super Crisis card, drawing 2 Crisis cards is the only choice: taken at once
    s.do("Resistance", seat=0)
    assert catalog.card(s.state["decks"]["crisis"][0])["id"] == "riots"  # on the bottom
    while not finished(s):
        prompt = s.prompt
        s.do_action(prompt["seat"], first_answer(prompt))
    assert s.state["jump_track"] == track + 1
    assert s.state["space"]["front"]["heavy_raider"] == 1


def test_the_base_caprica_still_skips_the_jump_preparation() -> None:
    s = new("none")
    revealed(s, 0, "caprica")
    s.stack("crisis", "resistance", "riots")
    track = s.state["jump_track"]
    action(s, 0)
    s.do(activate_label("caprica"), seat=0)
    # holding no Super Crisis card, drawing 2 Crisis cards is the only choice: taken at once
    s.do("Resistance", seat=0)
    while not finished(s):
        prompt = s.prompt
        s.do_action(prompt["seat"], first_answer(prompt))
    assert s.state["jump_track"] == track


def test_the_resurrection_ship_action_draws_a_super_crisis_card() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship")
    action(s, 0)
    s.do(activate_label("daybreak_resurrection_ship"), seat=0)
    assert len(s.state["seats"][0]["super_crises"]) == 1


def test_human_fleet_looks_at_a_deck_top_then_draws_2_skill_cards() -> None:
    s = new()
    revealed(s, 0, "daybreak_human_fleet")
    action(s, 0)
    s.do(activate_label("daybreak_human_fleet"), seat=0)
    while s.prompt["kind"] != "draw_skills" and not finished(s):
        prompt = s.prompt
        s.do_action(prompt["seat"], first_answer(prompt))
    s.do("2 Politics", seat=0)
    assert len(s.state["seats"][0]["hand"]) == 2


# ---- turning the overlays (DB-12.2, DB-12.4) -----------------------------------------------


def test_hub_destroyed_takes_the_place_of_the_resurrection_ship_with_its_cylons() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship")
    resolve(s, {"flip_overlay": {"side": "hub_destroyed"}})
    assert s.state["flipped"] == ["hub_destroyed"]
    assert s.state["seats"][0]["location"] == "hub_destroyed"
    assert ship_locations(s, "cylon") == ["daybreak_caprica", "daybreak_cylon_fleet",
                                          "daybreak_human_fleet", "hub_destroyed"]
    assert game_location(s.state, "resurrection_ship") == "hub_destroyed"
    assert catalog.LOCATIONS["hub_destroyed"]["hazardous"]


def test_hub_destroyed_action_costs_3_skill_cards_for_a_super_crisis_and_a_move() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship")
    resolve(s, {"flip_overlay": {"side": "hub_destroyed"}})
    for _ in range(3):
        s.state["seats"][0]["hand"].append(s.state["decks"]["skill:politics"].pop())
    action(s, 0)
    s.do(activate_label("hub_destroyed"), seat=0)
    while s.prompt["kind"] == "discard" or "iscard" in s.prompt["text"]:
        prompt = s.prompt
        s.do_action(prompt["seat"], first_answer(prompt))
        if not s.state["seats"][0]["hand"]:
            break
    assert s.state["seats"][0]["hand"] == []
    assert len(s.state["seats"][0]["super_crises"]) == 1
    assert s.state["seats"][0]["location"] == "daybreak_cylon_fleet"


def test_hub_destroyed_needs_3_skill_cards() -> None:
    s = new()
    revealed(s, 0, "daybreak_resurrection_ship")
    resolve(s, {"flip_overlay": {"side": "hub_destroyed"}})
    for _ in range(2):
        s.state["seats"][0]["hand"].append(s.state["decks"]["skill:politics"].pop())
    action(s, 0)
    assert not any(label.startswith(activate_label("hub_destroyed")) for label in s.labels())


def test_colonial_one_destroyed_sends_everyone_there_to_sickbay() -> None:
    s = new()
    stand(s, 0, "quorum_chamber")
    resolve(s, {"flip_overlay": {"side": "colonial_one_destroyed"}})
    assert s.state["seats"][0]["location"] == "sickbay"
    assert s.state["seats"][PRESIDENT]["location"] == "sickbay"
    assert ship_locations(s, "colonial_one") == []


def test_bomb_on_colonial_one_failing_turns_the_overlay_in_a_daybreak_game() -> None:
    s = new()
    fail = catalog.card(take_card(s.state["decks"]["super_crisis"],
                                  "bomb_on_colonial_one"))["check"]["fail"]
    resolve(s, *fail)
    assert s.state["flipped"] == ["colonial_one_destroyed"]
    assert s.state["seats"][PRESIDENT]["location"] == "sickbay"


def test_bomb_on_colonial_one_in_a_base_game_turns_nothing() -> None:
    s = new("none")
    fail = catalog.card(take_card(s.state["decks"]["super_crisis"],
                                  "bomb_on_colonial_one"))["check"]["fail"]
    resolve(s, *fail)
    assert "flipped" not in s.state
    assert s.state["seats"][PRESIDENT]["location"] == "sickbay"
    assert finished(s)


def test_flipping_twice_changes_nothing_more() -> None:
    s = new()
    resolve(s, {"flip_overlay": {"side": "hub_destroyed"}},
            {"flip_overlay": {"side": "hub_destroyed"}})
    assert s.state["flipped"] == ["hub_destroyed"]
    assert finished(s)


def test_no_cylon_location_is_offered_to_humans_and_baltar_is_fine() -> None:
    s = new(cast=[ADAMA, KARA, TIGH, BALTAR])
    assert s.state["seats"][3]["location"] not in CYLON
