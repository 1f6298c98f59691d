"""Star Realms: Colony Wars on the Rules protocol."""

from __future__ import annotations

from typing import Any

from app.bots.bot import Bot
from app.core import Event, IllegalOptions, Prompt, State, english, msg
from app.games.star_realms import carddata
from app.games.star_realms.flow import answer, asks, check
from app.games.star_realms.formats import FORMATS
from app.games.star_realms.game import Game
from app.games.star_realms.options import labelled, worded, words_for
from app.games.star_realms.setup import new_state
from app.games.star_realms.view import view

OFFERED_FORMATS = tuple(FORMATS)
FORMAT_HELP = (
    "two_player: 2 players. free_for_all: 3-6, attack anyone. hunter: 3-6, attack the next "
    "player, the bases of both neighbours. hydra_two_headed: 4, two teams of 2 with 75 "
    "Authority each, team turns. hydra_three_headed: 6, two teams of 3 with 100. emperor: 6, "
    "seats 2 and 5 are the Emperors, seats 1-3 against 4-6. raid: 3-6, seat 1 is the Boss "
    "against the Raiders.")


class StarRealms:
    name = "star_realms"
    title = "Star Realms: Colony Wars"
    min_players = min(FORMATS[f]["players"][0] for f in OFFERED_FORMATS)
    max_players = max(FORMATS[f]["players"][1] for f in OFFERED_FORMATS)
    option_fields = [
        {"name": "format", "label": "Format", "type": "str", "default": "two_player",
         "choices": list(OFFERED_FORMATS),
         "max_players": {f: FORMATS[f]["players"][1] for f in OFFERED_FORMATS},
         "min_players": {f: FORMATS[f]["players"][0] for f in OFFERED_FORMATS},
         "description": FORMAT_HELP},
    ]

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        unknown = set(options) - {"format"}
        if unknown:
            raise IllegalOptions("star_realms.rules.unknown_option", option=sorted(unknown))
        fmt = options.get("format", "two_player")
        if fmt not in OFFERED_FORMATS:
            raise IllegalOptions("star_realms.rules.format", formats=list(OFFERED_FORMATS))
        low, high = FORMATS[fmt]["players"]
        if not low <= len(players) <= high:
            if fmt == "two_player":
                raise IllegalOptions("core.error.player_count", game=msg("star_realms.title"),
                                     min=low, max=high)
            raise IllegalOptions("star_realms.rules.players", format=fmt, min=low, max=high,
                                 n=len(players), fixed="yes" if low == high else "no")
        return {"format": fmt}

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State:
        state = new_state(options, players, seed)
        state["asks"] = asks(Game(state))
        return state

    def prompts(self, state: State) -> list[Prompt]:
        key = tuple(state["players"])
        words = words_for(key)
        out: list[Prompt] = []
        for seat, kind, said, options in state["asks"]:
            hit = words.get(id(said))
            text = hit[1] if hit is not None and hit[0] is said else worded(said, key)
            out.append({"seat": seat, "kind": kind, "text": text, "msg": said,
                        "options": labelled(options, key, words)})  # type: ignore[misc]
        return out

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        check(state["asks"], seat, action)
        g = Game(copied(state), borrowed=True)
        answer(g, seat, action, checked=True)
        g.state["asks"] = asks(g)
        return g.state, g.events

    def apply_in_place(self, state: State, seat: int, action: dict[str, Any]
                       ) -> tuple[State, list[Event]]:
        """`apply` without the defensive copy, for simulations that own their state."""
        g = Game(state)
        check(state["asks"], seat, action)
        answer(g, seat, action, checked=True)
        state["asks"] = asks(g)
        return state, g.events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def view_all(self, state: State) -> dict[str, Any]:
        return view(state, None, everything=True)

    def result(self, state: State) -> dict[str, Any] | None:
        result = state["result"]
        if result is None:
            return None
        return {**result, "text": english(result["msg"], state["players"])}

    def cards(self) -> list[dict[str, Any]]:
        return carddata.all_cards()

    def bots(self) -> list[Bot]:
        from app.games.star_realms.bots import BOTS
        return list(BOTS)


RULES = StarRealms()


def copied(state: State) -> State:
    """A copy of the state to change: the lists a play changes copied (they hold strings),
    the steps under way one level further (their lists are popped); `active` is only ever
    replaced, never changed in place; the seats' data, and the piles and maps that change
    seldom (`game.SHARED`), are copied only when changed (`Game.seat`, `Game.own`), so the
    new state shares the unchanged ones with the state before (states are read-only once
    made)."""
    out = dict(state)
    out["seats"] = list(state["seats"])
    out["used"] = state["used"][:]
    out["played_factions"] = state["played_factions"][:]
    out["stack"] = [{k: v[:] if type(v) is list else v for k, v in f.items()}
                    for f in state["stack"]]
    if "lanes" in state:
        out["lanes"] = {k: [{n: v[:] if type(v) is list else v for n, v in f.items()}
                            for f in lane] for k, lane in state["lanes"].items()}
    return out  # "asks" shared: an answer replaces them whole
