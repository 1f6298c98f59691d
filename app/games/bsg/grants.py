"""Powers that hand out actions, Quorum cards from the deck, and changed choices: Executive
Order, Roslin's Skilled Politician, Helo's Moral Compass, Apollo's Alert Viper Pilot, Tyrol's
Maintenance Engineer."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.assault_raptors import in_game
from app.games.bsg.choices import choice_label
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import placed_in_deck
from app.games.bsg.who import who_one
from app.games.bsg.words import said


@op("grant_actions")
def _grant_actions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    frame = {"step": "granted", "seat": seat}
    if g.has("daybreak") and ctx.get("self") is not None:  # Forward Thinker follows it
        frame["by"] = ctx["self"]
    g.push(frame)


@step("granted")
def _granted(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "granted", msg("bsg.grants.granted", card="executive_order_1"),
               [option(msg("bsg.grants.move_then_act"), type="move"),
                option(msg("bsg.grants.two_actions"), type="two")])


@answer("granted")
def _granted_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.own_location import after_granted

    g.pop(frame)
    seat = frame["seat"]
    then = [after_granted(frame["by"])] if "by" in frame else []
    if action["type"] == "move":
        g.push({"step": "movement", "seat": seat}, {"step": "action", "seat": seat, "left": 1},
               *then)
    else:
        g.push({"step": "action", "seat": seat, "left": 2}, *then)


@op("resolve_from_quorum_deck")
def _resolve_from_quorum_deck(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    drawn = [u for u in (g.draw_from("quorum") for _ in range(p["count"])) if u]
    if seat is None or not drawn:
        g.deck("quorum")[:0] = drawn
        return
    g.state["aside"]["quorum_choice"] = drawn
    g.log_private(seat, msg("bsg.grants.you_draw_quorum",
                            card=[catalog.card(u)["id"] for u in drawn]),
                  msg("bsg.grants.draws_quorum", seat=seat, n=len(drawn)), "quorum")
    g.push({"step": "quorum_choice", "seat": seat})


@step("quorum_choice")
def _quorum_choice(g: Game, frame: Frame) -> Prompt | None:
    cards = g.state["aside"]["quorum_choice"]
    return ask(frame["seat"], "quorum_choice", msg("bsg.grants.quorum_choice"),
               [option(msg("bsg.grants.quorum_card", card=catalog.card(u)["id"],
                           text=said(catalog.card(u), "text")), type="quorum", card=u)
                for u in cards], public=True)  # how many were drawn is public


@answer("quorum_choice")
def _quorum_choice_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import resolve_card

    g.pop(frame)
    cards = g.state["aside"].pop("quorum_choice")
    chosen = action["card"]
    rest = [u for u in cards if u != chosen]
    g.deck("quorum")[:0] = rest  # the rest to the bottom
    placed_in_deck(g, frame["seat"], "quorum", rest, "bottom")
    card = catalog.card(chosen)
    g.log(msg("bsg.grants.resolves_quorum", seat=frame["seat"], card=card["id"]), "quorum")
    resolve_card(g, chosen, card["ability"]["effects"],
                 {"self": frame["seat"], "title": said(card), "card": chosen})


@op("change_choice")
def _change_choice(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Helo's Moral Compass: the choice just made on a crisis card becomes the other one."""
    for frame in reversed(g.state["flow"]):
        if frame["step"] == "crisis_choice_made":
            others = [i for i in range(len(frame["options"])) if i != frame["index"]]
            if others:
                frame["index"] = others[0]
                g.log(msg("bsg.grants.choice_changed",
                          option=choice_label(frame["options"][others[0]])), "choice")
            return


@step("crisis_choice_made")
def _crisis_choice_made(g: Game, frame: Frame) -> Prompt | None:
    """A crisis choice waits for Moral Compass before it takes effect."""
    from app.games.bsg.abilities import offer

    if not frame.get("offered"):
        frame["offered"] = True
        offer(g, "after_crisis_choice", g.clockwise_from(g.current))
        return None
    g.pop(frame)
    push_effects(g, frame["options"][frame["index"]].get("effects") or [], frame["ctx"])
    return None


@op("pilot_launched_viper")
def _pilot_launched_viper(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    area = ctx.get("area")
    if seat is None or area is None:
        return
    ships = g.state["space"][area]["vipers"]
    if in_game(g):  # the one just launched is the last placed: it may be an Assault Raptor
        ships = list(reversed(ships))
    viper = next((v for v in ships if v["pilot"] is None), None)
    if viper is None:
        return
    if g.seat(seat)["viper"] is not None:
        return
    viper["pilot"] = seat
    g.seat(seat)["viper"] = area
    g.seat(seat)["location"] = None
    g.log(msg("bsg.grants.into_viper", seat=seat, area=area), "ships")
