"""Lasting rules in force: location passives (Brig, Sickbay), character sheets' static lines,
and the abilities of cards kept in play. Each question the rules ask ("may this player move?",
"what is their hand limit?") is answered here, from the data."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.games.bsg import catalog
from app.games.bsg.conditions import holds
from app.games.bsg.game import Game
from app.games.bsg.leaders import acts_as_cylon, sheet_in_force

DEFAULT_HAND_LIMIT = 10


Abilities = tuple[tuple[dict[str, Any], frozenset[str]], ...]
Sheet = tuple[Abilities, frozenset[str]]
"""Static abilities, each with the names of its operations, and all those names."""


def _op_names(ability: dict[str, Any]) -> frozenset[str]:
    return frozenset(name for op in ability["effects"] for name in op)


def _listed(abilities: list[dict[str, Any]]) -> Sheet:
    named = tuple((a, _op_names(a)) for a in abilities)
    return named, frozenset(n for _, names in named for n in names)


_SHEETS: dict[str, Sheet] = {
    cid: _listed([a for key in ("ability", "weakness")
                  if (a := card.get(key)) and a.get("timing") == "static"])
    for cid, card in catalog.CHARACTERS.items()}
_PASSIVES: dict[str | None, Sheet] = {
    None: ((), frozenset()),
    **{lid: _listed(loc.get("passive") or []) for lid, loc in catalog.LOCATIONS.items()}}
"""Made once from the card data, which never changes while games are played."""


def _one(op: str) -> frozenset[str]:
    found = _ONE.get(op)
    if found is None:
        found = _ONE[op] = frozenset((op,))
    return found


_ONE: dict[str, frozenset[str]] = {}
FORBID = frozenset(("forbid",))
_CARD_LIMITS = frozenset(("no_check_cards", "contribution_limit"))


def _statics(g: Game, ops: frozenset[str], only: int | None = None, every_kept: bool = False
             ) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(op name, params, ctx) of every static operation named in `ops` in force, in the order
    of the seats, then of the kept cards; ctx["self"] is the owner. The question is asked
    many times an action: a seat whose sheet and location have none of the operations asked
    about is passed over before anything else is looked at (sheets, conditions and kept
    cards only read the state). `only`: the owner asked about (a question about one seat's
    hand limit need not weigh the others' sheets); `every_kept`: with `only`, the kept cards
    are still all weighed (they may speak of every player)."""
    sheets, passives = _SHEETS, _PASSIVES
    owners = (enumerate(dict.__getitem__(g.state, "seats")) if only is None
              else ((only, g.seat_as_is(only)),))
    for seat, data in owners:
        character = data["character"]
        if character is None:
            continue
        sheet = sheets[character]
        passive = passives[data["location"]]
        if ops.isdisjoint(sheet[1]) and ops.isdisjoint(passive[1]):
            continue
        if not sheet_in_force(g, seat):
            continue
        if not ops.isdisjoint(passive[1]) and not acts_as_cylon(g, seat):
            for ability, names in passive[0]:
                if not ops.isdisjoint(names):
                    yield from _ops_of(g, ability, {"self": seat}, ops)
        for ability, names in sheet[0]:
            if not ops.isdisjoint(names):
                yield from _ops_of(g, ability, {"self": seat}, ops)
    # read as it stands, without making the action copy the kept cards (nothing here changes
    # them, and what is yielded is only read)
    for kept in dict.__getitem__(g.state, "in_play"):
        if only is not None and not every_kept and kept.get("holder") != only:
            continue
        for ability in kept.get("abilities") or []:
            if ability.get("timing") == "static" and not ops.isdisjoint(_kept_op_names(ability)):
                yield from _ops_of(g, ability, {"self": kept.get("holder")}, ops)


def _nothing_in_force(g: Game, ops: frozenset[str], seat: int, every_kept: bool = False
                      ) -> bool:
    """Whether `_statics(g, ops, seat, every_kept)` surely yields nothing: the seat's sheet and
    location have none of the operations, nor has any kept card it weighs (the common case,
    asked about twice an action: answered without making the generator)."""
    data = g.seat_as_is(seat)
    character = data["character"]
    if character is not None and not (ops.isdisjoint(_SHEETS[character][1])
                                      and ops.isdisjoint(_PASSIVES[data["location"]][1])):
        return False
    for kept in dict.__getitem__(g.state, "in_play"):
        if not every_kept and kept.get("holder") != seat:
            continue
        for ability in kept.get("abilities") or []:
            if ability.get("timing") == "static" and not ops.isdisjoint(_kept_op_names(ability)):
                return False
    return True


