"""A small hidden-information game used to prove the whole pipeline (not shipped with the app).

Every player is dealt two secret cards and a secret colour. On your turn you either play a card
face up (scoring its value) or draw one in secret. After `rounds` rounds the highest score wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core import (
    Event,
    IllegalAction,
    IllegalOptions,
    Prompt,
    Rng,
    State,
    copy_state,
    english,
    event,
    msg,
)
from app.core.messages import read_message_files, register_catalog

register_catalog("secretcards", lambda: read_message_files(
    "secretcards", [Path(__file__).with_name("secretcards.yaml")]))


def said(m: Any, names: list[str]) -> dict[str, Any]:
    return {"text": english(m, names), "msg": m}


ALWAYS_PASS = "autopass.turn"
"""The test game's one standing choice: pass whenever it is my turn."""


class SecretCards:
    name = "secretcards"
    title = "Secret Cards (test game)"
    min_players = 2
    max_players = 6
    option_fields = [{"name": "rounds", "label": "Rounds", "type": "int", "default": 3}]

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalOptions("secretcards.players", game=msg("secretcards.title"),
                                 min=self.min_players, max=self.max_players)
        unknown = set(options) - {"rounds"}
        if unknown:
            raise IllegalOptions("secretcards.unknown_option", names=", ".join(sorted(unknown)))
        rounds = options.get("rounds", 3)
        whole = isinstance(rounds, int) and not isinstance(rounds, bool)
        if not whole or not 1 <= rounds <= 100_000:
            raise IllegalOptions("secretcards.rounds")
        return {"rounds": rounds}

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State:
        state: State = {"rng": seed, "players": list(players), "rounds": options["rounds"]}
        rng = Rng(state)
        deck = list(range(1, 10 * len(players) + 1))
        rng.shuffle(deck)
        colours = ["red", "blue"] * len(players)
        rng.shuffle(colours)
        state.update(
            deck=deck,
            hands=[[deck.pop(), deck.pop()] for _ in players],
            colours=colours[: len(players)],
            table=[[] for _ in players],
            turn=0,
            round=1,
            winner=None,
        )
        return state

    def standing_choices(self) -> list[dict[str, Any]]:
        return [{"key": ALWAYS_PASS, "msg": msg("secretcards.always_pass")}]

    def prompts(self, state: State) -> list[Prompt]:
        if state["winner"] is not None:
            return []
        seat = state["turn"]
        names = state["players"]

        def option(m: Any, action: dict[str, Any]) -> dict[str, Any]:
            return {"label": english(m, names), "msg": m, "action": action}

        options = [option(msg("secretcards.play", n=card), {"type": "play", "card": card})
                   for card in state["hands"][seat]]
        if state["deck"]:
            options.append(option(msg("secretcards.draw"), {"type": "draw"}))
        options.append({**option(msg("secretcards.pass"), {"type": "pass"}),
                        "standing": [ALWAYS_PASS]})
        asked = msg("secretcards.ask")
        return [{"seat": seat, "kind": "turn", "text": english(asked), "msg": asked,
                 "options": options}]  # type: ignore[list-item]

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        if seat != state["turn"] or state["winner"] is not None:
            raise IllegalAction("secretcards.not_your_turn")
        state = copy_state(state)
        names = state["players"]
        kind = action.get("type")
        events: list[Event] = []
        if kind == "play":
            card = action.get("card")
            if card not in state["hands"][seat]:
                raise IllegalAction("secretcards.not_held")
            state["hands"][seat].remove(card)
            state["table"][seat].append(card)
            events.append(event(msg("secretcards.played", seat=seat, n=card), "play", names=names))
        elif kind == "draw":
            if not state["deck"]:
                raise IllegalAction("secretcards.deck_empty")
            card = state["deck"].pop()
            state["hands"][seat].append(card)
            events.append(event(msg("secretcards.drew_own", n=card), "draw", to=[seat]))
            # its public shadow: for everyone but the drawer, spectators included
            events.append(event(msg("secretcards.drew", seat=seat), "draw", names=names,
                                not_to=[seat]))
        elif kind == "pass":
            events.append(event(msg("secretcards.passed", seat=seat), "pass", names=names))
        else:
            raise IllegalAction("secretcards.unknown_action")
        state["turn"] = (seat + 1) % len(state["players"])
        if state["turn"] == 0:
            state["round"] += 1
            if state["round"] > state["rounds"]:
                scores = [sum(t) for t in state["table"]]
                state["winner"] = scores.index(max(scores))
                events.append(event(msg("secretcards.wins", seat=state["winner"]), "end",
                                    names=names))
        return state, events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if state["winner"] is not None:
            return self.view_all(state)
        public = self._public(state)
        if seat is not None:
            public["you"] = {
                "seat": seat,
                "hand": list(state["hands"][seat]),
                "colour": state["colours"][seat],
            }
        return public

    def view_all(self, state: State) -> dict[str, Any]:
        everything = self._public(state)
        everything["hands"] = [list(h) for h in state["hands"]]
        everything["colours"] = list(state["colours"])
        everything["deck_order"] = list(state["deck"])
        return everything

    def _public(self, state: State) -> dict[str, Any]:
        return {
            "players": [
                {"name": n, "hand_size": len(state["hands"][i]), "table": list(state["table"][i])}
                for i, n in enumerate(state["players"])
            ],
            "deck_size": len(state["deck"]),
            "turn": state["turn"],
            "round": state["round"],
            "rounds": state["rounds"],
        }

    def result(self, state: State) -> dict[str, Any] | None:
        if state["winner"] is None:
            return None
        w = state["winner"]
        return {"winner": state["players"][w], "winners": [w],
                **said(msg("secretcards.scored_most", seat=w), state["players"])}

    def cards(self) -> list[dict[str, Any]]:
        return []


RULES = SecretCards()
