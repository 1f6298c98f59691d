"""Daybreak's Mutiny cards (DB-7, DB-8.5): drawing them, the hand limit that sends a player to
the Brig, keeping 1 (the Mutineer: 2) there, and playing one as an action.

A seat's Mutiny hand is `seat["mutiny"]` (secret, its size public); the deck is
`decks["mutiny"]`, its face-up discard pile `discards["mutiny"]`. Only Daybreak games have them.
"""

from __future__ import annotations

from typing import Any

from app.core import Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.actions import action_kind, usable
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import counts_as_human
from app.games.bsg.who import who
from app.games.bsg.words import said

LIMIT = 1  # DB-7.2: a second card sends a normal player to the Brig
MUTINEER_LIMIT = 2  # DB-8.5: the Mutineer goes at the third
MUTINEER = "you_are_a_mutineer"  # the loyalty card (cards/daybreak/loyalty.yaml)


def in_game(g: Game) -> bool:
    return "mutiny" in dict.__getitem__(g.state, "decks")  # read as it stands: not copied


def hand(g: Game, seat: int) -> list[str]:
    """The seat's Mutiny hand (only in a game where `in_game`)."""
    return g.seat(seat)["mutiny"]


def is_mutineer(g: Game, seat: int) -> bool:
    """The Mutineer's card is always face up once held (DB-8.2)."""
    return any(catalog.card(u)["id"] == MUTINEER for u in g.seat_as_is(seat)["shown_loyalty"])


def limit(g: Game, seat: int) -> int:
    return MUTINEER_LIMIT if is_mutineer(g, seat) else LIMIT


def may_hold(g: Game, seat: int) -> bool:
    """Cylon players never draw, hold or play Mutiny cards (DB-7.4); a Leader does while
    Infiltrating."""
    return in_game(g) and counts_as_human(g, seat)


def draw_mutiny(g: Game, seat: int, count: int = 1, brig: bool = True) -> None:
    """`seat` draws `count` Mutiny cards (the discard pile is reshuffled when the deck runs
    out). Over the limit, a player goes to the Brig at once (`brig=False`: a rule that spares
    them, e.g. the Press Room), and in the Brig keeps only as many as the limit allows. With
    a sheet that directs every draw in play (the alternate Zarek's Necessary Steps) the cards
    come one at a time, after its owner's choices (mutiny_direction.py)."""
    if not may_hold(g, seat):
        return
    from app.games.bsg.mutiny_direction import director

    if director(g) is not None:
        g.push({"step": "directed_mutiny_draw", "seat": seat, "left": count, "brig": brig})
        return
    for _ in range(count):
        uid = g.draw_from("mutiny")
        if uid is None:
            g.log(msg("bsg.mutiny.none_left"), "mutiny")
            break
        receive(g, seat, uid)
        g.log_private(seat, msg("bsg.mutiny.you_drew", card=catalog.card(uid)["id"]),
                      msg("bsg.mutiny.drew", seat=seat), "mutiny")
    over_limit(g, seat, brig)


def receive(g: Game, seat: int, uid: str) -> None:
    """A drawn Mutiny card joins the hand; a sheet that acts on its owner's draws (the
    alternate Lee Adama's Moral Dilemma) acts."""
    from app.games.bsg.abilities import fire

    hand(g, seat).append(uid)
    fire(g, "after_own_mutiny_draw", [seat])


def over_limit(g: Game, seat: int, brig: bool) -> None:
    """After drawing: a player over their limit goes to the Brig (unless `brig` is False) and
    there keeps only as many as the limit allows."""
    if len(hand(g, seat)) > limit(g, seat):
        if brig and g.seat(seat)["location"] != "brig":
            from app.games.bsg.places import place

            g.log(msg("bsg.mutiny.to_brig", seat=seat, n=len(hand(g, seat))), "mutiny")
            place(g, seat, "brig")  # the Brig keeps the limit (enforce_brig_limit)
        enforce_brig_limit(g, seat)


