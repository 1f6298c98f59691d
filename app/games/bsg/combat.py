"""Space combat: the attack table, Cylon ship activation programs, vipers, Galactica's guns,
nukes and basestar damage.

The current player rolls every attack and makes the choices the programs leave open (the
order of space areas, which of several targets).
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, msg
from app.core.protocol import Fact
from app.games.bsg import catalog
from app.games.bsg.assault_raptors import (
    ASSAULT,
    VIPER_KINDS,
    in_game,
    kind_key,
    new_ship,
    pilot_kind,
    reserve_kinds,
    ship_kind,
)
from app.games.bsg.cylon_hold import holding
from app.games.bsg.dice import modifier_facts, odds, odds_fact, push_roll, then
from app.games.bsg.effects import op
from app.games.bsg.endgame import win
from app.games.bsg.facts import cards, fact
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.knowledge import moved_civilian, saw_civilian
from app.games.bsg.places import place
from app.games.bsg.skills import push_discard
from app.games.bsg.space import (
    AREAS,
    BOARDING_END,
    LAUNCH_AREAS,
    damage_galactica,
    destroy_in_space,
    end_kept_cards,
    on_board,
    supply,
    viper_from_reserves,
)
from app.games.bsg.statics import viper_activation_cost, viper_destroyed_not_damaged
from app.games.bsg.who import who_one

INDEX = {a["id"]: a["index"] for a in catalog.BOARD["space_areas"]}
ADJACENT = {a["id"]: a["adjacent"] for a in catalog.BOARD["space_areas"]}
RING = len(AREAS)
BASESTAR_TOKENS = ("critical_hit", "disabled_hangar", "disabled_weapons", "structural_damage")

# The attack table: (attacker, target) -> (lowest roll that damages, lowest that destroys).
ATTACKS: dict[tuple[str, str], tuple[int | None, int | None]] = {
    ("viper", "raider"): (None, 3),
    ("galactica", "raider"): (None, 3),
    ("viper", "heavy_raider"): (None, 7),
    ("galactica", "heavy_raider"): (None, 7),
    ("viper", "basestar"): (8, None),
    ("galactica", "basestar"): (5, None),
    ("raider", "viper"): (5, 8),
    ("raider", "galactica"): (8, None),
    ("basestar", "galactica"): (4, None),
    # Daybreak's Assault Raptor (DB-11.5, 11.6): never damaged, hits basestars on 7
    ("assault_raptor", "raider"): (None, 3),
    ("assault_raptor", "heavy_raider"): (None, 7),
    ("assault_raptor", "basestar"): (7, None),
    ("raider", "assault_raptor"): (None, 7),
}
STRUCTURAL_DAMAGE = 2  # added to attacks (nukes too) on a basestar with Structural Damage
NUKE_DESTROYS_AT = 3  # below: the basestar is damaged twice
NUKE_BLAST_AT = 7  # and up: 3 raiders in its area are destroyed with it
NUKE_BLAST_RAIDERS = 3


def ring_distance(a: str, b: str) -> int:
    d = abs(INDEX[a] - INDEX[b])
    return min(d, RING - d)


def step_toward(source: str, target: str) -> str:
    """The adjacent area one step closer to `target`; clockwise when both ways are as short."""
    clockwise = next(n for n in ADJACENT[source] if (INDEX[n] - INDEX[source]) % RING == 1)
    counter = next(n for n in ADJACENT[source] if n != clockwise)
    if ring_distance(clockwise, target) <= ring_distance(counter, target):
        return clockwise
    return counter


def nearest(source: str, targets: list[str]) -> str | None:
    """The nearest of `targets`, ties broken clockwise."""
    if not targets:
        return None
    return min(targets, key=lambda t: (ring_distance(source, t),
                                       (INDEX[t] - INDEX[source]) % RING))


def kept_attack_modifiers(g: Game, attacker: str) -> list[dict[str, Any]]:
    """What cards kept in play add to this attacker's rolls: [{"msg": the card, "value"}]."""
    found = []
    for entry in dict.__getitem__(g.state, "in_play"):  # only read: not copied
        for ability in entry["abilities"]:
            if ability.get("timing") != "static":
                continue
            for effect in ability["effects"]:
                ((name, params),) = effect.items()
                if name == "attack_modifier" and params["attacker"] == attacker:
                    card = catalog.card(entry["uid"])["id"]
                    found.append({"msg": msg("bsg.facts.card", card=card),
                                  "value": params["amount"]})
    return found


