"""Popular Influence (a Daybreak Politics card): its player draws 2 Quorum cards, gives 1 of
them to the President (into the Quorum hand), then plays the other (making its choices) or
discards it."""

from __future__ import annotations

from typing import Any

from app.core import Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.actions import usable
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.who import who_one
from app.games.bsg.words import said

DRAWN = "quorum_share"
"""The aside zone of the Quorum cards drawn, while their player decides."""


@op("quorum_to_president")
def _quorum_to_president(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None or g.state["president"] is None:
        return
    drawn = [u for u in (g.draw_from("quorum") for _ in range(2)) if u is not None]
    if not drawn:
        return
    g.state["aside"][DRAWN] = drawn
    g.log_private(seat, msg("bsg.grants.you_draw_quorum",
                            card=[catalog.card(u)["id"] for u in drawn]),
                  msg("bsg.grants.draws_quorum", seat=seat, n=len(drawn)), "quorum")
    g.push({"step": "quorum_share", "seat": seat, "given": False})


def _card_option(uid: str, kind: str) -> Option:
    card = catalog.card(uid)
    return option(msg("bsg.grants.quorum_card", card=card["id"], text=said(card, "text")),
                  type=kind, card=uid)


def playable(g: Game, seat: int, uid: str) -> bool:
    """Whether `seat` could play this Quorum card now: an action the engine resolves, with
    someone to pick when it starts by picking a character."""
    from app.games.bsg.choices import candidates

    ability = catalog.card(uid)["ability"]
    if not usable(g, ability, seat):
        return False
    ((name, params),) = ability["effects"][0].items()
    if name != "choose_character" or params.get("optional"):
        return True
    return bool(candidates(g, params, {"self": seat}, seat))


@step("quorum_share")
def _quorum_share(g: Game, frame: Frame) -> Prompt | None:
    seat, cards = frame["seat"], g.state["aside"].get(DRAWN, [])
    if not cards:
        g.pop(frame)
        g.state["aside"].pop(DRAWN, None)
        return None
    if not frame["given"]:
        # how many were drawn is public: with one, there is nothing to choose
        return ask(seat, "quorum_share",
                   msg("bsg.daybreak_cards.give_president", seat=g.state["president"]),
                   [_card_option(u, "give") for u in cards], public=True)
    uid = cards[0]
    options = [option(msg("bsg.daybreak_cards.play_quorum", card=catalog.card(uid)["id"]),
                      type="play", card=uid)] if playable(g, seat, uid) else []
    options.append(option(msg("bsg.daybreak_cards.discard_quorum",
                              card=catalog.card(uid)["id"]), type="discard", card=uid))
    # always asked: whether the card can be played depends on a card only its player saw
    return ask(seat, "quorum_share", msg("bsg.daybreak_cards.play_or_discard",
                                         card=catalog.card(uid)["id"]), options)


@answer("quorum_share")
def _quorum_share_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.titles import resolve_card

    seat, uid = frame["seat"], action["card"]
    g.take_aside(DRAWN, uid)
    card = catalog.card(uid)
    if action["type"] == "give":
        president = g.state["president"]
        g.state["quorum_hand"].append(uid)
        frame["given"] = True
        g.log(msg("bsg.daybreak_cards.gave_president_card", seat=seat, seat_target=president,
                  card=card["id"]), "quorum", to=sorted({seat, president}))
        g.log(msg("bsg.daybreak_cards.gave_president", seat=seat, seat_target=president),
              "quorum", not_to=sorted({seat, president}))
        return
    g.pop(frame)
    if action["type"] == "discard":
        g.discard_card(uid)
        g.log(msg("bsg.daybreak_cards.discards_quorum", seat=seat, card=card["id"]), "quorum")
        return
    g.log(msg("bsg.daybreak_cards.plays_quorum", seat=seat, card=card["id"]), "quorum")
    resolve_card(g, uid, card["ability"]["effects"],
                 {"self": seat, "title": said(card), "card": uid})
