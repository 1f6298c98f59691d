"""Roll and Assign behind the screen (RG-5, RG-6), and the simultaneous Reveal (RG-7).

Each seat's rolled dice are `[colour, face, row]` (row: a phase, None for a wild die not yet
placed, "dictate"), sorted so their order says nothing but what they are. Every step of the
seat's decision is an option of a `draft: true` prompt (core drafts): place a wild die, select a
phase with a die, Dictate, move a die with a reassign power, start over (only where nothing else
is offered); "ready" commits. The steps change only the seat's own part of the state, and
nothing another seat rolled or assigned reaches this seat's options or view before Reveal
(tested).
"""

from __future__ import annotations

from typing import Any

import orjson

from app.core import Event, IllegalAction, Prompt, Rng, event
from app.games.roll_for_the_galaxy.components import DICE, side
from app.games.roll_for_the_galaxy.effects import DIE_COLOURS, FACES, PHASES, with_defaults
from app.games.roll_for_the_galaxy.model import (
    Seat,
    has_power,
    powers,
    seats,
    tableau_sides,
    worlds_of,
)
from app.games.roll_for_the_galaxy.options import asked, option, prompt, say, worded

DICTATE = "dictate"
State = dict[str, Any]


# ---- Roll -------------------------------------------------------------------------------

def roll(state: State) -> None:
    """Every seat rolls its whole cup at once (RG-5.1); faces go to their rows, wild dice wait."""
    rng = Rng(state)
    for seat in seats(state):
        rolled = [[c, DICE[c].faces[rng.randbelow(6)]] for c in seat["cup"]]
        rolled.sort(key=_die_rank)
        seat["cup"] = []
        seat["rolled"] = rolled
        _start_over(seat)
    state["step"] = "assign"


_RANKS = {(c, f): (i, j) for i, c in enumerate(DIE_COLOURS) for j, f in enumerate(FACES)}


def _die_rank(die: list[str]) -> tuple[int, int]:
    """Where a rolled die goes in the sorted roll: by colour, then face (the two indexes
    looked up at once, not searched in the tuples for every die of every round)."""
    return _RANKS[die[0], die[1]]


def _start_over(seat: Seat) -> None:
    seat["dice"] = [[c, f, None if f == "wild" else f] for c, f in seat["rolled"]]
    seat.update(selector=None, selected=None, used=[], active=None, ready=False)


# ---- the powers a seat may reassign with -----------------------------------------------

def _most_worlds(state: State, seat: Seat, colours: Any) -> str:
    def count(s: Seat) -> int:
        return sum(1 for w in worlds_of(s) if w.colour in colours)
    mine = count(seat)
    best = max(count(s) for s in seats(state))
    if mine < best:
        return "none"
    return "alone" if sum(1 for s in seats(state) if count(s) == best) == 1 else "tied"


def reassign_powers(state: State, seat: Seat) -> dict[str, dict[str, Any]]:
    """The seat's reassign powers by side id, each as a full `reassign` value (how many dice,
    which, from where, to where); `reassign_if_most_worlds` already turned into one."""
    out: dict[str, dict[str, Any]] = {}
    for s in tableau_sides(seat):
        for e in s.powers:
            if e.name == "reassign":
                out[s.id] = with_defaults("reassign", e.value)
            elif e.name == "reassign_if_most_worlds":
                standing = _most_worlds(state, seat, e.value["worlds"])
                dice = {"alone": e.value["alone"], "tied": e.value["tied"]}.get(standing, 0)
                if dice:
                    out[s.id] = with_defaults("reassign", {"dice": dice})
    return out


def _dictate_value(seat: Seat) -> dict[str, Any]:
    n = max([1, *powers(seat, "dictate_reassigns")])
    return with_defaults("reassign", {"dice": n})


def _may_dictate_again(seat: Seat) -> bool:
    return has_power(seat, "dictate_repeatable")


# ---- options --------------------------------------------------------------------------------

def _targets(seat: Seat, value: dict[str, Any], row: str) -> list[str]:
    to = value["to"]
    if to == "any":
        allowed = list(PHASES)
    elif to == "selected":
        allowed = [seat["selected"]]
    else:
        allowed = list(to)
    return [p for p in allowed if p != row]


