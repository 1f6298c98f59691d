"""Shipped games. Each registers its Rules with app.core on import."""

from app.games import bsg, roll_for_the_galaxy, star_realms  # noqa: F401
