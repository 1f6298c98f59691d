"""Hidden information in BSG views: each secret is seen by its holder only, until the end."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from app.core import act, copy_state
from app.core.pick import random_answer
from app.games.bsg import catalog
from app.games.bsg.rules import RULES


def random_state(players: int, steps: int, seed: int) -> dict[str, Any]:
    names = [f"P{i}" for i in range(players)]
    state = RULES.new_game(RULES.check_options({}, names), names, seed)
    bots = random.Random(seed)
    for _ in range(steps):
        if state["result"] is not None:
            break
        prompt = bots.choice(RULES.prompts(state))  # several seats may be asked at once
        state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
    return state


def _swap_same_type(state: dict[str, Any], cards: list[str], pick: random.Random) -> None:
    """Exchange each card with a random card of the same skill type from that type's deck."""
    for i, uid in enumerate(cards):
        deck = state["decks"][f"skill:{catalog.skill_type(uid)}"]
        if deck:
            j = pick.randrange(len(deck))
            cards[i], deck[j] = deck[j], uid


def perturb_hidden_from(state: dict[str, Any], seat: int | None, seed: int) -> dict[str, Any]:
    """Change everything `seat` may not see, keeping everything it may see."""
    pick = random.Random(seed)
    changed = copy_state(state)
    for other, data in enumerate(changed["seats"]):
        if other == seat:
            continue
        _swap_same_type(changed, data["hand"], pick)
        _swap_loyalty(changed, data["loyalty"], pick)
        if data.get("motives"):  # Daybreak: a Cylon Leader's unrevealed Motives
            _swap_with_deck(data["motives"], changed["decks"]["motive"], pick)
    checks = [f for f in changed["flow"] if f["step"] == "skill_check"]
    if not checks or not (checks[-1]["face_up"] or checks[-1]["total"] is not None):
        _swap_same_type(changed, changed["check_pool"], pick)  # face down: only counts show
    if changed["president"] != seat:
        _swap_with_deck(changed["quorum_hand"], changed["decks"]["quorum"], pick)
    for deck in changed["decks"].values():
        pick.shuffle(deck)
    for area in changed["space"].values():
        _swap_with_deck(area["civilians"], changed["decks"]["civilian_ship"], pick)
    for frame in changed["flow"]:  # what the others chose so far in a decision made at once
        if frame["step"] == "simultaneous":
            for part in frame["parts"]:
                if part["seat"] != seat and "chosen" in part:
                    hand = changed["seats"][part["seat"]]["hand"]
                    part["chosen"] = pick.sample(hand, min(len(part["chosen"]), len(hand)))
    if [ask["seat"] for ask in changed["asks"]] != [seat]:
        for name, deck_name in (("destination_choice", "destination"),
                                ("crisis_choice", "crisis")):
            if name in changed["aside"]:
                _swap_with_deck(changed["aside"][name], changed["decks"][deck_name], pick)
    changed["rng"] = pick.getrandbits(64)
    return changed


def _swap_with_deck(cards: list[str], deck: list[str], pick: random.Random) -> None:
    for i in range(len(cards)):
        if deck:
            j = pick.randrange(len(deck))
            cards[i], deck[j] = deck[j], cards[i]


def _swap_loyalty(state: dict[str, Any], cards: list[str], pick: random.Random) -> None:
    """Another player's loyalty cards could be any unseen loyalty cards."""
    pool = state["decks"]["loyalty"] + state["boxed"]
    for i in range(len(cards)):
        j = pick.randrange(len(pool))
        cards[i], pool[j] = pool[j], cards[i]
    split = len(state["decks"]["loyalty"])
    state["decks"]["loyalty"], state["boxed"] = pool[:split], pool[split:]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_do_not_depend_on_what_a_seat_cannot_see(players: int) -> None:
    for seed in range(25):
        state = random_state(players, random.Random(seed).randrange(5, 400), seed)
        if state["result"] is not None:
            continue
        for seat in [None, *range(players)]:
            changed = perturb_hidden_from(state, seat, seed + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat), (seed, seat)


def test_each_seat_sees_its_own_hand_loyalty_and_quorum_hand_only() -> None:
    state = random_state(5, 60, 3)
    president = state["president"]
    for seat in range(5):
        mine = RULES.view(state, seat)
        data = state["seats"][seat]
        assert [c["id"] for c in mine["you"]["hand"]] == [catalog.card(u)["id"]
                                                          for u in data["hand"]]
        assert len(mine["you"]["loyalty"]) == len(data["loyalty"])
        assert ("quorum_hand" in mine["you"]) == (seat == president)
        for other in mine["players"]:
            assert "hand" not in other and "loyalty" not in other
            assert other["hand_size"] == len(state["seats"][other["seat"]]["hand"])
    spectator = RULES.view(state, None)
    assert "you" not in spectator and "quorum_hand" not in spectator
    text = orjson.dumps(spectator).decode()
    assert "deck_contents" not in text and "boxed_loyalty" not in text


