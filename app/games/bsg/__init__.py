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
    escort,
    giving,
    grants,
    jump,
    launch_from_reserves,
    loyalty,
    miracles,
    mutineer,
    mutiny,
    mutiny_cards,
    mutiny_direction,
    overlays,
    own_location,
    places,
    quarantine,
    resource_ties,
    resources,
    scouting,
    setup,
    simultaneous,
    skill_picks,
    skillcheck,
    skills,
    space,
    titles,
    turn,
    words,
)
from app.games.bsg.rules import RULES

register(RULES)
