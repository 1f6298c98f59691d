"""Shipped games. Each registers its Rules with app.core on import."""

from app.games import bsg  # noqa: F401
