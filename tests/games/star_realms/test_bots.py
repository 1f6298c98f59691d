"""The key decisions of Star Realms' bots, each from a known position (greedy: the issue's
yardstick; smart: the choices that make it win), and what they do with several opponents or a
question they do not know."""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import bot_answer, seat_move
from app.bots.registry import bots_for
from app.core import act
from app.core.pick import answers
from app.games.star_realms.bots import GREEDY, SMART, default
from app.games.star_realms.carddata import card_id
from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import board, do, play, prompt, uid_of
from tests.games.star_realms.random_games import NAMES

BOT_NAMES = ("greedy", "smart")


def answer(bot: Any, state: dict[str, Any]) -> dict[str, Any]:
    seat = prompt(state)["seat"]
    return seat_move(RULES, state, seat, bot, 0, 0)


def test_the_game_offers_both_bots_beside_random() -> None:
    assert {"random", *BOT_NAMES} <= set(bots_for(RULES))
    assert bots_for(RULES)["smart"].key == "star_realms.bot.smart"


def test_greedy_plays_all_its_cards_first() -> None:
    state = board(hand0=["scout", "viper", "lancer"])
    assert answer(GREEDY, state) == {"type": "play_all"}


def test_greedy_buys_the_dearest_card_it_can_afford() -> None:
    state = board(row=["swarmer", "lancer", "gunship", "peacekeeper", "battle_bot"], trade0=5)
    action = answer(GREEDY, state)
    assert action["type"] == "buy" and card_id(action["card"]) == "gunship"


def test_greedy_attacks_the_player_not_a_plain_base() -> None:
    state = board(combat0=5, bases1=["stellar_reef"])
    assert answer(GREEDY, state) == {"type": "attack", "seat": 1, "amount": 5}


def test_greedy_attacks_an_outpost_only_when_it_stands_in_the_way() -> None:
    state = board(combat0=6, bases1=["warning_beacon"])
    action = answer(GREEDY, state)
    assert action == {"type": "attack_base", "seat": 1,
                      "card": uid_of(state, 1, "bases", "warning_beacon")}


def test_greedy_ends_the_turn_when_nothing_is_left() -> None:
    assert answer(GREEDY, board()) == {"type": "end_turn"}


def test_smart_scraps_starting_cards_when_offered_scrap() -> None:
    state = play(board(hand0=["battle_bot", "scout", "lancer"], discard0=["viper"]),
                 "battle_bot")
    assert prompt(state)["kind"] == "scrap_from"
    action = answer(SMART, state)
    assert action["type"] == "scrap" and action["card"] == "scout"
    state = play(board(hand0=["convoy_bot", "lancer"], discard0=["viper", "gunship"]),
                 "convoy_bot")
    assert answer(SMART, state) == {"type": "scrap", "card": "viper", "zone": "discard"}


def test_smart_keeps_good_cards_when_there_is_nothing_to_scrap() -> None:
    state = play(board(hand0=["battle_bot", "gunship"]), "battle_bot")
    assert answer(SMART, state) == {"type": "done"}


def test_smart_plays_its_cards_and_uses_abilities_before_buying_and_attacking() -> None:
    state = board(hand0=["scout", "predator"], bases0=["stellar_reef"],
                  row=["swarmer", "lancer", "gunship", "peacekeeper", "battle_bot"])
    seen = []
    for _ in range(6):
        action = answer(SMART, state)
        seen.append(action["type"])
        if action["type"] in ("buy", "attack", "end_turn"):
            break
        state = do(state, action)
    assert seen[:2] == ["play", "play"]
    assert "ability" in seen and seen.index("ability") < len(seen) - 1


def test_smart_finishes_a_player_it_can_reach_instead_of_a_base() -> None:
    state = board(combat0=8, authority1=8, bases1=["stellar_reef"])
    assert answer(SMART, state) == {"type": "attack", "seat": 1, "amount": 8}


def test_smart_destroys_the_outpost_in_the_way() -> None:
    state = board(combat0=9, bases1=["the_oracle", "stellar_reef"])
    assert answer(SMART, state) == {"type": "attack_base", "seat": 1,
                                    "card": uid_of(state, 1, "bases", "the_oracle")}


def test_smart_destroys_a_valuable_base_before_hitting_the_player() -> None:
    state = board(combat0=8, bases1=["loyal_colony"])
    assert answer(SMART, state) == {"type": "attack_base", "seat": 1,
                                    "card": uid_of(state, 1, "bases", "loyal_colony")}


def test_smart_chooses_combat_when_it_finishes_and_trade_early_otherwise() -> None:
    state = board(bases0=["frontier_station"])
    early = do(state, _base_ability(state, "frontier_station"))
    assert prompt(early)["kind"] == "choose"
    assert answer(SMART, early) == {"type": "choose", "index": 0}
    state = board(bases0=["frontier_station"], combat0=5, authority1=8)
    finishing = do(state, _base_ability(state, "frontier_station"))
    assert answer(SMART, finishing) == {"type": "choose", "index": 1}


