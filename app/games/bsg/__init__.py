"""Battlestar Galactica, base game. Importing this package registers the game."""

from app.core import register
from app.games.bsg import (  # noqa: F401  (each module registers its steps and operations)
    actions,
    activations,
    assault_raptors,
    check_abilities,
    choices,
    combat,
    crisis,
    cylons,
    giving,
    grants,
    infiltration,
    jump,
    launch_from_reserves,
    leader_sheets,
    loyalty,
    miracles,
    motives,
    mutineer,
    mutiny,
    mutiny_cards,
    overlays,
    places,
    quarantine,
    resource_ties,
    resources,
    scouting,
    setup,
    simultaneous,
    skillcheck,
    skills,
    space,
    titles,
    turn,
    words,
)
from app.games.bsg.rules import RULES

register(RULES)
