"""The abilities of Daybreak's four Cylon Leader sheets that need more than the common
operations (rules digest §17, B.8; DB-9.3, DB-9.13-9.16): Athena's For Love (another player's
discard cut by 1) and Resolute (any location), Simon O'Neill's Modifications (the Cylon
activation of his choice), D'Anna Biers' Visions and Heretic, Aaron Doral's Meticulous.

The sheet data are `cards/daybreak/leaders.yaml`; their lasting rules (Calculating, Vanity,
Logic-Bound, Grieving, Industrious, Heretic) are answered by statics.py. Every question asked
here depends on public facts only: who must discard how many, the board, the tokens."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.actions import KINDS, action_kind
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.infiltration import end_infiltration
from app.games.bsg.overlays import board_locations
from app.games.bsg.statics import move_costs_super_crisis
from app.games.bsg.who import who_one
from app.games.bsg.words import said

HUB_DESTROYED = "hub_destroyed"


def infiltrating(g: Game, seat: int | None) -> bool:
    return seat is not None and bool(g.seat_as_is(seat).get("infiltrating"))


@condition("infiltrating")
def _infiltrating(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return infiltrating(g, who_one(g, p["who"], ctx))


@condition("in_hazardous_location")
def _in_hazardous_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    location = None if seat is None else g.seat(seat)["location"]
    return location is not None and bool(catalog.LOCATIONS[location]["hazardous"])


@condition("standing_on")
def _standing_on(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    seat = who_one(g, p["who"], ctx)
    return seat is not None and g.seat(seat)["location"] == p["location"]


@condition("others_action_step")
def _others_action_step(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """An Action step is under way (an "action" frame is pending) in another player's turn:
    actions given by an Executive Order belong to the turn's Action step too."""
    seat = who_one(g, p["who"], ctx)
    return g.current != seat and any(f["step"] == "action" for f in g.frames_as_is())


# ---- For Love: another player's discard cut by 1 --------------------------------------------

