"""Roll for the Galaxy on the Rules protocol (issue 16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from app.bots.bot import Bot
from app.core import Event, IllegalAction, IllegalOptions, Prompt, State, english, msg
from app.core.pick import check_pick, is_pick
from app.games.roll_for_the_galaxy import assign, explore, flow, manage, model
from app.games.roll_for_the_galaxy.components import SETUP, SIDES, TILE_OF_SIDE, TILES
from app.games.roll_for_the_galaxy.model import seats
from app.games.roll_for_the_galaxy.options import asked, option, prompt, say
from app.games.roll_for_the_galaxy.setup import new_state, place_start_tiles
from app.games.roll_for_the_galaxy.view import view


class RollForTheGalaxy:
    name = "roll_for_the_galaxy"
    title = "Roll for the Galaxy"
    min_players = SETUP.players_min
    max_players = SETUP.players_max
    option_fields = [
        {"name": "first_game", "label": "First game: the cheaper tiles face up", "type": "bool",
         "default": False},
    ]

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        unknown = set(options) - {"first_game"}
        if unknown:
            raise IllegalOptions("roll_for_the_galaxy.rules.unknown_option",
                                 option=", ".join(sorted(unknown)))
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalOptions("roll_for_the_galaxy.rules.players", min=self.min_players,
                                 max=self.max_players, n=len(players))
        first = options.get("first_game", False)
        if not isinstance(first, bool):
            raise IllegalOptions("roll_for_the_galaxy.rules.first_game")
        return {"first_game": first}

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State:
        state = new_state(options, players, seed)
        flow.advance(state)
        return state

    # ---- prompts -------------------------------------------------------------------------

    def prompts(self, state: State) -> list[Prompt]:
        return self._prompts(state, None)

    def seat_prompts(self, state: State, seat: int) -> list[Prompt]:
        """One seat's share of `prompts`, building no other seat's (drafts ask it after every
        step behind the screen)."""
        return self._prompts(state, seat)

    def _prompts(self, state: State, only: int | None) -> list[Prompt]:
        """Every seat's prompts, or only one seat's (`only`)."""
        step = state["step"]
        if step == "over":
            return []
        if step == "setup":
            return [self._setup_prompt(state, i) for i, s in enumerate(seats(state))
                    if s["pend"] and (only is None or i == only)]
        if step == "assign":
            return [assign.draft_prompt(state, i) for i in range(len(seats(state)))
                    if only is None or i == only]
        if step == "manage":
            return kept_prompts(state, manage.waiting(state), only, "manage", _manage_prompt)
        if state["phase"] == "explore":
            return kept_prompts(state, flow.acting_seats(state), only, "explore",
                                _explore_prompt)
        return kept_prompts(state, flow.acting_seats(state), only, state["phase"], _phase_prompt)

    def _setup_prompt(self, state: State, index: int) -> Prompt:
        a, b = seats(state)[index]["pend"]["tiles"]
        opts = [option(state, say("roll_for_the_galaxy.opt.start_tiles",
                                  rfside_dev=TILES[d].development.id,
                                  rfside_world=TILES[w].world.id),
                       {"type": "start_tiles", "development": d, "world": w})
                for d, w in ((a, b), (b, a))]
        return prompt(state, index, "setup", say("roll_for_the_galaxy.ask.start_tiles"), opts)

    # ---- actions ---------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        self._check(state, seat, action)
        return self.apply_checked(state, seat, action)

    def apply_checked(self, state: State, seat: int, action: dict[str, Any]
                      ) -> tuple[State, list[Event]]:
        """`apply` for an action the core has checked against the seat's prompts (`act`, and
        every step of a decision behind the screen): its check would build them again."""
        if state["phase"] == "explore" and explore.own_seat_only(state, seat, action):
            new = with_seat_copied(state, seat, explore.copied_seat(state["seats"][seat],
                                                                       action))
            events = self._dispatch(new, seat, action)
            if flow.settled(new, flow.acting_after_own_move(state, new, seat)):
                # Explore goes on: only the seat moved
                return new, events  # (`flow.advance` would settle no one and stop here)
            # Explore ends: the rest is copied now for `flow.advance`, which moves everyone
            # (the seat too: only what its action changes was copied)
            _copy_the_rest(new, None, public=True)
            return new, events + flow.advance(new)
        if state["step"] == "manage" or (state["step"] == "phases" and (
                state["phase"] != "explore" or explore.seat_and_bag_only(state, seat, action))):
            new = with_public_copied(state, seat, manage.copied_seat
                                     if state["step"] == "manage" else None)
            events = self._dispatch(new, seat, action)
            if _only_seat_moved(state, new, seat):
                return new, events  # (the seats are settled: `flow.advance` would stop here)
            _copy_the_rest(new, seat, public=False)  # the phase, Explore or the round ends
            return new, events + flow.advance(new)
        if state["step"] == "assign" and action["type"] != "ready":
            # a step behind the screen: nobody's "ready" changes, so `flow.advance` (which
            # waits for everyone's) would stop at once
            new = with_seat_copied(state, seat, assign.copied_seat(state["seats"][seat]))
            return new, self._dispatch(new, seat, action)
        state = copied(state, seat, action)
        events = self._dispatch(state, seat, action)
        return state, events + flow.advance(state)

    def _check(self, state: State, seat: int, action: dict[str, Any]) -> None:
        asked = self._prompts(state, seat)
        if not asked:
            raise IllegalAction("core.error.not_asked")
        for p in asked:
            if is_pick(p):
                check_pick(p, action)
                return
            if any(o["action"] == action for o in p["options"]):
                return
        raise IllegalAction("roll_for_the_galaxy.error.not_offered")

    def _dispatch(self, state: State, seat: int, action: dict[str, Any]) -> list[Event]:
        step = state["step"]
        if step == "setup":
            place_start_tiles(seats(state)[seat], action["development"], action["world"])
            return []
        if step == "assign":
            return assign.apply_step(state, seat, action)
        if step == "manage":
            return manage.apply(state, seat, action)
        events = flow.phase_rules(state).apply(state, seat, action)
        return events

    # ---- views -----------------------------------------------------------------------------

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
        """Every tile side (game tiles, faction halves, home worlds) for the card reference:
        facts, English words and the catalog key of each (`said`)."""
        out = []
        for sid, s in SIDES.items():
            keys = {"name": f"roll_for_the_galaxy.side.{sid}.name",
                    "text": f"roll_for_the_galaxy.side.{sid}.text"}
            facts = f"roll_for_the_galaxy.side.{sid}.facts"
            deck = s.kind if s.origin == "game_tile" else s.origin
            out.append({"id": sid, "deck": deck, "count": 1, "kind": s.kind, "cost": s.cost,
                        "colour": s.colour, "origin": s.origin, "tile": TILE_OF_SIDE.get(sid),
                        "name": english(msg(keys["name"])), "text": english(msg(keys["text"])),
                        "said": keys,
                        "tags": [{"text": english(msg(facts)), "said": {"text": facts}}]})
        return out

    def bots(self) -> list[Bot]:
        from app.games.roll_for_the_galaxy.bots import BOTS
        return list(BOTS)


_KEPT: dict[str, list[tuple[dict[str, Any], list[str], Prompt] | None]] = {}
"""The last prompt of each kind (a phase, Manage), by seat number."""


def kept_prompts(state: State, acting: list[int], only: int | None, kind: str,
                 build: Callable[[State, int], Prompt]) -> list[Prompt]:
    """The prompts of the seats `acting` (or of `only` among them) in a phase (`kind`) or in
    Manage. Each depends on nothing but the seat's own data, the phase and the names
    (`explore.options`, `build.options`, `goods`' options, `manage.manage_prompt`), and an
    action of one seat in those leaves the other seats' data shared with the state before
    (`apply_checked`), so the last prompt of each seat number is kept with the seat dict it
    was built from (held, so compared by identity; states are never changed once made): the
    seats that did not move are not asked anew after every posted action. One entry per seat
    number only: a larger cache of prompts, freed in bulk, made the garbage collector run
    twice as often and cost more than it saved. The prompt is given as it is kept, not copied:
    nothing changes a prompt once made (the core, the server and the bots only read them).
    One loop for all the seats: every posted action asks for them, and a call per seat cost
    about as much as its lookup."""
    every, players = state["seats"], state["players"]
    kept = _KEPT.get(kind)
    if kept is None or len(kept) < len(every):
        kept = _KEPT[kind] = [None] * len(every)
    out = []
    for i in acting:
        if only is not None and i != only:
            continue
        seat = every[i]
        found = kept[i]
        if found is None or found[0] is not seat or (found[1] is not players
                                                     and found[1] != players):
            found = kept[i] = (seat, players, build(state, i))
        out.append(found[2])  # shared, like the options in it: prompts are read-only once made
    return out


def _explore_prompt(state: State, index: int) -> Prompt:
    asked_now, options = explore.options(state, index)  # (a kept question: `options.question`)
    return asked(index, "explore", asked_now, options)


def _phase_prompt(state: State, index: int) -> Prompt:
    asked_now, options = flow.phase_rules(state).options(state, index)
    return asked(index, state["phase"], asked_now, options)


def _manage_prompt(state: State, index: int) -> Prompt:
    return manage.manage_prompt(state, index)  # type: ignore[no-any-return]


def copied(state: State, seat: int, action: dict[str, Any]) -> State:
    """A copy of the state for `action` to change. A step behind the screen other than "ready"
    changes only the seat's own assignment (`assign.apply_step`) and moves the game no further
    (nor does "ready" while another seat is not ready: the last one reveals), so only that seat
    is copied and the new state shares the rest with the state before (states are read-only
    once made); any other action may change anything and gets a whole copy."""
    if state["step"] != "assign" or (action.get("type") == "ready" and all(
            s["ready"] for i, s in enumerate(state["seats"]) if i != seat)):
        return whole_copied(state)
    return with_seat_copied(state, seat, assign.copied_seat(state["seats"][seat]))


def whole_copied(state: State) -> State:
    """A whole copy of the state by its shape: every seat by `model.copied_seat`, the flat
    public parts by a slice, anything else (the result) through orjson. Keys keep their
    order (a state is hashed as it is)."""
    return _copied(state, lambda every: [model.copied_seat(s) for s in every])


def _copied(state: State, copy_seats: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
            ) -> State:
    """A copy of the state with its seats copied by `copy_seats`, the flat public parts by a
    slice, anything else (the result) through orjson."""
    out = {}
    for key, value in state.items():
        kind = type(value)
        if (kind is list or kind is dict) and key not in _NEVER_CHANGED:
            if key == "seats":
                value = copy_seats(value)
            elif key in _FLAT:
                value = value[:] if kind is list else dict(value)
            else:
                value = orjson.loads(orjson.dumps(value))
        out[key] = value
    return out


_FLAT = frozenset({"bag", "supply", "short"})
"""The public parts of a state that are flat lists or dicts of plain values (model.py, setup.py)
and may change in place, copied by a slice; any other list or dict (the result) through orjson,
but for those never changed (below)."""

_NEVER_CHANGED = frozenset({"players", "options", "phases", "order"})
"""The public parts nothing changes in place once a state is made (the names, the options, the
order of the seats; Reveal and the round's end give `phases` a new list): shared by every copy,
not copied. The names list shared is also what lets the kept words and prompts find it by
identity."""


def with_public_copied(state: State, seat: int,
                       copy_seat: Callable[[dict[str, Any]], dict[str, Any]] | None = None
                       ) -> State:
    """A copy of the state for an action of Develop, Settle, Produce, Ship or Manage, or a
    scout's draw from a bag that holds enough, which changes the acting seat and the public
    parts (supply, VP pool, bag), never another seat: those are shared with the state before.
    The seat is copied whole, or by `copy_seat` (what the action may change). Keys keep their
    order (a state is hashed as it is)."""
    def copied_seats(before: list[dict[str, Any]]) -> list[dict[str, Any]]:
        every = list(before)
        every[seat] = (copy_seat or model.copied_seat)(every[seat])
        return every

    return _copied(state, copied_seats)


def _copy_the_rest(state: State, copied: int | None, public: bool) -> None:
    """Make a new state a whole copy, in place: every seat but the one `copied` whole already,
    and with `public` its public parts too, replaced by copies."""
    seats_ = state["seats"]
    for i, other in enumerate(seats_):
        if i != copied:
            seats_[i] = model.copied_seat(other)
    if public:
        for key, value in state.items():
            kind = type(value)
            if key != "seats" and (kind is list or kind is dict) and key not in _NEVER_CHANGED:
                state[key] = (value[:] if kind is list else dict(value)) if key in _FLAT else \
                    orjson.loads(orjson.dumps(value))


def _only_seat_moved(before: State, after: State, seat: int) -> bool:
    """Whether `flow.advance` would do nothing more after the seat's action: the
    phase (or Manage) goes on, so it only settles the seats (a no-op for a seat settled
    before); ending a phase or a round moves everyone, and is done again on a whole copy."""
    if after["step"] != before["step"] or after["phase"] != before["phase"]:
        return False
    if after["step"] == "manage":
        return bool(manage.waiting(after))
    flow.phase_rules(after).settle(after, seat)
    return bool(flow.settled(after, flow.acting_after_own_move(before, after, seat)))


def with_seat_copied(state: State, seat: int, copy: dict[str, Any]) -> State:
    """A new state sharing everything with `state` but the seat, which is `copy`."""
    out = dict(state)
    out["seats"] = list(state["seats"])
    out["seats"][seat] = copy
    return out


RULES = RollForTheGalaxy()
