"""Scenarios of the multiplayer formats (digest §11): options and player counts, setup, whom a
seat may attack or target, eliminations and gifts, wins, Hydra's team turns and pooled
Authority, Raid's Boss, and "which opponent" choices."""

from __future__ import annotations

from typing import Any

import pytest

from app.core import IllegalOptions
from app.core.messages import LANGUAGES, catalog
from app.games.star_realms.carddata import card_id
from app.games.star_realms.rules import RULES
from tests.games.star_realms.format_games import NAMES, new_game
from tests.games.star_realms.format_helpers import act, asked, kinds, table
from tests.games.star_realms.helpers import _take, refresh

COUNTS = {"two_player": (2, 2), "free_for_all": (3, 6), "hunter": (3, 6),
          "hydra_two_headed": (4, 4), "hydra_three_headed": (6, 6), "emperor": (6, 6),
          "raid": (3, 6)}


def attacks(state: dict[str, Any], seat: int) -> set[int]:
    return {a["seat"] for a in asked(state, seat) if a["type"] == "attack"}


def base_attacks(state: dict[str, Any], seat: int) -> set[tuple[int, str]]:
    return {(a["seat"], card_id(a["card"])) for a in asked(state, seat)
            if a["type"] == "attack_base"}


# --- options ---------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", list(COUNTS))
def test_each_format_takes_its_player_counts_at_their_boundaries(fmt: str) -> None:
    low, high = COUNTS[fmt]
    for n in (low, high):
        assert RULES.check_options({"format": fmt}, NAMES[:n]) == {"format": fmt}
    for n in (low - 1, high + 1):
        with pytest.raises(IllegalOptions) as refused:
            RULES.check_options({"format": fmt}, NAMES[:n] + ["Gus"] * (n > 6))
        key = refused.value.msg["key"]
        assert key == ("core.error.player_count" if fmt == "two_player"
                       else "star_realms.rules.players")
        for lang in LANGUAGES:
            words = catalog(lang).render(refused.value.msg, [])
            assert words and (fmt == "two_player" or str(n) in words)


def test_the_format_option_offers_every_format_with_its_most_seats() -> None:
    field, = RULES.option_fields
    assert field["choices"] == list(COUNTS)
    assert field["max_players"] == {f: c[1] for f, c in COUNTS.items()}
    assert "hydra_two_headed" in field["description"]
    assert (RULES.min_players, RULES.max_players) == (2, 6)


# --- setup -----------------------------------------------------------------------------

def test_free_for_all_opening_hands_are_3_4_then_5_from_the_first_player() -> None:
    state = new_game("free_for_all", 5, 1)
    first = state["current"]
    hands = [len(state["seats"][(first + k) % 5]["hand"]) for k in range(5)]
    assert hands == [3, 4, 5, 5, 5]
    assert all(d["authority"] == 50 for d in state["seats"])


@pytest.mark.parametrize(("players", "boxes"), [(3, 2), (4, 2), (5, 3), (6, 3)])
def test_several_players_use_one_trade_deck_and_the_starting_cards_of_2_or_3_boxes(
        players: int, boxes: int) -> None:
    state = new_game("free_for_all", players, 0)
    assert len(state["trade_deck"]) + len(state["trade_row"]) == 80
    assert len(state["explorers"]) == 10 * boxes
    every = [u for d in state["seats"] for u in d["deck"] + d["hand"]]
    assert len(set(every)) == 10 * players
    assert sorted(card_id(u) for u in every).count("scout") == 8 * players


@pytest.mark.parametrize(("fmt", "players", "pool"),
                         [("hydra_two_headed", 4, 75), ("hydra_three_headed", 6, 100)])
def test_hydra_teams_share_authority_the_first_team_draws_3_and_plays_at_once(
        fmt: str, players: int, pool: int) -> None:
    state = new_game(fmt, players, 3)
    seats = state["seats"]
    first = seats[state["current"]]["team"]
    assert all(d["authority"] == pool for d in seats)
    for d in seats:
        assert len(d["hand"]) == (3 if d["team"] == first else 5)
    team = [s for s in range(players) if seats[s]["team"] == first]
    assert state["active"] == team
    assert kinds(state) == [(s, "main") for s in team], "every member is asked at once"


