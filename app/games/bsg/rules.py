"""Battlestar Galactica (base game) on the Rules protocol."""

from __future__ import annotations

from typing import Any

from app.core import Event, IllegalOptions, Prompt, State, copy_state
from app.games.bsg import carddata
from app.games.bsg.flow import advance, answer_top, in_english
from app.games.bsg.game import Game, seat_names
from app.games.bsg.setup import begin
from app.games.bsg.state import DIFFICULTIES, new_state
from app.games.bsg.view import view, views
from app.games.bsg.windows import standing_choices

EXPANSIONS = ("none", "daybreak")
OFFERED = ("none",)
"""The expansions players may choose. Daybreak is built a part at a time (issue 14) and is
offered once all of it plays; until then only tests and benchmarks create Daybreak games."""
MAX_PLAYERS = {"none": 6, "daybreak": 7}  # Daybreak's seventh player needs a Cylon Leader


def checked_options(options: dict[str, Any], players: list[str],
                    expansions: tuple[str, ...] = EXPANSIONS) -> dict[str, Any]:
    """A game's options as stored, or IllegalOptions with the reason; `expansions` are those
    that may be chosen."""
    unknown = set(options) - {"difficulty", "expansion"}
    if unknown:
        raise IllegalOptions("bsg.rules.unknown_option", option=sorted(unknown))
    difficulty = options.get("difficulty", "standard")
    if difficulty not in DIFFICULTIES:
        raise IllegalOptions("bsg.rules.difficulty", difficulty=list(DIFFICULTIES))
    expansion = options.get("expansion", "none")
    if expansion not in expansions:
        raise IllegalOptions("bsg.rules.expansion", expansion=list(expansions))
    most = MAX_PLAYERS[expansion]
    if not BattlestarGalactica.min_players <= len(players) <= most:
        raise IllegalOptions("bsg.rules.players", min=BattlestarGalactica.min_players, max=most)
    checked = {"difficulty": difficulty}
    if expansion != "none":  # a base game's options stay what they always were
        checked["expansion"] = expansion
    return checked


class BattlestarGalactica:
    name = "bsg"
    title = "Battlestar Galactica"
    min_players = 3
    max_players = max(MAX_PLAYERS[e] for e in OFFERED)
    option_fields = [
        {"name": "difficulty", "label": "Difficulty", "type": "str", "default": "standard",
         "choices": list(DIFFICULTIES)},
        {"name": "expansion", "label": "Expansion", "type": "str", "default": "none",
         "choices": list(OFFERED)},
    ]

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        return checked_options(options, players, OFFERED)

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State:
        state = new_state(options, players, seed)
        g = Game(state)
        begin(g)
        advance(g)
        return state

    def prompts(self, state: State) -> list[Prompt]:
        asks = state["asks"]
        return [in_english(ask, seat_names(state)) for ask in asks] if asks else []

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        state = copy_state(state)
        return self.apply_in_place(state, seat, action)

    def apply_in_place(self, state: State, seat: int, action: dict[str, Any]
                       ) -> tuple[State, list[Event]]:
        """`apply` without the defensive copy, for simulations that own their state."""
        g = Game(state)
        answer_top(g, seat, action)
        advance(g)
        return state, g.events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return views(state, seats)

    def view_all(self, state: State) -> dict[str, Any]:
        return view(state, None, everything=True)

    def result(self, state: State) -> dict[str, Any] | None:
        return state["result"]

    def standing_choices(self) -> list[dict[str, Any]]:
        """The answers a seat may give in advance (app/core/standing.py): always pass at a kind
        of reaction window, or play a card when a named thing happens."""
        return standing_choices()

    def cards(self) -> list[dict[str, Any]]:
        return carddata.all_cards()


RULES = BattlestarGalactica()
