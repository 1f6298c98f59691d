"""What the BSG scenario tests share: the Scenario that declines what a test is not about,
arranging a position (hands, decks, characters, ships), running a step of the game, and
reading the result. The `dice` fixture is in conftest.py; the base Scenario in scenario.py."""

from __future__ import annotations

from typing import Any

from app.core import english, msg
from app.core.messages import catalog as words
from app.games.bsg import catalog
from app.games.bsg.flow import advance
from app.games.bsg.rules import RULES
from app.games.bsg.space import leave_viper
from tests.games.bsg.scenario import Scenario as BaseScenario

AREA_NAMES = {a["id"]: english(msg(f"bsg.area.{a['id']}")) for a in catalog.BOARD["space_areas"]}
"""The space areas' English names, as the board labels them (and options naming one alone)."""


def _area_form(form: str) -> dict[str, str]:
    return {a["id"]: words("en").entries[f"bsg.area.{a['id']}"][form]
            for a in catalog.BOARD["space_areas"]}


AT, TO, FROM = _area_form("at"), _area_form("to"), _area_form("from")
"""The same names inside a sentence: "a raider {AT[x]}", "launch a viper {TO[x]}"."""

ADAMA, TIGH, HELO, ROSLIN, BALTAR = (
    "william_adama", "saul_tigh", "karl_agathon", "laura_roslin", "gaius_baltar")
ZAREK, APOLLO, KARA, BOOMER, TYROL = (
    "tom_zarek", "lee_adama", "kara_thrace", "sharon_valerii", "galen_tyrol")

START = {"fuel": 8, "food": 8, "morale": 10, "population": 12}  # the resources at setup
END = "End of scenario"  # the text of the sentinel prompt (see `halt`)

DECLINED_BY = {"ability": "skip", "card_window": "keep"}  # offer kind -> the declining action


class Scenario(BaseScenario):
    """The scenario helper for tests about one thing at a time. Every optional offer made on
    the way (a yes/no "ability" prompt, or a "card_window" prompt to use a skill check
    modifier such as Friends in Low Places) is declined unless a name in `wanted` is in its
    text (then the test answers it); the declined offers are kept in `declined`. Every
    reaction window (the chance to play a skill card before a die roll, around a skill
    check...) is passed unless `answer_windows`. Unless `humans=False`, nobody holds a "You
    Are a Cylon" card, so that no "Reveal" action is offered."""

    wanted: frozenset[str] = frozenset()
    answer_windows = False  # True: the test answers the reaction windows itself

    def __init__(self, characters: list[str], *args: Any, humans: bool = True,
                 **kwargs: Any) -> None:
        self.declined: list[str] = []
        # reaction windows stay on (and are passed by `settle`), so that no standing
        # "always pass" choice adds its "Stop passing" option to the action prompts
        kwargs.setdefault("windows", True)
        super().__init__(characters, *args, **kwargs)
        self.declined.clear()  # what setup declined is no test's business
        if humans:
            self.no_hidden_cylons()

    def no_hidden_cylons(self) -> None:
        """Swap every dealt "You Are a Cylon" card for a "Not a Cylon" one from the box (or
        the loyalty deck)."""
        spares = (self.state["boxed"], self.state["decks"]["loyalty"])
        for seat in self.state["seats"]:
            for i, uid in enumerate(seat["loyalty"]):
                if catalog.card(uid)["team"] != "cylon":
                    continue
                pile = next(p for p in spares
                            if any(catalog.card(u)["team"] == "human" for u in p))
                j = next(k for k, u in enumerate(pile) if catalog.card(u)["team"] == "human")
                seat["loyalty"][i], pile[j] = pile[j], uid

    def want(self, *names: str) -> None:
        """Let the test answer the optional offers naming these abilities or cards."""
        self.wanted = frozenset(names)

    def settle(self) -> None:
        """Pass and decline until the game asks something the test answers."""
        while self.state["asks"]:
            ask = RULES.prompts(self.state)[0]
            kind = ask["kind"]
            if kind == "window" and not self.answer_windows:
                declining = "pass"
            elif kind in DECLINED_BY and not any(name in ask["text"] for name in self.wanted):
                declining = DECLINED_BY[kind]
                self.declined.append(ask["text"])
            else:
                return
            action = next(o["action"] for o in ask["options"]
                          if o["action"].get("type") == declining)
            super().do_action(ask["seat"], action)

    @property
    def prompt(self) -> dict[str, Any]:
        self.settle()
        return super().prompt

    def do_action(self, seat: int, action: dict[str, Any]) -> None:
        super().do_action(seat, action)
        self.settle()

    def set_flow(self, *frames: dict[str, Any]) -> None:
        super().set_flow(*frames)
        self.settle()


