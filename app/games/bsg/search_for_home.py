"""Daybreak's Search for Home variant (DB-15): whether a game plays it, what its setup adds
(the Mission deck, Earth instead of Kobol, Demetrius; DB-3.8, DB-15.1-15.2), which of its
ships are in play, and what everyone sees of it.

State (Search for Home games only): `decks["mission"]` (its order is no one's to see),
`discards["mission"]`, `mission_active` ({uid, face_up} or None), `earth_missions` (passed
distance Missions laid by Earth), `rebel_basestar` (None until Cylon Civil War, then the
side of its Allegiance marker), `mission_bridge_turn` (the turn the Bridge was last activated).
"""

from __future__ import annotations

from typing import Any, Final

from app.core import Rng
from app.games.bsg import catalog

SEARCH_FOR_HOME: Final = "search_for_home"
DEMETRIUS: Final = "demetrius"
REBEL_BASESTAR: Final = "rebel_basestar"
OBJECTIVES: Final = {c["id"]: c for c in catalog.carddata.cards_of("kobol")}
"""The objective cards: the base game's Kobol, Daybreak's Earth (DB-15.3)."""


def playing(state: dict[str, Any]) -> bool:
    return bool(dict.__getitem__(state, "options").get(SEARCH_FOR_HOME))  # never copied


def setup_state(state: dict[str, Any], rng: Rng) -> None:
    """DB-15.2: the Mission deck shuffled beside Demetrius; nothing on Active Mission; the
    Rebel Basestar waits outside the game for Cylon Civil War (DB-15.1)."""
    deck = catalog.uids("mission", catalog.sets_of(state["options"]))
    rng.shuffle(deck)
    state["decks"]["mission"] = deck
    state["discards"]["mission"] = []
    state["mission_active"] = None
    state["earth_missions"] = []
    state["rebel_basestar"] = None
    state["mission_bridge_turn"] = None


def objective(state: dict[str, Any]) -> dict[str, Any]:
    """The objective card of this game: Earth in Search for Home (Kobol is boxed), else
    Kobol."""
    return OBJECTIVES["earth" if playing(state) else "kobol"]


def ship_in_play(state: dict[str, Any], ship: str) -> bool:
    """Demetrius is on the table in Search for Home games; the Rebel Basestar once Cylon
    Civil War placed it (DB-15.13); every other ship always."""
    if ship == DEMETRIUS:
        return playing(state)
    if ship == REBEL_BASESTAR:
        return state.get("rebel_basestar") is not None
    return True


def view_part(state: dict[str, Any], card_face: Any) -> dict[str, Any]:
    """The public part of the variant: the Mission deck by its size only, the Active Mission
    (its face while face up; a face-down card is shown as face down, though everyone saw it
    fail: DB-21), the Missions beside Earth, the discards, the Rebel Basestar's side."""
    if not playing(state):
        return {}
    active = state["mission_active"]
    return {
        "mission": {
            "deck": len(state["decks"]["mission"]),
            "active": None if active is None else card_face(active["uid"]),
            "face_up": bool(active and active["face_up"]),
            "earth": [card_face(u) for u in state["earth_missions"]],
            "discards": len(state["discards"]["mission"]),
        },
        "rebel_basestar": state["rebel_basestar"],
    }


def bridge_activated_this_turn(state: dict[str, Any]) -> bool:
    """DB-15.5, A-12: the Bridge was activated in this turn, by anyone (its Crisis step draws
    no Crisis card)."""
    return playing(state) and state["mission_bridge_turn"] == state["turn"]
