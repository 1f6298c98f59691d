"""Roll for the Galaxy (issue 16). Importing this package registers the game and its words."""

from app.core import register
from app.games.roll_for_the_galaxy import words  # noqa: F401  (registers the catalog)
from app.games.roll_for_the_galaxy.rules import RULES

register(RULES)
