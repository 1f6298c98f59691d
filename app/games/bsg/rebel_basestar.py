"""Search for Home's ships beside Galactica: who may board Demetrius and the Rebel Basestar,
what moving there costs (DB-15.4, DB-15.14-15.15), and the Rebel Basestar's locations'
operations (DB-15.16-15.17: each costs a Miracle token or a Super Crisis card).

The Rebel Basestar serves the side its Allegiance marker shows (`state["rebel_basestar"]`):
human side, human players only (hidden Cylons included, DB-13.6); Cylon side, Cylon players
only. Boarding it, and moving between its locations, costs 1 skill card (A-13, literal).
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog, miracles
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import acts_as_cylon
from app.games.bsg.places import ship_of
from app.games.bsg.search_for_home import DEMETRIUS, REBEL_BASESTAR
from app.games.bsg.skills import distinct_cards, said_card
from app.games.bsg.space import AREAS, available, place_ships
from app.games.bsg.who import who_one

HUMAN_SHIPS = ("galactica", "colonial_one", DEMETRIUS, REBEL_BASESTAR)
"""The ships a human player may move among (those in play: overlays.board_locations)."""
RAIDER_BAY = {"raider": 2, "viper": 4}


def may_board(g: Game, seat: int) -> bool:
    """Whether `seat` may move onto the Rebel Basestar and use its locations."""
    side = g.state.get("rebel_basestar")
    return side is not None and side == ("cylon" if acts_as_cylon(g, seat) else "human")


def human_ships(g: Game, seat: int) -> list[str]:
    return [ship for ship in HUMAN_SHIPS if ship != REBEL_BASESTAR or may_board(g, seat)]


def move_costs_a_card(g: Game, seat: int, target: str) -> bool:
    """Moving in the Movement step costs 1 skill card when leaving a viper, changing ship
    (human players), or going onto or within the Rebel Basestar (anyone, DB-15.14-15.15).
    It weighs the target by its ship alone (the Movement step's options ask it once a ship)."""
    data = g.seat_as_is(seat)  # only read
    if data["viper"] is not None or ship_of(target) == REBEL_BASESTAR:
        return True
    return not acts_as_cylon(g, seat) and ship_of(data["location"]) != ship_of(target)


# ---- the price of its locations ------------------------------------------------------------

def _payments(g: Game, seat: int) -> list[str]:
    data = g.seat_as_is(seat)  # only read
    found = ["miracle"] if miracles.tokens(g, seat) > 0 else []
    return found + list(data["super_crises"])


@condition("holds_miracle_or_super_crisis")
def _holds_miracle_or_super_crisis(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and bool(_payments(g, seat))


@op("pay_miracle_or_super_crisis")
def _pay(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    payments = _payments(g, seat)
    if len(payments) == 1:
        _pay_with(g, seat, payments[0])
    elif payments:
        g.push({"step": "pay_miracle_or_super_crisis", "seat": seat})


@step("pay_miracle_or_super_crisis")
def _pay_run(g: Game, frame: Frame) -> Prompt | None:
    options = []
    for payment in _payments(g, frame["seat"]):
        if payment == "miracle":
            options.append(option(msg("bsg.home.pay_miracle"), type="pay", payment=payment))
        else:  # the player's own card: only they see this prompt's options
            options.append(option(msg("bsg.home.pay_super_crisis",
                                      card=catalog.card(payment)["id"]),
                                  type="pay", payment=payment))
    return ask(frame["seat"], "pay", msg("bsg.home.pay_which"), options)


@answer("pay_miracle_or_super_crisis")
def _pay_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    _pay_with(g, frame["seat"], action["payment"])


def _pay_with(g: Game, seat: int, payment: str) -> None:
    if payment == "miracle":
        miracles.discard(g, seat, 1)
        return
    g.seat(seat)["super_crises"].remove(payment)
    g.discard_card(payment)
    g.log(msg("bsg.home.discards_super_crisis", seat=seat, card=catalog.card(payment)["id"]),
          "super_crisis")


# ---- Datastream ----------------------------------------------------------------------------

@op("search_skill_deck")
def _search_skill_deck(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "search_skill_deck", "seat": seat, "left": p["count"], "deck": None})


def _searched(g: Game, deck: str) -> list[str]:
    return g.deck(deck) + g.discard_pile(deck)


@step("search_skill_deck")
def _search_run(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if frame["deck"] is None:
        decks = [f"skill:{t}" for t in catalog.skill_types(g.sets)]
        return ask(seat, "search_deck", msg("bsg.home.search_which"),
                   [option(msg("bsg.home.search_deck", skill=d.split(":", 1)[1]), type="deck",
                           deck=d) for d in decks if _searched(g, d)], public=True)
    found = _searched(g, frame["deck"])
    if frame["left"] <= 0 or not found:
        g.pop(frame)
        deck = g.deck(frame["deck"])
        deck.extend(g.discard_pile(frame["deck"]))
        g.discard_pile(frame["deck"]).clear()
        g.rng.shuffle(deck)
        g.log(msg("bsg.home.searched", seat=seat, n=frame.get("taken", 0),
                  skill=frame["deck"].split(":", 1)[1]), "skill")
        return None
    return ask(seat, "search_deck", msg("bsg.home.search_take", n=frame["left"]),
               [option(msg("bsg.home.take", card=said_card(u)), type="take",
                       card=catalog.card(u)["id"]) for u in distinct_cards(found)])


@answer("search_skill_deck")
def _search_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "deck":
        frame["deck"] = action["deck"]
        return
    for pile in (g.deck(frame["deck"]), g.discard_pile(frame["deck"])):
        uid = next((u for u in pile if catalog.card(u)["id"] == action["card"]), None)
        if uid is not None:
            pile.remove(uid)
            g.seat(frame["seat"])["hand"].append(uid)
            break
    frame["left"] -= 1
    frame["taken"] = frame.get("taken", 0) + 1


# ---- Raider Bay ----------------------------------------------------------------------------

@op("raider_bay")
def _raider_bay(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "raider_bay", "seat": seat, "area": None})


@step("raider_bay")
def _raider_bay_run(g: Game, frame: Frame) -> Prompt | None:
    if frame["area"] is None:
        return ask(frame["seat"], "raider_bay", msg("bsg.home.raider_bay_area"),
                   [option(msg("bsg.space.area", area=a), type="area", area=a) for a in AREAS],
                   public=True)
    return ask(frame["seat"], "raider_bay", msg("bsg.home.raider_bay_ships"),
               [option(msg("bsg.home.raider_bay_place", ship=kind, n=n), type="ships",
                       ship=kind) for kind, n in RAIDER_BAY.items()], public=True)


@answer("raider_bay")
def _raider_bay_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    """A-31: the user's choice, whatever the marker's side. Only the ships placed now are
    activated (DB-15.17): the activations are pushed first, so that Apollo's Alert Viper
    Pilot, offered as a viper arrives, comes before them."""
    if action["type"] == "area":
        frame["area"] = action["area"]
        return
    g.pop(frame)
    area, kind, seat = frame["area"], action["ship"], frame["seat"]
    count = min(RAIDER_BAY[kind], available(g, kind))
    if count <= 0:
        return
    if kind == "raider":
        push_effects(g, [{"activate": {"icon": "activate_raiders", "just_placed": True}}],
                     {"self": seat})
    else:
        g.push(*[{"step": "viper_activations", "seat": seat, "left": 1, "piloted": False,
                  "only": {"area": area, "ship": "viper"}} for _ in range(count)])
    place_ships(g, {area: {kind: count}})
