"""Operations only Daybreak's Mutiny cards use (cards/daybreak/mutiny.yaml): discarding the
card being played early, taking random skill cards, burying Quorum cards, sending a civilian
ship back to the pile, and placing Cylon ships in an area of the player's choice."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import said_card
from app.games.bsg.space import AREAS, place_ships
from app.games.bsg.who import who_one


@op("discard_played")
def _discard_played(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    uid = ctx.get("card")
    if uid is not None and g.take_aside("resolving", uid):
        g.discard_card(uid)


@op("take_random_skills")
def _take_random_skills(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    taker, giver = who_one(g, p["who"], ctx), who_one(g, p["from"], ctx)
    if taker is None or giver is None or taker == giver:
        return
    source = g.seat(giver)["hand"]
    taken = []
    for _ in range(min(p["count"], len(source))):
        taken.append(source.pop(g.rng.randbelow(len(source))))
    g.seat(taker)["hand"].extend(taken)
    cards = [said_card(u) for u in taken]
    g.log(msg("bsg.mutiny.you_took", seat=taker, seat_from=giver, card=cards), "steal",
          to=[taker, giver])
    g.log(msg("bsg.mutiny.took", seat=taker, seat_from=giver, n=len(taken)), "steal",
          not_to=[taker, giver])


@op("bury_quorum")
def _bury_quorum(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and g.state["quorum_hand"]:
        g.push({"step": "bury_quorum", "seat": seat, "left": p["count"]})


@step("bury_quorum")
def _bury_quorum_run(g: Game, frame: Frame) -> Prompt | None:
    held = g.state["quorum_hand"]
    if frame["left"] <= 0 or not held:
        g.pop(frame)
        return None
    # the options name the President's cards: only the chooser sees them (and the President)
    return ask(frame["seat"], "bury_quorum", msg("bsg.mutiny.bury_quorum", n=frame["left"]),
               [option(msg("bsg.mutiny.bury_card", card=catalog.card(u)["id"]), type="quorum",
                       card=catalog.card(u)["id"]) for u in held])


@answer("bury_quorum")
def _bury_quorum_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    held = g.state["quorum_hand"]
    uid = next(u for u in held if catalog.card(u)["id"] == action["card"])
    held.remove(uid)
    g.deck("quorum").insert(0, uid)  # a deck's top is its end: the bottom is index 0
    frame["left"] -= 1
    g.log(msg("bsg.mutiny.buried", seat=frame["seat"]), "quorum")


@op("return_civilian")
def _return_civilian(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and any(g.state["space"][a]["civilians"] for a in AREAS):
        g.push({"step": "return_civilian", "seat": seat})


@step("return_civilian")
def _return_civilian_run(g: Game, frame: Frame) -> Prompt | None:
    ships = [(a, i) for a in AREAS for i in range(len(g.state["space"][a]["civilians"]))]
    if not ships:
        g.pop(frame)
        return None
    return ask(frame["seat"], "return_civilian", msg("bsg.mutiny.return_which_civilian"),
               [option(msg("bsg.combat.civilian_in", n=i + 1, area=a), type="civilian",
                       area=a, index=i) for a, i in ships], public=True)


@answer("return_civilian")
def _return_civilian_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    uid = g.state["space"][action["area"]]["civilians"].pop(action["index"])
    pile = g.deck("civilian_ship")
    pile.append(uid)
    g.rng.shuffle(pile)
    g.log(msg("bsg.mutiny.civilian_returned", area=action["area"]), "civilian")


@op("place_ships_in_area")
def _place_ships_in_area(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    g.push({"step": "place_in_area", "seat": g.current if seat is None else seat,
            "ships": dict(p["ships"])})


@step("place_in_area")
def _place_in_area(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "place_in_area", msg("bsg.mutiny.which_area"),
               [option(msg("bsg.space.area", area=a), type="area", area=a) for a in AREAS],
               public=True)


@answer("place_in_area")
def _place_in_area_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    place_ships(g, {action["area"]: frame["ships"]})
