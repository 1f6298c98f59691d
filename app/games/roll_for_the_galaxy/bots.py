"""Roll for the Galaxy's own computer players: `greedy` (the yardstick of issue 16) and `smart`.

Both answer from their seat's view and prompts alone (app/bots/bot.py) and keep nothing between
moves. Behind the screen the core asks them after every step with the previewed view
(app.core.drafts.compose): each answer works out the whole assignment afresh from the seat's
rolled dice (which never change during Assign) and gives the next step towards it, then
"ready". They read the tiles' public facts (components) and the engine's own arithmetic on a
seat (workers needed, goods room, consume gains), which reads only what the view shows. Neither
uses its generator, so the same view and prompts give the same answer. How each decides:
BOTS.md.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from app.bots.bot import Bot
from app.core import Prompt
from app.games.roll_for_the_galaxy import powers
from app.games.roll_for_the_galaxy.components import SETUP, side, tile
from app.games.roll_for_the_galaxy.effects import PHASES
from app.games.roll_for_the_galaxy.model import goods_room, worlds_of

Action = dict[str, Any]
View = dict[str, Any]
STACK_OF = {"develop": "devs", "settle": "worlds"}


# --- what both read from a view --------------------------------------------------------------

def _me(view: View) -> dict[str, Any]:
    return view["seats"][view["you"]]


def _actions(prompt: Prompt, kind: str | None = None) -> list[Action]:
    return [o["action"] for o in prompt["options"]
            if kind is None or o["action"].get("type") == kind]


def _committing(prompt: Prompt) -> Action | None:
    return next((o["action"] for o in prompt["options"] if o.get("commits")), None)


def _pick(prompt: Prompt, ranked: list[Action]) -> Action:
    """A pick of the prompt's least allowed number of options, the first of `ranked` first."""
    low = prompt["pick"]["min"]
    return {"type": "pick", "picked": ranked[:low]}


def _top_cost(seat: dict[str, Any], stack: str) -> int:
    top = seat[stack]["top"]
    return side(top).cost if top else -1


def _tiles(seat: dict[str, Any], stack: str) -> list[Any]:
    """The seat's own stack, top first (a seat sees all of its own tiles)."""
    return [side(s) for s in seat[stack].get("tiles", [])]


# --- behind the screen: from a planned assignment to the next step ----------------------------

class Plan:
    """A whole assignment of the rolled dice: `rows[i]` the row of die i (a phase or
    "dictate"), `selector` the die that selects `selected`, `moved` a die Dictate moves."""

    def __init__(self, rows: list[str], selector: int, selected: str,
                 dictate: tuple[int, int] | None = None) -> None:
        self.rows, self.selector, self.selected, self.dictate = rows, selector, selected, dictate


def _same_die(dice: list[list[Any]], i: int, action: Action) -> bool:
    """The option's die is of the kind of die i (the game offers one die of each kind)."""
    return dice[action["die"]] == dice[i]


def next_step(view: View, prompt: Prompt, plan: Plan) -> Action:
    """The next step towards `plan` from the seat's assignment so far, else "ready"."""
    own = _me(view)["assign"]
    dice = own["dice"]
    if own["selector"] is None:
        for a in _actions(prompt, "select"):
            if _same_die(dice, plan.selector, a) and a["phase"] == plan.selected:
                return a
    for i, (_, _, row) in enumerate(dice):
        if row is None:
            target = plan.rows[i] if plan.rows[i] in PHASES else plan.selected
            for a in _actions(prompt, "place"):
                if _same_die(dice, i, a) and a["to"] == target:
                    return a
    if plan.dictate and "dictate" not in own["used"]:
        for a in _actions(prompt, "dictate"):
            if _same_die(dice, plan.dictate[0], a):
                return a
    active = own["active"]
    if plan.dictate and active and active["power"] == "dictate":
        moved = plan.dictate[1]
        for a in _actions(prompt, "reassign"):
            if _same_die(dice, moved, a) and a["to"] == plan.rows[moved]:
                return a
    done = _committing(prompt)
    if done is not None:
        return done
    for kind in ("reassign", "place", "select"):  # off the plan: anything that goes on
        found = _actions(prompt, kind)
        if found:
            return found[0]
    return prompt["options"][0]["action"]


