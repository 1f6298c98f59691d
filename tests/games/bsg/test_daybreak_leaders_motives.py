"""Motive cards (DB-9.5-9.8): dealt 2 at setup and 2 at the Sleeper Agent Phase, each
revealable exactly when its condition holds (checked at its boundary), and the Leader's win at
the end by DB-9.7, the rulebook's worked example (DB-9.8) included."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from app.games.bsg import catalog
from app.games.bsg.endgame import win
from app.games.bsg.game import Game
from app.games.bsg.motives import leader_wins, revealable
from tests.games.bsg.scenario import Scenario

CAST = ["william_adama", "laura_roslin", "kara_thrace", "aaron_doral"]
LEADER = 3


def _uid(card_id: str) -> str:
    return next(u for u in catalog.uids("motive", ("base", "daybreak"))
                if catalog.card(u)["id"] == card_id)


def _holding(*card_ids: str, revealed: tuple[str, ...] = ()) -> Scenario:
    """The Leader holds exactly these Motives (and has revealed `revealed`)."""
    s = Scenario(CAST, expansion="daybreak")
    data = s.state["seats"][LEADER]
    deck = s.state["decks"]["motive"]
    deck.extend(data["motives"] + data["motives_revealed"])
    data["motives"], data["motives_revealed"] = [], []
    for card_id in card_ids:
        deck.remove(_uid(card_id))
        data["motives"].append(_uid(card_id))
    for card_id in revealed:
        deck.remove(_uid(card_id))
        data["motives_revealed"].append(_uid(card_id))
    return s


def _hand(s: Scenario, *types: str) -> None:
    g = Game(s.state)
    for uid in s.state["seats"][LEADER]["hand"]:
        g.discard_card(uid)
    s.state["seats"][LEADER]["hand"] = [g.deck(f"skill:{t}").pop() for t in types]


def test_setup_deals_two_motives_and_no_loyalty_card() -> None:
    s = Scenario(CAST, expansion="daybreak")
    data = s.state["seats"][LEADER]
    assert data["leader"] and data["revealed"] and not data["infiltrating"]
    assert len(data["motives"]) == 2 and data["motives_revealed"] == []
    assert data["loyalty"] == []
    assert len(s.state["decks"]["motive"]) == 12
    assert data["location"] == "daybreak_caprica"


def test_a_leader_draws_two_starting_cards_athena_three() -> None:
    s = Scenario(["sharon_agathon", "laura_roslin", "kara_thrace", "aaron_doral"],
                 expansion="daybreak", first=1)
    assert len(s.state["seats"][3]["hand"]) == 2
    athena = s.state["seats"][0]
    assert len(athena["hand"]) == 3 and athena["infiltrating"]
    assert athena["location"] == "hangar_deck"


def test_the_sleeper_agent_phase_deals_two_more() -> None:
    s = Scenario(CAST, expansion="daybreak")
    s.set_flow({"step": "sleeper_phase"})
    assert len(s.state["seats"][LEADER]["motives"]) == 4
    assert len(s.state["decks"]["motive"]) == 10


Arrange = Callable[[Scenario], None]


def _set(resource: str, value: int) -> Arrange:
    def arrange(s: Scenario) -> None:
        s.state["resources"][resource] = value
    return arrange


def _distance(value: int) -> Arrange:
    def arrange(s: Scenario) -> None:
        s.state["distance"] = value
    return arrange


def _damage(location: str | None) -> Arrange:
    def arrange(s: Scenario) -> None:
        if location is None:
            return
        uid = next(u for u in s.state["decks"]["galactica_damage"]
                   if catalog.card(u).get("location") == location)
        s.state["decks"]["galactica_damage"].remove(uid)
        s.state["damage"].append(uid)
    return arrange


def _cards(*types: str) -> Arrange:
    return lambda s: _hand(s, *types)


def _vipers(lost: int) -> Arrange:
    def arrange(s: Scenario) -> None:
        s.state["damaged_vipers"] = lost // 2
        s.state["destroyed"]["viper"] = lost - lost // 2
        s.state["reserves"]["viper"] -= lost
    return arrange


def _ally(brig: bool, mutiny: bool) -> Arrange:
    def arrange(s: Scenario) -> None:
        if brig:
            s.state["seats"][0]["location"] = "brig"
        if mutiny:
            s.state["seats"][LEADER]["mutiny"].append(s.state["decks"]["mutiny"].pop())
    return arrange


def _justified(blue: bool, ships: bool) -> Arrange:
    def arrange(s: Scenario) -> None:
        s.state["jump_track"] = 3 if blue else 0
        for area in s.state["space"].values():
            area["raider"], area["heavy_raider"], area["basestars"] = 0, 0, []
        if ships:
            next(iter(s.state["space"].values()))["raider"] = 1
    return arrange


def _force(distance: int, centurions: bool) -> Arrange:
    def arrange(s: Scenario) -> None:
        s.state["distance"] = distance
        s.state["centurions"] = [0] if centurions else []
    return arrange


T, P, E, TR = "tactics", "politics", "engineering", "treachery"
CASES: list[tuple[str, Arrange, bool]] = [
    ("end_the_chase", _damage("ftl_control"), True),
    ("end_the_chase", _damage("admirals_quarters"), True),
    ("end_the_chase", _damage("armory"), False),
    ("end_the_chase", _damage(None), False),
    ("fight_with_honor", _cards(TR, TR, TR), True),
    ("fight_with_honor", _cards(TR, TR, P), False),
    ("improve_efficiency", _cards(P, T, E), True),
    ("improve_efficiency", _cards(P, T, T), False),
    ("keep_them_docile", _set("food", 4), True),
    ("keep_them_docile", _set("food", 5), False),
    ("learn_to_cherish", _set("population", 6), True),
    ("learn_to_cherish", _set("population", 7), False),
    ("make_an_ally", _ally(True, True), True),
    ("make_an_ally", _ally(True, False), False),
    ("make_an_ally", _ally(False, True), False),
    ("pressure_their_leaders", _set("morale", 5), True),
    ("pressure_their_leaders", _set("morale", 6), False),
    ("remove_the_threat", _vipers(4), True),
    ("remove_the_threat", _vipers(3), False),
    ("a_false_sense_of_security", _set("morale", 3), True),
    ("a_false_sense_of_security", _set("morale", 2), False),
    ("a_justified_response", _justified(True, False), True),
    ("a_justified_response", _justified(True, True), False),
    ("a_justified_response", _justified(False, False), False),
    ("harvest_their_resources", _set("food", 2), True),
    ("harvest_their_resources", _set("food", 1), False),
    ("no_unnecessary_force", _force(5, False), True),
    ("no_unnecessary_force", _force(4, False), False),
    ("no_unnecessary_force", _force(5, True), False),
    ("savor_their_demise", _distance(7), True),
    ("savor_their_demise", _distance(6), False),
    ("subjects_for_study", _set("population", 4), True),
    ("subjects_for_study", _set("population", 3), False),
]


@pytest.mark.parametrize(("card_id", "arrange", "holds"), CASES,
                         ids=[f"{c}-{h}-{i}" for i, (c, _, h) in enumerate(CASES)])
def test_each_motive_is_revealable_exactly_when_its_condition_holds(
        card_id: str, arrange: Arrange, holds: bool) -> None:
    s = _holding(card_id)
    arrange(s)
    g = Game(s.state)
    uid = _uid(card_id)
    at_end = uid in revealable(g, LEADER, at_end=True)
    assert at_end == holds
    # an "any time" Motive may be revealed while the game runs; a "game over" one only at the end
    during = uid in revealable(g, LEADER)
    assert during == (holds and catalog.card(uid)["when"] == "any_time")


def test_fourteen_motives_seven_a_side() -> None:
    sides = [catalog.card(u)["side"] for u in catalog.uids("motive", ("base", "daybreak"))]
    assert len(sides) == 14 and sides.count("human") == 7 and sides.count("cylon") == 7


def test_revealing_an_any_time_motive_is_offered_in_the_action_step_and_costs_no_action() -> None:
    s = _holding("savor_their_demise", "no_unnecessary_force")
    _force(5, False)(s)
    s.action_step(LEADER)
    assert any("No Unnecessary Force" in label for label in s.labels())
    assert not any("Savor Their Demise" in label for label in s.labels())
    s.do("No Unnecessary Force")
    data = s.state["seats"][LEADER]
    assert [catalog.card(u)["id"] for u in data["motives_revealed"]] == ["no_unnecessary_force"]
    assert s.prompt["seat"] == LEADER and s.prompt["kind"] == "action"  # still to act
    assert not any("No Unnecessary Force" in label for label in s.labels())


def _end(s: Scenario, side: str) -> dict[str, Any]:
    g = Game(s.state)
    from app.core import msg

    win(g, side, msg("bsg.jump.reached_kobol"))
    return s.state["result"]


def test_the_rulebook_example_the_leader_loses() -> None:
    """DB-9.8: the Cylons win at population 0 with distance 5 and food 3; the Leader holds 1
    Politics and 3 Treachery and has revealed nothing. Three Motives come out (two Humans, one
    Cylons), the distance one cannot: one left unrevealed, but only one shows the Cylons."""
    s = _holding("learn_to_cherish", "keep_them_docile", "fight_with_honor",
                 "savor_their_demise")
    s.state["resources"].update(population=0, food=3)
    s.state["distance"] = 5
    _hand(s, P, TR, TR, TR)
    result = _end(s, "cylons")
    data = s.state["seats"][LEADER]
    assert sorted(catalog.card(u)["id"] for u in data["motives_revealed"]) == [
        "fight_with_honor", "keep_them_docile", "learn_to_cherish"]
    assert [catalog.card(u)["id"] for u in data["motives"]] == ["savor_their_demise"]
    assert result["leaders"] == [{"seat": LEADER, "won": False}]
    assert LEADER not in result["winners"]
    assert LEADER not in result["cylons"] and LEADER not in result["humans"]


def test_the_same_hand_wins_with_the_humans() -> None:
    s = _holding("learn_to_cherish", "keep_them_docile", "fight_with_honor",
                 "savor_their_demise")
    s.state["resources"].update(population=3, food=3)
    _hand(s, P, TR, TR, TR)
    result = _end(s, "humans")
    assert result["leaders"] == [{"seat": LEADER, "won": True}]
    assert LEADER in result["winners"]


def test_two_left_unrevealed_loses_even_with_two_of_the_winning_side() -> None:
    s = _holding("savor_their_demise", "subjects_for_study",
                 revealed=("harvest_their_resources", "a_justified_response"))
    s.state["distance"] = 0
    s.state["resources"]["population"] = 3
    assert not leader_wins(Game(s.state), LEADER, "cylons")
    result = _end(s, "cylons")
    assert result["leaders"] == [{"seat": LEADER, "won": False}]


def test_all_four_revealed_two_and_two_wins_with_either_side() -> None:
    for side in ("humans", "cylons"):
        s = _holding(revealed=("end_the_chase", "make_an_ally", "savor_their_demise",
                               "subjects_for_study"))
        assert leader_wins(Game(s.state), LEADER, side)


def test_one_of_the_winning_side_is_not_enough() -> None:
    s = _holding("savor_their_demise", revealed=("end_the_chase", "make_an_ally",
                                                  "subjects_for_study"))
    g = Game(s.state)
    assert leader_wins(g, LEADER, "humans")
    assert not leader_wins(g, LEADER, "cylons")


def test_a_motive_may_be_revealed_while_adding_cards_to_a_skill_check() -> None:
    from app.games.bsg.flow import advance
    from app.games.bsg.skillcheck import push_check

    s = _holding("no_unnecessary_force", "savor_their_demise")
    _force(5, False)(s)
    s.state["current"] = 2  # the Leader (seat 3) is the first asked
    s.state["flow"] = [{"step": "turn", "seat": 0, "phase": 0}]
    g = Game(s.state)
    push_check(g, {"difficulty": 5, "skills": ["politics"]}, {})
    advance(g)
    prompt = s.prompt
    while not (prompt["seat"] == LEADER and prompt["kind"] == "skill_check"):
        s.do_action(prompt["seat"], prompt["options"][-1]["action"])
        prompt = s.prompt
    s.do("No Unnecessary Force", seat=LEADER)
    data = s.state["seats"][LEADER]
    assert [catalog.card(u)["id"] for u in data["motives_revealed"]] == ["no_unnecessary_force"]
    # still the Leader's turn to add cards, without the option now
    assert s.prompt["seat"] == LEADER and s.prompt["kind"] == "skill_check"
    assert not any("No Unnecessary Force" in label for label in s.labels())


def _riots_for(s: Scenario, population: int) -> None:
    """Seat 0's Crisis step with Riots on top (the Admiral, seat 0, picks), population set."""
    s.state["resources"]["population"] = population
    s.stack("crisis", "riots")
    s.state["current"] = 0
    s.set_flow({"step": "crisis"}, {"step": "end_turn", "stage": "limits"})
    if s.prompt["kind"] == "ability":  # Kara's Secret Destiny is offered first
        s.do("Do not use it", seat=s.prompt["seat"])
    s.do("Population -1, fuel -1", seat=0)


