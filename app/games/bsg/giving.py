"""Handing skill cards to another player (Daybreak: Cottle's Treatment). The giver picks the
cards; giver and receiver see them, everyone else sees how many went from whom to whom."""

from __future__ import annotations

from typing import Any

from app.core import Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import distinct_cards, in_order, picked_cards, said_card, take_from_hand
from app.games.bsg.who import who_one


@op("give_skills")
def _give_skills(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    giver, receiver = who_one(g, p["who"], ctx), who_one(g, p["to"], ctx)
    if giver is not None and receiver is not None and giver != receiver:
        g.push({"step": "give_skills", "seat": giver, "to": receiver, "count": p["count"]})


@step("give_skills")
def _give_skills_run(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    hand = g.seat(seat)["hand"]
    owed = min(frame["count"], len(hand))
    if owed <= 0:
        g.pop(frame)
        return None
    said = msg("bsg.giving.give", seat=frame["to"], n=owed)
    if owed == 1:
        return ask(seat, "give_skills", said,
                   [_give_option(u) for u in distinct_cards(hand)], public=len(hand) == 1)
    return ask(seat, "give_skills", said, [_give_option(u) for u in in_order(hand)], pick=owed,
               public=len(hand) == owed)  # how many a hand holds is public


def _give_option(uid: str) -> Option:
    return option(msg("bsg.giving.give_card", card=said_card(uid)), type="give",
                  card=catalog.card(uid)["id"])


@answer("give_skills")
def _give_skills_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, receiver = frame["seat"], frame["to"]
    uids = [take_from_hand(g, seat, card) for card in picked_cards(action)]
    g.seat(receiver)["hand"].extend(uids)
    both = [seat, receiver]
    g.log(msg("bsg.giving.gave_cards", seat=seat, seat_target=receiver,
              card=[said_card(u) for u in uids]), "give", to=both)
    g.log(msg("bsg.giving.gave", seat=seat, seat_target=receiver, n=len(uids)), "give",
          not_to=both)


@op("take_skills")
def _take_skills(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    taker, owner = who_one(g, p["who"], ctx), who_one(g, p["from"], ctx)
    if taker is None or owner is None or taker == owner or not g.seat(owner)["hand"]:
        return
    uids = g.seat(owner)["hand"]
    g.seat(owner)["hand"] = []
    g.seat(taker)["hand"].extend(uids)
    both = [taker, owner]
    g.log(msg("bsg.giving.took_cards", seat=taker, seat_target=owner,
              card=[said_card(u) for u in uids]), "give", to=both)
    g.log(msg("bsg.giving.took", seat=taker, seat_target=owner, n=len(uids)), "give",
          not_to=both)