# --- greedy ----------------------------------------------------------------------------------

def _greedy_plan(view: View) -> Plan:
    """Select the phase of the costlier top construction tile (Develop on a tie) with the
    first die not already showing it; every wild die to that phase; no Dictate."""
    me = _me(view)
    rolled = me["assign"]["rolled"]
    phase = "develop" if _top_cost(me, "devs") >= _top_cost(me, "worlds") else "settle"
    rows = [phase if f == "wild" else f for _, f in rolled]
    selector = next((i for i, (_, f) in enumerate(rolled) if f != phase), 0)
    rows[selector] = phase
    return Plan(rows, selector, phase)


def greedy_answer(view: View, prompts: list[Prompt], rng: random.Random) -> Action:
    prompt = prompts[0]
    kind = prompt["kind"]
    me = _me(view)
    if kind == "assign":
        return next_step(view, prompt, _greedy_plan(view))
    if kind in ("recruit", "reclaim"):
        return _pick(prompt, _actions(prompt))
    if kind == "explore":
        return _greedy_explore(me, prompt)
    if kind == "ship":
        consume = _actions(prompt, "ship")
        return max(consume, key=lambda a: (a["how"] == "consume", _consume_vp(me, a)))
    return prompt["options"][0]["action"]


def _greedy_explore(me: dict[str, Any], prompt: Prompt) -> Action:
    """Scout while a construction stack is empty, else stock; place a drawn tile at the bottom
    of the shorter stack."""
    places = [a for a in _actions(prompt, "place_tile") if not a["top"]]
    if places:
        kind = "development" if me["devs"]["count"] <= me["worlds"]["count"] else "world"
        return next(a for a in places if a["as"] == kind)
    if _actions(prompt, "draw"):
        return _actions(prompt, "draw")[0]
    empty = not me["devs"]["count"] or not me["worlds"]["count"]
    wanted = "scout" if empty else "stock"
    found = _actions(prompt, wanted) or _actions(prompt)
    return found[0]


def _consume_vp(me: dict[str, Any], action: Action) -> int:
    return powers.consume_gains(me, side(action["world"]), action["good"], action["die"])[0]


# --- smart: what dice in a phase are worth --------------------------------------------------

OTHER_PHASE_CHANCE = 0.3
"""How likely a phase the bot does not select is played anyway (another seat's selection, the
2-player white die): a worker there is worth this much of its worth in a selected phase."""

PART_WAY = 0.55
"""A worker that brings a tile nearer without completing it is worth this share of what it would
be worth if the tile were completed now (the tile waits a round or more)."""

RECRUIT_COST = 0.35
"""What a worker that acts costs: it goes to the citizenry and $1 brings it back."""