def enforce_brig_limit(g: Game, seat: int) -> None:
    """Whenever a player is in the Brig with more Mutiny cards than their limit, they choose
    which to keep and discard the rest (DB-7.2, DB-8.5)."""
    if not in_game(g) or g.seat(seat)["location"] != "brig":
        return
    if len(hand(g, seat)) <= limit(g, seat):
        return
    if any(f["step"] == "mutiny_keep" and f["seat"] == seat for f in g.frames_as_is()):
        return
    g.push({"step": "mutiny_keep", "seat": seat})


@step("mutiny_keep")
def _mutiny_keep(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    held = hand(g, seat)
    if g.seat(seat)["location"] != "brig" or len(held) <= limit(g, seat):
        g.pop(frame)
        return None
    # the number held and the limit are public: so is being asked
    return ask(seat, "mutiny_keep", msg("bsg.mutiny.keep", n=limit(g, seat)),
               [option(msg("bsg.mutiny.discard_card", card=catalog.card(u)["id"]),
                       type="discard", card=catalog.card(u)["id"]) for u in held])


@answer("mutiny_keep")
def _mutiny_keep_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    uid = next(u for u in hand(g, frame["seat"]) if catalog.card(u)["id"] == action["card"])
    discard(g, frame["seat"], uid)


def discard(g: Game, seat: int, uid: str) -> None:
    """A Mutiny card leaves a hand face up onto the Mutiny discard pile."""
    hand(g, seat).remove(uid)
    g.discard_card(uid)
    g.log(msg("bsg.mutiny.discards", seat=seat, card=catalog.card(uid)["id"]), "mutiny",
          card=catalog.card(uid)["id"])


def discard_all(g: Game, seat: int) -> None:
    """Every Mutiny card of `seat` goes (revealing as a Cylon, DB-7.4 and DB-13.8)."""
    if in_game(g):
        for uid in list(hand(g, seat)):
            discard(g, seat, uid)


@op("draw_mutiny")
def _draw_mutiny(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        draw_mutiny(g, seat, p["count"])


# ---- playing one as an action (DB-7.1) ---------------------------------------------------------

def playable(g: Game, seat: int) -> list[str]:
    """The Mutiny cards `seat` may play now: their conditions hold and the engine resolves
    their effects."""
    if not may_hold(g, seat):
        return []
    # only read: the seat is not copied to ask
    return [u for u in g.seat_as_is(seat)["mutiny"] if can_play(g, seat, u)]


def can_play(g: Game, seat: int, uid: str) -> bool:
    """Whether `seat` could play this Mutiny card now (held or not)."""
    ability = catalog.card(uid)["ability"]
    return _has_target(g, ability, seat) and usable(g, ability, seat)


def _has_target(g: Game, ability: dict[str, Any], seat: int) -> bool:
    """A card that begins by picking a character needs someone to pick."""
    from app.games.bsg.choices import candidates

    ((name, params),) = ability["effects"][0].items()
    if name != "choose_character" or params.get("optional"):
        return True
    return bool(candidates(g, params, {"self": seat}, seat))


def _offer(g: Game, seat: int) -> list[Option]:
    return [option(msg("bsg.mutiny.play", card=catalog.card(u)["id"],
                       text=said(catalog.card(u), "text")),
                   type="mutiny", card=catalog.card(u)["id"]) for u in playable(g, seat)]


@action_kind("mutiny", _offer)
def _do_play(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import resolve_card

    uid = next(u for u in playable(g, seat) if catalog.card(u)["id"] == action["card"])
    hand(g, seat).remove(uid)
    card = catalog.card(uid)
    g.log(msg("bsg.mutiny.plays", seat=seat, card=card["id"]), "action", card=card["id"])
    resolve_card(g, uid, card["ability"]["effects"],
                 {"self": seat, "title": said(card), "card": uid})
