"""The game's course, kept for its end screen: the resources after every turn. (When each Cylon
revealed is kept on its seat by the reveal itself: loyalty.become_revealed.)"""

from __future__ import annotations

from app.games.bsg import catalog
from app.games.bsg.game import Game


def note_resources(g: Game) -> None:
    """The resources as they stand now, as the point of the current turn: called as a turn
    starts, for the turn before it (turn 0: after setup), and once more as the game ends, for
    the turn it ends in. Each point is `[turn, fuel, food, morale, population]`."""
    track = g.state.setdefault("resources_by_turn", [])  # absent from older saved states
    turn = g.state["turn"]
    resources = dict.__getitem__(g.state, "resources")  # only read: not copied
    point = [turn, *(resources[r] for r in catalog.RESOURCES)]
    if track and track[-1][0] == turn:
        track[-1] = point
    else:
        track.append(point)