@condition("another_player_discards")
def _another_player_discards(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(_discarders(g, ctx.get("self")))


def _owed_frame(g: Game) -> Frame | None:
    return next((f for f in g.frames_down() if f["step"] == "discards_owed"), None)


def _discarders(g: Game, seat: int | None) -> list[int]:
    """The other players who must discard now (and hold a card to discard: hand sizes are
    public, so being asked says nothing hidden)."""
    frame = _owed_frame(g)
    if frame is None:
        return []
    return [s for s, count in frame["owed"] if s != seat and count > 0 and g.seat(s)["hand"]]


def push_owed_discards(g: Game, owed: list[tuple[int, int]], why: Msg, at_random: bool
                       ) -> bool:
    """Before players discard by an effect (never down to the hand limit), a sheet that cuts
    their discard is offered (For Love). False when no such sheet is in the game: the discard
    goes on as it always did."""
    from app.games.bsg.abilities import character_abilities, offer

    frame = {"step": "discards_owed", "owed": [list(o) for o in owed], "why": why,
             "random": at_random}
    g.push(frame)
    seats = g.clockwise_from(g.current)
    if not any(character_abilities(g, "another_player_discards", seats)):
        g.pop(frame)
        return False
    offer(g, "another_player_discards", seats)
    return True


@step("discards_owed")
def _discards_owed(g: Game, frame: Frame) -> Prompt | None:
    from app.games.bsg.skills import discard_uid, push_discards_at_once

    g.pop(frame)
    if frame["random"]:
        for seat, count in frame["owed"]:
            hand = g.seat(seat)["hand"]
            for _ in range(min(count, len(hand))):
                discard_uid(g, seat, hand[g.rng.randbelow(len(hand))], at_random=True)
        return None
    push_discards_at_once(g, [(seat, count, frame["why"]) for seat, count in frame["owed"]])
    return None


@op("reduce_discard")
def _reduce_discard(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = ctx.get("self")
    found = _discarders(g, seat)
    if len(found) == 1:
        _reduce(g, found[0], p["count"])
    elif found:
        g.push({"step": "reduce_discard", "seat": seat, "count": p["count"]})


def _reduce(g: Game, target: int, count: int) -> None:
    frame = _owed_frame(g)
    assert frame is not None
    for entry in frame["owed"]:
        if entry[0] == target:
            entry[1] = max(0, entry[1] - count)
            g.log(msg("bsg.leader_sheets.discards_fewer", seat=target, n=count), "discard")
            return


@step("reduce_discard")
def _reduce_discard_run(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "reduce_discard", msg("bsg.leader_sheets.whose_discard"),
               [option(msg("bsg.leader_sheets.player", seat=s), type="seat", seat=s)
                for s in _discarders(g, frame["seat"])], public=True)


@answer("reduce_discard")
def _reduce_discard_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    _reduce(g, action["seat"], frame["count"])


# ---- Resolute: activate any undamaged location (DB-9.13-9.16) -------------------------------

def resolute_locations(g: Game, seat: int) -> list[str]:
    """Every undamaged location on the board whose action `seat` could take now, Cylon
    locations too; never the Hangar Deck from the Brig (DB-9.16: its action would fly them
    out of it)."""
    from app.games.bsg.activations import may_activate

    in_brig = g.seat(seat)["location"] == "brig"
    return [location for location in board_locations(g.state)
            if not (in_brig and location == "hangar_deck")
            and may_activate(g, seat, location, cylon_too=True)]


@op("activate_any_location")
def _activate_any_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and resolute_locations(g, seat):
        g.push({"step": "resolute", "seat": seat, "title": ctx.get("title")})


@step("resolute")
def _resolute(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "activate_location",
               msg("bsg.skill_cards.activate_which", name=frame["title"]),
               [option(msg("bsg.actions.activate", location=loc,
                           text=said(catalog.LOCATIONS[loc], "text")),
                       type="location", location=loc)
                for loc in resolute_locations(g, frame["seat"])], public=True)


@answer("resolute")
def _resolute_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, location = frame["seat"], action["location"]
    spec = catalog.LOCATIONS[location]
    g.log(msg("bsg.actions.activates", seat=seat, location=location), "action",
          location=location)
    if location == HUB_DESTROYED and infiltrating(g, seat):  # DB-9.15: after its move
        push_effects(g, [{"end_own_infiltration": {"who": "self", "stay": True}}],
                     {"self": seat})
    # DB-9.14: a crisis Caprica resolves for her keeps its Activate Cylon Ships step
    push_effects(g, spec["action"]["effects"],
                 {"self": seat, "title": said(spec), "location": location,
                  "keep_ship_steps": True})


# ---- Modifications: the Cylon activation of his choice --------------------------------------

ACTIVATION_LABELS = {
    "activate_raiders": "bsg.crisis.icon.activate_raiders",
    "launch_raiders": "bsg.crisis.icon.launch_raiders",
    "activate_heavy_raiders": "bsg.crisis.icon.activate_heavy_raiders",
    "activate_basestars": "bsg.crisis.icon.activate_basestars",
}


def _resolving(g: Game) -> Frame | None:
    return next((f for f in reversed(g.state["flow"]) if f["step"] == "resolve_crisis"), None)


@op("choose_cylon_activation")
def _choose_cylon_activation(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    crisis = _resolving(g)
    if seat is None or crisis is None:
        return
    crisis["icons_ignored"] = True
    g.push({"step": "cylon_activation", "seat": seat, "ctx": dict(ctx)})


@step("cylon_activation")
def _cylon_activation(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "cylon_activation", msg("bsg.leader_sheets.which_activation"),
               [option(msg(label), type="activation", icon=icon)
                for icon, label in ACTIVATION_LABELS.items()])


@answer("cylon_activation")
def _cylon_activation_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    g.log(msg("bsg.leader_sheets.activation_chosen", seat=frame["seat"],
              icon=msg(ACTIVATION_LABELS[action["icon"]])), "activation")
    push_effects(g, [{"activate": {"icon": action["icon"]}}], frame["ctx"])


def activation_offered(g: Game, frame: Frame, ctx: dict[str, Any]) -> bool:
    """Once, at the start of a crisis's Activate Cylon Ships step: the sheets that act then
    (Modifications) are offered; True when the step waits for them."""
    if not g.has("daybreak") or frame.get("activation_offered"):
        return False
    from app.games.bsg.abilities import offer  # only now: asked at every crisis of any game

    frame["activation_offered"] = True
    depth = len(g.flow())
    offer(g, "start_of_cylon_activation", g.clockwise_from(g.current), ctx)
    return len(g.flow()) > depth


# ---- Visions and Meticulous: leaving the Infiltration ---------------------------------------

@op("end_own_infiltration")
def _end_own_infiltration(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """The Infiltration ends (DB-9.12); the Leader goes to the Resurrection Ship unless
    `stay` (Hub Destroyed has just moved them to the Cylon Fleet, DB-9.15)."""
    from app.games.bsg.places import place

    seat = who_one(g, p["who"], ctx)
    if seat is None or not infiltrating(g, seat):
        return
    if p.get("stay"):
        end_infiltration(g, seat)
    else:
        place(g, seat, "resurrection_ship", out_of_brig=True)
        if infiltrating(g, seat):
            end_infiltration(g, seat)


@op("end_infiltration_elsewhere")
def _end_infiltration_elsewhere(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    leaving = next((f for f in reversed(g.state["flow"])
                    if f["step"] == "leaving_infiltration" and f["seat"] == seat), None)
    if seat is not None and leaving is not None:
        leaving["elsewhere"] = True
        g.push({"step": "meticulous", "seat": seat})


@step("meticulous")
def _meticulous(g: Game, frame: Frame) -> Prompt | None:
    from app.games.bsg.places import locations_of

    return ask(frame["seat"], "location", msg("bsg.leader_sheets.which_cylon_location"),
               [option(msg("bsg.turn.move_to", location=loc), type="location", location=loc)
                for loc in locations_of(g, "cylon")], public=True)


@answer("meticulous")
def _meticulous_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    from app.games.bsg.infiltration import KEEP_FROM_BRIG
    from app.games.bsg.places import place
    from app.games.bsg.skills import push_discard

    g.pop(frame)
    seat = frame["seat"]
    from_brig = g.seat(seat)["location"] == "brig"
    place(g, seat, action["location"], out_of_brig=True)
    if infiltrating(g, seat):
        end_infiltration(g, seat)
    g.push({"step": "action", "seat": seat, "left": 1})
    excess = len(g.seat(seat)["hand"]) - KEEP_FROM_BRIG
    if from_brig and excess > 0:  # as the Infiltration card's action from the Brig (DB-9.11)
        push_discard(g, seat, excess, msg("bsg.leaders.keep_three"), chosen=True)


# ---- Heretic: a Super Crisis card to leave the Resurrection Ship ----------------------------

def may_leave(g: Game, seat: int) -> bool:
    """Whether `seat` may move away by choice: Heretic needs a Super Crisis card to give up."""
    return not move_costs_super_crisis(g, seat) or bool(g.seat(seat)["super_crises"])


def push_move_cost(g: Game, seat: int) -> None:
    """Heretic's cost, paid before the move (how many Super Crisis cards one holds is
    public: holding one leaves no choice)."""
    if move_costs_super_crisis(g, seat) and g.seat(seat)["super_crises"]:
        g.push({"step": "heretic", "seat": seat})


@step("heretic")
def _heretic(g: Game, frame: Frame) -> Prompt | None:
    held = g.seat(frame["seat"])["super_crises"]
    return ask(frame["seat"], "super_crisis", msg("bsg.leader_sheets.discard_super_crisis"),
               [option(said(catalog.card(u)), type="super_crisis", card=u) for u in held],
               public=True)


@answer("heretic")
def _heretic_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, uid = frame["seat"], action["card"]
    g.seat(seat)["super_crises"].remove(uid)
    g.discard_card(uid)
    g.log(msg("bsg.crisis.discards_super_crisis", seat=seat, card=catalog.card(uid)["id"]),
          "super_crisis")



# ---- Meticulous: offered when the Infiltration card's action is taken -----------------------
# The Infiltration card's "back to the Resurrection Ship" action is infiltration.py's; before
# it runs, a sheet that acts then (Meticulous) is offered: this wraps that action, nothing else.

_OFFER_RETURN, _DO_RETURN = KINDS["leave_infiltration"]


@action_kind("leave_infiltration", _OFFER_RETURN)
def _do_return_or_elsewhere(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    from app.games.bsg.abilities import character_abilities, offer

    if not any(character_abilities(g, "ends_infiltration_by_action", [seat])):
        _DO_RETURN(g, frame, seat, action)
        return
    g.push({"step": "leaving_infiltration", "seat": seat, "elsewhere": False})
    offer(g, "ends_infiltration_by_action", [seat])


@step("leaving_infiltration")
def _leaving_infiltration(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    if not frame["elsewhere"]:
        _DO_RETURN(g, frame, frame["seat"], {"type": "leave_infiltration"})
    return None
