"""The cards, read from cards/colony_wars.yaml and checked once at import.

A card in a game is `"<card id>:<copy>"` (`"scout:12"`); the part before the colon names the
card's facts and words. Public API: `card(id)`, `card_of(uid)`, `faction_of(uid)`,
`TRADE_DECK`, `STARTING`, `EXPLORERS`, `ALL_UIDS`, `all_cards()`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from app.core import Msg, english, msg
from app.games.star_realms.effects import FACTIONS, CardDataError, check_effect, effects_msg

ABILITIES = ("primary", "ally", "scrap")
FIELDS = {"kind", "cost", "copies", "defense", "outpost", "on_acquire_to_hand",
          "whenever_you_play", *ABILITIES}


def _load() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load((Path(__file__).parent / "cards" / "colony_wars.yaml").read_text("utf-8"))
    cards: dict[str, dict[str, Any]] = {}
    for group, members in data.items():
        faction = None if group == "unaligned" else group
        if faction is not None and faction not in FACTIONS:
            raise CardDataError(f"unknown faction {group!r}")
        for cid, facts in members.items():
            _check(cid, facts)
            cards[cid] = {"id": cid, "faction": faction, "outpost": False,
                          "on_acquire_to_hand": False, **facts}
    return cards


def _check(cid: str, facts: dict[str, Any]) -> None:
    unknown = set(facts) - FIELDS
    if unknown:
        raise CardDataError(f"{cid}: unknown fields {sorted(unknown)}")
    if facts.get("kind") not in ("ship", "base"):
        raise CardDataError(f"{cid}: kind is ship or base")
    if (facts["kind"] == "base") != ("defense" in facts):
        raise CardDataError(f"{cid}: a base, and only a base, has a defense")
    if facts.get("outpost") and facts["kind"] != "base":
        raise CardDataError(f"{cid}: an outpost is a base")
    for ability in ABILITIES:
        for effect in facts.get(ability) or []:
            try:
                check_effect(effect)
            except CardDataError as exc:
                raise CardDataError(f"{cid} {ability}: {exc}") from None
    lasting = facts.get("whenever_you_play")
    if lasting is not None:
        for effect in lasting["effects"]:
            check_effect(effect)


CARDS: dict[str, dict[str, Any]] = _load()
STARTING = {"scout": 8, "viper": 2}
"""Each player's personal deck at setup (SR-4.1)."""
EXPLORER = "explorer"


def _uids(cid: str) -> list[str]:
    return [f"{cid}:{n}" for n in range(1, CARDS[cid]["copies"] + 1)]


TRADE_DECK: list[str] = [u for cid, c in CARDS.items() if c["faction"] for u in _uids(cid)]
EXPLORERS: list[str] = _uids(EXPLORER)
ALL_UIDS: list[str] = [u for cid in CARDS for u in _uids(cid)]
"""Every card of one box (a two-player game)."""
MAX_SETS = 3
"""Boxes a game of 5 or 6 uses for their starting cards and Explorers (SR-11.0.2)."""


def uids_of(cid: str, boxes: int = 1) -> list[str]:
    """The copies of `cid` in that many boxes, numbered on from one box to the next."""
    return [f"{cid}:{n}" for n in range(1, CARDS[cid]["copies"] * boxes + 1)]


def uids_in_game(players: int, boxes: int) -> list[str]:
    """Every card of a game: one Trade Deck, and the starting cards and Explorers of `boxes`
    boxes (A7, DECISIONS.md); only as many Scouts and Vipers as the players start with."""
    out = [u for cid, c in CARDS.items() if c["faction"] for u in _uids(cid)]
    out += uids_of(EXPLORER, boxes)
    for cid, count in STARTING.items():
        out += [f"{cid}:{n}" for n in range(1, count * players + 1)]
    return out


_EXTRA = [u for cid in (*STARTING, EXPLORER) for u in uids_of(cid, MAX_SETS)]


def card(cid: str) -> dict[str, Any]:
    return CARDS[cid]


CARD_OF_UID: dict[str, dict[str, Any]] = {u: CARDS[u.partition(":")[0]]
                                          for u in ALL_UIDS + _EXTRA}
CID_OF_UID: dict[str, str] = {**{cid: cid for cid in CARDS},
                              **{u: u.partition(":")[0] for u in ALL_UIDS + _EXTRA}}

card_id = CID_OF_UID.__getitem__
"""The card id of a card in play (`"scout:12"` -> `"scout"`; a card id stays itself)."""


def card_of(uid: str) -> dict[str, Any]:
    return CARD_OF_UID[uid]


def faction_of(uid: str) -> str | None:
    return CARD_OF_UID[uid]["faction"]


def deck_of(cid: str) -> str:
    """The card reference's group: the faction, or `unaligned`."""
    return CARDS[cid]["faction"] or "unaligned"


def text_parts(cid: str) -> list[Msg]:
    """The card's text as one message per ability, each worded by the catalogs."""
    c = CARDS[cid]
    parts: list[Msg] = []
    if c.get("primary"):
        parts.append(msg("star_realms.text.primary", effects=effects_msg(c["primary"])))
    if c.get("ally"):
        parts.append(msg("star_realms.text.ally", srfaction=c["faction"],
                         effects=effects_msg(c["ally"])))
    if c.get("scrap"):
        parts.append(msg("star_realms.text.scrap", effects=effects_msg(c["scrap"])))
    lasting = c.get("whenever_you_play")
    if lasting:
        parts.append(msg("star_realms.text.whenever_you_play", srfaction=lasting["faction"],
                         effects=effects_msg(lasting["effects"])))
    if c["on_acquire_to_hand"]:
        parts.append(msg("star_realms.text.on_acquire_to_hand", srfaction=c["faction"]))
    return parts


def facts_msg(cid: str) -> Msg:
    """Kind, defense and cost in words ("Outpost, defense 5, cost 4")."""
    c = CARDS[cid]
    kind = "outpost" if c["outpost"] else c["kind"]
    return msg("star_realms.facts", kind=kind, defense=c.get("defense") or "none",
               cost="none" if c["cost"] is None else c["cost"])


@lru_cache(maxsize=1)
def all_cards() -> list[dict[str, Any]]:
    """The card reference: facts, and English words with the catalog key of each
    (`said`), so any language can be put in their place."""
    out = []
    for cid, c in CARDS.items():
        name_key = f"star_realms.card.{cid}.name"
        text_key = f"star_realms.card.{cid}.text"
        facts_key = f"star_realms.card.{cid}.facts"
        out.append({
            "id": cid, "deck": deck_of(cid), "count": c["copies"], "faction": c["faction"],
            "kind": c["kind"], "cost": c["cost"], "defense": c.get("defense"),
            "outpost": c["outpost"], "name": english(msg(name_key)),
            "text": english(msg(text_key)),
            "abilities": {a: c[a] for a in ABILITIES if c.get(a)},
            "said": {"name": name_key, "text": text_key},
            # shown beside the name by the card reference page, as any game's tags
            "tags": [{"text": english(msg(facts_key)), "said": {"text": facts_key}}],
        })
    return out
