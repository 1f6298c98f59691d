"""Building and dealing Daybreak's loyalty deck (DB-5), which replaces the base game's: the
Sympathizer stays in the box, the Mutineer card is shuffled in for some player counts, a Cylon
Leader gets no loyalty card."""

from __future__ import annotations

from typing import Final

from app.games.bsg import catalog
from app.games.bsg.game import Game

TABLE: Final[dict[tuple[int, bool], tuple[int, int, bool]]] = {
    # (players, a Cylon Leader plays): ("You Are a Cylon", "You Are Not a Cylon", Mutineer in)
    (3, False): (1, 5, False),
    (4, False): (1, 7, True),
    (4, True): (1, 5, False),
    (5, False): (2, 8, False),
    (5, True): (1, 7, True),
    (6, False): (2, 10, True),
    (6, True): (2, 8, False),
    (7, True): (2, 10, True),
}
"""The rulebook's Loyalty Deck Creation table (DB-5.2)."""


def cylon_leaders(g: Game) -> list[int]:
    """Seats playing a Cylon Leader (a character of type "cylon_leader", DB-4.3)."""
    return [s for s in g.seats_range()
            if g.seat_as_is(s)["character"] and g.character(s)["type"] == "cylon_leader"]


def receives_loyalty(g: Game, seat: int) -> bool:
    """Everyone but a Cylon Leader is dealt loyalty cards (DB-5.5)."""
    return seat not in cylon_leaders(g)


def _of_team(g: Game, team: str) -> list[str]:
    return [u for u in catalog.uids("loyalty", g.sets) if catalog.card(u)["team"] == team]


def build_and_deal(g: Game) -> None:
    """DB-5: the table's Cylon and Not-a-Cylon cards (plus one Not a Cylon for the original
    Gaius Baltar and one for Sharon "Boomer" Valerii), the Mutineer if the table says so; all
    shuffled and one card dealt to each player but a Cylon Leader (Baltar's second card comes
    from his setup ability, as in the base game). Unused cards go to the box unseen."""
    from app.games.bsg.loyalty import SETUP, deal, deal_setup_extras

    leaders = cylon_leaders(g)
    cylon_count, human_count, with_mutineer = TABLE[(len(g.state["seats"]), bool(leaders))]
    cylons, humans = _of_team(g, "cylon"), _of_team(g, "human")
    mutineer, sympathizer = _of_team(g, "mutineer"), _of_team(g, "sympathizer")
    g.rng.shuffle(cylons)
    g.rng.shuffle(humans)
    extras = sum(1 for s in g.seats_range()
                 if g.seat(s)["character"] in SETUP["extra_not_a_cylon_for"])
    humans_in = human_count + extras
    deck = cylons[:cylon_count] + humans[:humans_in] + (mutineer if with_mutineer else [])
    g.state["boxed"] = cylons[cylon_count:] + humans[humans_in:] + sympathizer + (
        [] if with_mutineer else mutineer)
    g.rng.shuffle(deck)
    g.state["decks"]["loyalty"] = deck
    for seat in g.clockwise_from(g.state["first"]):
        if seat not in leaders:
            deal(g, seat, 1)
    deal_setup_extras(g)