def new(cast: list[str]) -> Scenario:
    """A game after setup with every hand and skill discard pile empty."""
    s = Scenario(cast)
    no_cards(s)
    return s


# ---- arranging -----------------------------------------------------------------------------


def no_cards(s: BaseScenario) -> None:
    """Empty every hand; the discarded cards go back under their decks, so that every skill
    discard pile starts empty."""
    s.empty_hands()
    for deck, pile in s.state["discards"].items():
        if deck.startswith("skill:"):
            s.state["decks"][deck][:0] = pile
            pile.clear()


def take_card(pile: list[str], card_id: str) -> str:
    """Take the first card with this definition id out of a pile."""
    uid = next(u for u in pile if catalog.card(u)["id"] == card_id)
    pile.remove(uid)
    return uid


def take_skill(s: BaseScenario, card_id: str) -> str:
    """Take a skill card with this definition id out of the skill decks, the Destiny deck or
    their discard piles."""
    for deck, pile in list(s.state["decks"].items()) + list(s.state["discards"].items()):
        if deck.startswith("skill:") or deck == "destiny":
            for uid in pile:
                if catalog.card(uid)["id"] == card_id:
                    pile.remove(uid)
                    return uid
    raise KeyError(card_id)


def set_destiny(s: BaseScenario, *card_ids: str) -> None:
    """Put these skill cards on top of the Destiny deck, the first given drawn first."""
    for card_id in reversed(card_ids):
        s.state["decks"]["destiny"].append(take_skill(s, card_id))


def give_any(s: BaseScenario, seat: int, skill: str, n: int) -> None:
    """Move the top `n` cards of a skill deck into a hand."""
    for _ in range(n):
        s.state["seats"][seat]["hand"].append(s.state["decks"][f"skill:{skill}"].pop())


def stand(s: BaseScenario, seat: int, location: str) -> None:
    """Stand a character in a location (out of any viper)."""
    leave_viper(s.edit(), seat)
    s.state["seats"][seat]["location"] = location


def pilot(s: BaseScenario, seat: int, area: str) -> None:
    """`seat` flies a viper taken from the Reserves in `area` (out of any other viper)."""
    leave_viper(s.edit(), seat)
    s.state["reserves"]["viper"] -= 1
    s.state["space"][area]["vipers"].append({"pilot": seat})
    s.state["seats"][seat].update(viper=area, location=None)


def empty_space(s: BaseScenario) -> None:
    """No ship in any space area (pilots stay in their vipers)."""
    for area in s.state["space"].values():
        s.state["decks"]["civilian_ship"].extend(area["civilians"])
        unmanned = [v for v in area["vipers"] if v["pilot"] is None]
        s.state["reserves"]["viper"] += len(unmanned)
        area.update(raider=0, heavy_raider=0, basestars=[], civilians=[],
                    vipers=[v for v in area["vipers"] if v["pilot"] is not None])


def damage_token(s: BaseScenario, location: str) -> None:
    """Damage a location by taking its token out of the damage deck."""
    deck = s.state["decks"]["galactica_damage"]
    uid = next(u for u in deck if catalog.card(u).get("location") == location)
    deck.remove(uid)
    s.state["damage"].append(uid)


# ---- running -------------------------------------------------------------------------------


def halt() -> dict[str, Any]:
    """A sentinel prompt under the frames a test runs: when it is asked, all is done. Two
    options, so that the game never takes it as a forced choice."""
    return {"step": "choose", "seat": 0, "options": [{"msg": msg("test.stop")}] * 2, "ctx": {},
            "text": END}


