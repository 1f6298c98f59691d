"""Infiltration (DB-9.10-9.12) and a Leader's place among the revealed Cylons (DB-9.2-9.4)."""

from __future__ import annotations

from app.core.pick import first_answer
from app.games.bsg import catalog, leaders
from app.games.bsg.game import Game
from app.games.bsg.infiltration import end_infiltration, start_infiltration
from app.games.bsg.leaders import counts_as_human
from app.games.bsg.statics import check_card_limit
from app.games.bsg.who import who
from tests.games.bsg.scenario import Scenario

CAST = ["william_adama", "laura_roslin", "kara_thrace", "aaron_doral"]
LEADER = 3


def _game() -> Scenario:
    return Scenario(CAST, expansion="daybreak")


def _infiltrating(s: Scenario, location: str = "command") -> None:
    start_infiltration(Game(s.state), LEADER, location)


def test_a_leader_is_a_cylon_player_until_infiltrating() -> None:
    s = _game()
    g = Game(s.state)
    assert not counts_as_human(g, LEADER)
    assert LEADER not in who(g, "each_human", {})
    _infiltrating(s)
    assert counts_as_human(g, LEADER)
    assert LEADER in who(g, "each_human", {})
    assert LEADER in who(g, "each", {"crisis": True})  # crisis effects reach them


def test_a_leader_on_caprica_takes_the_cylon_locations_action() -> None:
    s = _game()
    s.action_step(LEADER)
    assert any("Caprica" in label for label in s.labels())


def test_the_human_fleet_lets_a_leader_infiltrate_onto_galactica() -> None:
    s = _game()
    s.state["seats"][LEADER]["location"] = "daybreak_human_fleet"
    s.action_step(LEADER)
    s.do("Infiltrate: ")
    assert s.prompt["kind"] == "infiltrate"
    labels = s.labels()
    assert any("Command" in label for label in labels)
    assert not any("Caprica" in label or "Resurrection" in label for label in labels)
    s.do("Command")
    data = s.state["seats"][LEADER]
    assert data["infiltrating"] and data["location"] == "command"


def test_no_infiltrate_option_for_others_or_while_infiltrating() -> None:
    s = _game()
    s.state["seats"][LEADER]["location"] = "daybreak_human_fleet"
    s.state["seats"][LEADER]["infiltrating"] = True
    s.action_step(LEADER)
    assert not any(label.startswith("Infiltrate") for label in s.labels())


def test_an_infiltrator_moves_like_a_human_and_draws_a_crisis() -> None:
    s = _game()
    _infiltrating(s)
    s.state["current"] = LEADER
    s.set_flow({"step": "turn", "seat": LEADER, "phase": 0})
    turn = next(f for f in s.state["flow"] if f["step"] == "turn" and f["seat"] == LEADER)
    assert "crisis" in turn["phases"]


def test_the_movement_of_an_infiltrator_offers_galactica_not_cylon_locations() -> None:
    s = _game()
    _infiltrating(s)
    s.state["current"] = LEADER
    s.set_flow({"step": "movement", "seat": LEADER})
    labels = s.labels()
    assert any("Armory" in label for label in labels)
    assert not any("Caprica" in label for label in labels)


def test_receive_skills_while_infiltrating_adds_one_card_from_outside_the_skill_set() -> None:
    s = _game()
    _infiltrating(s)
    hand = s.state["seats"][LEADER]["hand"]
    before = len(hand)
    s.set_flow({"step": "receive_skills", "seat": LEADER, "splits": []})
    while s.prompt["seat"] == LEADER and s.prompt["kind"] == "receive_skills":
        s.do_action(LEADER, first_answer(s.prompt))
    # the extra card: asked which deck, only decks outside Politics/Tactics/Treachery
    prompt = s.prompt
    assert prompt["seat"] == LEADER
    words = " ".join(o["label"] for o in prompt["options"])
    assert "Engineering" in words and "Treachery" not in words and "Politics" not in words
    s.do_action(LEADER, first_answer(prompt))
    # Doral's 2 cards and his Industrious: 2 extra cards instead of 1 (db-leader-sheets)
    assert len(s.state["seats"][LEADER]["hand"]) == before + 4


def test_receive_skills_of_a_leader_not_infiltrating_is_a_cylons() -> None:
    """DB-13.11 on the Caprica overlay: 2 cards of any types, from different decks."""
    s = _game()
    s.set_flow({"step": "receive_skills", "seat": LEADER, "splits": []})
    draw = s.state["flow"][-1]
    assert draw["step"] == "draw_mix" and draw.get("distinct") and draw["count"] == 2
    assert set(draw["types"]) == set(catalog.skill_types(("base", "daybreak")))


def test_skill_check_limits_two_infiltrating_one_in_the_brig_one_as_a_cylon() -> None:
    s = _game()
    g = Game(s.state)
    assert check_card_limit(g, LEADER) == 1
    _infiltrating(s)
    assert check_card_limit(g, LEADER) == 2
    s.state["seats"][LEADER]["location"] = "brig"
    assert check_card_limit(g, LEADER) == 1