class Worth:
    """What workers in each phase would bring this seat now (in VP or its equivalent), from its
    view: its stacks, goods, credits, and how near the end the game is."""

    def __init__(self, view: View) -> None:
        me = self.me = _me(view)
        tableau = max(len(s["tableau"]) for s in view["seats"])
        pool_share = view["vp_pool"] / max(1, SETUP.goods_per_world * 12)
        self.late = tableau >= 9 or view["vp_pool"] <= 8 or pool_share < 0.2
        self.credits = me["credits"]
        self.idle = len(me["citizenry"])
        self._cache: dict[tuple[str, int], float] = {}

    def of(self, phase: str, n: int) -> float:
        key = (phase, n)
        if key not in self._cache:
            self._cache[key] = 0.0 if n <= 0 else getattr(self, "_" + phase)(n)
        return self._cache[key]

    def _explore(self, n: int) -> float:
        me = self.me
        total = 0.0
        stacks = me["devs"]["count"] + me["worlds"]["count"]
        credits = self.credits
        for k in range(n):
            scout = 1.8 if (not me["devs"]["count"] or not me["worlds"]["count"]) and k == 0 \
                else (0.8 if stacks + k < 4 else 0.3)
            stock = 0.9 if credits < self.idle + 2 else 0.4
            stock = 0.0 if credits >= 10 else stock
            if stock >= scout:
                credits += 2
            total += max(scout, stock)
        return total

    def _build(self, stack: str, n: int) -> float:
        me = self.me
        have = len(me[stack]["dice"])
        total = 0.0
        for built in _tiles(me, stack):
            whole = powers.workers_needed(me, built)
            need = max(0, whole - have)
            if n >= need:  # completed (a tile already paid for completes as the phase starts)
                total += self.tile_worth(built)
                n -= need
                have = 0
                continue
            # part of the way: worth a share of the tile, less than the share of its cost
            return total + PART_WAY * self.tile_worth(built) * n / whole
        return total

    def tile_worth(self, built: Any) -> float:
        worth = float(built.cost)
        if self.late:
            return worth + (1.0 if built.end_bonus else 0.0)
        if built.kind == "world":
            worth += 1.2 if built.holds_goods else 0.3
            worth += 0.8 * sum(1 for e in built.immediate if e.name in ("gain_dice", "gain_good"))
        else:
            worth += 1.0 + 0.3 * len(built.powers) + (2.0 if built.end_bonus else 0.0)
        return worth

    def _develop(self, n: int) -> float:
        return self._build("devs", n)

    def _settle(self, n: int) -> float:
        return self._build("worlds", n)

    def _produce(self, n: int) -> float:
        me = self.me
        room = sum(goods_room(me, w) for w in worlds_of(me))
        return min(n, room) * (0.8 if self.late else 1.4)

    def _ship(self, n: int) -> float:
        me = self.me
        gains = []
        for world_id, goods in me["goods"].items():
            world = side(world_id)
            for good in goods:
                vp = powers.consume_gains(me, world, good, "white")[0] + 0.5
                trade = powers.trade_credits(me, world) * (0.25 if self.late else 0.45)
                gains.append(max(vp, trade))
        gains.sort(reverse=True)
        return sum(gains[:n])


Counts = tuple[int, ...]
"""Workers per phase, in PHASES order."""


class Scorer:
    """`_value` of workers per phase for one plan: each phase's worth per number of workers,
    less what the workers cost, weighted by how likely the phase is played (1 when selected)."""

    def __init__(self, worth: Worth, dice: int) -> None:
        self.table = [[worth.of(p, n) - RECRUIT_COST * n for n in range(dice + 2)]
                      for p in PHASES]
        self.known: dict[tuple[Counts, int], float] = {}

    def value(self, counts: Counts, selected: int) -> float:
        key = (counts, selected)
        found = self.known.get(key)
        if found is None:
            found = 0.0
            for k, n in enumerate(counts):
                found += self.table[k][n] * (1.0 if k == selected else OTHER_PHASE_CHANCE)
            self.known[key] = found
        return found


def _moved(counts: Counts, away: int | None, to: int | None) -> Counts:
    out = list(counts)
    if away is not None:
        out[away] -= 1
    if to is not None:
        out[to] += 1
    return tuple(out)


RANGE = range(len(PHASES))


def _place_wilds(score: Scorer, counts: Counts, wilds: int, selected: int
                 ) -> tuple[Counts, list[int]]:
    """Wild dice one by one to the phase where each adds most (the first such in PHASES)."""
    placed = []
    for _ in range(wilds):
        best = max(RANGE, key=lambda p: score.value(_moved(counts, None, p), selected))
        counts = _moved(counts, None, best)
        placed.append(best)
    return counts, placed


