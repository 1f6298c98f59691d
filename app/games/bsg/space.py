"""The ships in space as bookkeeping: where they are, the Reserves, placing and removing them,
civilian ship losses, Galactica damage tokens and the Boarding Party track.

Activation and attacks are in combat.py.
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, Prompt, msg
from app.core.protocol import Fact
from app.games.bsg import catalog
from app.games.bsg.assault_raptors import (
    ASSAULT,
    VIPER_KINDS,
    keeps_place,
    kind_key,
    new_ship,
    pilot_ship,
    reserve_kinds,
    ship_kind,
)
from app.games.bsg.dice import odds, odds_fact, push_roll, then
from app.games.bsg.effects import op, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.words import said

SUPPLY = catalog.BOARD["supply"]
AREAS = [a["id"] for a in catalog.BOARD["space_areas"]]
LAUNCH_AREAS = [a["id"] for a in catalog.BOARD["space_areas"] if a["launch"]]
BOARDING_END = len(catalog.BOARD["boarding_track"]) - 1
CENTURION_DESTROYED_AT = 7  # an attack on a centurion destroys it on this roll or higher


def on_board(g: Game, kind: str) -> int:
    space = dict.__getitem__(g.state, "space")  # only read: not copied under an action
    if kind == "basestar":
        return sum(len(a["basestars"]) for a in space.values())
    if kind == "civilian":
        return sum(len(a["civilians"]) for a in space.values())
    if kind == "viper":
        return sum(len(a["vipers"]) for a in space.values())
    return sum(a[kind] for a in space.values())


def available(g: Game, kind: str) -> int:
    if kind == "viper":
        return g.state["reserves"]["viper"]
    if kind == "civilian":
        return len(g.deck("civilian_ship"))
    return supply(g, kind) - on_board(g, kind)


def supply(g: Game, kind: str) -> int:
    """How many Cylon ships (or centurions) of a kind the game has: the box's, less those a
    Search for Home Mission removed from the game (Attack on the Colony, The Red Stripes)."""
    return SUPPLY[kind] - g.state.get("cylons_removed", {}).get(kind, 0)


def place_ships(g: Game, where: dict[str, dict[str, int]]) -> None:
    """Put ships in space areas. When the box runs short of a kind, the current player
    chooses which of the placements get the ships that are left."""
    g.state["last_placed"] = {}
    if where:
        g.log(msg("bsg.space.arrive", areas=_arrivals(where)), "ships")
    kinds: list[str] = []
    for ships in where.values():
        kinds += [k for k in ships if k not in kinds]
    for kind in kinds:
        demand = {a: ships[kind] for a, ships in where.items() if ships.get(kind)}
        if sum(demand.values()) <= available(g, kind):
            for area, count in demand.items():
                for _ in range(count):
                    place_one(g, kind, area)
        elif available(g, kind) > 0:
            g.log(msg("bsg.space.not_enough", ship=kind), "ships")
            g.push({"step": "allocate_ships", "kind": kind, "demand": demand})


def _arrivals(where: dict[str, dict[str, int]]) -> Msg:
    """The ships of each area ("area: 2 raiders, 1 basestar"), areas joined by "; "."""
    said_areas = [msg("bsg.space.arrive_area", area=a,
                      ships=[msg("bsg.space.ship_count", n=n, ship=k) for k, n in ships.items()])
                  for a, ships in where.items()]
    joined = said_areas[-1]
    for earlier in reversed(said_areas[:-1]):
        joined = msg("bsg.space.arrive_more", first=earlier, rest=joined)
    return joined


def place_one(g: Game, kind: str, area: str) -> None:
    space = g.state["space"][area]
    if kind in ("raider", "heavy_raider"):
        space[kind] += 1
        if kind == "raider":
            g.state["last_placed"][area] = g.state["last_placed"].get(area, 0) + 1
    elif kind == "basestar":
        space["basestars"].append({"damage": []})
    elif kind == "viper":
        g.state["reserves"]["viper"] -= 1
        space["vipers"].append({"pilot": None})
        viper_from_reserves(g, area)
    else:
        space["civilians"].append(g.deck("civilian_ship").pop())


@step("allocate_ships")
def _allocate(g: Game, frame: Frame) -> Prompt | None:
    kind, demand = frame["kind"], frame["demand"]
    wanted = [a for a, n in demand.items() if n > 0]
    if available(g, kind) > 0 and len(wanted) == 1:  # no choice left to make
        demand[wanted[0]] -= 1
        place_one(g, kind, wanted[0])  # may ask Apollo first: one ship per run
        return None
    if available(g, kind) <= 0 or not wanted:
        g.pop(frame)
        return None
    return ask(g.current, "allocate", msg("bsg.space.too_few", ship=kind),
               [option(msg("bsg.space.wanted", area=a, n=n), type="area", area=a)
                for a, n in demand.items() if n > 0], public=True)


@answer("allocate_ships")
def _allocate_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    frame["demand"][action["area"]] -= 1
    place_one(g, frame["kind"], action["area"])


@op("place_ships")
def _place_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    place_ships(g, p)


def leave_viper(g: Game, seat: int) -> None:
    """A pilot leaves space: the viper (or Assault Raptor) goes back to the Reserves."""
    data = g.seat(seat)
    area = data["viper"]
    if area is None:
        return
    vipers = g.state["space"][area]["vipers"]
    for viper in vipers:
        if viper["pilot"] == seat:
            vipers.remove(viper)
            g.state["reserves"][ship_kind(viper)] += 1
            break
    data["viper"] = None


def launch_pilot(g: Game, seat: int, area: str, kind: str = "viper") -> None:
    """Put `seat` in a viper (or an Assault Raptor) from the Reserves in a launch area."""
    if g.state["reserves"].get(kind, 0) <= 0:
        return
    g.state["reserves"][kind] -= 1
    g.state["space"][area]["vipers"].append(new_ship(kind, seat))
    data = g.seat(seat)
    data["viper"] = area
    data["location"] = None
    if kind == ASSAULT:
        g.log(msg("bsg.assault.pilot_launches", seat=seat, area=area), "ships")
    else:
        g.log(msg("bsg.space.pilot_launches", seat=seat, area=area), "ships")


def clear_space(g: Game) -> None:
    """At a jump every ship leaves: Cylon ships to the supply, vipers to the Reserves, civilian
    ships back into their pile, pilots to the Hangar Deck."""
    return_vipers(g)
    for area in g.state["space"].values():
        g.deck("civilian_ship").extend(area["civilians"])
        for basestar in area["basestars"]:
            g.state["basestar_tokens"].extend(basestar["damage"])
        area.update(raider=0, heavy_raider=0, basestars=[], civilians=[])
    g.rng.shuffle(g.deck("civilian_ship"))


def end_kept_cards(g: Game, event: str) -> None:
    """Cards kept in play until a civilian ship or a basestar is destroyed leave now."""
    from app.games.bsg.titles import discard_kept

    # read as it stands (most often nothing leaves): `discard_kept` reaches the kept cards to
    # change them, and takes out the entry equal to this one
    for entry in [e for e in dict.__getitem__(g.state, "in_play") if event in e["until"]]:
        discard_kept(g, entry)


def destroy_civilian(g: Game, uid: str) -> None:
    end_kept_cards(g, "civilian_destroyed")
    loss = catalog.card(uid)["loss"]
    g.state["removed"].append(uid)
    if loss:
        g.log(msg("bsg.space.civilian_destroyed",
                  losses=[msg("bsg.space.loss", n=n, resource=r) for r, n in loss.items()]),
              "civilian")
    else:
        g.log(msg("bsg.space.civilian_destroyed_empty"), "civilian")
    for resource, amount in loss.items():
        g.gain(resource, -amount)


DOOMED = "doomed_civilian"
"""The aside zone of a civilian ship taken from its space area to be destroyed, while a sheet
may still spare it (Daybreak's Escort, escort.py)."""


def destroy_in_space(g: Game, area: str, index: int) -> bool:
    """The civilian ship at `index` of `area` is turned over and destroyed; when a sheet may
    spare it first (Escort), its owner is asked before, and the ship waits aside unseen.
    Returns whether it waits."""
    from app.games.bsg.abilities import character_abilities, offer

    uid = g.state["space"][area]["civilians"].pop(index)
    seats = g.clockwise_from(g.current)
    if not any(character_abilities(g, "before_civilian_destroyed", seats)):
        destroy_civilian(g, uid)
        return False
    g.state["aside"].setdefault(DOOMED, []).append(uid)
    g.push({"step": "doomed_civilian", "uid": uid})
    offer(g, "before_civilian_destroyed", seats, {"area": area})
    return True


@step("doomed_civilian")
def _doomed_civilian(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    if g.take_aside(DOOMED, frame["uid"]):  # not spared meanwhile
        destroy_civilian(g, frame["uid"])
    return None


@op("destroy_civilians")
def _destroy_civilians(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    g.push({"step": "destroy_civilians", "left": p["count"]})


@step("destroy_civilians")
def _destroy_civilians_run(g: Game, frame: Frame) -> Prompt | None:
    """Each ship is drawn from the pile; once the pile is empty, the current player picks one
    of the ships in space (FAQ; the rulebook's "the current player decides" for components that
    run out)."""
    while frame["left"] > 0:
        if g.deck("civilian_ship"):
            frame["left"] -= 1
            destroy_civilian(g, g.deck("civilian_ship").pop())
            continue
        ships = [(a, i) for a in AREAS for i in range(len(g.state["space"][a]["civilians"]))]
        if not ships:
            break
        if len(ships) > 1:
            return ask(g.current, "destroy_civilian", msg("bsg.space.destroy_which_civilian"),
                       [option(msg("bsg.combat.civilian_in", n=i + 1, area=a), type="civilian",
                               area=a, index=i) for a, i in ships])
        frame["left"] -= 1
        area, index = ships[0]
        if destroy_in_space(g, area, index):
            return None  # the rest after Escort's question
    g.pop(frame)
    return None


@answer("destroy_civilians")
def _destroy_civilians_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    frame["left"] -= 1
    destroy_in_space(g, action["area"], action["index"])


@op("destroy_raptors")
def _destroy_raptors(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    lost = min(p["count"], g.state["reserves"]["raptor"])
    if lost:
        g.state["reserves"]["raptor"] -= lost
        g.state["destroyed"]["raptor"] += lost
        g.log(msg("bsg.space.raptors_destroyed", n=lost), "ships")


@op("risk")
def _risk(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    kind = p["ship"]
    if dict.__getitem__(g.state, "reserves")[kind] < p["count"]:  # only read: not copied
        g.log(msg("bsg.space.no_risk", ship=kind), "ships")
        return
    push_roll(g, ctx.get("self", g.current), msg("bsg.space.risking", ship=kind),
              {"kind": "risk", "need": p["need"], "success": p["success"],
               "failure": p["failure"], "ctx": dict(ctx)})


@odds("risk")
def _risk_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    return [odds_fact("success", after["need"], 8, modifier)]


@then("risk")
def _risk_result(g: Game, result: int, after: dict[str, Any]) -> None:
    push_effects(g, after["success"] if result >= after["need"] else after["failure"],
                 after["ctx"])


def damage_galactica(g: Game) -> None:
    """Draw a random damage token: a location is damaged (everyone there goes to Sickbay), or a
    resource is lost; six damaged locations destroy Galactica."""
    deck = g.deck("galactica_damage")
    if deck:
        apply_damage_token(g, deck.pop())


def apply_damage_token(g: Game, uid: str) -> None:
    from app.games.bsg.effects import push_effects
    from app.games.bsg.endgame import win
    from app.games.bsg.places import place

    token = catalog.card(uid)
    g.log(msg("bsg.space.galactica_damaged", card=token["id"]), "damage")
    if token.get("location"):
        g.state["damage"].append(uid)
        for seat in g.seats_range():
            # only read: the seats sent to Sickbay are copied by `place`, the others not at all
            if g.seat_as_is(seat)["location"] == token["location"] and not g.is_revealed(seat):
                place(g, seat, "sickbay")
        damaged = sum(1 for t in g.state["damage"] if catalog.card(t).get("location"))
        if damaged >= 6:
            win(g, "cylons", msg("bsg.space.galactica_destroyed"))
    else:
        g.state["removed"].append(uid)
        push_effects(g, token["effects"], {})


def damaged_locations(g: Game) -> set[str]:
    return damaged_locations_of(g.state)


def damaged_locations_of(state: dict[str, Any]) -> set[str]:
    # read as it stands: not copied under an action (changing.py)
    return {catalog.card(t)["location"] for t in dict.__getitem__(state, "damage")
            if catalog.card(t).get("location")}


@op("damage_galactica")
def _damage_galactica(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if not p.get("look"):
        for _ in range(p["count"]):
            damage_galactica(g)
        return
    from app.games.bsg.who import who_one

    chooser = who_one(g, p["chooser"], ctx) if p.get("chooser") else ctx.get("self", g.current)
    deck = g.deck("galactica_damage")
    drawn = [deck.pop() for _ in range(min(p["look"], len(deck)))]
    g.state["aside"]["damage_choice"] = drawn
    g.log_private(chooser, msg("bsg.space.you_draw_damage",
                               tokens=[msg("bsg.space.token", card=catalog.card(u)["id"])
                                       for u in drawn]),
                  msg("bsg.space.draws_damage", seat=chooser, n=len(drawn)), "damage")
    g.push({"step": "damage_choice", "seat": chooser, "left": p["count"]})


@step("damage_choice")
def _damage_choice(g: Game, frame: Frame) -> Prompt | None:
    drawn = g.state["aside"].get("damage_choice", [])
    if frame["left"] <= 0 or not drawn:
        g.pop(frame)
        rest = g.state["aside"].pop("damage_choice", [])
        g.deck("galactica_damage").extend(rest)  # the others go back unseen
        g.rng.shuffle(g.deck("galactica_damage"))
        return None
    return ask(frame["seat"], "damage_choice", msg("bsg.space.choose_damage"),
               [option(said(catalog.card(u)), type="token", token=u) for u in drawn],
               public=True)  # how many tokens were drawn is public


@answer("damage_choice")
def _damage_choice_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.take_aside("damage_choice", action["token"])
    frame["left"] -= 1
    apply_damage_token(g, action["token"])


@op("repair_location")
def _repair_location(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    from app.games.bsg.who import who_one

    seat = who_one(g, p["who"], ctx)
    repair(g, None if seat is None else g.seat(seat)["location"])


def repair(g: Game, location: str | None) -> None:
    """The damage token on `location` goes back into the damage deck, shuffled."""
    for uid in list(g.state["damage"]):
        if catalog.card(uid).get("location") == location:
            g.state["damage"].remove(uid)
            g.deck("galactica_damage").append(uid)
            g.rng.shuffle(g.deck("galactica_damage"))
            g.log(msg("bsg.space.repaired", location=location), "repair")


@op("add_centurions")
def _add_centurions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for _ in range(p["count"]):
        if len(g.state["centurions"]) < supply(g, "centurion"):
            g.state["centurions"].append(0)
            g.log(msg("bsg.space.centurion_boards"), "boarding")


@op("destroy_centurions")
def _destroy_centurions(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for _ in range(p["count"]):
        if g.state["centurions"]:
            g.state["centurions"].remove(max(g.state["centurions"]))
            g.log(msg("bsg.space.centurion_destroyed"), "boarding")


@op("attack_centurion")
def _attack_centurion(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if g.state["centurions"]:
        push_roll(g, ctx.get("self", g.current), msg("bsg.space.attacking_centurion"),
                  {"kind": "centurion"}, modifier=p.get("modifier", 0))


@odds("centurion")
def _centurion_odds(g: Game, after: dict[str, Any], modifier: int) -> list[Fact]:
    return [odds_fact("destroyed", CENTURION_DESTROYED_AT, 8, modifier)]


@then("centurion")
def _centurion_result(g: Game, result: int, after: dict[str, Any]) -> None:
    if result >= CENTURION_DESTROYED_AT and g.state["centurions"]:
        g.state["centurions"].remove(max(g.state["centurions"]))
        g.log(msg("bsg.space.the_centurion_destroyed"), "boarding")
    elif result < CENTURION_DESTROYED_AT:
        g.log(msg("bsg.space.centurion_survives"), "boarding")


def return_vipers(g: Game) -> None:
    """Every viper in space goes back to the Reserves; its pilot to the Hangar Deck. An
    Assault Raptor chosen to stay at a jump (DB-11.7) keeps its place and its pilot."""
    for seat in g.seats_range():
        ship = pilot_ship(g, seat)
        if ship is not None and ship.get("stays"):
            continue
        if g.seat_as_is(seat)["viper"] is not None:  # only read: `leave_viper` reaches it
            leave_viper(g, seat)
            g.seat(seat)["location"] = "hangar_deck"
    for area in g.state["space"].values():
        kept = [v for v in area["vipers"] if keeps_place(v)]
        for ship in area["vipers"]:
            if ship not in kept:
                g.state["reserves"][ship_kind(ship)] += 1
        area["vipers"] = kept


@op("recall_vipers")
def _recall_vipers(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    return_vipers(g)
    g.log(msg("bsg.space.vipers_return"), "ships")


@op("launch_and_pilot")
def _launch_and_pilot(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    from app.games.bsg.who import who_one

    seat = who_one(g, p["who"], ctx)
    if seat is None:
        return
    if reserve_kinds(g):
        g.push({"step": "launch_area", "seat": seat})
    elif _unmanned_in_space(g):
        g.push({"step": "launch_area", "seat": seat})
        g.push({"step": "recall_viper", "seat": seat})


def viper_to_launch(g: Game) -> bool:
    """Whether a pilot could launch now: a viper in the Reserves, or an unmanned one in space
    to bring back first (Hangar Deck)."""
    return bool(reserve_kinds(g)) or _unmanned_in_space(g)


def _unmanned_in_space(g: Game) -> bool:
    space = dict.__getitem__(g.state, "space")  # only read: not copied under an action
    return any(v["pilot"] is None for a in AREAS for v in space[a]["vipers"])


@step("recall_viper")
def _recall_viper(g: Game, frame: Frame) -> Prompt | None:
    """No viper is left in the Reserves: an unmanned one comes back from space first."""
    unmanned = [(a, k) for a in AREAS for k in VIPER_KINDS
                 if any(v["pilot"] is None and ship_kind(v) == k
                        for v in g.state["space"][a]["vipers"])]
    return ask(frame["seat"], "recall", msg("bsg.space.recall"),
               [option(_area_of(a, k), type="area", area=a, **kind_key(k)) for a, k in unmanned],
               public=True)


def _area_of(area: str, kind: str) -> Msg:
    """A space area, and for an Assault Raptor the ship too."""
    if kind == ASSAULT:
        return msg("bsg.assault.in_area", area=area)
    return msg("bsg.space.area", area=area)


@answer("recall_viper")
def _recall_viper_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    kind = action.get("ship", "viper")
    vipers = g.state["space"][action["area"]]["vipers"]
    vipers.remove(next(v for v in vipers if v["pilot"] is None and ship_kind(v) == kind))
    g.state["reserves"][kind] += 1
    g.log(msg("bsg.space.viper_returns", area=action["area"]), "ships")


@step("launch_area")
def _launch_area(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "launch", msg("bsg.space.launch"),
               [option(_area_of(a, k), type="area", area=a, **kind_key(k))
                for k in reserve_kinds(g) for a in LAUNCH_AREAS])


@answer("launch_area")
def _launch_area_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    launch_pilot(g, frame["seat"], action["area"], action.get("ship", "viper"))


def _areas_with(g: Game, kind: str) -> list[str]:
    key = "basestars" if kind == "basestar" else kind
    return [a for a in AREAS if g.state["space"][a][key]]


@op("destroy_ships")
def _destroy_ships(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    chooser = ctx.get("self", g.current)
    g.push({"step": "destroy_ships", "seat": chooser, "left": dict(p)})


@step("destroy_ships")
def _destroy_ships_run(g: Game, frame: Frame) -> Prompt | None:
    for kind in list(frame["left"]):
        while frame["left"][kind] > 0:
            areas = _areas_with(g, kind)
            if not areas:
                frame["left"][kind] = 0
                break
            if len(areas) > 1:
                return ask(frame["seat"], "destroy_ships",
                           msg("bsg.space.destroy_where", ship=kind),
                           [option(msg("bsg.space.area", area=a), type="area", kind=kind,
                                   area=a) for a in areas])
            destroy_ship(g, kind, areas[0])
            frame["left"][kind] -= 1
    g.pop(frame)
    return None


@answer("destroy_ships")
def _destroy_ships_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    destroy_ship(g, action["kind"], action["area"])
    frame["left"][action["kind"]] -= 1


def destroy_ship(g: Game, kind: str, area: str) -> None:
    ships = g.state["space"][area]
    if kind == "basestar":  # as in combat: its damage tokens go back to the pool
        from app.games.bsg.combat import destroy_basestar

        destroy_basestar(g, area, len(ships["basestars"]) - 1)
        return
    ships[kind] -= 1
    g.log(msg("bsg.space.ship_destroyed", ship=kind, area=area), "ships")



def viper_from_reserves(g: Game, area: str) -> None:
    """Apollo's Alert Viper Pilot may jump into a viper just placed from the Reserves."""
    from app.games.bsg.abilities import offer

    offer(g, "viper_launched_from_reserves", list(g.seats_range()), {"area": area})
