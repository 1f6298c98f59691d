"""What each seat may see (digest §14): its own hand; other hands, every deck (its own too)
and the Trade Deck as counts; discard piles, the Trade Row, the Explorer pile, the scrap heap,
cards in play, Authority and pools for everyone; in Raid, the Raiders' hands for every Raider
(SR-11.6.6); teammates' hands stay private in Hydra and Emperor (A11). Once the game is over,
everything."""

from __future__ import annotations

from typing import Any

from app.core import State

PUBLIC_STEP_FIELDS = ("step", "seat", "card", "left")


def view(state: State, seat: int | None, everything: bool = False) -> dict[str, Any]:
    everything = everything or state["result"] is not None
    several = state["format"] != "two_player"
    raider = seat is not None and state["seats"][seat]["role"] == "raider"
    players = []
    for n, data in enumerate(state["seats"]):
        p = {"seat": n, "name": state["players"][n], "authority": data["authority"],
             "hand_size": len(data["hand"]), "deck_size": len(data["deck"]),
             "discard": list(data["discard"]), "ships": list(data["ships"]),
             "bases": list(data["bases"]), "trade": data["trade"], "combat": data["combat"]}
        if several:
            p["team"], p["role"], p["out"] = data["team"], data["role"], data["out"]
            if "played_factions" in data:  # Hydra: each member's own bookkeeping
                p["played_factions"] = list(data["played_factions"])
                p["scrapped_this_turn"] = data["scrapped"]
                p["next_acquire"] = data["next_acquire"]
        if everything:
            p["hand"] = list(data["hand"])
            p["deck"] = list(data["deck"])  # the top last
        elif raider and data["role"] == "raider" and n != seat:
            p["hand"] = list(data["hand"])  # Raiders see one another's hands (SR-11.6.6)
        players.append(p)
    current = state["seats"][state["current"]]
    book = current if "played_factions" in current else state  # Hydra: the current member's
    out: dict[str, Any] = {
        "format": state["format"], "turn": state["turn"], "current": state["current"],
        "players": players,
        "trade_row": list(state["trade_row"]), "trade_deck_size": len(state["trade_deck"]),
        "explorers": len(state["explorers"]), "scrap_heap": list(state["scrap_heap"]),
        "used": list(state["used"]), "copies": dict(state["copies"]),
        "next_acquire": book["next_acquire"], "scrapped_this_turn": book["scrapped"],
        "played_factions": list(book["played_factions"]),
        "stack": [{k: f[k] for k in PUBLIC_STEP_FIELDS if k in f} for f in _steps(state, seat)
                  if f["step"] not in ("effects", "play_all")],
        "result": state["result"],
    }
    if several:
        out["active"] = list(state["active"])
        out["damage"] = dict(state["damage"])
        out["removed_count"] = len(state["removed"])
    if everything:
        out["trade_deck"] = list(state["trade_deck"])  # the top last
    if seat is not None:
        out["you"] = {"seat": seat, "hand": list(state["seats"][seat]["hand"])}
    return out


def _steps(state: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The steps under way: the game's stack, and in Hydra every member's lane (flow.py), the
    reader's own last (the top of what they see is what they are asked)."""
    lanes = state.get("lanes")
    if not lanes:
        return state["stack"]
    order = sorted(lanes, key=lambda k: (k == str(seat), int(k)))
    return [*state["stack"], *(f for k in order for f in lanes[k])]
