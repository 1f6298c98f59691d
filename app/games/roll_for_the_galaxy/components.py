"""Every Roll for the Galaxy component, read once from components/*.yaml and checked strictly
when this module is imported: an unknown field or effect name, or a parameter of the wrong
shape, stops the import with a `ComponentDataError` naming the tile and the effect.

Public API: `DICE` / `die(colour)` (counts and faces), `TILES` / `tile(number)` (the 55
double-sided game tiles), `side(id)` (any tile side, faction half or home world by its id),
`FACTIONS` / `faction(number)`, `HOME_WORLDS` / `home_world(id)`, `SETUP` (the numbers of setup
and of the rules), `vp_pool(players)`; `text_parts(side_id)` gives a side's words as messages.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import yaml

from app.core import Msg, msg
from app.games.roll_for_the_galaxy.effects import (
    DIE_COLOURS,
    END,
    FACES,
    IMMEDIATE,
    POWER,
    REASSIGN_EFFECTS,
    WORLD_COLOURS,
    ComponentDataError,
    check_effect,
    effect_msg,
    effects_msg,
)

HERE = Path(__file__).parent / "components"
Kind = Literal["development", "world"]
Origin = Literal["game_tile", "faction", "home_world"]


@dataclass(frozen=True)
class Effect:
    """One named effect and its parameters, as the tile data gives them."""

    name: str
    value: Any

    @property
    def as_data(self) -> dict[str, Any]:
        """The effect as plain data (`{name: value}`, lists and dicts), as the YAML gives it."""
        return {self.name: _thawed(self.value)}


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


@dataclass(frozen=True)
class DieColour:
    colour: str
    count: int
    faces: tuple[str, ...]

    def faces_of(self, face: str) -> int:
        return self.faces.count(face)


@dataclass(frozen=True)
class Side:
    """A development or a world: a side of a game tile, a half of a faction tile, or a home
    world. `cost` is the printed cost (workers needed before discounts, and VP)."""

    id: str
    kind: Kind
    cost: int
    origin: Origin
    colour: str | None = None  # worlds only: a goods colour or grey
    immediate: tuple[Effect, ...] = ()
    powers: tuple[Effect, ...] = ()
    end_bonus: Effect | None = None

    @property
    def is_reassign(self) -> bool:
        """A reassign-power development (used in Assign; RG-10A.1)."""
        return any(e.name in REASSIGN_EFFECTS for e in self.powers)

    @property
    def holds_goods(self) -> bool:
        return self.kind == "world" and self.colour != "grey"

    @property
    def dev_group(self) -> str | None:
        """The rulebook's three kinds of development: reassign, other, immediate."""
        if self.kind != "development":
            return None
        return "immediate" if self.immediate else "reassign" if self.is_reassign else "other"


@dataclass(frozen=True)
class Tile:
    """A double-sided game tile: a development on one side, a world on the other."""

    number: int
    development: Side
    world: Side

    def side(self, kind: Kind) -> Side:
        return self.development if kind == "development" else self.world


@dataclass(frozen=True)
class Faction:
    """A faction tile: two halves, both scored; it counts as 2 tiles (RG-2.3)."""

    number: int
    halves: tuple[Side, Side]

    @property
    def cost(self) -> int:
        return sum(h.cost for h in self.halves)


@dataclass(frozen=True)
class Setup:
    players_min: int
    players_max: int
    vp_pool_per_player: int
    vp_chips: MappingProxyType[str, int]
    start_credits: int
    max_credits: int
    credits_after_recruit_at_least: int
    start_cup: MappingProxyType[str, int]
    start_citizenry: MappingProxyType[str, int]
    start_construction_tiles: int
    stock_credits: int
    scout_draws_more_than_discarded: int
    goods_per_world: int
    trade_credits: MappingProxyType[str, int]
    consume_vp: MappingProxyType[str, int]
    min_workers_per_tile: int
    end_tableau_tiles: int
    faction_tile_counts_as: int


# ---- loading and checking ------------------------------------------------------------------

def _read(name: str) -> dict[str, Any]:
    data = _interned(yaml.safe_load((HERE / name).read_text("utf-8")))
    if not isinstance(data, dict) or len(data) != 1:
        raise ComponentDataError(f"{name}: one top-level list of components")
    return next(iter(data.values()))


