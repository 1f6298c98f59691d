"""One action's working context: the state being changed, the events said, the seats' names."""

from __future__ import annotations

from typing import Any

from app.core import Event, Msg, Rng, State
from app.games.star_realms.options import worded, words_for

SHARED = ("trade_deck", "trade_row", "explorers", "scrap_heap", "removed", "copies", "damage")
"""The piles and maps of the state that most actions leave as they were: `apply` shares them
with the state before and copies one only when it is changed (`Game.own`)."""


class Game:
    __slots__ = ("state", "stack", "seats", "events", "names", "cast", "words", "usable",
                 "borrowed", "mine", "lane")

    def __init__(self, state: State, borrowed: bool = False) -> None:
        """`borrowed`: the state's seats are still those of the state before the action
        (`copied` in rules.py); each is copied when first changed, through `seat`."""
        self.state = state
        self.stack: list[dict[str, Any]] = state["stack"]
        """The steps under way, the top last: the game's one stack, or in Hydra's team turns
        the lane of the member at work (`use_lane`), so that one member's question never holds
        a teammate (SR-11.4.5). A list of the state's own, never replaced."""
        self.seats: list[dict[str, Any]] = state["seats"]
        self.borrowed = borrowed
        self.mine: set[int | str] = set()
        """The seats and the keys of SHARED this action has copied (when `borrowed`)."""
        self.events: list[Event] = []
        self.names: list[str] = state["players"]
        self.cast = tuple(self.names)
        self.words = words_for(self.cast)
        self.usable: tuple[tuple[str, str], ...] | None = None
        """The current seat's usable abilities, when just looked for and nothing changed."""
        self.lane: int | None = None
        """Hydra: the team member whose steps are being run or answered (flow.py)."""

    @property
    def rng(self) -> Rng:
        return Rng(self.state)

    def use_lane(self, member: int | None) -> None:
        """Work on `member`'s lane of steps (Hydra, flow.py), or on the game's stack (None)."""
        self.lane = member
        if member is None:
            self.stack = self.state["stack"]
            return
        lanes = self.state["lanes"]
        key = str(member)
        lane = lanes.get(key)
        if lane is None:
            lane = lanes[key] = []
        self.stack = lane

    def seat(self, n: int) -> dict[str, Any]:
        """Seat `n`'s data, to change: an action changes one or two seats of six, so the
        others are shared with the state before, never copied."""
        if self.borrowed and n not in self.mine:
            self.mine.add(n)
            self.seats[n] = copied_seat(self.seats[n])
        return self.seats[n]

    def own(self, key: str) -> Any:
        """The state's pile or map `key` (one of SHARED), to change."""
        if self.borrowed and key not in self.mine:
            self.mine.add(key)
            self.state[key] = self.state[key].copy()
        return self.state[key]

    def drop(self, key: str, uid: str) -> None:
        """`uid` out of the map `key` ("copies", "damage"), copied only if it is there."""
        if uid in self.state[key]:
            del self.own(key)[uid]

    def peek(self, n: int) -> dict[str, Any]:
        """Seat `n`'s data, only to read (no copy)."""
        return self.seats[n]

    def book(self, n: int) -> dict[str, Any]:
        """Where the turn's bookkeeping of seat `n` is kept (factions played, cards scrapped,
        where the next card acquired goes): the state's, but for Hydra's team turns, where
        each member keeps their own on their seat (SR-11.4.6)."""
        return self.seat(n) if "played_factions" in self.seats[n] else self.state

    def say(self, said: Msg, kind: str = "info", **data: Any) -> None:
        """A public log line: `event(said, kind, names=..., **data)`, its words kept for
        messages said again and again (`said` from options.said)."""
        hit = self.words.get(id(said))
        text = hit[1] if hit is not None and hit[0] is said else worded(said, self.cast)
        ev: Event = {"kind": kind, "text": text, "msg": said, "to": None}
        if data:
            ev["data"] = data
        self.events.append(ev)

    def tell(self, seat: int, said: Msg, shadow: Msg, kind: str) -> None:
        """A line for `seat` alone, and its public shadow for everyone else."""
        words = self.words
        hit = words.get(id(said))
        text = hit[1] if hit is not None and hit[0] is said else worded(said, self.cast)
        self.events.append({"kind": kind, "text": text, "msg": said, "to": [seat]})
        hit = words.get(id(shadow))
        text = hit[1] if hit is not None and hit[0] is shadow else worded(shadow, self.cast)
        self.events.append({"kind": kind, "text": text, "msg": shadow, "to": None,
                            "not_to": [seat]})  # as `event` makes them, their words kept


def copied_seat(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a seat's data to change: its lists copied (they hold card ids)."""
    out = {**d, "deck": d["deck"][:], "hand": d["hand"][:], "discard": d["discard"][:],
           "ships": d["ships"][:], "bases": d["bases"][:]}
    if "played_factions" in d:
        out["played_factions"] = d["played_factions"][:]
    return out
