"""A thin handle on a BSG state: the log being written, the RNG, and the helpers every rule
uses (who is who, moving cards between zones, resources). The state stays plain data."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from app.core import Event, Msg, Prompt, Rng, msg
from app.core.memo import forget_oldest
from app.games.bsg import catalog
from app.games.bsg.changing import Changing, copied, frame_copied
from app.games.bsg.flow import Frame
from app.games.bsg.in_words import words

RESOURCE_MAX = 15
_NOTHING_WAITING: frozenset[int] = frozenset()


class Game:
    __slots__ = ("state", "events", "_rng", "_names", "_seats", "_waiting", "_flow",
                 "_frames_waiting", "_seat_copied", "asked_before", "round_answered",
                 "deferred")

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.events: list[Event] = []
        self._rng: Rng | None = None
        self._names: list[str] | None = None
        self._seats: list[dict[str, Any]] | None = None
        """The seats' list, once reached (never replaced: the rules change the seats in it)."""
        self._waiting: set[int] = _NOTHING_WAITING  # type: ignore[assignment]
        """The seats not copied yet by this action (app/games/bsg/changing.py; until the
        seats are reached, nothing: never added to, only tested and discarded from when
        not empty)."""
        self._flow: list[Frame] | None = None
        self._frames_waiting: set[int] = _NOTHING_WAITING  # type: ignore[assignment]
        """The frames not copied yet by this action (app/games/bsg/changing.py; as above)."""
        self._seat_copied = state.seat_copied if type(state) is Changing else copied
        self.asked_before: list[Prompt] = []
        """The prompts of the state the action is applied to (read only: they are its)."""
        self.round_answered: tuple[Frame, list[Prompt]] | None = None
        """A window's round that this action answered, with the prompts it had asked
        (windows.py)."""
        self.deferred: list[Callable[[Game], None]] = []
        """What a rule sets off in the middle of a step (a sheet's moment, such as Memento's
        "right after the population goes down"): `advance` runs it once that step has
        returned, before anything else, so no step's own frames are disturbed."""

    @property
    def rng(self) -> Rng:
        """The game's random draws (made when first asked for: most actions draw nothing)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = Rng(self.state)
        return rng

    # ---- flow -----------------------------------------------------------------------------

    def push(self, *frames: Frame) -> None:
        """Push frames so that the first one given runs first."""
        flow = self._flow  # (`flow` written out: pushes and pops run several times an action)
        if flow is None:
            flow = self.flow()
        flow.extend(reversed(frames))

    def pop(self, frame: Frame) -> None:
        flow = self._flow
        if flow is None:
            flow = self.flow()
        top = flow.pop()
        if self._frames_waiting:
            self._frames_waiting.discard(len(flow))
        if top is not frame:
            raise RuntimeError(f"popped {top['step']} while finishing {frame['step']}")

    def flow(self) -> list[Frame]:
        """The stack of frames (the same list all along: the rules change it in place), to
        push on, pop from, or count. Its frames are reached through `top` and `frames_down`:
        under an action, each frame is copied as first reached there (an action mostly
        changes the top two of about five frames); reached through the state, the flow has
        its other frames copied then."""
        flow = self._flow
        if flow is None:
            flow, self._frames_waiting = self._by_one("flow", self._frames_waiting)
            self._flow = flow
        return flow

    def _by_one(self, key: str, waiting: set[int]) -> tuple[list[Any], set[int]]:
        """The state's list under `key`, and which of its items are still to be copied when
        first reached (under an action: all of them; otherwise none and `waiting` as it was)."""
        state = self.state
        if type(state) is Changing:
            return state.items_by_one(key)
        return state[key], waiting

    def top(self) -> Frame:
        """The frame on top of the flow, to read or change. (`flow` and `_reached` written
        out: asked about five times an action.)"""
        flow = self._flow
        if flow is None:
            flow = self.flow()
        i = len(flow) - 1
        waiting = self._frames_waiting
        if waiting and i in waiting:
            waiting.discard(i)
            flow[i] = frame_copied(flow[i])
        return flow[i]

    def frames_down(self) -> Iterator[Frame]:
        """The frames from the top down, each to read or change (copied as reached)."""
        flow = self.flow()
        for i in range(len(flow) - 1, -1, -1):
            yield _reached(flow, self._frames_waiting, i, frame_copied)

    def frames_as_is(self) -> Iterator[Frame]:
        """The frames from the top down, to read only (none is copied for it)."""
        flow = self._flow
        if flow is None:
            flow = dict.__getitem__(self.state, "flow")
        return reversed(flow)

    # ---- log ------------------------------------------------------------------------------

    def log(self, said: Msg, kind: str = "info", to: list[int] | None = None,
            not_to: list[int] | None = None, **data: Any) -> None:
        """`app.core.event` written out (a few calls an action): the same checks, the same
        event, with the words said once for every game (in_words), not per set of names."""
        if not (isinstance(said, dict) and "key" in said and "params" in said):  # `is_msg`
            raise TypeError(f"an event says a message, not {said!r}")
        if to is not None and not_to is not None:
            raise ValueError("an event is for some seats or for all but some, not both")
        names = self._names
        ev: Event = {"kind": kind, "text": words(said, self.names() if names is None else names),
                     "msg": said, "to": to}
        if not_to is not None:
            ev["not_to"] = list(not_to)
        if data:
            ev["data"] = data
        self.events.append(ev)

    def log_private(self, seat: int, mine: Msg, others: Msg | None, kind: str = "info") -> None:
        """One event for `seat`, and its public shadow for everyone else, spectators included."""
        self.log(mine, kind, to=[seat])
        if others is not None:
            self.log(others, kind, not_to=[seat])

    @property
    def sets(self) -> tuple[str, ...]:
        """The card sets in this game: ("base",) or ("base", "daybreak")."""
        return catalog.sets_of(dict.__getitem__(self.state, "options"))

    def has(self, card_set: str) -> bool:
        # the options never change in a game: read as they stand, never copied
        return card_set in catalog.sets_of(dict.__getitem__(self.state, "options"))

    # ---- players --------------------------------------------------------------------------

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.state["seats"]

    def seats_range(self) -> range:
        return range(len(dict.__getitem__(self.state, "seats")))

    def seat(self, i: int) -> dict[str, Any]:
        """The seat, to read or change. Under an action, each seat is copied when first
        reached here (an action mostly changes one seat), not all of them at once."""
        seats = self._seats
        if seats is None:
            seats, self._waiting = self._by_one("seats", self._waiting)
            self._seats = seats
        waiting = self._waiting
        if not waiting:  # the common case, kept free of a call
            return seats[i]
        return _reached(seats, waiting, i + len(seats) if i < 0 else i, self._seat_copied)

    def hand(self, i: int) -> list[str]:
        """The seat's hand, to change (a card drawn, added to a check, discarded). Under an
        action, a seat not reached yet gets a hand of its own and is not copied whole for it
        (`Changing.hand_of`): a third of the seats an action copied were copied for their hand
        alone."""
        seats = self._seats
        if seats is None:
            seats, self._waiting = self._by_one("seats", self._waiting)
            self._seats = seats
        waiting = self._waiting
        if waiting and (i + len(seats) if i < 0 else i) in waiting:
            return self.state.hand_of(seats, i + len(seats) if i < 0 else i)  # type: ignore[no-any-return]
        return seats[i]["hand"]  # type: ignore[no-any-return]

    def seat_as_is(self, i: int) -> dict[str, Any]:
        """The seat, to read only: an action that only reads the seats (half of them) then
        does not copy them (app/games/bsg/changing.py). Never to be changed, nor kept past a
        change of the seats."""
        seats = self._seats
        if seats is None:
            seats = dict.__getitem__(self.state, "seats")
        return seats[i]

    def seats_as_are(self) -> list[dict[str, Any]]:
        """Every seat, to read only (as `seat_as_is`, for a look at them all)."""
        seats = self._seats
        return dict.__getitem__(self.state, "seats") if seats is None else seats

    def names(self) -> list[str]:
        """Every seat's name in English words, for the English text beside each message
        (kept once every seat has its character: a character, once chosen, stays)."""
        names = self._names
        if names is None:
            names, final = _seat_names(self.state)
            if final:
                self._names = names
        return names

    def name(self, i: int) -> str:
        return self.names()[i]

    def character(self, i: int) -> dict[str, Any]:
        return catalog.CHARACTERS[self.seat_as_is(i)["character"]]

    def seat_of_character(self, character_id: str) -> int | None:
        for i, seat in enumerate(dict.__getitem__(self.state, "seats")):
            if seat.get("character") == character_id:
                return i
        return None

    @property
    def current(self) -> int:
        return dict.__getitem__(self.state, "current")  # a number: nothing to copy

    def clockwise_from(self, start: int) -> list[int]:
        n = len(dict.__getitem__(self.state, "seats"))
        orders = _CLOCKWISE.get(n)
        if orders is None:
            orders = _CLOCKWISE[n] = [tuple((s + k) % n for k in range(n)) for s in range(n)]
        return list(orders[start % n])

    def is_revealed(self, i: int) -> bool:
        return bool(self.seat_as_is(i)["revealed"])

    def humans(self) -> list[int]:
        """Players who have not revealed as Cylons (hidden Cylons included)."""
        return [i for i in self.seats_range() if not self.is_revealed(i)]

    # ---- resources ------------------------------------------------------------------------

    def gain(self, resource: str, amount: int) -> None:
        before = self.state["resources"][resource]
        after = max(0, min(RESOURCE_MAX, before + amount))
        self.state["resources"][resource] = after
        if after != before:
            self.log(msg("bsg.game.resource", resource=resource, delta=after - before,
                         value=after), "resource", resource=resource, value=after)
        if resource == "population" and after < before and self.has("daybreak"):
            self.deferred.append(_population_lost)  # Memento

    def in_red(self, resource: str) -> bool:
        return self.state["resources"][resource] <= catalog.RED_AT[resource]

    # ---- zones ----------------------------------------------------------------------------

    def deck(self, name: str) -> list[str]:
        return self._pile("decks", name)  # type: ignore[return-value]

    def discard_pile(self, name: str) -> list[str]:
        return self._pile("discards", name)  # type: ignore[return-value]

    def _pile(self, part: str, name: str, missing: bool = False) -> list[str] | None:
        """A deck or discard pile, to change (`missing`: None if there is no such pile, else
        KeyError). Under an action, the pile alone is copied when first reached here: an
        action that draws or discards reaches one or two of ~20 piles, and copying them all
        was a third of what the action copied (app/games/bsg/changing.py)."""
        state = self.state
        pile = state.pile(part, name) if type(state) is Changing else state[part].get(name)
        if pile is None and not missing:
            raise KeyError(name)
        return pile  # type: ignore[no-any-return]

    def draw_from(self, deck_name: str) -> str | None:
        """Top card of a deck; an empty deck is rebuilt from its discard pile first."""
        deck: list[str] = self._pile("decks", deck_name)  # type: ignore[assignment]
        if not deck:
            pile = self._pile("discards", deck_name, missing=True)
            if not pile:
                return None
            deck.extend(pile)
            pile.clear()
            self.rng.shuffle(deck)
            self.log(reshuffled(deck_name), "reshuffle")
        return deck.pop()

    def take_aside(self, name: str, uid: str) -> bool:
        """Take a card out of a set laid aside (False if it is not there any more)."""
        cards = self.state["aside"].get(name)
        if not cards or uid not in cards:
            return False
        cards.remove(uid)
        if not cards:
            del self.state["aside"][name]
        return True

    def discard_card(self, uid: str) -> None:
        deck = catalog.deck_of(uid)
        pile = f"skill:{catalog.skill_type(uid)}" if deck == "skill" else deck
        self._pile("discards", pile).append(uid)  # type: ignore[union-attr]


_CLOCKWISE: dict[int, list[tuple[int, ...]]] = {}
"""Every seat from each seat clockwise, by the number of seats (made once: asked at every
window, check and turn's end)."""


def _population_lost(g: Game) -> None:
    from app.games.bsg.abilities import offer

    offer(g, "after_population_loss", g.clockwise_from(g.current))


def seat_names(state: dict[str, Any]) -> list[str]:
    """"Ann (Kara Thrace)": each player's name with their character's, once chosen."""
    return _seat_names(state)[0]


def _seat_names(state: dict[str, Any]) -> tuple[list[str], bool]:
    """`seat_names`, and whether every seat has chosen its character (then they never
    change)."""
    # read as they stand: nothing here changes them, and an action need not copy the players
    seats, players = dict.__getitem__(state, "seats"), dict.__getitem__(state, "players")
    last = _LAST_NAMES.get(id(players))  # one read: threads may replace it
    if last is not None and last[1] is players:
        if last[0] is seats:
            return list(last[2]), True
        chosen = tuple([seat.get("character") for seat in seats])
        if last[3] == chosen:  # the game's next seats (most actions)
            _LAST_NAMES[id(players)] = (seats, players, last[2], chosen)
            return list(last[2]), True
    else:
        chosen = tuple([seat.get("character") for seat in seats])
    names = _names(tuple(players), chosen)
    final = None not in chosen
    if final:
        if last is None and len(_LAST_NAMES) >= _GAMES_KEPT:
            forget_oldest(_LAST_NAMES, _GAMES_KEPT)
        _LAST_NAMES[id(players)] = (seats, players, names, chosen)
    return list(names), final


_LAST_NAMES: dict[int, tuple[Any, Any, tuple[str, ...], tuple[str | None, ...]]] = {}
"""Each game's seats' and players' lists the names were last made from, once every character
was chosen (a chosen character never changes), and the characters, by the identity of the
players' list (the same list all game long; held here, the lists cannot be another's): the
prompts of a state ask for the names its action's log lines had, from the same lists, and an
action that reached the seats has the same players and characters in a new list. Kept by game,
as a server acts in many games in turn; only so many games'."""
_GAMES_KEPT = 256


@lru_cache(maxsize=4096)
def _names(players: tuple[str, ...], characters: tuple[str | None, ...]) -> tuple[str, ...]:
    return tuple(f"{p} ({catalog.CHARACTERS[c]['name']})" if c else p
                 for p, c in zip(players, characters, strict=True))


def reshuffled(deck_name: str) -> Msg:
    if deck_name.startswith("skill:"):
        return msg("bsg.game.skill_reshuffled", skill=deck_name.split(":", 1)[1])
    return msg("bsg.game.reshuffled", deck=deck_name)


def _reached(items: list[Any], waiting: set[int], i: int, copy: Any = copied) -> Any:
    """Item `i`, copied first if it is still waiting to be (an action changes what it reaches)."""
    if waiting and i in waiting:
        waiting.discard(i)
        items[i] = copy(items[i])
    return items[i]
