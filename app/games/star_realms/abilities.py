"""Playing cards and using their abilities (SR-6.1 to SR-6.4): a ship's primary fires when it
is played; a base's primary, and every ally and scrap ability, when its owner chooses, each at
most once a turn; an ally ability needs another card of its faction in its owner's play."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.games.star_realms.carddata import CARD_OF_UID, CARDS, CID_OF_UID, card_id, faction_of
from app.games.star_realms.game import Game
from app.games.star_realms.options import template
from app.games.star_realms.resolve import run_effects
from app.games.star_realms.zones import remove_from_play, to_scrap_heap


def acting_card(g: Game, uid: str) -> dict[str, Any]:
    """The card whose abilities `uid` has now: Stealth Tower's copy until its turn ends."""
    copied = g.state["copies"].get(uid)
    return CARDS[copied or card_id(uid)]


def factions(g: Game, uid: str) -> set[str]:
    """A copy keeps its own faction and gains the copied card's (Stealth Tower)."""
    own = faction_of(uid)
    out = {own} if own else set()
    copied = g.state["copies"].get(uid)
    if copied and CARDS[copied]["faction"]:
        out.add(CARDS[copied]["faction"])
    return out


def in_play(g: Game, seat: int) -> list[str]:
    data = g.peek(seat)
    return data["ships"] + data["bases"]


def has_ally(g: Game, seat: int, uid: str) -> bool:
    """Another of the seat's cards in play (bases from earlier turns too, A3) shares the
    faction of the ability (SR-6.3.2); teammates' cards never count (SR-6.3.4)."""
    wanted = acting_card(g, uid)["faction"]
    return wanted is not None and any(
        other != uid and wanted in factions(g, other) for other in in_play(g, seat))


def used(g: Game, uid: str, ability: str) -> bool:
    return f"{uid}/{ability}" in g.state["used"]


