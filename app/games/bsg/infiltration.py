"""A Cylon Leader Infiltrating the human fleet (DB-9.10-9.12, the Infiltration card): starting
from the Human Fleet location onto any Galactica location, the action back to the
Resurrection Ship (keeping 3 skill cards when taken from the Brig), and ending on any move to
the Resurrection Ship. While Infiltrating a Leader counts as a human player
(`leaders.counts_as_human`); the rules that ask so read it there."""

from __future__ import annotations

from typing import Any, Final

from app.core import Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.actions import action_kind
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.leaders import is_leader
from app.games.bsg.overlays import base_of
from app.games.bsg.who import who
from app.games.bsg.words import said

RESURRECTION: Final = "resurrection_ship"
KEEP_FROM_BRIG: Final = 3  # skill cards kept when returning from the Brig (DB-9.11 (8))


def infiltrating(g: Game, seat: int) -> bool:
    return is_leader(g, seat) and bool(g.seat_as_is(seat)["infiltrating"])


def start_infiltration(g: Game, seat: int, location: str) -> None:
    """`seat` (a Leader) moves onto `location` on Galactica and Infiltrates from now on."""
    from app.games.bsg.places import place

    g.seat(seat)["infiltrating"] = True
    g.log(msg("bsg.leaders.infiltrates", seat=seat, location=location), "leader", seat=seat)
    place(g, seat, location)


def end_infiltration(g: Game, seat: int) -> None:
    """DB-9.12: the Leader is a Cylon player again; their Mutiny cards are discarded, and so
    are the Quorum cards kept in front of them, without effect; the Miracle token stays."""
    from app.games.bsg.titles import discard_kept

    data = g.seat(seat)
    data["infiltrating"] = False
    g.log(msg("bsg.leaders.infiltration_ends", seat=seat), "leader", seat=seat)
    for uid in list(data.get("mutiny", [])):
        data["mutiny"].remove(uid)
        g.discard_pile("mutiny").append(uid)
        g.log(msg("bsg.leaders.discards_mutiny", seat=seat, card=catalog.card(uid)["id"]),
              "mutiny")
    for entry in [e for e in g.state["in_play"] if e["holder"] == seat
                  and catalog.deck_of(e["uid"]) == "quorum"]:
        discard_kept(g, entry)


def arrived(g: Game, seat: int, location: str) -> None:
    """Called whenever a character is put somewhere: an Infiltrating Leader who reaches the
    Resurrection Ship, for whatever reason, stops Infiltrating (DB-9.12)."""
    if infiltrating(g, seat) and base_of(location) == RESURRECTION:
        end_infiltration(g, seat)


# ---- the Human Fleet: Infiltrate (DB-9.10) ---------------------------------------------------

@op("infiltrate")
def _infiltrate(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["who"], ctx):
        if is_leader(g, seat) and not infiltrating(g, seat):
            g.push({"step": "infiltrate", "seat": seat})


def _galactica(g: Game) -> list[str]:
    from app.games.bsg.places import locations_of

    return locations_of(g, "galactica")


@step("infiltrate")
def _infiltrate_where(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "infiltrate", msg("bsg.leaders.infiltrate_where"),
               [option(msg("bsg.leaders.infiltrate_to", location=loc), type="location",
                       location=loc) for loc in _galactica(g)], public=True)


@answer("infiltrate")
def _infiltrate_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["location"] not in _galactica(g):
        raise ValueError(action["location"])
    start_infiltration(g, frame["seat"], action["location"])


# ---- the Infiltration card's action: back to the Resurrection Ship (DB-9.11 (8)) -------------

def _offer_return(g: Game, seat: int) -> list[Option]:
    if not infiltrating(g, seat):
        return []
    return [option(msg("bsg.leaders.return_option"), type="leave_infiltration")]


@action_kind("leave_infiltration", _offer_return)
def _do_return(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.places import place
    from app.games.bsg.skills import push_discard

    from_brig = g.seat(seat)["location"] == "brig"
    g.log(msg("bsg.leaders.returns", seat=seat), "leader", seat=seat)
    place(g, seat, RESURRECTION, out_of_brig=True)
    excess = len(g.seat(seat)["hand"]) - KEEP_FROM_BRIG
    if from_brig and excess > 0:
        push_discard(g, seat, excess, msg("bsg.leaders.keep_three"), chosen=True)


# ---- a location's Leader action (the Human Fleet's Infiltrate) ------------------------------

def _leader_location_action(g: Game, seat: int) -> dict[str, Any] | None:
    location = g.seat_as_is(seat)["location"]  # only read: not copied
    if not is_leader(g, seat) or infiltrating(g, seat) or location is None:
        return None
    return catalog.LOCATIONS[location].get("leader_action")


def _offer_leader_location(g: Game, seat: int) -> list[Option]:
    ability = _leader_location_action(g, seat)
    if ability is None:
        return []
    return [option(msg("bsg.actions.ability", ability=said(ability), text=said(ability, "text")),
                   type="leader_location")]


@action_kind("leader_location", _offer_leader_location)
def _do_leader_location(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.effects import push_effects
    ability = _leader_location_action(g, seat)
    if ability is None:
        raise ValueError("no Leader action here")
    g.log(msg("bsg.actions.uses", seat=seat, ability=said(ability)), "action")
    push_effects(g, ability["effects"], {"self": seat, "title": said(ability)})


# ---- Receive Skills: one card more from outside the skill set (DB-9.11 (3), A-6) ------------

def infiltrator_extra_draw(g: Game, seat: int) -> None:
    from app.games.bsg.skills import push_draw_choice, skill_set_types
    from app.games.bsg.statics import infiltration_skills

    own = set(skill_set_types(g, seat))
    outside = [t for t in catalog.skill_types(g.sets) if t not in own]
    count = infiltration_skills(g, seat) or 1  # Doral's Industrious: 2
    why = msg("bsg.leaders.extra_draw") if count == 1 else msg(
        "bsg.leader_sheets.extra_draws", n=count)
    push_draw_choice(g, seat, outside, count, why)
