"""Which bots a game offers: the core's for every game, then the game's own.

A game offers its own with an optional `Rules.bots() -> list[Bot]` (app/bots/bot.py); a bot of
the game's with the name of a core bot replaces it for that game.
"""

from __future__ import annotations

from app.bots.bot import Bot
from app.bots.random_bot import RANDOM
from app.core import Rules

CORE_BOTS: tuple[Bot, ...] = (RANDOM,)


def bots_for(rules: Rules) -> dict[str, Bot]:
    """Every bot that may play `rules`, by name, the core's first."""
    offered = {bot.name: bot for bot in CORE_BOTS}
    own = getattr(rules, "bots", None)
    if own is not None:
        offered.update((bot.name, bot) for bot in own())
    return offered


def get_bot(rules: Rules, name: str) -> Bot | None:
    return bots_for(rules).get(name)


def bot_list(rules: Rules) -> list[dict[str, str]]:
    """The game's bots as `GET /api/rules` and the home form list them: name and catalog key."""
    return [{"name": bot.name, "key": bot.key} for bot in bots_for(rules).values()]
