"""The alternate Tom Zarek's hold on the Mutiny deck (Daybreak): Necessary Steps, a sheet that
directs every Mutiny draw (he looks at the top cards, gives the drawer one, the others go to
the bottom), and Abuse Power, drawing 4 Mutiny cards to play 1 of them at once without ever
holding them (so never sent to the Brig, DB-7.2) and putting the rest on the bottom."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import placed_in_deck
from app.games.bsg.mutiny import can_play, draw_mutiny, may_hold, over_limit, receive
from app.games.bsg.statics import mutiny_director
from app.games.bsg.who import who_one
from app.games.bsg.words import said

LOOK = "mutiny_look"
"""The aside zone of the Mutiny cards drawn by Abuse Power while their player picks one."""


def director(g: Game) -> int | None:
    """The seat whose sheet directs every Mutiny draw now, if any."""
    found = mutiny_director(g)
    return None if found is None else found[0]


def _top(g: Game, count: int) -> list[str]:
    """The top `count` cards of the Mutiny deck, the top one first (an empty deck is rebuilt
    from its discard pile first; fewer cards left: those there are)."""
    deck = g.deck("mutiny")
    if not deck:
        uid = g.draw_from("mutiny")  # rebuilds the deck from the discard pile
        if uid is None:
            return []
        deck.append(uid)
    return list(reversed(deck[-count:]))


@step("directed_mutiny_draw")
def _directed_draw(g: Game, frame: Frame) -> Prompt | None:
    """One card at a time: the director looks at the top cards and picks the drawer's."""
    seat = frame["seat"]
    found = mutiny_director(g)
    if frame["left"] <= 0 or not may_hold(g, seat):
        g.pop(frame)
        over_limit(g, seat, frame["brig"])
        return None
    if found is None:  # the sheet left play meanwhile: the rest are plain draws
        g.pop(frame)
        draw_mutiny(g, seat, frame["left"], frame["brig"])
        return None
    boss, look = found
    cards = _top(g, look)
    if not cards:
        g.log(msg("bsg.mutiny.none_left"), "mutiny")
        frame["left"] = 0
        return None
    if len(cards) == 1:  # how many cards are left is public
        _give(g, frame, boss, cards[0], [])
        return None
    seen: dict[str, int] = {}
    for i, uid in enumerate(cards):
        seen.setdefault(catalog.card(uid)["id"], i)
    # asked whenever the deck holds 2: never depends on which cards they are
    return ask(boss, "directed_mutiny_draw",
               msg("bsg.daybreak_cards.direct_draw", seat=seat, n=len(cards)),
               [option(msg("bsg.daybreak_cards.give_mutiny", card=card_id, seat=seat,
                           own=boss == seat), type="give", index=i)
                for card_id, i in seen.items()])


@answer("directed_mutiny_draw")
def _directed_draw_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    found = mutiny_director(g)
    assert found is not None
    boss, look = found
    cards = _top(g, look)
    given = cards[action["index"]]
    _give(g, frame, boss, given, [u for u in cards if u != given])


def _give(g: Game, frame: Frame, boss: int, given: str, rest: list[str]) -> None:
    seat = frame["seat"]
    deck = g.deck("mutiny")
    deck.remove(given)
    for uid in rest:
        deck.remove(uid)
        deck.insert(0, uid)
    placed_in_deck(g, boss, "mutiny", rest, "bottom")
    frame["left"] -= 1
    card = catalog.card(given)["id"]
    bottom = [catalog.card(u)["id"] for u in rest]
    if boss == seat:
        g.log(msg("bsg.daybreak_cards.you_kept_mutiny", card=card, card_bottom=bottom,
                  n=len(bottom)), "mutiny", to=[boss])
    else:
        g.log(msg("bsg.daybreak_cards.you_gave_mutiny", card=card, seat=seat,
                  card_bottom=bottom, n=len(bottom)), "mutiny", to=[boss])
        g.log(msg("bsg.mutiny.you_drew", card=card), "mutiny", to=[seat])
    g.log(msg("bsg.daybreak_cards.directed_draw", seat=boss, seat_target=seat, n=len(rest),
              own=boss == seat), "mutiny", not_to=[boss, seat])
    receive(g, seat, given)


# ---- Abuse Power ------------------------------------------------------------------------------

@op("play_from_mutiny_deck")
def _play_from_mutiny_deck(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None or not may_hold(g, seat):
        return
    drawn = [u for u in (g.draw_from("mutiny") for _ in range(p["draw"])) if u is not None]
    if not drawn:
        g.log(msg("bsg.mutiny.none_left"), "mutiny")
        return
    g.state["aside"][LOOK] = drawn
    g.log_private(seat, msg("bsg.daybreak_cards.you_look_mutiny",
                            card=[catalog.card(u)["id"] for u in drawn]),
                  msg("bsg.daybreak_cards.looks_mutiny", seat=seat, n=len(drawn)), "mutiny")
    g.push({"step": "play_from_mutiny_deck", "seat": seat})


@step("play_from_mutiny_deck")
def _pick_one(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    seen: dict[str, str] = {}
    for uid in g.state["aside"][LOOK]:
        if can_play(g, seat, uid):
            seen.setdefault(catalog.card(uid)["id"], uid)
    options = [option(msg("bsg.mutiny.play", card=card_id, text=said(catalog.card(uid), "text")),
                      type="play", card=card_id) for card_id, uid in seen.items()]
    if not options:
        options = [option(msg("bsg.daybreak_cards.none_playable"), type="none")]
    # always asked: which of the cards can be played is the player's secret
    return ask(seat, "play_from_mutiny_deck", msg("bsg.daybreak_cards.play_one"), options)


@answer("play_from_mutiny_deck")
def _pick_one_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import resolve_card

    g.pop(frame)
    seat = frame["seat"]
    drawn = g.state["aside"].pop(LOOK)
    played = None
    if action["type"] == "play":
        played = next(u for u in drawn if catalog.card(u)["id"] == action["card"])
    rest = [u for u in drawn if u != played]
    g.deck("mutiny")[:0] = rest  # in the order drawn: the first drawn ends lowest
    placed_in_deck(g, seat, "mutiny", rest, "bottom")
    g.log(msg("bsg.daybreak_cards.bottom_mutiny", seat=seat, n=len(rest)), "mutiny")
    if played is None:
        return
    card = catalog.card(played)
    g.log(msg("bsg.mutiny.plays", seat=seat, card=card["id"]), "action", card=card["id"])
    resolve_card(g, played, card["ability"]["effects"],
                 {"self": seat, "title": said(card), "card": played})
