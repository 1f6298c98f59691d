"""Setup (SR-4, SR-11): personal decks of 8 Scouts and 2 Vipers, starting Authority, the
Explorer pile, the shuffled Trade Deck and a Trade Row of 5, the first player (at random but
in Emperor and Raid), and opening hands by position or team."""

from __future__ import annotations

from typing import Any

from app.core import State, msg
from app.games.star_realms.carddata import EXPLORER, STARTING, TRADE_DECK, uids_of
from app.games.star_realms.formats import FORMATS, HYDRA, chooses_first, seat_facts, sets
from app.games.star_realms.game import Game
from app.games.star_realms.zones import draw

TRADE_ROW = 5


def new_state(options: dict[str, Any], players: list[str], seed: int) -> State:
    fmt = options["format"]
    n = len(players)
    state: State = {
        "rng": seed, "format": fmt, "players": list(players), "turn": 1, "current": 0,
        "active": [0],
        "seats": [{"authority": FORMATS[fmt]["authority"], "deck": [], "hand": [],
                   "discard": [], "ships": [], "bases": [], "trade": 0, "combat": 0,
                   "team": None, "role": None, "out": False,
                   **({"played_factions": [], "scrapped": 0, "next_acquire": None}
                      if fmt in HYDRA else {})}
                  for _ in range(n)],
        # one Trade Deck whatever the number of players (A7, DECISIONS.md)
        "trade_deck": list(TRADE_DECK), "trade_row": [],
        "explorers": uids_of(EXPLORER, sets(n)), "removed": [], "damage": {},
        "scrap_heap": [], "stack": [], "used": [], "copies": {},
        "played_factions": [], "scrapped": 0, "next_acquire": None,
        "gains_due": False, "result": None,
        # Hydra: each member's questions under way, apart (SR-11.4.5; flow.py)
        **({"lanes": {}} if fmt in HYDRA else {}),
    }
    g = Game(state)
    starting = {cid: iter(range(1, count * n + 1)) for cid, count in STARTING.items()}
    for data in state["seats"]:
        data["deck"] = [f"{cid}:{next(starting[cid])}" for cid, count in STARTING.items()
                        for _ in range(count)]
    g.rng.shuffle(state["trade_deck"])
    state["trade_row"] = [state["trade_deck"].pop() for _ in range(TRADE_ROW)]
    first = g.rng.randbelow(n) if chooses_first(fmt) else 0  # SR-4.6, A2
    if fmt in HYDRA:
        first %= 2  # the first team (SR-11.4.3): its lowest seat
    facts = seat_facts(fmt, n, first)
    for data, fact in zip(state["seats"], facts, strict=True):
        data["team"], data["role"] = fact["team"], fact["role"]
        data["authority"] = fact["authority"]
    state["current"] = first
    state["active"] = ([s for s in range(n) if facts[s]["team"] == facts[first]["team"]]
                       if fmt in HYDRA else [first])
    for seat, fact in enumerate(facts):
        if fact["role"]:
            g.say(msg("star_realms.ev.role", seat=seat, role=fact["role"], n=fact["team"] + 1),
                  "setup")
        elif fact["team"] is not None:
            g.say(msg("star_realms.ev.team", seat=seat, n=fact["team"] + 1), "setup")
    g.say(msg("star_realms.ev.first", seat=first), "setup")
    for position in range(n):
        seat = (first + position) % n
        g.rng.shuffle(state["seats"][seat]["deck"])
        draw(g, seat, facts[seat]["opening"])
    return state
