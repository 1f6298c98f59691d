"""Setup (digest §3): the VP pool by player count, a faction tile and home world each with
their dice and goods, 3 white dice in the cup and 2 in the citizenry, $1 (Doomed World $8), two
construction tiles — placed by the player, or the cheaper sides by the first-game option (B3)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.roll_for_the_galaxy.components import FACTIONS, HOME_WORLDS, tile
from app.games.roll_for_the_galaxy.model import DIE_COUNT, dice_total, tiles_total
from app.games.roll_for_the_galaxy.rules import RULES
from app.games.roll_for_the_galaxy.setup import first_game_choice
from tests.games.roll_for_the_galaxy.helpers import new, options, play, seat


@pytest.mark.parametrize(("n", "pool"), [(2, 24), (3, 36), (4, 48), (5, 60)])
def test_vp_pool_is_12_a_player(n: int, pool: int) -> None:
    assert new(n)["vp_pool"] == pool


def test_every_seat_has_its_faction_home_world_and_starting_dice() -> None:
    for seed in range(20):
        state = new(5, seed)
        assert len({s["faction"] for s in state["seats"]}) == 5
        assert len({s["home"] for s in state["seats"]}) == 5
        for s in state["seats"]:
            halves = [h.id for h in FACTIONS[s["faction"]].halves]
            assert s["tableau"] == [*halves, s["home"]]
            # 3 white dice rolled from the cup, 2 white in the citizenry, and the tiles' own
            everywhere = Counter(d[0] for d in s["dice"]) + Counter(s["citizenry"])
            everywhere += Counter(c for g in s["goods"].values() for c in g)
            assert everywhere["white"] == 5
            assert s["credits"] == (8 if s["home"] == "doomed_world" else 1)
            assert len(s["devs"]) == len(s["worlds"]) == 1
        assert dice_total(state) == DIE_COUNT
        assert tiles_total(state) == list(range(1, 56))
        assert len(state["bag"]) == 55 - 2 * 5


def test_home_world_good_and_citizenry_die() -> None:
    for seed in range(60):
        state = new(2, seed)
        for s in state["seats"]:
            if s["home"] == "earths_lost_colony":
                assert s["goods"] == {"earths_lost_colony": ["blue"]}
                return
    pytest.fail("no seed dealt Earth's Lost Colony")


def test_first_game_puts_the_cheaper_development_and_world_face_up() -> None:
    # tile 1: development 6 / world 1; tile 48: development 3 / world 3
    assert first_game_choice([1, 48]) == (48, 1)
    assert first_game_choice([48, 1]) == (48, 1)
    # both cheaper sides on one tile (32: Advanced Logistics 1 / world 5; 5: 6 / 2): the way
    # round needing fewer workers in all (B3)
    a, b = tile(32), tile(5)
    assert (a.development.cost, a.world.cost, b.development.cost, b.world.cost) == (1, 5, 6, 2)
    assert first_game_choice([32, 5]) == (32, 5)


def test_without_the_option_each_player_chooses_the_way_round() -> None:
    state = new(2, 3, first_game=False)
    assert state["step"] == "setup"
    a, b = seat(state, 0)["pend"]["tiles"]
    assert options(state, 0) == [
        {"type": "start_tiles", "development": a, "world": b},
        {"type": "start_tiles", "development": b, "world": a}]
    # the drawn tiles are the drawer's own until placed
    assert RULES.view(state, 1)["seats"][0]["pend"] == {"kind": "setup", "tiles": 2}
    state, _ = play(state, 0, {"type": "start_tiles", "development": b, "world": a})
    assert (seat(state, 0)["devs"], seat(state, 0)["worlds"]) == ([b], [a])
    assert state["step"] == "setup"
    c, d = seat(state, 1)["pend"]["tiles"]
    state, _ = play(state, 1, {"type": "start_tiles", "development": c, "world": d})
    assert state["step"] == "assign"


def test_doomed_world_starts_with_eight_credits_and_no_dice() -> None:
    assert [e.name for e in HOME_WORLDS["doomed_world"].immediate] == ["start_credits"]
    for seed in range(80):
        state = new(5, seed)
        for s in state["seats"]:
            if s["home"] == "doomed_world":
                assert s["credits"] == 8
                return
    pytest.fail("no seed dealt Doomed World")
