"""The initial state of a BSG game: every zone, every deck shuffled, nothing chosen yet."""

from __future__ import annotations

from typing import Any

from app.core import Rng
from app.games.bsg import catalog, search_for_home
from app.games.bsg.miracles import add_zone as add_miracle_zone

DIFFICULTIES = ("standard", "easier_for_humans", "easier_for_cylons")


def new_seat() -> dict[str, Any]:
    return {
        "character": None,
        "location": None,
        "viper": None,  # the space area of the viper this character pilots
        "hand": [],
        "loyalty": [],
        "shown_loyalty": [],  # loyalty cards revealed face up (the Sympathizer, a reveal)
        "super_crises": [],
        "revealed": False,
        "revealed_turn": None,  # the turn in which the player revealed as a Cylon
        "cylon_fleet_banned": False,
        "once_used": False,
        "turns": 0,
    }


def new_state(options: dict[str, Any], players: list[str], seed: int) -> dict[str, Any]:
    sets = catalog.sets_of(options)
    state: dict[str, Any] = {
        "rng": seed & ((1 << 64) - 1),
        "players": list(players),
        "options": dict(options),
        "seats": [new_seat() for _ in players],
        "first": 0,
        "current": 0,
        "turn": 0,
        "president": None,
        "admiral": None,
        "resources": {},
        "resources_by_turn": [],  # [turn, fuel, food, morale, population] after each turn
        "nukes": 0,
        "jump_track": 0,
        "distance": 0,
        "destinations": [],
        "sleeper_done": False,
        "kobol_reached": False,
        "decks": {},
        "discards": {},
        "quorum_hand": [],
        "in_play": [],
        "aside": {},
        "check_pool": [],
        "removed": [],
        "boxed": catalog.uids("loyalty", sets),  # until the loyalty deck is built
        "damage": [],  # Galactica damage tokens in play (location ones sit on their location)
        "space": {a["id"]: empty_area() for a in catalog.BOARD["space_areas"]},
        "reserves": {"viper": catalog.BOARD["supply"]["viper"],
                     "raptor": catalog.BOARD["supply"]["raptor"]},
        "damaged_vipers": 0,
        "destroyed": {"viper": 0, "raptor": 0},
        "centurions": [],
        "basestar_tokens": ["critical_hit", "disabled_hangar", "disabled_weapons",
                            "structural_damage"],
        "last_placed": {},
        "played_this_turn": [],  # skill cards limited to one per turn played in this one
        "flow": [],
        "asks": [],  # the prompts of the seats asked now (several: a simultaneous decision)
        "result": None,
    }
    shift = catalog.BOARD["difficulty_variants"][options["difficulty"]]
    for resource in catalog.BOARD["resources"]:
        state["resources"][resource["id"]] = resource["start"] + shift
    rng = Rng(state)
    for skill in catalog.skill_types(sets):
        deck = [uid for uid in catalog.uids("skill", sets) if catalog.skill_type(uid) == skill]
        rng.shuffle(deck)
        state["decks"][f"skill:{skill}"] = deck
        state["discards"][f"skill:{skill}"] = []
    for name in ("crisis", "super_crisis", "quorum", "destination", "galactica_damage",
                 "civilian_ship"):
        deck = catalog.uids(name, sets)
        rng.shuffle(deck)
        state["decks"][name] = deck
        state["discards"][name] = []
    state["decks"]["destiny"] = []
    state["decks"]["loyalty"] = []
    if "daybreak" in sets:
        from app.games.bsg.assault_raptors import setup_state
        from app.games.bsg.overlays import setup_state as setup_overlays

        _add_mutiny_deck(state, rng, sets)
        setup_state(state)
        add_miracle_zone(state)
        setup_overlays(state)
        if search_for_home.playing(state):
            search_for_home.setup_state(state, rng)
    return state


def _add_mutiny_deck(state: dict[str, Any], rng: Rng, sets: tuple[str, ...]) -> None:
    """Daybreak setup (DB-3.6): the Mutiny deck, shuffled, with its face-up discard pile, and an
    empty Mutiny hand for every seat; a base game keeps none of these keys."""
    deck = catalog.uids("mutiny", sets)
    rng.shuffle(deck)
    state["decks"]["mutiny"] = deck
    state["discards"]["mutiny"] = []
    for seat in state["seats"]:
        seat["mutiny"] = []


def empty_area() -> dict[str, Any]:
    return {"raider": 0, "heavy_raider": 0, "basestars": [], "vipers": [], "civilians": []}
