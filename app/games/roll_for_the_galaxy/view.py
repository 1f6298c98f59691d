"""What each seat, a spectator, or a replay sees (VIEW.md). Secrets: the rolled faces and the
whole assignment until Reveal (owner only), tiles drawn while Scouting and the tiles discarded
(owner only), covered construction tiles (owner only; everyone sees each stack's size and top
side), the bag (nobody). Once the game is over everyone sees everything."""

from __future__ import annotations

from typing import Any

from app.games.roll_for_the_galaxy.manage import score
from app.games.roll_for_the_galaxy.model import STACK_DICE, Seat, stack_side

State = dict[str, Any]


def _stack(seat: Seat, stack: str, everything: bool) -> dict[str, Any]:
    sides = [stack_side(n, stack).id for n in seat[stack]]
    out: dict[str, Any] = {"count": len(sides), "top": sides[0] if sides else None,
                           "dice": list(seat[STACK_DICE[stack]])}
    if everything:
        out["tiles"] = sides
    return out


def _assign(seat: Seat) -> dict[str, Any]:
    return {"dice": [list(d) for d in seat["dice"]], "rolled": [list(d) for d in seat["rolled"]],
            "selector": seat["selector"], "selected": seat["selected"],
            "used": list(seat["used"]), "active": seat["active"]}


def _pend(seat: Seat, own: bool) -> dict[str, Any] | None:
    pend = seat["pend"]
    if pend is None:
        return None
    if own:
        out = dict(pend)
        if "tiles" in pend:
            out["tiles"] = [{"number": n, "development": stack_side(n, "devs").id,
                             "world": stack_side(n, "worlds").id} for n in pend["tiles"]]
        return out
    public: dict[str, Any] = {"kind": pend["kind"]}
    if "tiles" in pend:
        public["tiles"] = len(pend["tiles"])
    if "discarded" in pend:
        public["discarded"] = len(pend["discarded"])
    return public


def seat_view(state: State, seat: Seat, own: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "faction": seat["faction"], "home": seat["home"], "tableau": list(seat["tableau"]),
        "credits": seat["credits"], "vp": seat["vp"], "cup": list(seat["cup"]),
        "citizenry": list(seat["citizenry"]),
        "goods": {w: list(g) for w, g in seat["goods"].items()},
        "devs": _stack(seat, "devs", own), "worlds": _stack(seat, "worlds", own),
        "ready": seat["ready"], "dice_behind_screen": len(seat["dice"]),
        "revealed": seat["revealed"], "rows": {p: list(r) for p, r in seat["rows"].items()},
        "work": list(seat["work"]), "vwork": list(seat["vwork"]),
        "pend": _pend(seat, own), "discards": len(seat["discards"]),
        "owes_tile": bool(seat.get("owes_tile"))}
    if own:
        out["assign"] = _assign(seat)
        out["discarded"] = [{"number": n, "development": stack_side(n, "devs").id,
                             "world": stack_side(n, "worlds").id} for n in seat["discards"]]
    return out


def view(state: State, seat: int | None, everything: bool = False) -> dict[str, Any]:
    everything = everything or state["result"] is not None
    out: dict[str, Any] = {
        "round": state["round"], "step": state["step"], "phase": state["phase"],
        "phases": list(state["phases"]), "extra_die": state["extra_die"],
        "sequential": state["sequential"], "vp_pool": state["vp_pool"],
        "pool_emptied": state["pool_emptied"], "bag": len(state["bag"]),
        "order": list(state["order"]), "you": seat,
        "seats": [seat_view(state, s, everything or i == seat)
                  for i, s in enumerate(state["seats"])],
        "scores": [score(s) for s in state["seats"]] if everything else None,
        "result": state["result"]}
    if everything:
        out["bag_tiles"] = sorted(state["bag"])
        out["supply"] = dict(state["supply"])
    return out
