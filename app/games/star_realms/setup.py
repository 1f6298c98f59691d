"""Setup (SR-4): personal decks of 8 Scouts and 2 Vipers, 50 Authority, the Explorer pile,
the shuffled Trade Deck and a Trade Row of 5, a random first player who draws 3 (the other 5)."""

from __future__ import annotations

from typing import Any

from app.core import State, msg
from app.games.star_realms.carddata import EXPLORERS, STARTING, TRADE_DECK
from app.games.star_realms.formats import FORMATS, opening_hand
from app.games.star_realms.game import Game
from app.games.star_realms.zones import draw

TRADE_ROW = 5


def new_state(options: dict[str, Any], players: list[str], seed: int) -> State:
    fmt = options["format"]
    n = len(players)
    state: State = {
        "rng": seed, "format": fmt, "players": list(players), "turn": 1, "current": 0,
        "seats": [{"authority": FORMATS[fmt]["authority"], "deck": [], "hand": [],
                   "discard": [], "ships": [], "bases": [], "trade": 0, "combat": 0}
                  for _ in range(n)],
        "trade_deck": list(TRADE_DECK), "trade_row": [], "explorers": list(EXPLORERS),
        "scrap_heap": [], "stack": [], "used": [], "copies": {}, "played_factions": [],
        "scrapped": 0, "next_acquire": None, "gains_due": False, "result": None,
    }
    g = Game(state)
    starting = {cid: iter(range(1, count * n + 1)) for cid, count in STARTING.items()}
    for data in state["seats"]:
        data["deck"] = [f"{cid}:{next(starting[cid])}" for cid, count in STARTING.items()
                        for _ in range(count)]
    g.rng.shuffle(state["trade_deck"])
    state["trade_row"] = [state["trade_deck"].pop() for _ in range(TRADE_ROW)]
    first = g.rng.randbelow(n)  # SR-4.6, A2: the first player at random
    state["current"] = first
    g.say(msg("star_realms.ev.first", seat=first), "setup")
    for position in range(n):
        seat = (first + position) % n
        g.rng.shuffle(state["seats"][seat]["deck"])
        draw(g, seat, opening_hand(fmt, position))
    return state
