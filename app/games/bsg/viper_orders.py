"""Daybreak Piloting cards that send unmanned vipers (Assault Raptors too, DB-11.4) into
action: Combat Veteran (one unmanned viper, in the Reserves or in space, activated up to 3
times; launching it is its first activation) and Launch Reserves (up to 2 unmanned vipers of
the Reserves placed beside a piloted viper, then each activated once)."""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, msg
from app.games.bsg.assault_raptors import ASSAULT, VIPER_KINDS, kind_key, new_ship, ship_kind
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.space import AREAS, viper_from_reserves
from app.games.bsg.who import who_one


def _unmanned_in_space(g: Game) -> list[tuple[str, str]]:
    return [(a, k) for a in AREAS for k in VIPER_KINDS
            if any(v["pilot"] is None and ship_kind(v) == k for v in g.state["space"][a]["vipers"])]


def _reserve_kinds(g: Game) -> list[str]:
    return [k for k in VIPER_KINDS if g.state["reserves"].get(k, 0) > 0]


def _in_reserves(kind: str) -> Msg:
    return msg("bsg.daybreak_cards.in_reserves", assault=kind == ASSAULT)


def _in_space(area: str, kind: str) -> Msg:
    unmanned = msg("bsg.assault.unmanned") if kind == ASSAULT else msg("bsg.combat.unmanned_viper")
    return msg("bsg.combat.viper_in", viper=unmanned, area=area)


# ---- Combat Veteran ---------------------------------------------------------------------------

@op("activate_one_viper")
def _activate_one_viper(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "one_viper", "seat": seat, "times": p["times"]})


@step("one_viper")
def _one_viper(g: Game, frame: Frame) -> Prompt | None:
    options = [option(_in_reserves(k), type="reserves", **kind_key(k)) for k in _reserve_kinds(g)]
    options += [option(_in_space(a, k), type="space", area=a, **kind_key(k))
                for a, k in _unmanned_in_space(g)]
    if not options:
        g.pop(frame)
        return None
    return ask(frame["seat"], "one_viper", msg("bsg.daybreak_cards.which_viper", n=frame["times"]),
               options, public=True)  # the ships are public


@answer("one_viper")
def _one_viper_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, times, ship = frame["seat"], frame["times"], action.get("ship", "viper")
    if action["type"] == "reserves":  # launching it is its first activation
        g.push({"step": "launch_from_reserves", "seat": seat, "ship": ship,
                "activations": times - 1})
        return
    g.push({"step": "viper_activations", "seat": seat, "left": times, "piloted": False,
            "only": {"area": action["area"], "ship": ship}})


# ---- Launch Reserves --------------------------------------------------------------------------

@op("launch_beside_pilot")
def _launch_beside_pilot(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None:
        g.push({"step": "launch_beside_pilot", "seat": seat, "left": p["count"], "area": None,
                "placed": []})


def _piloted_areas(g: Game) -> list[str]:
    return [a for a in AREAS if any(v["pilot"] is not None for v in g.state["space"][a]["vipers"])]


@step("launch_beside_pilot")
def _launch_beside_pilot_run(g: Game, frame: Frame) -> Prompt | None:
    seat, area = frame["seat"], frame["area"]
    if area is None:
        areas = _piloted_areas(g)
        if not areas or not _reserve_kinds(g):
            g.pop(frame)
            return None
        return ask(seat, "launch_beside_pilot", msg("bsg.daybreak_cards.beside_which_pilot"),
                   [option(msg("bsg.daybreak_cards.beside_pilot_in", area=a), type="area", area=a)
                    for a in areas], public=True)
    kinds = _reserve_kinds(g) if frame["left"] > 0 else []
    if not kinds:
        _activate_placed(g, frame)
        return None
    options = [option(msg("bsg.daybreak_cards.place_from_reserves", assault=k == ASSAULT,
                          area=area), type="place", **kind_key(k)) for k in kinds]
    if frame["placed"]:
        options.append(option(msg("bsg.daybreak_cards.place_no_more"), type="stop"))
    return ask(seat, "launch_beside_pilot", msg("bsg.daybreak_cards.place_up_to",
                                                n=frame["left"], area=area),
               options, public=True)


@answer("launch_beside_pilot")
def _launch_beside_pilot_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "area":
        frame["area"] = action["area"]
        return
    if action["type"] == "stop":
        frame["left"] = 0
        return
    kind, area = action.get("ship", "viper"), frame["area"]
    g.state["reserves"][kind] -= 1
    g.state["space"][area]["vipers"].append(new_ship(kind))
    frame["placed"].append(kind)
    frame["left"] -= 1
    g.log(msg("bsg.daybreak_cards.placed_beside_pilot", assault=kind == ASSAULT, area=area),
          "ships")
    viper_from_reserves(g, area)


def _activate_placed(g: Game, frame: Frame) -> None:
    """Each ship placed is activated once, the first placed first."""
    g.pop(frame)
    g.push(*[{"step": "viper_activations", "seat": frame["seat"], "left": 1, "piloted": False,
              "only": {"area": frame["area"], "ship": kind}} for kind in frame["placed"]])
