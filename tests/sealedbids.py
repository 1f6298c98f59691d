"""A small game of decisions made behind the screen, used to prove the core's simultaneous
secret choices (app/core/drafts.py) end to end (not shipped with the app).

Each round every player bids coins at once, behind the screen: a coin in, a coin out, as often
as they like, then "ready" (which they may take back until the last player is ready). Then all
bids are revealed together; the single highest bid wins a point and pays its coins. After
`rounds` rounds the most points win (ties: the most coins left, then the lowest seat).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core import (
    Event,
    IllegalAction,
    IllegalOptions,
    Prompt,
    State,
    copy_state,
    english,
    event,
    msg,
)
from app.core.messages import read_message_files, register_catalog

register_catalog("sealedbids", lambda: read_message_files(
    "sealedbids", [Path(__file__).with_name("sealedbids.yaml")]))

COINS = 4


class SealedBids:
    name = "sealedbids"
    title = "Sealed Bids (test game)"
    min_players = 2
    max_players = 4
    option_fields = [{"name": "rounds", "label": "Rounds", "type": "int", "default": 3}]

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalOptions("sealedbids.players", min=self.min_players, max=self.max_players)
        rounds = options.get("rounds", 3)
        if set(options) - {"rounds"} or not isinstance(rounds, int) or not 1 <= rounds <= 50:
            raise IllegalOptions("sealedbids.rounds")
        return {"rounds": rounds}

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State:
        n = len(players)
        return {"players": list(players), "rounds": options["rounds"], "round": 1,
                "coins": [COINS] * n, "points": [0] * n, "bids": [0] * n,
                "ready": [False] * n, "revealed": None, "over": False}

    def prompts(self, state: State) -> list[Prompt]:
        if state["over"]:
            return []
        names = state["players"]
        out: list[Prompt] = []
        for seat in range(len(names)):
            if state["ready"][seat]:
                asked = msg("sealedbids.ready_ask")
                out.append({"seat": seat, "kind": "bid", "text": english(asked, names),
                            "msg": asked, "ready": True,
                            "options": [_option(msg("sealedbids.take_back"),
                                                {"type": "take_back"}, names)]})
                continue
            bid = state["bids"][seat]
            options = []
            if bid < state["coins"][seat]:
                options.append(_option(msg("sealedbids.more"), {"type": "more"}, names))
            if bid > 0:
                options.append(_option(msg("sealedbids.less"), {"type": "less"}, names))
            options.append({**_option(msg("sealedbids.ready"), {"type": "ready"}, names),
                            "commits": True})
            asked = msg("sealedbids.ask")
            out.append({"seat": seat, "kind": "bid", "text": english(asked, names),
                        "msg": asked, "draft": True, "options": options})
        return out

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        state = copy_state(state)
        names = state["players"]
        kind = action.get("type")
        ready = state["ready"][seat]
        events: list[Event] = []
        if kind == "more" and not ready and state["bids"][seat] < state["coins"][seat]:
            state["bids"][seat] += 1
        elif kind == "less" and not ready and state["bids"][seat] > 0:
            state["bids"][seat] -= 1
        elif kind == "ready" and not ready:
            state["ready"][seat] = True
            events.append(event(msg("sealedbids.is_ready", seat=seat), "bid", names=names))
            if all(state["ready"]):
                events += self._reveal(state)
        elif kind == "take_back" and ready:
            state["ready"][seat] = False
            events.append(event(msg("sealedbids.took_back", seat=seat), "bid", names=names))
        else:
            raise IllegalAction("sealedbids.unknown_action")
        return state, events

    def _reveal(self, state: State) -> list[Event]:
        names, bids = state["players"], state["bids"]
        state["revealed"] = list(bids)
        events = [event(msg("sealedbids.bids", bids=", ".join(map(str, bids))), "reveal",
                        names=names)]
        top = max(bids)
        if top > 0 and bids.count(top) == 1:
            winner = bids.index(top)
            state["points"][winner] += 1
            state["coins"][winner] -= top
            events.append(event(msg("sealedbids.won", seat=winner), "reveal", names=names))
        state["bids"] = [0] * len(names)
        state["ready"] = [False] * len(names)
        state["round"] += 1
        if state["round"] > state["rounds"]:
            state["over"] = True
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if state["over"]:
            return self.view_all(state)
        public = {"round": state["round"], "rounds": state["rounds"],
                  "coins": list(state["coins"]), "points": list(state["points"]),
                  "ready": list(state["ready"]), "revealed": state["revealed"]}
        if seat is not None:
            public["you"] = {"seat": seat, "bid": state["bids"][seat]}
        return public

    def view_all(self, state: State) -> dict[str, Any]:
        return {"round": state["round"], "rounds": state["rounds"],
                "coins": list(state["coins"]), "points": list(state["points"]),
                "ready": list(state["ready"]), "revealed": state["revealed"],
                "bids": list(state["bids"])}

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        n = len(state["players"])
        best = max(range(n), key=lambda s: (state["points"][s], state["coins"][s], -s))
        m = msg("sealedbids.wins", seat=best)
        return {"winner": state["players"][best], "winners": [best],
                "text": english(m, state["players"]), "msg": m}

    def cards(self) -> list[dict[str, Any]]:
        return []


def _option(m: Any, action: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {"label": english(m, names), "msg": m, "action": action}


RULES = SealedBids()
