"""Scenario helpers: a two-player game set up card by card, then acted on through the rules."""

from __future__ import annotations

from typing import Any

from app.core import act, copy_state
from app.games.star_realms.carddata import ALL_UIDS, card_id
from app.games.star_realms.flow import asks
from app.games.star_realms.game import Game
from app.games.star_realms.rules import RULES

ZONES = ("deck", "hand", "discard", "ships", "bases")


def zones_of(state: dict[str, Any]) -> list[list[str]]:
    out = [state["trade_deck"], state["trade_row"], state["explorers"], state["scrap_heap"]]
    for data in state["seats"]:
        out += [data[z] for z in ZONES]
    return out


def every_card_once(state: dict[str, Any]) -> bool:
    return sorted(u for zone in zones_of(state) for u in zone) == sorted(ALL_UIDS)


def _take(state: dict[str, Any], cid: str) -> str:
    """A copy of `cid` from where nobody needs it: the Trade Deck, the Explorer pile, a deck."""
    sources = [state["trade_deck"], state["explorers"]] + \
        [d["deck"] for d in state["seats"]] + [state["trade_row"]]
    for zone in sources:
        for uid in zone:
            if card_id(uid) == cid:
                zone.remove(uid)
                return uid
    raise LookupError(cid)


def board(seed: int = 0, row: list[str] | None = None, **given: Any) -> dict[str, Any]:
    """A new game with seat 0 to act and both hands empty, then the cards given placed:
    `hand0=["scout"]`, `bases1=["the_oracle"]`, `deck0=[...]` (top last), `discard1=[...]`,
    `ships0=[...]`; `trade0=3`, `combat0=5`, `authority1=4`; `row=[...]` the Trade Row."""
    names = ["Ann", "Bob"]
    state = RULES.new_game(RULES.check_options({}, names), names, seed)
    state["current"] = 0
    for data in state["seats"]:
        data["deck"] += data["hand"]
        data["hand"] = []
    if row is not None:
        state["trade_deck"][:0] = state["trade_row"]
        state["trade_row"] = []
        for cid in row:
            state["trade_row"].append(_take(state, cid))
    for key, value in given.items():
        name, seat = key[:-1], int(key[-1])
        data = state["seats"][seat]
        if name in ZONES:
            placed = [_take(state, cid) for cid in value]
            if name == "deck":
                data["deck"] += placed
            else:
                data[name] = placed
        else:
            data[name] = value
    assert every_card_once(state)
    return refresh(state)


def refresh(state: dict[str, Any]) -> dict[str, Any]:
    """After a test changed a state by hand: what it asks, made again (the state keeps it)."""
    state["asks"] = asks(Game(state))
    return state


def prompt(state: dict[str, Any]) -> dict[str, Any]:
    prompts = RULES.prompts(state)
    assert len(prompts) == 1
    return prompts[0]


def actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [o["action"] for o in prompt(state)["options"]]


def do(state: dict[str, Any], action: dict[str, Any], seat: int | None = None
       ) -> dict[str, Any]:
    """Act as the asked seat (or `seat`); the state given is left unchanged."""
    before = copy_state(state)
    if seat is None:
        seat = prompt(state)["seat"]
    after, _ = act(RULES, state, seat, action)
    assert state == before, "apply changed its input"
    assert every_card_once(after)
    return after


def play(state: dict[str, Any], cid: str) -> dict[str, Any]:
    return do(state, {"type": "play", "card": cid})


def seat(state: dict[str, Any], n: int) -> dict[str, Any]:
    return state["seats"][n]


def ids(zone: list[str]) -> list[str]:
    return [card_id(u) for u in zone]


def uid_of(state: dict[str, Any], n: int, zone: str, cid: str) -> str:
    return next(u for u in state["seats"][n][zone] if card_id(u) == cid)