def test_emperor_seats_player_1_first_emperors_60_team_a_draws_3() -> None:
    state = new_game("emperor", 6, 9)
    seats = state["seats"]
    assert state["current"] == 0
    assert [d["role"] for d in seats] == ["admiral", "emperor", "admiral"] * 2
    assert [d["authority"] for d in seats] == [50, 60, 50, 50, 60, 50]
    assert [len(d["hand"]) for d in seats] == [3, 3, 3, 5, 5, 5]
    assert [d["team"] for d in seats] == [0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize(("players", "authority", "opening"),
                         [(3, 50, 5), (4, 70, 5), (5, 70, 6), (6, 90, 6)])
def test_raid_boss_starts_first_with_authority_and_hand_by_the_raiders(
        players: int, authority: int, opening: int) -> None:
    state = new_game("raid", players, 4)
    boss, *raiders = state["seats"]
    assert state["current"] == 0 and boss["role"] == "boss"
    assert (boss["authority"], len(boss["hand"])) == (authority, opening)
    assert all((r["authority"], len(r["hand"]), r["role"]) == (50, 5, "raider")
               for r in raiders)


def test_raid_boss_draws_7_or_8_in_the_draw_phase() -> None:
    for players, size in ((4, 7), (5, 8)):
        state = table("raid", players, 0)
        state = act(state, 0, {"type": "end_turn"})
        assert len(state["seats"][0]["hand"]) == size
        assert state["current"] == 1


# --- whom one may attack -----------------------------------------------------------------

def test_free_for_all_attacks_anyone_with_any_split() -> None:
    state = table("free_for_all", 4, 0, combat0=3, bases2=["orbital_platform"])
    assert attacks(state, 0) == {1, 2, 3}
    amounts = {a["amount"] for a in asked(state, 0) if a["type"] == "attack" and a["seat"] == 1}
    assert amounts == {1, 2, 3}
    state = act(state, 0, {"type": "attack", "seat": 1, "amount": 1})
    state = act(state, 0, {"type": "attack", "seat": 3, "amount": 2})
    assert [d["authority"] for d in state["seats"]] == [50, 49, 50, 48]


def test_one_players_outpost_does_not_shield_the_others() -> None:
    state = table("free_for_all", 3, 0, combat0=5, bases1=["command_center"],
                  bases2=["orbital_platform"])
    assert attacks(state, 0) == {2}
    assert base_attacks(state, 0) == {(1, "command_center"), (2, "orbital_platform")}


def test_hunter_attacks_the_next_player_and_the_bases_of_both_neighbours() -> None:
    state = table("hunter", 4, 1, combat1=9, bases0=["orbital_platform"],
                  bases2=["orbital_platform"], bases3=["orbital_platform"])
    assert attacks(state, 1) == {2}
    assert {s for s, _ in base_attacks(state, 1)} == {0, 2}


def test_hunter_after_the_neighbour_is_out_the_next_surviving_player() -> None:
    state = table("hunter", 4, 1, combat1=9, authority2=3)
    state = act(state, 1, {"type": "attack", "seat": 2, "amount": 9})
    assert state["seats"][2]["out"] and state["result"] is None
    assert attacks(state, 1) == set()  # the pool is spent
    state["seats"][1]["combat"] = 2
    assert attacks(refresh(state), 1) == {3}


def test_an_eliminated_player_leaves_the_game_with_their_cards_and_is_skipped() -> None:
    state = table("free_for_all", 3, 0, combat0=4, authority1=4, hand1=["scout"],
                  bases1=["orbital_platform"], discard1=["viper"])
    had = sorted(u for z in ("deck", "hand", "discard", "bases") for u in state["seats"][1][z])
    state = act(state, 0, {"type": "attack", "seat": 1, "amount": 4})
    out = state["seats"][1]
    assert out["out"] and not any(out[z] for z in ("deck", "hand", "discard", "bases"))
    assert sorted(state["removed"]) == had
    state = act(state, 0, {"type": "end_turn"})
    assert state["current"] == 2


def test_free_for_all_and_hunter_the_last_player_standing_wins() -> None:
    for fmt in ("free_for_all", "hunter"):
        state = table(fmt, 3, 0, combat0=9, authority1=2, authority2=2)
        state["seats"][2]["out"] = True
        state["seats"][2]["deck"] = []
        state = act(refresh(state), 0, {"type": "attack", "seat": 1, "amount": 9})
        assert state["result"]["winners"] == [0]
        assert state["result"]["msg"]["key"] == "star_realms.result.last_standing"


def test_target_opponent_discards_asks_which_opponent_where_there_are_several() -> None:
    state = table("free_for_all", 3, 0, hand0=["gunship"], hand2=["scout", "viper"])
    state = act(state, 0, {"type": "play", "card": "gunship"})
    assert kinds(state) == [(0, "target_opponent")]
    assert {a["seat"] for a in asked(state, 0)} == {1, 2}
    state = act(state, 0, {"type": "target", "seat": 2})
    assert kinds(state) == [(2, "discard")]
    state = act(state, 2, {"type": "discard", "card": "viper"})
    assert [card_id(u) for u in state["seats"][2]["discard"]] == ["viper"]


def test_hunter_target_opponent_is_the_left_neighbour_without_asking() -> None:
    state = table("hunter", 3, 0, hand0=["gunship"], hand1=["scout"])
    state = act(state, 0, {"type": "play", "card": "gunship"})
    assert kinds(state) == [(1, "discard")]


# --- Hydra -------------------------------------------------------------------------------

def test_hydra_an_attack_on_a_member_takes_the_teams_one_authority() -> None:
    state = table("hydra_two_headed", 4, 0, combat0=10)
    assert attacks(state, 0) == {1, 3}
    state = act(state, 0, {"type": "attack", "seat": 1, "amount": 10})
    assert [d["authority"] for d in state["seats"]] == [75, 65, 75, 65]


def test_hydra_a_members_outpost_shields_the_whole_team() -> None:
    state = table("hydra_two_headed", 4, 0, combat0=10, bases1=["command_center"],
                  bases3=["orbital_platform"])
    assert attacks(state, 0) == set()
    assert base_attacks(state, 0) == {(1, "command_center")}
    assert asked(state, 2) and attacks(state, 2) == set()


def test_hydra_teammates_pool_trade_and_the_one_who_buys_receives_the_card() -> None:
    state = table("hydra_two_headed", 4, 0, trade0=2, trade2=2)
    gunship = _take(state, "gunship")  # cost 4
    state["trade_deck"].append(state["trade_row"][0])
    state["trade_row"][0] = gunship
    state = refresh(state)
    assert not any(a.get("card") == gunship for a in asked(state, 2))
    state = act(state, 0, {"type": "give", "seat": 2, "pool": "trade"})
    assert (state["seats"][0]["trade"], state["seats"][2]["trade"]) == (0, 4)
    state = act(state, 2, {"type": "buy", "card": gunship})
    assert gunship in state["seats"][2]["discard"] and state["seats"][2]["trade"] == 0


def test_hydra_team_turn_ends_when_every_member_ended_then_the_other_team_draws_in() -> None:
    state = table("hydra_two_headed", 4, 0, hand0=["scout"], hand2=["viper"])
    assert kinds(state) == [(0, "main"), (2, "main")]
    state = act(state, 0, {"type": "end_turn"})
    assert kinds(state) == [(2, "main")]
    assert state["seats"][0]["hand"] == [], "discarded, the draw waits for the team"
    state = act(state, 2, {"type": "end_turn"})
    assert kinds(state) == [(1, "main"), (3, "main")]
    assert len(state["seats"][0]["hand"]) == len(state["seats"][2]["hand"]) == 5


def test_hydra_a_teammates_question_does_not_hold_the_others() -> None:
    """SR-11.4.5: teammates act at once, questions included: each member's question is their
    own (a lane); an opponent asked by two members' cards answers one question at a time."""
    state = table("hydra_two_headed", 4, 0, hand0=["gunship"], hand2=["gunship"],
                  hand3=["viper", "scout"])
    state = act(state, 0, {"type": "play", "card": "gunship"})
    assert kinds(state) == [(0, "target_opponent"), (2, "main")]
    state = act(state, 2, {"type": "play", "card": "gunship"})
    assert kinds(state) == [(0, "target_opponent"), (2, "target_opponent")]
    state = act(state, 0, {"type": "target", "seat": 3})
    assert kinds(state) == [(3, "discard"), (2, "target_opponent")]
    state = act(state, 2, {"type": "target", "seat": 3})
    assert kinds(state) == [(3, "discard")]  # the second discard waits for the first
    state = act(state, 3, {"type": "discard", "card": "viper"})
    assert kinds(state) == [(3, "discard"), (0, "main")]
    state = act(state, 3, {"type": "discard", "card": "scout"})
    assert kinds(state) == [(0, "main"), (2, "main")]
    assert state["seats"][3]["hand"] == [] and not state["lanes"]


def test_hydra_a_member_may_buy_while_a_teammate_answers() -> None:
    state = table("hydra_two_headed", 4, 0, hand0=["gunship"], trade2=10)
    state = act(state, 0, {"type": "play", "card": "gunship"})
    cheap = next(uid for uid in state["trade_row"] if {"type": "buy", "card": uid}
                 in asked(state, 2))
    state = act(state, 2, {"type": "buy", "card": cheap})
    assert cheap in state["seats"][2]["discard"]
    assert kinds(state)[0] == (0, "target_opponent")


def test_hydra_a_teammates_cards_are_not_allies() -> None:
    state = table("hydra_two_headed", 4, 0, hand0=["star_barge"], ships2=["lancer"])
    state = act(state, 0, {"type": "play", "card": "star_barge"})
    assert not any(a.get("ability") == "ally" for a in asked(state, 0))


def test_hydra_the_whole_team_loses_at_0() -> None:
    state = table("hydra_two_headed", 4, 0, combat0=5, authority1=5, authority3=5)
    state = act(state, 0, {"type": "attack", "seat": 3, "amount": 5})
    assert state["result"]["winners"] == [0, 2]
    assert state["seats"][1]["out"] and state["seats"][3]["out"]


# --- Emperor -----------------------------------------------------------------------------

def test_emperor_admirals_face_the_drawn_admiral_then_the_emperor() -> None:
    state = table("emperor", 6, 0, combat0=5)
    assert attacks(state, 0) == {5}
    state["seats"][5]["out"] = True
    assert attacks(refresh(state), 0) == {4}
    state = table("emperor", 6, 2, combat2=5)
    assert attacks(state, 2) == {3}


def test_emperor_the_emperor_attacks_any_enemy() -> None:
    state = table("emperor", 6, 1, combat1=5)
    assert attacks(state, 1) == {3, 4, 5}


def test_emperor_an_admiral_out_gives_a_card_to_their_emperor() -> None:
    state = table("emperor", 6, 0, combat0=5, authority5=5, hand5=["lancer"])
    state = act(state, 0, {"type": "attack", "seat": 5, "amount": 5})
    assert kinds(state) == [(5, "gift")]
    assert {"type": "gift", "card": "lancer"} in asked(state, 5)
    state = act(state, 5, {"type": "gift", "card": "lancer"})
    assert [card_id(u) for u in state["seats"][4]["discard"]] == ["lancer"]
    assert not state["seats"][5]["deck"] and state["result"] is None
    assert kinds(state) == [(0, "main")]


def test_emperor_card_transfer_costs_1_trade() -> None:
    state = table("emperor", 6, 0, trade0=1, discard0=["falcon"])
    state = act(state, 0, {"type": "send", "card": "falcon", "seat": 1})
    assert state["seats"][0]["trade"] == 0
    assert [card_id(u) for u in state["seats"][1]["discard"]] == ["falcon"]
    assert not any(a["type"] == "send" for a in asked(state, 0))


def test_emperor_the_emperors_fall_is_the_teams_loss() -> None:
    state = table("emperor", 6, 1, combat1=5, authority4=5)
    state = act(state, 1, {"type": "attack", "seat": 4, "amount": 5})
    assert state["result"]["winners"] == [0, 1, 2]


# --- Raid --------------------------------------------------------------------------------

def test_raid_raiders_attack_the_boss_only_the_boss_any_raider() -> None:
    state = table("raid", 4, 1, combat1=5)
    assert attacks(state, 1) == {0}
    state = table("raid", 4, 0, combat0=5)
    assert attacks(state, 0) == {1, 2, 3}


def test_raid_damage_to_the_boss_base_lasts_until_the_boss_turn() -> None:
    state = table("raid", 3, 1, combat1=3, bases0=["orbital_platform"])
    base = state["seats"][0]["bases"][0]
    state = act(state, 1, {"type": "damage_base", "seat": 0, "card": base, "amount": 3})
    assert state["damage"] == {base: 3}
    state = act(state, 1, {"type": "end_turn"})
    state["seats"][2]["combat"] = 1
    state = refresh(state)
    assert {"type": "attack_base", "seat": 0, "card": base} in asked(state, 2)
    state = act(state, 2, {"type": "attack_base", "seat": 0, "card": base})
    assert base in state["seats"][0]["discard"] and state["damage"] == {}


def test_raid_damage_resets_at_the_start_of_the_boss_turn() -> None:
    state = table("raid", 3, 2, bases0=["orbital_platform"])
    base = state["seats"][0]["bases"][0]
    state["damage"] = {base: 2}
    state = act(state, 2, {"type": "end_turn"})
    assert state["current"] == 0 and state["damage"] == {}


def test_raid_a_raider_out_gives_a_card_to_each_other_raider() -> None:
    state = table("raid", 4, 0, combat0=5, authority1=5, hand1=["lancer", "falcon"])
    state = act(state, 0, {"type": "attack", "seat": 1, "amount": 5})
    assert kinds(state) == [(1, "gift")]
    state = act(state, 1, {"type": "gift", "card": "lancer"})
    state = act(state, 1, {"type": "gift", "card": "falcon"})
    assert [card_id(u) for u in state["seats"][2]["discard"]] == ["lancer"]
    assert [card_id(u) for u in state["seats"][3]["discard"]] == ["falcon"]
    assert state["seats"][1]["out"] and not state["seats"][1]["deck"]


def test_raid_the_boss_wins_when_every_raider_is_out_raiders_win_at_the_boss_fall() -> None:
    state = table("raid", 3, 0, combat0=5, authority1=5)
    state["seats"][2]["out"] = True
    state["seats"][2]["deck"] = []
    state = act(refresh(state), 0, {"type": "attack", "seat": 1, "amount": 5})
    assert state["result"]["winners"] == [0]
    state = table("raid", 3, 1, combat1=5, authority0=5)
    state = act(state, 1, {"type": "attack", "seat": 0, "amount": 5})
    assert state["result"]["winners"] == [1, 2]
    assert state["result"]["msg"]["key"] == "star_realms.result.raiders_won"


def test_hydra_teammates_pool_combat_to_destroy_a_base_together() -> None:
    state = table("hydra_two_headed", 4, 0, combat0=3, combat2=2,
                  bases1=["orbital_platform"])  # defense 4
    base = state["seats"][1]["bases"][0]
    assert not any(a["type"] == "attack_base" for a in asked(state, 0) + asked(state, 2))
    state = act(state, 2, {"type": "give", "seat": 0, "pool": "combat"})
    state = act(state, 0, {"type": "attack_base", "seat": 1, "card": base})
    assert base in state["seats"][1]["discard"] and state["seats"][0]["combat"] == 1


def test_hydra_a_teammates_buy_is_no_longer_offered_to_the_other() -> None:
    state = table("hydra_two_headed", 4, 0, trade0=9, trade2=9)
    card = state["trade_row"][0]
    assert {"type": "buy", "card": card} in asked(state, 2)
    state = act(state, 0, {"type": "buy", "card": card})
    assert {"type": "buy", "card": card} not in asked(state, 2)
    assert kinds(state)[-1] == (2, "main") or kinds(state)[0][1] == "acquire_to_hand"
