"""Roll for the Galaxy's computer players: they are listed, play seeded games to the end with
offered options only (behind the screen one step at a time, committing with "ready"), answer
from what their seat may see, and the smart one beats the random one."""

from __future__ import annotations

import logging
import random
from typing import Any

import orjson
import pytest

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.bots.registry import bots_for
from app.core import act
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.bots import Plan, next_step, smart_plan
from app.games.roll_for_the_galaxy.components import DICE
from app.games.roll_for_the_galaxy.effects import PHASES
from app.games.roll_for_the_galaxy.rules import RULES
from app.simulate import play_one
from tests.games.roll_for_the_galaxy.helpers import new, roll_as
from tests.games.roll_for_the_galaxy.random_games import check_invariants

State = dict[str, Any]
NAMES = ["Ann", "Bob"]


def test_the_game_lists_its_bots_with_catalog_names() -> None:
    offered = bots_for(RULES)
    assert {"random", "greedy", "smart"} <= set(offered)
    assert offered["greedy"].key == "roll_for_the_galaxy.bot.greedy"
    assert offered["smart"].key == "roll_for_the_galaxy.bot.smart"


def bot_game(pair: tuple[str, str], seed: int, every: int = 0
             ) -> tuple[State, list[State]]:
    """A seeded game of two bots to the end, the invariants checked after every action;
    with `every`, the states met every `every` actions."""
    offered = bots_for(RULES)
    table = [offered[pair[0]], offered[pair[1]]]
    state = RULES.new_game(RULES.check_options({}, NAMES), NAMES, seed)
    order = random.Random(seed)
    met = []
    actions = 0
    while RULES.result(state) is None:
        assert actions < 3000, f"seed {seed}: no end"
        prompts = RULES.prompts(state)
        open_ = answerable(prompts)
        seat = open_[order.randrange(len(open_))]["seat"]
        if every and actions % every == 0:
            met.append(state)
        action = seat_move(RULES, state, seat, table[seat], seed, actions, prompts)
        state, _ = act(RULES, state, seat, action, prompts)
        check_invariants(state)
        actions += 1
    return state, met


@pytest.mark.parametrize("pair,seed", [(("smart", "greedy"), 1), (("greedy", "smart"), 2),
                                       (("greedy", "random"), 3), (("random", "smart"), 4)])
def test_bots_play_seeded_games_to_the_end_with_offered_options(
        pair: tuple[str, str], seed: int, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="app.bots.bot"):
        state, _ = bot_game(pair, seed)
    assert not [r for r in caplog.records if "no offered option" in r.getMessage()]
    assert state["result"]["winners"]


def test_a_bots_game_replays_bit_for_bit() -> None:
    first, _ = bot_game(("smart", "greedy"), 11)
    again, _ = bot_game(("smart", "greedy"), 11)
    assert orjson.dumps(first) == orjson.dumps(again)


# --- behind the screen ------------------------------------------------------------------------

def test_the_smart_bot_selects_the_phase_that_completes_its_top_world() -> None:
    state = new(2, 5)
    assert state["step"] == "assign"
    me = state["seats"][0]
    me.update(worlds=[7], devs=[], world_dice=[], goods={})  # Spice World: 2 settlers
    roll_as(state, 0, [("white", "explore"), ("white", "settle"), ("red", "settle")])
    plan = smart_plan(RULES.view(state, 0))
    assert plan.selected == "settle"
    assert plan.rows.count("settle") >= 2


def test_steps_follow_the_plan_then_commit() -> None:
    state = new(2, 5)
    roll_as(state, 0, [("white", "explore"), ("red", "wild"), ("white", "ship")])
    plan = Plan(["develop", "develop", "ship"], 0, "develop")
    taken = []
    for _ in range(10):
        prompt = next(p for p in RULES.prompts(state) if p["seat"] == 0)
        step = next_step(RULES.view(state, 0), prompt, plan)
        taken.append(step["type"])
        if step["type"] == "ready":
            break
        state, _ = RULES.apply(state, 0, step)
    assert taken == ["select", "place", "ready"]
    dice = state["seats"][0]["dice"]
    assert sorted(d[2] for d in dice) == ["develop", "develop", "ship"]


# --- a bot sees only its seat ---------------------------------------------------------------

def perturb_hidden_from(state: State, seat: int, seed: int) -> State:
    """The state with everything `seat` cannot see changed: the generator, the bag's order and
    contents (swapped with the other seats' covered tiles, tiles drawn while scouting and
    discards), and during Assign the other seats' rolls and assignments."""
    rng = random.Random(seed)
    out = orjson.loads(orjson.dumps(state))
    out["rng"] = rng.getrandbits(64)
    bag = out["bag"]
    for i, other in enumerate(out["seats"]):
        if i == seat:
            continue
        places: list[tuple[list[int], int]] = []
        for stack in ("devs", "worlds"):
            places += [(other[stack], k) for k in range(1, len(other[stack]))]
        places += [(other["discards"], k) for k in range(len(other.get("discards", [])))]
        pend = other["pend"] or {}
        for key in ("tiles", "discarded"):
            places += [(pend[key], k) for k in range(len(pend.get(key, [])))]
        for where, k in places:
            if bag:
                b = rng.randrange(len(bag))
                where[k], bag[b] = bag[b], where[k]
        if out["step"] == "assign" and other["rolled"]:
            _reroll(other, rng)
    rng.shuffle(bag)
    return out


def _reroll(other: dict[str, Any], rng: random.Random) -> None:
    """Other faces, every die in a row, the first die selecting its row (ready or not)."""
    faces = [[c, rng.choice(DICE[c].faces)] for c, _ in other["rolled"]]
    other["rolled"] = faces
    other["dice"] = [[c, f, rng.choice(PHASES) if f == "wild" else f] for c, f in faces]
    other.update(selector=0, selected=other["dice"][0][2], used=[], active=None)


def test_a_bots_answer_does_not_change_with_what_its_seat_cannot_see() -> None:
    bots = [bots_for(RULES)[name] for name in ("greedy", "smart")]
    states = []
    for seed in (21, 22):
        states += bot_game(("smart", "greedy"), seed, every=7)[1]
    for seed in (23,):
        states += bot_game(("random", "smart"), seed, every=9)[1]
    checked = 0
    steps = set()
    for n, state in enumerate(states):
        for seat in sorted({p["seat"] for p in answerable(RULES.prompts(state))}):
            changed = perturb_hidden_from(state, seat, n + 1000)
            assert changed != state
            assert RULES.view(state, seat) == RULES.view(changed, seat)
            for bot in bots:
                mine = seat_move(RULES, state, seat, bot, n, n)
                assert mine == seat_move(RULES, changed, seat, bot, n, n), (n, seat, bot.name)
            steps.add(state["step"] if state["step"] != "phases" else state["phase"])
            checked += 1
    assert checked >= 60
    assert {"assign", "manage", "explore", "develop", "settle"} <= steps


def test_the_smart_bot_beats_the_random_one() -> None:
    offered = bots_for(RULES)
    won = 0
    for i in range(8):
        table = [offered["smart"], RANDOM] if i % 2 == 0 else [RANDOM, offered["smart"]]
        result = play_one(RULES, 2, 500 + i, bots=table)["result"]
        won += table[result["winners"][0]] is offered["smart"] and len(result["winners"]) == 1
    assert won >= 7