def test_returning_to_the_resurrection_ship_ends_the_infiltration() -> None:
    s = _game()
    _infiltrating(s)
    data = s.state["seats"][LEADER]
    mutiny = s.state["decks"]["mutiny"].pop()
    data["mutiny"].append(mutiny)
    quorum = s.state["decks"]["quorum"].pop()
    s.state["in_play"].append({"uid": quorum, "holder": LEADER, "until": ["never"],
                               "on_jump": "stay", "abilities": []})
    miracles = data["miracles"]
    s.action_step(LEADER)
    s.do("Resurrection Ship")
    s.do("Do not use it")  # Doral's Meticulous is offered then (db-leader-sheets)
    data = s.state["seats"][LEADER]
    assert not data["infiltrating"]
    assert catalog.LOCATIONS[data["location"]]["replaces"] == "resurrection_ship"
    assert data["mutiny"] == [] and mutiny in s.state["discards"]["mutiny"]
    assert quorum in s.state["discards"]["quorum"] and not s.state["in_play"]
    assert data["miracles"] == miracles  # the Miracle token stays (DB-9.12)


def test_returning_from_the_brig_keeps_three_skill_cards() -> None:
    s = _game()
    _infiltrating(s)
    data = s.state["seats"][LEADER]
    data["location"] = "brig"
    while len(data["hand"]) < 5:
        data["hand"].append(s.state["decks"]["skill:politics"].pop())
    s.action_step(LEADER)
    s.do("Resurrection Ship")
    s.do("Do not use it")  # Doral's Meticulous
    while s.prompt["seat"] == LEADER and s.prompt["kind"] == "discard":
        s.do_action(LEADER, first_answer(s.prompt))
    data = s.state["seats"][LEADER]
    assert len(data["hand"]) == 3
    assert not data["infiltrating"]


def test_any_move_to_the_resurrection_ship_ends_it() -> None:
    from app.games.bsg.places import place

    s = _game()
    _infiltrating(s)
    place(Game(s.state), LEADER, "resurrection_ship")
    assert not s.state["seats"][LEADER]["infiltrating"]


def test_end_infiltration_on_its_own_is_public_and_keeps_the_hand() -> None:
    s = _game()
    _infiltrating(s)
    hand = list(s.state["seats"][LEADER]["hand"])
    g = Game(s.state)
    end_infiltration(g, LEADER)
    assert s.state["seats"][LEADER]["hand"] == hand
    assert RULES_VIEW(s)["players"][LEADER]["infiltrating"] is False


def RULES_VIEW(s: Scenario) -> dict:  # noqa: N802
    from app.games.bsg.rules import RULES

    return RULES.view(s.state, None)


def test_an_infiltrator_draws_mutiny_a_cylon_leader_does_not() -> None:
    from app.games.bsg.mutiny import draw_mutiny

    s = _game()
    g = Game(s.state)
    draw_mutiny(g, LEADER)
    assert s.state["seats"][LEADER].get("mutiny", []) == []
    _infiltrating(s)
    draw_mutiny(g, LEADER)
    assert len(s.state["seats"][LEADER]["mutiny"]) == 1


def test_an_infiltrator_may_be_sent_to_the_brig() -> None:
    from app.games.bsg.places import place

    s = _game()
    g = Game(s.state)
    assert not place(g, LEADER, "brig")
    _infiltrating(s)
    assert place(g, LEADER, "brig")


def test_a_leader_never_holds_a_title() -> None:
    from app.games.bsg.titles import next_in_line

    s = _game()
    _infiltrating(s)
    g = Game(s.state)
    for seat in range(3):
        s.state["seats"][seat]["revealed"] = True
    assert next_in_line(g, "president") is None


def test_a_sheet_action_registered_in_code_is_offered_instead_of_the_location() -> None:
    calls: list[int] = []
    key = ("aaron_doral", "ability")
    leaders.SHEET_ACTIONS[key] = (lambda g, seat: True, lambda g, seat: calls.append(seat))
    try:
        s = _game()
        # Doral's sheet has no "Action:" ability; a registered one stands for any such sheet
        catalog.CHARACTERS["aaron_doral"]["ability"]["timing"] = "action"
        s.action_step(LEADER)
        s.do("Industrious")
        assert calls == [LEADER]
    finally:
        catalog.CHARACTERS["aaron_doral"]["ability"]["timing"] = "static"
        del leaders.SHEET_ACTIONS[key]


def test_a_sheet_action_without_code_is_not_offered() -> None:
    s = Scenario(["william_adama", "laura_roslin", "kara_thrace", "danna_biers"],
                 expansion="daybreak")
    s.action_step(3)
    assert not any("Visions" in label for label in s.labels())


def test_an_infiltrator_may_be_chosen_as_a_human_but_never_as_vice_president() -> None:
    from app.games.bsg.choices import candidates

    s = _game()
    g = Game(s.state)
    anyone = {"who": "self", "among": ["other"], "effects": []}
    assert LEADER not in candidates(g, anyone, {}, 0)
    _infiltrating(s)
    assert LEADER in candidates(g, anyone, {}, 0)
    vice = {"who": "self", "among": ["other", "not_leader"], "effects": []}
    assert LEADER not in candidates(g, vice, {}, 0)


def test_a_leader_may_be_chosen_to_gain_a_miracle_token_without_infiltrating() -> None:
    from app.games.bsg.choices import candidates

    s = _game()
    g = Game(s.state)
    s.state["seats"][LEADER]["miracles"] = 0
    s.state["miracle_supply"] += 1
    p = {"who": "self", "among": ["other", "can_gain_miracle"], "effects": []}
    assert LEADER in candidates(g, p, {}, 0)