def _kinds(seat: Seat) -> tuple[list[int], list[int], list[int], int]:
    """In one pass over the dice, one die of each kind (colour, face, row: equal dice make
    equal options) among the wild dice not placed, the dice that may select (when no phase
    is selected yet) and the movable dice (when a phase is selected or a power is under way),
    and how many dice are movable."""
    selector, active = seat["selector"], seat["active"]
    select, move = selector is None, selector is not None or bool(active)
    wild: list[int] = []
    selectable: list[int] = []
    movable: list[int] = []
    seen_wild: set[tuple[Any, ...]] = set()
    seen_select: set[tuple[Any, ...]] = set()
    seen_move: set[tuple[Any, ...]] = set()
    n_movable = 0
    for i, d in enumerate(seat["dice"]):
        row = d[2]
        key = tuple(d)
        if row is None and key not in seen_wild:
            seen_wild.add(key)
            wild.append(i)
        if select and row != DICTATE and key not in seen_select:
            seen_select.add(key)
            selectable.append(i)
        if i != selector and row in PHASES:
            n_movable += 1
            if move and key not in seen_move:
                seen_move.add(key)
                movable.append(i)
    return wild, selectable, movable, n_movable


def _move_options(state: State, seat: Seat, power: str, value: dict[str, Any],
                  movable: list[int]) -> list[dict[str, Any]]:
    active = seat["active"]
    out = []
    for i in movable:
        colour, _, row = seat["dice"][i]
        if value["die_colours"] != "any" and colour not in value["die_colours"]:
            continue
        if value["from"] != "any" and row != value["from"]:
            continue
        exact_row = (active or {}).get("row") if value["exactly"] else None
        if exact_row and active["power"] == power and row != exact_row:
            continue
        out += _die_moves(state, seat, power, value, i, colour, row)
    return out


_DIE_MOVES: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def _die_moves(state: State, seat: Seat, power: str, value: dict[str, Any], i: int,
               colour: str, row: str) -> list[dict[str, Any]]:
    """A die's moves with a power to every row it may go to, kept as one list by what they
    depend on (the power's targets, and the selected phase when it names that)."""
    to = value["to"]
    key = (power, i, colour, row, to if isinstance(to, str) else tuple(to),
           seat["selected"] if to == "selected" else None, *state["players"])
    found = _DIE_MOVES.get(key)
    if found is None:
        _forget_oldest(_DIE_MOVES, _REMEMBER_AT_MOST)
        found = _DIE_MOVES[key] = [_move_option(state, power, i, colour, row, target)
                                   for target in _targets(seat, value, row)]
    return found


_MOVE_OPTIONS: dict[tuple[Any, ...], dict[str, Any]] = {}


def _move_option(state: State, power: str, i: int, colour: str, row: str, to: str
                 ) -> dict[str, Any]:
    """Moving a die with a power (or Dictate): kept like `_die_options`."""
    key = (power, i, colour, row, to, *state["players"])
    found = _MOVE_OPTIONS.get(key)
    if found is None:
        if len(_MOVE_OPTIONS) >= _REMEMBER_AT_MOST:
            _MOVE_OPTIONS.clear()
        said = (say("roll_for_the_galaxy.opt.dictate_move", rfcolour=colour,
                    rfphase_from=row, rfphase_to=to) if power == DICTATE else
                say("roll_for_the_galaxy.opt.reassign", rfside=power, rfcolour=colour,
                    rfphase_from=row, rfphase_to=to))
        found = _MOVE_OPTIONS[key] = option(state, said, {"type": "reassign", "power": power,
                                                          "die": i, "to": to})
    return found


def _dictate_option(state: State, i: int, colour: str, row: str) -> dict[str, Any]:
    """Starting Dictate with a die: kept like `_die_options`."""
    key = ("dictate-start", i, colour, row, *state["players"])
    found = _MOVE_OPTIONS.get(key)
    if found is None:
        if len(_MOVE_OPTIONS) >= _REMEMBER_AT_MOST:
            _MOVE_OPTIONS.clear()
        found = _MOVE_OPTIONS[key] = option(state, say(
            "roll_for_the_galaxy.opt.dictate", rfcolour=colour, rfphase=row),
            {"type": "dictate", "die": i})
    return found