def smart_plan(view: View) -> Plan:
    """Every selector face and phase, wild dice placed where each adds most, and the best single
    Dictate move if it adds anything, scored on the workers per phase (`Scorer`; a die's
    colour does not count here); the best one, the first of equals in a fixed order."""
    rolled = _me(view)["assign"]["rolled"]
    score = Scorer(Worth(view), len(rolled))
    faces = [f for _, f in rolled]
    base = tuple(faces.count(p) for p in PHASES)
    best: tuple[float, str, int, list[int], tuple[int, int, int] | None] | None = None
    for face, selected in product(dict.fromkeys(faces), RANGE):
        counts = _moved(base, PHASES.index(face) if face != "wild" else None, selected)
        wilds = faces.count("wild") - (face == "wild")
        counts, placed = _place_wilds(score, counts, wilds, selected)
        value = score.value(counts, selected)
        if best is None or value > best[0] + 1e-9:
            best = (value, face, selected, placed, None)
        # Dictate: one die set aside, one other die moved; the selector stays
        free = _moved(counts, selected, None)
        for gone, moved, to in product(RANGE, RANGE, RANGE):
            if to == moved or free[gone] < 1 or free[moved] - (gone == moved) < 1:
                continue
            value = score.value(_moved(_moved(counts, gone, None), moved, to), selected)
            if value > best[0] + 1e-9:
                best = (value, face, selected, placed, (gone, moved, to))
    assert best is not None
    return _as_plan(faces, *best[1:])


def _as_plan(faces: list[str], face: str, selected_at: int, placed_at: list[int],
             dictate_at: tuple[int, int, int] | None) -> Plan:
    """The planned counts as rows of the rolled dice."""
    selected = PHASES[selected_at]
    placed = [PHASES[p] for p in placed_at]
    dictate = None if dictate_at is None else tuple(PHASES[p] for p in dictate_at)
    selector = faces.index(face)
    rows = list(faces)
    rows[selector] = selected
    wild = iter(placed)
    for i, f in enumerate(faces):
        if f == "wild" and i != selector:
            rows[i] = next(wild)
    if dictate is None:
        return Plan(rows, selector, selected)
    gone_row, moved_row, to = dictate
    free = [i for i in range(len(rows)) if i != selector]
    gone = next(i for i in free if rows[i] == gone_row)
    moved = next(i for i in free if rows[i] == moved_row and i != gone)
    rows[gone] = "dictate"
    rows[moved] = to
    return Plan(rows, selector, selected, (gone, moved))


def smart_answer(view: View, prompts: list[Prompt], rng: random.Random) -> Action:
    prompt = prompts[0]
    kind = prompt["kind"]
    me = _me(view)
    if kind == "assign":
        return next_step(view, prompt, smart_plan(view))
    if kind == "setup":
        return _smart_setup(prompt)
    if kind == "recruit":
        return _pick(prompt, sorted(_actions(prompt), key=lambda a: _DIE_RANK[a["die"]]))
    if kind == "reclaim":
        return _pick(prompt, sorted(_actions(prompt), key=_reclaim_rank))
    if kind == "explore":
        return _smart_explore(view, me, prompt)
    if kind in ("develop", "settle"):
        removes = _actions(prompt, "remove")
        if removes:
            return min(removes, key=_remove_rank)
        return _actions(prompt)[0]
    if kind == "produce":
        return max(_actions(prompt), key=lambda a: _produce_rank(me, a))
    if kind == "ship":
        return max(_actions(prompt), key=lambda a: _ship_rank(view, me, a))
    return prompt["options"][0]["action"]


_DIE_RANK = {c: k for k, c in enumerate(
    ("yellow", "purple", "green", "brown", "blue", "red", "white"))}
"""Which dice the smart bot brings back to its cup first (the more wild faces, the sooner)."""


def _reclaim_rank(action: Action) -> tuple[int, int]:
    return (0 if action["from"].startswith("good:") else 1, _DIE_RANK[action["die"]])


def _remove_rank(action: Action) -> tuple[int, int]:
    place = action["from"]
    where = 0 if place == "citizenry" else 1 if place == "cup" else 2
    return (where, -_DIE_RANK[action["die"]])


def _smart_setup(prompt: Prompt) -> Action:
    """The start tiles with the cheaper world to settle first."""
    return min(_actions(prompt), key=lambda a: side_cost_of(a["world"], "world"))


