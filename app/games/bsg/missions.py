"""Search for Home's Missions (DB-15.5-15.12): Demetrius's Bridge activates the top Mission,
whose skill check is resolved at once; a passed distance Mission counts as distance at once
(DB-15.11, A-14); at the jump the Active Mission goes beside Earth, to the discards or back
into the deck (DB-15.12). The operations only Missions use live here too.

A Mission's check is the base procedure (skillcheck.py) with `ctx["mission"]`: it is no
Crisis check, so abilities that act on Crisis checks are not offered, and no Skill Check
ability resolves (check_abilities.py; DB-15.9); card limits apply as in any check (DB-15.10).
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.jump import add_distance
from app.games.bsg.search_for_home import playing
from app.games.bsg.skillcheck import push_check
from app.games.bsg.space import AREAS, damaged_locations, repair
from app.games.bsg.who import who_one
from app.games.bsg.words import said

ALLEGIANCE_SAID = {"human": "bsg.home.rebel_basestar_human",
                   "cylon": "bsg.home.rebel_basestar_cylon"}


def active(g: Game) -> dict[str, Any] | None:
    return g.state.get("mission_active")


@condition("no_active_mission")
def _no_active_mission(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    """DB-15.6: the Bridge cannot be activated while a card, face up or down, lies there."""
    return playing(g.state) and active(g) is None


@op("activate_mission")
def _activate_mission(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if not playing(g.state):
        return
    g.state["mission_bridge_turn"] = g.state["turn"]  # DB-15.5: no Crisis card this turn
    if active(g) is not None:
        return
    uid = g.draw_from("mission")  # an empty deck is rebuilt from its discards (DB-15.6)
    if uid is None:
        g.log(msg("bsg.home.no_mission"), "mission")
        return
    g.state["mission_active"] = {"uid": uid, "face_up": True}
    card = catalog.card(uid)
    g.log(msg("bsg.home.mission_activated", card=card["id"], text=said(card, "text")),
          "mission", card=card["id"])
    push_check(g, card["check"], {"self": ctx.get("self", g.current), "mission": True,
                                  "card": uid, "title": said(card)})


@op("count_mission_distance")
def _count_mission_distance(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """DB-15.11: the passed card counts as its distance now; the objective's milestones
    (the Sleeper Agent phase, Earth's 10) are reached now too (A-14)."""
    card = active(g)
    if card is None:
        return
    distance = int(catalog.card(card["uid"]).get("distance") or 0)
    if distance:
        g.log(msg("bsg.home.mission_counts", card=catalog.card(card["uid"])["id"], n=distance),
              "mission")
        add_distance(g, distance)


@op("turn_mission_face_down")
def _turn_mission_face_down(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    card = active(g)
    if card is not None and card["face_up"]:
        card["face_up"] = False
        g.log(msg("bsg.home.mission_face_down", card=catalog.card(card["uid"])["id"]),
              "mission")


def clear_active_mission(g: Game) -> None:
    """DB-15.12, in the jump's Remove Ships step: a face-up distance Mission goes beside
    Earth, another face-up one to the discards, a face-down one is shuffled into the deck."""
    card = active(g)
    if card is None:
        return
    g.state["mission_active"] = None
    uid = card["uid"]
    name = catalog.card(uid)["id"]
    if not card["face_up"]:
        g.deck("mission").append(uid)
        g.rng.shuffle(g.deck("mission"))
        g.log(msg("bsg.home.mission_shuffled_back", card=name), "mission")
    elif catalog.card(uid).get("distance"):
        g.state["earth_missions"].append(uid)
        g.log(msg("bsg.home.mission_by_earth", card=name), "mission")
    else:
        g.discard_pile("mission").append(uid)
        g.log(msg("bsg.home.mission_discarded", card=name), "mission")


# ---- what Missions do ----------------------------------------------------------------------

@op("place_rebel_basestar")
def _place_rebel_basestar(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Cylon Civil War (DB-15.13): the board enters play, its marker on the check's side. A
    later Cylon Civil War turns the marker to its own result (cards/DECISIONS.md)."""
    if not playing(g.state):
        return
    g.state["rebel_basestar"] = p["allegiance"]
    g.log(msg(ALLEGIANCE_SAID[p["allegiance"]]), "board")


@op("remove_cylon_ships")
def _remove_cylon_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Attack on the Colony, The Red Stripes: the ships leave the board (to the supply), then
    some leave the game: the supply is that much smaller from now on (space.supply)."""
    from app.games.bsg.space import supply

    removed = g.state.setdefault("cylons_removed", {})
    for kind in p["kinds"]:
        if kind == "centurion":
            g.state["centurions"] = []
        for area in AREAS:
            ships = g.state["space"][area]
            if kind == "basestar":
                for basestar in ships["basestars"]:
                    g.state["basestar_tokens"].extend(basestar["damage"])
                ships["basestars"] = []
            elif kind == "heavy_raider":
                ships["heavy_raider"] = 0
        gone = min(p["from_game"], supply(g, kind))
        removed[kind] = removed.get(kind, 0) + gone
        g.log(msg("bsg.home.cylons_removed", ship=kind, n=gone), "ships")


@op("repair_any_location")
def _repair_any_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    damaged = sorted(damaged_locations(g))
    if seat is None or not damaged:
        return
    if len(damaged) == 1:
        repair(g, damaged[0])
        return
    g.push({"step": "repair_any_location", "seat": seat, "locations": damaged})


@step("repair_any_location")
def _repair_any_location_run(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "repair_location", msg("bsg.home.repair_which"),
               [option(msg("bsg.home.repair", location=loc), type="location", location=loc)
                for loc in frame["locations"]], public=True)


@answer("repair_any_location")
def _repair_any_location_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    repair(g, action["location"])
