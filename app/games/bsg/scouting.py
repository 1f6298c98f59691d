"""Looking at the top of the Crisis or Destination deck and leaving the card on top or putting
it on the bottom (whether it went up or down is public, the card is not)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.facts import cards
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import placed_in_deck
from app.games.bsg.statics import scout_count
from app.games.bsg.who import who_one


@op("peek_deck")
def _peek_deck(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    count = (scout_count(g, seat) or p["count"]) if p.get("scouting") else p["count"]
    if count == 1:
        g.push({"step": "peek", "seat": seat, "decks": list(p["decks"]), "deck": None})
    else:
        frame = {"step": "peek_several", "seat": seat, "decks": list(p["decks"]), "deck": None,
                 "count": count}
        if p["place"] == "top":  # back on top in any order (the Rebel Basestar's Hybrid Tank)
            frame["top_only"] = True
        g.push(frame)


def _deck_chosen(g: Game, frame: Frame) -> Prompt | bool:
    """Settle which deck a look is at: the question when the seat has decks to choose from,
    False when none has a card (the look is over, its frame popped), True once it is set."""
    if frame["deck"] is not None:
        return True
    # only read, as they stand: not copied under an action
    state = g.state
    piles, discards = dict.__getitem__(state, "decks"), dict.__getitem__(state, "discards")
    decks = [d for d in frame["decks"] if piles[d] or discards[d]]
    if not decks:
        g.pop(frame)
        return False
    if len(decks) > 1:
        return ask(frame["seat"], "peek", msg("bsg.scouting.choose_deck"),
                   [option(msg("bsg.scouting.deck", deck=d), type="deck", deck=d)
                    for d in decks])
    frame["deck"] = decks[0]
    return True


@step("peek")
def _peek(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    chosen = _deck_chosen(g, frame)
    if chosen is not True:
        return chosen or None
    deck = dict.__getitem__(g.state, "decks")[frame["deck"]]  # only read unless empty
    if not deck:
        uid = g.draw_from(frame["deck"])
        if uid is None:
            g.pop(frame)
            return None
        deck = g.deck(frame["deck"])
        deck.append(uid)
    card = catalog.card(deck[-1])["id"]
    if not frame.get("seen"):
        frame["seen"] = True
        g.log(msg("bsg.scouting.seen", deck=frame["deck"], card=card), "peek", to=[seat])
    # the card is named in the options (this seat's only) and in its private log line, never
    # in the prompt text, which everyone sees while the game waits
    asked = ask(seat, "peek", msg("bsg.scouting.place", deck=frame["deck"]),
                [option(msg("bsg.scouting.leave", card=card), type="place", where="top"),
                 option(msg("bsg.scouting.bottom", card=card), type="place", where="bottom")])
    asked["cards"] = cards(deck[-1])  # with the options: this seat's only
    return asked


@answer("peek")
def _peek_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "deck":
        frame["deck"] = action["deck"]
        return
    g.pop(frame)
    deck = g.deck(frame["deck"])
    placed_in_deck(g, frame["seat"], frame["deck"], [deck[-1]], action["where"])
    if action["where"] == "bottom":
        deck.insert(0, deck.pop())
    g.log(msg("bsg.scouting.placed", seat=frame["seat"], deck=frame["deck"],
              where=action["where"]), "peek")


# ---- looking at several cards (the alternate Helo's Raptor Pilot) --------------------------

SCOUTED = "scouted"  # the cards looked at, aside until each goes back on the top or the bottom


@step("peek_several")
def _peek_several(g: Game, frame: Frame) -> Prompt | None:
    """Look at the top cards of a deck, then put them back one at a time, each on the top or
    on the bottom: the order they go back in is the seat's to choose."""
    seat = frame["seat"]
    chosen = _deck_chosen(g, frame)
    if chosen is not True:
        return chosen or None
    if SCOUTED not in g.state["aside"]:
        drawn = [u for u in (g.draw_from(frame["deck"]) for _ in range(frame["count"])) if u]
        if not drawn:
            g.pop(frame)
            return None
        g.state["aside"][SCOUTED] = drawn
        g.log(msg("bsg.scouting.seen_several", deck=frame["deck"], n=len(drawn),
                  card=[catalog.card(u)["id"] for u in drawn]), "peek", to=[seat])
    looked = g.state["aside"][SCOUTED]
    if not looked:
        del g.state["aside"][SCOUTED]
        g.pop(frame)
        return None
    options = []
    for i, uid in enumerate(looked):
        card = catalog.card(uid)["id"]
        options.append(option(msg("bsg.scouting.put_top", card=card), type="place", index=i,
                              where="top"))
        if not frame.get("top_only"):
            options.append(option(msg("bsg.scouting.bottom", card=card), type="place",
                                  index=i, where="bottom"))
    asked = ask(seat, "peek", msg("bsg.scouting.place_several", deck=frame["deck"],
                                  n=len(looked)), options)
    asked["cards"] = cards(*looked)  # with the options: this seat's only
    return asked


@answer("peek_several")
def _peek_several_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "deck":
        frame["deck"] = action["deck"]
        return
    uid = g.state["aside"][SCOUTED].pop(action["index"])
    deck = g.deck(frame["deck"])
    placed_in_deck(g, frame["seat"], frame["deck"], [uid], action["where"])
    if action["where"] == "bottom":
        deck.insert(0, uid)
    else:
        deck.append(uid)
    g.log(msg("bsg.scouting.placed_one", seat=frame["seat"], deck=frame["deck"],
              where=action["where"]), "peek")
