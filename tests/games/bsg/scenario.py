"""Building known BSG positions for scenario tests, and driving them by prompt labels."""

from __future__ import annotations

import random
from typing import Any

from app.core import act
from app.core.pick import first_answer, picked_action, random_answer
from app.core.standing import next_standing_answer
from app.games.bsg import catalog
from app.games.bsg.flow import advance
from app.games.bsg.game import Game
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.windows import WINDOW_NAMES, autopass_key

ALL_CHARACTERS = list(catalog.CHARACTERS)


class Scenario:
    """A game whose setup was played through prompts with chosen characters, then adjusted by
    the test. `s.state` is the live state; `s.do(...)` answers the current prompt.
    `s.standing` holds each seat's standing choices (app/core/standing.py), answered as the
    server answers them: at once, as that seat's action."""

    def __init__(self, characters: list[str], seed: int = 1, difficulty: str = "standard",
                 first: int = 0, windows: bool = False, expansion: str = "none",
                 search_for_home: bool = False) -> None:
        names = [f"P{i}" for i in range(len(characters))]
        asked = {"difficulty": difficulty, "expansion": expansion}
        if search_for_home:  # Daybreak's variant (DB-15)
            asked["search_for_home"] = True
        options = checked_options(asked, names)
        self.state = RULES.new_game(options, names, seed)
        self.events: list[dict[str, Any]] = []
        self.standing: dict[int, set[str]] = {}
        # seat the characters directly (scenarios need not follow the choosing order)
        self.state["first"] = self.state["current"] = first
        for seat, character in enumerate(characters):
            self.state["seats"][seat]["character"] = character
            if not windows:  # scenarios ask for reaction windows only when they test them
                self.always_pass(seat, *WINDOW_NAMES)
        assert self.state["flow"][-1]["step"] == "pick_character"
        self.state["flow"].pop()
        g = Game(self.state)
        advance(g)
        self.events.extend(g.events)
        picker = random.Random(seed)
        while self.state["turn"] == 0:
            prompt = self.prompt
            self.do_action(prompt["seat"], random_answer(prompt, picker))

    # ---- reading --------------------------------------------------------------------------

    def always_pass(self, seat: int, *timings: str) -> None:
        """Turn on the seat's standing "always pass" at these kinds of window (only these)."""
        self.standing[seat] = {autopass_key(t) for t in timings}

    def answer_standing(self) -> None:
        """Give every answer the seats' standing choices give, as the server does."""
        while (found := next_standing_answer(RULES, self.state, self.standing)) is not None:
            self.state, events = act(RULES, self.state, *found)
            self.events.extend(events)

    @property
    def prompt(self) -> dict[str, Any]:
        self.answer_standing()
        prompts = RULES.prompts(self.state)
        assert prompts, "the game asks nobody"
        return prompts[0]

    def labels(self) -> list[str]:
        return [o["label"] for o in self.prompt["options"]]

    def seat_of(self, character: str) -> int:
        seat = Game(self.state).seat_of_character(character)
        assert seat is not None
        return seat

    def log(self) -> list[str]:
        return [e["text"] for e in self.events]

    # ---- acting ---------------------------------------------------------------------------

    def do_action(self, seat: int, action: dict[str, Any]) -> None:
        self.state, events = act(RULES, self.state, seat, action)
        self.events.extend(events)
        self.answer_standing()

    def prompt_of(self, seat: int) -> dict[str, Any]:
        """The prompt `seat` is asked now (several seats may be asked at once)."""
        self.prompt  # noqa: B018  (settles what the test does not answer)
        mine = [p for p in RULES.prompts(self.state) if p["seat"] == seat]
        assert mine, f"seat {seat} is not asked: {[p['seat'] for p in RULES.prompts(self.state)]}"
        return mine[0]

    def do(self, label_part: str, seat: int | None = None) -> None:
        """Answer the current prompt (with `seat`: that seat's, when several seats are asked)
        with the option whose label contains `label_part`."""
        prompt = self.prompt
        if seat is not None and prompt["seat"] != seat:
            prompt = self.prompt_of(seat)
        matches = [o for o in prompt["options"] if label_part in o["label"]]
        assert matches, f"no option with {label_part!r} in {self.labels()} ({prompt['text']})"
        self.do_action(prompt["seat"], matches[0]["action"])

    def pick(self, *label_parts: str, seat: int | None = None) -> None:
        """Answer a prompt that asks to pick several options at once: one option per label part
        (each a different option, in the order given)."""
        prompt = self.prompt
        if seat is not None and prompt["seat"] != seat:
            prompt = self.prompt_of(seat)
        assert "pick" in prompt, f"not a pick prompt: {prompt['text']}"
        left = list(prompt["options"])
        picked = []
        for part in label_parts:
            found = next((o for o in left if part in o["label"]), None)
            assert found, f"no option left with {part!r} in {[o['label'] for o in left]}"
            left.remove(found)
            picked.append(found["action"])
        self.do_action(prompt["seat"], picked_action(picked))

    def skip_to(self, kind: str, limit: int = 500) -> None:
        """Answer with the first option until a prompt of `kind` comes up."""
        for _ in range(limit):
            if self.prompt["kind"] == kind:
                return
            self.do_action(self.prompt["seat"], first_answer(self.prompt))
        raise AssertionError(f"no {kind} prompt came")

    # ---- arranging ------------------------------------------------------------------------

    def edit(self) -> Game:
        """A handle for arranging the state directly; call `resume()` after."""
        return Game(self.state)

    def give_cards(self, seat: int, *card_ids: str) -> list[str]:
        """Move cards with these definition ids from the skill decks into a hand."""
        taken = []
        for card_id in card_ids:
            for name, deck in self.state["decks"].items():
                if not name.startswith("skill:"):
                    continue
                uid = next((u for u in deck if catalog.card(u)["id"] == card_id), None)
                if uid is not None:
                    deck.remove(uid)
                    self.state["seats"][seat]["hand"].append(uid)
                    taken.append(uid)
                    break
            else:
                raise KeyError(card_id)
        return taken

    def empty_hands(self) -> None:
        for data in self.state["seats"]:
            for uid in data["hand"]:
                Game(self.state).discard_card(uid)
            data["hand"] = []

    def stack(self, deck: str, *card_ids: str) -> None:
        """Put cards (by definition id) on top of a deck, the first given on the very top."""
        pile = self.state["decks"][deck]
        for card_id in reversed(card_ids):
            uid = next(u for u in self._everywhere(deck) if catalog.card(u)["id"] == card_id)
            self._take(uid)
            pile.append(uid)

    def _everywhere(self, deck: str) -> list[str]:
        found = list(self.state["decks"][deck]) + list(self.state["discards"].get(deck, []))
        return found

    def _take(self, uid: str) -> None:
        for pile in list(self.state["decks"].values()) + list(self.state["discards"].values()):
            if uid in pile:
                pile.remove(uid)
                return

    def set_flow(self, *frames: dict[str, Any]) -> None:
        """Replace what is pending with these frames (first given runs first), then run."""
        self.state["flow"] = [{"step": "turn", "seat": (self.state["current"] + 1)
                               % len(self.state["seats"]), "phase": 0}]
        g = Game(self.state)
        g.push(*frames)
        advance(g)
        self.events.extend(g.events)
        self.answer_standing()

    def action_step(self, seat: int) -> None:
        """Make it `seat`'s Action step now (then the Crisis step and the end of the turn)."""
        self.state["current"] = seat
        self.set_flow({"step": "action", "seat": seat, "left": 1}, {"step": "crisis"},
                      {"step": "end_turn", "stage": "limits"})
