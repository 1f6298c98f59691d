"""Hidden information (digest §13): the holder sees, the others and a spectator don't, everyone
does once the game is over. Before Reveal, nothing a seat sees or is asked depends on what
another seat rolled or assigned (non-interference: random states, the others' dice and steps
varied, the seat's view and prompts compared)."""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest

from app.bots.bot import seat_move
from app.bots.random_bot import RANDOM
from app.core import act, views_of, visible_to
from app.core.drafts import answerable
from app.games.roll_for_the_galaxy.components import DICE
from app.games.roll_for_the_galaxy.rules import RULES
from tests.games.roll_for_the_galaxy.helpers import new, play, seat, start_phases
from tests.games.roll_for_the_galaxy.random_games import play_checked


def _random_assign_state(players: int, seed: int) -> dict[str, Any]:
    """A game played at random to the Assign of some round, with random steps taken."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state = RULES.new_game(RULES.check_options({"first_game": True}, names), names, seed)
    stop_round = rng.randint(1, 5)
    actions = 0
    while RULES.result(state) is None and actions < 5000:
        if state["step"] == "assign" and state["round"] >= stop_round:
            break
        prompts = RULES.prompts(state)
        open_ = answerable(prompts)
        s = open_[rng.randrange(len(open_))]["seat"]
        state, _ = act(RULES, state, s, seat_move(RULES, state, s, RANDOM, seed, actions,
                                                 prompts), prompts)
        actions += 1
    return state


def _wander(state: dict[str, Any], who: int, rng: random.Random, n: int) -> dict[str, Any]:
    """Up to n random steps of one seat behind the screen, none committing."""
    for _ in range(n):
        p = next(p for p in RULES.prompts(state) if p["seat"] == who)
        if p.get("ready"):
            break
        steps = [o["action"] for o in p["options"] if not o.get("commits")]
        if not steps:
            break
        state, _ = RULES.apply(state, who, rng.choice(steps))
    return state


def _reroll(state: dict[str, Any], who: int, rng: random.Random) -> None:
    s = seat(state, who)
    faces = [[c, rng.choice(DICE[c].faces)] for c, _ in s["rolled"]]
    s["rolled"] = faces
    s["dice"] = [[c, f, None if f == "wild" else f] for c, f in faces]
    s.update(selector=None, selected=None, used=[], active=None)


def _seen(state: dict[str, Any], who: int | None) -> bytes:
    prompts = [p for p in RULES.prompts(state) if p["seat"] == who] if who is not None else []
    return orjson.dumps([RULES.view(state, who), prompts], option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_before_reveal_a_seat_sees_nothing_of_anothers_dice_or_steps(players: int) -> None:
    checked = 0
    for seed in range(8):
        state = _random_assign_state(players, 100 * players + seed)
        if state["step"] != "assign":
            continue
        rng = random.Random(seed)
        me = rng.randrange(players)
        state = _wander(state, me, rng, rng.randint(0, 6))
        mine, spectator = _seen(state, me), _seen(state, None)
        for _ in range(4):
            other = state
            for who in range(players):
                if who == me or seat(other, who)["ready"]:
                    continue
                other = orjson.loads(orjson.dumps(other))
                _reroll(other, who, rng)
                other = _wander(other, who, rng, rng.randint(0, 8))
            assert _seen(other, me) == mine
            assert _seen(other, None) == spectator
            checked += 1
    assert checked >= 8


def test_the_roll_and_assignment_are_the_seats_own_until_reveal() -> None:
    state = new(3, 4)
    faces = json.dumps(seat(state, 0)["dice"])
    mine = RULES.view(state, 0)["seats"][0]
    assert mine["assign"]["dice"] == seat(state, 0)["dice"]
    for who in (1, 2, None):
        theirs = RULES.view(state, who)["seats"][0]
        assert "assign" not in theirs
        assert theirs["dice_behind_screen"] == len(seat(state, 0)["dice"])
        assert theirs["revealed"] is None
    # after the round's Reveal, the assignment is public
    for i in range(3):
        p = next(p for p in RULES.prompts(state) if p["seat"] == i)
        state, _ = act(RULES, state, i, {"type": "steps", "steps": [
            next(o["action"] for o in p["options"] if o["action"]["type"] == "select"),
            *_placements(state, i), {"type": "ready"}]})
    assert state["step"] == "phases" or state["round"] == 2
    assert RULES.view(state, 1)["seats"][0]["revealed"] is not None
    assert faces  # the faces were there to hide


def _placements(state: dict[str, Any], who: int) -> list[dict[str, Any]]:
    return [{"type": "place", "die": i, "to": "ship"}
            for i, d in enumerate(seat(state, who)["dice"]) if d[2] is None and i != 0]


def test_scouted_tiles_and_discards_are_the_drawers_own() -> None:
    state = new(2, 9)
    state = start_phases(state, [{"explore": ["white"]}, {"explore": ["white"]}], ["explore"])
    covered = seat(state, 0)["devs"][0]
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, _ = play(state, 0, {"type": "discard", "stack": "devs", "pos": 0})
    state, events = play(state, 0, {"type": "draw"})
    drawn = seat(state, 0)["pend"]["tiles"]
    mine = RULES.view(state, 0)["seats"][0]
    assert [t["number"] for t in mine["pend"]["tiles"]] == drawn
    assert [t["number"] for t in mine["discarded"]] == [covered]
    for who in (1, None):
        theirs = RULES.view(state, who)["seats"][0]
        assert theirs["pend"] == {"kind": "place", "tiles": 2}
        assert theirs["discards"] == 1 and "discarded" not in theirs
        text = orjson.dumps(RULES.view(state, who)).decode()
        for number in drawn:
            for kind in ("devs", "worlds"):
                from app.games.roll_for_the_galaxy.model import stack_side
                assert f'"{stack_side(number, kind).id}"' not in text
    public = [e for e in events if e["to"] is None]
    assert [e["msg"]["key"] for e in public] == ["roll_for_the_galaxy.ev.scout"]
    assert public[0]["msg"]["params"]["n"] == 2  # how many, never which
    for e in public:
        assert "tiles" not in json.dumps(e.get("data", {}))


def test_the_drawer_alone_reads_which_tiles_were_drawn_until_the_end() -> None:
    state = new(2, 9)
    state = start_phases(state, [{"explore": ["white"]}, {"explore": ["white"]}], ["explore"])
    state, _ = play(state, 0, {"type": "scout", "die": "white", "virtual": False})
    state, events = play(state, 0, {"type": "draw"})
    number = seat(state, 0)["pend"]["tiles"][0]
    from app.games.roll_for_the_galaxy.model import stack_side
    names = {stack_side(number, "devs").id, stack_side(number, "worlds").id}
    private = [e for e in events if e["msg"]["key"] == "roll_for_the_galaxy.ev.drew_tile"]
    assert len(private) == 1 and private[0]["to"] == [0]
    assert {private[0]["msg"]["params"]["rfside_dev"],
            private[0]["msg"]["params"]["rfside_world"]} == names
    assert visible_to(private[0], 0)
    assert not visible_to(private[0], 1) and not visible_to(private[0], None)
    assert visible_to(private[0], 1, finished=True) and visible_to(private[0], None, True)
    for e in events:
        if visible_to(e, 1) or visible_to(e, None):
            assert not any(name in json.dumps(e) for name in names)


def test_covered_tiles_are_the_owners_and_only_the_top_side_shows() -> None:
    state = new(2, 2)
    seat(state, 0)["devs"] = [40, 14, 3]
    seat(state, 0)["worlds"] = [7, 12]
    mine = RULES.view(state, 0)["seats"][0]
    assert mine["devs"]["tiles"] == ["public_works", "investment_credits", "galactic_federation"]
    for who in (1, None):
        theirs = RULES.view(state, who)["seats"][0]
        assert theirs["devs"] == {"count": 3, "top": "public_works", "dice": []}
        assert theirs["worlds"] == {"count": 2, "top": "spice_world", "dice": []}
        text = orjson.dumps(RULES.view(state, who)["seats"][0]).decode()
        # the covered tiles, and the other side of the top tiles (a world, a development)
        for hidden in ("investment_credits", "galactic_federation", "lost_alien_warship",
                       "alien_research_ship", "radioactive_world"):
            assert hidden not in text


def test_the_bag_is_nobodys_and_everything_shows_after_the_end() -> None:
    state = new(2, 3)
    for who in (0, 1, None):
        view = RULES.view(state, who)
        assert view["bag"] == len(state["bag"]) and "bag_tiles" not in view
        assert "rng" not in view
    state, _ = play_checked(2, 77)
    for who in (0, 1, None):
        view = RULES.view(state, who)
        assert {**view, "you": None} == RULES.view_all(state)
        assert view["bag_tiles"] == sorted(state["bag"])
        assert all("assign" in s and "tiles" in s["devs"] for s in view["seats"])


def test_views_of_several_seats_agree_with_each_view() -> None:
    state = new(3, 5)
    assert views_of(RULES, state, [0, 1, None]) == [RULES.view(state, s) for s in (0, 1, None)]
