"""One action's working context: the state being changed, the events said, the seats' names."""

from __future__ import annotations

from typing import Any

from app.core import Event, Msg, Rng, State, event
from app.games.star_realms.options import worded


class Game:
    __slots__ = ("state", "events", "names", "cast", "rng", "usable", "lane")

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.names: list[str] = state["players"]
        self.cast = tuple(self.names)
        self.rng = Rng(state)
        self.usable: list[tuple[str, str]] | None = None
        """The current seat's usable abilities, when just looked for and nothing changed."""
        self.lane: int | None = None
        """Hydra: the team member whose steps are being run or answered (flow.py)."""

    @property
    def stack(self) -> list[dict[str, Any]]:
        """The steps under way: the game's one stack, or in Hydra's team turns the lane of the
        member at work, so that one member's question never holds a teammate (SR-11.4.5)."""
        lanes = self.state.get("lanes")
        if lanes is None or self.lane is None:
            return self.state["stack"]
        key = str(self.lane)
        lane = lanes.get(key)
        if lane is None:
            lane = lanes[key] = []
        return lane

    def seat(self, n: int) -> dict[str, Any]:
        return self.state["seats"][n]

    def book(self, n: int) -> dict[str, Any]:
        """Where the turn's bookkeeping of seat `n` is kept (factions played, cards scrapped,
        where the next card acquired goes): the state's, but for Hydra's team turns, where
        each member keeps their own on their seat (SR-11.4.6)."""
        return self.state["seats"][n] if "played_factions" in self.state["seats"][n] \
            else self.state

    def say(self, said: Msg, kind: str = "info", **data: Any) -> None:
        """A public log line: `event(said, kind, names=..., **data)`, its words kept for
        messages said again and again (`said` from options.said)."""
        ev: Event = {"kind": kind, "text": worded(said, self.cast), "msg": said,
                     "to": None}
        if data:
            ev["data"] = data
        self.events.append(ev)

    def tell(self, seat: int, said: Msg, shadow: Msg, kind: str) -> None:
        """A line for `seat` alone, and its public shadow for everyone else."""
        self.events.append(event(said, kind, to=[seat], names=self.names))
        self.events.append(event(shadow, kind, not_to=[seat], names=self.names))
