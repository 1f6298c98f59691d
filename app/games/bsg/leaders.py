"""Daybreak's Cylon Leaders (DB-4.3, DB-9): who plays one, who may choose one, and when a
Leader counts as a human player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from app.core import msg
from app.games.bsg import catalog
from app.games.bsg.game import Game

LEADER: Final = "cylon_leader"
NO_LEADER_WITH: Final = 3  # players: a 3-player game has no Leader (DB-4.3)
LEADER_REQUIRED_WITH: Final = 7  # players: a 7-player game needs one (DB-4.1)
LEADER_START_HAND: Final = 2  # starting skill cards (DB-3.10)


def is_leader(g: Game, seat: int) -> bool:
    """`seat` plays a Cylon Leader."""
    return bool(g.seat_as_is(seat).get("leader"))


def leader_seats(g: Game) -> list[int]:
    return [s for s in g.seats_range() if is_leader(g, s)]


def counts_as_human(g: Game, seat: int) -> bool:
    """A "human player" in the rules' words (DB-13.6): a player not revealed as a Cylon, or a
    Leader while Infiltrating (DB-9.4)."""
    if is_leader(g, seat):
        return bool(g.seat_as_is(seat).get("infiltrating"))
    return not g.is_revealed(seat)


def leaders_offered(g: Game, taken: set[str]) -> tuple[list[str], bool]:
    """(the Leaders a chooser may take, whether the chooser must take one): at most one Leader a
    game, none with 3 players; with 7 players the last chooser must take one if nobody has
    (DB-4.1, DB-4.3)."""
    players = len(g.state["seats"])
    if not g.has("daybreak") or players <= NO_LEADER_WITH:
        return [], False
    if any(catalog.CHARACTERS[c]["type"] == LEADER for c in taken):
        return [], False
    leaders = [c for c in catalog.characters(g.sets) if catalog.CHARACTERS[c]["type"] == LEADER]
    last = len(taken) == players - 1
    return leaders, players >= LEADER_REQUIRED_WITH and last


def setup_leaders(g: Game) -> None:
    """Setup (DB-3.7, DB-9.1): a Leader is a revealed Cylon from the start, on their sheet's
    start location, Infiltrating if the sheet says so (Athena); the Motive deck is shuffled
    only when a Leader plays (otherwise it stays in the box, out of the game)."""
    leaders = [s for s in g.seats_range() if g.character(s)["type"] == LEADER]
    for seat in leaders:
        data = g.seat(seat)
        data.update(leader=True, revealed=True, infiltrating=bool(
            g.character(seat).get("starts_infiltrating")), motives=[], motives_revealed=[])
        g.log(msg("bsg.leaders.is_leader", seat=seat), "leader", seat=seat)
    if leaders:
        deck = catalog.uids("motive", g.sets)
        g.rng.shuffle(deck)
        g.state["decks"]["motive"] = deck
        g.state["discards"]["motive"] = []


def starting_hand_size(g: Game, seat: int, usual: int) -> int:
    """A Leader draws 2 starting cards, 3 if already Infiltrating (DB-3.10)."""
    if not is_leader(g, seat):
        return usual
    return usual if g.seat(seat).get("infiltrating") else LEADER_START_HAND


def sheet_in_force(g: Game, seat: int) -> bool:
    """A character sheet's abilities count: a revealed Cylon's sheet is ignored, but a Leader
    may use theirs at all times (DB-9.3)."""
    data = g.seat_as_is(seat)
    return data["character"] is not None and (not data["revealed"] or is_leader(g, seat))


def acts_as_cylon(g: Game, seat: int) -> bool:
    """`seat` follows the revealed Cylons' rules now (Cylon locations, their Receive Skills,
    no Crisis): a revealed Cylon, a Leader unless Infiltrating (DB-9.2, DB-9.4)."""
    data = g.seat_as_is(seat)  # `is_revealed` and not `counts_as_human`, written out
    return bool(data["revealed"]) and not (data.get("leader") and data.get("infiltrating"))


SheetCheck = Callable[[Game, int], bool]
SheetDo = Callable[[Game, int], None]
SHEET_ACTIONS: dict[tuple[str, str], tuple[SheetCheck, SheetDo]] = {}
"""(Leader character id, sheet key "ability" | "once_per_game") -> (whether it may be used
now, what it does): a Leader's "Action:" sheet ability carried out in code (their sheets' data
hold words only). Offered in the Action step, instead of the location's action (DB-9.3)."""


def sheet_action(character: str, key: str, usable: SheetCheck
                 ) -> Callable[[SheetDo], SheetDo]:
    """Register the code of a Leader's sheet "Action:" ability."""
    def register(do: SheetDo) -> SheetDo:
        SHEET_ACTIONS[(character, key)] = (usable, do)
        return do

    return register
