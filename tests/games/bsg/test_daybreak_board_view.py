"""What the board needs to draw a Daybreak game's overlays (DB-3.1, DB-12): the public view names
the locations on the board by Ship, the overlays' in place of the ones they cover, and the sides
turned so far; a base game's view carries neither (its views stay as they were)."""

from __future__ import annotations

from app.games.bsg.game import Game
from app.games.bsg.overlays import COLONIAL_ONE_DESTROYED, HUB_DESTROYED, flip
from app.games.bsg.view import view
from tests.games.bsg.helpers import ADAMA, KARA, ROSLIN, TIGH, Scenario

CAST = [ADAMA, KARA, TIGH, ROSLIN]


def test_a_base_game_view_has_no_board_locations() -> None:
    s = Scenario(CAST)
    for seat in (None, 0):
        assert "locations" not in view(s.state, seat)
        assert "flipped" not in view(s.state, seat)


def test_the_overlays_locations_stand_in_place_of_the_ones_they_cover() -> None:
    s = Scenario(CAST, expansion="daybreak")
    public = view(s.state, None)
    assert public["flipped"] == []
    assert public["locations"]["colonial_one"] == [
        "quorum_chamber", "daybreak_press_room", "daybreak_presidents_office",
        "daybreak_administration"]
    assert public["locations"]["cylon"] == [
        "daybreak_caprica", "daybreak_cylon_fleet", "daybreak_human_fleet",
        "daybreak_resurrection_ship"]
    assert len(public["locations"]["galactica"]) == 10
    assert view(s.state, 2)["locations"] == public["locations"]  # public: the same for all


def test_turned_overlays_show_their_destroyed_sides() -> None:
    s = Scenario(CAST, expansion="daybreak")
    g = Game(s.state)
    flip(g, HUB_DESTROYED)
    public = view(s.state, None)
    assert public["flipped"] == [HUB_DESTROYED]
    assert public["locations"]["cylon"][-1] == "hub_destroyed"
    flip(g, COLONIAL_ONE_DESTROYED)
    public = view(s.state, 1)
    assert public["flipped"] == [HUB_DESTROYED, COLONIAL_ONE_DESTROYED]
    assert "colonial_one" not in public["locations"]  # the board says Colonial One is gone