def _must_go_on(seat: Seat) -> bool:
    """A Dictate that has moved nothing yet, or an "exactly 2" power half used."""
    active = seat["active"]
    return bool(active and active["must"] > 0)


_REMEMBER_AT_MOST = 4096


class _Table:
    """What a seat's question behind the screen depends on besides its own dice and steps:
    the names and every seat's tableau (Mad Scientists counts everyone's worlds; the seat's
    powers come from its own). These change a few times a game, never behind the screen, so
    one table is kept per seat number with the prompts built under it by the seat's own part,
    and the powers the seat may reassign with."""

    __slots__ = ("players", "tableaus", "prompts", "values", "asked")

    def __init__(self, state: State, index: int) -> None:
        self.players = list(state["players"])
        self.tableaus = [list(s["tableau"]) for s in seats(state)]
        self.prompts: dict[bytes, Prompt] = {}
        self.values = _power_values(state, seats(state)[index])
        # the question and its words, the same in every prompt built under the table (shared
        # like the options: prompts are read-only once made)
        said = say("roll_for_the_galaxy.ask.assign")
        self.asked = (said, worded(state, said))

    def fits(self, state: State) -> bool:
        # list equality: the same tableau objects (shared by every step) compare at once
        return (self.players == state["players"]
                and self.tableaus == [s["tableau"] for s in seats(state)])


_TABLES: dict[int, _Table] = {}
_ALL_TABLES: dict[tuple[Any, ...], _Table] = {}
_TABLES_AT_MOST = 64
_PROMPTS_AT_MOST = 256


def _table(state: State, index: int) -> _Table:
    """The seat number's table: the last one used for it if it still fits (the same game goes
    on), else found by its content among the last few dozen (several games in one process)."""
    table = _TABLES.get(index)
    if table is None or not table.fits(state):
        key = (index, *state["players"], *(tuple(s["tableau"]) for s in seats(state)))
        table = _ALL_TABLES.get(key)
        if table is None:
            _forget_oldest(_ALL_TABLES, _TABLES_AT_MOST)
            table = _ALL_TABLES[key] = _Table(state, index)
        _TABLES[index] = table
    return table


def _forget_oldest(kept: dict[Any, Any], at_most: int) -> None:
    # one at a time, oldest first: clearing many at once made the garbage collector run more
    if len(kept) >= at_most:
        try:
            kept.pop(next(iter(kept)), None)
        except (RuntimeError, StopIteration):  # another thread changed it meanwhile
            kept.clear()


def draft_prompt(state: State, index: int) -> Prompt:
    """The seat's question behind the screen. It depends on the seat's own dice and steps, its
    tableau and the public tableaus and the names (`_Table`), so it is remembered by those: a
    driver asks for it many times per step. (Kept by identity alone, with the seat dict, a
    random player's new games cost 1.3 % fewer instructions, but a game played again — the
    benchmark's `--repeat` — no longer found the arrangements it had met: bench/README.md,
    the seventh round.)"""
    seat = seats(state)[index]
    if seat["ready"]:
        return _ready_prompt(state, index)
    table = _table(state, index)
    key = orjson.dumps([seat["dice"], seat["selector"], seat["selected"], seat["used"],
                        seat["active"], seat["ready"]])
    found = table.prompts.get(key)
    if found is None:
        _forget_oldest(table.prompts, _PROMPTS_AT_MOST)
        found = table.prompts[key] = _draft_prompt(state, index, table)
    return found  # shared: prompts are read-only once made (as kept_prompts, rules.py)


_READY: dict[tuple[Any, ...], Prompt] = {}


def _ready_prompt(state: State, index: int) -> Prompt:
    """A ready seat's question (take "ready" back): the same for the same seat number and
    names whatever the seat assigned, so kept by those alone."""
    key = (index, *state["players"])
    found = _READY.get(key)
    if found is None:
        _forget_oldest(_READY, _REMEMBER_AT_MOST)
        found = _READY[key] = prompt(
            state, index, "assign", say("roll_for_the_galaxy.ask.ready"),
            [option(state, say("roll_for_the_galaxy.opt.take_back"), {"type": "take_back"})],
            ready=True)
    return found


