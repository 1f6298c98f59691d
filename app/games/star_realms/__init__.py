"""Star Realms: Colony Wars. Importing this package registers the game and its words."""

from app.core import register
from app.games.star_realms import words  # noqa: F401  (registers the catalog)
from app.games.star_realms.rules import RULES

register(RULES)
