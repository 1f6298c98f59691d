"""Die rolls as steps: a window before the roll (+2 cards), the roll, a window after it
(re-rolls), then what the roll decides, named by `then` and resolved by a registered rule.

Re-rolls stack: every roll, a re-roll's included, opens the moments after it again, so a
second Evasive Maneuvers, or one after Helo's ECO Officer, may re-roll it once more. What was
played before the first roll (Strategic Planning) counts for every re-roll; a re-roll's own
modifier (Evasive Maneuvers' -2 for a piloted viper) only for the roll it makes
(docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import Msg, Prompt, msg
from app.games.bsg.abilities import offer
from app.games.bsg.effects import op
from app.games.bsg.flow import Frame, step
from app.games.bsg.game import Game
from app.games.bsg.windows import push_window

Then = Callable[[Game, int, dict[str, Any]], None]
THEN: dict[str, Then] = {}


def then(name: str) -> Callable[[Then], Then]:
    def register(fn: Then) -> Then:
        THEN[name] = fn
        return fn

    return register


def push_roll(g: Game, roller: int, why: Msg, after: dict[str, Any], modifier: int = 0,
              viper_attacked: bool = False, piloted: bool = False) -> None:
    """Roll the die for `why` (a message; a plain string still passes while callers are being
    converted); `after["kind"]` names the rule that uses the result."""
    g.push({"step": "roll", "roller": roller, "why": why, "then": after, "modifier": modifier,
            "reroll_modifier": 0, "stage": "before", "result": None,
            "viper_attacked": viper_attacked, "piloted": piloted})


@step("roll")
def _roll(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "before":
        frame["stage"] = "roll"
        push_window(g, "before_die_roll", msg("bsg.dice.about_to_roll", seat=frame["roller"],
                                              why=frame["why"]))
        return None
    if frame["stage"] == "roll":
        raw = g.rng.roll(8)
        modifier = frame["modifier"] + frame.get("reroll_modifier", 0)
        frame["result"] = max(1, min(8, raw + modifier))
        sign = "plus" if modifier > 0 else "minus" if modifier < 0 else "none"
        g.log(msg("bsg.dice.rolled", seat=frame["roller"], raw=raw, sign=sign, by=abs(modifier),
                  result=frame["result"], why=frame["why"]), "roll", roll=frame["result"])
        frame["stage"] = "after"
        if frame["viper_attacked"]:
            push_window(g, "after_viper_attacked",
                        msg("bsg.dice.viper_attacked", result=frame["result"]),
                        {"after_roll": True})
        offer(g, "after_die_roll", [g.current])
        return None
    g.pop(frame)
    THEN[frame["then"]["kind"]](g, frame["result"], frame["then"])
    return None


def _nearest_roll(g: Game) -> Frame | None:
    for frame in reversed(g.state["flow"]):
        if frame["step"] == "roll":
            return frame
    return None


@op("roll_modifier")
def _roll_modifier(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_roll(g)
    if frame is not None and frame["stage"] == "roll":
        frame["modifier"] += p["amount"]


@op("reroll")
def _reroll(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_roll(g)
    if frame is None or frame["stage"] != "after":
        return
    frame["stage"] = "roll"
    frame["reroll_modifier"] = (p.get("modifier_if_piloted") or 0) if frame["piloted"] else 0
    g.log(msg("bsg.dice.rerolled"), "roll")


def roll_pending(g: Game) -> bool:
    """True while the nearest roll waits for re-rolls (after it, before its result is used)."""
    frame = _nearest_roll(g)
    return frame is not None and frame["stage"] == "after"
