"""Moving cards between zones. Every card is in exactly one zone: a seat's deck, hand, discard
pile, ships or bases in play; the Trade Deck, the Trade Row, the Explorer pile, the scrap heap."""

from __future__ import annotations

from functools import lru_cache

from app.core import Msg, msg
from app.games.star_realms.carddata import EXPLORER, card_id
from app.games.star_realms.game import Game
from app.games.star_realms.options import template

DREW = template("star_realms.ev.drew", "seat", "n")
RESHUFFLED = template("star_realms.ev.reshuffled", "seat")
REVEALED = template("star_realms.ev.revealed", "srcard")


def draw(g: Game, seat: int, n: int) -> None:
    """Draw `n` cards, shuffling the discard pile into a new deck whenever the deck is empty
    (SR-8.2, SR-8.3); as many as there are when both run out."""
    data = g.seat(seat)
    deck = data["deck"]
    drawn: list[str] = []
    while n > 0:
        if not deck:
            if not data["discard"]:
                break
            reshuffle(g, seat)
            deck = data["deck"]
        took = deck[-n:]  # from the top (the list's end), the top card first
        del deck[-n:]
        took.reverse()
        drawn += took
        n -= len(took)
    if drawn:
        data["hand"] += drawn
        g.tell(seat, _drew_own(tuple(sorted(map(card_id, drawn)))),
               DREW(seat, len(drawn)), "draw")


@lru_cache(maxsize=1 << 14)
def _drew_own(cards: tuple[str, ...]) -> Msg:
    """The drawer's own line, made once for each set of cards (so its words are kept)."""
    return msg("star_realms.ev.drew_own", srcard=list(cards))


def reshuffle(g: Game, seat: int) -> None:
    data = g.seat(seat)
    data["deck"] = data["discard"]
    data["discard"] = []
    g.rng.shuffle(data["deck"])
    g.say(RESHUFFLED(seat), "reshuffle")


def to_scrap_heap(g: Game, uid: str) -> None:
    """A scrapped Explorer goes back to the Explorer pile, any other card to the scrap heap
    (SR-6.5.3)."""
    if card_id(uid) == EXPLORER:
        g.own("explorers").append(uid)
    else:
        g.own("scrap_heap").append(uid)


def take_from_trade_row(g: Game, uid: str) -> None:
    """Take a card out of the Trade Row and put the Trade Deck's top card in its place at once
    (SR-6.5.4, SR-6.6.5); with the Trade Deck empty the row shrinks (SR-6.6.7)."""
    row = g.own("trade_row")
    i = row.index(uid)
    if g.state["trade_deck"]:
        row[i] = g.own("trade_deck").pop()
        g.say(REVEALED(card_id(row[i])), "trade_row")
    else:
        del row[i]


def remove_from_play(g: Game, seat: int, uid: str) -> None:
    data = g.seat(seat)
    zone = data["bases"] if uid in data["bases"] else data["ships"]
    zone.remove(uid)
    g.drop("copies", uid)


def first_of(zone: list[str], cid: str, from_top: bool = False) -> str | None:
    """The first card of `zone` that is a copy of `cid` (from the top: the pile's end)."""
    cards = reversed(zone) if from_top else zone
    for uid in cards:
        if uid.partition(":")[0] == cid:
            return uid
    return None


def distinct(zone: list[str]) -> list[str]:
    """The card ids in `zone`, each once, in order of first appearance."""
    return list(dict.fromkeys(map(card_id, zone)))
