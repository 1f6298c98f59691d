"""Roll and Assign behind the screen (RG-5, RG-6) and Reveal (RG-7): the steps a seat may take
(place a wild die, select a phase, Dictate, each reassign power once), "ready" and taking it
back, the simultaneous Reveal, the 2-player white die, dice of unplayed phases to the cup."""

from __future__ import annotations

from typing import Any

import pytest

from app.core import IllegalAction, act
from app.core.drafts import steps_action
from app.games.roll_for_the_galaxy import assign
from app.games.roll_for_the_galaxy.rules import RULES
from tests.games.roll_for_the_galaxy.helpers import (
    give,
    new,
    options,
    play,
    prompt_of,
    roll_as,
    seat,
    steps,
)

BASE = ["space_piracy", "hidden_fortress", "new_sparta"]


def _state(dice: list[tuple[str, str]], tableau: list[str] | None = None, n: int = 2
           ) -> dict[str, Any]:
    state = new(n, 5)
    for i in range(n):
        give(state, i, tableau=list(BASE))
        roll_as(state, i, [("white", "explore"), ("white", "ship")])
    give(state, 0, tableau=[*BASE, *(tableau or [])])
    roll_as(state, 0, dice)
    return state


def test_roll_sorts_faces_into_rows_and_leaves_wild_dice_to_place() -> None:
    state = new(2, 11)
    for s in state["seats"]:
        for _colour, face, row in s["dice"]:
            assert row == (None if face == "wild" else face)
        assert s["cup"] == []


def test_the_draft_prompt_is_behind_the_screen_and_ready_needs_a_selected_phase() -> None:
    state = _state([("white", "explore"), ("red", "wild")])
    p = prompt_of(state, 0)
    assert p["draft"] is True
    assert {"type": "ready"} not in options(state, 0)
    tried = assign_steps(state, {"type": "select", "die": 0, "phase": "develop"})
    # the wild die is still to be placed
    assert {"type": "ready"} not in options(tried, 0)
    with pytest.raises(IllegalAction):
        steps(state, 0, {"type": "select", "die": 0, "phase": "develop"})
    state = steps(state, 0, {"type": "select", "die": 0, "phase": "develop"},
                  {"type": "place", "die": 1, "to": "settle"})
    assert seat(state, 0)["ready"] is True
    assert seat(state, 0)["dice"] == [["white", "explore", "develop"], ["red", "wild", "settle"]]


