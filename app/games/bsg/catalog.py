"""Every physical card gets a short id ("s17", "c3") that names it in zones and actions.

Decks hold these ids; the definitions come from the card data. Ids are only ever sent to a
seat that may see the card.
"""

from __future__ import annotations

from typing import Any, Final

from app.games.bsg import carddata

PREFIX: Final = {
    "skill": "s",
    "crisis": "c",
    "super_crisis": "x",
    "quorum": "q",
    "destination": "d",
    "loyalty": "l",
    "galactica_damage": "g",
    "civilian_ship": "v",
    "mutiny": "m",  # Daybreak
    "motive": "o",  # Daybreak
    "mission": "ms",  # Daybreak's Search for Home
}

DEFS: dict[str, dict[str, Any]] = {}
"""card id -> its definition (shared, never mutated)."""
UIDS: dict[str, list[str]] = {}
"""deck -> every card id of that deck, of every set, in data order (the base game's first, so
that its ids stay what they were before any expansion existed)."""
SET_OF: dict[str, str] = {}
"""card id -> the set it belongs to ("base", "daybreak")."""


def _build() -> None:
    for deck, prefix in PREFIX.items():
        ids: list[str] = []
        for definition in carddata.cards_of(deck):
            for _ in range(int(definition.get("count", 1))):
                uid = f"{prefix}{len(ids)}"
                DEFS[uid] = definition
                SET_OF[uid] = definition["set"]
                ids.append(uid)
        UIDS[deck] = ids


_build()

CHARACTERS: Final = {c["id"]: c for c in carddata.cards_of("character")}
"""Every character of every set; `characters(sets)` gives those a game may choose from."""
LOCATIONS: Final = {c["id"]: c for c in carddata.cards_of("location")}
BOARD: Final = carddata.board()
SKILL_TYPES: Final = carddata.SKILL_TYPES
"""The base game's five skill types: the colours (a Daybreak game adds `TREACHERY`)."""
TREACHERY: Final = carddata.TREACHERY
RESOURCES: Final = carddata.RESOURCES
# a resource at or below this is "in the red"
RED_AT: Final = {r["id"]: r["red_at_or_below"] for r in BOARD["resources"]}


def sets_of(options: dict[str, Any]) -> tuple[str, ...]:
    """The card sets a game plays with, from its options."""
    expansion = options.get("expansion", "none")
    return ("base",) if expansion == "none" else ("base", expansion)


def uids(deck: str, sets: tuple[str, ...] | list[str]) -> list[str]:
    """The card ids of a deck that the given sets put in the game."""
    return [uid for uid in UIDS[deck] if SET_OF[uid] in sets]


def skill_types(sets: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The skill decks the given sets put in the game: the five colours, and Treachery in a
    Daybreak game (DB-10.1)."""
    return (*SKILL_TYPES, TREACHERY) if "daybreak" in sets else SKILL_TYPES


def characters(sets: tuple[str, ...] | list[str]) -> list[str]:
    """The characters the given sets offer, in data order."""
    return [cid for cid, c in CHARACTERS.items() if c["set"] in sets]


def card(uid: str) -> dict[str, Any]:
    return DEFS[uid]


def skill_type(uid: str) -> str:
    return DEFS[uid]["skill_type"]


def strength(uid: str) -> int:
    return int(DEFS[uid]["strength"])


def deck_of(uid: str) -> str:
    found = _DECK_OF.get(uid)
    if found is None:
        found = _DECK_OF[uid] = _deck_of(uid)
    return found


def _deck_of(uid: str) -> str:
    for deck, prefix in PREFIX.items():
        if uid.startswith(prefix) and uid[len(prefix):].isdigit():
            return deck
    raise KeyError(uid)


_DECK_OF: dict[str, str] = {}
"""`deck_of` by card id, as asked (a few hundred cards: asked at every discard and check)."""
