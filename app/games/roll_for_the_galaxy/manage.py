"""Manage empire (RG-7.6): Recruit ($1 a die from the citizenry to the cup, as many as the
credits allow — the player picks which when they cannot pay for all; $0 becomes $1), Reclaim
(any developers, settlers and goods back to the cup, at least one if the cup is empty), then
the end check (RG-8.1) and scoring with its tiebreak (RG-9)."""

from __future__ import annotations

from typing import Any

from app.core import Event, event
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import SETUP, side
from app.games.roll_for_the_galaxy.model import Seat, seats, tableau_count
from app.games.roll_for_the_galaxy.options import option, prompt, say

State = dict[str, Any]


def start(state: State) -> list[Event]:
    events: list[Event] = []
    for i, seat in enumerate(seats(state)):
        seat["pend"] = None
        if seat["credits"] >= len(seat["citizenry"]):
            events += _recruit(state, i, list(seat["citizenry"]))
        else:
            seat["pend"] = {"kind": "recruit"}
    for seat in seats(state):
        if not seat["pend"]:
            _to_reclaim(seat)
    return events


def _to_reclaim(seat: Seat) -> None:
    """Reclaim is asked only of a seat with something to reclaim."""
    seat["pend"] = {"kind": "reclaim"} if _reclaimable(seat) else None


def _recruit(state: State, index: int, dice: list[str]) -> list[Event]:
    seat = seats(state)[index]
    for c in dice:
        seat["citizenry"].remove(c)
        seat["cup"].append(c)
    seat["credits"] -= len(dice)
    if seat["credits"] <= 0:
        seat["credits"] = SETUP.credits_after_recruit_at_least
    if not dice:
        return []
    return [event(say("roll_for_the_galaxy.ev.recruit", seat=index, n=len(dice)), "manage",
                  names=state["players"])]


def _reclaimable(seat: Seat) -> list[tuple[str, str]]:
    out = [("devs", c) for c in seat["dev_dice"]] + [("worlds", c) for c in seat["world_dice"]]
    return out + [(f"good:{w}", c) for w, g in seat["goods"].items() for c in g]


def manage_prompt(state: State, index: int) -> Any:
    seat = seats(state)[index]
    if seat["pend"]["kind"] == "recruit":
        opts = [option(state, say("roll_for_the_galaxy.opt.recruit", rfcolour=c),
                       {"type": "recruit", "die": c}) for c in seat["citizenry"]]
        n = seat["credits"]
        return prompt(state, index, "recruit", say("roll_for_the_galaxy.ask.recruit", n=n),
                      opts, pick={"min": n, "max": n})
    opts = []
    for place, c in _reclaimable(seat):
        if place.startswith("good:"):
            said = say("roll_for_the_galaxy.opt.reclaim_good", rfcolour=c, rfside=place[5:])
        else:
            said = say("roll_for_the_galaxy.opt.reclaim", rfcolour=c, where=place)
        opts.append(option(state, said, {"type": "reclaim", "from": place, "die": c}))
    least = 1 if not seat["cup"] and opts else 0
    return prompt(state, index, "reclaim", say("roll_for_the_galaxy.ask.reclaim",
                                               least=least), opts,
                  pick={"min": least, "max": len(opts)})


def apply(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    seat = seats(state)[index]
    picked = action["picked"]
    if seat["pend"]["kind"] == "recruit":
        events = _recruit(state, index, [a["die"] for a in picked])
        _to_reclaim(seat)
        return events
    for a in picked:
        place, c = a["from"], a["die"]
        if place.startswith("good:"):
            goods = seat["goods"][place[5:]]
            goods.remove(c)
            if not goods:
                del seat["goods"][place[5:]]
        else:
            seat["dev_dice" if place == "devs" else "world_dice"].remove(c)
        seat["cup"].append(c)
    seat["pend"] = None
    if not picked:
        return []
    return [event(say("roll_for_the_galaxy.ev.reclaim", seat=index, n=len(picked)), "manage",
                  names=state["players"])]


def copied_seat(seat: Seat) -> Seat:
    """The seat with what a Manage pick (`apply`, and the end of the round after the last
    one: `flow.advance` replaces the rest of a seat, never changes it in place) changes
    copied: the citizenry, the cup, the dice on tiles, the goods and the decision under way;
    the rest is shared with the state before (states are read-only once made)."""
    out = dict(seat)
    for key in ("citizenry", "cup", "dev_dice", "world_dice"):
        out[key] = seat[key][:]
    out["goods"] = {w: g[:] for w, g in seat["goods"].items()}
    if seat["pend"] is not None:
        out["pend"] = dict(seat["pend"])
    return out


def waiting(state: State) -> list[int]:
    return [i for i, s in enumerate(seats(state)) if s["pend"]]


def game_ends(state: State) -> bool:
    """The pool emptied this round, or a tableau of 12 tiles or more (RG-7.6 step 4)."""
    return state["pool_emptied"] or any(
        tableau_count(s) >= SETUP.end_tableau_tiles for s in seats(state))


# ---- scoring ---------------------------------------------------------------------------

def score(seat: Seat) -> dict[str, int]:
    tiles = [side(s) for s in seat["tableau"]]
    bonus = sum(powers.end_bonus(seat, s) for s in tiles)
    return {"chips": seat["vp"], "tiles": sum(s.cost for s in tiles), "bonus": bonus,
            "total": seat["vp"] + sum(s.cost for s in tiles) + bonus,
            "tiebreak": len(seat["cup"]) + seat["credits"]}


def final_result(state: State) -> dict[str, Any]:
    """Highest total wins; ties broken by dice in the cup plus credits; then all tied win."""
    scores = [score(s) for s in seats(state)]
    best = max((sc["total"], sc["tiebreak"]) for sc in scores)
    winners = [i for i, sc in enumerate(scores) if (sc["total"], sc["tiebreak"]) == best]
    said = say("roll_for_the_galaxy.result.won", seat=winners, n=best[0])
    return {"winners": winners, "winner": state["players"][winners[0]],
            "scores": scores, "msg": said}
