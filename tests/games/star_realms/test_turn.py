"""The turn (SR-5 to SR-9): playing cards, abilities once a turn, buying, attacking, outposts,
the discard and draw phases with reshuffles, and the end at 0 Authority."""

from __future__ import annotations

import pytest

from app.core import IllegalAction
from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import (
    actions,
    board,
    do,
    ids,
    play,
    prompt,
    refresh,
    seat,
    uid_of,
)

END = {"type": "end_turn"}


def test_a_ship_primary_fires_when_played_and_the_ship_stays_until_the_discard_phase() -> None:
    state = play(board(hand0=["scout", "viper"]), "scout")
    assert seat(state, 0)["trade"] == 1
    assert ids(seat(state, 0)["ships"]) == ["scout"]
    state = play(state, "viper")
    assert seat(state, 0)["combat"] == 1


def test_play_all_plays_every_card_in_hand() -> None:
    state = do(board(hand0=["scout", "scout", "viper", "scout"]), {"type": "play_all"})
    assert seat(state, 0)["hand"] == []
    assert (seat(state, 0)["trade"], seat(state, 0)["combat"]) == (3, 1)


def test_play_all_stops_for_a_choice_and_goes_on_after_it() -> None:
    state = do(board(hand0=["battle_bot", "scout", "viper"]), {"type": "play_all"})
    assert prompt(state)["kind"] == "scrap_from"
    state = do(state, {"type": "done"})
    assert seat(state, 0)["hand"] == [] and seat(state, 0)["trade"] == 1


def test_a_base_stays_in_play_and_its_primary_is_used_once_per_turn() -> None:
    state = play(board(hand0=["the_oracle", "scout"]), "the_oracle")
    oracle = uid_of(state, 0, "bases", "the_oracle")
    use = {"type": "ability", "card": oracle, "ability": "primary"}
    assert use in actions(state)
    state = do(do(state, use), {"type": "scrap", "card": "scout", "zone": "hand"})
    assert use not in actions(state)
    state = do(state, END)
    assert ids(seat(state, 0)["bases"]) == ["the_oracle"]
    state = do(state, END)  # Bob's turn ends; Ann's primary is there again
    assert use in actions(state)


def test_a_base_that_only_gains_gives_at_the_start_of_each_turn() -> None:
    state = board(bases0=["bioformer"], combat1=0)
    state = do(do(state, END), END)
    assert seat(state, 0)["combat"] == 3


def test_the_ally_ability_needs_another_card_of_its_faction_in_play() -> None:
    state = play(board(hand0=["mining_mech", "scout", "repair_bot"]), "mining_mech")
    state = do(state, {"type": "done"})
    assert seat(state, 0)["combat"] == 0, "no other Machine Cult card yet"
    state = play(state, "scout")
    assert seat(state, 0)["combat"] == 0, "an unaligned card is no ally"
    state = play(state, "repair_bot")  # its scrap from an empty discard pile is not asked
    assert seat(state, 0)["combat"] == 3, "Mining Mech's ally ability: +3 Combat"


def test_a_base_from_an_earlier_turn_is_an_ally() -> None:
    state = board(bases0=["the_oracle"], hand0=["battle_bot"])
    state = play(state, "battle_bot")  # nothing in hand to scrap: not asked
    assert seat(state, 0)["combat"] == 2 + 2 + 3, "Battle Bot 2 and ally 2, The Oracle's ally 3"


def test_an_ally_ability_is_used_once_a_turn() -> None:
    state = board(bases0=["orbital_platform"], hand0=["star_barge", "star_barge"])
    state = play(play(state, "star_barge"), "star_barge")
    assert seat(state, 0)["combat"] == 3, "the Platform's ally only gains: used at once, once"
    barge = seat(state, 0)["ships"][0]
    ally = {"type": "ability", "card": barge, "ability": "ally"}
    state = do(state, ally)  # Bob's hand is empty: his discard is not asked
    assert seat(state, 0)["combat"] == 5
    assert ally not in actions(state)
    other = {"type": "ability", "card": seat(state, 0)["ships"][1], "ability": "ally"}
    assert other in actions(state), "each card's ability once"


def test_a_scrap_ability_scraps_the_card_and_an_explorer_goes_back_to_its_pile() -> None:
    state = play(board(hand0=["explorer"]), "explorer")
    uid = uid_of(state, 0, "ships", "explorer")
    state = do(state, {"type": "ability", "card": uid, "ability": "scrap"})
    assert seat(state, 0)["combat"] == 2 and seat(state, 0)["trade"] == 2
    assert uid in state["explorers"] and uid not in state["scrap_heap"]
    assert len(state["explorers"]) == 10


def test_a_scrapped_trade_card_goes_to_the_scrap_heap() -> None:
    state = play(board(hand0=["cargo_pod"]), "cargo_pod")
    uid = uid_of(state, 0, "ships", "cargo_pod")
    state = do(state, {"type": "ability", "card": uid, "ability": "scrap"})
    assert state["scrap_heap"] == [uid] and seat(state, 0)["combat"] == 3