def finished(s: BaseScenario) -> bool:
    """Everything the test started has resolved: only the sentinel is asked."""
    return s.state["result"] is None and s.prompt["text"] == f"{END}: choose one"


def run(s: BaseScenario, *frames: dict[str, Any], current: int) -> None:
    """Run these frames now with `current` as the current player, then the sentinel."""
    s.state["current"] = current
    s.set_flow(*frames, halt())


def action(s: BaseScenario, seat: int, left: int = 1) -> None:
    """`seat`'s Action step now (they are the current player), then the sentinel."""
    run(s, {"step": "action", "seat": seat, "left": left}, current=seat)


def crisis_step(s: BaseScenario, seat: int, *card_ids: str) -> None:
    """`seat`'s Crisis step with these cards on top of the Crisis deck, then the sentinel."""
    s.stack("crisis", *card_ids)
    run(s, {"step": "crisis"}, current=seat)


def run_turn(s: Scenario, seat: int, phase: int = 0) -> None:
    """Make the flow `seat`'s turn from `phase` on (0: its start, then Receive Skills;
    2: Movement), the next turns following as usual."""
    s.state["current"] = seat
    s.state["flow"] = [{"step": "turn", "seat": seat, "phase": phase}]
    g = s.edit()
    advance(g)
    s.events.extend(g.events)
    s.settle()


def contribute(s: BaseScenario, plays: dict[int, list[str]]) -> None:
    """Answer the skill check's contribution prompts: each seat adds the cards listed (by a
    part of their label), in order, then stops."""
    while s.prompt["kind"] == "skill_check":
        seat = s.prompt["seat"]
        todo = plays.get(seat, [])
        s.do(f"Add {todo.pop(0)}" if todo else "Add no more cards", seat=seat)
    assert all(not todo for todo in plays.values()), plays


# ---- reading -------------------------------------------------------------------------------


def ids(uids: list[str]) -> list[str]:
    """The definition ids of these cards."""
    return [catalog.card(u)["id"] for u in uids]


def card_definition(deck: str, card_id: str) -> dict[str, Any]:
    """The card data of the first card with this definition id among a deck's cards
    ("skill", "loyalty"...)."""
    return next(catalog.card(u) for u in catalog.UIDS[deck] if catalog.card(u)["id"] == card_id)


def hand(s: BaseScenario, seat: int) -> list[str]:
    """The definition ids of a seat's hand, sorted."""
    return sorted(ids(s.state["seats"][seat]["hand"]))


def top(s: BaseScenario, deck: str, n: int = 1) -> list[str]:
    """The ids of the top `n` cards of a deck, the very top first."""
    return ids(list(reversed(s.state["decks"][deck]))[:n])


def name(s: BaseScenario, seat: int) -> str:
    """The name the prompts and the log give a seat."""
    return s.edit().name(seat)


def prompt_is(s: BaseScenario, seat: int, kind: str) -> dict[str, Any]:
    """The current prompt, asserted to ask `seat` a prompt of this kind."""
    prompt = s.prompt
    assert (prompt["seat"], prompt["kind"]) == (seat, kind), (prompt["seat"], prompt["kind"],
                                                              prompt["text"])
    return prompt


def offers(s: BaseScenario, label_start: str) -> bool:
    """Whether the current prompt has an option whose label starts so."""
    return any(label.startswith(label_start) for label in s.labels())


def activate_label(location: str, with_text: bool = False) -> str:
    """The label of the action that activates a location: its start ("Activate Command:"),
    or with `with_text` the whole of it."""
    label = f"Activate {catalog.LOCATIONS[location]['name']}:"
    return f"{label} {catalog.LOCATIONS[location]['text']}" if with_text else label


def check_result(s: BaseScenario) -> dict[str, Any]:
    """The data of the last skill check result logged."""
    return next(e for e in reversed(s.events) if e["kind"] == "check_result")["data"]


def said_modifiers(data: dict[str, Any]) -> list[tuple[str, int]]:
    """The modifiers of a logged check (its "check_cards" or "check_result" data) in English,
    with their values."""
    return [(english(m["msg"]), m["value"]) for m in data["modifiers"]]
