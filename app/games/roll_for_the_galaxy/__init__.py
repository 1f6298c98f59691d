"""Roll for the Galaxy (issue 16). For now: the components as data (components.py) and their
words in every language (words.py registers the catalog); the Rules come later, and only then
does importing this package register the game."""

from app.games.roll_for_the_galaxy import words  # noqa: F401  (registers the catalog)
