"""Shipped games. Each registers its Rules with app.core on import."""

from app.games import bsg, star_realms  # noqa: F401