def test_while_a_check_runs_only_the_counts_are_public() -> None:
    for seed in range(60):
        state = random_state(4, 200, seed)
        asks = state["asks"]
        if asks and asks[0]["kind"] == "skill_check" and state["check_pool"]:
            break
    else:
        raise AssertionError("no seed reached a running skill check")
    view = RULES.view(state, None)
    check = view["check"]
    assert check["pool_size"] == len(state["check_pool"])
    assert sum(check["played"]) + 2 >= check["pool_size"]
    assert "check_pool" not in view


def test_finished_games_show_everything_to_everyone() -> None:
    state = random_state(4, 100_000, 5)
    assert state["result"] is not None
    for seat in (None, 0, 1):
        view = RULES.view(state, seat)
        assert all("hand" in p and "loyalty" in p for p in view["players"])
        assert "boxed_loyalty" in view and "quorum_hand" in view


def message_values(said: Any) -> list[Any]:
    """Every parameter value of a message, nested ones included."""
    out: list[Any] = []
    for value in said["params"].values():
        if isinstance(value, dict) and "key" in value:
            out += message_values(value)
        elif isinstance(value, list):
            out += value
        else:
            out.append(value)
    return out


def test_prompt_texts_never_name_a_hidden_card() -> None:
    """Who is asked what is public ("waiting"), so a prompt's text must not name the cards
    only the asked seat may see; they go in its options and its private log lines."""
    secret_kinds = {"peek", "destination", "crisis_choice", "quorum_choice", "damage_choice",
                    "steal", "super_crisis"}
    seen = set()
    for seed in range(40):
        names = [f"P{i}" for i in range(4)]
        state = RULES.new_game(RULES.check_options({}, names), names, seed)
        bots = random.Random(seed)
        while state["result"] is None:
            ask = RULES.prompts(state)[0]
            if ask["kind"] in secret_kinds:
                seen.add(ask["kind"])
                hidden = {u for pile in state["aside"].values() for u in pile}
                for deck in ("crisis", "destination", "quorum"):
                    hidden |= set(state["decks"][deck][-3:])
                for data in state["seats"]:
                    hidden |= set(data["hand"] + data["loyalty"] + data["super_crises"])
                names = {catalog.card(u)["name"] for u in hidden}
                ids = {catalog.card(u)["id"] for u in hidden}
                assert not any(name in ask["text"] for name in names), ask["text"]
                assert not ids & set(message_values(ask["msg"])), ask["msg"]
            state, _ = act(RULES, state, ask["seat"], random_answer(ask, bots))
    assert {"peek", "destination"} <= seen


@pytest.mark.parametrize(("options", "seed"), [({}, 3), ({}, 8),
                                               ({"expansion": "daybreak"}, 5),
                                               ({"expansion": "daybreak",
                                                 "search_for_home": True}, 6)])
def test_views_built_from_the_version_before_are_the_views_built_anew(options: dict[str, Any],
                                                                       seed: int) -> None:
    """The server builds a version's views with the state before and its views at hand (parts
    whose source in the state is the very object it was are taken again): byte for byte the
    views built from the state alone, at every step of a game to its end. Every seat's view
    keeps to `own_view_keys` too: the server patches the public part once for all seats."""
    names = [f"P{i}" for i in range(5)]
    state = RULES.new_game(RULES.check_options(options, names), names, seed)
    seats: list[int | None] = [*range(5), None]
    bots = random.Random(seed)
    before = None
    taken = 0
    for _ in range(3000):
        built = RULES.views(state, seats, before)
        assert [orjson.dumps(v) for v in built] == [orjson.dumps(v) for v in
                                                     RULES.views(state, seats)]
        for view in built[:-1]:
            _built_on_the_public_part(view, built[-1])
        if before is not None:
            taken += built[0]["space"] is before[1][0]["space"]
        if state["result"] is not None:
            break
        before = (state, dict(zip(seats, built, strict=True)))
        prompt = bots.choice(RULES.prompts(state))
        state, _ = act(RULES, state, prompt["seat"], random_answer(prompt, bots))
    assert state["result"] is not None
    assert taken > 0  # parts were taken again


def _built_on_the_public_part(view: dict[str, Any], public: dict[str, Any]) -> None:
    """A seat's view is the spectator's (a finished game), or its very values in its order
    followed by the seat's own keys (`RULES.own_view_keys`, app/store/patch.py relies on it)."""
    if view is public:
        return
    assert list(view) == [*public, *RULES.own_view_keys]
    assert all(view[k] is v for k, v in public.items())
