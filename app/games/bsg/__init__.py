"""Battlestar Galactica, base game. Importing this package registers the game."""

from app.core import register
from app.games.bsg import (  # noqa: F401  (each module registers its steps and operations)
    actions,
    activations,
    choices,
    combat,
    crisis,
    cylons,
    giving,
    grants,
    jump,
    loyalty,
    miracles,
    places,
    quarantine,
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
