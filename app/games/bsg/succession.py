"""The lines of succession for President and Admiral: the base rulebook's ranks, or in a
Daybreak game its updated lines (DB-14), which rank the base characters anew among the new
ones (the expansion's characters file holds both)."""

from __future__ import annotations

from functools import cache

from app.games.bsg import carddata, catalog
from app.games.bsg.game import Game


@cache
def _base_ranks(card_set: str) -> dict[str, dict[str, int]]:
    return dict(carddata.deck_extras("character", card_set).get("base_succession", {}))


def rank(g: Game, character: str, title: str) -> int:
    """`character`'s place in the `title` line of this game (1 = first in line)."""
    card = catalog.CHARACTERS[character]
    for card_set in reversed(g.sets):  # the newest set's lines replace the older ones
        if card_set == "base":
            break
        if card["set"] == card_set:
            return int(card["succession"][title])
        ranks = _base_ranks(card_set)
        if character in ranks:
            return int(ranks[character][title])
    return int(card["succession"][title])