def _kept_op_names(ability: dict[str, Any]) -> frozenset[str]:
    """`_op_names` of a kept card's ability, asked for every question while the card is in play:
    kept by the effects list's identity, with the list so that the identity cannot be another
    list's (a state's lists are never changed once made: an action changes its own copies)."""
    effects = ability["effects"]
    kept = _KEPT_NAMES.get(id(effects))
    if kept is not None and kept[0] is effects:
        return kept[1]
    if len(_KEPT_NAMES) >= 4096:
        _KEPT_NAMES.clear()
    names = _op_names(ability)
    _KEPT_NAMES[id(effects)] = (effects, names)
    return names


_KEPT_NAMES: dict[int, tuple[list[dict[str, Any]], frozenset[str]]] = {}


def _ops_of(g: Game, ability: dict[str, Any], ctx: dict[str, Any],  # type: ignore[no-untyped-def]
            ops: frozenset[str]):
    if not holds(g, ability.get("conditions"), ctx):
        return
    for op in ability["effects"]:
        ((name, params),) = op.items()
        if name in ops:
            yield name, params or {}, ctx


def _applies_to(params: dict[str, Any], ctx: dict[str, Any], seat: int) -> bool:
    target = params.get("who")
    if target is None:
        return True
    if target == "self":
        return ctx.get("self") == seat
    return False


def forbidden(
    g: Game, seat: int, action: str, location: str | None = None, ship: str | None = None,
    skill_type: str | None = None,
) -> bool:
    if _SHEET_FORBIDS_OWN and _nothing_in_force(g, FORBID, seat, True):
        return False
    for name, params, ctx in _statics(g, FORBID, seat if _SHEET_FORBIDS_OWN else None, True):
        if name != "forbid" or params["action"] != action or not _applies_to(params, ctx, seat):
            continue
        if params.get("skill_type") and params["skill_type"] != skill_type:
            continue
        if params.get("location") and params["location"] != location:
            continue
        if params.get("ship") and params["ship"] != ship:
            continue
        if params.get("skill_type") and params["skill_type"] != skill_type:
            continue
        if location is not None and location in (params.get("except") or []):
            continue
        if action == "nominate_others_at_administration" and ctx.get("self") == seat:
            continue
        return True
    return False


_SHEET_FORBIDS_OWN = all(
    params.get("who") == "self"
    for abilities, _ in (*_SHEETS.values(), *_PASSIVES.values()) for ability, _ in abilities
    for op in ability["effects"] for name, params in op.items() if name == "forbid")
"""Every sheet's and location's "forbid" speaks of its owner alone (the kept cards' may speak
of everyone): whether a seat is forbidden something then weighs that seat's sheet and
location only, and every kept card."""


def vice_president(g: Game) -> int | None:
    """The holder of a kept card that lets nobody else be nominated at Administration."""
    for name, params, ctx in _statics(g, FORBID):
        if name == "forbid" and params["action"] == "nominate_others_at_administration":
            return ctx.get("self")
    return None


def _number(g: Game, seat: int, op: str) -> int | None:
    ops = _one(op)
    if _nothing_in_force(g, ops, seat):
        return None
    for name, params, ctx in _statics(g, ops, seat):
        if name == op and ctx.get("self") == seat:
            return int(params.get("limit", params.get("count", 0)))
    return None


def viper_activation_cost(g: Game) -> int:
    """How many skill cards a player discards before activating a viper (Gravity Well)."""
    op = "discard_to_activate_viper"
    return sum(int(params["count"]) for name, params, _ in _statics(g, _one(op)) if name == op)


def hand_limit(g: Game, seat: int) -> int:
    return _number(g, seat, "hand_limit") or DEFAULT_HAND_LIMIT


def receive_skills_limit(g: Game, seat: int) -> int | None:
    return _number(g, seat, "receive_skills_limit")