def _draft_prompt(state: State, index: int, table: _Table) -> Prompt:
    seat = seats(state)[index]
    values = table.values
    opts: list[dict[str, Any]] = []
    active = seat["active"]
    dice = seat["dice"]
    wild, selectable, movable, n_movable = _kinds(seat)
    if active and active["left"] > 0:
        opts += _move_options(state, seat, active["power"], values[active["power"]], movable)
    must_go_on = _must_go_on(seat)
    if not must_go_on:
        for i in wild:
            opts += _die_options(state, "place", i, dice[i][0], None)
        if seat["selector"] is None:
            for i in selectable:
                colour, face, _ = dice[i]
                opts += _die_options(state, "select", i, colour, face)
        else:
            opts += _power_starts(state, seat, values, movable, n_movable)
    nothing_rolled = not dice  # a seat left with no die at all selects nothing
    if ((seat["selector"] is not None or nothing_rolled) and not must_go_on and not wild):
        opts.append(_fixed_option(state, "ready"))
    if not opts:
        # A dead end (an "exactly 2" power with no second die to move): the way out is to
        # start over. Elsewhere a person starts over by dropping the steps tried (the page's
        # "Start over": steps are only previews until posted), so the game need not offer it.
        opts.append(_fixed_option(state, "reset"))
    return asked(index, "assign", table.asked, opts, draft=True)


_FIXED: dict[tuple[Any, ...], dict[str, Any]] = {}


def _fixed_option(state: State, kind: str) -> dict[str, Any]:
    """"Ready" (it commits) or "start over": the same for the same names, so kept."""
    key = (kind, *state["players"])
    found = _FIXED.get(key)
    if found is None:
        _forget_oldest(_FIXED, _REMEMBER_AT_MOST)
        found = _FIXED[key] = (
            option(state, say("roll_for_the_galaxy.opt.ready"), {"type": "ready"}, commits=True)
            if kind == "ready" else
            option(state, say("roll_for_the_galaxy.opt.reset"), {"type": "reset"}))
    return found


_DIE_OPTIONS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def _die_options(state: State, kind: str, i: int, colour: str, face: str | None
                 ) -> list[dict[str, Any]]:
    """The options placing a wild die (`face` None) or selecting a phase with a die, one per
    phase. They are the same for the same die, names and wording at every step behind the
    screen, so they are kept (and shared: options are read-only like the states)."""
    key = (kind, i, colour, face, *state["players"])
    found = _DIE_OPTIONS.get(key)
    if found is None:
        if len(_DIE_OPTIONS) >= _REMEMBER_AT_MOST:
            _DIE_OPTIONS.clear()
        if kind == "place":
            found = [option(state, say("roll_for_the_galaxy.opt.place", rfcolour=colour,
                                       rfphase=p), {"type": "place", "die": i, "to": p})
                     for p in PHASES]
        else:
            found = [option(state, say("roll_for_the_galaxy.opt.select", rfcolour=colour,
                                       rfface=face, rfphase=p),
                            {"type": "select", "die": i, "phase": p}) for p in PHASES]
        _DIE_OPTIONS[key] = found
    return found


def _power_values(state: State, seat: Seat) -> dict[str, dict[str, Any]]:
    return {**reassign_powers(state, seat), DICTATE: _dictate_value(seat)}


def _power_starts(state: State, seat: Seat, values: dict[str, dict[str, Any]],
                  movable: list[int], n_movable: int) -> list[dict[str, Any]]:
    out = []
    active = seat["active"]
    if (DICTATE not in seat["used"] or _may_dictate_again(seat)) and n_movable >= 2:
        for i in movable:
            out.append(_dictate_option(state, i, seat["dice"][i][0], seat["dice"][i][2]))
    for power, value in values.items():
        if power == DICTATE or power in seat["used"]:
            continue
        if active and active["power"] == power:
            continue
        out += _move_options(state, seat, power, value, movable)
    return out


# ---- steps ---------------------------------------------------------------------------------

def _die(seat: Seat, action: dict[str, Any]) -> list[Any]:
    i = action.get("die")
    if not isinstance(i, int) or not 0 <= i < len(seat["dice"]):
        raise IllegalAction("roll_for_the_galaxy.error.not_offered")
    return seat["dice"][i]