def assign_steps(state: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    """Steps applied without committing (as the preview does)."""
    for a in actions:
        state, _ = RULES.apply(state, 0, a)
    return state


def test_a_step_is_never_posted_alone() -> None:
    state = _state([("white", "explore")])
    with pytest.raises(IllegalAction):
        play(state, 0, {"type": "select", "die": 0, "phase": "ship"})


def test_ready_can_be_taken_back_until_everyone_is_ready() -> None:
    state = _state([("white", "explore")])
    state = steps(state, 0, {"type": "select", "die": 0, "phase": "ship"})
    p = prompt_of(state, 0)
    assert p["ready"] is True and options(state, 0) == [{"type": "take_back"}]
    state, _ = play(state, 0, {"type": "take_back"})
    assert seat(state, 0)["ready"] is False
    assert seat(state, 0)["dice"] == [["white", "explore", "ship"]]  # the steps stay


def test_dictate_puts_one_die_aside_and_moves_exactly_one_other() -> None:
    state = _state([("white", "explore"), ("white", "explore"), ("white", "develop")])
    state = assign_steps(state, {"type": "select", "die": 2, "phase": "develop"})
    assert {"type": "dictate", "die": 0} in options(state, 0)
    state = assign_steps(state, {"type": "dictate", "die": 0})
    # nothing but the Dictate's move (or starting over) until it has moved a die
    offered = options(state, 0)
    assert {"type": "ready"} not in offered
    assert all(a["type"] in ("reassign", "reset") for a in offered)
    state = assign_steps(state, {"type": "reassign", "power": "dictate", "die": 1,
                                 "to": "settle"})
    assert seat(state, 0)["dice"] == [["white", "explore", "dictate"],
                                      ["white", "explore", "settle"],
                                      ["white", "develop", "develop"]]
    # once a round: no second Dictate
    assert not any(a["type"] == "dictate" for a in options(state, 0))


def test_the_selector_die_is_never_moved_nor_dictated() -> None:
    state = _state([("white", "explore"), ("white", "ship")],
                   tableau=["galactic_influence"])
    state = assign_steps(state, {"type": "select", "die": 0, "phase": "explore"})
    moved = {a["die"] for a in options(state, 0) if a["type"] in ("reassign", "dictate")}
    assert moved == {1}


def test_local_subsidies_moves_only_a_white_die_once_a_round() -> None:
    state = _state([("white", "explore"), ("red", "develop"), ("white", "ship")],
                   tableau=["local_subsidies"])
    state = assign_steps(state, {"type": "select", "die": 2, "phase": "ship"})
    moves = [a for a in options(state, 0)
             if a["type"] == "reassign" and a["power"] == "local_subsidies"]
    assert {a["die"] for a in moves} == {0}
    assert {a["to"] for a in moves} == {"develop", "settle", "produce", "ship"}
    state = assign_steps(state, moves[0])
    assert not any(a.get("power") == "local_subsidies" for a in options(state, 0))
    assert "local_subsidies" in seat(state, 0)["used"]


def test_executive_power_moves_exactly_two_dice_of_one_row_to_the_selected_phase() -> None:
    state = _state([("white", "explore"), ("white", "explore"), ("red", "develop"),
                    ("white", "ship")], tableau=["executive_power"])
    state = assign_steps(state, {"type": "select", "die": 3, "phase": "ship"})
    first = {"type": "reassign", "power": "executive_power", "die": 0, "to": "ship"}
    assert first in options(state, 0)
    state = assign_steps(state, first)
    offered = options(state, 0)
    assert {"type": "ready"} not in offered  # the second die is owed
    assert [a for a in offered if a["type"] == "reassign"] == [
        {"type": "reassign", "power": "executive_power", "die": 1, "to": "ship"}]
    state = assign_steps(state, offered[0])
    assert {"type": "ready"} in options(state, 0)


def test_propaganda_campaign_moves_up_to_two_to_the_selected_phase() -> None:
    state = _state([("white", "explore"), ("red", "develop"), ("white", "ship")],
                   tableau=["propaganda_campaign"])
    state = assign_steps(state, {"type": "select", "die": 2, "phase": "ship"})
    state = assign_steps(state, {"type": "reassign", "power": "propaganda_campaign", "die": 0,
                                 "to": "ship"})
    assert {"type": "ready"} in options(state, 0)  # "up to": one is enough
    state = assign_steps(state, {"type": "reassign", "power": "propaganda_campaign", "die": 1,
                                 "to": "ship"})
    assert [d[2] for d in seat(state, 0)["dice"]] == ["ship", "ship", "ship"]
    assert not any(a.get("power") == "propaganda_campaign" for a in options(state, 0))


@pytest.mark.parametrize(("mine", "theirs", "dice"), [(2, 1, 2), (1, 1, 1), (0, 0, 1),
                                                      (0, 1, 0)])
def test_mad_scientists_by_blue_worlds(mine: int, theirs: int, dice: int) -> None:
    blue = ["secluded_world", "star_nomad_lair", "artist_colony"]
    state = _state([("white", "explore"), ("white", "develop"), ("white", "ship")],
                   tableau=["mad_scientists", *blue[:mine]])
    give(state, 1, tableau=[*BASE, *blue[:theirs]])
    assert assign.reassign_powers(state, seat(state, 0)).get("mad_scientists", {}).get(
        "dice", 0) == dice


def test_galactic_mandate_lets_one_dictate_move_three() -> None:
    state = _state([("white", "explore")] * 4 + [("white", "ship")],
                   tableau=["galactic_mandate"])
    state = assign_steps(state, {"type": "select", "die": 4, "phase": "ship"},
                         {"type": "dictate", "die": 0})
    for _ in range(3):
        state = assign_steps(state, next(a for a in options(state, 0)
                                         if a["type"] == "reassign"))
    assert [d[2] for d in seat(state, 0)["dice"]].count("dictate") == 1
    assert not any(a["type"] == "reassign" and a["power"] == "dictate"
                   for a in options(state, 0))


def test_backup_planning_dictates_again() -> None:
    state = _state([("white", "explore")] * 4 + [("white", "ship")],
                   tableau=["backup_planning"])
    state = assign_steps(state, {"type": "select", "die": 4, "phase": "ship"},
                         {"type": "dictate", "die": 0},
                         {"type": "reassign", "power": "dictate", "die": 1, "to": "develop"})
    assert {"type": "dictate", "die": 2} in options(state, 0)


def test_reset_is_offered_only_at_a_dead_end_and_starts_the_assignment_over() -> None:
    state = _state([("white", "explore"), ("red", "wild"), ("white", "ship")],
                   tableau=["executive_power"])
    state = assign_steps(state, {"type": "select", "die": 2, "phase": "ship"},
                         {"type": "place", "die": 1, "to": "develop"})
    assert {"type": "reset"} not in options(state, 0)  # the page drops steps tried instead
    # Executive Power begun on a row with no second die: nothing else is left to do
    state = assign_steps(state, {"type": "reassign", "power": "executive_power", "die": 0,
                                 "to": "ship"})
    assert options(state, 0) == [{"type": "reset"}]
    state = assign_steps(state, {"type": "reset"})
    assert seat(state, 0)["dice"] == [["white", "explore", "explore"], ["red", "wild", None],
                                      ["white", "ship", "ship"]]
    assert seat(state, 0)["selector"] is None


def test_reveal_plays_selected_phases_and_returns_the_rest_to_the_cup() -> None:
    state = _state([("white", "explore"), ("white", "develop"), ("red", "settle"),
                    ("white", "ship")])
    state = steps(state, 0, {"type": "select", "die": 1, "phase": "develop"},
                  {"type": "dictate", "die": 0},
                  {"type": "reassign", "power": "dictate", "die": 2, "to": "develop"})
    roll_as(state, 1, [("white", "ship")])
    state = steps(state, 1, {"type": "select", "die": 0, "phase": "ship"})
    extra = state["extra_die"]
    played = {"develop", "ship"} | ({extra} if extra else set())
    assert set(state["phases"]) == played
    s0 = seat(state, 0)
    # the Dictate die and the ship die wait for ship only if ship is played: here it is
    assert s0["revealed"]["selected"] == "develop"
    assert "white" in s0["cup"]  # the Dictate die is never a worker


@pytest.mark.parametrize("seed", range(6))
def test_two_players_roll_one_white_die_for_an_extra_phase(seed: int) -> None:
    state = _state([("white", "develop")])
    state["rng"] = seed
    state = steps(state, 0, {"type": "select", "die": 0, "phase": "develop"})
    state = steps(state, 1, {"type": "select", "die": 0, "phase": "develop"})
    face = state["extra_die"]
    assert face in ("explore", "develop", "settle", "produce", "ship")
    assert set(state["phases"]) == {"develop", face}


def test_three_players_roll_no_extra_die() -> None:
    state = _state([("white", "develop")], n=3)
    for i in range(3):
        state = steps(state, i, {"type": "select", "die": 0, "phase": "develop"})
    assert state["extra_die"] is None and state["phases"] == ["develop"]


def test_unplayed_rows_go_back_to_the_cup() -> None:
    state = _state([("white", "explore"), ("white", "produce"), ("white", "develop")], n=3)
    for i in (1, 2):
        roll_as(state, i, [("white", "develop")])
    state = steps(state, 0, {"type": "select", "die": 2, "phase": "develop"})
    for i in (1, 2):
        state = steps(state, i, {"type": "select", "die": 0, "phase": "develop"})
    assert sorted(seat(state, 0)["cup"]) == ["white", "white"]


def test_steps_posted_with_ready_are_one_action() -> None:
    state = _state([("white", "explore"), ("white", "ship")])
    after, events = act(RULES, state, 0, steps_action([
        {"type": "select", "die": 0, "phase": "explore"}, {"type": "ready"}]))
    assert after["seats"][0]["ready"] and not state["seats"][0]["ready"]
    assert [e["msg"]["key"] for e in events] == ["roll_for_the_galaxy.ev.ready"]


DICE_FOR_POWERS = [("white", "explore"), ("red", "explore"), ("blue", "produce"),
                   ("green", "settle"), ("white", "ship")]  # the white ship die selects Ship


@pytest.mark.parametrize(("power", "moves"), [
    # (colour, from, to) of every move offered
    ("isolation_policy", {(c, "explore", t) for c in ("white", "red")
                          for t in ("develop", "settle", "produce", "ship")}),
    ("diversification", {("white", "explore", t) for t in ("develop", "settle", "produce",
                                                           "ship")}),
    ("space_mercenaries", {("red", "explore", t) for t in ("develop", "settle", "produce",
                                                           "ship")}),
    ("hydroponics_guild", {("blue", "produce", t) for t in ("explore", "develop", "settle",
                                                            "ship")}
     | {("green", "settle", t) for t in ("explore", "develop", "produce", "ship")}),
    ("technology_affinity", {(c, f, "develop") for c, f in DICE_FOR_POWERS[:4]}),
    ("colonial_affinity", {(c, f, "settle") for c, f in DICE_FOR_POWERS[:3]}),
    ("shipping_affinity", {(c, f, "ship") for c, f in DICE_FOR_POWERS[:4]}),
    ("operations_affinity", {("white", "explore", "produce"), ("red", "explore", "produce"),
                             ("blue", "produce", "explore"), ("green", "settle", "explore"),
                             ("green", "settle", "produce")}),
    ("homeworld_patriotism", {("white", "explore", "ship")}),
    ("system_diversification", {(c, f, t) for c, f in DICE_FOR_POWERS[1:4]
                                for t in ("explore", "develop", "settle", "produce", "ship")
                                if t != f}),
])
def test_each_reassign_power_offers_its_own_moves(power: str, moves: set[tuple[str, str, str]]
                                                  ) -> None:
    state = _state(DICE_FOR_POWERS, tableau=[power])
    state = assign_steps(state, {"type": "select", "die": 4, "phase": "ship"})
    offered = {(seat(state, 0)["dice"][a["die"]][0], seat(state, 0)["dice"][a["die"]][2],
                a["to"]) for a in options(state, 0)
               if a["type"] == "reassign" and a["power"] == power}
    assert offered == moves


def test_no_reassign_power_is_offered_before_a_phase_is_selected() -> None:
    state = _state(DICE_FOR_POWERS, tableau=["galactic_influence", "nanotechnology"])
    assert not any(a["type"] in ("reassign", "dictate") for a in options(state, 0))


def test_a_seat_without_dice_is_ready_without_selecting() -> None:
    state = _state([])
    assert options(state, 0) == [{"type": "ready"}]
    state = steps(state, 1, {"type": "select", "die": 0, "phase": "ship"})
    state, _ = play(state, 0, {"type": "ready"})
    assert "ship" in state["phases"] and seat(state, 0)["revealed"]["selected"] is None
