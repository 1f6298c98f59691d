"""Invariants a BSG state keeps after every action."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.miracles import SUPPLY
from app.games.bsg.miracles import limit as miracle_limit
from app.games.bsg.statics import hand_limit

ALL_CARDS = Counter(uid for ids in catalog.UIDS.values() for uid in ids)


def game_cards(state: dict[str, Any]) -> Counter[str]:
    """Every card of the sets this game plays with."""
    sets = catalog.sets_of(state["options"])
    boxed = set() if "motive" in state["decks"] else set(catalog.UIDS["motive"])  # no Leader
    return Counter(uid for uid in ALL_CARDS if catalog.SET_OF[uid] in sets and uid not in boxed)


def card_places(state: dict[str, Any]) -> Counter[str]:
    places: Counter[str] = Counter()
    for pile in state["decks"].values():
        places.update(pile)
    for pile in state["discards"].values():
        places.update(pile)
    for seat in state["seats"]:
        for zone in ("hand", "loyalty", "shown_loyalty", "super_crises"):
            places.update(seat[zone])
        places.update(seat.get("mutiny", ()))  # Daybreak's Mutiny hand
        places.update(seat.get("motives", ()))  # a Cylon Leader's Motives, hidden
        places.update(seat.get("motives_revealed", ()))  # and revealed
    for pile in state["aside"].values():
        places.update(pile)
    places.update(state["quorum_hand"])
    places.update(e["uid"] for e in state["in_play"])
    for zone in ("check_pool", "removed", "boxed", "destinations", "damage"):
        places.update(state[zone])
    for area in state["space"].values():
        places.update(area["civilians"])
    return places


def check(state: dict[str, Any]) -> None:
    places, expected = card_places(state), game_cards(state)
    assert places == expected, (
        f"cards lost {sorted((expected - places).elements())[:5]}, "
        f"doubled {sorted((places - expected).elements())[:5]}"
    )
    for resource, value in state["resources"].items():
        assert 0 <= value <= 15, (resource, value)
    n = len(state["seats"])
    assert 0 <= state["current"] < n
    assert 0 <= state["jump_track"] <= 5
    assert 0 <= state["nukes"] <= 2
    vipers = sum(1 for a in state["space"].values() for v in a["vipers"] if not v.get("assault"))
    if "assault_raptor" in state["reserves"]:  # Daybreak: four Assault Raptors, always
        assaults = sum(1 for a in state["space"].values() for v in a["vipers"] if v.get("assault"))
        assert assaults + state["reserves"]["assault_raptor"] + \
            state["destroyed"]["assault_raptor"] + state["aside_assault_raptors"] == 4
    assert vipers + state["reserves"]["viper"] + state["damaged_vipers"] + \
        state["destroyed"]["viper"] == 8
    assert state["reserves"]["raptor"] + state["destroyed"]["raptor"] == 4
    tokens = list(state["basestar_tokens"])
    for area in state["space"].values():
        for basestar in area["basestars"]:
            tokens += basestar["damage"]
    assert sorted(tokens) == ["critical_hit", "disabled_hangar", "disabled_weapons",
                              "structural_damage"]
    for kind, limit in (("raider", 16), ("heavy_raider", 4)):
        assert sum(a[kind] for a in state["space"].values()) <= limit
    assert sum(len(a["basestars"]) for a in state["space"].values()) <= 2
    assert len(state["centurions"]) <= 4
    check_miracles(state)
    if state["result"] is None:
        assert state["asks"], "nobody is asked"
        assert all(ask["options"] for ask in state["asks"])
        assert len({ask["seat"] for ask in state["asks"]}) == len(state["asks"])
        if state["turn"] > 0:
            assert state["president"] is not None and state["admiral"] is not None
            for title in ("president", "admiral"):
                assert not state["seats"][state[title]]["revealed"]


def check_miracles(state: dict[str, Any]) -> None:
    """Daybreak: the 10 Miracle tokens are on sheets or in the supply; nobody holds more than
    their limit, and a revealed Cylon holds none. A base game has no tokens at all."""
    if "daybreak" not in catalog.sets_of(state["options"]):
        assert "miracle_supply" not in state
        assert all("miracles" not in seat for seat in state["seats"])
        return
    g = Game(state)
    held = [seat["miracles"] for seat in state["seats"]]
    assert state["miracle_supply"] >= 0 and sum(held) + state["miracle_supply"] == SUPPLY
    for seat, data in enumerate(state["seats"]):
        assert 0 <= data["miracles"] <= (miracle_limit(g, seat) if data["character"] else 0), seat
        assert not (data["revealed"] and data["miracles"] and not data.get("leader")), seat


def check_hand_limits(state: dict[str, Any]) -> None:
    """At the start of a turn every hand is within its limit (but the new current player's,
    who may already have received skills)."""
    g = Game(state)
    for seat in g.seats_range():
        if seat == state["current"]:
            continue
        assert len(state["seats"][seat]["hand"]) <= hand_limit(g, seat), seat