def launch_bonus(g: Game) -> int:
    total = 0
    for entry in dict.__getitem__(g.state, "in_play"):  # only read: not copied
        for ability in entry["abilities"]:
            for effect in ability.get("effects", []):
                ((name, params),) = effect.items()
                if name == "launch_bonus" and ability.get("timing") == "static":
                    total += params["count"]
    return total


def push_attack(g: Game, attacker: str, target: str, area: str | None = None,
                index: int = 0, modifier: int = 0, piloted: bool = False) -> None:
    """Roll one attack on the table; the result is applied by `_attack_result`."""
    push_roll(g, g.current, msg("bsg.combat.attacks", attacker=_unit(attacker),
                                target=_unit(target)),
              {"kind": "attack", "attacker": attacker, "target": target, "area": area,
               "index": index}, modifier=modifier,
              viper_attacked=target in VIPER_KINDS, piloted=piloted)


def _unit(kind: str) -> Msg:
    """A side of an attack: Galactica, or a ship of a kind."""
    if kind == "galactica":
        return msg("bsg.combat.galactica")
    return msg("bsg.combat.ship", ship=kind)


def outcome_of(attacker: str, target: str, result: int) -> str:
    damage_at, destroy_at = ATTACKS[(attacker, target)]
    if destroy_at is not None and result >= destroy_at:
        return "destroyed"
    if damage_at is not None and result >= damage_at:
        return "damaged"
    return "missed"


def attack_odds(attacker: str, target: str, modifier: int) -> list[Fact]:
    """The outcomes of an attack on the table, each with its odds: "damages on 5–7: 3 in 8",
    "destroys on 8+: 1 in 8"."""
    damage_at, destroy_at = ATTACKS[(attacker, target)]
    found = []
    if damage_at is not None:
        found.append(odds_fact("damaged", damage_at, (destroy_at or 9) - 1, modifier))
    if destroy_at is not None:
        found.append(odds_fact("destroyed", destroy_at, 8, modifier))
    return found


@odds("attack")
def _attack_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    return attack_odds(after["attacker"], after["target"], modifier)


@then("attack")
def _attack_result(g: Game, result: int, after: dict[str, Any]) -> None:
    attacker, target = after["attacker"], after["target"]
    area, index = after["area"], after["index"]
    outcome = outcome_of(attacker, target, result)
    if target == "galactica":
        if outcome == "damaged":
            damage_galactica(g)
        else:
            g.log(msg("bsg.combat.galactica_not_hit"), "ships")
    elif target in VIPER_KINDS:
        if outcome == "missed":
            g.log(msg("bsg.combat.viper_not_hit"), "ships")
        elif index < len(g.state["space"][area]["vipers"]):
            hit_viper(g, area, index, outcome)
    else:
        hit_cylon(g, area, target, index, outcome)


# ---- Cylon ships arriving ------------------------------------------------------------------

def launch_from_basestars(g: Game, kind: str, count: int) -> None:
    """Each basestar (without a Disabled Hangar) launches `count` ships of `kind`; when the
    supply runs short, the current player chooses where the last ones go."""
    if holding(g):  # Negotiations
        return
    count += launch_bonus(g)
    demand: dict[str, int] = {}
    space = dict.__getitem__(g.state, "space")  # only read here: not copied under an action
    for area in AREAS:
        for basestar in space[area]["basestars"]:
            if "disabled_hangar" not in basestar["damage"]:
                demand[area] = demand.get(area, 0) + count
    if not demand:
        return
    left = supply(g, kind) - on_board(g, kind)
    g.log(msg("bsg.combat.basestars_launch", ship=kind,
              places=[msg("bsg.combat.launched_in", n=n, area=a) for a, n in demand.items()]),
          "ships")
    if sum(demand.values()) <= left:
        for area, n in demand.items():
            g.state["space"][area][kind] += n
    elif left > 0:
        g.push({"step": "allocate_ships", "kind": kind, "demand": demand})


@op("launch_ships")
def _launch_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for kind in ("raider", "heavy_raider"):
        if p.get(kind):
            launch_from_basestars(g, kind, p[kind])


# ---- activation ----------------------------------------------------------------------------

