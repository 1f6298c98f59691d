"""Shipped games. Each registers its Rules with app.core on import."""
