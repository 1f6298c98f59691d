"""Brendan "Hot Dog" Costanza's Escort (Daybreak, a Miracle ability): before a civilian ship in
a space area is turned over and destroyed, he destroys an unmanned viper instead and the ship
goes back, unseen, into the pile of unused civilian ships (space.destroy_in_space keeps it
aside while he is asked)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg.assault_raptors import ASSAULT, VIPER_KINDS, kind_key, ship_kind
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.space import AREAS, DOOMED
from app.games.bsg.who import who_one


@op("escort_civilian")
def _escort_civilian(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    doomed = g.state["aside"].get(DOOMED)
    if seat is None or not doomed or not _vipers(g):
        return
    uid = doomed[-1]  # the ship being destroyed now
    g.take_aside(DOOMED, uid)
    g.deck("civilian_ship").append(uid)
    g.rng.shuffle(g.deck("civilian_ship"))
    g.log(msg("bsg.daybreak_cards.escorted", seat=seat), "civilian")
    g.push({"step": "escort_viper", "seat": seat})


def _vipers(g: Game) -> list[tuple[str | None, str]]:
    """(space area, or None for the Reserves; kind) of every unmanned viper he may destroy."""
    found: list[tuple[str | None, str]] = [
        (None, k) for k in VIPER_KINDS if g.state["reserves"].get(k, 0) > 0]
    for area in AREAS:
        for k in VIPER_KINDS:
            if any(v["pilot"] is None and ship_kind(v) == k
                   for v in g.state["space"][area]["vipers"]):
                found.append((area, k))
    return found


@step("escort_viper")
def _escort_viper(g: Game, frame: Frame) -> Prompt | None:
    choices = _vipers(g)
    if not choices:
        g.pop(frame)
        return None
    return ask(frame["seat"], "escort_viper", msg("bsg.daybreak_cards.escort_which"),
               [option(_said(area, kind), type="viper", area=area, **kind_key(kind))
                for area, kind in choices],
               public=True)  # the ships are public


@answer("escort_viper")
def _escort_viper_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    kind = action.get("ship", "viper")
    area = action["area"]
    if area is None:
        g.state["reserves"][kind] -= 1
    else:
        vipers = g.state["space"][area]["vipers"]
        vipers.remove(next(v for v in vipers if v["pilot"] is None and ship_kind(v) == kind))
    g.state["destroyed"][kind] += 1
    g.log(msg("bsg.daybreak_cards.escort_destroyed", ship=_said(area, kind)), "ships")


def _said(area: str | None, kind: str) -> Any:
    """"A viper in the Reserves", "An unmanned Assault Raptor <in area>"."""
    if area is None:
        return msg("bsg.daybreak_cards.in_reserves", assault=kind == ASSAULT)
    unmanned = msg("bsg.assault.unmanned") if kind == ASSAULT else msg("bsg.combat.unmanned_viper")
    return msg("bsg.combat.viper_in", viper=unmanned, area=area)
