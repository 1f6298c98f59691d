"""The effects a Roll for the Galaxy tile is made of: for each name, where it may stand on a tile
(an immediate effect, a lasting power, an end-game bonus), what its parameters must be (checked
when the components load), and its words (one message per effect, worded by the catalogs in each
language). What each effect means for the engine is in COMPONENTS.md, under the same names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.core import Msg, msg

PHASES = ("explore", "develop", "settle", "produce", "ship")
FACES = (*PHASES, "wild")
DIE_COLOURS = ("white", "red", "purple", "blue", "brown", "green", "yellow")
GOODS_COLOURS = ("blue", "brown", "green", "yellow")
WORLD_COLOURS = (*GOODS_COLOURS, "grey")
# What a "6+" bonus counts or adds up: all developments, those with / without a reassign power,
# or the worlds of one colour (the faction tile's halves and the home world included).
TILE_SETS = ("developments", "reassign_developments", "other_developments",
             "blue_worlds", "brown_worlds")

IMMEDIATE = "immediate"  # once, when the tile joins the tableau (at setup for starting tiles)
POWER = "power"  # lasting, from the moment the tile is in the tableau
END = "end"  # a "6+" development's extra VP at game end
SLOTS = (IMMEDIATE, POWER, END)


class ComponentDataError(ValueError):
    pass


Check = Callable[[Any], None]


def _count(value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ComponentDataError(f"a positive whole number, not {value!r}")


def _true(value: Any) -> None:
    if value is not True:
        raise ComponentDataError(f"true (the effect has no parameters), not {value!r}")


def _flag(value: Any) -> None:
    if not isinstance(value, bool):
        raise ComponentDataError(f"true or false, not {value!r}")


def _one_of(*allowed: Any) -> Check:
    def check(value: Any) -> None:
        if value not in allowed:
            raise ComponentDataError(f"one of {allowed}, not {value!r}")
    return check


def _list_of(*allowed: str) -> Check:
    def check(value: Any) -> None:
        if (not isinstance(value, list) or not value or len(set(value)) != len(value)
                or any(v not in allowed for v in value)):
            raise ComponentDataError(f"a list of different values among {allowed}, not {value!r}")
    return check


def _count_or_all(value: Any) -> None:
    if value != "all":
        _count(value)


def _to(value: Any) -> None:
    if value not in ("any", "selected"):
        _list_of(*PHASES)(value)


def _fields(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Check:
    optional = optional or {}

    def check(value: Any) -> None:
        if not isinstance(value, dict):
            raise ComponentDataError(f"fields {sorted(required)}, not {value!r}")
        missing = set(required) - set(value)
        unknown = set(value) - set(required) - set(optional)
        if missing or unknown:
            raise ComponentDataError(
                f"missing {sorted(missing)}, unknown {sorted(unknown)} in {value!r}")
        for name, item in value.items():
            try:
                (required.get(name) or optional[name])(item)
            except ComponentDataError as exc:
                raise ComponentDataError(f"{name}: {exc}") from None
    return check


_phase = _one_of(*PHASES)
_die_colour = _one_of(*DIE_COLOURS)
_worlds = _list_of(*WORLD_COLOURS)

# Defaults of the optional parameters: the engine reads an effect with them filled in.
DEFAULTS: dict[str, dict[str, Any]] = {
    "reassign": {"exactly": False, "die_colours": "any", "from": "any", "to": "any"},
    "settle_discount": {"worlds": "any", "not_below": 1},
    "develop_discount": {"reassign_only": False},
    "completers_to_cup": {"die_colour": "any"},
    "trade_bonus_credits": {"worlds": "any"},
    "consume_bonus_credits": {"worlds": "any"},
    "consume_bonus_vp": {"worlds": "any"},
}


# ---- the words of an effect ----------------------------------------------------------------

def _words_id(values: Any, joiner: str) -> str:
    """A list of colours or phases as the id of its name in the catalogs ("green_or_yellow")."""
    return values if isinstance(values, str) else joiner.join(values)


def _die_set_id(colours: Any) -> str:
    if colours != "any" and set(colours) == set(DIE_COLOURS) - {"white"}:
        return "not_white"
    return _words_id(colours, "_or_")


def _plain(name: str) -> Callable[[Any], Msg]:
    """An effect whose value is its one number (or `true`): the message carries it as `n`."""
    return lambda value: msg("roll_for_the_galaxy.effect." + name, n=value)


def _params(name: str, **rename: str) -> Callable[[Any], Msg]:
    """An effect whose fields become the message's parameters; `rename` gives a field the name
    of its kind in the catalogs (a die colour is an `rfcolour`, a phase an `rfphase` ...)."""
    def words(value: dict[str, Any]) -> Msg:
        full = {**DEFAULTS.get(name, {}), **value}
        params: dict[str, Any] = {}
        for field, item in full.items():
            target = rename.get(field, field)
            if target == "rfonly":
                item = _die_set_id(item)
            elif target in ("rfworlds", "rfphase_to"):
                item = _words_id(item, "_or_")
            elif target in ("rfphase_each", "kinds"):
                item = _words_id(item, "_and_")
            params[target] = item
        return msg("roll_for_the_galaxy.effect." + name, **params)
    return words


# name -> (where it may stand, what its value must be, its words)
EFFECTS: dict[str, tuple[str, Check, Callable[[Any], Msg]]] = {
    # -- immediate effects (worlds, the 3 immediate developments, starting tiles at setup)
    "remove_die": (IMMEDIATE, _count, _plain("remove_die")),
    "gain_dice": (
        IMMEDIATE,
        _fields({"count": _count, "colour": _die_colour, "to": _one_of("cup", "citizenry")}),
        _params("gain_dice", colour="rfcolour")),
    "gain_good": (IMMEDIATE, _count, _plain("gain_good")),
    "gain_credits": (IMMEDIATE, _count, _plain("gain_credits")),
    "start_credits": (IMMEDIATE, _count, _plain("start_credits")),
    # -- Assign: reassign powers and Dictate modifiers
    "reassign": (
        POWER,
        _fields({"dice": _count},
                {"exactly": _flag, "die_colours": _list_of(*DIE_COLOURS), "from": _phase,
                 "to": _to}),
        _params("reassign", die_colours="rfonly", to="rfphase_to", **{"from": "rfphase"})),
    "reassign_if_most_worlds": (
        POWER, _fields({"worlds": _worlds, "alone": _count, "tied": _count}),
        _params("reassign_if_most_worlds", worlds="rfworlds")),
    "dictate_repeatable": (POWER, _true, _plain("dictate_repeatable")),
    "dictate_reassigns": (POWER, _count, _plain("dictate_reassigns")),
    # -- Develop / Settle: cost discounts
    "develop_discount": (
        POWER, _fields({"by": _count}, {"reassign_only": _flag}),
        _params("develop_discount")),
    "settle_discount": (
        POWER, _fields({"by": _count}, {"worlds": _worlds, "not_below": _count}),
        _params("settle_discount", worlds="rfworlds")),
    # -- income at the end of a phase
    "phase_credits": (
        POWER, _fields({"phase": _phase, "amount": _count}),
        _params("phase_credits", phase="rfphase")),
    "phase_vp": (
        POWER, _fields({"phase": _phase, "amount": _count}), _params("phase_vp", phase="rfphase")),
    "phase_credits_per_good_on_worlds": (
        POWER, _fields({"phase": _phase, "worlds": _worlds, "amount": _count}),
        _params("phase_credits_per_good_on_worlds", phase="rfphase", worlds="rfworlds")),
    "phase_credits_per_good_die": (
        POWER, _fields({"phase": _phase, "die_colour": _die_colour, "amount": _count}),
        _params("phase_credits_per_good_die", phase="rfphase", die_colour="rfcolour")),
    "phase_credits_per_citizenry_dice": (
        POWER,
        _fields({"phase": _phase, "die_colour": _die_colour, "per": _count, "amount": _count}),
        _params("phase_credits_per_citizenry_dice", phase="rfphase", die_colour="rfcolour")),
    "phase_credits_if_most_developments": (
        POWER, _fields({"phases": _list_of(*PHASES), "amount": _count}),
        _params("phase_credits_if_most_developments", phases="rfphase_each")),
    "phase_credits_if_own_costliest_worlds": (
        POWER, _fields({"phase": _phase, "amount": _count}),
        _params("phase_credits_if_own_costliest_worlds", phase="rfphase")),
    # -- when a tile is completed
    "credits_per_completion": (
        POWER, _fields({"kinds": _list_of("development", "world"), "amount": _count}),
        _params("credits_per_completion")),
    "credits_per_completed_world": (
        POWER, _fields({"worlds": _worlds, "amount": _count}),
        _params("credits_per_completed_world", worlds="rfworlds")),
    "completers_to_cup": (
        POWER,
        _fields({"phase": _one_of("develop", "settle"), "count": _count_or_all},
                {"die_colour": _die_colour}),
        _params("completers_to_cup", phase="rfphase", die_colour="rfcolour")),
    # -- Ship: per good shipped
    "trade_bonus_credits": (
        POWER, _fields({"amount": _count}, {"worlds": _worlds}),
        _params("trade_bonus_credits", worlds="rfworlds")),
    "consume_bonus_credits": (
        POWER, _fields({"amount": _count}, {"worlds": _worlds}),
        _params("consume_bonus_credits", worlds="rfworlds")),
    "consume_bonus_vp": (
        POWER, _fields({"amount": _count}, {"worlds": _worlds}),
        _params("consume_bonus_vp", worlds="rfworlds")),
    "buy_vp_after_trade": (
        POWER, _fields({"price": _count, "vp": _count}), _params("buy_vp_after_trade")),
    # -- workers that are not dice, Explore, storage
    "extra_worker": (
        POWER, _fields({"phase": _one_of("explore", "ship"), "die_colour": _die_colour}),
        _params("extra_worker", phase="rfphase", die_colour="rfcolour")),
    "scout_to_top": (POWER, _true, _plain("scout_to_top")),
    "rearrange_construction": (POWER, _true, _plain("rearrange_construction")),
    "keep_extra_tile": (POWER, _count, _plain("keep_extra_tile")),
    "credits_if_scouted_with": (
        POWER, _fields({"die_colour": _die_colour, "amount": _count}),
        _params("credits_if_scouted_with", die_colour="rfcolour")),
    "stock_credits_with": (
        POWER, _fields({"die_colour": _die_colour, "amount": _count}),
        _params("stock_credits_with", die_colour="rfcolour")),
    "extra_goods_per_world": (POWER, _count, _plain("extra_goods_per_world")),
    # -- "6+" end-game bonuses
    "vp_per_dice_set": (
        END, _fields({"die_colour": _die_colour, "set": _count, "vp": _count}),
        _params("vp_per_dice_set", die_colour="rfcolour")),
    "vp_per_die_colour_owned": (END, _count, _plain("vp_per_die_colour_owned")),
    "vp_per_cost": (
        END, _fields({"tiles": _one_of(*TILE_SETS), "divisor": _count}),
        _params("vp_per_cost", tiles="rftiles")),
    "vp_per_tile": (
        END, _fields({"tiles": _one_of(*TILE_SETS), "vp": _count}),
        _params("vp_per_tile", tiles="rftiles")),
    "vp_triangular_chips": (END, _true, _plain("vp_triangular_chips")),
    "vp_per_good": (END, _count, _plain("vp_per_good")),
}

REASSIGN_EFFECTS = frozenset({"reassign", "reassign_if_most_worlds", "dictate_repeatable",
                              "dictate_reassigns"})
"""Powers used in Assign: a development with one of them is a reassign-power development (the
rulebook's 18, Backup Planning and Galactic Mandate among them; RG-10A.1)."""


def check_effect(effect: Any, slot: str) -> None:
    if not isinstance(effect, dict) or len(effect) != 1:
        raise ComponentDataError(f"an effect is one name and its value, not {effect!r}")
    (name, value), = effect.items()
    if name not in EFFECTS:
        raise ComponentDataError(f"unknown effect {name!r}")
    where, check, _ = EFFECTS[name]
    if where != slot:
        raise ComponentDataError(f"{name} is an effect of {where!r}, not of {slot!r}")
    try:
        check(value)
    except ComponentDataError as exc:
        raise ComponentDataError(f"{name}: {exc}") from None


def with_defaults(name: str, value: Any) -> Any:
    """An effect's value with its optional parameters filled in."""
    return {**DEFAULTS[name], **value} if name in DEFAULTS else value


def effect_msg(effect: Mapping[str, Any]) -> Msg:
    (name, value), = effect.items()
    return EFFECTS[name][2](value)


def effects_msg(effects: list[Mapping[str, Any]]) -> Msg:
    """A list of effects in words: each effect's words, one after the other."""
    return msg("roll_for_the_galaxy.effects", effects=[effect_msg(e) for e in effects])
