"""Putting a ship from the Reserves into space by an effect, not by an activation (Trial by
Fire: "place the Assault Raptor gained in an area with a launch icon, and it may act at once").
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg.assault_raptors import in_reserves, kind_key
from app.games.bsg.combat import do_viper_activation, launch_label
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.space import LAUNCH_AREAS


@op("launch_from_reserves")
def _launch_from_reserves(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if in_reserves(g, p["ship"]) <= 0:
        return
    g.push({"step": "launch_from_reserves", "seat": ctx.get("self", g.current),
            "ship": p["ship"], "activations": p["activations"]})


@step("launch_from_reserves")
def _where(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "launch", msg("bsg.launch.where", ship=frame["ship"]),
               [option(launch_label(frame["ship"], a), type="launch", area=a,
                       **kind_key(frame["ship"])) for a in LAUNCH_AREAS], public=True)


@answer("launch_from_reserves")
def _where_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    seat, ship, area = frame["seat"], frame["ship"], action["area"]
    do_viper_activation(g, seat, {"type": "launch", "area": area, **kind_key(ship)}, False)
    if frame["activations"]:  # only this ship may act, wherever it goes
        g.push({"step": "viper_activations", "seat": seat, "left": frame["activations"],
                "piloted": False, "only": {"area": area, "ship": ship}})
