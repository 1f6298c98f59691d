"""The effects a Colony Wars card's abilities are made of: what each may carry in the card data,
checked when the cards load, and how its words are made (a message per effect, worded by the
catalogs in every language). What each effect does is in resolve.py, under the same names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import Msg, msg

ZONES = ("hand", "discard")
DESTINATIONS = ("discard", "hand", "top")
FACTIONS = ("blob", "trade_federation", "star_empire", "machine_cult")


class CardDataError(ValueError):
    pass


def _count(value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise CardDataError(f"a positive whole number, not {value!r}")


def _fields(value: Any, **kinds: Callable[[Any], None]) -> None:
    if not isinstance(value, dict) or set(value) != set(kinds):
        raise CardDataError(f"exactly {sorted(kinds)}, not {value!r}")
    for name, check in kinds.items():
        check(value[name])


def _effects(value: Any) -> None:
    if not isinstance(value, list) or not value:
        raise CardDataError(f"a list of effects, not {value!r}")
    for effect in value:
        check_effect(effect)


def _options(value: Any) -> None:
    if not isinstance(value, list) or len(value) != 2:
        raise CardDataError(f"two lists of effects to choose between, not {value!r}")
    for option in value:
        _effects(option)


def _one_of(*allowed: Any) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if value not in allowed:
            raise CardDataError(f"one of {allowed}, not {value!r}")
    return check


def _zones(value: Any) -> None:
    if not isinstance(value, list) or not value or any(z not in ZONES for z in value):
        raise CardDataError(f"zones among {ZONES}, not {value!r}")


def _boolean(value: Any) -> None:
    if not isinstance(value, bool):
        raise CardDataError(f"true or false, not {value!r}")


def effects_msg(effects: list[dict[str, Any]]) -> Msg:
    """A list of effects in words: each effect's words, one after the other."""
    return msg("star_realms.effects", effects=[effect_msg(e) for e in effects])


def _gain(name: str) -> Callable[[Any], Msg]:
    return lambda n: msg("star_realms.effect." + name, n=n)


def _zone_word(zones: list[str]) -> str:
    return "hand_or_discard" if len(zones) > 1 else zones[0]


def _choice(options: list[list[dict[str, Any]]]) -> Msg:
    first, second = options
    return msg("star_realms.effect.either", first=effects_msg(first), second=effects_msg(second))


# name -> (what its value must be, its words)
EFFECTS: dict[str, tuple[Callable[[Any], None], Callable[[Any], Msg]]] = {
    "trade": (_count, _gain("trade")),
    "combat": (_count, _gain("combat")),
    "authority": (_count, _gain("authority")),
    "draw": (_count, _gain("draw")),
    "opponent_discards": (_count, _gain("opponent_discards")),
    "scrap_from": (
        lambda v: _fields(v, zones=_zones, up_to=_count),
        lambda v: msg("star_realms.effect.scrap_from", n=v["up_to"], zone=_zone_word(v["zones"]))),
    "scrap_trade_row": (
        lambda v: _fields(v, up_to=_count),
        lambda v: msg("star_realms.effect.scrap_trade_row", n=v["up_to"])),
    "destroy_base": (
        lambda v: _fields(v, may=_boolean),
        lambda v: msg("star_realms.effect.destroy_base", may=v["may"])),
    "choose": (_options, _choice),
    "next_acquire_to": (
        _one_of("top", "hand"),
        lambda v: msg("star_realms.effect.next_acquire_to", where=v)),
    "acquire_free": (
        lambda v: _fields(v, max_cost=_count, to=_one_of(*DESTINATIONS)),
        lambda v: msg("star_realms.effect.acquire_free", n=v["max_cost"], where=v["to"])),
    "discard_for": (
        lambda v: (_fields(v, up_to=_count, each=lambda e: None),
                   _effects(v["each"][0]) if len(v["each"]) == 1 else _options(v["each"])),
        lambda v: msg("star_realms.effect.discard_for", n=v["up_to"],
                      gain=effects_msg(v["each"][0]) if len(v["each"]) == 1
                      else _choice(v["each"]))),
    "if_opponent_has_base": (
        _effects,
        lambda v: msg("star_realms.effect.if_opponent_has_base", then=effects_msg(v))),
    "if_own_bases": (
        lambda v: _fields(v, at_least=_count, effects=_effects),
        lambda v: msg("star_realms.effect.if_own_bases", n=v["at_least"],
                      then=effects_msg(v["effects"]))),
    "per_card_scrapped_this_turn": (
        _effects,
        lambda v: msg("star_realms.effect.per_card_scrapped_this_turn", each=effects_msg(v))),
    "copy_base": (lambda v: _one_of(True)(v), lambda v: msg("star_realms.effect.copy_base")),
}


def check_effect(effect: Any) -> None:
    if not isinstance(effect, dict) or len(effect) != 1:
        raise CardDataError(f"an effect is one name and its value, not {effect!r}")
    (name, value), = effect.items()
    if name not in EFFECTS:
        raise CardDataError(f"unknown effect {name!r}")
    try:
        EFFECTS[name][0](value)
    except CardDataError as exc:
        raise CardDataError(f"{name}: {exc}") from None


def effect_msg(effect: dict[str, Any]) -> Msg:
    (name, value), = effect.items()
    return EFFECTS[name][1](value)


def effect_name(effect: dict[str, Any]) -> str:
    return next(iter(effect))
