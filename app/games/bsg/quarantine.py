"""Sending a civilian ship in space back to the unused pile (Daybreak: Cottle's Quarantine):
the user looks at every civilian ship on the board, picks one, a new ship is drawn face down
to take its place (if the pile has one), and the picked ship is shuffled into the pile. Which
ships the user saw stays theirs; where the ship was is public."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op
from app.games.bsg.facts import cards
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import saw_civilian
from app.games.bsg.who import who_one


def _ships(g: Game) -> list[tuple[str, int, str]]:
    """(area, index, ship) of every civilian ship in space."""
    return [(area, i, uid) for area, ships in g.state["space"].items()
            for i, uid in enumerate(ships["civilians"])]


@condition("civilian_in_space")
def _civilian_in_space(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(_ships(g))


@op("quarantine_civilian")
def _quarantine(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None or not _ships(g):
        return
    for area, i, uid in _ships(g):
        g.log(msg("bsg.combat.civilian_seen", n=i + 1, area=area, card=catalog.card(uid)["id"]),
              "civilians", to=[seat])
        saw_civilian(g, seat, uid, area)
    g.log(msg("bsg.quarantine.looks", seat=seat, n=len(_ships(g))), "civilians", not_to=[seat])
    g.push({"step": "quarantine", "seat": seat})


@step("quarantine")
def _quarantine_run(g: Game, frame: Frame) -> Prompt | None:
    ships = _ships(g)
    asked = ask(frame["seat"], "civilians", msg("bsg.quarantine.choose"),
                [option(msg("bsg.combat.civilian_seen", n=i + 1, area=area,
                            card=catalog.card(uid)["id"]), type="ship", area=area, index=i)
                 for area, i, uid in ships])
    asked["cards"] = cards(*(uid for _, _, uid in ships))  # with the options: this seat's only
    return asked


@answer("quarantine")
def _quarantine_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    area, index = action["area"], action["index"]
    here = g.state["space"][area]["civilians"]
    picked = here.pop(index)
    pile = g.deck("civilian_ship")
    replaced = bool(pile)  # the new ship is drawn before the picked one goes in
    if replaced:
        here.insert(index, pile.pop())
    pile.append(picked)
    g.rng.shuffle(pile)
    g.log(msg("bsg.quarantine.sent_back", seat=frame["seat"], area=area, replaced=replaced),
          "civilians")
