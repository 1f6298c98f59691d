"""Daybreak's changes to every turn (DB-13.7, DB-13.11): a revealed Cylon player's Receive
Skills, and the Quorum hand limit checked at the end of every player's turn. Only Daybreak
games use them; the base game's turn is unchanged (turn.py)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import push_draw_choice

CYLON_DRAW = 2  # DB-13.11: two cards, each from a different deck
QUORUM_LIMIT = 10  # DB-13.7


def _passives(g: Game, seat: int) -> dict[str, dict[str, Any]]:
    """The lasting rules of the location a Cylon player stands on (their own turn's draw)."""
    location = g.seat(seat)["location"]
    found: dict[str, dict[str, Any]] = {}
    if location is None:
        return found
    for ability in catalog.LOCATIONS[location].get("passive") or []:
        for effect in ability["effects"]:
            ((name, params),) = effect.items()
            found[name] = params or {}
    return found


def cylon_receive_skills(g: Game, seat: int) -> None:
    """DB-13.11: 2 skill cards of any types from different decks; the Resurrection Ship allows
    only 1; on Hub Destroyed no card, and every Super Crisis card held is discarded."""
    rules = _passives(g, seat)
    if "skills_forfeited" in rules:
        held = g.seat(seat)["super_crises"]
        for uid in list(held):
            held.remove(uid)
            g.discard_card(uid)
            g.log(msg("bsg.crisis.discards_super_crisis", seat=seat,
                      card=catalog.card(uid)["id"]), "super_crisis")
        g.log(msg("bsg.daybreak_turn.no_skills", seat=seat, location=g.seat(seat)["location"]),
              "skills")
        return
    count = rules.get("receive_skills_limit", {}).get("count", CYLON_DRAW)
    push_draw_choice(g, seat, list(catalog.skill_types(g.sets)), count,  # Treachery too
                     msg("bsg.daybreak_turn.cylon_draw", n=count), distinct=True)


# ---- the Quorum hand limit (DB-13.7) -------------------------------------------------------

def push_quorum_limit(g: Game) -> None:
    president = g.state["president"]
    if president is not None and len(dict.__getitem__(g.state, "quorum_hand")) > QUORUM_LIMIT:
        g.push({"step": "quorum_limit", "seat": president})


@step("quorum_limit")
def _quorum_limit(g: Game, frame: Frame) -> Prompt | None:
    hand = g.state["quorum_hand"]
    if len(hand) <= QUORUM_LIMIT or g.state["president"] != frame["seat"]:
        g.pop(frame)
        return None
    # the Quorum hand's size is public: so is being asked
    return ask(frame["seat"], "quorum_limit",
               msg("bsg.daybreak_turn.quorum_limit", n=QUORUM_LIMIT, held=len(hand)),
               [option(msg("bsg.daybreak_turn.discard_quorum", card=catalog.card(u)["id"]),
                       type="discard", card=u) for u in hand])


@answer("quorum_limit")
def _quorum_limit_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.state["quorum_hand"].remove(action["card"])
    g.discard_card(action["card"])
    g.log(msg("bsg.daybreak_turn.quorum_discarded", seat=frame["seat"],
              card=catalog.card(action["card"])["id"]), "quorum")