def scout_count(g: Game, seat: int) -> int | None:
    """How many cards a Launch Scout shows this seat, if their sheet says (Raptor Pilot)."""
    return _number(g, seat, "scout_count")


def skill_action_discard(g: Game, seat: int) -> int:
    """How many skill cards this seat discards to play one as an action (Reluctant)."""
    return _number(g, seat, "skill_action_discard") or 0


def crisis_discard_fewer(g: Game, seat: int) -> int:
    """How many fewer cards a Crisis card makes this seat discard (Deceitful)."""
    return _number(g, seat, "crisis_discard_fewer") or 0


def receive_skills_fewer(g: Game, seat: int) -> int:
    """How many fewer skill cards this seat draws in Receive Skills (Family Commitments)."""
    return _number(g, seat, "receive_skills_fewer") or 0


INFILTRATOR_CHECK_CARDS = 2  # an Infiltrating Leader's cards per skill check, 1 in the Brig


def check_card_limit(g: Game, seat: int) -> int | None:
    sheet = _sheet_card_limit(g, seat)
    if sheet is not None:
        return sheet
    # `is_leader` and `is_revealed` written out (asked at every contribution to a check)
    data = g.seat_as_is(seat)
    if data.get("leader") and data["infiltrating"]:  # DB-9.11 (5)
        brig = data["location"] == "brig"
        own = _number(g, seat, "check_card_limit")  # a lasting rule's own limit
        return 1 if brig else (own or INFILTRATOR_CHECK_CARDS)
    if data["revealed"]:
        return 1
    return _number(g, seat, "check_card_limit")


def _sheet_card_limit(g: Game, seat: int) -> int | None:
    """A Cylon Leader's sheet over the usual limits: Vanity adds no card at all in another
    player's Action step; Calculating adds 2, or 3 while Infiltrating (its condition keeps it
    out of the Brig)."""
    if _nothing_in_force(g, _CARD_LIMITS, seat):
        return None
    found = [(name, params) for name, params, ctx in _statics(g, _CARD_LIMITS, seat)
             if ctx.get("self") == seat and name in _CARD_LIMITS]
    if any(name == "no_check_cards" for name, _ in found):
        return 0
    for _, params in found:
        return int(params["infiltrating" if g.seat_as_is(seat).get("infiltrating") else "count"])
    return None


def _has(g: Game, seat: int, op: str) -> bool:
    ops = _one(op)
    return not _nothing_in_force(g, ops, seat) and any(
        name == op and ctx.get("self") == seat for name, _, ctx in _statics(g, ops, seat))


def first_card_face_up(g: Game, seat: int) -> bool:
    """Logic-Bound: the first card this seat adds to a skill check goes in face up."""
    return _has(g, seat, "first_check_card_face_up")


def skips_receive_skills(g: Game, seat: int) -> bool:
    """Grieving: this seat draws nothing in their Receive Skills step."""
    return _has(g, seat, "no_receive_skills")


def move_costs_super_crisis(g: Game, seat: int) -> bool:
    """Heretic: this seat must discard a Super Crisis card to move elsewhere."""
    return _has(g, seat, "move_costs_super_crisis")


def infiltration_skills(g: Game, seat: int) -> int | None:
    """Industrious: the extra skill cards this Infiltrating seat draws (instead of 1)."""
    return _number(g, seat, "infiltration_skills")


def discards_randomly(g: Game, seat: int) -> bool:
    return _has(g, seat, "discard_randomly")


def mutiny_director(g: Game) -> tuple[int, int] | None:
    """(seat, cards looked at) of the sheet that directs every Mutiny draw (the alternate
    Zarek's Necessary Steps), if one is in force."""
    for name, params, ctx in _statics(g, _one("directs_mutiny_draws")):
        if name == "directs_mutiny_draws":
            return int(ctx["self"]), int(params["look"])
    return None


def viper_destroyed_not_damaged(g: Game, seat: int) -> bool:
    """Whether a viper `seat` pilots is destroyed when it would be damaged (Forced to Eject)."""
    return any(name == "damaged_viper_destroyed" and ctx.get("self") == seat
               for name, _, ctx in _statics(g, _one("damaged_viper_destroyed"), seat))
