"""How the game ends: who is a Cylon, and the wins of either side."""

from __future__ import annotations

from app.core import Msg, english, msg
from app.games.bsg import catalog
from app.games.bsg.course import note_resources
from app.games.bsg.game import Game


def is_cylon(g: Game, seat: int) -> bool:
    """A player is a Cylon with any "You Are a Cylon" card, or as a revealed Cylon (the
    Sympathizer who joined them)."""
    data = g.seat_as_is(seat)  # only read
    if data["revealed"]:
        return True
    return any(catalog.card(uid)["team"] == "cylon" for uid in data["loyalty"])


def win(g: Game, side: str, reason: Msg) -> None:
    """`side` ("cylons" or "humans") wins for `reason` (a message: why the game ended). The
    result keeps the message beside its English words."""
    if g.state["result"] is not None:
        return
    leaders = [s for s in g.seats_range() if g.seat_as_is(s).get("leader")]  # Daybreak, DB-9.7
    cylons = [s for s in g.seats_range() if is_cylon(g, s) and s not in leaders]
    humans = [s for s in g.seats_range() if s not in cylons and s not in leaders]
    said = msg("bsg.endgame.win", side=side, reason=reason)
    g.state["result"] = {
        "winner": side,
        "text": english(said, g.names()),
        "msg": said,
        "cylons": cylons,
        "humans": humans,
        "winners": cylons if side == "cylons" else humans,
    }
    note_resources(g)
    g.log(said, "end")
    if leaders:
        from app.games.bsg.motives import settle_leaders

        settled = settle_leaders(g, side)
        g.state["result"]["leaders"] = settled
        g.state["result"]["winners"] = sorted(
            g.state["result"]["winners"] + [x["seat"] for x in settled if x["won"]])


def check_resources(g: Game) -> None:
    """End of every turn: any resource at 0 and the Cylons win."""
    empty = [r for r, v in dict.__getitem__(g.state, "resources").items() if v <= 0]
    if empty:
        win(g, "cylons", msg("bsg.endgame.ran_out", n=len(empty), resource=empty[:-1],
                             resource_last=empty[-1]))
