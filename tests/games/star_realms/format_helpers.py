"""Scenario helpers for the multiplayer formats: a game of any format set up card by card."""

from __future__ import annotations

from typing import Any

from app.games.star_realms.formats import HYDRA
from app.games.star_realms.rules import RULES
from tests.games.star_realms.format_games import NAMES
from tests.games.star_realms.helpers import ZONES, _take, refresh


def table(fmt: str, players: int, current: int = 0, seed: int = 0, **given: Any
          ) -> dict[str, Any]:
    """A new game with `current` to act (in Hydra its whole team), every hand empty, then the
    cards given placed as in `helpers.board` (`hand2=["scout"]`, `bases3=[...]`,
    `authority1=4`)."""
    names = NAMES[:players]
    state = RULES.new_game(RULES.check_options({"format": fmt}, names), names, seed)
    seats = state["seats"]
    state["current"] = current
    state["active"] = ([s for s in range(players) if seats[s]["team"] == seats[current]["team"]]
                       if fmt in HYDRA else [current])
    for data in seats:
        data["deck"] += data["hand"]
        data["hand"] = []
    for key, value in given.items():
        name, seat = key[:-1], int(key[-1])
        data = seats[seat]
        if name in ZONES:
            placed = [_take(state, cid) for cid in value]
            data[name] = data[name] + placed if name == "deck" else placed
        else:
            data[name] = value
    return refresh(state)


def asked(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions offered to `seat` now (none if it is not asked)."""
    return [o["action"] for p in RULES.prompts(state) if p["seat"] == seat
            for o in p["options"]]


def act(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    assert action in asked(state, seat), (seat, action)
    after, _ = RULES.apply(state, seat, action)
    return after


def kinds(state: dict[str, Any]) -> list[tuple[int, str]]:
    return [(p["seat"], p["kind"]) for p in RULES.prompts(state)]