def test_a_motive_may_be_revealed_once_the_crisis_card_is_resolved() -> None:
    """DB-9.6: "while a Crisis is resolved". Once Riots is resolved (the population is down)
    and before the Cylon ships activate, the Leader may reveal No Unnecessary Force (distance
    5, no Centurion), is asked again (another may be revealed), and "nothing now" lets the
    crisis go on to its activation."""
    s = _holding("no_unnecessary_force", "savor_their_demise")
    _force(5, False)(s)
    _riots_for(s, 5)
    assert s.prompt["seat"] == LEADER and s.prompt["kind"] == "motive"
    assert s.state["resources"]["population"] == 4
    assert not any(line.startswith("Activate Cylon ships") for line in s.log())
    assert any("No Unnecessary Force" in label for label in s.labels())
    s.do("No Unnecessary Force", seat=LEADER)
    data = s.state["seats"][LEADER]
    assert [catalog.card(u)["id"] for u in data["motives_revealed"]] == ["no_unnecessary_force"]
    assert s.prompt["seat"] == LEADER and s.labels() == ["Reveal nothing now"]
    s.do("Reveal nothing now", seat=LEADER)
    assert s.prompt["kind"] != "motive"
    assert any(line.startswith("Activate Cylon ships") for line in s.log())


def test_the_leader_is_asked_during_a_crisis_whether_or_not_a_motive_could_be_revealed() -> None:
    """Asking only when one could be revealed would tell the table that a condition of the
    Leader's hidden Motives holds: the question comes whenever they hold one unrevealed, with
    only "nothing now" when none may be revealed, and "never ask me" as a standing choice."""
    s = _holding("subjects_for_study", "savor_their_demise")
    _riots_for(s, 9)
    assert s.prompt["seat"] == LEADER and s.prompt["kind"] == "motive"
    assert s.labels() == ["Reveal nothing now"]
    assert s.prompt["options"][0]["standing"] == ["motive.not_during_crises"]


def test_no_question_during_a_crisis_once_every_motive_is_revealed() -> None:
    s = _holding(revealed=("end_the_chase", "make_an_ally", "savor_their_demise",
                           "subjects_for_study"))
    _riots_for(s, 9)
    assert s.prompt["kind"] != "motive"


def test_the_standing_choice_answers_the_crisis_question() -> None:
    from app.games.bsg.rules import RULES

    assert "motive.not_during_crises" in [c["key"] for c in RULES.standing_choices()]
    s = _holding("subjects_for_study", "savor_their_demise")
    s.standing[LEADER].add("motive.not_during_crises")
    _riots_for(s, 5)
    assert s.prompt["kind"] != "motive"
    assert s.state["seats"][LEADER]["motives_revealed"] == []