def _interned(value: Any) -> Any:
    """The data with every string interned: a colour, face, phase or side id read from one file
    is then the very object read from another and written in the code ("explore"), so the
    engine's comparisons and lookups of them stop at identity instead of comparing characters."""
    if isinstance(value, str):
        return sys.intern(value)
    if isinstance(value, dict):
        return {_interned(k): _interned(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_interned(v) for v in value]
    return value


def _int(where: str, value: Any, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ComponentDataError(f"{where}: a whole number >= {least}, not {value!r}")
    return value


def _effects(where: str, effects: Any, slot: str) -> tuple[Effect, ...]:
    if not isinstance(effects, list) or not effects:
        raise ComponentDataError(f"{where}: a list of effects, not {effects!r}")
    out = []
    for one in effects:
        try:
            check_effect(one, slot)
        except ComponentDataError as exc:
            raise ComponentDataError(f"{where}: {exc}") from None
        (name, value), = one.items()
        out.append(Effect(name, _frozen(value)))
    return tuple(out)


def _frozen(value: Any) -> Any:
    """Component data nobody can change by accident (the engine never mutates its input)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


SIDE_FIELDS = {"id", "kind", "cost", "colour", "immediate", "powers", "end_bonus"}


def _side(facts: Any, origin: Origin, kind: Any = None) -> Side:
    if not isinstance(facts, dict):
        raise ComponentDataError(f"a tile side is a mapping, not {facts!r}")
    sid = facts.get("id")
    if not isinstance(sid, str) or not sid.isidentifier() or sid != sid.lower():
        raise ComponentDataError(f"a side's id is a lower-case name, not {sid!r}")
    unknown = set(facts) - SIDE_FIELDS
    if unknown:
        raise ComponentDataError(f"{sid}: unknown fields {sorted(unknown)}")
    kind = facts.get("kind", kind)
    if kind not in ("development", "world"):
        raise ComponentDataError(f"{sid}: kind is development or world, not {kind!r}")
    cost = _int(f"{sid} cost", facts.get("cost"))
    if origin == "game_tile" and not 1 <= cost <= 6:
        raise ComponentDataError(f"{sid}: a game tile costs 1 to 6 (RG-2.1), not {cost}")
    immediate = _effects(sid, facts["immediate"], IMMEDIATE) if "immediate" in facts else ()
    powers = _effects(sid, facts["powers"], POWER) if "powers" in facts else ()
    end_bonus = None
    if "end_bonus" in facts:
        bonus = facts["end_bonus"]
        end_bonus = _effects(sid, [bonus] if isinstance(bonus, dict) else bonus, END)[0]
    if kind == "world":
        if facts.get("colour") not in WORLD_COLOURS:
            raise ComponentDataError(f"{sid}: a world's colour is one of {WORLD_COLOURS}")
        if powers or end_bonus or not immediate:
            raise ComponentDataError(f"{sid}: a world has immediate effects and nothing else")
    else:
        if "colour" in facts:
            raise ComponentDataError(f"{sid}: a development has no colour")
        if bool(immediate) == bool(powers):
            raise ComponentDataError(f"{sid}: a development has powers or immediate effects")
        if (end_bonus is not None) != (origin == "game_tile" and cost == 6):
            raise ComponentDataError(f"{sid}: the cost-6 developments, and only they, "
                                     "have an end bonus (RG-2.6)")
    if any(e.name == "start_credits" for e in immediate) and origin != "home_world":
        raise ComponentDataError(f"{sid}: start_credits is a home world's setup effect")
    gains_good = any(e.name == "gain_good" for e in immediate)
    if gains_good and (kind != "world" or facts["colour"] == "grey"):
        raise ComponentDataError(f"{sid}: only a coloured world gains a good (grey holds none)")
    return Side(id=sid, kind=kind, cost=cost, origin=origin, colour=facts.get("colour"),
                immediate=immediate, powers=powers, end_bonus=end_bonus)


def _dice() -> dict[str, DieColour]:
    raw = _read("dice.yaml")
    if list(raw) != list(DIE_COLOURS):
        raise ComponentDataError(f"dice: the colours {DIE_COLOURS} in that order")
    out = {}
    for colour, facts in raw.items():
        if set(facts) != {"count", "faces"}:
            raise ComponentDataError(f"die {colour}: exactly count and faces")
        faces = facts["faces"]
        if not isinstance(faces, list) or len(faces) != 6 or any(f not in FACES for f in faces):
            raise ComponentDataError(f"die {colour}: six faces among {FACES}")
        out[colour] = DieColour(colour, _int(f"die {colour}", facts["count"], 1), tuple(faces))
    return out


def _tiles() -> dict[int, Tile]:
    out = {}
    for number, sides in _read("game_tiles.yaml").items():
        _int("tile number", number, 1)
        if not isinstance(sides, dict) or set(sides) != {"development", "world"}:
            raise ComponentDataError(f"tile {number}: a development side and a world side")
        out[number] = Tile(number, _side(sides["development"], "game_tile", "development"),
                           _side(sides["world"], "game_tile", "world"))
    return out


def _factions() -> dict[int, Faction]:
    out = {}
    for number, halves in _read("factions.yaml").items():
        _int("faction number", number, 1)
        if not isinstance(halves, list) or len(halves) != 2:
            raise ComponentDataError(f"faction {number}: two halves")
        first, second = (_side(h, "faction") for h in halves)
        out[number] = Faction(number, (first, second))
    return out


def _home_worlds() -> dict[str, Side]:
    return {hid: _side({"id": hid, **facts}, "home_world", "world")
            for hid, facts in _read("home_worlds.yaml").items()}


def _setup() -> Setup:
    raw = yaml.safe_load((HERE / "setup.yaml").read_text("utf-8"))
    names = {f for f in Setup.__dataclass_fields__ if f not in ("players_min", "players_max")}
    if set(raw) != names | {"players"}:
        raise ComponentDataError(f"setup: fields {sorted(names | {'players'})}, "
                                 f"not {sorted(raw)}")
    values: dict[str, Any] = {}
    for name in names:
        value = raw[name]
        if isinstance(value, dict):
            for key, n in value.items():
                _int(f"setup {name}.{key}", n)
            values[name] = MappingProxyType(dict(value))
        else:
            values[name] = _int(f"setup {name}", value)
    for colour in (*raw["start_cup"], *raw["start_citizenry"]):
        if colour not in DIE_COLOURS:
            raise ComponentDataError(f"setup: unknown die colour {colour!r}")
    return Setup(players_min=_int("players min", raw["players"]["min"], 1),
                 players_max=_int("players max", raw["players"]["max"], 1), **values)


DICE: dict[str, DieColour] = _dice()
TILES: dict[int, Tile] = _tiles()
FACTIONS: dict[int, Faction] = _factions()
HOME_WORLDS: dict[str, Side] = _home_worlds()
SETUP: Setup = _setup()


def _sides() -> dict[str, Side]:
    everything = [s for t in TILES.values() for s in (t.development, t.world)]
    everything += [h for f in FACTIONS.values() for h in f.halves]
    everything += list(HOME_WORLDS.values())
    out: dict[str, Side] = {}
    for s in everything:
        if s.id in out:
            raise ComponentDataError(f"two sides are called {s.id!r}")
        out[s.id] = s
    return out


SIDES: dict[str, Side] = _sides()
TILE_OF_SIDE: dict[str, int] = {s.id: t.number for t in TILES.values()
                                for s in (t.development, t.world)}


# ---- accessors ------------------------------------------------------------------------------

def die(colour: str) -> DieColour:
    return DICE[colour]


def tile(number: int) -> Tile:
    return TILES[number]


def side(side_id: str) -> Side:
    return SIDES[side_id]


def faction(number: int) -> Faction:
    return FACTIONS[number]


def home_world(world_id: str) -> Side:
    return HOME_WORLDS[world_id]


def vp_pool(players: int) -> int:
    """VP chips in the pool at the start (RG-3.1): 12 a player."""
    if not SETUP.players_min <= players <= SETUP.players_max:
        raise ValueError(f"{players} players: the game takes "
                         f"{SETUP.players_min} to {SETUP.players_max}")
    return SETUP.vp_pool_per_player * players


def is_setup_tile(side_id: str) -> bool:
    return SIDES[side_id].origin != "game_tile"


def text_parts(side_id: str) -> list[Msg]:
    """A side's text as one message per part (immediate effects, powers, the "6+" bonus),
    each worded by the catalogs from its effects."""
    s = SIDES[side_id]
    parts: list[Msg] = []
    if s.immediate:
        key = "roll_for_the_galaxy.text.setup" if s.origin != "game_tile" \
            else "roll_for_the_galaxy.text.immediate"
        parts.append(msg(key, effects=effects_msg([e.as_data for e in s.immediate])))
    for power in s.powers:
        parts.append(msg("roll_for_the_galaxy.text.power", effects=effect_msg(power.as_data)))
    if s.end_bonus is not None:
        parts.append(msg("roll_for_the_galaxy.text.end_bonus",
                         effects=effect_msg(s.end_bonus.as_data)))
    return parts


def facts_msg(side_id: str) -> Msg:
    """Kind, colour and cost in words ("Brown world, cost 3")."""
    s = SIDES[side_id]
    return msg("roll_for_the_galaxy.facts", kind=s.kind, colour=s.colour or "none",
               cost=s.cost)
