"""Buying and acquiring (SR-6.6): from the Trade Row or the Explorer pile into the discard pile,
unless an effect or the card itself sends it elsewhere."""

from __future__ import annotations

from app.games.star_realms.carddata import CARD_OF_UID, CARDS, EXPLORER, card_id
from app.games.star_realms.game import Game
from app.games.star_realms.options import said, template
from app.games.star_realms.zones import take_from_trade_row

COST_OF_UID = {u: c["cost"] for u, c in CARD_OF_UID.items()}


BOUGHT = template("star_realms.ev.bought", "seat", "srcard", "n")


def offer(g: Game, max_cost: int) -> list[str]:
    """What may be acquired for at most `max_cost`: Trade Row cards, and an Explorer while the
    pile has one (SR-6.6.1; also for free acquisitions, a decision)."""
    out = [u for u in g.state["trade_row"] if COST_OF_UID[u] <= max_cost]
    if g.state["explorers"] and CARDS[EXPLORER]["cost"] <= max_cost:
        out.append(EXPLORER)
    return out


def buy(g: Game, seat: int, what: str) -> None:
    cost = CARDS[card_id(what)]["cost"]
    g.seat(seat)["trade"] -= cost
    g.say(BOUGHT(seat, card_id(what), cost), "buy")
    receive(g, seat, _take(g, what), None)


def acquire_free(g: Game, seat: int, what: str, to: str) -> None:
    """Acquired without spending trade (SR-6.6.6)."""
    g.say(said("star_realms.ev.acquired", seat=seat, srcard=card_id(what)), "buy")
    receive(g, seat, _take(g, what), to if to != "discard" else None)


def _take(g: Game, what: str) -> str:
    if what == EXPLORER:
        return g.own("explorers").pop()
    take_from_trade_row(g, what)
    return what


def receive(g: Game, seat: int, uid: str, to: str | None) -> None:
    """Where an acquired card goes: where the effect says; else where an earlier effect sent
    the next ship or base (Federation Shipyard, Factory World; that effect is then spent); else
    the discard pile, from where a card that may go to its buyer's hand is offered to move
    there (digest 10.1: a card of its faction was played this turn)."""
    data = g.seat(seat)
    book = g.book(seat)
    if to is None and book["next_acquire"]:
        to = book["next_acquire"]
        book["next_acquire"] = None
    if to == "hand":
        data["hand"].append(uid)
        g.say(said("star_realms.ev.to_hand", seat=seat, srcard=card_id(uid)), "buy")
        return
    if to == "top":
        data["deck"].append(uid)
        g.say(said("star_realms.ev.to_top", seat=seat, srcard=card_id(uid)), "buy")
        return
    data["discard"].append(uid)
    c = CARDS[card_id(uid)]
    if c["on_acquire_to_hand"] and c["faction"] in book["played_factions"]:
        g.stack.append({"step": "acquire_to_hand", "seat": seat, "card": uid})
