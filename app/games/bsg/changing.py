"""The state an action is applied to, copied part by part as the action first reaches each part.

`apply` must leave the state it was given untouched. Copying it whole (a JSON round trip) was
the largest single cost of an action, while an action reaches only a few of the state's
top-level parts (the flow, the seats and the prompts always; the decks in a third of actions,
space in a sixth). So the new state starts as a shallow copy, and a top-level list or dict is
copied (the same JSON round trip) when the action first reads or writes it; the parts it never
reached stay shared with the state before, which nobody changes (states are read-only once
made).

A part is copied whole, so containers shared inside one part (a crisis's `count_positive`
between two frames of the flow) or between two parts come apart as they did when the whole state
was copied: the rules see the same thing either way. Every way to a part's value goes through
the methods below (not overriding `__iter__` keeps `dict(...)` and `{**...}` reading the values
as they are); the finished state is handed back as a plain dict (`settled`).

The seats and the frames of the flow go one step further (`items_by_one`, used by `Game.seat`,
`Game.top` and `Game.frames_down`): each item is copied, whole, when first reached there. Copying
items one by one separates shared containers exactly as copying their list whole did, so this
holds as long as nothing changes an item reached otherwise: what reads without copying
(`Game.seat_as_is`, `Game.frames_as_is`, `dict.__getitem__` on the state) only reads."""

from __future__ import annotations

from typing import Any

import orjson

_MISSING: Any = object()


def _copied(value: Any) -> Any:
    return orjson.loads(orjson.dumps(value))


copied = _copied


def _lists_copied(piles: dict[str, list[str]]) -> dict[str, list[str]]:
    return {name: pile[:] for name, pile in piles.items()}


_COPY: dict[str, Any] = {"decks": _lists_copied, "discards": _lists_copied,
                         "resources_by_turn": list.copy}
"""Parts whose shape is known (a pile's name -> its card ids: copied list by list, five times
faster than the round trip for the decks, with the same result; the resources after each
turn, rows of numbers that are only appended or replaced whole, never changed in place
(course.note_resources): the list alone is copied, its rows shared with the state before,
a row per turn of the game so far)."""

_SCALARS = frozenset((str, int, bool, float, type(None)))


def _part_copied(value: Any) -> Any:
    """A top-level part: a list or dict of plain values only (the check pool, the damage
    tokens, the resources: most of the small parts an action reaches) is copied one level,
    which gives what the round trip gives, several times faster; anything deeper goes round."""
    cls = value.__class__
    if cls is list:
        for item in value:
            if item.__class__ not in _SCALARS:
                return _copied(value)
        return value[:]
    for item in value.values():
        if item.__class__ not in _SCALARS:
            return _copied(value)
    return value.copy()


_WINDOW_OR_EFFECTS = frozenset(("text", "facts", "cards", "ops", "ctx"))

FIXED_IN_FRAMES = {"window": _WINDOW_OR_EFFECTS, "effects": _WINDOW_OR_EFFECTS,
                   "skill_check": frozenset(("title", "skills", "pass", "partial", "fail",
                                             "ctx", "order")),
                   "roll": frozenset(("why", "then")), "turn": frozenset(("phases",)),
                   "choose": frozenset(("options", "ctx", "text")),
                   "discard": frozenset(("why",)), "draw_mix": frozenset(("types", "why"))}
"""The steps whose frames are copied sharing their fixed parts with the state before, and those
parts: what no rule changes in place, set when the frame is pushed (or replaced whole). A
window's text, facts and cards, 480 of its 690 bytes; a card's effects and the context they run
in; a skill check's title, skills, outcomes, context and order of play, two thirds of its bytes
(its played cards, modifiers and difficulty changes do change); a roll's reason and what uses
its result, nearly all of its bytes; a turn's phases; a choice's options, context and title;
why a seat discards or draws a mix of types, and the types.
The other frames go round whole:
walking a frame of small parts key by key costs what the round trip costs (counted with
callgrind, per copy: a window 39k instructions round trip, 19k shared; effects 32k and 5k)."""


