"""What revealed Cylons do from the Cylon locations that is not done elsewhere."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import saw_hand
from app.games.bsg.skills import distinct_cards, said_card, take_from_hand
from app.games.bsg.who import who_one


@op("steal_skill")
def _steal_skill(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "steal_skill", "seat": seat, "target": None})


@step("steal_skill")
def _steal(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if frame["target"] is None:
        targets = [s for s in g.seats_range() if s != seat and g.seat(s)["hand"]]
        if not targets:
            g.pop(frame)
            return None
        return ask(seat, "steal", msg("bsg.cylons.steal_whom"),
                   [option(msg("bsg.cylons.player", seat=s), type="target", seat=s)
                    for s in targets], public=True)  # who holds cards is public
    hand = g.seat(frame["target"])["hand"]
    # copies of one card are one option: only a hand of one card (its size is public) is forced
    return ask(seat, "steal", msg("bsg.cylons.steal_take", seat=frame["target"]),
               [option(msg("bsg.cylons.take", card=said_card(u)), type="take",
                       card=catalog.card(u)["id"]) for u in distinct_cards(hand)],
               public=len(hand) == 1)


@answer("steal_skill")
def _steal_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "target":
        frame["target"] = action["seat"]
        cards = [said_card(u) for u in g.seat(action["seat"])["hand"]]
        g.log(msg("bsg.cylons.hand_seen", seat=action["seat"], card=cards), "steal",
              to=[frame["seat"]])
        saw_hand(g, frame["seat"], action["seat"], g.seat(action["seat"])["hand"])
        return
    g.pop(frame)
    uid = take_from_hand(g, frame["target"], action["card"])
    g.seat(frame["seat"])["hand"].append(uid)
    g.log_private(frame["seat"], msg("bsg.cylons.you_took", card=said_card(uid)),
                  msg("bsg.cylons.took", seat=frame["seat"], seat_from=frame["target"]),
                  "steal")
