"""Choosing a Cylon Leader (DB-4.1, DB-4.3): at most one, none with 3 players, one required
with 7 players, outside the type balance."""

from __future__ import annotations

import pytest

from app.core import IllegalOptions
from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.setup import allowed_characters

LEADERS = {"sharon_agathon", "aaron_doral", "danna_biers", "simon_oneill"}


def _game(players: int, expansion: str = "daybreak") -> Game:
    names = [f"P{i}" for i in range(players)]
    return Game(RULES.new_game(checked_options({"expansion": expansion}, names), names, 1))


def _take(g: Game, *characters: str) -> None:
    for seat, character in enumerate(characters):
        g.seat(seat)["character"] = character


def test_a_leader_is_offered_with_four_players() -> None:
    g = _game(4)
    assert set(allowed_characters(g)) >= LEADERS


def test_no_leader_with_three_players() -> None:
    assert not LEADERS & set(allowed_characters(_game(3)))


def test_no_leader_in_a_base_game() -> None:
    assert not LEADERS & set(allowed_characters(_game(4, "none")))


def test_only_one_leader_a_game() -> None:
    g = _game(5)
    _take(g, "aaron_doral")
    assert not LEADERS & set(allowed_characters(g))


def test_a_leader_does_not_count_in_the_type_balance() -> None:
    g = _game(5)
    before = [c for c in allowed_characters(g) if c not in LEADERS]
    _take(g, "simon_oneill")
    assert allowed_characters(g) == before


def test_seven_players_allowed_with_daybreak_only() -> None:
    names = [f"P{i}" for i in range(7)]
    assert checked_options({"expansion": "daybreak"}, names)["expansion"] == "daybreak"
    with pytest.raises(IllegalOptions):
        checked_options({}, names)


def test_the_seventh_chooser_must_take_a_leader_if_nobody_has() -> None:
    g = _game(7)
    _take(g, "william_adama", "laura_roslin", "kara_thrace", "saul_tigh", "gaius_baltar",
          "lee_adama")
    assert set(allowed_characters(g)) == LEADERS


def test_the_seventh_chooser_is_free_once_a_leader_is_taken() -> None:
    g = _game(7)
    _take(g, "william_adama", "laura_roslin", "kara_thrace", "danna_biers", "gaius_baltar",
          "lee_adama")
    offered = allowed_characters(g)
    assert offered and not LEADERS & set(offered)


def test_a_seven_player_game_picks_a_leader_through_its_prompts() -> None:
    g = _game(7)
    state = g.state
    while state["flow"] and state["flow"][-1]["step"] == "pick_character":
        (prompt,) = RULES.prompts(state)
        options = prompt["options"]
        # everyone takes a human while they may
        humans = [o for o in options if o["action"]["character"] not in LEADERS]
        state, _ = RULES.apply(state, prompt["seat"], (humans or options)[0]["action"])
        if all(s["character"] for s in state["seats"]):
            break
    chosen = [s["character"] for s in state["seats"]]
    assert sum(1 for c in chosen if catalog.CHARACTERS[c]["type"] == "cylon_leader") == 1
