"""The card data against the rulebook's card list (§12) and the vocabulary of effects."""

from __future__ import annotations

from collections import Counter

import pytest

from app.core import msg, render
from app.games.star_realms import effects
from app.games.star_realms.carddata import CARDS, EXPLORERS, TRADE_DECK, all_cards, card_of
from app.games.star_realms.effects import CardDataError, check_effect


def test_the_trade_deck_has_80_cards_20_of_each_faction() -> None:
    assert len(TRADE_DECK) == 80
    assert Counter(card_of(u)["faction"] for u in TRADE_DECK) == {
        "blob": 20, "trade_federation": 20, "star_empire": 20, "machine_cult": 20}
    names = Counter(card_of(u)["faction"] for u in {u.partition(":")[0]: u
                                                    for u in TRADE_DECK}.values())
    assert names == {"star_empire": 11, "trade_federation": 11, "blob": 10, "machine_cult": 11}


def test_starting_cards_and_explorers() -> None:
    assert (CARDS["scout"]["copies"], CARDS["viper"]["copies"]) == (16, 4)
    assert len(EXPLORERS) == 10 and CARDS["explorer"]["cost"] == 2
    assert CARDS["scout"]["cost"] is None and CARDS["scout"]["faction"] is None


@pytest.mark.parametrize("cid, copies, cost, kind, defense, outpost", [
    ("star_barge", 3, 1, "ship", None, False), ("command_center", 2, 4, "base", 4, True),
    ("imperial_palace", 1, 7, "base", 6, True), ("storage_silo", 2, 2, "base", 3, False),
    ("loyal_colony", 1, 7, "base", 6, False), ("factory_world", 1, 8, "base", 6, True),
    ("stellar_reef", 3, 2, "base", 3, False), ("warning_beacon", 3, 2, "base", 2, True),
    ("the_incinerator", 1, 8, "base", 6, True), ("leviathan", 1, 8, "ship", None, False),
])
def test_card_facts(cid: str, copies: int, cost: int, kind: str, defense: int | None,
                    outpost: bool) -> None:
    c = CARDS[cid]
    assert (c["copies"], c["cost"], c["kind"], c.get("defense"), c["outpost"]) == (
        copies, cost, kind, defense, outpost)


def test_a_typo_in_an_effect_fails_when_the_cards_load() -> None:
    for bad in ({"trades": 2}, {"trade": 0}, {"scrap_from": {"zones": ["deck"], "up_to": 1}},
                {"choose": [[{"trade": 1}]]}, {"trade": 1, "combat": 1}):
        with pytest.raises(CardDataError):
            check_effect(bad)
    assert set(effects.EFFECTS) >= {"trade", "combat", "authority", "draw", "choose"}


def test_every_card_has_a_name_and_a_text_in_three_languages() -> None:
    for card in all_cards():
        for lang in ("en", "ru", "pl"):
            for field in ("name", "text"):
                key = card["said"][field]
                words = render(msg(key), lang)
                assert words and words != key, (lang, key)
    assert render(msg("star_realms.card.the_oracle.name"), "ru") == "Оракул"
    assert render(msg("star_realms.card.swarmer.text"), "en") == (
        "Primary: +3 Combat, you may scrap a card in the Trade Row. Ally (Blob): +2 Combat.")


def test_the_card_reference_carries_facts_and_abilities_as_data() -> None:
    cards = {c["id"]: c for c in all_cards()}
    assert len(cards) == 46
    assert cards["parasite"]["abilities"]["primary"][0]["choose"][1] == [
        {"acquire_free": {"max_cost": 6, "to": "discard"}}]
    assert cards["explorer"]["deck"] == "unaligned" and cards["lancer"]["deck"] == "star_empire"