def _base_ability(state: dict[str, Any], cid: str) -> dict[str, Any]:
    return {"type": "ability", "card": uid_of(state, 0, "bases", cid), "ability": "primary"}


def test_smart_discards_its_weakest_card_when_made_to() -> None:
    state = board(hand0=["star_barge", "lancer"], hand1=["gunship", "viper", "scout"])
    state = play(play(state, "lancer"), "star_barge")
    state = do(state, {"type": "ability", "card": uid_of(state, 0, "ships", "star_barge"),
                       "ability": "ally"})
    assert prompt(state)["kind"] == "discard" and prompt(state)["seat"] == 1
    assert answer(SMART, state)["card"] in ("scout", "viper")


def test_smart_takes_a_card_that_may_go_to_its_hand_into_its_hand() -> None:
    state = board(hand0=["battle_bot"], trade0=2, row=["warning_beacon"])
    state = play(state, "battle_bot")
    state = do(state, {"type": "buy", "card": state["trade_row"][0]})
    assert prompt(state)["kind"] == "acquire_to_hand"
    for bot in (GREEDY, SMART):
        assert answer(bot, state) == {"type": "to", "where": "hand"}


def _many_opponents() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A made-up three-player main phase (the formats for it come separately): seat 0 may hit
    seat 1 (30 authority) or seat 2 (12)."""
    players = [{"seat": s, "authority": a, "hand_size": 5, "deck_size": 5, "discard": [],
                "ships": [], "bases": [], "trade": 0, "combat": 6 if s == 0 else 0}
               for s, a in ((0, 40), (1, 30), (2, 12))]
    view = {"format": "free_for_all", "turn": 9, "current": 0, "players": players,
            "trade_row": [], "trade_deck_size": 40, "explorers": 10, "scrap_heap": [],
            "used": [], "copies": {}, "next_acquire": None, "scrapped_this_turn": 0,
            "played_factions": [], "stack": [], "result": None, "you": {"seat": 0, "hand": []}}
    options = [{"label": "", "msg": {}, "action": {"type": "attack", "seat": s, "amount": 6}}
               for s in (1, 2)] + [{"label": "", "msg": {}, "action": {"type": "end_turn"}}]
    return view, [{"seat": 0, "kind": "main", "text": "", "msg": {}, "options": options}]


def test_with_several_opponents_the_bots_attack_the_weakest_they_can_reach() -> None:
    view, prompts = _many_opponents()
    for bot in (GREEDY, SMART):
        assert bot.answer(view, prompts, random.Random(0))["seat"] == 2


def test_a_question_they_do_not_know_gets_an_offered_answer() -> None:
    view, _ = _many_opponents()
    options = [{"label": "", "msg": {}, "action": {"type": "done"}},
               {"label": "", "msg": {}, "action": {"type": "pledge", "seat": 1}}]
    prompts = [{"seat": 0, "kind": "pledge_ally", "text": "", "msg": {}, "options": options}]
    for bot in (GREEDY, SMART):
        assert bot_answer(bot, view, prompts, random.Random(0)) == {"type": "pledge", "seat": 1}
    assert default({**prompts[0], "pick": {"min": 1, "max": 2}}) == {
        "type": "pick", "picked": [{"type": "done"}]}


def test_a_which_opponent_question_they_do_not_know_gets_the_weakest() -> None:
    view, _ = _many_opponents()
    options = [{"label": "", "msg": {}, "action": {"type": "target", "seat": s}} for s in (1, 2)]
    prompts = [{"seat": 0, "kind": "target", "text": "", "msg": {}, "options": options}]
    for bot in (GREEDY, SMART):
        assert bot.answer(view, prompts, random.Random(0)) == {"type": "target", "seat": 2}


def test_every_answer_in_whole_games_is_an_offered_option() -> None:
    """No answer ever needs the core's fallback (a random offered option): over whole games of
    each pairing, every question of every kind the games ask."""
    offered = bots_for(RULES)
    kinds = set()
    for seed, pair in enumerate([("smart", "greedy"), ("smart", "random"),
                                 ("greedy", "random"), ("smart", "smart")] * 3):
        state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)
        version = 0
        while RULES.result(state) is None:
            prompts = RULES.prompts(state)
            seat = prompts[0]["seat"]
            bot = offered[pair[seat]]
            action = bot.answer(RULES.view(state, seat), prompts, random.Random(version))
            assert answers(prompts[0], action), (seed, bot.name, prompts[0]["kind"], action)
            kinds.add(prompts[0]["kind"])
            state, _ = act(RULES, state, seat, action, prompts)
            version += 1
    assert {"main", "scrap_from", "discard"} <= kinds