def _move_die(seat: Seat, i: int, row: str) -> None:
    """The die to another row: a new die list, never the old one changed, so that a step's
    copy of the seat (`copied_seat`) shares the dice it does not move."""
    colour, face, _ = seat["dice"][i]
    seat["dice"][i] = [colour, face, row]


def apply_step(state: State, index: int, action: dict[str, Any]) -> list[Event]:
    """One step behind the screen (already checked against the options offered)."""
    seat = seats(state)[index]
    kind = action["type"]
    names = state["players"]
    if kind == "take_back":
        seat["ready"] = False
        return [event(say("roll_for_the_galaxy.ev.took_back", seat=index), "assign",
                      names=names)]
    if kind == "ready":
        seat["ready"] = True
        seat["active"] = None
        return [event(say("roll_for_the_galaxy.ev.ready", seat=index), "assign", names=names)]
    if kind == "reset":
        _start_over(seat)
        return []
    d = _die(seat, action)
    if kind == "place":
        _move_die(seat, action["die"], action["to"])
    elif kind == "select":
        seat["selector"] = action["die"]
        seat["selected"] = action["phase"]
        _move_die(seat, action["die"], action["phase"])
        seat["active"] = None
    elif kind == "dictate":
        _move_die(seat, action["die"], DICTATE)
        seat["used"].append(DICTATE)
        n = _dictate_value(seat)["dice"]
        seat["active"] = {"power": DICTATE, "left": n, "must": 1}
    elif kind == "reassign":
        power = action["power"]
        active = seat["active"]
        if not active or active["power"] != power:
            value = _table(state, index).values[power]  # (the same tableaus: kept there)
            seat["used"].append(power)
            active = seat["active"] = {"power": power, "left": value["dice"],
                                       "must": value["dice"] if value["exactly"] else 0}
            if value["exactly"]:
                active["row"] = d[2]
        active["left"] -= 1
        active["must"] = max(0, active["must"] - 1)
        _move_die(seat, action["die"], action["to"])
        if active["left"] == 0:
            seat["active"] = None
    return []


def copied_seat(seat: Seat) -> Seat:
    """The seat with what a step (`apply_step`) changes copied: its list of dice behind the
    screen (a die moved is a new list: `_move_die`), the powers used and the one under way;
    the rest is replaced whole or not changed."""
    out = dict(seat)
    out["dice"] = seat["dice"][:]
    out["used"] = seat["used"][:]
    if seat["active"] is not None:
        out["active"] = dict(seat["active"])
    return out


def everyone_ready(state: State) -> bool:
    return all(s["ready"] for s in seats(state))


# ---- Reveal -------------------------------------------------------------------------------

def reveal(state: State) -> list[Event]:
    """Screens up at once: the selected phases, the 2-player white die (RG-7.3), and the dice
    of phases nobody plays back to the cup with every Dictate die (RG-7.4)."""
    names = state["players"]
    events: list[Event] = []
    chosen = {s["selected"] for s in seats(state) if s["selected"]}
    for i, seat in enumerate(seats(state)):
        if seat["selected"] is None:
            continue
        events.append(event(say("roll_for_the_galaxy.ev.reveal", seat=i,
                                rfphase=seat["selected"]), "reveal", names=names))
    state["extra_die"] = None
    if len(seats(state)) == 2:
        face = DICE["white"].faces[Rng(state).randbelow(6)]
        state["extra_die"] = face
        added = face in PHASES and face not in chosen
        chosen.add(face)
        events.append(event(say("roll_for_the_galaxy.ev.extra_die", rfface=face,
                                added="yes" if added else "no"), "reveal", names=names))
    state["phases"] = [p for p in PHASES if p in chosen]
    for seat in seats(state):
        rows: dict[str, list[str]] = {p: [] for p in state["phases"]}
        for colour, _, row in seat["dice"]:
            if row in rows:
                rows[row].append(colour)
            else:
                seat["cup"].append(colour)
        seat["revealed"] = {"dice": seat["dice"], "selector": seat["selector"],
                            "selected": seat["selected"]}
        seat["rows"] = rows
        seat["dice"] = []
        seat["rolled"] = []
        seat["ready"] = False
        seat["active"] = None
    return events


__all__ = ["side"]