_WINDOW_KEYS = frozenset(("step", "timing", "text", "played", "round", "rounds", "queue", "again",
                          "ctx", "facts", "cards"))
"""A window frame's keys (windows.push_window; facts and cards when it asks with them)."""


def _window_copied(frame: dict[str, Any]) -> dict[str, Any]:
    """A window's frame (a third of the frames copied) for an action to change: its changing
    parts copied by their known shapes, which gives what the round trip gives in a fraction of
    its time: the cards played (ids), the queue ([seat, card] pairs) and the round (the seats
    asked, and the answers given: each a flat dict, `windows._window_answer`); the fixed parts
    shared (`FIXED_IN_FRAMES`). A frame of another shape (an older engine's) goes the usual
    way."""
    if not frame.keys() <= _WINDOW_KEYS:
        return _fixed_shared(frame, FIXED_IN_FRAMES["window"])
    out = dict(frame)
    out["played"] = frame["played"][:]
    out["queue"] = [pair[:] for pair in frame["queue"]]
    rnd = frame["round"]
    if rnd is not None:
        out["round"] = {"asked": rnd["asked"][:],
                        "answers": {seat: dict(said) for seat, said in rnd["answers"].items()}}
    return out


def frame_copied(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame of the flow for an action to change: what the round trip gives, its fixed parts
    (`FIXED_IN_FRAMES`) shared; a frame of plain values only (an Action step, a crisis being
    resolved, a movement) copied one level."""
    step = frame["step"]
    if step == "window":
        return _window_copied(frame)
    if step == "skill_check":
        return _check_copied(frame)
    fixed = FIXED_IN_FRAMES.get(step)
    if fixed is None:
        return _part_copied(frame)
    return _fixed_shared(frame, fixed)


_CHECK_LISTS = frozenset(("window", "played", "modifiers", "difficulty_changes", "shown",
                          "on_margin", "on_result"))
"""A skill check's changing lists (the kept cards and abilities that may change a location's
check, the cards added by seat, the modifiers, the difficulty's changes, the cards shown, the
abilities waiting on the result): items are only added, popped or read, never changed in
place, so a copy of the list alone gives what the round trip gives (skillcheck.py,
check_abilities.py)."""


_CHECK_KEYS = frozenset((
    "step", "title", "difficulty", "skills", "partial_at", "pass", "partial", "fail", "ctx",
    "stage", "window", "order", "i", "played", "modifiers", "difficulty_changes", "face_up",
    "forced", "total", "immune", "crisis", "shown", "on_margin", "on_result", "shuffled",
    "no_abilities"))
"""A skill check frame's keys (skillcheck.push_check; the cards shown, the abilities waiting on
its margin or result, whether it was shuffled or its abilities cancelled, as they come): beside
its fixed parts and its lists (`_CHECK_LISTS`), plain values only (numbers, words, flags)."""


def _check_copied(frame: dict[str, Any]) -> dict[str, Any]:
    """A skill check's frame (a sixth of the frames copied): its fixed parts shared, its lists
    (`_CHECK_LISTS`) copied one level, anything else the usual way. A frame of the known keys
    (`_CHECK_KEYS`) is copied whole at C speed, its lists then one by one: a fifth of the time
    of a walk over its ~20 keys."""
    if frame.keys() <= _CHECK_KEYS:
        out = dict(frame)
        for key in _CHECK_LISTS:
            value = out.get(key)
            if value.__class__ is list:
                out[key] = value[:]
        return out
    fixed, lists = FIXED_IN_FRAMES["skill_check"], _CHECK_LISTS
    out = {}
    for key, value in frame.items():
        if key in fixed or value.__class__ in _SCALARS:
            out[key] = value
        elif key in lists and value.__class__ is list:
            out[key] = value[:]
        else:
            out[key] = _copied(value)
    return out


def _fixed_shared(frame: dict[str, Any], fixed: frozenset[str]) -> dict[str, Any]:
    out = {}
    for key, value in frame.items():
        if key in fixed or value.__class__ in _SCALARS:
            out[key] = value
        else:
            out[key] = _copied(value)
    return out


_SEAT_CARDS = frozenset(("hand", "loyalty", "shown_loyalty", "super_crises", "mutiny", "motives",
                         "motives_revealed", "used_this_turn", "crisis_discount_used"))
"""A seat's lists of plain values (card ids, ability keys; a turn and a card): copied one
level, which gives what the round trip gives. Anything else not plain (the knowledge notes)
goes the usual way."""


def seat_copied(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat for an action to change: what the round trip gives, made from its known parts
    (plain values, lists of card ids: `_SEAT_CARDS`)."""
    out = {}
    for key, value in seat.items():
        cls = value.__class__
        if cls in _SCALARS:
            out[key] = value
        elif cls is list and key in _SEAT_CARDS:
            out[key] = value[:]
        else:
            out[key] = _copied(value)
    return out


