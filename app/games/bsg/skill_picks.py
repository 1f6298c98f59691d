"""Drawing several skill cards to keep only some of them (Daybreak: Hot Dog's Memento draws
the top 3 Piloting cards, discards 1 of them and keeps the other 2)."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import discard_uid, draw_skills, said_card
from app.games.bsg.who import who_one


@op("draw_then_discard")
def _draw_then_discard(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    drawn = draw_skills(g, seat, [p["skill_type"]] * p["draw"])
    if drawn:
        g.push({"step": "discard_drawn", "seat": seat, "cards": drawn,
                "left": min(p["discard"], len(drawn))})


@step("discard_drawn")
def _discard_drawn(g: Game, frame: Frame) -> Prompt | None:
    held = [u for u in frame["cards"] if u in g.seat(frame["seat"])["hand"]]
    if frame["left"] <= 0 or not held:
        g.pop(frame)
        return None
    # asked even when the cards are alike: which cards were drawn is the player's secret
    return ask(frame["seat"], "discard_drawn", msg("bsg.daybreak_cards.discard_drawn",
                                                    n=frame["left"]),
               [option(msg("bsg.daybreak_cards.discard_one", card=said_card(u)),
                       type="discard", card=u) for u in held])


@answer("discard_drawn")
def _discard_drawn_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    frame["left"] -= 1
    discard_uid(g, frame["seat"], action["card"])