@op("activate")
def _activate(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    icon = p["icon"]
    if holding(g):  # Negotiations
        g.log(msg("bsg.daybreak_cards.cylons_held"), "activation")
        return
    if icon == "launch_raiders":
        launch_from_basestars(g, "raider", 3)
    elif icon == "activate_basestars":
        basestars_attack(g)
    elif icon == "activate_heavy_raiders":
        heavy_raiders_activate(g)
    elif p.get("just_placed"):
        placed = g.state.get("last_placed") or {}
        pending = {a: n for a, n in placed.items() if n}
        if pending:
            g.push({"step": "raiders", "pending": pending, "area": None})
    elif on_board(g, "raider") == 0:
        launch_from_basestars(g, "raider", 2)
    else:
        space = dict.__getitem__(g.state, "space")  # only read: not copied under an action
        pending = {a: space[a]["raider"] for a in AREAS if space[a]["raider"]}
        g.push({"step": "raiders", "pending": pending, "area": None})


def basestars_attack(g: Game) -> None:
    space = dict.__getitem__(g.state, "space")  # only read: not copied under an action
    attacks = [area for area in AREAS for basestar in space[area]["basestars"]
               if "disabled_weapons" not in basestar["damage"]]
    for _ in reversed(attacks):  # pushed last-first so they roll in area order
        push_attack(g, "basestar", "galactica")


def heavy_raiders_activate(g: Game) -> None:
    space = g.state["space"]
    if dict.__getitem__(g.state, "centurions"):  # read as it stands: most often none
        g.state["centurions"] = [c + 1 for c in g.state["centurions"]]
        g.log(msg("bsg.combat.centurions_advance"), "boarding",
              track=list(g.state["centurions"]))
        if max(g.state["centurions"]) >= BOARDING_END:
            win(g, "cylons", msg("bsg.combat.centurions_won"))
            return
    if on_board(g, "heavy_raider") == 0:
        launch_from_basestars(g, "heavy_raider", 1)
        return
    moves: dict[str, int] = {}
    for area in AREAS:
        count = space[area]["heavy_raider"]
        if not count:
            continue
        if area in LAUNCH_AREAS:
            for _ in range(count):
                if len(g.state["centurions"]) >= supply(g, "centurion"):
                    break
                space[area]["heavy_raider"] -= 1
                g.state["centurions"].append(0)
                g.log(msg("bsg.combat.heavy_raider_lands"), "boarding")
        else:
            target = nearest(area, LAUNCH_AREAS)
            assert target is not None
            to = step_toward(area, target)
            space[area]["heavy_raider"] -= count
            moves[to] = moves.get(to, 0) + count
            g.log(msg("bsg.combat.heavy_raiders_move", n=count, area=to), "ships")
    for area, count in moves.items():
        space[area]["heavy_raider"] += count


@step("raiders")
def _raiders(g: Game, frame: Frame) -> Prompt | None:
    """Raiders activate one space area at a time, in the order the current player picks; each
    raider does the first thing it can: attack a viper, destroy a civilian ship, move toward
    the nearest civilian ship, or attack Galactica."""
    # only read, as it stands (half the raiders' steps change nothing in space); a raider's
    # move below reaches space to change it
    space = dict.__getitem__(g.state, "space")
    pending = frame["pending"]
    for area in list(pending):
        pending[area] = min(pending[area], space[area]["raider"])
        if pending[area] <= 0:
            del pending[area]
    if frame["area"] is not None and frame["area"] not in pending:
        frame["area"] = None
    if not pending:
        g.pop(frame)
        return None
    if frame["area"] is None:
        if len(pending) > 1:
            return ask(g.current, "raider_order", msg("bsg.combat.raider_order"),
                       [option(msg("bsg.combat.raiders_in", area=a, n=pending[a]), type="area",
                               area=a) for a in AREAS if a in pending])
        frame["area"] = next(iter(pending))
    area = frame["area"]
    here = space[area]
    vipers = here["vipers"]
    if vipers:
        unmanned = [i for i, v in enumerate(vipers) if v["pilot"] is None]
        manned = [i for i, v in enumerate(vipers) if v["pilot"] is not None]
        # an unmanned viper and an unmanned Assault Raptor are different targets (DB-11.4)
        unmanned = [next(i for i in unmanned if ship_kind(vipers[i]) == k)
                    for k in VIPER_KINDS if any(ship_kind(vipers[i]) == k for i in unmanned)]
        if len(unmanned) == 1 or (not unmanned and len(manned) == 1):
            _raider_done(frame, area)
            raider_attacks_viper(g, area, (unmanned or manned)[0])
            return None
        targets = unmanned or manned
        kinds = {ship_kind(vipers[i]) for i in targets}
        if len(kinds) == 1:
            asked = ask(g.current, "raider_target", msg("bsg.combat.raider_attacks", area=area),
                        [option(_viper_label(g, area, i), type="viper", index=i)
                         for i in targets])
            asked["facts"] = attack_odds("raider", kinds.pop(), 0)
            return asked
        # a Viper and an Assault Raptor: each target with its own row of the table
        return ask(g.current, "raider_target", msg("bsg.combat.raider_attacks", area=area),
                   [{**option(_viper_label(g, area, i), type="viper", index=i),
                     "facts": attack_odds("raider", ship_kind(vipers[i]), 0)}
                    for i in targets])
    civilians = here["civilians"]
    if civilians:
        if len(civilians) == 1:
            _raider_done(frame, area)
            destroy_in_space(g, area, len(civilians) - 1)
            return None
        return ask(g.current, "raider_target", msg("bsg.combat.raider_destroys", area=area),
                   [option(msg("bsg.combat.civilian", n=i + 1), type="civilian", index=i)
                    for i in range(len(civilians))])
    with_civilians = [a for a in AREAS if space[a]["civilians"]]
    target = nearest(area, with_civilians)
    _raider_done(frame, area)
    if target is not None:
        to = step_toward(area, target)
        space = g.state["space"]
        space[area]["raider"] -= 1
        space[to]["raider"] += 1
        g.log(msg("bsg.combat.raider_moves", area=area, area_to=to), "ships")
    else:
        push_attack(g, "raider", "galactica")
    return None


def _raider_done(frame: Frame, area: str) -> None:
    frame["pending"][area] -= 1


@answer("raiders")
def _raiders_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "area":
        frame["area"] = action["area"]
        return
    area = frame["area"]
    _raider_done(frame, area)
    if action["type"] == "viper":
        raider_attacks_viper(g, area, action["index"])
    else:
        destroy_in_space(g, area, action["index"])


def raider_attacks_viper(g: Game, area: str, index: int) -> None:
    ship = dict.__getitem__(g.state, "space")[area]["vipers"][index]  # only read: not copied
    push_attack(g, "raider", ship_kind(ship), area, index, piloted=ship["pilot"] is not None)


def hit_viper(g: Game, area: str, index: int, outcome: str) -> None:
    """A viper hit: damaged or destroyed; an Assault Raptor is never damaged, only destroyed
    (DB-11.5). Its pilot goes to Sickbay."""
    vipers = g.state["space"][area]["vipers"]
    viper = vipers.pop(index)
    if outcome == "damaged" and viper["pilot"] is not None \
            and viper_destroyed_not_damaged(g, viper["pilot"]):
        outcome = "destroyed"  # Forced to Eject
    if ship_kind(viper) == ASSAULT:
        g.state["destroyed"][ASSAULT] += 1
        g.log(msg("bsg.assault.destroyed", area=area), "ships")
    elif outcome == "destroyed":
        g.state["destroyed"]["viper"] += 1
        g.log(msg("bsg.combat.viper_destroyed", area=area), "ships")
    else:
        g.state["damaged_vipers"] += 1
        g.log(msg("bsg.combat.viper_damaged", area=area), "ships")
    pilot = viper["pilot"]
    if pilot is not None:
        g.seat(pilot)["viper"] = None
        place(g, pilot, "sickbay")


# ---- damage to Cylon ships -----------------------------------------------------------------

def damage_basestar(g: Game, area: str, index: int, hits: int = 1) -> None:
    basestar = g.state["space"][area]["basestars"][index]
    for _ in range(hits):
        pool = g.state["basestar_tokens"]
        if not pool:
            destroy_basestar(g, area, index)
            return
        token = pool.pop(g.rng.randbelow(len(pool)))
        basestar["damage"].append(token)
        g.log(msg("bsg.combat.basestar_damaged", area=area, damage=token), "ships")
        weight = sum(2 if t == "critical_hit" else 1 for t in basestar["damage"])
        if weight >= 3:
            destroy_basestar(g, area, index)
            return


def destroy_basestar(g: Game, area: str, index: int) -> None:
    basestar = g.state["space"][area]["basestars"].pop(index)
    g.state["basestar_tokens"].extend(basestar["damage"])
    g.log(msg("bsg.combat.basestar_destroyed", area=area), "ships")
    end_kept_cards(g, "basestar_destroyed")


def hit_cylon(g: Game, area: str, target: str, index: int, outcome: str) -> None:
    if outcome == "missed":
        g.log(msg("bsg.combat.miss"), "ships")
        return
    space = g.state["space"][area]
    if target == "basestar":
        if outcome == "destroyed":
            destroy_basestar(g, area, index)
        else:
            damage_basestar(g, area, index)
        return
    space[target] -= 1
    g.log(msg("bsg.space.ship_destroyed", ship=target, area=area), "ships")


def cylon_targets(g: Game, areas: list[str]) -> list[tuple[str, str, int]]:
    found = []
    for area in areas:
        space = g.state["space"][area]
        if space["raider"]:
            found.append((area, "raider", 0))
        if space["heavy_raider"]:
            found.append((area, "heavy_raider", 0))
        for i in range(len(space["basestars"])):
            found.append((area, "basestar", i))
    return found


def target_label(g: Game, area: str, kind: str, index: int) -> Msg:
    """A Cylon ship as a target: "the basestar in <area> (<its damage>)", "a raider in <area>"."""
    if kind == "basestar":
        damage = g.state["space"][area]["basestars"][index]["damage"]
        if damage:
            return msg("bsg.combat.target_basestar_damaged", area=area, damage=list(damage))
        return msg("bsg.combat.target_basestar", area=area)
    return msg("bsg.combat.target_ship", ship=kind, area=area)


def structural(g: Game, area: str, kind: str, index: int) -> int:
    if kind != "basestar":
        return 0
    damage = g.state["space"][area]["basestars"][index]["damage"]
    return STRUCTURAL_DAMAGE if "structural_damage" in damage else 0


def target_modifiers(g: Game, area: str, kind: str, index: int) -> list[dict[str, Any]]:
    """What the target adds to every attack on it: a basestar's Structural Damage."""
    bonus = structural(g, area, kind, index)
    return [{"msg": msg("bsg.facts.damage", damage="structural_damage"), "value": bonus}] \
        if bonus else []


def attack_facts(attacker: str, target: str, modifiers: list[dict[str, Any]]) -> list[Fact]:
    """What an attack's roll adds, and the odds of each outcome with that."""
    return modifier_facts(modifiers) + attack_odds(attacker, target,
                                                   sum(m["value"] for m in modifiers))


# ---- Galactica's guns and nukes ------------------------------------------------------------

@op("galactica_attack")
def _galactica_attack(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if cylon_targets(g, AREAS):
        g.push({"step": "guns", "seat": ctx.get("self", g.current)})


@step("guns")
def _guns(g: Game, frame: Frame) -> Prompt | None:
    targets = cylon_targets(g, AREAS)
    if not targets:
        g.pop(frame)
        return None
    return ask(frame["seat"], "attack", msg("bsg.combat.guns"),
               [{**option(msg("bsg.combat.fire_at", target=target_label(g, a, k, i)),
                          type="target", area=a, kind=k, index=i),
                 "facts": attack_facts("galactica", k, target_modifiers(g, a, k, i))}
                for a, k, i in targets], public=True)


@answer("guns")
def _guns_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    area, kind, index = action["area"], action["kind"], action["index"]
    push_attack(g, "galactica", kind, area, index, structural(g, area, kind, index))


@op("launch_nuke")
def _launch_nuke(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if g.state["nukes"] > 0 and on_board(g, "basestar"):
        g.push({"step": "nuke", "seat": ctx.get("self", g.current)})


@step("nuke")
def _nuke(g: Game, frame: Frame) -> Prompt | None:
    targets = [t for t in cylon_targets(g, AREAS) if t[1] == "basestar"]
    if not targets or g.state["nukes"] <= 0:
        g.pop(frame)
        return None
    return ask(frame["seat"], "nuke", msg("bsg.combat.nuke"),
               [{**option(msg("bsg.combat.nuke_target", target=target_label(g, a, k, i)),
                          type="target", area=a, index=i),
                 "facts": nuke_facts(target_modifiers(g, a, k, i))}
                for a, k, i in targets], public=True)


@answer("nuke")
def _nuke_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    area, index = action["area"], action["index"]
    g.state["nukes"] -= 1
    g.log(msg("bsg.combat.nuke_launched", n=g.state["nukes"]), "nuke")
    push_roll(g, frame["seat"], msg("bsg.combat.nuke_roll"),
              {"kind": "nuke", "area": area, "index": index},
              modifier=structural(g, area, "basestar", index))


def nuke_odds(modifier: int) -> list[Fact]:
    return [odds_fact("twice", 1, NUKE_DESTROYS_AT - 1, modifier),
            odds_fact("destroyed", NUKE_DESTROYS_AT, NUKE_BLAST_AT - 1, modifier),
            odds_fact("blast", NUKE_BLAST_AT, 8, modifier)]


def nuke_facts(modifiers: list[dict[str, Any]]) -> list[Fact]:
    return modifier_facts(modifiers) + nuke_odds(sum(m["value"] for m in modifiers))


@odds("nuke")
def _nuke_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    return nuke_odds(modifier)


@then("nuke")
def _nuke_result(g: Game, result: int, after: dict[str, Any]) -> None:
    area, index = after["area"], after["index"]
    if index >= len(g.state["space"][area]["basestars"]):
        return
    if result < NUKE_DESTROYS_AT:
        damage_basestar(g, area, index, hits=2)
    else:
        destroy_basestar(g, area, index)
        if result >= NUKE_BLAST_AT:
            killed = min(NUKE_BLAST_RAIDERS, g.state["space"][area]["raider"])
            g.state["space"][area]["raider"] -= killed
            if killed:
                g.log(msg("bsg.combat.blast", n=killed), "nuke")


# ---- vipers --------------------------------------------------------------------------------

def _unmanned_areas(g: Game) -> list[tuple[str, str]]:
    """(area, kind) of every kind of unmanned "viper" in space: Assault Raptors apart."""
    return [(a, k) for a in AREAS for k in VIPER_KINDS
            if any(v["pilot"] is None and ship_kind(v) == k for v in g.state["space"][a]["vipers"])]


def viper_options(g: Game, seat: int, piloted: bool) -> list[Any]:
    """One viper activation: launch from the Reserves, move, or attack. In Daybreak games an
    Assault Raptor is a viper too, the options naming it carry `ship: assault_raptor`. None
    while the player cannot pay what a kept card makes an activation cost (Gravity Well)."""
    if len(g.seat_as_is(seat)["hand"]) < viper_activation_cost(g):
        return []
    options = []
    if piloted:
        areas = [(g.seat_as_is(seat)["viper"], pilot_kind(g, seat))]
    else:
        areas = _unmanned_areas(g)
        for k in reserve_kinds(g):
            options += [option(launch_label(k, a), type="launch", area=a, **kind_key(k))
                        for a in LAUNCH_AREAS]
    for area, ship in areas:
        for target in ADJACENT[area]:
            said_move = msg("bsg.assault.move", piloted=piloted, area=area, area_to=target) \
                if ship == ASSAULT else msg("bsg.combat.move_viper", piloted=piloted, area=area,
                                            area_to=target)
            options.append(option(said_move, type="move", area=area, to=target,
                                  **kind_key(ship)))
        for a, kind, index in cylon_targets(g, [area]):
            attacker = fact(msg("bsg.facts.attacker", piloted=piloted, seat=seat, area=area),
                            viper={"area": area, "pilot": seat if piloted else None})
            said_attack = msg("bsg.assault.attack", target=target_label(g, a, kind, index)) \
                if ship == ASSAULT else msg("bsg.combat.attack",
                                            target=target_label(g, a, kind, index))
            options.append({
                **option(said_attack, type="attack", area=a, kind=kind, index=index,
                         **kind_key(ship)),
                "facts": [attacker, *attack_facts(
                    ship, kind, viper_attack_modifiers(g, a, kind, index, piloted))]})
    return options


def launch_label(kind: str, area: str) -> Msg:
    if kind == ASSAULT:
        return msg("bsg.assault.launch_into", area=area)
    return msg("bsg.combat.launch_into", area=area)


@op("activate_vipers")
def _activate_vipers(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    g.push({"step": "viper_activations", "seat": ctx.get("self", g.current), "left": p["count"],
            "piloted": False})


@op("attack_with_viper")
def _attack_with_viper(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and g.seat(seat)["viper"] is not None:
        g.push({"step": "viper_activations", "seat": seat, "left": p["times"], "piloted": True,
                "attack_only": True})


@step("viper_activations")
def _viper_activations(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if frame["piloted"] and g.seat(seat)["viper"] is None:
        g.pop(frame)
        return None
    options = viper_options(g, seat, frame["piloted"])
    if frame.get("attack_only"):
        options = [o for o in options if o["action"]["type"] == "attack"]
    if frame.get("only"):  # one given unmanned ship acts (launch_from_reserves)
        only = frame["only"]
        options = [o for o in options if o["action"]["type"] in ("move", "attack")
                   and o["action"]["area"] == only["area"]
                   and o["action"].get("ship", "viper") == only["ship"]]
    if frame["left"] <= 0 or not options:
        g.pop(frame)
        return None
    options.append(option(msg("bsg.combat.stop_vipers"), type="done"))
    return ask(seat, "vipers", msg("bsg.combat.activations_left", n=frame["left"]), options)


@answer("viper_activations")
def _viper_activations_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "done":
        g.pop(frame)
        return
    frame["left"] -= 1
    if frame.get("only") and action["type"] == "move":
        frame["only"]["area"] = action["to"]
    cost = viper_activation_cost(g)
    if not cost:
        do_viper_activation(g, frame["seat"], action, frame["piloted"])
        return
    # paid first, then the viper acts (Gravity Well)
    g.push({"step": "paid_viper_activation", "seat": frame["seat"], "action": action,
            "piloted": frame["piloted"]})
    push_discard(g, frame["seat"], cost, msg("bsg.combat.viper_activation_cost"), chosen=True)


@step("paid_viper_activation")
def _paid_viper_activation(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    do_viper_activation(g, frame["seat"], frame["action"], frame["piloted"])
    return None


def do_viper_activation(g: Game, seat: int, action: dict[str, Any], piloted: bool) -> None:
    space = g.state["space"]
    kind = action["type"]
    ship = action.get("ship", "viper")
    if kind == "launch":
        g.state["reserves"][ship] -= 1
        space[action["area"]]["vipers"].append(new_ship(ship))
        if ship == ASSAULT:
            g.log(msg("bsg.assault.launches", area=action["area"]), "ships")
        else:
            g.log(msg("bsg.combat.viper_launches", area=action["area"]), "ships")
        viper_from_reserves(g, action["area"])
        return
    area = action["area"]
    if kind == "move":
        vipers = space[area]["vipers"]
        viper = next(v for v in vipers if v["pilot"] == (seat if piloted else None)
                     and (piloted or ship_kind(v) == ship))
        vipers.remove(viper)
        space[action["to"]]["vipers"].append(viper)
        if piloted:
            g.seat(seat)["viper"] = action["to"]
        g.log(msg("bsg.combat.viper_moves", area=area, area_to=action["to"]), "ships")
        return
    target, index = action["kind"], action["index"]
    modifier = sum(m["value"] for m in viper_attack_modifiers(g, area, target, index, piloted))
    attacker = pilot_kind(g, seat) if piloted else ship
    push_attack(g, attacker, target, area, index, modifier)


def viper_attack_modifiers(g: Game, area: str, target: str, index: int, piloted: bool
                           ) -> list[dict[str, Any]]:
    """What is added to a viper's attack roll, and why: the target's Structural Damage, and
    for an unmanned viper the kept cards that change its rolls (Training New Pilots)."""
    found = target_modifiers(g, area, target, index)
    if not piloted:
        found += kept_attack_modifiers(g, "unmanned_viper")
    return found


@op("damage_vipers")
def _damage_vipers(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if p["where"] == "reserves" and in_game(g):
        g.push({"step": "damage_reserves", "seat": ctx.get("self", g.current),
                "left": p["count"]})
        return
    if p["where"] == "reserves":
        hit = min(p["count"], g.state["reserves"]["viper"])
        g.state["reserves"]["viper"] -= hit
        g.state["damaged_vipers"] += hit
        if hit:
            g.log(msg("bsg.combat.reserves_damaged", n=hit), "ships")
        return
    g.push({"step": "damage_vipers", "left": p["count"]})


@step("damage_vipers")
def _damage_vipers_run(g: Game, frame: Frame) -> Prompt | None:
    choices = [(a, i) for a in AREAS for i in range(len(g.state["space"][a]["vipers"]))]
    if frame["left"] <= 0 or not choices:
        g.pop(frame)
        return None
    if len(choices) == 1:
        frame["left"] -= 1
        hit_viper(g, choices[0][0], choices[0][1], "damaged")
        return None
    return ask(g.current, "damage_vipers", msg("bsg.combat.damage_which"),
               [option(msg("bsg.combat.viper_in", viper=_viper_label(g, a, i), area=a),
                       type="viper", area=a, index=i) for a, i in choices])


@answer("damage_vipers")
def _damage_vipers_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    frame["left"] -= 1
    hit_viper(g, action["area"], action["index"], "damaged")


def _viper_label(g: Game, area: str, index: int) -> Msg:
    ship = g.state["space"][area]["vipers"][index]
    pilot = ship["pilot"]
    if ship_kind(ship) == ASSAULT:
        if pilot is None:
            return msg("bsg.assault.unmanned")
        return msg("bsg.assault.piloted", seat=pilot)
    if pilot is None:
        return msg("bsg.combat.unmanned_viper")
    return msg("bsg.combat.pilot_viper", seat=pilot)


@op("repair_ships")
def _repair_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    state = g.state
    vipers = p.get("vipers", 0)
    fixed = min(vipers, state["damaged_vipers"])
    state["damaged_vipers"] -= fixed
    state["reserves"]["viper"] += fixed
    if p.get("destroyed"):
        back = min(vipers - fixed, state["destroyed"]["viper"])
        state["destroyed"]["viper"] -= back
        state["reserves"]["viper"] += back
        fixed += back
        if in_game(g):  # a really destroyed Assault Raptor is a destroyed viper (DB-11.1)
            back = min(vipers - fixed, state["destroyed"][ASSAULT])
            state["destroyed"][ASSAULT] -= back
            state["reserves"][ASSAULT] += back
            fixed += back
        raptors = min(p.get("raptors", 0), state["destroyed"]["raptor"])
        state["destroyed"]["raptor"] -= raptors
        state["reserves"]["raptor"] += raptors
        if raptors:
            g.log(msg("bsg.combat.raptors_back", n=raptors), "repair")
    if fixed:
        g.log(msg("bsg.combat.vipers_repaired", n=fixed), "repair")


@op("inspect_civilians")
def _inspect_civilians(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    g.push({"step": "inspect_civilians", "seat": ctx.get("self", g.current), "left": p["count"],
            "move": bool(p.get("move")), "seen": None})


@step("inspect_civilians")
def _inspect(g: Game, frame: Frame) -> Prompt | None:
    seat = frame["seat"]
    if frame["seen"] is not None:
        area, index = frame["seen"]
        options = [option(msg("bsg.combat.leave_civilian"), type="stay")]
        options += [option(msg("bsg.combat.move_civilian_to", area=t), type="move", to=t)
                    for t in ADJACENT[area]]
        asked = ask(seat, "civilians", msg("bsg.combat.move_civilian", area=area), options)
        asked["cards"] = cards(g.state["space"][area]["civilians"][index])  # the one it saw
        return asked
    looked = frame.get("looked", [])  # "look at 2 ships": two different ones
    ships = [(a, i) for a in AREAS for i, uid in enumerate(g.state["space"][a]["civilians"])
             if uid not in looked]
    if frame["left"] <= 0 or not ships:
        g.pop(frame)
        return None
    return ask(seat, "civilians", msg("bsg.combat.look_which"),
               [option(msg("bsg.combat.civilian_in", n=i + 1, area=a), type="look", area=a,
                       index=i) for a, i in ships], public=True)


@answer("inspect_civilians")
def _inspect_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    seat = frame["seat"]
    if action["type"] == "look":
        area, index = action["area"], action["index"]
        uid = g.state["space"][area]["civilians"][index]
        g.log(msg("bsg.combat.civilian_seen", n=index + 1, area=area,
                  card=catalog.card(uid)["id"]), "civilians", to=[seat])
        g.log(msg("bsg.combat.looks_at_civilian", seat=seat, area=area), "civilians",
              not_to=[seat])
        saw_civilian(g, seat, uid, area)
        frame.setdefault("looked", []).append(uid)
        frame["left"] -= 1
        if frame["move"]:
            frame["seen"] = [area, index]
        return
    area, index = frame["seen"]
    frame["seen"] = None
    if action["type"] == "move":
        uid = g.state["space"][area]["civilians"].pop(index)
        g.state["space"][action["to"]]["civilians"].append(uid)
        g.log(msg("bsg.combat.civilian_moved", seat=seat, area=action["to"]), "ships")
        moved_civilian(g, seat, action["to"])