def side_cost_of(number: int, kind: str) -> int:
    return tile(number).side(kind).cost  # type: ignore[arg-type]


def _smart_explore(view: View, me: dict[str, Any], prompt: Prompt) -> Action:
    places = _actions(prompt, "place_tile")
    if places:
        return max(places, key=lambda a: _placement_rank(view, me, a))
    if _actions(prompt, "draw"):
        discards = [a for a in _actions(prompt, "discard") if _dead_weight(me, a)]
        return discards[0] if discards else _actions(prompt, "draw")[0]
    if _actions(prompt, "rearranged"):  # Advanced Logistics after the explorers: leave it
        return _actions(prompt, "rearranged")[0]
    if _actions(prompt, "give_back"):  # the bag ran short: the dearest covered tile goes
        return max(_actions(prompt, "give_back"), key=lambda a: _give_back_rank(me, a))
    scouts, stocks = _actions(prompt, "scout"), _actions(prompt, "stock")
    stacks = me["devs"]["count"] + me["worlds"]["count"]
    need_tiles = not me["devs"]["count"] or not me["worlds"]["count"] or stacks < 3
    poor = me["credits"] < len(me["citizenry"]) + 2
    if scouts and (need_tiles or not poor or not stocks) and me["credits"] >= 2:
        return scouts[0]
    return (stocks or scouts or _actions(prompt))[0]


def _give_back_rank(me: dict[str, Any], action: Action) -> tuple[bool, int]:
    stack = me[action["stack"]]
    covered = action["pos"] > 0 or not stack["dice"]
    return covered, side(stack["tiles"][action["pos"]]).cost


def _dead_weight(me: dict[str, Any], action: Action) -> bool:
    """A covered tile too dear to build this game (nothing on it, cost 5 or more, not on top
    with dice), worth swapping for a fresh draw."""
    stack = action["stack"]
    tiles = me[stack].get("tiles", [])
    if action["pos"] == 0 and me[stack]["dice"]:
        return False
    return side(tiles[action["pos"]]).cost >= 5 and action["pos"] > 0


def _placement_rank(view: View, me: dict[str, Any], action: Action) -> tuple[float, int]:
    tiles = me["pend"]["tiles"]
    drawn = tiles[action["tile"]]
    s = side(drawn[action["as"]])
    stack = "devs" if action["as"] == "development" else "worlds"
    worth = Worth(view)
    other = side(drawn["world" if action["as"] == "development" else "development"])
    value = worth.tile_worth(s) / max(1, powers.workers_needed(me, s))
    value -= 0.4 * me[stack]["count"]
    value -= 0.05 * other.cost
    cheap_first = action["top"] and me[stack]["top"] and \
        powers.workers_needed(me, s) < powers.workers_needed(me, side(me[stack]["top"])) \
        and not me[stack]["dice"]
    return (value + (0.5 if cheap_first else 0.0) - (0.6 if action["top"] and not cheap_first
                                                      else 0.0), -action["tile"])


def _produce_rank(me: dict[str, Any], action: Action) -> float:
    world = side(action["world"])
    return powers.consume_gains(me, world, action["die"], "white")[0]


def _ship_rank(view: View, me: dict[str, Any], action: Action) -> float:
    world = side(action["world"])
    late = Worth(view).late
    if action["how"] == "consume":
        vp, credits = powers.consume_gains(me, world, action["good"], action["die"])
        return vp + 0.4 * credits
    credits = min(10 - me["credits"], powers.trade_credits(me, world))
    rate = 0.2 if late else (0.6 if me["credits"] < len(me["citizenry"]) else 0.35)
    bought = 0.0
    if action["how"] == "trade_buy":
        price, vp = powers.vp_purchase(me) or (0, 0)
        bought = vp - price * rate
    return credits * rate + bought


# --- the bots ------------------------------------------------------------------------------

GREEDY = Bot("greedy", "roll_for_the_galaxy.bot.greedy", greedy_answer)
SMART = Bot("smart", "roll_for_the_galaxy.bot.smart", smart_answer)
BOTS = (GREEDY, SMART)