def test_buying_costs_the_price_at_the_boundary_and_refills_the_row() -> None:
    state = board(row=["lancer", "swarmer", "predator", "falcon", "bioformer"], trade0=3)
    falcon = state["trade_row"][3]
    buys = [a for a in actions(state) if a["type"] == "buy"]
    assert {"type": "buy", "card": falcon} in buys, "cost 3 with 3 trade"
    assert {"type": "buy", "card": state["trade_row"][4]} not in buys, "cost 4 with 3 trade"
    top = state["trade_deck"][-1]
    state = do(state, {"type": "buy", "card": falcon})
    assert seat(state, 0)["trade"] == 0
    assert seat(state, 0)["discard"] == [falcon], "bought cards go to the discard pile"
    assert state["trade_row"][3] == top, "the row is refilled in the same place at once"
    assert seat(state, 0)["combat"] == 0, "buying is not playing"


def test_explorers_are_bought_from_their_pile() -> None:
    state = do(board(trade0=2), {"type": "buy", "card": "explorer"})
    assert ids(seat(state, 0)["discard"]) == ["explorer"] and len(state["explorers"]) == 9


def test_attacking_the_opponent_spends_the_pool() -> None:
    state = board(combat0=7)
    state = do(state, {"type": "attack", "seat": 1, "amount": 7})
    assert seat(state, 1)["authority"] == 43 and seat(state, 0)["combat"] == 0


def test_a_base_needs_its_whole_defense_in_one_go() -> None:
    state = board(bases1=["bioformer"], combat0=3)
    base = seat(state, 1)["bases"][0]
    attack = {"type": "attack_base", "seat": 1, "card": base}
    assert attack not in actions(state), "defense 4, 3 combat"
    state["seats"][0]["combat"] = 4
    state = do(refresh(state), attack)
    assert seat(state, 1)["discard"] == [base], "a destroyed base goes to its owner's discard"
    assert seat(state, 0)["combat"] == 0


def test_outposts_shield_the_player_and_their_other_bases() -> None:
    state = board(bases1=["bioformer", "warning_beacon"], combat0=10)
    bioformer, beacon = seat(state, 1)["bases"]
    offered = actions(state)
    assert {"type": "attack_base", "seat": 1, "card": beacon} in offered
    assert {"type": "attack_base", "seat": 1, "card": bioformer} not in offered
    assert not any(a["type"] == "attack" for a in offered)
    state = do(state, {"type": "attack_base", "seat": 1, "card": beacon})
    offered = actions(state)
    assert {"type": "attack_base", "seat": 1, "card": bioformer} in offered
    assert {"type": "attack", "seat": 1, "amount": 8} in offered


def test_the_discard_phase_keeps_bases_and_empties_pools_hand_and_ships() -> None:
    state = board(hand0=["scout", "viper", "bioformer"], deck0=["scout"] * 5)
    state = play(play(state, "scout"), "bioformer")
    state = do(state, END)
    data = seat(state, 0)
    assert (data["trade"], data["combat"]) == (0, 0)
    assert sorted(ids(data["discard"])) == ["scout", "viper"]
    assert ids(data["bases"]) == ["bioformer"] and len(data["hand"]) == 5
    assert state["current"] == 1 and state["turn"] == 2


def test_no_reshuffle_while_the_deck_has_cards() -> None:
    state = board(discard0=["viper"])
    state = do(state, END)
    assert ids(seat(state, 0)["discard"]) == ["viper"], "the deck had 10 cards: no reshuffle"


def test_authority_at_exactly_0_loses_and_at_1_does_not() -> None:
    state = do(board(combat0=5, authority1=6), {"type": "attack", "seat": 1, "amount": 5})
    assert state["result"] is None and seat(state, 1)["authority"] == 1
    state = do(board(combat0=5, authority1=5), {"type": "attack", "seat": 1, "amount": 5})
    assert state["result"]["winners"] == [0]
    assert RULES.prompts(state) == []
    assert RULES.result(state)["text"] == "Ann wins: the Authority of Bob fell to 0"


def test_an_action_not_offered_is_refused() -> None:
    state = board(hand0=["scout"])
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, {"type": "play", "card": "viper"})
    with pytest.raises(IllegalAction):
        RULES.apply(state, 1, END)


def test_a_game_ends_at_the_turn_limit_with_the_higher_authority_winning() -> None:
    from app.games.star_realms.combat import TURN_LIMIT
    state = board(authority1=51)
    state["turn"] = TURN_LIMIT - 1
    state = do(refresh(state), END)
    assert state["result"] is None and state["turn"] == TURN_LIMIT
    state = do(state, END)
    assert state["result"]["winners"] == [1]
    state = board()
    state["turn"] = TURN_LIMIT
    state = do(refresh(state), END)
    assert state["result"]["winners"] == [] and state["result"]["winner"] is None
