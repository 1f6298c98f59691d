"""What each effect does (the words are in effects.py, under the same names). An effect either
happens at once or pushes a step that asks its seat something (steps.py); the effects after it
wait beneath, in the `effects` step, until that is answered (SR-10.1.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.star_realms.combat import change_authority
from app.games.star_realms.effects import EFFECTS
from app.games.star_realms.formats import base_owners, opponents
from app.games.star_realms.game import Game
from app.games.star_realms.options import said, template
from app.games.star_realms.zones import draw


def run_effects(g: Game, seat: int, card: str, effects: list[dict[str, Any]]) -> None:
    """Queue `effects` of `card` for `seat`; the flow resolves them in order."""
    if effects:
        g.stack.append({"step": "effects", "seat": seat, "card": card, "effects": list(effects)})


def next_effect(g: Game, frame: dict[str, Any]) -> None:
    """Resolve the first waiting effect of an `effects` step."""
    effects = frame["effects"]
    effect = effects.pop(0)
    if not effects:
        g.stack.pop()  # the step is the top of the stack while it resolves
    (name, value), = effect.items()
    RESOLVERS[name](g, frame["seat"], frame["card"], value)


def _pool(name: str) -> Callable[[Game, int, str, Any], None]:
    def gain(g: Game, seat: int, card: str, n: Any) -> None:
        g.seat(seat)[name] += n
    return gain


def _authority(g: Game, seat: int, card: str, n: int) -> None:
    """Authority is gained at once, with no upper limit (SR-3.3, SR-6.2.3)."""
    total = change_authority(g, seat, n)
    g.say(AUTHORITY(seat, n, total), "authority")


AUTHORITY = template("star_realms.ev.authority", "seat", "n", "total")


def _draw(g: Game, seat: int, card: str, n: int) -> None:
    draw(g, seat, n)


def _ask(step: str, **fields: Callable[[Any], Any]) -> Callable[[Game, int, str, Any], None]:
    """An effect that asks its seat: push the step, its fields taken from the effect's value."""
    def push(g: Game, seat: int, card: str, value: Any) -> None:
        g.stack.append({"step": step, "seat": seat, "card": card,
                        **{k: f(value) for k, f in fields.items()}})
    return push


def _opponent_discards(g: Game, seat: int, card: str, n: int) -> None:
    """The target discards a card of their choice, at once (digest 10.1: a decision); an
    empty hand discards nothing. Outposts do not stop it (SR-10.1.2). With several opponents
    the player first chooses which (`target_opponent`)."""
    targets = opponents(g.state, seat)
    if len(targets) > 1:
        g.stack.append({"step": "target_opponent", "seat": seat, "card": card, "left": n,
                        "targets": list(targets)})
    for target in targets[:1] if len(targets) == 1 else ():
        g.stack.append({"step": "discard", "seat": target, "by": seat, "card": card, "left": n})


def _next_acquire_to(g: Game, seat: int, card: str, where: str) -> None:
    g.book(seat)["next_acquire"] = where
    g.say(said("star_realms.ev.next_acquire", seat=seat, where=where), "next_acquire")


def _if_opponent_has_base(g: Game, seat: int, card: str, effects: list[Any]) -> None:
    """Any base of any opponent whose bases the seat may target counts, outposts included
    (Lancer)."""
    if any(g.peek(o)["bases"] for o in base_owners(g.state, seat)):
        run_effects(g, seat, card, effects)


def _if_own_bases(g: Game, seat: int, card: str, value: dict[str, Any]) -> None:
    """The seat's own bases, this one and outposts included (Central Station)."""
    if len(g.peek(seat)["bases"]) >= value["at_least"]:
        run_effects(g, seat, card, value["effects"])


def _per_card_scrapped(g: Game, seat: int, card: str, effects: list[Any]) -> None:
    """Cards scrapped from hand or discard pile this turn by any effect; not Trade Row cards
    nor cards scrapped for their own scrap ability (The Incinerator)."""
    run_effects(g, seat, card, effects * g.book(seat)["scrapped"])


RESOLVERS: dict[str, Callable[[Game, int, str, Any], None]] = {
    "trade": _pool("trade"),
    "combat": _pool("combat"),
    "authority": _authority,
    "draw": _draw,
    "opponent_discards": _opponent_discards,
    "scrap_from": _ask("scrap_from", zones=lambda v: v["zones"], left=lambda v: v["up_to"]),
    "scrap_trade_row": _ask("scrap_trade_row", left=lambda v: v["up_to"]),
    "destroy_base": _ask("destroy_base", may=lambda v: v["may"]),
    "choose": _ask("choose", options=lambda v: v),
    "next_acquire_to": _next_acquire_to,
    "acquire_free": _ask("acquire_free", max_cost=lambda v: v["max_cost"], to=lambda v: v["to"]),
    "discard_for": _ask("discard_for", left=lambda v: v["up_to"], each=lambda v: v["each"]),
    "if_opponent_has_base": _if_opponent_has_base,
    "if_own_bases": _if_own_bases,
    "per_card_scrapped_this_turn": _per_card_scrapped,
    "copy_base": _ask("copy_base"),
}
assert set(RESOLVERS) == set(EFFECTS), "every effect with words is done, and only those"