def usable(g: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """(card, ability) pairs the seat may use now in its main phase: a base's primary, an
    ally ability whose faction has another card in play (has_ally, counted at once here), a
    scrap ability. Kept for what they depend on: in Hydra's team turns every member's
    options are made again after each action, most members' cards unchanged."""
    if g.state["copies"]:
        return tuple(_usable_with_copies(g, seat))
    data = g.seats[seat]
    return _usable(tuple(data["ships"]), tuple(data["bases"]), tuple(g.state["used"]))[0]


Pairs = tuple[tuple[str, str], ...]


@lru_cache(maxsize=1 << 14)
def _usable(ships: tuple[str, ...], bases: tuple[str, ...], done: tuple[str, ...]
            ) -> tuple[Pairs, Pairs]:
    """`usable` with no copy in play, and those of them that `use_gains` uses at once."""
    found = _found(ships, bases, done)
    return found, tuple((uid, a) for uid, a in found
                        if a != "scrap" and (CID_OF_UID[uid], a) in GAINS_ONLY)


def _found(ships: tuple[str, ...], bases: tuple[str, ...], done: tuple[str, ...]) -> Pairs:
    cards = ships + bases
    if not cards:
        return ()
    count: dict[str | None, int] = {}
    for uid in cards:
        f = ABILITIES[uid][3]
        count[f] = count.get(f, 0) + 1
    out = []
    for uid in cards:
        primary, ally, scrap, faction = ABILITIES[uid]
        if primary and uid in bases and uid + "/primary" not in done:
            out.append((uid, "primary"))
        if ally and count[faction] > 1 and uid + "/ally" not in done:
            out.append((uid, "ally"))
        if scrap:
            out.append((uid, "scrap"))
    return tuple(out)


def _usable_with_copies(g: Game, seat: int) -> list[tuple[str, str]]:
    """As `usable`, with a Stealth Tower's copy in play (its abilities and factions)."""
    data = g.peek(seat)
    bases = data["bases"]
    cards = data["ships"] + bases
    done = g.state["used"]
    out = []
    for uid in cards:
        c = acting_card(g, uid)
        if c["kind"] == "base" and c.get("primary") and uid in bases \
                and uid + "/primary" not in done:
            out.append((uid, "primary"))
        if c.get("ally") and uid + "/ally" not in done and has_ally(g, seat, uid):
            out.append((uid, "ally"))
        if c.get("scrap"):
            out.append((uid, "scrap"))
    return out


ABILITIES: dict[str, tuple[bool, bool, bool, str | None]] = {
    uid: (c["kind"] == "base" and bool(c.get("primary")), bool(c.get("ally")),
          bool(c.get("scrap")), c["faction"])
    for uid, c in CARD_OF_UID.items()}
"""For each card: has a base primary, an ally ability, a scrap ability; its faction."""


GAINS = frozenset({"trade", "combat", "authority"})


def only_gains(effects: list[dict[str, Any]]) -> bool:
    """Abilities that only add to the pools or to Authority: using them sooner never changes
    anything, as the pools last the whole main phase and nothing depends on one's Authority."""
    return all(next(iter(e)) in GAINS for e in effects)


GAINS_ONLY = frozenset((cid, a) for cid, c in CARDS.items() for a in ("primary", "ally")
                       if c.get(a) and only_gains(c[a]))
"""(card id, ability) of the abilities that `only_gains`."""
SILENT = {(cid, a): tuple((k, v) for e in c[a] for k, v in e.items())
          for cid, c in CARDS.items() for a in ("primary", "ally", "scrap")
          if c.get(a) and all(next(iter(e)) in ("trade", "combat") for e in c[a])}
"""(card id, ability) -> its gains, for the abilities that only add to the trade or combat
pool. They are added at once where they would have been queued last (`play`, `use`): such an
effect resolves before anything else anyway, says nothing, and nothing reads the pools in
between, so queuing it (a step made, run and popped) changed nothing but the time."""
PLAYED = template("star_realms.ev.played", "seat", "srcard")
USED = template("star_realms.ev.ability", "seat", "srcard", "ability")
SILENT_PRIMARY = {cid: gains for (cid, a), gains in SILENT.items() if a == "primary"}
LASTING = {cid: c["whenever_you_play"] for cid, c in CARDS.items() if c.get("whenever_you_play")}
"""The cards with an effect whenever their owner plays a card of a kind (Command Center)."""


def use_gains(g: Game, seat: int) -> None:
    """Nothing to choose, nothing asked: a base's primary and an ally ability that only gain
    trade, combat or Authority are used as soon as they may be (DECISIONS.md)."""
    state = g.state
    while True:
        copies = state["copies"]
        if copies:
            found = usable(g, seat)
            ready: Pairs = tuple(
                (uid, a) for uid, a in found
                if a != "scrap" and (copies.get(uid) or CID_OF_UID[uid], a) in GAINS_ONLY)
        else:
            data = g.seats[seat]
            found, ready = _usable(tuple(data["ships"]), tuple(data["bases"]),
                                   tuple(state["used"]))
        if not ready:
            g.usable = found  # the main phase's options are made next, from the same state
            return
        for uid, ability in ready:
            use(g, seat, uid, ability)
        from app.games.star_realms.flow import run_steps
        run_steps(g)  # gains queue as steps; they ask nothing


def play(g: Game, seat: int, uid: str) -> None:
    """From hand to play, for free (SR-6.1.1); a ship's primary fires at once (SR-6.1.2), and
    every base of the seat's that answers the play does so (Command Center)."""
    data = g.seat(seat)
    data["hand"].remove(uid)
    g.state["gains_due"] = True
    c = CARDS[card_id(uid)]
    g.book(seat)["played_factions"].append(c["faction"])
    g.say(PLAYED(seat, c["id"]), "play", card=uid)
    if c["kind"] == "base":
        data["bases"].append(uid)
        return
    data["ships"].append(uid)
    g.state["used"].append(uid + "/primary")
    copies = g.state["copies"]
    for base in data["bases"]:
        lasting = LASTING.get(copies.get(base) or CID_OF_UID[base])
        if lasting and lasting["faction"] == c["faction"] and lasting["kind"] == c["kind"]:
            run_effects(g, seat, base, lasting["effects"])
    silent = SILENT_PRIMARY.get(c["id"])
    if silent:
        for pool, n in silent:
            data[pool] += n
        return
    run_effects(g, seat, uid, c["primary"])


def use(g: Game, seat: int, uid: str, ability: str) -> None:
    c = acting_card(g, uid)
    g.say(USED(seat, card_id(uid), ability),
          "ability", card=uid)
    if ability == "scrap":  # the card's own scrap ability: the card leaves play first (SR-6.4.2)
        remove_from_play(g, seat, uid)
        to_scrap_heap(g, uid)
    else:
        g.state["used"].append(f"{uid}/{ability}")
    silent = SILENT.get((c["id"], ability))
    if silent:
        data = g.seat(seat)
        for pool, n in silent:
            data[pool] += n
        return
    run_effects(g, seat, uid, c[ability])