_ITEM_COPY: dict[str, Any] = {"flow": frame_copied}
"""How an item of a list taken item by item is copied (anything else: the round trip)."""


class Changing(dict):  # type: ignore[type-arg]
    """A state under an action: each top-level container is copied when first reached."""

    __slots__ = ("_owned", "_unshared", "_own_hands")

    def __init__(self, state: dict[str, Any], keep: str) -> None:
        """`keep`: a part taken as it is (never changed in place, only replaced)."""
        super().__init__(state)
        self._owned = {keep}
        """The keys already looked at: copied if a container, or set by the action. Filled as
        keys are reached (listing the containers up front cost more than it saved)."""
        self._unshared: dict[str, Any] | None = None
        """Lists taken item by item (`items_by_one`): the indices of the items not copied yet;
        piles taken one by one (`pile`): the state before's piles."""
        self._own_hands: dict[int, list[str]] | None = None
        """The hands made the action's own by `hand_of`, by identity (held, so that no other
        list can take an identity while it is looked up)."""

    def hand_of(self, seats: list[dict[str, Any]], i: int) -> list[str]:
        """Seat `i`'s hand, for the action to change, while the seat itself is still the state
        before's (waiting in `seats`, the list `items_by_one` gave): the seat is replaced by a
        dict sharing its other parts, with a copy of its hand (a flat list of card ids), and
        stays waiting. Reached later to be changed, it is copied whole then, keeping this hand
        (`seat_copied`). A card drawn, added to a check or discarded changes only the hand."""
        seat = seats[i]
        hand = seat["hand"]
        own = self._own_hands
        if own is None:
            own = self._own_hands = {}  # (made when first needed: most actions need none)
        elif id(hand) in own:
            return hand  # type: ignore[no-any-return]
        mine = dict(seat)
        hand = mine["hand"] = hand[:]  # the same key, so the same order
        seats[i] = mine
        own[id(hand)] = hand
        return hand  # type: ignore[no-any-return]

    def seat_copied(self, seat: dict[str, Any]) -> dict[str, Any]:
        """A seat copied for the action to change (`seat_copied`), keeping a hand already the
        action's own (`hand_of`): whoever took that hand still holds the seat's."""
        copy = seat_copied(seat)
        hand = seat.get("hand")
        own = self._own_hands
        if own and hand is not None and id(hand) in own:
            copy["hand"] = hand
        return copy  # type: ignore[no-any-return]

    def items_by_one(self, key: str) -> tuple[list[Any], set[int]]:
        """A list part to be copied item by item as each is reached (the seats: an action
        mostly changes one seat's cards): the list, the action's own from now on, and the
        indices of its items still those of the state before, which the caller copies (with
        `copied`) before it reads them for a change. Reached as a whole through the state,
        the items not copied yet are copied then, in the same list."""
        if key in self._owned:
            return dict.__getitem__(self, key), set()
        unshared = self._unshared
        if unshared is None:
            unshared = self._unshared = {}
        waiting = unshared.get(key)
        if waiting is None:
            items = list(dict.__getitem__(self, key))
            dict.__setitem__(self, key, items)
            waiting = unshared[key] = set(range(len(items)))
        return dict.__getitem__(self, key), waiting  # type: ignore[return-value]

    def pile(self, key: str, name: str) -> list[str] | None:
        """One pile of the decks or the discards (`key`), for the action to change (None if
        there is no such pile): an action draws from or discards to one or two of ~20 piles,
        so each is copied alone when first reached here (a flat list of card ids). The piles
        still those of the state before are told by identity with them (kept in `_unshared`);
        reached as a whole through the state, they are copied then, in the same dict."""
        if key in self._owned:
            return dict.__getitem__(self, key).get(name)  # type: ignore[no-any-return]
        unshared = self._unshared
        if unshared is None:
            unshared = self._unshared = {}
        before = unshared.get(key)
        if before is None:
            before = unshared[key] = dict.__getitem__(self, key)
            piles = dict(before)
            dict.__setitem__(self, key, piles)
        else:
            piles = dict.__getitem__(self, key)
        pile = piles.get(name)
        if pile is not None and pile is before.get(name):
            pile = piles[name] = pile[:]
        return pile  # type: ignore[no-any-return]

    def _own(self, key: Any) -> None:
        self._owned.add(key)
        value = dict.get(self, key, _MISSING)
        kind = type(value)
        waiting = self._unshared.pop(key, None) if self._unshared else None
        if waiting.__class__ is dict:  # piles (`pile`): those still the state before's
            for name, pile in list(value.items()):
                if pile is waiting.get(name):
                    value[name] = pile[:]
            return
        if waiting is not None:
            copy = self.seat_copied if key == "seats" else _ITEM_COPY.get(key, _copied)
            for i in waiting:
                value[i] = copy(value[i])
            waiting.clear()
            return
        if kind is dict or kind is list:
            copy = _COPY.get(key, _part_copied)
            dict.__setitem__(self, key, copy(value))

    def __getitem__(self, key: Any) -> Any:
        if key not in self._owned:
            self._own(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key not in self._owned:
            self._own(key)
        return dict.get(self, key, default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self._owned:
            self._own(key)
        return dict.setdefault(self, key, default)

    def pop(self, key: Any, default: Any = _MISSING) -> Any:
        if key not in self._owned:
            self._own(key)
        return dict.pop(self, key) if default is _MISSING else dict.pop(self, key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._owned.add(key)
        if self._unshared and key in self._unshared:
            self._replaced(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self._owned.add(key)
        if self._unshared:
            self._replaced(key)
        dict.__delitem__(self, key)

    def _replaced(self, key: Any) -> None:
        """A list taken item by item is replaced whole: nothing of it is to be copied."""
        waiting = self._unshared.pop(key, None) if self._unshared else None
        if waiting.__class__ is set:  # (the state before's piles, `pile`, stay as they are)
            waiting.clear()

    def _own_all(self) -> None:
        for key in list(dict.keys(self)):
            if key not in self._owned:
                self._own(key)

    def items(self) -> Any:
        self._own_all()
        return dict.items(self)

    def values(self) -> Any:
        self._own_all()
        return dict.values(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        other = dict(*args, **kwargs)
        self._owned.update(other)
        if self._unshared:
            for key in other:
                self._replaced(key)
        dict.update(self, other)

    def popitem(self) -> Any:
        self._own_all()
        return dict.popitem(self)

    def copy(self) -> dict[str, Any]:
        self._own_all()
        return dict(self)


def settled(state: dict[str, Any]) -> dict[str, Any]:
    """The state an action made, as a plain dict (its untouched parts shared with the one
    before)."""
    return dict.copy(state) if type(state) is Changing else state
