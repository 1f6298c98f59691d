"""Battlestar Galactica (base game) on the Rules protocol."""

from __future__ import annotations

from typing import Any

from app.core import Event, IllegalOptions, Prompt, State
from app.core.memo import forget_oldest
from app.games.bsg import carddata
from app.games.bsg.changing import Changing, settled
from app.games.bsg.flow import advance, answer_top
from app.games.bsg.game import Game, seat_names
from app.games.bsg.in_words import in_english
from app.games.bsg.search_for_home import SEARCH_FOR_HOME
from app.games.bsg.setup import begin
from app.games.bsg.state import DIFFICULTIES, new_state
from app.games.bsg.view import OWN_VIEW_KEYS, view, views
from app.games.bsg.windows import standing_choices

EXPANSIONS = ("none", "daybreak")
OFFERED = ("none", "daybreak")
"""The expansions players may choose: an expansion is offered once all of it plays (a test
holds every offered deck to its full size)."""
MAX_PLAYERS = {"none": 6, "daybreak": 7}  # Daybreak's seventh player needs a Cylon Leader
DROP_UNPICKED_VERSIONS = "drop_unpicked_versions"
"""Daybreak host option (DB-4.2, A-4): the version of a person nobody may pick any more no
longer counts in the type-balance count of character selection. Off by default (the
rulebook's reading); stored only when on, and only in a Daybreak game."""
DAYBREAK_OPTIONS = (DROP_UNPICKED_VERSIONS, SEARCH_FOR_HOME)


def checked_options(options: dict[str, Any], players: list[str],
                    expansions: tuple[str, ...] = EXPANSIONS) -> dict[str, Any]:
    """A game's options as stored, or IllegalOptions with the reason; `expansions` are those
    that may be chosen."""
    unknown = set(options) - {"difficulty", "expansion", *DAYBREAK_OPTIONS}
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
    for name in DAYBREAK_OPTIONS:
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise IllegalOptions("bsg.rules.yes_or_no", option=name)
        if value and expansion != "daybreak":
            raise IllegalOptions("bsg.rules.daybreak_only", option=name)
        if value:
            checked[name] = True
    return checked


class BattlestarGalactica:
    name = "bsg"
    title = "Battlestar Galactica"
    min_players = 3
    max_players = max(MAX_PLAYERS[e] for e in OFFERED)
    option_fields = [
        {"name": "difficulty", "label": "Difficulty", "type": "str", "default": "standard",
         "choices": list(DIFFICULTIES)},
        # the most seats each choice allows (the home form shows as many name fields)
        {"name": "expansion", "label": "Expansion", "type": "str", "default": "none",
         "choices": list(OFFERED), "max_players": {e: MAX_PLAYERS[e] for e in OFFERED}},
        # shown once Daybreak may be chosen (a checkbox that could change nothing, until then)
        *([{"name": SEARCH_FOR_HOME, "label": "Search for Home (Daybreak)", "type": "bool",
            "default": False, "when": {"expansion": ["daybreak"]}},
           {"name": DROP_UNPICKED_VERSIONS, "label": "Daybreak: drop the unpicked version of a "
            "character from the type count", "type": "bool", "default": False,
            "when": {"expansion": ["daybreak"]}}]
          if "daybreak" in OFFERED else []),
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
        if not asks:
            return []
        names = seat_names(state)
        # the game's own last prompts: the server makes the prompts of many games in turn
        players = dict.__getitem__(state, "players")  # the same list all game long
        last = _LAST_PROMPTS.get(id(players))  # one read: threads may replace it
        asked_before, said_before = (last[1], last[2]) \
            if last is not None and last[0] is players and last[3] == names else ((), ())
        said: list[Prompt] = []
        for ask in asks:
            for k, before in enumerate(asked_before):  # a few asks: a scan, not a dict
                if before is ask:
                    said.append(said_before[k])
                    break
            else:
                if said and said[-1]["msg"] is ask["msg"]:  # a window's round: one question
                    said.append(in_english(ask, names, said[-1]["text"]))  # type: ignore[typeddict-item]
                else:
                    said.append(in_english(ask, names))
        if last is None and len(_LAST_PROMPTS) >= _GAMES_KEPT:
            forget_oldest(_LAST_PROMPTS, _GAMES_KEPT)
        _LAST_PROMPTS[id(players)] = (players, asks, tuple(said), names)
        return said

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        # the prompts asked are a third of a state; an answer replaces them whole and nothing
        # changes them in place, so they are never copied
        changed, events = self.apply_in_place(Changing(state, keep="asks"), seat, action)
        return settled(changed), events

    def apply_checked(self, state: State, seat: int, action: dict[str, Any]
                      ) -> tuple[State, list[Event]]:
        """`apply` for an action the core has already checked against the seat's prompts
        (`act`): the options are not gone over a second time."""
        changed, events = self.apply_in_place(Changing(state, keep="asks"), seat, action,
                                              checked=True)
        return settled(changed), events

    def apply_in_place(self, state: State, seat: int, action: dict[str, Any],
                       checked: bool = False) -> tuple[State, list[Event]]:
        """`apply` without the defensive copy, for simulations that own their state."""
        g = Game(state)
        answer_top(g, seat, action, checked)
        advance(g)
        return state, g.events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    own_view_keys = OWN_VIEW_KEYS

    def views(self, state: State, seats: list[int | None],
              before: tuple[State, dict[Any, dict[str, Any]]] | None = None
              ) -> list[dict[str, Any]]:
        return views(state, seats, before=before)

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


_LAST_PROMPTS: dict[int, tuple[list[str], list[Prompt], tuple[Prompt, ...], list[str]]] = {}
"""Each game's asks and English prompts said last, by the identity of its players' list (held
with them, so that the identity cannot be another's; a game's states share that list), and the
names they were said with: the asks are held (so that an ask's identity cannot be another's;
an ask, like all of a state, never changes once made). A seat still waiting in a window's round
is asked the very prompt of the state before (windows.py), and gets the same English prompt,
which is only read; found by a scan of the few asks before (a dict of them made at every call
cost more). Only each game's last call's are kept (more would give the collector more to walk
than they save), and only so many games': a server makes the prompts of many games in turn,
and a third of the asks are the game's asks before."""
_GAMES_KEPT = 256


RULES = BattlestarGalactica()

