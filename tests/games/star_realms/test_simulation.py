"""200 random two-player games to the end, with the invariants checked after every action:
every card in exactly one place, pools and played ships only on the current seat's side (they
reset at each end of turn), Authority above 0 until the end, a full Trade Row while the Trade
Deck lasts, and every message worded in all three languages."""

from __future__ import annotations

from typing import Any

from app.core import replay
from app.core.messages import LANGUAGES, catalog, is_msg
from app.games.star_realms.rules import RULES
from tests.games.star_realms.helpers import every_card_once
from tests.games.star_realms.random_games import NAMES, steps

GAMES = 200
WORDED = 20  # the games whose every message is worded in every language


def check(state: dict[str, Any]) -> None:
    assert every_card_once(state)
    current = state["current"]
    for n, data in enumerate(state["seats"]):
        assert data["trade"] >= 0 and data["combat"] >= 0
        if n != current:
            assert data["trade"] == data["combat"] == 0 and data["ships"] == []
    if state["result"] is None:
        assert all(d["authority"] > 0 for d in state["seats"])
        assert len(state["trade_row"]) == 5 or not state["trade_deck"]
    elif state["result"]["msg"]["key"] == "star_realms.result.won":
        loser = [n for n in (0, 1) if n not in state["result"]["winners"]]
        assert state["seats"][loser[0]]["authority"] <= 0
    else:  # the turn limit, a safeguard (DECISIONS.md)
        assert state["turn"] > 600


def keys_of(m: Any) -> list[str]:
    out = [m["key"]]
    for value in m["params"].values():
        for v in value if isinstance(value, list) else [value]:
            if is_msg(v):
                out += keys_of(v)
    return out


def worded(m: Any) -> None:
    for lang in LANGUAGES:
        words = catalog(lang)
        for key in keys_of(m):
            assert key in words.entries, (lang, key)
        assert words.render(m, NAMES)


def test_random_games_end_and_keep_the_invariants() -> None:
    turns = []
    for seed in range(GAMES):
        state: dict[str, Any] = {}
        for state, events in steps(seed):
            check(state)
            if seed < WORDED:
                for ev in events:
                    worded(ev["msg"])
                for p in RULES.prompts(state):
                    worded(p["msg"])
                    for o in p["options"]:
                        worded(o["msg"])
        assert state["result"] is not None, f"seed {seed} did not end"
        worded(RULES.result(state)["msg"])
        turns.append(state["turn"])
    assert min(turns) > 2


def test_a_game_replays_bit_for_bit_from_its_seed_and_actions() -> None:
    import random

    from app.core import act
    from app.core.pick import random_answer

    state = RULES.new_game({"format": "two_player"}, NAMES, 77)
    bots = random.Random(77)
    log = []
    while state["result"] is None:
        prompt = RULES.prompts(state)[0]
        action = random_answer(prompt, bots)
        log.append((prompt["seat"], action))
        state, _ = act(RULES, state, prompt["seat"], action)
    assert replay(RULES, {"format": "two_player"}, NAMES, 77, log) == state
